"""Argument names a paragraph writes bare, outside code spans, where only a
name goes: a call's parameters (``memory_save(text, area)``), ``name=value``
(``text=<fact>``), the keys of a brace object (``{ text: string, area?:
string }``), an element holding a value in a line that is no HTML markup
(``<notes><text>hello</text></notes>``), a list item opening with a name
(``- text: the fact``) and the
words of an arguments line in another language or spelling (``Parameter:
text, area``, ``参数：text``), the terms of a definition list (``text``
on its line, ``: the note`` on the next) and, anywhere in a line of prose, a
name no word is spelled like (``use collection, book_number and
hadith_number``: snake_case or camelCase). They are mentions: they credit a required
argument as taught (PRM004), and are never checked as arguments. Whether
such a word is an argument, a value or prose is not known, which is why they
only ever make doxtool say less.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doxtool.prompts.argtext import Span
from doxtool.prompts.htmltags import html_tags
from doxtool.prompts.leads import NOT_ARGUMENTS_RE
from doxtool.prompts.named import item_name

_NAME = r"[^\W\d][\w-]*"
#: the parameters of a call written in prose: ``memory_save(text, area)``
_CALL_RE = re.compile(rf"(?<![\w-]){_NAME}\(([^()\n]*)\)")
#: ``text=<fact>``: a name set to a value (not ``==``, ``=>``)
_ASSIGNED_RE = re.compile(rf"(?<![\w-])({_NAME})[ \t]*=(?![=>])")
#: a brace object holding names: ``{ text: string, area?: string }``, ``{text, area}``
#: (not a template's ``{{tools}}``)
_BRACES_RE = re.compile(r"(?<!\{)\{(?!\{)([^{}\n]*)\}(?!\})")
#: a part of a parameter list or brace object that opens with a name
_PART_RE = re.compile(rf"[ \t]*[\"']?({_NAME})[\"']?[ \t]*(?:\?|\Z|[:=(])")
#: an arguments line in another language or spelling (``Parameters: text``,
#: ``Argumente: text``, ``参数：text``)
_LEAD_RE = re.compile(
    r"[ \t]*(?:\*\*|__)?(?:param(?:eter|etro|ètre|etri)?s?|parámetros?|argumente?|argomenti|"
    r"аргументы|параметры|参数|參數|引数|パラメータ|인자|매개변수)"
    r"(?:\*\*|__)?[ \t]*[:\uff1a](?:\*\*|__)?",
    re.I,
)
_WORD_RE = re.compile(_NAME)
#: an element holding a value in a line of prose, as a call written in XML
#: gives an argument (``<fetch><url>https://a.b</url></fetch>``)
_ELEMENT_RE = re.compile(rf"<({_NAME})>[^<>\n]*</\1>")
#: a name no word of prose is spelled like, written bare in a line of prose:
#: snake_case (``book_number``) or camelCase (``bookNumber``); not a path, a
#: file name, a dotted name, a host, nor a function called (``memory_save(``)
_IDENTIFIER_RE = re.compile(
    r"(?<![\w.\-/\\$@#:=<{\[])([a-z][a-z0-9]*(?:_[a-z0-9]+)+|[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+)"
    r"(?![\w\-/\\@(\[]|\.\w)"
)
#: a template's placeholder or tag (``{{ book_number }}``, ``{% if x %}``): the
#: framework fills it before the model reads the prompt, so it names nothing
_TEMPLATE_RE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}")
#: a line that says a name is gone or not to be used (``the old_name argument
#: was removed``, ``use new_name instead of old_name``): it names no argument
_GONE_RE = re.compile(
    r"\b(?:deprecated|removed|instead|legacy|obsolete|ignored|unsupported|forbidden"
    r"|don't|do[ \t]+not)\b",
    re.I,
)
#: a definition list's term (Markdown Extra, Pandoc): a name alone on its
#: line, its definition on the next after a colon (``text\n: the note``)
_TERM_RE = re.compile(rf"^[ \t]*(?:\*\*|__)?({_NAME})(?:\*\*|__)?[ \t]*\n[ \t]{{0,3}}:[ \t]", re.M)


def bare_written_names(
    content: str, spans: Sequence[Span], item_lead: str | None = None
) -> list[tuple[int, str]]:
    """(offset, name) of the names ``content`` (a paragraph's inline text;
    with ``item_lead``, a list item's, and the line leading its list, empty
    right under a heading) writes
    bare where only a name goes. A line about what the tool gives back or
    what not to send (``Returns: {status, text}``, ``never pass text=...``)
    names none."""
    masked = _masked(content, spans)
    found: list[tuple[int, str]] = []
    start = 0
    # a call in XML, not HTML markup (``<b>bold</b>``): its elements' names
    xml = "</" in masked and html_tags(masked) is None
    for line in masked.split("\n"):
        if not NOT_ARGUMENTS_RE.search(line):
            found.extend((start + offset, name) for offset, name in _line_names(line))
            if xml:
                found.extend((start + m.start(1), m.group(1)) for m in _ELEMENT_RE.finditer(line))
            if not _GONE_RE.search(line):
                # ``use collection, book_number and hadith_number``
                plain = _TEMPLATE_RE.sub(lambda m: " " * len(m.group()), line)
                found.extend(
                    (start + m.start(1), m.group(1)) for m in _IDENTIFIER_RE.finditer(plain)
                )
        start += len(line) + 1
    found.extend((m.start(1), m.group(1)) for m in _TERM_RE.finditer(masked))
    if item_lead is not None and _leads_names(item_lead):
        named = item_name(masked)
        if named is not None and not NOT_ARGUMENTS_RE.search(masked.partition("\n")[0]):
            found.append(named)
    return sorted(set(found))


def span_names(content: str, span: Span) -> list[tuple[int, str]]:
    """(offset in ``content``, name) of the names a code span that is no
    example writes where only a name goes, as a paragraph's bare words do
    (``action=create``, ``todo(action="add")``, ``{"action": "add"}``); none
    on a line about what the tool gives back or what not to send."""
    line_start = content.rfind("\n", 0, span.open) + 1
    line_end = content.find("\n", span.close)
    around = (
        content[line_start : span.open]
        + content[span.close : len(content) if line_end < 0 else line_end]
    )
    if NOT_ARGUMENTS_RE.search(around):
        return []
    found: list[tuple[int, str]] = []
    start = span.start
    for line in span.content.split("\n"):
        found.extend((start + offset, name) for offset, name in _line_names(line))
        start += len(line) + 1
    return found


def _leads_names(lead: str) -> bool:
    """Whether the items of a list after ``lead`` (the line before it, empty
    under a heading) may open with an argument's name: not after a lead that
    says what else they are (``Notes:``, ``Returns:``), unless it is an
    arguments lead spelled otherwise (``Argumente:``)."""
    if NOT_ARGUMENTS_RE.search(lead):
        return False
    if not lead.rstrip().rstrip("*_").rstrip().endswith((":", "\uff1a")):
        return True
    found = _LEAD_RE.match(lead)
    return found is not None and not lead[found.end() :].strip()


def _line_names(line: str) -> list[tuple[int, str]]:
    """(offset in ``line``, name) of the names one line writes bare."""
    found: list[tuple[int, str]] = []
    for pattern in (_CALL_RE, _BRACES_RE):
        for match in pattern.finditer(line):
            found.extend(_parts(line, match.start(1), match.end(1)))
    found.extend((m.start(1), m.group(1)) for m in _ASSIGNED_RE.finditer(line))
    lead = _LEAD_RE.match(line)
    if lead is not None:
        found.extend((m.start(), m.group()) for m in _WORD_RE.finditer(line, lead.end()))
    return found


def _masked(content: str, spans: Sequence[Span]) -> str:
    """``content`` with its code spans blanked (offsets kept): what they hold
    is read elsewhere."""
    parts: list[str] = []
    cursor = 0
    for span in spans:
        parts.append(content[cursor : span.open])
        parts.append(re.sub(r"[^\n]", " ", content[span.open : span.close]))
        cursor = span.close
    parts.append(content[cursor:])
    return "".join(parts)


def _parts(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The names opening the comma-separated parts of ``text[start:end]``."""
    found = []
    cursor = start
    for piece in text[start:end].split(","):
        match = _PART_RE.match(piece)
        if match is not None:
            found.append((cursor + match.start(1), match.group(1)))
        cursor += len(piece) + 1
    return found


#: in a code block of another language than JSON or YAML, a name written
#: where only an argument's name goes: a keyword argument or an attribute
#: (``notes(text="x")``, ``<call text="x">``), an attribute's value naming
#: one (``<arg name="text">``), an element (``<text>hello</text>``) or a key
#: (``{ text: string; limit?: number }``)
_CODE_NAME_RE = re.compile(
    rf"\bname[ \t]*=[ \t]*[\"']({_NAME})[\"']"
    rf"|(?<![\w.-])({_NAME})[ \t]*=(?![=>])"
    rf"|<({_NAME})(?=[\s/>])"
    rf"|(?:^|[{{,;(])[ \t]*[\"']?({_NAME})[\"']?[ \t]*(?:\?[ \t]*)?:(?!:)",
    re.M,
)


def code_names(content: str, tool: str | None = None) -> list[tuple[int, int, str]]:
    """(line index, column index, name) of the names a code block of another
    language writes where only an argument's name goes (:data:`_CODE_NAME_RE`);
    mentions, as the names of a paragraph written bare are. In a block whose
    tags are all HTML (``<details><summary>``, ``<br>``: markup, not a call
    of ``tool``, the section's, in XML) an element or an attribute names none."""
    found: list[tuple[int, int, str]] = []
    starts = [0, *(m.end() for m in re.finditer("\n", content))]
    markup = html_tags(content, tool) or []
    for match in _CODE_NAME_RE.finditer(content):
        group = next(g for g in range(1, 5) if match.group(g) is not None)
        offset = match.start(group)
        if group > 1 and any(start <= offset < end for start, end in markup):
            continue  # ``<summary>``, ``<a href="...">``: HTML's names
        index = _line_of(starts, offset)
        found.append((index, offset - starts[index], match.group(group)))
    return found


def _line_of(starts: list[int], offset: int) -> int:
    """The index of the line holding ``offset`` (``starts``: each line's offset)."""
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= offset:
            low = middle
        else:
            high = middle - 1
    return low


def schema_names(data: object, depth: int = 0) -> list[str]:
    """The names of the properties a JSON Schema in an example describes
    (``{"type": "object", "properties": {"text": ...}}``, also as a
    function's ``parameters``): argument names, as the model reads them."""
    if not isinstance(data, dict) or depth > 3:
        return []
    found: list[str] = []
    properties = data.get("properties")
    if isinstance(properties, dict):
        found.extend(name for name in properties if isinstance(name, str))
    for value in data.values():
        if isinstance(value, dict) and value is not properties:
            found.extend(schema_names(value, depth + 1))
    return found
