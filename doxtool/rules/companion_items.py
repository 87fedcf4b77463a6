"""DOX105, DOX106, DOX130-DOX133, DOX140, DOX141: the fact lines judged item by
item against the code (outline, tool classes, helpers, imports, side effects,
tests), and what a companion's fact lines must say once (intervention
handling, no line twice)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar

from doxtool.core.findings import Finding, Fix
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.documented import (
    DOX,
    documented,
    valid_examples,
    with_code,
    with_dox,
)
from doxtool.run.context import Context


class ItemRule(Rule):
    """A rule over the items of some fact kinds, each judged by the code
    (:mod:`doxtool.companions.truth`): stale, changed or missing."""

    kinds: ClassVar[tuple[str, ...]] = ()
    #: whether the items are the module's own (its classes, functions,
    #: imports, the tests naming it): known even while its other facts are
    #: built in part from a module a sparse checkout leaves out
    own: ClassVar[bool] = False
    fixable = True

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx, judged=not self.own):
            for verdict in ctx.verdicts(doc.module, doc.companion):
                if verdict.kind not in self.kinds:
                    continue
                fix = None
                if verdict.edits:
                    fix = Fix(
                        f"{verdict.state} {verdict.kind} item `{verdict.key}`",
                        verdict.edits,
                        applicability="unsafe" if verdict.unsafe else "safe",
                    )
                yield self.finding(
                    verdict.message,
                    doc.path,
                    verdict.line,
                    subject=f"{doc.module}:{verdict.subject}",
                    fix=fix,
                )


class OutlineDrift(ItemRule):
    code = "DOX105"
    name = "outline-drift"
    summary = "The Classes / Top-level functions / constants lines disagree with the module"
    kinds = ("classes", "functions", "constants")
    own = True
    doc = """\
**What it checks.** Each item of the `Classes:` block (a class with its bases,
a method with its signature), of the `Top-level functions:` block and of the
`Notable constants/configuration names:` line, one by one: a class, method,
function or constant the module no longer has is stale; bases or a signature
the code contradicts are changed (the message names what the code gained or
lost); an item the convention derives from today's code that the companion
lacks is missing. A true item the convention would not have listed (a private
method added by hand) is never a finding, nor is order; a list as long as the
convention's cap (agent-zero: 8 methods per class, 30 functions) is complete.
A class or function named in the first column of a table under the lead
(`| `WaitTool` | `Tool` |`) is listed; such a table is never rewritten, nor
is an item written beside it.

**Why it matters.** These lines are how a reader finds their way around the
module without opening it; a renamed method or a new parameter silently makes
them wrong.

**Example.** The module gained `async def _finish(self, text: str)` but the
`Classes:` block does not list it. The fix inserts that one method line and
leaves every other byte alone; removing an item that carries a person's words
(text after it, notes under it) is an unsafe fix (`--unsafe-fixes`).
"""
    valid = [
        *valid_examples(),
        # an item written as a link's text names what it links
        Example(with_dox("- `WaitTool` (`Tool`)", "- [`WaitTool`](#waittool) (`Tool`)")),
        # an item in emphasis, and a signature wrapped onto the next line
        Example(
            with_dox(
                "- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`",
                "- **`WaitTool`** (`Tool`)\n  - `async execute(self,\n    **kwargs) -> Response`",
            )
        ),
        # classes listed in a table under the lead
        Example(
            with_dox(
                "- `WaitTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`",
                "\n| Class | Base |\n|:--|:--|\n| `WaitTool` | `Tool` |\n",
            )
        ),
    ]
    invalid = [
        Example(
            with_dox(
                "  - `async execute(self, **kwargs) -> Response`", "  - `async execute(self)`"
            ),
            [Expect(DOX, 9, "`WaitTool.execute` gained `kwargs`")],
        ),
        # a heading in place of the lead: reported, and no second block written
        Example(
            with_dox("- Classes:\n", "\n### Classes\n\n"),
            [Expect(DOX, None, "no Classes block doxtool reads")],
            fixed_clean=False,
        ),
    ]


def _with_mixin(old: str, new: str) -> dict[str, str]:
    """The example tool with a mixin before its tool base; ``old`` replaced
    by ``new`` in its companion."""
    files = with_dox(old, new)
    mixin = "class Timeouts:\n    timeout = 5\n\n\nclass WaitTool(Timeouts, Tool):"
    return {
        **files,
        "tools/wait.py": files["tools/wait.py"].replace("class WaitTool(Tool):", mixin),
    }


class ToolClassDrift(ItemRule):
    code = "DOX106"
    name = "tool-class-drift"
    summary = "The `is a` / `defines` lines name a class or method the module does not have"
    kinds = ("is-tool", "defines")
    doc = """\
**What it checks.** Runtime Contracts says which classes are tools or
handlers (`` `WaitTool` is a `Tool`. ``) and which of the convention's methods
they define (`` `WaitTool` defines `execute(...)`. ``). A line naming a class
or method the module no longer has is stale; a line the convention derives
(a tool class, or with the agent-zero convention a class deriving directly
from `Tool`, `ApiHandler` or `WsHandler`) that the companion lacks is missing.
While a stale line of a kind stays (it carries a person's words), a missing
one of that kind about a class the companion does not mention is reported
without a fix: the two may be one class renamed. A tool class with a mixin
before its tool base (`Fetch(TimeoutMixin, Tool)`) is a `Tool`: the line
doxtool writes names the base it is a tool through; one naming either base
is true.

**Why it matters.** The framework takes the first tool class of the module; a
renamed class leaves the companion pointing at nothing.

**Example.** `` `SleepTool` is a `Tool`. `` after the class became `WaitTool`.
"""
    invalid = [
        Example(
            with_dox("- `WaitTool` is a `Tool`.", "- `SleepTool` is a `Tool`."),
            [Expect(DOX, None, "`WaitTool` is a `Tool`")],
        ),
        Example(
            _with_mixin("- `WaitTool` is a `Tool`.\n", ""),
            [Expect(DOX, None, "`WaitTool` is a `Tool`")],
        ),
    ]
    valid = [
        *valid_examples(),
        Example(_with_mixin("`WaitTool` is a `Tool`", "`WaitTool` is a `Timeouts`")),
    ]


class HelpersDrift(ItemRule):
    code = "DOX130"
    name = "helpers-drift"
    summary = "The called helpers line names calls the code does not make, or misses some"
    kinds = ("helpers",)
    doc = """\
**What it checks.** Each name on "Important called helpers/classes observed
in the source": a name the module neither calls nor reads any more is stale; a
name the convention derives that the line lacks is missing (doxtool's own
format lists the repository helpers a tool calls, `Response`,
`self.agent.*` calls and a `handle_intervention` call on any receiver (an
alias `agent = self.agent`), by their shortest unambiguous name; the agent-zero
format lists call chains as written, breadth first, at most 20, a tool's
`handle_intervention` call taking the 20th place when it comes later, so the
line says what DOX132 looks for). A documented
short name matches a dotted one (`managed_wait` matches
`helpers.wait.managed_wait`), a method named by its class matches its call
on the attribute named like the class (`Agent.handle_intervention` matches
`self.agent.handle_intervention`), and names in backticks grouped in a
parenthetical after a module's (`` `helpers.files` (`read_file`,
`write_file`) ``) are listed as its (`helpers.files.read_file`). The list
ends where a person's words start (`` — see `helpers/wait.py` ``, ``, and
`x` comes from `helpers.wait` ``): their spans are no items, though a name
written there is not missing, and `--fix` keeps them.

**Why it matters.** It is the module's dependency map inside the repository:
who must be told when a helper changes.

**Example.** The tool now calls `self.agent.handle_intervention`; the line
does not list it.
"""
    invalid = [
        Example(
            with_code(
                "        return Response(",
                "        await self.agent.handle_intervention()\n        return Response(",
            ),
            [Expect(DOX, 21, "`self.agent.handle_intervention`")],
        )
    ]
    valid = [
        *valid_examples(),
        Example(with_dox("source: `Response`.", "source: `Response` — see `helpers/x.py`.")),
    ]


class ImportsDrift(ItemRule):
    code = "DOX131"
    name = "imports-drift"
    summary = "The imported dependency areas name imports the module no longer has, or miss some"
    kinds = ("imports",)
    own = True
    doc = """\
**What it checks.** Each module on "Imported dependency areas include:": one
the module no longer imports anywhere is stale (`helpers.projects` for `from
helpers import projects` is true, and so is a run of an imported module's
parts: `helpers` or `_model_config` for `from
plugins._model_config.helpers.model_config import f`, and so is a module
written as its file, `helpers/tool.py` for `helpers.tool`); one the convention derives that the line
lacks is missing (doxtool's format: every import, sorted; agent-zero: imports
directly in the module body, sorted, at most 16). `helpers.tool`, the module
of another import, does not write `helpers` for `from helpers import files`.
The line is judged item by item: an import past the cap is never missing and
listing one is true, while one the cap keeps is missing however many the line
lists. The list ends where a person's words start (`` — the wait loop is in
`helpers/wait.py` ``): their spans are no imports.

**Why it matters.** It shows at a glance what the module depends on; a new
import of `subprocess` or `requests` is worth a reviewer's attention.

**Example.** The module now imports `asyncio`; the line does not list it.
"""
    invalid = [
        Example(
            with_code("from helpers", "import asyncio\nfrom helpers"),
            [Expect(DOX, 18, "imports `asyncio`")],
        )
    ]
    valid = [
        *valid_examples(),
        Example(with_dox("`helpers.tool`.", "`helpers.tool` — see `helpers.x` for more.")),
    ]


class SideEffectsDrift(ItemRule):
    code = "DOX133"
    name = "side-effects-drift"
    summary = "The observed side-effect areas disagree with what the code shows"
    kinds = ("side-effects",)
    doc = """\
**What it checks.** Each area on "Observed side-effect areas:". An area the
code shows through a call or an import (filesystem reads, writes, deletion,
network calls, subprocess/runtime control, model calls) but the line lacks is
missing. A filesystem, network or subprocess area of which no evidence is left
(no call, no import, no keyword in the module or in the repository modules it
imports) is stale; nothing is stale while one of them imports a third-party
package doxtool does not classify (`boto3`, a vendor SDK) or makes a call
doxtool cannot see into (a method of an object whose kind the module does
not tell: one the framework hands in, `self.agent.context.http_client.get`,
a parameter's, a module's loaded by name with `importlib.import_module`),
nor reads or writes while it calls `open` or another opener whose mode or
flag may not be a literal (`dbm.open`, `logging.FileHandler`). As a stale area is known by
absence alone, its removal is an unsafe fix (`--unsafe-fixes`); the
missing areas are added without it. A method's name (`unlink`, `touch`) shows an
area only on a receiver the code shows to be a path (`Path(p)`, a parameter
annotated `Path`, a name bound only to one), not on one whose kind it does
not tell (a store the agent hands in, a parameter, an attribute set
elsewhere) nor on an object of a class of the module or of a library
(`redis.Redis()`); a mode doxtool cannot read shows no write. Areas
doxtool can neither confirm nor refute (model calls made through helpers,
WebSocket, plugin, settings, secret, scheduler or tunnel state) are left
alone.

**Why it matters.** Tools must not act destructively unless their contract
says so; a tool that starts deleting files or opening sockets must say it.

**Example.** `execute` now calls `os.remove`; the line still says `none`.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_code(
                "        return Response(",
                "        import os\n        os.remove('x')\n        return Response(",
            ),
            [Expect(DOX, 17, "filesystem deletion")],
        ),
        # a shelf is created, and so written, unless its flag says ``"r"``
        Example(
            with_code(
                "        return Response(",
                "        import shelve\n"
                "        shelve.open('kv').close()\n"
                "        return Response(",
            ),
            [Expect(DOX, 17, "filesystem writes (`shelve.open`")],
        ),
    ]


class InterventionUndocumented(Rule):
    code = "DOX132"
    name = "intervention-undocumented"
    summary = "The tool handles interventions but the companion never says so"
    doc = """\
**What it checks.** When a tool calls `self.agent.handle_intervention`, its
companion mentions `handle_intervention` (normally in the helpers line).

**Why it matters.** Long-running tools must honour a paused agent and a user's
intervention; the companion is where a maintainer learns that the call must
stay.

**Example.** `wait.py` awaits `self.agent.handle_intervention()` but its
companion does not mention it.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_code(
                "        return Response(",
                "        await self.agent.handle_intervention()\n        return Response(",
            ),
            [Expect(DOX, 1, "handle_intervention")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx, judged=True):
            if not ctx.project.is_tool_module(doc.module):
                continue
            tools = [t for t in ctx.tools(doc.module) if t.intervention]
            if not tools:
                continue
            text = ctx.companion_source(doc.path)
            if "handle_intervention" in getattr(text, "text", ""):
                continue
            yield self.finding(
                f"`{tools[0].class_name}` calls `self.agent.handle_intervention` "
                "but the companion does not mention intervention handling",
                doc.path,
                subject=f"{doc.module}:intervention",
            )


class MissingTestReference(ItemRule):
    code = "DOX140"
    name = "test-reference-drift"
    summary = "Related tests listed in the companion do not exist, or are not listed"
    kinds = ("tests",)
    own = True
    doc = """\
**What it checks.** Every test file named under "Related tests observed by
source search:" exists, and the list names the tests that import the module
or name its file (up to the convention's cap: agent-zero lists at most 8, so
a list of 8 is complete). Extra tests a person listed are never findings.

A test listed as a Markdown link (`- [tests/x.py](../tests/x.py)`, the
target relative to the companion, or from the root with `/`) is listed by
what it points to (or the path its text spells), and stale once none of
them exists: `--fix` removes the item only when it is the link alone (a
path as its text, nothing after it or under it); a link with words is
reported without a fix. A test named in the first column of a table under
the lead (`| `tests/test_wait.py` | unit |`) is listed; a test the table
leaves out is reported without a fix (no item is written beside it). A
lead carrying a person's note in parentheses before its colon
(`Related tests observed by source search (manual):`) is read too, and its
findings carry no fix: the note may say what the list means (`(removed)`).

**Why it matters.** The Verification section tells a maintainer what to run;
a renamed or deleted test leaves them running nothing.

The sentence a convention writes when no test imports the module (doxtool's
"No test imports `wait.py` yet: ...", agent-zero's "No direct test reference
was found ...") stands for an empty list: `--fix` replaces it by the list
when a test appears (in doxtool's format, with the line that says to run the
tests), and writes it back, in place of that line and the list, when the
last listed test is deleted and the list holds nothing of a person's.

**Example.** The list names `tests/test_sleep.py`, which was deleted.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_dox(
                "- Run the tool with `seconds` 0.\n",
                "- Run the tool with `seconds` 0.\n- Related tests observed by source search:\n"
                "  - `tests/test_sleep.py`\n",
            ),
            [Expect(DOX, 29, "`tests/test_sleep.py` does not exist")],
        )
    ]


class DuplicatedFactLine(Rule):
    code = "DOX141"
    name = "duplicated-fact-line"
    summary = "The same fact line appears twice in a companion"
    doc = """\
**What it checks.** Each fact line (`Classes:`, `Arguments of `X`:`, ...)
appears once, and so does each argument item of an `Arguments of` block.

**Why it matters.** doxtool keeps the first one up to date; the second drifts
unseen. Deleting it is left to a person, since it may carry prose: no fix
removes or rewrites an argument item listed twice (the block gains the
items it lacks after its last one).

**Example.** Two `Observed side-effect areas:` lines.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_dox(
                "- Observed side-effect areas: none.\n",
                "- Observed side-effect areas: none.\n- Observed side-effect areas: network.\n",
            ),
            [Expect(DOX, 18, "appears again")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            for block in getattr(doc.companion, "duplicates", []):
                yield self.finding(
                    f"fact line `{block.key}` appears again; only the first is kept up to date",
                    doc.path,
                    block.line,
                    subject=f"{doc.module}:{block.key}:duplicate",
                )
            for block in doc.companion.blocks:
                for name, line in block.repeated:
                    first = block.item_lines.get(name)
                    yield self.finding(
                        f"argument `{name}` of `{block.subject}` is listed again "
                        f"(first at line {first}); which one stays is a person's to say",
                        doc.path,
                        line,
                        subject=f"{doc.module}:{block.key}:argument:{name}:duplicate",
                    )


RULES: list[type[Rule]] = [
    OutlineDrift,
    ToolClassDrift,
    HelpersDrift,
    ImportsDrift,
    InterventionUndocumented,
    SideEffectsDrift,
    MissingTestReference,
    DuplicatedFactLine,
]
