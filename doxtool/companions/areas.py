"""The areas of an ``Observed side-effect areas:`` line, as a person writes
them.

The list is split at its commas (outside parentheses and code spans) and
ends at a ``.`` or a ``;`` outside them. Each piece names the area it opens
with (``network``, `` `network` ``, ``Network calls``), in any spelling
doxtool knows; what follows in the piece is the person's note, never an
area of its own (``network (HTTP GET with retries)``, ``network calls via
`httpx` ``, ``network calls and waits``). A piece that opens with no area
doxtool knows (``HTTP requests``, ``in-memory context removal``) is read by
its words only: the line then is not one a fix may rebuild, as it may say
an area in other words. Every area named anywhere in a piece counts as
stated (``filesystem writes and deletion`` names both), so no fix writes a
second spelling; a list with an HTML comment inside is not rebuilt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from doxtool.companions.conventions import AREA_SPELLINGS, canonical_area
from doxtool.companions.factlines import outside_parentheses, spans


@dataclass(frozen=True, slots=True)
class AreaPiece:
    """One comma-separated piece of the list."""

    #: the piece as written, without the spaces around it
    text: str
    #: its span in the text read
    start: int
    end: int
    #: the area it opens with, as written (backticks dropped); None when it
    #: opens with no area doxtool knows
    area: str | None
    #: the words after that area (the person's note), stripped
    note: str
    #: the canonical names of every area named anywhere in the piece
    mentions: frozenset[str]


@lru_cache(maxsize=1)
def _spelling() -> re.Pattern[str]:
    words = sorted(AREA_SPELLINGS, key=len, reverse=True)
    alternatives = "|".join(r"\s+".join(map(re.escape, w.split())) for w in words)
    return re.compile(rf"(?<![\w/-])(?:{alternatives})(?![\w/-])", re.IGNORECASE)


def area_list(text: str) -> tuple[str, str, bool]:
    """Split ``text`` where the list of areas ends: at the first ``;``, or
    ``.`` followed by a space, an HTML comment or the end, outside
    parentheses and code spans -> (list, prose after, found). The prose
    keeps a ``;``."""
    for at, char in outside_parentheses(text):
        if char == ";" or char == ".":
            following = text[at + 1 :]
            if char == "." and following[:1].strip() and not following.startswith("<!--"):
                continue  # ``e.g``, ``v1.2``: inside a word
            skip = 1 if char == "." else 0
            return text[:at], text[at + skip :], True
    return text, "", False


def area_pieces(text: str, offset: int = 0) -> list[AreaPiece]:
    """The pieces of a list of areas (no ``none``), with their spans in the
    line (``offset`` is where ``text`` starts in it)."""
    pieces: list[AreaPiece] = []
    for start, end in _comma_parts(text):
        raw = text[start:end]
        stripped = raw.strip(" \t")
        if not stripped:
            continue
        begin = start + raw.index(stripped)
        piece = _piece(stripped)
        if piece is None:
            continue  # ``none``
        area, note = piece
        mentions = mentioned_areas(stripped)
        pieces.append(
            AreaPiece(
                stripped, offset + begin, offset + begin + len(stripped), area, note, mentions
            )
        )
    return pieces


#: a word that says an area is not there (``network: none``, ``never network``)
_DENIED = re.compile(r"\b(?:none|no|not|never|without)\b|n't\b", re.IGNORECASE)


def listed_after(prose: str) -> frozenset[str]:
    """The areas a list's ``;`` goes on with (``filesystem reads;
    filesystem writes.``): each ``;``-separated part of the prose after the
    list, up to its sentence's end, that opens with an area doxtool knows
    and denies none, names its areas as the list's own, as does one naming
    an area in other words (``; HTTP requests``); a part opening with other
    words (``; no network``, ``; see below``) is the person's note."""
    found: set[str] = set()
    sentence, _, _ = _sentence_end(prose)
    for part in sentence.split(";")[1:]:
        stripped = part.strip(" \t")
        piece = _piece(stripped) if stripped else None
        if piece is None or _DENIED.search(stripped):
            continue
        # (``; HTTP requests``: an area in other words goes on with it too)
        found |= mentioned_areas(stripped) if piece[0] else areas_in_other_words(stripped)
    return frozenset(found)


def _sentence_end(text: str) -> tuple[str, str, bool]:
    """``text`` up to a ``.`` ending its sentence, outside parentheses and
    code spans."""
    for at, char in outside_parentheses(text):
        if char == "." and not text[at + 1 : at + 2].strip():
            return text[:at], text[at:], True
    return text, "", False


def says_none(text: str) -> bool:
    """Whether a list of areas says there is none: it has a piece, and each
    opens with ``none`` (``none``, `` `none` ``, ``none observed``, ``None
    (pure computation)``)."""
    parts = [text[start:end].strip(" \t") for start, end in _comma_parts(text)]
    parts = [part for part in parts if part]
    return bool(parts) and all(_piece(part) is None for part in parts)


def _comma_parts(text: str) -> list[tuple[int, int]]:
    """Where each comma-separated part of ``text`` starts and ends (commas in
    parentheses or code spans separate nothing)."""
    parts: list[tuple[int, int]] = []
    begin = 0
    for at, char in outside_parentheses(text):
        if char == ",":
            parts.append((begin, at))
            begin = at + 1
    parts.append((begin, len(text)))
    return parts


def _piece(text: str) -> tuple[str | None, str] | None:
    """The area a piece opens with and the note after it; None for ``none``
    (alone or with a note)."""
    first = spans(text)[0]
    if first.code:
        word = " ".join(first.text.split())
        if word.casefold() == "none":
            return None
        if canonical_area(word) is None:
            return None, text
        return first.text.strip(), text[first.end :].strip(" \t")
    if text.split(None, 1)[0].casefold() == "none":
        return None
    match = _spelling().match(text)
    if match is None:
        return None, text
    return match.group(0), text[match.end() :].strip(" \t")


_NESTED = re.compile(r"[ \t]+(?:[-*+]|\d{1,9}[.)])[ \t]+(?P<body>.*)")


def nested_item(content: str) -> re.Match[str] | None:
    """A line that is an item nested under a lead (its text: group ``body``);
    None for any other line."""
    return _NESTED.fullmatch(content)


def joined_areas(rest: str, following: list[str]) -> str:
    """The list of areas of a line wrapped onto the lines after it, or of
    items nested under its lead: ``rest`` is the lead line's text after the
    colon, ``following`` the block's other lines. Wrapped lines are joined
    by a space; nested items (each without its end ``.``) by commas."""
    if not following:
        return rest
    if rest.strip(" \t"):
        return " ".join([rest.rstrip(" \t"), *(line.strip(" \t") for line in following)])
    bodies: list[str] = []
    for line in following:
        match = _NESTED.fullmatch(line)
        if match is not None:
            bodies.append(match.group("body").strip(" \t"))
        elif bodies:
            bodies[-1] += " " + line.strip(" \t")  # an item wrapped onto the next line
    return " " + ", ".join(body.rstrip(" \t.,;") for body in bodies) + "."


def nested_area_end(lines: list[str], start: int, stops: set[int]) -> int:
    """The end of the items nested under an areas lead at ``start`` with
    nothing after its colon: the indented bullets after it (and the lines
    indented under them)."""
    end = start + 1
    while end < len(lines) and end not in stops:
        content = lines[end].rstrip("\r\n")
        if not content.strip(" \t"):
            break
        if _NESTED.fullmatch(content) is None and (end == start + 1 or not content[:2].isspace()):
            break
        end += 1
    return end


#: what joins a further word to an area whose first word it shares
#: (``filesystem writes and deletion``, ``filesystem reads, writes or deletes``)
_JOINED = re.compile(r"(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&)\s+)([\w-]+)", re.IGNORECASE)


#: words of a person naming an area in other words: a file word with a
#: word of what is done to it near it (``file I/O``, ``writes to disk``,
#: ``filesystem reads/writes``), or a word of the area alone (``HTTP
#: requests``, ``downloads``, ``shell commands``, ``LLM calls``)
_WORD = re.compile(r"i/o|[a-z]+")
_FILE_WORDS = frozenset({"file", "files", "filesystem", "disk", "disks"})
_FILE_DOINGS = {
    "filesystem reads": frozenset({"read", "reads", "reading", "load", "loads", "i/o", "io"}),
    "filesystem writes": frozenset(
        {"write", "writes", "writing", "written", "save", "saves", "saving", "i/o", "io"}
    ),
    "filesystem deletion": frozenset(
        {"delete", "deletes", "deleting", "deletion", "deletions", "unlink", "unlinks"}
    ),
}
_ALONE = {
    "network calls": frozenset(
        {"http", "https", "internet", "download", "downloads", "upload", "uploads"}
    ),
    "subprocess/runtime control": frozenset({"shell"}),
    "model calls": frozenset({"llm", "llms"}),
}
#: where a person's phrase ends: a comma, a ``;``, a parenthesis, a
#: sentence's ``.``, or a conjunction (``network (HTTP) and file writes``)
_CLAUSE = re.compile(r"[,;:()\[\]]|\.(?=\s|$)|\s(?:and|or|plus|&)\s")
#: a word that says there is none (``doesn't write to disk``, ``saves nothing``)
_DENIAL = re.compile(r"\b(?:no|not|never|without|nor|none|nothing)\b|n't\b")
#: a word saying the phrase is about the area's work done elsewhere or a
#: treatment of its words (``file writing moved to `helpers/store.py` ``,
#: ``shell escaping applied``): no listing of the area
_ELSEWHERE = frozenset(
    {
        "moved", "moves", "delegated", "delegates", "delegating", "elsewhere",
        "escaped", "escapes", "escaping", "quoted", "quoting", "sanitized",
        "sanitised", "sanitizing", "sanitising", "handled", "offloaded",
        "extracted", "mocked", "stubbed", "removed", "deprecated", "disabled",
    }
)  # fmt: skip
#: the words a phrase naming an area in other words opens with
_OPENING = frozenset().union(_FILE_WORDS, *_FILE_DOINGS.values(), *_ALONE.values())
#: the words a file word and its doing may stand apart by (``writes to disk``)
_BETWEEN = frozenset({"to", "from", "on", "onto", "into", "the", "a", "local"})


def areas_in_other_words(text: str) -> frozenset[str]:
    """The areas ``text`` names in other words than doxtool's spellings
    (``file I/O`` names filesystem reads and writes): each phrase that opens
    with a word of an area (``HTTP requests``, ``writes to disk``, ``saves
    files``) and denies none. A phrase about something else that holds such
    a word (``the downloads folder``, ``see HTTP docs``, ``file names
    written by the user``) names none, nor does one with a ``no``, ``not``,
    ``never`` or ``nothing`` (``doesn't write to disk``), nor one about the
    work done elsewhere or its words treated (``file writing moved to
    `helpers/store.py` ``, ``shell escaping applied``)."""
    found: set[str] = set()
    for clause in _CLAUSE.split(text.casefold()):
        words = _WORD.findall(clause)
        if (
            not words
            or words[0] not in _OPENING
            or _DENIAL.search(clause)
            or not _ELSEWHERE.isdisjoint(words)
        ):
            continue
        found |= {area for area, alone in _ALONE.items() if words[0] in alone}
        for at, word in enumerate(words):
            if word in _FILE_WORDS:
                found |= _doings(words[at + 1 :]) | _doings(words[at - 1 :: -1] if at else [])
    return frozenset(found)


def _doings(words: list[str]) -> set[str]:
    """The areas of the doings ``words`` open with, next to a file word
    (``reads/writes``, ``to disk``), up to a word of something else."""
    found: set[str] = set()
    for word in words:
        doing = {area for area, doings in _FILE_DOINGS.items() if word in doings}
        if not doing and word not in _BETWEEN:
            break
        found |= doing
    return found


def mentioned_areas(text: str) -> frozenset[str]:
    """The canonical areas ``text`` names anywhere: a conjunction after an
    area names the areas its words make with the area's first word too
    (``filesystem writes and deletion`` names filesystem deletion), and an
    area said in other words (:func:`areas_in_other_words`) is named."""
    plain = text.replace("`", " ")
    found: set[str] = set(areas_in_other_words(plain))
    for match in _spelling().finditer(plain):
        area = canonical_area(match.group(0))
        if area is None:
            continue
        found.add(area)
        head = match.group(0).split()[0]
        at = match.end()
        while (joined := _JOINED.match(plain, at)) is not None:
            other = canonical_area(f"{head} {joined.group(1)}")
            if other is None:
                break
            found.add(other)
            at = joined.end()
    return frozenset(found)


def rebuildable(region: str, pieces: list[AreaPiece]) -> bool:
    """Whether a fix may write the list again from its pieces: written
    ``a, b`` with each piece opening with an area doxtool knows (a lone
    ``none`` among them is dropped)."""
    parts = [region[start:end].strip(" \t") for start, end in _comma_parts(region)]
    if not all(parts) or region.strip(" \t") != ", ".join(parts):
        return False
    if "<!--" in region:
        return False  # an HTML comment in the list: where an area goes is not known
    nones = [part for part in parts if part.split(None, 1)[0].strip("`").casefold() == "none"]
    if any(part.strip("`").casefold() != "none" for part in nones):
        return False  # ``none else``: a person's words
    return all(piece.area is not None for piece in pieces)
