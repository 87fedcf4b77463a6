"""DOX9xx: suppression comments that suppress nothing or cannot be read.

The engine applies suppressions after every rule ran (see
:mod:`doxtool.run.suppressions`) and reports these two codes itself: whether a
suppression was used is only known once all findings are in. The classes
here carry the codes, the documentation and the examples.
"""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import WARNING, Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.run.context import Context

_ARGUMENTS = "- Arguments of `WaitTool`:\n"
_UNTIL_PY = WAIT_PY.replace(
    "        return Response(",
    '        until = self.args.get("until", "")\n        return Response(',
)
_DYNAMIC_PY = WAIT_PY.replace('self.args.get("seconds", 0)', "self.args.get(self.name, 0)")


def _dox_with(comment: str) -> str:
    return WAIT_DOX.replace(_ARGUMENTS, comment + "\n" + _ARGUMENTS)


class UnusedSuppression(Rule):
    code = "DOX900"
    name = "unused-suppression"
    summary = "A suppression comment suppresses no finding"
    severity = WARNING
    fixable = True
    doc = """\
**What it checks.** Every code named by a suppression comment
(`<!-- doxtool: ignore[DOX111] -->` in Markdown, `# doxtool: ignore[DOX008]`
in Python) suppresses at least one finding of that code in the lines the
comment covers. Whether a rule would fire there is decided by running it,
also when it is not selected. Reported on whole-repository runs only: a run
over a few PATHS does not see every finding that lands in a file.

**Why it matters.** A suppression outlives the problem it hid: once the
companion or the code is fixed, a stale comment silently hides the next real
finding at that place. `--fix` removes the unused codes, or the whole comment
when none is used.

**Example.** `<!-- doxtool: ignore[DOX111] -->` above an `Arguments of` line
that documents every argument the tool reads.
"""
    valid = [
        Example(
            with_files(
                {
                    "tools/wait.py": _UNTIL_PY,
                    "tools/wait.py.dox.md": _dox_with("<!-- doxtool: ignore[DOX111] -->"),
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": _DYNAMIC_PY.replace(
                        "self.name, 0))", "self.name, 0))  # doxtool: ignore[DOX008]"
                    ),
                    "tools/wait.py.dox.md": WAIT_DOX,
                }
            )
        ),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY,
                    "tools/wait.py.dox.md": _dox_with("<!-- doxtool: ignore[DOX111] -->"),
                }
            ),
            [Expect("tools/wait.py.dox.md", 14, "`DOX111`")],
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(
                        '"seconds", 0))', '"seconds", 0))  # doxtool: ignore[DOX008]'
                    ),
                    "tools/wait.py.dox.md": WAIT_DOX,
                }
            ),
            [Expect("tools/wait.py", 6, "`DOX008`")],
            # the fix of a Python comment is proven in tests/test_suppressions.py
            fixed_clean=False,
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        return iter(())  # reported by the engine once all findings are known


class MalformedSuppression(Rule):
    code = "DOX901"
    name = "malformed-suppression"
    summary = "A `doxtool:` comment is not a valid suppression"
    doc = """\
**What it checks.** Every `doxtool:` comment in a tool module, companion or
prompt reads `doxtool: ignore[CODE,...]`, with at least one code, each a
known rule code or code prefix (`DOX111`, `PRM`) written in capitals, as
doxtool prints it, on one line.

**Why it matters.** A comment doxtool cannot read suppresses nothing, while
its author believes it does; and a suppression without codes would hide
every present and future finding at that place, so it is refused.

**Example.** `<!-- doxtool: ignore -->` (no codes), `# doxtool: ignore[DOX11X]`
(no such code), `<!-- doxtool: ignore[dox111] -->` (write `DOX111`: one
spelling per code, the one a search for it finds),
`<!-- doxtool: disable[DOX111] -->` (no such directive), `<!--` at the end
of a line and `doxtool: ignore[DOX131]` on the next (a comment over several
lines: a suppression opens and closes on one line).
"""
    valid = [
        Example(
            with_files(
                {
                    "tools/wait.py": _UNTIL_PY,
                    "tools/wait.py.dox.md": _dox_with("<!-- doxtool: ignore[DOX111, PRM] -->"),
                }
            )
        )
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY,
                    "tools/wait.py.dox.md": _dox_with("<!-- doxtool: ignore -->"),
                }
            ),
            [Expect("tools/wait.py.dox.md", 14, "explicit codes")],
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(
                        '"seconds", 0))', '"seconds", 0))  # doxtool: ignore[DOX11X]'
                    ),
                    "tools/wait.py.dox.md": WAIT_DOX,
                }
            ),
            [Expect("tools/wait.py", 6, "unknown rule code or prefix `DOX11X`")],
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": _UNTIL_PY,
                    "tools/wait.py.dox.md": _dox_with("<!-- doxtool: ignore[dox111] -->"),
                }
            ),
            [Expect("tools/wait.py.dox.md", 14, "`DOX111`, not `dox111`")],
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": _UNTIL_PY,
                    "tools/wait.py.dox.md": _dox_with("<!--\n  doxtool: ignore[DOX111]\n-->"),
                }
            ),
            [Expect("tools/wait.py.dox.md", 14, "open and close on one line")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        return iter(())  # reported by the engine, which reads the comments anyway


RULES: list[type[Rule]] = [UnusedSuppression, MalformedSuppression]
