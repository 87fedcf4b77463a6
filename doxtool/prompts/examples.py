"""Reading one JSON usage example of a prompt leniently: template
directives and trailing commas blanked to same-length text, keys found
with their offsets, nesting measured before any parser sees the text, then
strict JSON with json5 as the fallback (the rules are in
:mod:`doxtool.prompts.parse`).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

#: nesting deeper than this is reported instead of parsed (json5 needs about
#: 16 stack frames a level, so far deeper input would exhaust the stack)
MAX_JSON_DEPTH = 40

#: examples longer than this skip the slow json5 fallback (strict JSON plus
#: trailing commas only)
JSON5_MAX_CHARS = 32 * 1024

#: how the errors of nesting past what is read begin
_LIMIT_PREFIX = "JSON nested "


_TOKENS = r"""
    (?P<template>\{\{(?!\s*["'{])[^{}\n]*\}\})
    | (?P<statement>\{%(?:[^%{\n]|%(?!\})|\{(?!%))*%\}|\{\#(?:[^\#{\n]|\#(?!\})|\{(?!\#))*\#\})
    | (?P<triple>"{3}.*?"{3}|'{3}.*?'{3}|`{3}.*?`{3})
    | (?P<string>
        "(?:[^"\\@{]+|\\.|\{\{[^{}\n]*\}\}|\{)*"?
      | '(?:[^'\\@{]+|\\.|\{\{[^{}\n]*\}\}|\{)*'?
      )
    | (?P<backtick>`(?:[^`\\]|\\.)*`)
    | (?P<comment>//[^\n]*|/\*.*?(?:\*/|\Z))
    | (?P<open>[{\[])
    | (?P<close>[}\]])
    | (?P<colon>:)
    | (?P<comma>,)
    | (?P<angle><[^\W\d][^<>{}\[\]\n"']*>)
    | (?P<word>[^\s"'`{}\[\]:,/]+|/|`)
    """
#: the tokens of an example; a quoted string ends at its line's end
JSON_TOKEN_RE = re.compile(_TOKENS.replace("@", r"\n"), re.S | re.X)
#: the same, with quoted strings running over line breaks, as the
#: framework's DirtyJson reads them (its strings take any character)
_LINES_TOKEN_RE = re.compile(_TOKENS.replace("@", ""), re.S | re.X)
#: how JSON writes the characters a string may not hold raw
_RAW_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
#: the escapes DirtyJson decodes in a string (any other escaped character
#: stands for itself here)
_ESCAPE_RE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.S)
_ESCAPED = {"b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_TEMPLATE_IN_STRING_RE = re.compile(r"\{\{[^{}\n]*\}\}")
#: placeholders of a schematic example (``{ "tool_args": { ... } }``)
_ELLIPSES = frozenset({"...", "\u2026"})
#: the words of a value the framework's DirtyJson reads in any case, and
#: what each stands for in JSON
_LITERALS = {"true": "true", "false": "false", "null": "null", "undefined": "null"}
_CONTROL_DIRECTIVE_RE = re.compile(r"\{\{\s*(?:if|elif|else|endif)\b")
_INCLUDE_RE = re.compile(r"\{%-?\s*include\b")
#: characters where a strict JSON error is also a JSON5 error: not the start of a
#: comment, a single-quoted string, an unquoted key, a hex or signed number, or
#: of whitespace only JSON5 allows
_PLAIN_JSON = frozenset('{}[]:,"-0123456789 ')
#: the bracket closing each kind of container
_PAIRS = {"{": "}", "[": "]"}
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
    #: every member deeper in (three containers or more), in text order:
    #: (key, key offset, value offset), for :mod:`doxtool.prompts.nested`
    deep: list[tuple[str, int, int]] = field(default_factory=list)
    #: with an error, the top-level keys the text writes when its brackets
    #: still pair up around one object (:attr:`_JsonScan.one_object`)
    written_keys: list[str] = field(default_factory=list)


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

    def __init__(self, text: str, lines: bool = False) -> None:
        self.text = text
        #: whether quoted strings run over line breaks (:data:`_LINES_TOKEN_RE`)
        self.lines = lines
        #: how many raw line breaks, returns and tabs strings hold
        self.raw = 0
        self.edits: list[tuple[int, int, str]] = []
        self.members: list[_Member] = []
        self.deep: list[tuple[str, int, int]] = []
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
        #: the containers opened at the root, and whether a bracket closed
        #: none or one of the other kind
        self.roots: list[str] = []
        self.unpaired = False

    def run(self) -> str:
        for match in (_LINES_TOKEN_RE if self.lines else JSON_TOKEN_RE).finditer(self.text):
            kind = match.lastgroup or ""
            if kind == "backtick" and self.expect_key:
                kind = "word"  # DirtyJson reads a key's backticks as part of the key
            if (
                kind == "statement"
                and self.previous == "colon"
                and _INCLUDE_RE.match(match.group())
            ):
                kind = "template"  # ``"tool_args": {% include "args.json" %}``: some value
            elif kind == "statement":
                # a Jinja statement or comment (``{% if x %}``, ``{# note #}``):
                # the rendered text has none of it
                self.edits.append((match.start(), match.end(), " " * len(match.group())))
                continue
            if kind == "comment" or (kind == "template" and self._blank_template(match)):
                continue  # as good as whitespace, also before a trailing comma's close
            if kind == "word" and match.group() in _ELLIPSES:
                # a schematic ``{ ... }``: no members where a key is due, else no value
                if self.expect_key:
                    self.edits.append((match.start(), match.end(), " " * len(match.group())))
                    continue
                self.edits.append((match.start(), match.end(), "null"))
            elif kind == "word" and not self.expect_key:
                self._literal(match)
            if kind == "angle":
                # a placeholder written bare where a value goes (``"seconds":
                # <number of seconds>``): any value, as DirtyJson reads it as text
                if not self.expect_key:
                    self.edits.append(
                        (match.start(), match.end(), "null".ljust(len(match.group())))
                    )
                kind = "word"
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
        elif kind in ("triple", "backtick"):
            # Agent Zero's DirtyJson reads ``"""..."""`` as the text between,
            # as written and stripped (helpers/dirty_json.py ``_parse_multiline_string``),
            # and a value in backticks as one in quotes (``_parse_string``)
            token = match.group()
            value = token[3:-3].strip() if kind == "triple" else _unescaped(token[1:-1])
            self.edits.append((start, match.end(), json.dumps(value)))
            self.key = None
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
            if not self.stack:
                self.roots.append(match.group())
            self.stack.append(_Container(match.group(), owner))
            self.expect_key = match.group() == "{"
        elif kind == "close":
            self.value_of = None
            if not self.stack or _PAIRS[self.stack[-1].kind] != match.group():
                self.unpaired = True
            if self.stack:
                self.stack.pop()
            self.expect_key = False

    def one_object(self) -> bool:
        """Whether the brackets of the text pair up around one object: then
        its top-level keys are known even where a value is broken (a comma
        missing between two items of a list)."""
        return self.roots == ["{"] and not self.stack and not self.unpaired

    def _literal(self, match: re.Match[str]) -> None:
        """Write a value the framework reads as a literal in any case as JSON
        does: Agent Zero's DirtyJson matches ``true``, ``false``, ``null`` and
        ``undefined`` ignoring case (``True``, ``NULL``), and Python's ``None``
        is read as ``null``, as a model shown a Python dict reads it."""
        word = match.group()
        literal = _LITERALS.get(word.lower()) or ("null" if word == "None" else None)
        if literal is not None and literal != word:
            self.edits.append((match.start(), match.end(), literal.ljust(len(word))))

    def _member(self, value_offset: int) -> None:
        assert self.value_of is not None
        key, key_offset = self.value_of
        self.value_of = None
        depth = len(self.stack)
        if depth == 1:
            self.members.append(_Member(None, key, key_offset, value_offset))
        elif depth == 2 and self.stack[0].kind == "{" and self.stack[1].owner is not None:
            self.members.append(_Member(self.stack[1].owner, key, key_offset, value_offset))
        elif depth > 2 and self.stack[0].kind == "{":
            self.deep.append((key, key_offset, value_offset))

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
        if self.lines:
            for index, char in enumerate(token):
                if char in _RAW_ESCAPES:
                    self.raw += 1
                    self.edits.append((start + index, start + index + 1, _RAW_ESCAPES[char]))

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


def _unescaped(inner: str) -> str:
    """The text of a string DirtyJson reads between backticks: its escapes
    decoded as JSON's (``\\n``, ``\\u00e9``), any other escaped character as itself."""

    def decoded(match: re.Match[str]) -> str:
        escape = match.group(1)
        return chr(int(escape[1:], 16)) if len(escape) == 5 else _ESCAPED.get(escape, escape)

    return _ESCAPE_RE.sub(decoded, inner)


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


def load_example(text: str) -> _Loaded:
    """Parse an example as lenient JSON; see the module docstring.

    The C ``json`` parser runs first: it is fast and its error positions are
    precise. Only when it fails does json5 decide, as it accepts more. json5
    reports its *furthest* attempt, which can overshoot (``{]}`` is blamed on
    the ``}``), so when both fail the strict error wins if it sits on a
    character that plain JSON and JSON5 treat alike.

    A text that parses so only when its quoted strings run over line breaks
    (``"code": "import os`` on one line, ``print(1)"`` on the next), as the
    framework's DirtyJson reads them, is read so; else the error is the
    one of strings ending at their line's end.
    """
    if not text.strip():
        return _Loaded(error=("empty example", None))
    loaded = _load(_JsonScan(text))
    if loaded.error is None or "\n" not in text or beyond_limit(loaded.error[0]):
        return loaded
    scan = _JsonScan(text, lines=True)
    again = _load(scan)
    return again if again.error is None and scan.raw else loaded


def _load(scan: _JsonScan) -> _Loaded:
    """The example ``scan`` reads, parsed (:func:`load_example`)."""
    prepared = scan.run()
    if scan.too_deep is not None:
        message = f"{_LIMIT_PREFIX}deeper than {MAX_JSON_DEPTH} levels"
        return _Loaded(error=(message, scan.too_deep))
    try:
        return _Loaded(json.loads(prepared), members=scan.members, deep=scan.deep)
    except RecursionError:
        return _Loaded(error=(f"{_LIMIT_PREFIX}too deep to parse", None))
    except json.JSONDecodeError as exc:
        strict_error: tuple[str, int | None] = (_lower_first(exc.msg), exc.pos)
    except ValueError as exc:  # e.g. an integer over Python's digit limit
        strict_error = (_lower_first(str(exc)), None)
    if len(prepared) > JSON5_MAX_CHARS:
        error = (strict_error[0], scan.original(strict_error[1]))
        return _Loaded(error=error, written_keys=_written_keys(scan))
    try:
        return _Loaded(_json5().loads(prepared), members=scan.members, deep=scan.deep)
    except RecursionError:
        return _Loaded(error=(f"{_LIMIT_PREFIX}too deep to parse", None))
    except Exception as exc:  # json5 is third-party code fed arbitrary input
        message, at = _json5_error(str(exc), prepared)
        lenient_error = (message, scan.original(at))
    offset = strict_error[1]
    if offset is not None and (offset >= len(prepared) or prepared[offset] in _PLAIN_JSON):
        lenient_error = (strict_error[0], scan.original(offset))
    return _Loaded(error=lenient_error, written_keys=_written_keys(scan))


def _written_keys(scan: _JsonScan) -> list[str]:
    """The top-level keys a text that does not parse writes, when its
    brackets pair up around one object; else none."""
    if not scan.one_object():
        return []
    return list(dict.fromkeys(m.key for m in scan.members if m.parent is None))


#: tool names that stand for any tool in the shape of a call
#: (``{"tool_name": "name", "tool_args": {...}}``), compared in lower case
PLACEHOLDER_TOOLS = frozenset(
    {
        "name",
        "tool",
        "tool_name",
        "toolname",
        "name_of_tool",
        "tool_name_here",
        "some_tool",
        "your_tool",
        "my_tool",
        "any_tool",
        "other_tool",
        "the_tool",
        "example_tool",
    }
)
#: an object written as its placeholder only: ``{...}``, ``{ … }``
_SCHEMATIC_OBJECT_RE = re.compile(r"\{\s*(?:\.\.\.|\u2026)\s*\}")


def is_shape(tool_name: object, text: str, args_offset: int | None) -> bool:
    """Whether an example is the shape of any call, not a call: its tool is
    a placeholder name, or its ``tool_args`` is just ``{...}``."""
    if isinstance(tool_name, str) and tool_name.strip().lower() in PLACEHOLDER_TOOLS:
        return True
    return args_offset is not None and bool(_SCHEMATIC_OBJECT_RE.match(text, args_offset))


#: the keys of a call in any profile's spelling: the default profile's, and
#: ``tool`` and ``args``, which the framework reads when ``tool_name`` and
#: ``tool_args`` are missing (Agent Zero's ``process_tools``)
CALL_SPELLINGS = frozenset({"thoughts", "headline", "tool_name", "tool_args", "tool", "args"})


def documents_a_record(keys: list[str], call_keys: frozenset[str] = CALL_SPELLINGS) -> bool:
    """Whether an object that names a ``tool_name`` documents a record (a
    job's result, ``{"job_id": ..., "tool_name": ..., "status": ...}``), not a
    call: it has no ``tool_args`` (nor ``args``) and a key no call has."""
    if "tool_name" not in keys or "tool_args" in keys or "args" in keys:
        return False
    return any(key not in call_keys for key in keys)


def beyond_limit(message: str) -> bool:
    """Whether an example's error is doxtool's nesting limit (the text may be
    valid JSON, but was not read), not a fault of the text."""
    return message.startswith(_LIMIT_PREFIX)


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
