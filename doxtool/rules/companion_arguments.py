"""DOX111: the `Arguments of` block of a tool compared with the arguments
its code reads (:class:`~doxtool.rules.companion_blocks.BlockRule`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from doxtool.companions.agreement import argument_differences, documented_arguments, values_agree
from doxtool.companions.baseargs import less_base_documented
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.model import FactBlock
from doxtool.companions.namedlines import naming_line_after, naming_note
from doxtool.companions.noneleads import none_is_false, says_none
from doxtool.companions.unreadleads import in_code, unread_lead
from doxtool.core.facts import ClassFacts, ToolFacts
from doxtool.core.findings import Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.companion_blocks import BlockRule, tool_of
from doxtool.rules.documented import DOX, Documented, valid_examples, with_code, with_dox
from doxtool.run.context import Context


class ArgumentsDrift(BlockRule):
    code = "DOX111"
    name = "arguments-drift"
    summary = "Documented arguments disagree with the arguments the tool reads"
    kinds = ("arguments",)
    doc = """\
**What it checks.** The `Arguments of `X`:` block lists exactly the arguments
the tool reads (through `self.args`, `kwargs`, `execute` parameters, or the
helpers the argument dict is handed to), each with whether it is required, its
type, its default and its allowed values, where the code says them (`if not
note: return self.fail(...)` may refuse or handle a missing `note`: the code's
line says `required or optional`, and a companion's word is kept).

**Why it matters.** The arguments are the tool's interface to the model. An
argument the code reads but the companion does not mention is undocumented;
one the companion lists but the code never reads is dead documentation that
the prompt will copy.

**Example.** `tools/wait.py` reads `until` at line 17; the companion does not
list it.

**Precision.** An item in a person's wording states what doxtool reads of it:
a default in a bare code span (`` default `read` ``) is that string, a number
a string default converts to (`int(self.args.get("pages", "2"))`: `` `2` ``)
is that default, `number` is true of an integer, and after an `(optional)`
label the words are read in the grammar's clauses (`` (optional): one of `a`,
`b`; default `a` ``) or not compared (`` `a` (default) or `b` ``); a default
or a type told in the next sentence (`` optional integer. Default: `0`. ``,
`` optional. Integer, default `0`. ``) is read, and the item is then never
rewritten (a sentence opening with "default" that doxtool cannot read
leaves the default uncompared). Items
nested under an item (the keys of a dict argument) are the person's. A line
naming the tool as `` `WaitTool.execute` ``, by its name (`` `wait` ``) or as
`` `tool_args` `` is the tool's line when the module has that one tool: it is
compared, never rewritten. So is a lead in other words naming the class
(`` - Parameters of `WaitTool`: ``, `Args of`, `Params of`, `Inputs of`, `for` in
place of `of`) or naming the class first (`` - `WaitTool` arguments: ``,
`` - `WaitTool` takes these arguments: ``); one naming no class (`- Args:`,
`## Parameters`) or one doxtool cannot read (``- Arguments for `WaitTool`, all
optional:``) is reported as not read, and no second block is written beside it;
one saying there are none (`- Arguments: none.`) is reported naming the
arguments the code reads, and not at all for a tool reading none. The list a
person's note between the items leads (`` - **Errors:** raised when: `` then
`` - `ValueError` ``) may be the note's: an item in it stating no fact is
never called unread (unless another item there names first an argument
read, or the label says only what kind of arguments follow: `**Optional:**`,
`Also accepted:`), and no fix rewrites the block.
An argument a line of the block not read as an item names in backticks
(`` - `until` is when to stop. ``) is reported as not documented in a form
doxtool reads, naming that line, and no item is written for it.
A line in a code block or an HTML comment is no lead. Items written flat under
the lead (at its level: `` - `seconds`: optional integer. ``) are the block's,
and a fix keeps them flat; argument names standing under the lead in a form not
read (a definition list: `` `seconds` `` then `: optional integer.`) make the
block reported as not read, and an argument named at the start of a line
right after the block (flat after nested items) gets no second item from a
fix. A fix never removes or rewrites an item listed
twice or covered by a suppression: the missing items go after the last one.
An argument read only in methods of a base class of the module's that the
companion documents under that base (``- Arguments of `BaseSearchTool`:``)
is documented there: it is not asked for again under each tool.
"""
    valid = [
        *valid_examples(),
        Example(
            with_dox(
                "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`.",
                "- Arguments of `wait`:\n  - `seconds` (optional): a duration; default `0`.",
            )
        ),
        Example(
            with_dox(
                "  - `seconds`: optional integer, default `0`.",
                "- `seconds`: optional integer, default `0`.",
            )
        ),
        Example(
            with_dox(
                "  - `seconds`: optional integer, default `0`.",
                "  - `seconds`: optional number, default `0`. A duration:\n"
                "    - `unit`: default `s`.",
            )
        ),
        Example(
            with_dox(
                "- Arguments of `WaitTool`:",
                "- `WaitTool` takes these arguments (all optional):",
            )
        ),
        # a check against values not known (``UNITS`` comes from code doxtool
        # cannot read) may refuse a missing unit or take it: either word stands
        Example(
            {
                **with_code(
                    "        return Response(",
                    "        from units import UNITS\n\n"
                    '        unit = self.args.get("unit") or ""\n'
                    "        if unit not in UNITS:\n"
                    '            return Response(message="unknown unit", break_loop=False)\n'
                    "        return Response(",
                ),
                "tools/wait.py.dox.md": with_dox(
                    "  - `seconds`: optional integer, default `0`.",
                    "  - `seconds`: optional integer, default `0`.\n  - `unit`: required.",
                )["tools/wait.py.dox.md"],
            }
        ),
        # a bound the converted default passes leaves the argument optional
        Example(
            with_code(
                "        return Response(",
                "        if seconds < 0:\n"
                '            return Response(message="negative", break_loop=False)\n'
                "        return Response(",
            )
        ),
    ]
    invalid = [
        Example(
            with_dox(
                "  - `seconds`: optional integer, default `0`.",
                "\n`seconds`\n: optional integer, default `0`.\n",
            ),
            [Expect(DOX, 11, "not documented in a form doxtool reads (it cannot read line 14")],
            fixed_clean=False,  # no list is written beside the person's
        ),
        Example(
            with_code(
                "        return Response(",
                '        until = self.args.get("until", "")\n        return Response(',
            ),
            [Expect(DOX, 14, "argument `until` is read at tools/wait.py:7")],
        ),
        # a line under the lead naming it in backticks documents it in another form
        Example(
            {
                **with_code(
                    "        return Response(",
                    '        until = self.args.get("until", "")\n        return Response(',
                ),
                "tools/wait.py.dox.md": with_dox(
                    "  - `seconds`: optional integer, default `0`.",
                    "  - `seconds`: optional integer, default `0`.\n  - `until` is when to stop.",
                )["tools/wait.py.dox.md"],
            },
            [Expect(DOX, 14, "not documented in a form doxtool reads (line 16 names it)")],
            fixed_clean=False,  # no item is written beside the person's line
        ),
        Example(
            with_dox(
                "  - `seconds`: optional integer, default `0`.", "  - `seconds`: required integer."
            ),
            [Expect(DOX, 15, "documented as required")],
        ),
        Example(
            with_dox(
                "  - `seconds`: optional integer, default `0`.",
                "  - `seconds`: optional number, default `1`.",
            ),
            [Expect(DOX, 15, "has `0` in the code")],
        ),
        # a bound the converted default does not pass refuses a missing key
        Example(
            with_code(
                "        return Response(",
                "        if seconds <= 0:\n"
                '            return Response(message="not positive", break_loop=False)\n'
                "        return Response(",
            ),
            [Expect(DOX, 15, "documented as optional")],
        ),
        # a check of the value's type refuses the None of a missing key
        Example(
            {
                **with_code(
                    "        return Response(",
                    '        units = self.args.get("units")\n'
                    "        if not isinstance(units, list):\n"
                    '            return Response(message="a list", break_loop=False)\n'
                    "        return Response(",
                ),
                "tools/wait.py.dox.md": with_dox(
                    "  - `seconds`: optional integer, default `0`.",
                    "  - `seconds`: optional integer, default `0`.\n  - `units`: optional.",
                )["tools/wait.py.dox.md"],
            },
            [Expect(DOX, 16, "documented as optional")],
        ),
    ]

    def narrowed(
        self,
        expected: ExpectedBlock,
        tools: dict[str, ToolFacts],
        classes: dict[str, ClassFacts],
        existing: dict[str, FactBlock],
    ) -> ExpectedBlock | None:
        """Less the arguments a base class's block documents (``Arguments of
        `BaseSearchTool`:`` for ``WebSearch(BaseSearchTool)``)."""
        tool = tools.get(expected.subject or "")
        if tool is None:
            return expected
        return less_base_documented(expected, tool, classes, existing)

    def compare(
        self, ctx: Context, doc: Documented, expected: ExpectedBlock, block: FactBlock | None
    ) -> Iterator[Finding]:
        if block is not None and values_agree(expected, block):
            return
        tool = tool_of(ctx, doc.module, expected.subject)
        fix = self.fix(doc, expected, f"update arguments of {expected.subject}")
        line = self.where(doc, block, expected)
        if block is None:
            unread = unread_lead(doc.companion, expected)
        else:
            unread = block.line if in_code(block, expected) else None
        if block is None or unread is not None:
            # (a lead over an example of the arguments in code is reported
            # where a missing block is)
            line = self.where(doc, None, expected)
            lead = f"`Arguments of `{expected.subject}`:` line"
            where = (
                f"(no {lead})"
                if unread is None
                else f"in a form doxtool reads (it cannot read line {unread} as an {lead} "
                "with the arguments under it)"
            )
            if unread is not None and block is None and says_none(doc.companion, unread):
                if not _arg_values(expected.values) and not expected.open:
                    return  # ``- Arguments: none.``, and the tool reads none
                where = none_is_false(unread, expected, tool, doc.module) or where
            yield self.finding(
                f"arguments of `{expected.subject}` are not documented {where}",
                doc.path,
                line,
                subject=f"{doc.module}:{expected.key}",
                fix=fix,
            )
            return
        expected_args = {a["name"]: a for a in _arg_values(expected.values)}
        documented_args: dict[str, dict[str, Any]] = {}
        for item in documented_arguments(block.values, set(expected_args)):
            # an item listed twice is judged by its first copy (DOX141 tells of the second)
            documented_args.setdefault(item["name"], item)
        reported = False
        for name, want in expected_args.items():
            read = tool.argument(name) if tool else None
            where = read.where(doc.module) if read is not None else doc.module
            have = documented_args.get(name)
            if have is None:
                reported = True
                noted = naming_note(doc.companion, block, name)
                if noted is None:
                    noted = naming_line_after(doc.companion, expected, block, name)
                yield self.finding(
                    f"argument `{name}` is read at {where} but not documented"
                    + (
                        f" in a form doxtool reads (line {noted} names it)"
                        if noted is not None
                        else ""
                    ),
                    doc.path,
                    line,
                    subject=f"{doc.module}:{expected.subject}:argument:{name}",
                    fix=fix,
                )
                continue
            for problem in argument_differences(want, have):
                reported = True
                yield self.finding(
                    f"argument `{name}` {problem} (read at {where})",
                    doc.path,
                    block.item_lines.get(name, line),
                    subject=f"{doc.module}:{expected.subject}:argument:{name}",
                    fix=fix,
                )
        for name in documented_args:
            # a tool that takes arguments it does not name may read this one
            if name not in expected_args and not expected.open:
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


RULES: list[type[Rule]] = [ArgumentsDrift]
