"""A ``break_loop`` statement in words doxtool does not know: a companion
written in another language names `` `break_loop` `` and its value in code
spans in its own words (`` - `break_loop` ist immer `false`. ``,
``Siempre devuelve `break_loop` = `false`.``, `` - `break_loop` 始终为
`false`。 ``). Such a line is the person's statement of the value: it is
compared only when it names one boolean and no word doxtool knows, in any
language it knows, may turn it around or qualify it (``nie``, ``jamais``,
``no``, ``不``, ``nur``, ``wenn`` ...); no fix writes a second line beside it.
A line in English words is read as :mod:`doxtool.companions.breakloop`
reads it (``Set `break_loop` = `true` only in a tool that answers the
user.`` is about ``break_loop`` in general, not the tool's value)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from doxtool.companions.factlines import ExpectedBlock, spans
from doxtool.companions.model import Companion
from doxtool.companions.unreadleads import shown_lines

#: English words: a line holding one is in words doxtool reads as English
#: sentences (:func:`doxtool.companions.breakloop.read_prose_break_loop`),
#: or about ``break_loop`` in general
#: (not the words other languages share with it: ``no``, ``a``, ``on``, ``so``,
#: nor the ones they borrow: ``Tool``, ``Agent``, ``Loop``)
_ENGLISH = frozenset(
    re.findall(
        r"\w+",
        """
        the an is are was were be been being it its this that these those of to in at by
        for with from as and or but not never nor neither without always only when whenever if
        unless except otherwise else until while after before set sets setting return returns
        returned ends stops stop keeps keep stays remains defaults whose which who should must
        can could may might would does do did has have had then than unlike also every each
        all any
        """,
    )
)

#: words of the other languages doxtool knows (German, French, Spanish,
#: Chinese, Japanese, Russian) that may turn a value around (``nie``,
#: ``jamais``, ``no``, ``不``, ``не``), qualify it (``nur``, ``wenn``,
#: ``sauf``, ``cuando``, ``如果``, ``場合``, ``если``), say it may hold or
#: held once (``kann``, ``früher``, ``以前``)
_TURNING = re.compile(
    r"(?<![^\W\d_])(?:"
    # German
    r"nicht|nie|niemals|kein\w*|ohne|weder|außer|ausser|nur|wenn|falls|sofern|sonst|bis|"
    r"meist\w*|größtenteils|manchmal|oft|normalerweise|gewöhnlich|ob|kann|könnte|darf|war|waren|früher|"
    # French
    r"ne|n|pas|jamais|sans|ni|aucun\w*|sauf|seulement|uniquement|quand|lorsque?|si|sinon|"
    r"parfois|plupart|souvent|généralement|peut|pourrait|était|auparavant|"
    # Spanish
    r"no|nunca|jamás|sin|ningún|ninguna?|salvo|excepto|solo|sólo|únicamente|cuando|sino|"
    r"veces|mayor[ií]a|normalmente|puede|podría|era|antes|"
    # Russian
    r"большинств\w*|не|ни|нет|никогда|без|кроме|только|если|когда|иначе|обычно|иногда|может|был\w*|раньше"
    r")(?![^\W\d_])"
    # Chinese, Japanese (no spaces between words)
    r"|[不没無无非未别勿否除仅只若]|如果|当|时|通常|有时|大多|大部分|多くの|可能|以前|曾|場合|とき|時|のみ|だけ|以外"
    r"|ない|ません|ず",
    re.IGNORECASE,
)

_WORD = re.compile(r"[^\W\d_]+")
_BOOLEANS = frozenset({"true", "false"})
_MENTION = "break_loop"


@dataclass(frozen=True)
class Statement:
    """A line stating ``break_loop`` in words doxtool does not know: its
    number (1-based) and the value it states (None: not one doxtool can
    compare)."""

    line: int
    values: list[str] | None


def foreign_statement(companion: Companion, expected: ExpectedBlock) -> Statement | None:
    """The first line of ``companion`` (outside code blocks and HTML
    comments) naming `` `break_loop` `` and a boolean in code spans in
    words none of which is English, when it is about ``expected``'s class:
    it names no other class of the section, and where the section has
    several it names this one (or a heading over it does)."""
    if expected.kind != "break-loop" or not expected.subject:
        return None
    others = {key.partition(":")[2].split(".")[0] for key in expected.section_lines}
    others.discard(expected.subject)
    others.discard("")
    heading = ""
    for number, content in shown_lines(companion):
        if _HEADING.match(content):
            heading = content
        found = spans(content)
        codes = [span.text.strip() for span in found if span.code]
        if _MENTION not in codes and not any(_ASSIGNED.fullmatch(c) for c in codes):
            continue
        words = " ".join(span.text for span in found if not span.code)
        if _english(words):
            continue
        values = [c.casefold() for c in codes if c.casefold() in _BOOLEANS] + [
            m.group(1).casefold() for c in codes for m in [_ASSIGNED.fullmatch(c)] if m
        ]
        if not values:
            continue
        named = {name for name in (*others, expected.subject) if _names(content, name)}
        if named - {expected.subject}:
            continue  # about another class
        if others and expected.subject not in named and not _names(heading, expected.subject):
            continue  # whose value, in a companion of several classes, is not known
        # another name in code (``Anders als `response` ...``) may be what
        # the value is of
        other = [
            c
            for c in codes
            if c not in (_MENTION, expected.subject) and c.casefold() not in _BOOLEANS
        ]
        unambiguous = (
            len(set(values)) == 1
            and codes.count(_MENTION) + len(values) <= 2
            and not any(not _ASSIGNED.fullmatch(c) for c in other)
            and not _TURNING.search(words)
            # a boolean outside code may be a second value (``oder false``)
            and not any(w.casefold() in _BOOLEANS for w in _WORD.findall(words))
        )
        return Statement(number, [values[0]] if unambiguous else None)
    return None


_HEADING = re.compile(r"[ \t]{0,3}#{1,6}(?:[ \t].*)?")
#: the value as the code writes it, in one code span (`` `break_loop = False` ``)
_ASSIGNED = re.compile(r"break_loop[ \t]*=[ \t]*(true|false)", re.IGNORECASE)


def turned(content: str) -> bool:
    """Whether the words of ``content`` outside code spans hold one of
    another language doxtool knows that may turn a value around or qualify
    it (`` `Echo` setzt `break_loop` nie auf `true`. ``)."""
    words = " ".join(s.text for s in spans(content) if not s.code)
    if _english(words):
        return False  # read as English (``It gives no answer: `break_loop` is always false.``)
    return _TURNING.search(words) is not None


def _english(words: str) -> bool:
    """Whether ``words`` hold an English word (:data:`_ENGLISH`)."""
    return any(word.casefold() in _ENGLISH for word in _WORD.findall(words))


def _names(text: str, name: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None
