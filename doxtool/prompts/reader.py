"""The markdown walk of a prompt file: one pass over markdown-it's tokens
that finds the tools a prompt teaches (headings, list items, examples), the
arguments (``args:`` lines, argument lists, examples) and the JSON examples,
with their positions in the file.
"""

from __future__ import annotations

import bisect
import re
from typing import TYPE_CHECKING

from doxtool.core.facts import Problem
from doxtool.prompts.argtext import (
    ARG_NAME_RE,
    OPTIONAL_RE,
    Span,
    args_line_names,
    bare_names,
    table_argument_names,
    table_bare_names,
    table_row_names,
)
from doxtool.prompts.barenames import bare_written_names, code_names, schema_names, span_names
from doxtool.prompts.calls import read_call
from doxtool.prompts.exampletext import is_inline_example, root_objects
from doxtool.prompts.exlabels import html_lead, inline_label, labels_right, wrong_section
from doxtool.prompts.frontmatter import markdown_source, parsed
from doxtool.prompts.headings import (
    TOOL_NAME_RE,
    is_methods_section,
    is_sub_section,
    title_name,
)
from doxtool.prompts.introduced import Sections
from doxtool.prompts.labeltitle import label_title
from doxtool.prompts.leads import (
    NOT_ARGUMENTS_RE,
    QUALIFIERS,
    continued_lead,
    ends_with_args_list_header,
    optional_lead,
)
from doxtool.prompts.model import PromptDoc, PromptExample, PromptTool, TaughtArgument
from doxtool.prompts.named import YAML_INFO, bold_names, dotted_name, item_name, yaml_arguments
from doxtool.prompts.negation import item_forbids, labels_wrong
from doxtool.prompts.rowleads import bold_lead_name, plain_item_name
from doxtool.prompts.sets import tool_key
from doxtool.prompts.textmap import TextMap
from doxtool.prompts.titledparts import heading_tool
from doxtool.prompts.tokens import spans_of
from doxtool.prompts.values import values_lead

if TYPE_CHECKING:  # markdown-it is imported by the first parse (a cached run needs none)
    from markdown_it.token import Token

#: fence info strings (first word, any case) that mark a JSON example
JSON_INFO = frozenset({"json", "json5", "jsonc"})

_ARGS_LINE_RE = re.compile(
    rf"[ \t]*(?:\*\*|__)?{QUALIFIERS}(?:args?|arguments?)[ \t]*(?:(?:\*\*|__)[ \t]*)?:(?:\*\*|__)?",
    re.I,
)
#: an ``args`` line without a colon (``args path content``): its words name
#: arguments only as bare words (:func:`~doxtool.prompts.argtext.bare_names`)
_BARE_ARGS_LINE_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?(?:args?|arguments?)(?:\*\*|__)?[ \t]+(?=[^\W\d])", re.I
)
#: the end of an ``args:`` line that goes on on the next line of its paragraph
_WRAPS_RE = re.compile(r"(?:[,;]|\band|\bor)[ \t]*\Z", re.I)
#: ``args`` after the name of a list item: ``- `memory_load`: args `query```
_ITEM_ARGS_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?(?:args?|arguments?)\b[ \t]*(?:\*\*|__)?[ \t]*:?(?:\*\*|__)?", re.I
)
#: what follows a list item's first span when the span names the item:
#: ```name`: ...``, ```name` (required): ...``, ```name` — ...``
_ITEM_NAME_END_RE = re.compile(r"[ \t]*(?:\([^()\n]*\)[ \t]*)?(?::|\u2014|\u2013|-(?=\s))")


class PromptReader:
    """One pass over the markdown-it token stream of a prompt."""

    def __init__(self, text: str, doc: PromptDoc) -> None:
        self.source = markdown_source(text)  # token lines index its lines
        self.lines = self.source.split("\n")
        self.doc = doc
        self.tool: str | None = None
        #: the line that introduces the next block: the last line of the
        #: previous paragraph, or a heading (as if it ended in ``:``)
        self.lead = ""
        #: the lead a heading gave (what a list right under it follows)
        self.heading_lead: str | None = None
        #: whether a fence was read since the lead: it labels that fence only
        self.fenced = False
        #: whether a heading that may be the title was read (one of level 1
        #: to 3, or a deeper one naming a tool): only the first heading of a
        #: tool prompt file (``agent.system.tool.*.md``) may be its title
        self.headed = not doc.path.rpartition("/")[2].startswith("agent.system.tool.")
        #: the level of the title heading whose section is being read, or 0
        self.title_level = 0
        #: the numbers of the lists open around the token read, innermost last
        self.lists: list[int] = []
        self.list_count = 0
        #: the argument each list's lead gives values of (``Set `action` to one of:``)
        self.value_leads: dict[int, tuple[str, bool]] = {}
        self.sections = Sections()
        #: the level of the section of the title's tool read when it names
        #: the tool's methods (``## Methods``), or 0
        self.methods = 0
        #: the line of the ``## Methods`` heading (``## Available Methods``)
        #: whose section is read, in a file whose title names no tool; or 0
        self.method_part = 0
        #: the level of the heading whose section shows only examples to avoid, or 0
        self.wrong_level = 0

    def read(self) -> None:
        from doxtool.core.mdlimits import NESTED_TOO_DEEPLY

        tokens, cut, self.source = parsed(self.source)
        self.lines = self.source.split("\n")
        if cut is not None:
            self.doc.problems.append(Problem(NESTED_TOO_DEEPLY, cut + 1, 1, "limit"))
        for index, token in enumerate(tokens):
            if token.type == "inline":
                self.sections.prose.append(token.content)
            if token.type == "heading_open":
                self.sections.end(self.doc.examples, token.tag)
                self._heading(token, tokens[index + 1])
                level = int(token.tag[1:]) if token.tag[1:].isdigit() else 6
                self.wrong_level = wrong_section(level, tokens[index + 1].content, self.wrong_level)
                self.lead = tokens[index + 1].content.strip().rstrip(":") + ":"
                self.heading_lead = self.lead
                self.fenced = False
                if self.doc.tools and ends_with_args_list_header(self.lead):
                    self._argument_list(
                        tokens, index + 3, optional_lead(self.lead)
                    )  # ``#### Arguments``
            elif token.type == "inline" and tokens[index - 1].type == "paragraph_open":
                label_title(self, token)
                self._paragraph(token)
                item = index >= 2 and tokens[index - 2].type == "list_item_open"
                if item or (not self.lists and bold_lead_name(token.content)):
                    self._list_item_name(token)  # also ``**image_gen** - makes images`` alone
                lead = "" if self.lead is self.heading_lead else self.lead
                self._bare_names(token, lead if item else None)
                if ends_with_args_list_header(token.content):
                    self._argument_list(tokens, index + 2, optional_lead(token.content))
                self.lead = token.content[token.content.rfind("\n") + 1 :]
                self.fenced = False
            elif token.type in ("bullet_list_open", "ordered_list_open"):
                self.list_count += 1
                self.lists.append(self.list_count)
                if (value_of := values_lead(self.lead)) is not None:
                    self.value_leads[self.list_count] = value_of
            elif token.type in ("bullet_list_close", "ordered_list_close") and self.lists:
                self.lists.pop()
            elif token.type in ("fence", "code_block"):  # (an indented block: a fence without info)
                self._fence(token)
                self.fenced = True
            elif token.type == "html_block":
                self._html_block(token)
        self.sections.end(self.doc.examples)

    # Headings ---------------------------------------------------------------

    def _heading(self, token: Token, inline: Token) -> None:
        level = int(token.tag[1:]) if token.tag[1:].isdigit() else 6
        if level > 3 and (self.headed or title_name(inline.content) is None):
            # a part of its section; as a tool prompt's first heading, a title when it
            # names a tool (``#### wait``), as any level is to the framework
            return
        key = None if self.headed else tool_key(self.doc.path.rpartition("/")[2])
        if level >= 3 and is_sub_section(inline.content, key):
            return  # ``### arguments`` under ``### kv_store``: still its section
        first, self.headed = not self.headed, True
        name, mark = heading_tool(inline.content, level, first, self.title_level, self.tool)
        source = "heading"
        if name is None and first:
            # the file's first heading names its tool by its first word, as the
            # framework reads it (``# sftp_upload tool``, ``### gamma (experimental)``)
            name, source = title_name(inline.content), "title"
            self.title_level = level if name is not None else 0
        elif name is None and level > self.title_level > 0:
            # a section of the title's tool (``## Arguments`` under ``# x tool``)
            self.methods = level if is_methods_section(inline.content) else 0
            return
        elif level > self.methods > self.title_level > 0:
            return  # ``### `ingest_url``` under its ``## Methods``: the title tool's
        else:
            self.title_level = 0
            if level < 3:  # its ``###`` headings may name methods (a title names no tool)
                methods = token.map is not None and is_methods_section(inline.content)
                self.method_part = token.map[0] + 1 if methods and token.map else 0
        self.tool = name
        if name is None or inline.map is None:
            return
        text_map = TextMap(inline.content, inline.map[0], self.lines)
        at = text_map.position(max(inline.content.find(name), 0))
        self.doc.tools.append(PromptTool(name, *at, source, part=self.method_part, mark=mark))

    # Paragraphs: args lines and inline examples -----------------------------

    def _paragraph(self, inline: Token) -> None:
        if inline.map is None:
            return
        spans = spans_of(inline)
        text_map = TextMap(inline.content, inline.map[0], self.lines)
        self._args_lines(inline.content, spans, text_map)
        tables = "|" in inline.content and len(text_map.starts) >= 3
        # the arguments taught so far are gathered for a table only: doing it
        # for every paragraph made a long list quadratic
        taught = (
            frozenset(a.name for a in self.doc.arguments if a.tool == self.tool)
            if tables
            else frozenset()
        )
        listed = table_argument_names(inline.content, text_map.starts, spans, self.lead, taught)
        for found in listed:
            line, column = text_map.position(found.offset)
            self.doc.arguments.append(
                TaughtArgument(found.name, line, column, found.optional, "table", self.tool)
            )
        if tables:  # ``| path | the file |``: a name written bare
            for offset, name in table_bare_names(inline.content, text_map.starts, spans):
                self._mention(name, *text_map.position(offset), "word")
        if tables and not listed:  # ``| `memory_load` | `query` | load |``: as a list item
            for offset, name in table_row_names(inline.content, text_map.starts, spans):
                line, column = text_map.position(offset)
                self.doc.listed.append(PromptTool(name, line, column, "list", section=self.tool))
        named = bold_names(inline.content)
        after = example_end = 0  # the end of the previous span, and of the previous example
        for span in spans:
            if is_inline_example(span.content):
                lead = "" if self.fenced else self.lead
                label = inline_label(inline.content, (after, example_end), span.open, lead)
                self._example(span.content, span.start, text_map, True, label)
                example_end = span.close
            elif (dotted := dotted_name(span.content)) is not None:
                # ``tool_args.timestamp`` names ``timestamp``
                named.append((span.start + span.content.rfind(dotted), dotted))
            elif TOOL_NAME_RE.match(name := span.content.strip()):
                named.append((span.start + span.content.find(name), name))
            else:  # ``action=create``, ``todo(action="add")``
                named.extend(span_names(inline.content, span))
            after = span.close
        for offset, name in sorted(named):
            self._mention(name, *text_map.position(offset))

    def _bare_names(self, inline: Token, item_lead: str | None) -> None:
        """``memory_save(text, area)``, ``text=<fact>``, ``- text: the fact``:
        names written bare where only a name goes, mentioned."""
        if inline.map is None:
            return
        text_map = TextMap(inline.content, inline.map[0], self.lines)
        for offset, name in bare_written_names(inline.content, spans_of(inline), item_lead):
            self._mention(name, *text_map.position(offset), "word")

    def _mention(self, name: str, line: int, column: int, source: str = "mention") -> None:
        """A name the section's prose writes (``the given `url```, ``**path**:``;
        source ``word``: a bare word of an ``args`` line or a table's first
        cell, ``args: path``)."""
        self.doc.mentions.append(TaughtArgument(name, line, column, True, source, self.tool))

    def _list_item_name(self, inline: Token) -> None:
        """``- `memory_save`: args ...``: a list item named by its first span
        (also ``- `path` (required): ...`` and ``- `path` — ...``)."""
        spans, content = spans_of(inline), inline.content
        if inline.map is None:
            return
        if not spans or content[: spans[0].open].strip():
            plain = plain_item_name(content)  # ``- **memory_save** — save a fact``
            if plain is not None:
                at = TextMap(content, inline.map[0], self.lines).position(plain[0])
                self._listed(plain[1], *at).plain = True
            return
        named = _ITEM_NAME_END_RE.match(content, spans[0].close)
        if not named:
            return
        name = spans[0].content.strip()
        if not TOOL_NAME_RE.match(name) or item_forbids(content, spans[0].close, named.end()):
            return  # ``- `old_tool`: removed, use `new_tool```: it stays a mention
        text_map = TextMap(content, inline.map[0], self.lines)
        item = self._listed(name, *text_map.position(spans[0].start + spans[0].content.find(name)))
        # ``- `memory_load`: args `query`, optional `limit```: the item's tool's
        # arguments (read for it only when it is a tool), or its section tool's
        # when the name is a value of that tool's (``- `open`: args `url```)
        lead = _ITEM_ARGS_RE.match(content, named.end())
        if lead is not None:
            taught = len(self.doc.arguments)
            self._args_line(content, lead.end(), 0, spans, text_map, name, key=name)
            item.with_args = len(self.doc.arguments) > taught

    def _listed(self, name: str, line: int, column: int) -> PromptTool:
        """A list item of the current list named ``name``, recorded."""
        group = self.lists[-1] if self.lists else 0
        item = PromptTool(name, line, column, "list", group, section=self.tool)
        item.value_of, item.value_named = self.value_leads.get(group, (None, False))
        self.doc.listed.append(item)
        return item

    def _args_lines(self, content: str, spans: list[Span], text_map: TextMap) -> None:
        for index, start in enumerate(text_map.starts):
            end = _line_end(content, text_map.starts, index)
            match = _ARGS_LINE_RE.match(content, start, end)
            if match is not None and not NOT_ARGUMENTS_RE.search(content, start, match.end()):
                self._args_line(content, match.end(), index, spans, text_map, self.tool)
            else:  # ``args path content``: a line of bare names only
                match = _BARE_ARGS_LINE_RE.match(content, start, end)
            if match is not None:
                # ``args: path, optional encoding``: names without backticks
                for offset, name in bare_names(content, match.end(), end, spans):
                    self._mention(name, *text_map.position(offset), "word")

    def _args_line(
        self,
        content: str,
        after: int,
        index: int,
        spans: list[Span],
        text_map: TextMap,
        tool: str | None,
        key: str | None = None,
        into: list[TaughtArgument] | None = None,
    ) -> None:
        """The arguments of the ``args:`` line ``index`` of a paragraph, from
        offset ``after`` on (``key``: the name of the list item they follow),
        added to ``into`` (the taught arguments unless given)."""
        starts = text_map.starts
        end = _line_end(content, starts, index)
        # a line ending in a comma (or ``and``, ``or``) wraps onto the next
        following = index + 1
        while (
            following < len(starts)
            and _WRAPS_RE.search(content, starts[index], end)
            and not _ARGS_LINE_RE.match(content, starts[following])
        ):
            end = _line_end(content, starts, following)
            following += 1
        opens = [span.open for span in spans]
        first = bisect.bisect_left(opens, after)
        last = bisect.bisect_right(opens, end)
        on_line = [span for span in spans[first:last] if span.close <= end]
        found = self.doc.arguments if into is None else into
        section = self.tool if key is not None else None
        for span, optional in args_line_names(content, after, end, on_line):
            name = span.content.strip()
            line, column = text_map.position(span.start + span.content.find(name))
            found.append(
                TaughtArgument(name, line, column, optional, "args-line", tool, key, section)
            )

    def _argument_list(self, tokens: list[Token], index: int, optional: bool = False) -> None:
        """Arguments listed right after an ``Arguments in `tool_args`:`` line
        (each optional when the lead says so)."""
        if index >= len(tokens) or tokens[index].type not in (
            "bullet_list_open",
            "ordered_list_open",
        ):
            return
        item_level = tokens[index].level + 1
        for position in range(index + 1, len(tokens)):
            token = tokens[position]
            if token.level < item_level:  # the list's closing token
                break
            if token.type != "list_item_open" or token.level != item_level:
                continue
            inline = tokens[position + 2] if position + 2 < len(tokens) else None
            if inline is None or inline.type != "inline" or inline.map is None:
                continue
            lead = continued_lead(inline.content, self.lines[inline.map[1] - 1])
            self._argument_item(inline, optional, lead)
            if lead is not None:  # ``rules:`` ending the item's paragraph leads what follows
                if not ends_with_args_list_header(inline.content):
                    break
                optional = optional_lead(inline.content)

    def _argument_item(self, inline: Token, optional: bool = False, end: int | None = None) -> None:
        """One item of an argument list, its text up to ``end`` (where a lead ends it)."""
        spans = spans_of(inline)
        content = inline.content[:end]
        if not spans or content[: spans[0].open].strip():
            # ``* summary (string, required): ...``: a bare name, mentioned
            bare = item_name(content)
            if bare is not None and inline.map is not None:
                text_map = TextMap(content, inline.map[0], self.lines)
                self._mention(bare[1], *text_map.position(bare[0]))
            return
        name = spans[0].content.strip()
        if not ARG_NAME_RE.match(name):
            return
        named = _ITEM_NAME_END_RE.match(content, spans[0].close)
        if item_forbids(content, spans[0].close, named.end() if named else None):
            return  # ``- `msg`: removed, send `text```
        text_map = TextMap(content, inline.map[0] if inline.map else 0, self.lines)
        line, column = text_map.position(spans[0].start + spans[0].content.find(name))
        self.doc.arguments.append(
            TaughtArgument(
                name,
                line,
                column,
                optional or bool(OPTIONAL_RE.search(content)),
                "arguments-list",
                self.tool,
            )
        )
        if named is not None and content[named.end() :].lstrip(" \t").startswith("`"):
            # ``- `add`: `text` (required), `priority```: the arguments of a
            # value ``add`` when it is one; names after prose (``- `list`:
            # items whose status is `open```) are not read as arguments, and
            # an item with ``args`` after its name is read as such by
            # :meth:`_list_item_name`
            start = len(self.doc.keyed)
            self._args_line(
                content, named.end(), 0, spans, text_map, self.tool, name, self.doc.keyed
            )
            for keyed in self.doc.keyed[start:]:
                keyed.source, keyed.optional = "arguments-list", keyed.optional or optional

    # Fences and HTML --------------------------------------------------------

    def _fence(self, token: Token) -> None:
        if token.map is None:
            return
        start, end = token.map
        content = token.content
        # the file line of the content's first line: past a fence's opening line
        first = start if token.type == "code_block" else start + 1
        content_lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
        if token.type == "fence" and content_lines != end - start - 2:
            # markdown-it runs an unclosed fence to the end of its container
            unclosed = "code fence is never closed; the rest of its block is read as code"
            at = self._marker_position(start, token.markup)
            self.doc.problems.append(Problem(unclosed, *at, "structure"))
        language = token.info.strip().split(maxsplit=1)[0].lower() if token.info.strip() else ""
        stripped = content.lstrip()
        is_json = language in JSON_INFO or (
            not language and stripped.startswith("{") and not stripped.startswith("{{")
        )
        if is_json:
            body = content[:-1] if content.endswith("\n") else content
            text_map = TextMap(content, first, self.lines)
            # several objects one after another: each its own example
            label = "" if self.fenced else self.lead
            before = len(self.doc.examples)
            for begin, end in root_objects(body) or [(0, len(body))]:
                self._example(body[begin:end], begin, text_map, False, label)
            for example in self.doc.examples[before:]:  # no fence: an indented block
                example.indented = token.type == "code_block"
        else:
            # ``tool_args:`` then ``  address: ...`` in YAML, ``notes(text="x")``,
            # ``<arg name="text">``, ``{ text: string }`` in other languages
            if language in YAML_INFO:
                named = yaml_arguments(content)
            else:
                named = code_names(content, self.tool)
            for index, column, name in named:
                self._mention(name, first + index + 1, column + 1)

    def _html_block(self, token: Token) -> None:
        content = token.content
        if (lead := html_lead(content)) is not None:  # ``<summary>Wrong</summary>``
            self.lead, self.fenced = lead, False
        if token.map:  # ``<notes><text>hello</text></notes>``: names, as in a code block
            for index, column, name in code_names(content, self.tool):
                self._mention(name, token.map[0] + index + 1, column + 1)
        if content.lstrip().startswith("<!--") and "-->" not in content and token.map:
            unclosed = "HTML comment is never closed; the rest of its block is hidden"
            at = self._marker_position(token.map[0], "<!--")
            self.doc.problems.append(Problem(unclosed, *at, "structure"))

    def _marker_position(self, line_index: int, marker: str) -> tuple[int, int]:
        raw = self.lines[line_index] if line_index < len(self.lines) else ""
        return line_index + 1, max(raw.find(marker), 0) + 1

    # Examples ---------------------------------------------------------------

    def _example(self, text: str, base: int, text_map: TextMap, inline: bool, label: str) -> None:
        """Parse one example; ``base`` is the offset of ``text`` in the map's
        content, ``label`` the text that introduces it. One its label says is
        wrong is kept apart, unread (:attr:`PromptDoc.counter_examples`)."""
        lead = len(text) - len(text.lstrip())
        line, column = text_map.position(base + (lead if text.strip() else 0))
        example = PromptExample(line, column, text, inline=inline, label=label)
        if labels_wrong(label) or (self.wrong_level and not labels_right(label)):
            self.doc.counter_examples.append(example)
            return
        self.doc.examples.append(example)
        read_call(self.doc, example, self.tool, lambda offset: text_map.position(base + offset))
        for name in schema_names(example.data):  # ``"properties": {"text": ...}``
            self._mention(name, line, column)


def _line_end(content: str, starts: list[int], index: int) -> int:
    """The offset just past line ``index`` of a block's content (before its newline)."""
    return starts[index + 1] - 1 if index + 1 < len(starts) else len(content)
