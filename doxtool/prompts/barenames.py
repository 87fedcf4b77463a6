"""Argument names a paragraph writes bare, outside code spans, where only a
name goes: a call's parameters (``memory_save(text, area)``), ``name=value``
(``text=<fact>``), the keys of a brace object (``{ text: string, area?:
string }``), a list item opening with a name (``- text: the fact``) and the
words of an arguments line in another language or spelling (``Parameter:
text, area``, ``参数：text``) and the terms of a definition list (``text``
on its line, ``: the note`` on the next). They are mentions: they credit a required
argument as taught (PRM004), and are never checked as arguments. Whether
such a word is an argument, a value or prose is not known, which is why they
only ever make doxtool say less.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from doxtool.prompts.argtext import Span
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
    for line in masked.split("\n"):
        if not NOT_ARGUMENTS_RE.search(line):
            found.extend((start + offset, name) for offset, name in _line_names(line))
        start += len(line) + 1
    found.extend((m.start(1), m.group(1)) for m in _TERM_RE.finditer(masked))
    if item_lead is not None and _leads_names(item_lead):
        named = item_name(masked)
        if named is not None and not NOT_ARGUMENTS_RE.search(masked.partition("\n")[0]):
            found.append(named)
    return sorted(set(found))


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
