"""Prompt files: what one prompt teaches the model about tools.

:func:`parse_prompt` turns the text of a prompt file (``agent.system.tool.*.md``,
the ``agent.system.tools.md`` wrapper, a profile override) into a
:class:`PromptDoc` of plain dataclasses. It never raises: prompts are input,
and a broken one must yield findings, not a traceback.

Positions are 1-based lines and columns of the prompt *file*; a column counts
characters (code points), a tab counts as one. CRLF and lone CR count as one
line break, as in markdown-it.

What is extracted, and the rules chosen where real prompts are ambiguous:

Tools (:class:`PromptTool`)
    Every ``###`` heading whose text, without surrounding backticks and a
    trailing colon (``### response:``), is a single name
    (a letter or ``_`` of any script, then letters, digits, ``_.:-``, so
    ``scheduler:create_task`` counts) is a
    tool heading. ``### Example usage`` (prose) is not. Every example's string
    ``"tool_name"`` is a tool too, positioned at the value.

The section's tool
    Arguments taught in prose belong to the nearest preceding tool heading. Any
    heading of level 1 to 3 starts a new section; one that is not a tool
    heading ends the tool's section. ``####`` and deeper stay inside it.

``args:`` lines (:class:`TaughtArgument`, source ``args-line``)
    A paragraph line starting with ``args:`` or ``arguments:`` (optionally in
    ``**bold**``) teaches the backticked names after the colon, split into
    items by commas or semicolons outside parentheses. A name is optional
    when the word ``optional`` precedes it in its own item or in an earlier
    item of the line (real prompts write ``args: `message`, optional `title`,
    `detail``` and mean both ``title`` and ``detail``); the word ``required``
    ends that run (of the two words, the last one before a name decides).
    ``optional`` after a name in its own item (``(optional)``) marks that name
    only. Backticked text inside parentheses, or that is not a plain name, is
    not an argument (``(one of `list`, `create`)`` lists values). A name
    repeated on the line (``an alias of `text```) is taught once. Only the
    line itself counts: a list wrapped onto the next line is not read.

``Arguments in `tool_args`:`` lists (source ``arguments-list``)
    The list right after a paragraph whose last line is that header teaches
    one argument per top-level item that starts with a backticked name
    (``- `name`: meaning``); the item is optional when its text contains the
    word ``optional``. Nested lists describe values, not arguments.

Examples (:class:`PromptExample`)
    Fenced blocks (``` or ~~~) whose info string is ``json``, ``json5`` or
    ``jsonc``, fences with no info string whose content starts with ``{``, and
    inline code spans whose text starts with ``{`` and contains
    ``"tool_name"``. Text starting with ``{{`` is a template directive, not an
    example. Keys of an example's ``tool_args`` object are taught arguments
    (source ``example``, never optional) positioned at the key.

Lenient JSON
    Examples are parsed leniently: trailing commas are accepted, and so is
    what ``json5`` accepts (comments, single quotes, unquoted keys) for
    examples up to :data:`JSON5_MAX_CHARS` characters (json5 is pure Python and
    slow; longer examples are held to strict JSON plus trailing commas).
    Nesting deeper than :data:`MAX_JSON_DEPTH` levels is reported as an error
    at the first bracket past the limit instead of being parsed, so deep input
    cannot exhaust the stack (a RecursionError is still caught and reported).
    Error messages are the parser's (``expecting ',' delimiter``,
    ``unexpected '}'``); see :func:`_load_example` for which parser's error
    is reported when both fail.

Template directives
    ``{{ include "x.md" }}``, ``{{if x}}``, ``{{endif}}``, ``{{var}}`` are
    tolerated anywhere. Inside a JSON example, before parsing, a directive
    outside a string is replaced by a placeholder of the same length, so
    positions of errors stay exact: ``null`` where a value is expected (a
    bare ``"n": {{count}}`` parses, with ``None`` in ``data``), and blanks for
    the control directives ``if``, ``elif``, ``else`` and ``endif`` and for
    directives where an object key is expected (a directive that adds
    members). A directive inside a string stays as written, except that its
    quote characters become the other quote so it cannot end the string early.
"""

from __future__ import annotations

import bisect
import json
import re
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from doxtool.core.facts import Problem

if TYPE_CHECKING:  # markdown-it is imported by the first parse (a cached run needs none)
    from markdown_it import MarkdownIt
    from markdown_it.rules_inline.state_inline import StateInline
    from markdown_it.token import Token

#: nesting deeper than this is reported instead of parsed (json5 needs about
#: 16 stack frames a level, so far deeper input would exhaust the stack)
MAX_JSON_DEPTH = 40

#: examples longer than this skip the slow json5 fallback (strict JSON plus
#: trailing commas only)
JSON5_MAX_CHARS = 32 * 1024

#: fence info strings (first word, any case) that mark a JSON example
JSON_INFO = frozenset({"json", "json5", "jsonc"})


@dataclass
class JsonError:
    """Why an example is not (lenient) JSON, at a position in the prompt file."""

    message: str
    line: int
    column: int


@dataclass
class PromptTool:
    """A tool name the prompt teaches."""

    name: str
    line: int
    column: int
    #: heading | example | list (see :attr:`PromptDoc.listed`)
    source: str = "heading"


@dataclass
class TaughtArgument:
    """An argument name the prompt teaches for a tool."""

    name: str
    line: int
    column: int
    optional: bool = False
    #: args-line | arguments-list | example
    source: str = "args-line"
    #: the tool the section or example documents; None outside any tool section
    tool: str | None = None


@dataclass
class PromptExample:
    """A JSON usage example, fenced or inline."""

    #: position of the example's first non-blank character (normally ``{``)
    line: int
    column: int
    #: the example's source text as parsed: fence content, or code span content
    text: str
    tool_name: str | None = None
    #: ``tool_args`` when it is an object
    tool_args: dict[str, Any] | None = None
    #: top-level keys in source order
    keys: list[str] = field(default_factory=list)
    #: the parsed value (template placeholders read as None)
    data: Any = None
    error: JsonError | None = None
    inline: bool = False


@dataclass
class PromptDoc:
    """Everything one prompt file teaches."""

    path: str
    tools: list[PromptTool] = field(default_factory=list)
    arguments: list[TaughtArgument] = field(default_factory=list)
    examples: list[PromptExample] = field(default_factory=list)
    #: names starting a list item (``- `memory_save`: args ...``): a tool the
    #: prompt teaches when one is so named, else an argument or a value
    listed: list[PromptTool] = field(default_factory=list)
    has_tools_placeholder: bool = False
    #: length of the text in characters
    size: int = 0
    problems: list[Problem] = field(default_factory=list)

    @property
    def tool_names(self) -> list[str]:
        """Distinct tool names of headings and examples in order of first appearance."""
        return list(dict.fromkeys(tool.name for tool in self.tools))

    @property
    def listed_names(self) -> list[str]:
        """Names that start a list item (``- `memory_save`: args ...``)."""
        return list(dict.fromkeys(tool.name for tool in self.listed))

    def arguments_of(self, tool: str) -> list[TaughtArgument]:
        return [arg for arg in self.arguments if arg.tool == tool]


def parse_prompt(text: str, path: str) -> PromptDoc:
    """Extract tools, arguments and examples from a prompt file's text."""
    doc = PromptDoc(
        path=path, size=len(text), has_tools_placeholder=bool(_TOOLS_PLACEHOLDER_RE.search(text))
    )
    try:
        _PromptReader(text, doc).read()
    except ImportError:
        raise  # a missing parser is doxtool's problem, not the prompt's
    except Exception as exc:  # a prompt is input: a bug here must not cost the whole run
        doc.problems.append(
            Problem(f"prompt not fully analysed: {type(exc).__name__}: {exc}", kind="internal")
        )
    return doc


# --- Markdown ---------------------------------------------------------------

_TOOLS_PLACEHOLDER_RE = re.compile(r"\{\{\s*tools\s*\}\}")
_NEWLINE_RE = re.compile(r"\r\n?")
# names may be written in any script, as Python identifiers may
_TOOL_NAME_RE = re.compile(r"[^\W\d][\w.:-]*\Z")
_ARG_NAME_RE = re.compile(r"[^\W\d][\w-]*\Z")
_ARGS_LINE_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?(?:args?|arguments?)[ \t]*(?:\*\*|__)?[ \t]*:(?:\*\*|__)?", re.I
)
_ARGS_LIST_HEADER_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?arguments[ \t]+in[ \t]+`?tool_args`?[ \t]*(?:\*\*|__)?[ \t]*:"
    r"(?:\*\*|__)?[ \t]*\Z",
    re.I,
)
_OPTIONAL_RE = re.compile(r"\boptional\b", re.I)
_OPTIONALITY_RE = re.compile(r"\b(optional|required)\b", re.I)
_ITEM_PUNCTUATION_RE = re.compile(r"[(),;]")
#: words that may join two names in one item of an ``args:`` line
#: (```text` or `message```); any other word makes the next span a value
#: (```wait` default `true```, ```action` as `start|await```)
_JOINING_WORDS = frozenset({"and", "or", "optional", "required", "/", "&", "|"})


def _backtick_with_offsets(state: StateInline, silent: bool) -> bool:
    """markdown-it's code span rule, recording where the span lies in its source.

    markdown-it gives inline tokens no positions; the offsets of the opening
    and closing backtick runs let positions be mapped back to the file.
    """
    from markdown_it.rules_inline.backticks import backtick

    start = state.pos
    count = len(state.tokens)
    matched = backtick(state, silent)
    if matched and not silent and len(state.tokens) > count:
        token = state.tokens[-1]
        if token.type == "code_inline":
            width = len(token.markup)
            token.meta = {"open": start, "close": state.pos, "width": width}
    return matched


@cache
def _markdown() -> MarkdownIt:
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark")
    md.inline.ruler.at("backticks", _backtick_with_offsets)
    return md


class _TextMap:
    """Maps offsets in text extracted by markdown-it to positions in the file.

    Block content loses container prefixes (``> ``, list indentation) and a
    paragraph's outer whitespace, but each of its lines is still the end of a
    file line: a line's offset is found by matching it against the file line.
    """

    def __init__(self, content: str, first_line: int, lines: list[str]) -> None:
        self.content = content
        #: 0-based index of the file line holding the content's first line
        self.first_line = first_line
        self.lines = lines
        self.starts = [0, *(m.end() for m in re.finditer("\n", content))]
        self._anchors: dict[int, tuple[int, int]] = {}

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) in the file of ``content[offset]``."""
        index = bisect.bisect_right(self.starts, offset) - 1
        column = offset - self.starts[index]
        line = self.first_line + index
        raw_start, lead = self._anchor(index)
        if column >= lead:
            raw_column = raw_start + column - lead
        else:  # leading blanks of the piece, possibly expanded from a tab
            raw_column = max(raw_start - (lead - column), 0)
        return line + 1, raw_column + 1

    def _anchor(self, index: int) -> tuple[int, int]:
        """Where the piece's first non-blank character is in the file line."""
        if index not in self._anchors:
            end = self.starts[index + 1] - 1 if index + 1 < len(self.starts) else len(self.content)
            piece = self.content[self.starts[index] : end]
            stripped = piece.strip()
            lead = len(piece) - len(piece.lstrip())
            line = self.first_line + index
            raw = self.lines[line] if line < len(self.lines) else ""
            raw_body = raw.rstrip()
            if not stripped:
                anchor = (lead, lead)
            elif raw_body.endswith(stripped):
                anchor = (len(raw_body) - len(stripped), lead)
            else:
                found = raw.find(stripped)
                anchor = (found, lead) if found >= 0 else (lead, lead)
            self._anchors[index] = anchor
        return self._anchors[index]


@dataclass
class _Span:
    """An inline code span, by offsets in its inline source."""

    #: the opening backtick run
    open: int
    #: the content, between the backtick runs
    start: int
    end: int
    #: just after the closing backtick run
    close: int
    content: str


class _PromptReader:
    """One pass over the markdown-it token stream of a prompt."""

    def __init__(self, text: str, doc: PromptDoc) -> None:
        # Normalise as markdown-it does, so token lines index these lines.
        self.source = _NEWLINE_RE.sub("\n", text).replace("\x00", "\ufffd")
        self.lines = self.source.split("\n")
        self.doc = doc
        self.tool: str | None = None

    def read(self) -> None:
        from doxtool.core.mdlimits import NESTED_TOO_DEEPLY, parse_checked

        tokens, cut = parse_checked(_markdown(), self.source)
        if cut is not None:
            self.doc.problems.append(Problem(NESTED_TOO_DEEPLY, cut + 1, 1, "limit"))
        for index, token in enumerate(tokens):
            if token.type == "heading_open":
                self._heading(token, tokens[index + 1])
            elif token.type == "inline" and tokens[index - 1].type == "paragraph_open":
                self._paragraph(token)
                if index >= 2 and tokens[index - 2].type == "list_item_open":
                    self._list_item_name(token)
                if _ends_with_args_list_header(token.content):
                    self._argument_list(tokens, index + 2)
            elif token.type == "fence":
                self._fence(token)
            elif token.type == "html_block":
                self._html_block(token)

    # Headings ---------------------------------------------------------------

    def _heading(self, token: Token, inline: Token) -> None:
        level = int(token.tag[1:]) if token.tag[1:].isdigit() else 6
        if level > 3:
            return
        name = _heading_name(inline.content) if level == 3 else None
        self.tool = name
        if name is None or inline.map is None:
            return
        text_map = _TextMap(inline.content, inline.map[0], self.lines)
        line, column = text_map.position(max(inline.content.find(name), 0))
        self.doc.tools.append(PromptTool(name, line, column, "heading"))

    # Paragraphs: args lines and inline examples -----------------------------

    def _paragraph(self, inline: Token) -> None:
        if inline.map is None:
            return
        spans = _spans(inline)
        text_map = _TextMap(inline.content, inline.map[0], self.lines)
        self._args_lines(inline.content, spans, text_map)
        for span in spans:
            if _is_inline_example(span.content):
                self._example(span.content, span.start, text_map, True)

    def _list_item_name(self, inline: Token) -> None:
        """``- `memory_save`: args ...``: a list item named by its first span."""
        spans = _spans(inline)
        content = inline.content
        if not spans or content[: spans[0].open].strip() or inline.map is None:
            return
        if not content[spans[0].close :].lstrip().startswith(":"):
            return
        name = spans[0].content.strip()
        if not _TOOL_NAME_RE.match(name):
            return
        text_map = _TextMap(content, inline.map[0], self.lines)
        line, column = text_map.position(spans[0].start + spans[0].content.find(name))
        self.doc.listed.append(PromptTool(name, line, column, "list"))

    def _args_lines(self, content: str, spans: list[_Span], text_map: _TextMap) -> None:
        starts = text_map.starts
        opens = [span.open for span in spans]
        for index, start in enumerate(starts):
            end = starts[index + 1] - 1 if index + 1 < len(starts) else len(content)
            match = _ARGS_LINE_RE.match(content, start, end)
            if match is None:
                continue
            first = bisect.bisect_left(opens, match.end())
            last = bisect.bisect_right(opens, end)
            on_line = [span for span in spans[first:last] if span.close <= end]
            for span, optional in _args_line_names(content, match.end(), end, on_line):
                name = span.content.strip()
                line, column = text_map.position(span.start + span.content.find(name))
                self.doc.arguments.append(
                    TaughtArgument(name, line, column, optional, "args-line", self.tool)
                )

    def _argument_list(self, tokens: list[Token], index: int) -> None:
        """Arguments listed right after an ``Arguments in `tool_args`:`` line."""
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
            self._argument_item(inline)

    def _argument_item(self, inline: Token) -> None:
        spans = _spans(inline)
        content = inline.content
        if not spans or content[: spans[0].open].strip():
            return
        name = spans[0].content.strip()
        if not _ARG_NAME_RE.match(name):
            return
        text_map = _TextMap(content, inline.map[0] if inline.map else 0, self.lines)
        line, column = text_map.position(spans[0].start + spans[0].content.find(name))
        optional = bool(_OPTIONAL_RE.search(content))
        self.doc.arguments.append(
            TaughtArgument(name, line, column, optional, "arguments-list", self.tool)
        )

    # Fences and HTML --------------------------------------------------------

    def _fence(self, token: Token) -> None:
        if token.map is None:
            return
        start, end = token.map
        content = token.content
        content_lines = content.count("\n") + (1 if content and not content.endswith("\n") else 0)
        if content_lines != end - start - 2:
            # markdown-it runs an unclosed fence to the end of its container
            line, column = self._marker_position(start, token.markup)
            self.doc.problems.append(
                Problem(
                    "code fence is never closed; the rest of its block is read as code",
                    line,
                    column,
                    "structure",
                )
            )
        language = token.info.strip().split(maxsplit=1)[0].lower() if token.info.strip() else ""
        stripped = content.lstrip()
        is_json = language in JSON_INFO or (
            not language and stripped.startswith("{") and not stripped.startswith("{{")
        )
        if is_json:
            body = content[:-1] if content.endswith("\n") else content
            self._example(body, 0, _TextMap(content, start + 1, self.lines), False)

    def _html_block(self, token: Token) -> None:
        content = token.content
        if content.lstrip().startswith("<!--") and "-->" not in content and token.map:
            line, column = self._marker_position(token.map[0], "<!--")
            self.doc.problems.append(
                Problem(
                    "HTML comment is never closed; the rest of its block is hidden",
                    line,
                    column,
                    "structure",
                )
            )

    def _marker_position(self, line_index: int, marker: str) -> tuple[int, int]:
        raw = self.lines[line_index] if line_index < len(self.lines) else ""
        return line_index + 1, max(raw.find(marker), 0) + 1

    # Examples ---------------------------------------------------------------

    def _example(self, text: str, base: int, text_map: _TextMap, inline: bool) -> None:
        """Parse one example; ``base`` is the offset of ``text`` in the map's content."""
        lead = len(text) - len(text.lstrip())
        line, column = text_map.position(base + (lead if text.strip() else 0))
        example = PromptExample(line, column, text, inline=inline)
        self.doc.examples.append(example)

        def position(offset: int) -> tuple[int, int]:
            return text_map.position(base + offset)

        loaded = _load_example(text)
        if loaded.error is not None:
            message, offset = loaded.error
            err_line, err_column = position(offset) if offset is not None else (line, column)
            example.error = JsonError(message, err_line, err_column)
            return
        example.data = loaded.data
        if not isinstance(loaded.data, dict):
            return
        example.keys = [str(key) for key in loaded.data]
        members = {(m.parent, m.key): m for m in reversed(loaded.members)}
        tool_name = loaded.data.get("tool_name")
        if isinstance(tool_name, str):
            example.tool_name = tool_name
        if isinstance(tool_name, str) and _TOOL_NAME_RE.match(tool_name):
            # ``"tool_name": "..."`` in a schematic example names no tool
            member = members.get((None, "tool_name"))
            at = position(member.value_offset) if member else (line, column)
            self.doc.tools.append(PromptTool(tool_name, *at, "example"))
        tool_args = loaded.data.get("tool_args")
        if isinstance(tool_args, dict):
            example.tool_args = tool_args
            owner = example.tool_name if example.tool_name is not None else self.tool
            for key in tool_args:
                member = members.get(("tool_args", str(key)))
                at = position(member.key_offset) if member else (line, column)
                self.doc.arguments.append(
                    TaughtArgument(str(key), *at, optional=False, source="example", tool=owner)
                )


def _heading_name(content: str) -> str | None:
    """The tool name of a ``###`` heading, or None when it is prose."""
    name = content.strip().rstrip(":").strip()
    if len(name) > 2 and name.startswith("`") and name.endswith("`"):
        name = name.strip("`").strip().rstrip(":").strip()
    return name if _TOOL_NAME_RE.match(name) else None


def _is_inline_example(content: str) -> bool:
    stripped = content.lstrip()
    return stripped.startswith("{") and not stripped.startswith("{{") and '"tool_name"' in content


def _ends_with_args_list_header(content: str) -> bool:
    last = content[content.rfind("\n") + 1 :]
    return bool(_ARGS_LIST_HEADER_RE.match(last))


def _spans(inline: Token) -> list[_Span]:
    """Code spans directly in an inline token (not in image alt text)."""
    spans = []
    for child in inline.children or ():
        if child.type == "code_inline" and "open" in child.meta:
            meta = child.meta
            start, end = meta["open"] + meta["width"], meta["close"] - meta["width"]
            spans.append(_Span(meta["open"], start, end, meta["close"], inline.content[start:end]))
    return spans


def _args_line_names(
    content: str, start: int, end: int, spans: list[_Span]
) -> list[tuple[_Span, bool]]:
    """The argument names of one ``args:`` line with their optional flag.

    See the module docstring for the rule. ``start`` is the offset just after
    ``args:``; ``end`` the end of the line. A name taught twice on the line
    (``` `message` is an alias of `text` ```) counts once.
    """
    names: dict[str, list[Any]] = {}  # name -> [span, optional]
    last: list[Any] | None = None  # the entry of the previous name
    carry = False  # a prefix ``optional`` applies to the rest of the line
    depth = 0  # inside parentheses, backticked text lists values, not names
    cursor = start
    for span in [*spans, None]:
        gap = content[cursor : span.open if span else end]
        separators, depth_after = _item_separators(gap, depth)
        # The text up to the first separator ends the previous item.
        tail = gap[: separators[0]] if separators else gap
        if last is not None and (separators or span is None) and _OPTIONAL_RE.search(tail):
            last[1] = True
        if span is None:
            break
        context = gap[separators[0] + 1 :] if separators else gap
        words = _OPTIONALITY_RE.findall(context)
        if words:
            carry = words[-1].lower() == "optional"
        depth = depth_after
        name = span.content.strip()
        joined = bool(separators) or last is None or _joins(gap)
        if depth == 0 and joined and _ARG_NAME_RE.match(name):
            last = names.setdefault(name, [span, carry])
        cursor = span.close
    return [(span, optional) for span, optional in names.values()]


def _joins(gap: str) -> bool:
    """Whether the text between two spans of one item joins two names."""
    # ``and/or`` is two joining words
    words = gap.replace("/", " / ").split()
    return all(word.lower() in _JOINING_WORDS for word in words)


def _item_separators(gap: str, depth: int) -> tuple[list[int], int]:
    """Offsets of commas and semicolons outside parentheses, and the depth after."""
    separators = []
    for match in _ITEM_PUNCTUATION_RE.finditer(gap):
        char = match.group()
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(depth - 1, 0)
        elif depth == 0:
            separators.append(match.start())
    return separators, depth


# --- Lenient JSON -------------------------------------------------------------

_JSON_TOKEN_RE = re.compile(
    r"""
    (?P<template>\{\{(?!\s*["'{])[^{}\n]*\}\})
    | (?P<string>
        "(?:[^"\\\n{]+|\\.|\{\{[^{}\n]*\}\}|\{)*"?
      | '(?:[^'\\\n{]+|\\.|\{\{[^{}\n]*\}\}|\{)*'?
      )
    | (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
    | (?P<open>[{\[])
    | (?P<close>[}\]])
    | (?P<colon>:)
    | (?P<comma>,)
    | (?P<word>[^\s"'{}\[\]:,/]+|/)
    """,
    re.S | re.X,
)
_TEMPLATE_IN_STRING_RE = re.compile(r"\{\{[^{}\n]*\}\}")
#: placeholders of a schematic example (``{ "tool_args": { ... } }``)
_ELLIPSES = frozenset({"...", "\u2026"})
_CONTROL_DIRECTIVE_RE = re.compile(r"\{\{\s*(?:if|elif|else|endif)\b")
#: characters where a strict JSON error is also a JSON5 error: not the start of a
#: comment, a single-quoted string, an unquoted key, a hex or signed number, or
#: of whitespace only JSON5 allows
_PLAIN_JSON = frozenset('{}[]:,"-0123456789 ')
_JSON5_ERROR_RE = re.compile(r":(\d+) (.*) at column (\d+)\s*\Z", re.S)


@dataclass
class _Member:
    """A key of the top-level object or of an object directly inside it."""

    #: key of the containing object in the top-level object; None at top level
    parent: str | None
    key: str
    key_offset: int
    value_offset: int


@dataclass
class _Loaded:
    data: Any = None
    #: (message, offset in the example text or None when unknown)
    error: tuple[str, int | None] | None = None
    members: list[_Member] = field(default_factory=list)


@dataclass
class _Container:
    kind: str  # "{" or "["
    #: the key whose value this container is
    owner: str | None


class _JsonScan:
    """A light lexer over an example: prepares it for parsing and finds keys.

    It replaces template directives and trailing commas by same-length text,
    so the prepared text has the example's layout and error offsets need no
    translation; it records where keys are, which no JSON parser reports; and
    it measures nesting before any recursive parser sees the text.
    """

    def __init__(self, text: str) -> None:
        self.text = text
        self.edits: list[tuple[int, int, str]] = []
        self.members: list[_Member] = []
        self.too_deep: int | None = None
        self.stack: list[_Container] = []
        self.expect_key = False
        self.key: tuple[str, int] | None = None  # candidate key awaiting ':'
        self.value_of: tuple[str, int] | None = None  # key awaiting its value
        self.comma: int | None = None  # last comma, trailing if a close follows
        self.previous = ""  # kind of the previous significant token
        #: (offset in the prepared text from which, total length change) of
        #: replacements that change the length (``...`` -> ``null``)
        self.shifts: list[tuple[int, int]] = []

    def run(self) -> str:
        for match in _JSON_TOKEN_RE.finditer(self.text):
            kind = match.lastgroup or ""
            if kind == "comment" or (kind == "template" and self._blank_template(match)):
                continue  # as good as whitespace, also before a trailing comma's close
            if kind == "word" and match.group() in _ELLIPSES:
                # a schematic ``{ ... }``: no members where a key is due, else no value
                if self.expect_key:
                    self.edits.append((match.start(), match.end(), " " * len(match.group())))
                    continue
                self.edits.append((match.start(), match.end(), "null"))
            if self.comma is not None and kind == "close":
                self.edits.append((self.comma, self.comma + 1, " "))
            # Only a comma after a value can trail: ``[1,,]`` and ``{,}`` stay errors.
            after_value = self.previous not in ("", "open", "comma", "colon")
            self.comma = None
            self.previous = kind
            if kind == "open" and len(self.stack) >= MAX_JSON_DEPTH:
                self.too_deep = match.start()
                return self.text
            self._token(kind, match, after_value)
        return self._prepared()

    def _token(self, kind: str, match: re.Match[str], after_value: bool) -> None:
        start = match.start()
        owner = self.value_of[0] if self.value_of else None
        if self.value_of is not None and kind not in ("colon", "comma", "close"):
            self._member(start)
        if kind == "template":
            self.edits.append((start, match.end(), "null".ljust(len(match.group()))))
            self.key = None
        elif kind == "string":
            self._string(match)
        elif kind == "word":
            self.key = (match.group(), start) if self.expect_key else None
            if match.group() in _ELLIPSES:
                self.key = None
        elif kind == "colon":
            if self.key is not None:
                self.value_of = self.key
            self.key = None
            self.expect_key = False
        elif kind == "comma":
            self.value_of = None
            self.comma = start if after_value else None
            self.expect_key = bool(self.stack) and self.stack[-1].kind == "{"
        elif kind == "open":
            self.stack.append(_Container(match.group(), owner))
            self.expect_key = match.group() == "{"
        elif kind == "close":
            self.value_of = None
            if self.stack:
                self.stack.pop()
            self.expect_key = False

    def _member(self, value_offset: int) -> None:
        assert self.value_of is not None
        key, key_offset = self.value_of
        self.value_of = None
        depth = len(self.stack)
        if depth == 1:
            self.members.append(_Member(None, key, key_offset, value_offset))
        elif depth == 2 and self.stack[0].kind == "{" and self.stack[1].owner is not None:
            self.members.append(_Member(self.stack[1].owner, key, key_offset, value_offset))

    def _blank_template(self, match: re.Match[str]) -> bool:
        """Blank a directive that stands for no value; False when it is a value.

        A condition has no value, nor do members spliced in where a key is due.
        """
        if not (_CONTROL_DIRECTIVE_RE.match(match.group()) or self.expect_key):
            return False
        self.edits.append((match.start(), match.end(), " " * len(match.group())))
        return True

    def _string(self, match: re.Match[str]) -> None:
        token, start = match.group(), match.start()
        quote = token[0]
        other = "'" if quote == '"' else '"'
        for directive in _TEMPLATE_IN_STRING_RE.finditer(token):
            if quote in directive.group() or "\\" in directive.group():
                fixed = directive.group().replace(quote, other).replace("\\", "/")
                self.edits.append((start + directive.start(), start + directive.end(), fixed))
        self.key = (_string_value(token), start) if self.expect_key else None

    def _prepared(self) -> str:
        if not self.edits:
            return self.text
        pieces, cursor = [], 0
        shift = 0
        for start, end, replacement in sorted(self.edits):
            pieces.append(self.text[cursor:start])
            pieces.append(replacement)
            cursor = end
            if len(replacement) != end - start:
                shift += len(replacement) - (end - start)
                self.shifts.append((start + shift, shift))
        pieces.append(self.text[cursor:])
        return "".join(pieces)

    def original(self, offset: int | None) -> int | None:
        """The offset in the example's text of an offset in the prepared text."""
        if offset is None:
            return None
        shift = 0
        for after, total in self.shifts:
            if offset >= after:
                shift = total
        return max(offset - shift, 0)


def _string_value(token: str) -> str:
    """The text of a quoted key (escapes decoded when possible)."""
    inner = token[1:-1] if len(token) > 1 and token[-1] == token[0] else token[1:]
    if "\\" not in inner:
        return inner
    try:
        value = _json5().loads(token)
    except Exception:  # an odd escape: the raw text still names the key
        return inner
    return value if isinstance(value, str) else inner


def _load_example(text: str) -> _Loaded:
    """Parse an example as lenient JSON; see the module docstring.

    The C ``json`` parser runs first: it is fast and its error positions are
    precise. Only when it fails does json5 decide, as it accepts more. json5
    reports its *furthest* attempt, which can overshoot (``{]}`` is blamed on
    the ``}``), so when both fail the strict error wins if it sits on a
    character that plain JSON and JSON5 treat alike.
    """
    if not text.strip():
        return _Loaded(error=("empty example", None))
    scan = _JsonScan(text)
    prepared = scan.run()
    if scan.too_deep is not None:
        return _Loaded(error=(f"JSON nested deeper than {MAX_JSON_DEPTH} levels", scan.too_deep))
    try:
        return _Loaded(json.loads(prepared), members=scan.members)
    except RecursionError:
        return _Loaded(error=("JSON nested too deep to parse", None))
    except json.JSONDecodeError as exc:
        strict_error: tuple[str, int | None] = (_lower_first(exc.msg), exc.pos)
    except ValueError as exc:  # e.g. an integer over Python's digit limit
        strict_error = (_lower_first(str(exc)), None)
    if len(prepared) > JSON5_MAX_CHARS:
        return _Loaded(error=(strict_error[0], scan.original(strict_error[1])))
    try:
        return _Loaded(_json5().loads(prepared), members=scan.members)
    except RecursionError:
        return _Loaded(error=("JSON nested too deep to parse", None))
    except Exception as exc:  # json5 is third-party code fed arbitrary input
        message, at = _json5_error(str(exc), prepared)
        lenient_error = (message, scan.original(at))
    offset = strict_error[1]
    if offset is not None and (offset >= len(prepared) or prepared[offset] in _PLAIN_JSON):
        return _Loaded(error=(strict_error[0], scan.original(offset)))
    return _Loaded(error=lenient_error)


def _json5() -> Any:
    """json5, imported on first use: most examples are strict JSON."""
    import json5

    return json5


def _json5_error(message: str, text: str) -> tuple[str, int | None]:
    """json5's ``<string>:LINE Unexpected X at column COL`` as message and offset."""
    match = _JSON5_ERROR_RE.search(message)
    if match is None:
        return _lower_first(message), None
    line, column = int(match.group(1)), int(match.group(3))
    offset = 0
    for _ in range(line - 1):
        newline = text.find("\n", offset)
        if newline < 0:
            return _lower_first(match.group(2)), None
        offset = newline + 1
    offset += column - 1
    if offset >= len(text):
        return "unexpected end of input", len(text)
    char = text[offset]
    return ("unexpected end of line" if char == "\n" else f"unexpected {char!r}"), offset


def _lower_first(message: str) -> str:
    return message[:1].lower() + message[1:]
