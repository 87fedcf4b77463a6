"""DOX1xx: companion content (title, sections, and the fact lines doxtool owns)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, ClassVar

from doxtool.companions.agreement import values_agree
from doxtool.companions.edits import block_edit, removable_with_words, removal_edit, section_edit
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import Edit
from doxtool.core.facts import ToolFacts
from doxtool.core.findings import WARNING, Finding, Fix
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.run.context import Context


@dataclass
class Documented:
    """A documented module whose companion exists and parses."""

    module: str
    path: str
    companion: Companion


def documented(ctx: Context) -> Iterator[Documented]:
    for module in ctx.documented_modules:
        path = ctx.companion_path(module)
        if not ctx.facts(module).parsed:
            continue
        companion = ctx.companion(path)
        if companion is not None:
            yield Documented(module, path, companion)


def _valid() -> list[Example]:
    return [Example(with_files({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}))]


def _dox(old: str, new: str) -> dict[str, str]:
    assert old in WAIT_DOX, old
    return with_files(
        {"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX.replace(old, new)}
    )


def _code(old: str, new: str) -> dict[str, str]:
    assert old in WAIT_PY, old
    return with_files(
        {"tools/wait.py": WAIT_PY.replace(old, new), "tools/wait.py.dox.md": WAIT_DOX}
    )


DOX = "tools/wait.py.dox.md"


# ---------------------------------------------------------------------------
# structure


class WrongTitle(Rule):
    code = "DOX101"
    name = "wrong-title"
    summary = "The companion's H1 is not `# <file name> DOX`"
    fixable = True
    doc = """\
**What it checks.** The first heading of `wait.py.dox.md` is `# wait.py DOX`.

**Why it matters.** The title names the module the file documents; a copied
companion that still carries its old title misleads every reader.

**Example.** `# sleep.py DOX` in `tools/wait.py.dox.md`.
"""
    valid = _valid()
    invalid = [
        Example(_dox("# wait.py DOX", "# sleep.py DOX"), [Expect(DOX, 1, "`# wait.py DOX`")])
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            expected = f"{doc.module.rsplit('/', 1)[-1]} DOX"
            title = doc.companion.title
            if title is not None and title.strip() == expected:
                continue
            if title is None:
                edit = Edit(doc.path, 0, 0, [f"# {expected}", ""])
                message = f"companion has no title; expected `# {expected}`"
                line = 1
            else:
                line = doc.companion.title_line
                edit = Edit(doc.path, line - 1, line, [f"# {expected}"])
                message = f"title `# {title.strip()}` should be `# {expected}`"
            yield self.finding(
                message, doc.path, line, subject=f"{doc.path}:title", fix=Fix("fix title", [edit])
            )


class MissingSection(Rule):
    code = "DOX102"
    name = "missing-section"
    summary = "A required `##` section is missing from the companion"
    fixable = True
    doc = """\
**What it checks.** The companion has the sections Purpose, Ownership,
Runtime Contracts, Key Concepts, Work Guidance, Verification and Child DOX
Index.

**Why it matters.** Readers and tools find a module's contract by section; a
missing section means that part of the contract was never written down.

**Example.** A companion without `## Verification`. The fix inserts the
heading (and the fact lines it should hold) in its canonical place.
"""
    valid = _valid()
    invalid = [
        Example(
            _dox("## Work Guidance\n- Keep waits short.\n\n", ""),
            [Expect(DOX, None, "`## Work Guidance`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            present = {ctx.convention.section(s.title) for s in doc.companion.sections}
            expected = ctx.expected(doc.module)
            for spec in ctx.convention.sections:
                title = spec.title
                if spec in present or not spec.required:
                    continue
                # the fact lines of a missing section are inserted with its
                # heading; taking their edit keeps the heading from doubling
                blocks = [e for e in expected if e.section == title]
                edit = (block_edit(doc.companion, blocks[0]) if blocks else None) or (
                    section_edit(doc.companion, title)
                )
                yield self.finding(
                    f"section `## {title}` is missing",
                    doc.path,
                    edit.start + 1,
                    subject=f"{doc.path}:section:{title}",
                    fix=Fix(f"add section {title}", [edit]),
                )


class DuplicatedSection(Rule):
    code = "DOX103"
    name = "duplicated-section"
    summary = "A `##` section appears more than once"
    doc = """\
**What it checks.** Each section title appears once.

**Why it matters.** Two `## Ownership` sections split one contract in two;
readers stop at the first and miss the second. Merging them is a person's
decision, so there is no automatic fix.

**Example.** `## Verification` twice.
"""
    valid = _valid()
    invalid = [
        Example(
            _dox("## Child DOX Index", "## Verification\n- Again.\n\n## Child DOX Index"),
            [Expect(DOX, 29, "`## Verification` appears again")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            seen: dict[str, int] = {}
            for section in doc.companion.sections:
                title = section.title.strip()
                spec = ctx.convention.section(title)
                if spec is not None:
                    title = spec.title
                if title in seen:
                    yield self.finding(
                        f"section `## {title}` appears again (first at line {seen[title]})",
                        doc.path,
                        section.line,
                        subject=f"{doc.path}:duplicate-section:{title}",
                    )
                else:
                    seen[title] = section.line


class MisorderedSections(Rule):
    code = "DOX104"
    name = "misordered-sections"
    summary = "Sections are not in the canonical order"
    severity = WARNING
    doc = """\
**What it checks.** The known sections appear in the order Purpose, Ownership,
Runtime Contracts, Key Concepts, Work Guidance, Verification, Child DOX Index.

**Why it matters.** Every companion reads the same way when the order is the
same. doxtool never reorders a person's sections itself.

**Example.** `## Verification` before `## Ownership`.
"""
    valid = _valid()
    invalid = [
        Example(
            _dox(
                "## Work Guidance\n- Keep waits short.\n\n## Verification\n",
                "## Verification\n- Run the tool with `seconds` 0.\n\n## Work Guidance\n"
                "- Keep waits short.\n\n## Verification\n",
            ),
            [Expect(DOX, 26, "comes after `## Verification`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            last_index = -1
            last_title = ""
            order = ctx.convention.section_titles()
            for section in doc.companion.sections:
                spec = ctx.convention.section(section.title)
                if spec is None:
                    continue
                title = section.title.strip()
                index = order.index(spec.title)
                if index < last_index:
                    yield self.finding(
                        f"section `## {title}` comes after `## {last_title}`; "
                        f"the canonical order puts it before `## {last_title}`",
                        doc.path,
                        section.line,
                        subject=f"{doc.path}:order:{title}",
                    )
                else:
                    last_index, last_title = index, title


# ---------------------------------------------------------------------------
# fact lines


class BlockRule(Rule):
    """A rule over the fact blocks of some kinds: missing, stale or drifted."""

    kinds: ClassVar[tuple[str, ...]] = ()
    fixable = True
    #: a block doxtool expects for a subject that no longer exists
    report_orphans: ClassVar[bool] = True

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            expected = [e for e in ctx.expected(doc.module) if e.kind in self.kinds]
            existing = {b.key: b for b in doc.companion.blocks if b.kind in self.kinds}
            for block in expected:
                yield from self.compare(ctx, doc, block, existing.get(block.key))
            if self.report_orphans:
                keys = {e.key for e in expected}
                for block in existing.values():
                    if block.key not in keys:
                        yield from self.orphan(ctx, doc, block)

    def fix(self, doc: Documented, expected: ExpectedBlock, description: str) -> Fix | None:
        edit = block_edit(doc.companion, expected)
        if edit is None:
            return None
        # a rewrite that drops an item carrying a person's words (an argument
        # the code stopped reading, with its explanation) is applied only on request
        existing = doc.companion.block(expected.key)
        unsafe = existing is not None and _drops_words(existing, expected)
        return Fix(description, [edit], applicability="unsafe" if unsafe else "safe")

    def where(self, doc: Documented, block: FactBlock | None, expected: ExpectedBlock) -> int:
        if block is not None:
            return block.line
        for section in doc.companion.sections:
            if section.title.strip() == expected.section:
                return section.line
        return 1

    def compare(
        self, ctx: Context, doc: Documented, expected: ExpectedBlock, block: FactBlock | None
    ) -> Iterator[Finding]:
        if block is not None and values_agree(expected, block):
            return
        state = "is missing" if block is None else "is out of date"
        yield self.finding(
            f"{self.describe(expected)} {state}: `{expected.lines[0].removeprefix('- ')}`",
            doc.path,
            self.where(doc, block, expected),
            subject=f"{doc.module}:{expected.key}",
            fix=self.fix(doc, expected, f"update {expected.key}"),
        )

    def orphan(self, ctx: Context, doc: Documented, block: FactBlock) -> Iterator[Finding]:
        subject = f" `{block.subject}`" if block.subject else ""
        # only lines that hold no prose of a person's are removed by a safe
        # fix; removing one that does is an unsafe fix
        removal = removal_edit(doc.companion, block)
        if removal is not None:
            fix: Fix | None = Fix(f"remove {block.key}", [removal])
        elif not removable_with_words(doc.companion, block):
            fix = None
        else:
            fix = Fix(
                f"remove {block.key} and the words written into it",
                [Edit(doc.path, block.start, block.end, [])],
                applicability="unsafe",
            )
        yield self.finding(
            f"fact line `{block.kind}` documents{subject}, which the module no longer has",
            doc.path,
            block.line,
            subject=f"{doc.module}:{block.key}:orphan",
            fix=fix,
        )

    #: how messages name the fact line (default: its kind)
    label: ClassVar[str] = ""

    def describe(self, expected: ExpectedBlock) -> str:
        return self.label or f"fact line `{expected.kind}`"


class ItemRule(Rule):
    """A rule over the items of some fact kinds, each judged by the code
    (:mod:`doxtool.companions.truth`): stale, changed or missing."""

    kinds: ClassVar[tuple[str, ...]] = ()
    fixable = True

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
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

**Why it matters.** These lines are how a reader finds their way around the
module without opening it; a renamed method or a new parameter silently makes
them wrong.

**Example.** The module gained `async def _finish(self, text: str)` but the
`Classes:` block does not list it. The fix inserts that one method line and
leaves every other byte alone; removing an item that carries a person's words
(text after it, notes under it) is an unsafe fix (`--unsafe-fixes`).
"""
    valid = _valid()
    invalid = [
        Example(
            _dox("  - `async execute(self, **kwargs) -> Response`", "  - `async execute(self)`"),
            [Expect(DOX, 9, "`WaitTool.execute` gained `kwargs`")],
        )
    ]


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

**Why it matters.** The framework takes the first tool class of the module; a
renamed class leaves the companion pointing at nothing.

**Example.** `` `SleepTool` is a `Tool`. `` after the class became `WaitTool`.
"""
    valid = _valid()
    invalid = [
        Example(
            _dox("- `WaitTool` is a `Tool`.", "- `SleepTool` is a `Tool`."),
            [Expect(DOX, None, "`WaitTool` is a `Tool`")],
        )
    ]


def _drops_words(existing: FactBlock, expected: ExpectedBlock) -> bool:
    """Whether rewriting ``existing`` as ``expected`` loses text a person
    wrote after an item that is no longer there."""
    kept = {v.get("name") for v in expected.values if isinstance(v, dict)}
    if existing.kind != "arguments":
        return False
    return any(
        prose.strip(" \t.") and name not in kept for name, prose in existing.item_prose.items()
    )


def _tool(ctx: Context, module: str, class_name: str | None) -> ToolFacts | None:
    for tool in ctx.tools(module):
        if tool.class_name == class_name:
            return tool
    return None


class ArgumentsDrift(BlockRule):
    code = "DOX111"
    name = "arguments-drift"
    summary = "Documented arguments disagree with the arguments the tool reads"
    kinds = ("arguments",)
    doc = """\
**What it checks.** The `Arguments of `X`:` block lists exactly the arguments
the tool reads (through `self.args`, `kwargs`, `execute` parameters, or the
helpers the argument dict is handed to), each with whether it is required, its
type, its default and its allowed values.

**Why it matters.** The arguments are the tool's interface to the model. An
argument the code reads but the companion does not mention is undocumented;
one the companion lists but the code never reads is dead documentation that
the prompt will copy.

**Example.** `tools/wait.py` reads `until` at line 17; the companion does not
list it.
"""
    valid = _valid()
    invalid = [
        Example(
            _code(
                "        return Response(",
                '        until = self.args.get("until", "")\n        return Response(',
            ),
            [Expect(DOX, 14, "argument `until` is read at tools/wait.py:7")],
        ),
        Example(
            _dox(
                "  - `seconds`: optional integer, default `0`.", "  - `seconds`: required integer."
            ),
            [Expect(DOX, 15, "documented as required")],
        ),
    ]

    def compare(
        self, ctx: Context, doc: Documented, expected: ExpectedBlock, block: FactBlock | None
    ) -> Iterator[Finding]:
        if block is not None and values_agree(expected, block):
            return
        tool = _tool(ctx, doc.module, expected.subject)
        fix = self.fix(doc, expected, f"update arguments of {expected.subject}")
        line = self.where(doc, block, expected)
        if block is None:
            yield self.finding(
                f"arguments of `{expected.subject}` are not documented "
                f"(no `Arguments of `{expected.subject}`:` line)",
                doc.path,
                line,
                subject=f"{doc.module}:{expected.key}",
                fix=fix,
            )
            return
        documented_args = {a["name"]: a for a in _arg_values(block.values)}
        expected_args = {a["name"]: a for a in _arg_values(expected.values)}
        reported = False
        for name, want in expected_args.items():
            read = tool.argument(name) if tool else None
            where = f"{_location(doc.module, tool, read)}"
            have = documented_args.get(name)
            if have is None:
                reported = True
                yield self.finding(
                    f"argument `{name}` is read at {where} but not documented",
                    doc.path,
                    line,
                    subject=f"{doc.module}:{expected.subject}:argument:{name}",
                    fix=fix,
                )
                continue
            for problem in _argument_differences(want, have):
                reported = True
                yield self.finding(
                    f"argument `{name}` {problem} (read at {where})",
                    doc.path,
                    block.item_lines.get(name, line),
                    subject=f"{doc.module}:{expected.subject}:argument:{name}",
                    fix=fix,
                )
        for name in documented_args:
            if name not in expected_args:
                reported = True
                yield self.finding(
                    f"argument `{name}` is documented but `{expected.subject}` never reads it",
                    doc.path,
                    block.item_lines.get(name, line),
                    subject=f"{doc.module}:{expected.subject}:argument:{name}:unread",
                    fix=fix,
                )
        if not reported:
            yield self.finding(
                f"arguments of `{expected.subject}` are out of date",
                doc.path,
                line,
                subject=f"{doc.module}:{expected.key}",
                fix=fix,
            )


def _arg_values(values: Any) -> list[dict[str, Any]]:
    if isinstance(values, list):
        return [v for v in values if isinstance(v, dict) and "name" in v]
    return []


def _location(module: str, tool: ToolFacts | None, arg: Any) -> str:
    if arg is not None and arg.reads:
        return f"{module}:{arg.reads[0].line}"
    return module


def _argument_differences(want: dict[str, Any], have: dict[str, Any]) -> list[str]:
    problems = []
    if bool(want.get("required")) != bool(have.get("required")):
        state = "required" if have.get("required") else "optional"
        actual = "required" if want.get("required") else "optional"
        problems.append(f"is documented as {state} but the code treats it as {actual}")
    if want.get("type") != have.get("type"):
        problems.append(
            f"is documented with type {have.get('type') or 'none'} "
            f"but the code reads it as {want.get('type') or 'untyped'}"
        )
    if bool(want.get("has_default")) != bool(have.get("has_default")) or (
        want.get("has_default") and want.get("default") != have.get("default")
    ):
        shown = f"`{want.get('default')}`" if want.get("has_default") else "no default"
        problems.append(f"has {shown} in the code")
    if (want.get("enum") or None) != (have.get("enum") or None):
        values = ", ".join(f"`{v}`" for v in want.get("enum") or []) or "any value"
        problems.append(f"accepts {values} in the code")
    want_alternatives = sorted(want.get("alternatives") or [])
    if want_alternatives != sorted(have.get("alternatives") or []):
        names = ", ".join(f"`{v}`" for v in want_alternatives)
        problems.append(
            f"is an alternative to {names} in the code"
            if names
            else "is needed on its own in the code, as no other argument can stand for it"
        )
    return problems


class BreakLoopDrift(BlockRule):
    code = "DOX120"
    name = "break-loop-drift"
    summary = "The documented `break_loop` behaviour differs from the `Response`s returned"
    kinds = ("break-loop",)
    doc = """\
**What it checks.** The `` `break_loop` of `X`: `` line states what every
`Response` reachable from `execute` returns: always `true`, always `false`, or
which expression decides.

**Why it matters.** `break_loop=True` ends the agent's turn. A tool that
starts ending the turn (or stops doing so) changes how the whole agent
behaves; the companion must say so.

**Example.** The line says always `false`, but `execute` now returns
`Response(..., break_loop=True)` at line 31.
"""
    valid = _valid()
    invalid = [
        Example(
            _code("break_loop=False", "break_loop=True"),
            [Expect(DOX, 16, "`break_loop` of `WaitTool`")],
        )
    ]

    label = "`break_loop` line"

    def compare(
        self, ctx: Context, doc: Documented, expected: ExpectedBlock, block: FactBlock | None
    ) -> Iterator[Finding]:
        if block is not None and values_agree(expected, block):
            return
        tool = _tool(ctx, doc.module, expected.subject)
        lines = ", ".join(f"{doc.module}:{o.line}" for o in (tool.outcomes if tool else [])[:4])
        state = "is not documented" if block is None else "is documented wrongly"
        body = expected.lines[0].split(": ", 1)[-1]
        yield self.finding(
            f"`break_loop` of `{expected.subject}` {state}; the code returns {body.rstrip('.')}"
            + (f" (Responses at {lines})" if lines else ""),
            doc.path,
            self.where(doc, block, expected),
            subject=f"{doc.module}:{expected.key}",
            fix=self.fix(doc, expected, f"update break_loop of {expected.subject}"),
        )


class RepairableDrift(BlockRule):
    code = "DOX121"
    name = "repairable-errors-drift"
    summary = "Documented repairable errors differ from those raised"
    kinds = ("repairable",)
    doc = """\
**What it checks.** The `Repairable errors raised by `X`:` line lists the
`RepairableException`s (and subclasses named like it) that the tool raises.

**Why it matters.** A repairable error is how a tool asks the model for a
corrected call instead of crashing; the prompt and the companion should say
when that happens.

**Example.** `execute` raises `RepairableException` on a blank answer; the
companion does not mention it.
"""
    valid = _valid()
    invalid = [
        Example(
            _code(
                "        seconds =",
                "        from helpers.errors import RepairableException\n"
                "        if 'seconds' not in self.args:\n"
                "            raise RepairableException('seconds?')\n        seconds =",
            ),
            [Expect(DOX, None, "Repairable errors raised by `WaitTool`")],
        )
    ]

    label = "repairable errors line"


class HelpersDrift(ItemRule):
    code = "DOX130"
    name = "helpers-drift"
    summary = "The called helpers line names calls the code does not make, or misses some"
    kinds = ("helpers",)
    doc = """\
**What it checks.** Each name on "Important called helpers/classes observed
in the source": a name the module neither calls nor reads any more is stale; a
name the convention derives that the line lacks is missing (doxtool's own
format lists the repository helpers a tool calls, `Response` and
`self.agent.*` calls, by their shortest unambiguous name; the agent-zero
format lists call chains as written, breadth first, at most 20). A documented
short name matches a dotted one (`managed_wait` matches
`helpers.wait.managed_wait`).

**Why it matters.** It is the module's dependency map inside the repository:
who must be told when a helper changes.

**Example.** The tool now calls `self.agent.handle_intervention`; the line
does not list it.
"""
    valid = _valid()
    invalid = [
        Example(
            _code(
                "        return Response(",
                "        await self.agent.handle_intervention()\n        return Response(",
            ),
            [Expect(DOX, 21, "`self.agent.handle_intervention`")],
        )
    ]


class ImportsDrift(ItemRule):
    code = "DOX131"
    name = "imports-drift"
    summary = "The imported dependency areas name imports the module no longer has, or miss some"
    kinds = ("imports",)
    doc = """\
**What it checks.** Each module on "Imported dependency areas include:": one
the module no longer imports anywhere is stale (`helpers.projects` for `from
helpers import projects` is true); one the convention derives that the line
lacks is missing (doxtool's format: every import, sorted; agent-zero: imports
directly in the module body, sorted, at most 16).

**Why it matters.** It shows at a glance what the module depends on; a new
import of `subprocess` or `requests` is worth a reviewer's attention.

**Example.** The module now imports `asyncio`; the line does not list it.
"""
    valid = _valid()
    invalid = [
        Example(
            _code("from helpers", "import asyncio\nfrom helpers"),
            [Expect(DOX, 18, "imports `asyncio`")],
        )
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
imports) is stale. Areas doxtool can neither confirm nor refute (model calls
made through helpers, WebSocket, plugin, settings, secret, scheduler or tunnel
state) are left alone.

**Why it matters.** Tools must not act destructively unless their contract
says so; a tool that starts deleting files or opening sockets must say it.

**Example.** `execute` now calls `os.remove`; the line still says `none`.
"""
    valid = _valid()
    invalid = [
        Example(
            _code(
                "        return Response(",
                "        import os\n        os.remove('x')\n        return Response(",
            ),
            [Expect(DOX, 17, "filesystem deletion")],
        )
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
    valid = _valid()
    invalid = [
        Example(
            _code(
                "        return Response(",
                "        await self.agent.handle_intervention()\n        return Response(",
            ),
            [Expect(DOX, 1, "handle_intervention")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
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
    doc = """\
**What it checks.** Every test file named under "Related tests observed by
source search:" exists, and the list names the tests that import the module
or name its file (up to the convention's cap: agent-zero lists at most 8, so
a list of 8 is complete). Extra tests a person listed are never findings.

**Why it matters.** The Verification section tells a maintainer what to run;
a renamed or deleted test leaves them running nothing.

**Example.** The list names `tests/test_sleep.py`, which was deleted.
"""
    valid = _valid()
    invalid = [
        Example(
            _dox(
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
appears once.

**Why it matters.** doxtool keeps the first one up to date; the second drifts
unseen. Deleting it is left to a person, since it may carry prose.

**Example.** Two `Observed side-effect areas:` lines.
"""
    valid = _valid()
    invalid = [
        Example(
            _dox(
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


RULES: list[type[Rule]] = [
    WrongTitle,
    MissingSection,
    DuplicatedSection,
    MisorderedSections,
    OutlineDrift,
    ToolClassDrift,
    ArgumentsDrift,
    BreakLoopDrift,
    RepairableDrift,
    HelpersDrift,
    ImportsDrift,
    InterventionUndocumented,
    SideEffectsDrift,
    MissingTestReference,
    DuplicatedFactLine,
]
