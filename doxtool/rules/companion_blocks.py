"""DOX120, DOX121: the fact lines doxtool rewrites as whole blocks (a
tool's `break_loop`, its repairable errors; its arguments, DOX111, are
:mod:`doxtool.rules.companion_arguments`'), compared with the blocks the
code implies (:class:`BlockRule`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import ClassVar

from doxtool.companions.agreedbreakloop import agreed_sentence
from doxtool.companions.agreement import values_agree
from doxtool.companions.breakloop import read_prose_break_loop
from doxtool.companions.edits import (
    block_edit,
    fact_sentence,
    removable_with_words,
    removal_edit,
)
from doxtool.companions.factlines import ExpectedBlock, is_none
from doxtool.companions.foreignbreakloop import foreign_statement, turned
from doxtool.companions.helditems import drops_words
from doxtool.companions.lazylines import moves_a_note
from doxtool.companions.model import FactBlock
from doxtool.companions.renames import gone_kinds, held_back, old_key, rename_edit
from doxtool.companions.subjects import ARGUMENT_DICTS, read_as_classes
from doxtool.companions.unreadleads import unread_lead
from doxtool.core.edits import Edit, line_content
from doxtool.core.facts import ClassFacts, Outcome, ToolFacts
from doxtool.core.findings import Finding, Fix
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.documented import (
    DOX,
    Documented,
    documented,
    raising,
    valid_examples,
    with_code,
    with_dox,
)
from doxtool.run.context import Context


class BlockRule(Rule):
    """A rule over the fact blocks of some kinds: missing, stale or drifted."""

    kinds: ClassVar[tuple[str, ...]] = ()
    fixable = True
    #: a block doxtool expects for a subject that no longer exists
    report_orphans: ClassVar[bool] = True

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx, judged=True):
            expected = [e for e in ctx.expected(doc.module) if e.kind in self.kinds]
            tools = {t.class_name: t for t in ctx.tools(doc.module)}
            # a line naming its tool in a person's way (`` `wait` ``) is the
            # tool class's, compared but never fixed (its lead is the person's)
            existing = read_as_classes(
                (b for b in doc.companion.blocks if b.kind in self.kinds),
                {t.name: t.class_name for t in tools.values()},
            )
            aliased = set(existing) - {b.key for b in doc.companion.blocks}
            shim = ctx.reexported_blocks(doc.module)  # judged where the companion has them
            expected += [e for e in shim if e.kind in self.kinds and e.key in existing]
            renamed = ctx.renamed_class(doc.module)
            # a class the module still defines that doxtool does not know
            # as a tool (a base it cannot resolve, a `tool-bases` that does
            # not fit, one defined under a module-level `if` or `try`): its
            # lines may be true, and it is not gone
            facts = ctx.facts(doc.module)
            defined = {c.name for c in facts.classes}
            if facts.outline is not None:
                defined |= {c.name for c in facts.outline.classes}
            # names of the module's that are no class: a line naming one
            # names what the module has in a way doxtool does not read
            named = {
                *(f.name for f in facts.functions),
                *(m.name for c in facts.classes for m in c.methods),
                *(t.name for t in tools.values()),
                *ARGUMENT_DICTS,
            }
            gone = gone_kinds(doc.companion, existing.values(), {*tools, *defined}, renamed)
            # (nor beside one naming what the module has in a way not read)
            gone |= {b.kind for b in existing.values() if b.subject in named}
            classes = {c.name: c for c in facts.classes}
            for block in (self.narrowed(b, tools, classes, existing) for b in expected):
                if block is None:
                    continue  # all of it is written elsewhere (a base's arguments)
                found = existing.get(block.key)
                former = existing.get(old_key(block.key, renamed) or "")
                if found is None and former is not None and renamed is not None:
                    yield self.renamed(doc, former, renamed)
                    continue
                if found is not None and found.unread:
                    continue  # a sentence doxtool cannot read says what it says
                if block.key in aliased:
                    findings = self.compare(ctx, doc, block, found)
                    yield from (dataclasses.replace(f, fix=None) for f in findings)
                elif not self._unknown(tools, block.kind, block.subject):
                    yield from held_back(self.compare(ctx, doc, block, found), found, gone)
                elif found is not None:
                    # what the code does is known in part: only what the
                    # companion leaves out of what is known is reported
                    yield from self.partial(doc, block, found)
                elif self.missing_lists_seen:
                    # the values seen make a true line: it is asked for
                    yield from held_back(self.compare(ctx, doc, block, found), found, gone)
                # else the line would say what is *always* the case, which
                # is not known: none is asked for (and none is generated)
            if self.report_orphans:
                keys = {e.key for e in expected}
                for block in existing.values():
                    # a subject without backticks may not be meant as one
                    if (
                        block.key in keys
                        or block.bare
                        or (renamed is not None and block.subject == renamed[0])
                        or self._unknown(tools, block.kind, block.subject)
                        or (block.subject not in tools and block.subject in defined)
                        or block.subject in named
                    ):
                        continue
                    if block.subject in tools:
                        if not block.unread:
                            yield from self.absent(doc, block)
                    else:
                        yield from self.orphan(ctx, doc, block)

    def narrowed(
        self,
        expected: ExpectedBlock,
        tools: dict[str, ToolFacts],
        classes: dict[str, ClassFacts],
        existing: dict[str, FactBlock],
    ) -> ExpectedBlock | None:
        """``expected`` less what the companion documents elsewhere; None
        when nothing is left to ask for."""
        return expected

    @staticmethod
    def _unknown(tools: dict[str, ToolFacts], kind: str, subject: str | None) -> bool:
        tool = tools.get(subject) if subject is not None else None
        return tool is not None and not tool.knows(kind)

    def partial(
        self, doc: Documented, expected: ExpectedBlock, block: FactBlock
    ) -> Iterator[Finding]:
        """A block whose facts doxtool knows in part: reported, with no fix,
        when it leaves out a value the code is seen to have."""
        if not expected.values:
            return  # nothing is known: nothing to claim
        if isinstance(block.values, list) and all(
            any(
                values_agree(
                    dataclasses.replace(expected, values=[value]),
                    dataclasses.replace(block, values=[written]),
                )
                for written in block.values
            )
            for value in expected.values
        ):
            return  # every value the code is seen to have is written
        shown = ", ".join(f"`{v}`" for v in expected.values)
        yield self.finding(
            f"{self.describe(expected)} for `{expected.subject}` leaves out what the code does "
            f"(the code has at least {shown}; doxtool cannot follow all of it)",
            doc.path,
            self.where(doc, block, expected),
            subject=f"{doc.module}:{expected.key}",
        )

    def absent(self, doc: Documented, block: FactBlock) -> Iterator[Finding]:
        """A block for a class the module has, stating what its code does not do."""
        removal = removal_edit(doc.companion, block)
        yield self.finding(
            f"{self.describe_kind(block.kind)} of `{block.subject}` states what its code "
            f"does not do: {self.absent_reason}",
            doc.path,
            block.line,
            subject=f"{doc.module}:{block.key}:absent",
            # doxtool may miss what the code does: removing the line is a
            # person's decision
            fix=Fix(f"remove {block.key}", [removal], applicability="unsafe")
            if removal is not None
            else None,
        )

    #: a missing block lists what the code is seen to do, which is true when
    #: doxtool cannot follow all of it (repairable errors seen raised; not
    #: ``break_loop``, whose line says what is *always* returned)
    missing_lists_seen: ClassVar[bool] = False

    #: why a block of a class the module has states nothing true (:meth:`absent`)
    absent_reason: ClassVar[str] = "doxtool finds none of it in the code"

    def describe_kind(self, kind: str) -> str:
        return self.label or f"fact line `{kind}`"

    def fix(self, doc: Documented, expected: ExpectedBlock, description: str) -> Fix | None:
        edit = block_edit(doc.companion, expected)
        if edit is None:
            return None
        # a rewrite that drops an item carrying a person's words (an argument the
        # code stopped reading, with its explanation), or that rewrites one their
        # words go on from lazily, is applied only on request (a break_loop
        # sentence in their words is never rewritten: it has no edit)
        existing = doc.companion.block(expected.key)
        # (an insertion into the block, past its last item, drops nothing)
        unsafe = (
            existing is not None
            and not edit.is_insertion
            and (drops_words(existing, expected) or moves_a_note(doc.companion, edit))
        )
        return Fix(description, [edit], applicability="unsafe" if unsafe else "safe")

    def where(self, doc: Documented, block: FactBlock | None, expected: ExpectedBlock) -> int:
        if block is not None:
            return block.line
        section = doc.companion.section(expected.section)
        return section.line if section is not None else 1

    def compare(
        self, ctx: Context, doc: Documented, expected: ExpectedBlock, block: FactBlock | None
    ) -> Iterator[Finding]:
        if block is not None and values_agree(expected, block):
            return
        state = "is missing" if block is None else "is out of date"
        unread = unread_lead(doc.companion, expected) if block is None else None
        if unread is not None:  # no fix writes a second line beside it
            state = f"is not in a form doxtool reads (it cannot read line {unread} as one)"
        yield self.finding(
            f"{self.describe(expected)} {state}: `{expected.lines[0].removeprefix('- ')}`",
            doc.path,
            self.where(doc, block, expected),
            subject=f"{doc.module}:{expected.key}",
            fix=self.fix(doc, expected, f"update {expected.key}"),
        )

    def renamed(self, doc: Documented, block: FactBlock, renamed: tuple[str, str]) -> Finding:
        """A block about a class the code renamed: its subject is renamed in
        place (its items and notes stay); what else differs is compared next."""
        edit = rename_edit(doc.companion, block, renamed)
        return self.finding(
            f"fact line `{block.kind}` documents `{renamed[0]}`, which the code names "
            f"`{renamed[1]}` now",
            doc.path,
            block.line,
            subject=f"{doc.module}:{block.key}:renamed",
            fix=Fix(f"rename {block.key}", [edit]) if edit is not None else None,
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
        return self.describe_kind(expected.kind)


def tool_of(ctx: Context, module: str, class_name: str | None) -> ToolFacts | None:
    for tool in ctx.tools(module):
        if tool.class_name == class_name:
            return tool
    return None


class BreakLoopDrift(BlockRule):
    code = "DOX120"
    name = "break-loop-drift"
    summary = "The documented `break_loop` behaviour differs from the `Response`s returned"
    kinds = ("break-loop",)
    doc = """\
**What it checks.** The `` `break_loop` of `X`: `` line states what every
`Response` reachable from `execute` returns: always `true`, always `false`,
or `true` or `false`.

**Why it matters.** `break_loop=True` ends the agent's turn. A tool that
starts ending the turn (or stops doing so) changes how the whole agent
behaves; the companion must say so.

**Example.** The line says always `false`, but `execute` now returns
`Response(..., break_loop=True)` at line 31.

**Precision.** A `Response` returned through a helper of another module of the repository
(`return final(text)`, `return self.finish(...)` of a base elsewhere) counts. A name bound
once to `True` or `False` (in the function, or at module level and never rebound), a
function's name bound only to them in branches after at most one binding before them, a
parameter every call of a helper of the module binds to one (the literal passed, or its
default) and `a if c else b` of such are those values. A value doxtool cannot evaluate
(`break_loop=self.done`, `self.is_final()`) or a result it cannot follow (a library's
result, a helper it cannot find, a handler taken from a dispatch table, another tool's
`execute`) leaves the line unknown: none is asked for or generated, the line a person wrote
is kept, and only one that leaves out a boolean the code is seen to return is reported, with
no fix. A line whose sentence holds a person's words (`` `true` when `final` is set ``, the
value in bold, a parenthetical after it) is compared but never rewritten; `` never
`true` `` is `false`, and a line whose words may turn its value around (`` not always
`true` ``, `` never ends the loop (`false`) ``) is not compared. A sentence that qualifies
its value (`unless`, `except`, `only`, `otherwise`, `when` ...) or names both booleans
states both (`` always `false` except for `FINAL:` text (`true`) ``); one naming a single
value (`` `false` unless the text starts with `FINAL:` ``) is not compared. Where no line
is a `break_loop` line but a person's sentence tells it (`` It never ends the turn:
`break_loop` is always false. ``), that sentence is read the same way (a plain `true` or
`false` counts as one in backticks): one that agrees is no finding, one that does not is
reported as documented wrongly, and neither is rewritten nor gets a second line beside it.
So is a parenthesis in any words holding only `break_loop`, its verb and one boolean
(`` Never ends the loop (`break_loop` is false). ``), unless the code never gives that value
or gives the other too (the value on one path).
So is a line in another language naming `` `break_loop` `` and one boolean in code spans
(`` - `break_loop` ist immer `false`. ``) with no English word; one naming both booleans or
a word of a language doxtool knows that may turn it around or qualify it (`nie`, `jamais`,
`no`, `不`, `nur`, `wenn` ...) is not compared, and gets no second line either.
A line in a code block or an HTML comment (an example, a line set aside) is no line of the
companion's: it neither stands for the `break_loop` line nor keeps one from being written.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_code("break_loop=False", "break_loop=True"),
            [Expect(DOX, 16, "`break_loop` of `WaitTool`")],
        ),
        # a line in an HTML comment (or a code block) is no line of the companion
        Example(
            with_dox(
                "- `break_loop` of `WaitTool`: always `false`.",
                "<!-- - `break_loop` of `WaitTool`: always `false`. -->",
            ),
            [Expect(DOX, None, "`break_loop` of `WaitTool` is not documented")],
        ),
    ]

    label = "`break_loop` line"

    def compare(
        self, ctx: Context, doc: Documented, expected: ExpectedBlock, block: FactBlock | None
    ) -> Iterator[Finding]:
        if block is not None and values_agree(expected, block):
            return
        tool = tool_of(ctx, doc.module, expected.subject)
        places = _places(tool.outcomes if tool else [], doc.module)
        named = _named(places)
        lines = ", ".join(named) + (
            f" and {len(places) - len(named)} more" if len(places) > len(named) else ""
        )
        state = "is not documented" if block is None else "is documented wrongly"
        unread = unread_lead(doc.companion, expected) if block is None else None
        foreign = (
            foreign_statement(doc.companion, expected) if block is None and unread is None else None
        )
        if foreign is not None:
            # ``- `break_loop` ist immer `false`.``: no second line beside it
            unread = foreign.line
        elif block is None and unread is None and agreed_sentence(doc.companion, expected):
            return  # ``Returns a `Response` whose `break_loop` is always `false`.``
        if unread is not None:
            # ``... never ends the turn: `break_loop` is always false.``
            said = (
                foreign.values
                if foreign is not None
                else _read_prose(line_content(doc.companion.lines[unread - 1]))
            )
            if said is not None and sorted(said) == sorted(expected.values):
                return
            if said is not None:
                state = f"is documented wrongly (line {unread} says {' or '.join(said)})"
            else:
                state += f" in a form doxtool reads (line {unread})"
        body = expected.lines[0].split(": ", 1)[-1]
        yield self.finding(
            f"`break_loop` of `{expected.subject}` {state}; the code returns {body.rstrip('.')}"
            + (f" (Responses at {lines})" if lines else ""),
            doc.path,
            self.where(doc, block, expected),
            subject=f"{doc.module}:{expected.key}",
            fix=None
            if foreign is not None
            else self.fix(doc, expected, f"update break_loop of {expected.subject}"),
        )


def _read_prose(content: str) -> list[str] | None:
    """The values a person's line states of ``break_loop`` (None: none
    doxtool can compare, as when a word of another language may turn them
    around: ``- `Echo` setzt `break_loop` nie auf `true`.``)."""
    return None if turned(content) else read_prose_break_loop(content)


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

**Precision.** A raise in a helper of another module of the repository that
the tool calls counts, and so do a subclass the module or another module of
the repository defines (`class MissingArgument(RepairableException)`; one
raised in a `try`, which may catch it, leaves the errors unknown), a name bound once to such an
error (`err = RepairableException(...); raise err`) and a function of the
module whose every return is one (`raise _bad("text")`). A raise of anything
else doxtool cannot tell (a factory it cannot read, a parameter) leaves the
repairable errors unknown. When a function of the repository the tool reaches
cannot be followed (not found, or deeper than doxtool follows), only a line
that leaves out an error seen raised is reported, with no fix. A line naming
errors of a class that raises none is reported as such (removing it is an
unsafe fix); one that says `none` is true. The errors end where a person's
words start (`` `RepairableException` when `seconds` is missing``; kept by
`--fix`); `helpers.errors.RepairableException` names the class raised.
"""
    valid = [*valid_examples(), Example(raising("`RepairableException` when `x` is blank."))]
    valid.append(Example(raising("`helpers.errors.RepairableException`.")))
    invalid = [
        Example(raising(None), [Expect(DOX, None, "Repairable errors raised by `WaitTool`")]),
        Example(raising("`OtherError` when `x` is blank."), [Expect(DOX, None, "out of date")]),
    ]

    label = "repairable errors line"
    absent_reason = "no `RepairableException` is raised in the code it runs"
    missing_lists_seen = True

    def absent(self, doc: Documented, block: FactBlock) -> Iterator[Finding]:
        sentence = fact_sentence(doc.companion, block)
        if block.values == [] and sentence is not None and is_none(sentence):
            return  # ``none``: what the code does
        yield from super().absent(doc, block)


RULES: list[type[Rule]] = [
    BreakLoopDrift,
    RepairableDrift,
]


def _places(outcomes: list[Outcome], module: str) -> dict[str, set[str]]:
    """The places of a tool's Responses, in order, each with the values it
    gives: a Response of a base in another module is at a line of that
    module; one giving either value (``break_loop=stop``) is one place."""
    places: dict[str, set[str]] = {}
    for outcome in outcomes:
        where = f"{outcome.path or module}:{outcome.line}"
        places.setdefault(where, set()).add(str(outcome.break_loop))
    return places


def _named(places: dict[str, set[str]], most: int = 4) -> list[str]:
    """The places a finding names, in order: the first place of each value
    the code returns, then the first others, ``most`` in all."""
    picked: list[str] = []
    values: set[str] = set()
    for where, gives in places.items():
        if not gives <= values:
            picked.append(where)
            values |= gives
    picked.extend(w for w in places if w not in picked)
    chosen = set(picked[:most])
    return [where for where in places if where in chosen]
