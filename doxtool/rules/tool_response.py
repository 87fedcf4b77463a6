"""DOX007: every path through a tool's ``execute`` answers with a ``Response``."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import (
    REJECTING_PY,
    REJECTS_PY,
    RELAYING_PY,
    RELAYS_PY,
    WAIT_PY,
    with_files,
)
from doxtool.rules.shared_bases import stub_base
from doxtool.run.context import Context

_MISSING_WORDS = {
    "falls-off-end": "can reach its end without returning a `Response`",
    "bare-return": "has a bare `return` that gives no `Response`",
    "returns-none": "returns `None` instead of a `Response`",
    "returns-literal": "returns a plain value instead of a `Response`",
    "returns-none-bound": "can return a name still bound to `None` instead of a `Response`",
    "returns-coroutine": "returns a coroutine it never awaits instead of a `Response`",
}


_LAST = '        return Response(message=f"waited {seconds}s", break_loop=False)\n'


def _bound(otherwise: bool) -> str:
    """``response = None``, bound to a Response in an ``if`` (and its ``else``)."""
    rebind = "    " + _LAST.replace("return", "response =")
    branches = "        if seconds:\n" + rebind + ("        else:\n" + rebind if otherwise else "")
    return WAIT_PY.replace(_LAST, f"        response = None\n{branches}        return response\n")


_STUB_BASE_PY = """\
from helpers.tool import Response, Tool


class WaitBase(Tool):
    async def execute(self, **kwargs) -> Response:
        pass
"""


def _reply(awaited: str) -> str:
    """``execute`` returning ``_reply(...)``, an ``async`` method, ``awaited`` or not."""
    method = "\n    async def _reply(self, seconds):\n" + _LAST
    return WAIT_PY.replace(_LAST, f"        return {awaited}self._reply(seconds)\n{method}")


class MissingResponse(Rule):
    code = "DOX007"
    name = "missing-response"
    summary = "A path through `execute` ends without returning a `Response`"
    doc = """\
**What it checks.** Every path through a tool's `execute` (and through the
methods or functions whose result it returns) ends in `return Response(...)`
or a `raise`. A call that never returns (a function of another module too)
ends a path as a `raise` does, and so does a loop nothing `break`s out of
when it never stops (`while True`, `while 1`) or when its `else` (run
whenever it stops) ends the path.

It also reports a `return name` reached on some path with `name` still bound
to `None` (`response = None`, then `if`/`elif` branches with no `else` that
bind a `Response`), told only through `if` and `with` blocks, on a path of at
most one such choice; and, in an `async` function, the unawaited call of an
`async` function or method of the module with no decorator (`return
self._reply(x)`): awaiting it gives a coroutine whose body never runs.

A shared base is passed by: a tool class that tool classes of other tool
modules derive from, whose own `execute` does nothing (`pass` or `...`,
decorated as abstract or not). Its subclasses' `execute` runs, not its own.

**Why it matters.** The framework reads `.message` and `.break_loop` from what
`execute` returns; `None`, a plain string or a coroutine crashes the agent loop.

**Example.** An `if` branch that ends with a bare `return`.
"""
    valid = [
        Example(with_files({"tools/wait.py": WAIT_PY})),
        # the ``else`` binds a Response too; the coroutine is awaited
        Example(with_files({"tools/wait.py": _bound(True)})),
        Example(with_files({"tools/wait.py": _reply("await ")})),
        Example(with_files({"helpers/rejects.py": REJECTS_PY, "tools/wait.py": REJECTING_PY})),
        # a function of another module ending with a call of one that always raises
        Example(
            with_files(
                {
                    "helpers/rejects.py": REJECTS_PY,
                    "helpers/relays.py": RELAYS_PY,
                    "tools/wait.py": RELAYING_PY,
                }
            )
        ),
        # a shared base whose ``execute`` is a stub, and a tool deriving from it
        Example(
            with_files(
                {
                    "tools/wait_base.py": _STUB_BASE_PY,
                    "tools/wait.py": WAIT_PY.replace(
                        "from helpers.tool import Response, Tool\n",
                        "from helpers.tool import Response\nfrom tools.wait_base import WaitBase\n",
                    ).replace("(Tool)", "(WaitBase)"),
                }
            )
        ),
    ]
    invalid = [
        # the same base with no tool deriving from it
        Example(
            with_files({"tools/wait_base.py": _STUB_BASE_PY}),
            [Expect("tools/wait_base.py", 6, "can reach its end")],
        ),
        Example(
            with_files({"tools/wait.py": _bound(False)}),
            [Expect("tools/wait.py", 10, "still bound to `None`")],
        ),
        Example(
            with_files({"tools/wait.py": _reply("")}),
            [Expect("tools/wait.py", 7, "returns a coroutine it never awaits")],
        ),
        Example(
            with_files(
                {
                    "tools/wait.py": WAIT_PY.replace(
                        "        seconds =",
                        "        if not self.args:\n            return\n        seconds =",
                    )
                }
            ),
            [Expect("tools/wait.py", 7, "bare `return`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.tool_modules:
            for tool in ctx.tools(module):
                if tool.defined_in_path:
                    continue  # reported where the class is defined
                if tool.execute is not None and tool.execute.generator:
                    continue  # it returns no value: `DOX006` reports the generator
                if tool.missing_responses and stub_base(ctx, module, tool):
                    continue  # a shared base: its subclasses' ``execute`` runs, not its own
                for missing in tool.missing_responses:
                    if missing.path:
                        continue  # in another module: reported there
                    words = _MISSING_WORDS.get(missing.kind, "does not return a `Response`")
                    yield self.finding(
                        f"`{missing.function}` {words}",
                        module,
                        missing.line,
                        missing.column,
                        subject=f"{module}:{tool.class_name}:{missing.function}:{missing.kind}",
                    )


RULES: list[type[Rule]] = [MissingResponse]
