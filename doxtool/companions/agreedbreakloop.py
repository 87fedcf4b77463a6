"""A person's English sentence stating a tool's ``break_loop`` in a shape
that is no lead of the block (``Returns a `Response` whose `break_loop` is
always `false`.``, ``Its `break_loop` is always `false`.``, `` `break_loop`
is `false` on every path.``). Such a sentence, when it states the one value
the code always gives, says what the ``break_loop`` line would: it is no
finding, and no fix writes the line beside it. One stating another value
may be about another tool or a past version, and is left to the rule as
before (the missing line is reported, with its fix)."""

from __future__ import annotations

import re

from doxtool.companions.breakloop import read_prose_break_loop
from doxtool.companions.factlines import ExpectedBlock, spans
from doxtool.companions.headingsubjects import names
from doxtool.companions.model import Companion
from doxtool.companions.shownlines import shown_lines

#: words before the mention that may make the sentence about another tool,
#: another case or another time (``Unlike `response`, whose ...``, ``If the
#: fetch fails, its ...``, ``Before v2, its ...``)
_GUARD = re.compile(
    r"\b(?:never|not|no|nor|neither|without|unless|except(?:ing)?|only|otherwise|else|when"
    r"|whenever|if|but|usually|normally|typically|mostly|generally|often|sometimes|rarely"
    r"|depend(?:s|ing)?|whether|succeeds?|success|fails?|failure|errors?|can|could|may|might"
    r"|previously|formerly|originally|earlier|older|legacy|used|was|were|before|after|until"
    r"|while|unlike|like|other|another|others|same|similar|instead|rather|than|most|some)\b"
    r"|n't\b",
    re.IGNORECASE,
)

#: English words a sentence stating the value holds (a line in another
#: language is read by :mod:`doxtool.companions.foreignbreakloop`)
_ENGLISH = re.compile(
    r"\b(?:is|are|always|every|each|all|has|have|returns?|sets?|stays|remains|whose|its)\b",
    re.IGNORECASE,
)

#: every word a sentence about the tool's own value is written with
#: (``Returns a `Response` whose `break_loop` is always `false`.``); a word
#: of any other (``The base Tool's ...``, ``... in the old version``, ``The
#: prompt says ...``) may make it another tool's, case's or time's
_OWN_WORDS = frozenset(
    {
        "a", "an", "the", "its", "it", "this", "tool", "tool's", "whose", "which",
        "returns", "return", "returned", "has", "have", "is", "are", "always",
        "every", "each", "all", "on", "path", "paths", "set", "to", "with", "of",
        "value", "stays", "remains", "Response", "Responses", "execute", "call",
        "calls", "true", "false",
    }
)  # fmt: skip
_WORD = re.compile(r"[A-Za-z_][\w']*")

_MENTION = "break_loop"
_BOOLEANS = frozenset({"true", "false"})
_HEADING = re.compile(r"[ \t]{0,3}#{1,6}(?:[ \t].*)?")
#: code spans a sentence about the tool's own value may hold besides the
#: mention and the value
_OWN_SPANS = frozenset({"Response", "Response(...)", "execute", "execute(...)"})


def agreed_sentence(companion: Companion, expected: ExpectedBlock) -> int | None:
    """The number (1-based) of the first line of ``companion`` (outside
    code blocks and HTML comments) that states, in English words, the one
    ``break_loop`` value of ``expected`` (a tool whose code gives one value
    only): `` `break_loop` `` named once in a code span, the value read as
    :func:`~doxtool.companions.breakloop.read_prose_break_loop` reads a
    person's sentence, no word before the mention that may turn the
    sentence to another tool, case or time, no other code span but the
    class, ``Response`` and ``execute``, and about this class (it names no
    other class of the section, and where the section has several it
    names this one or a heading over it does). None when there is none."""
    if expected.kind != "break-loop" or not expected.subject:
        return None
    values = expected.values if isinstance(expected.values, list) else []
    if len(values) != 1 or values[0] not in _BOOLEANS:
        return None
    subject = expected.subject
    others = {key.partition(":")[2].split(".")[0] for key in expected.section_lines}
    others -= {subject, ""}
    heading = ""
    for number, content in shown_lines(companion):
        if _HEADING.match(content):
            heading = content
            continue
        found = spans(content)
        codes = [span.text.strip() for span in found if span.code]
        if codes.count(_MENTION) != 1:
            continue
        if any(
            c not in (_MENTION, subject) and c.casefold() not in _BOOLEANS and c not in _OWN_SPANS
            for c in codes
        ):
            continue  # another name in code: the value may be its
        words = " ".join(span.text for span in found if not span.code)
        if not _ENGLISH.search(words) or "?" in words:
            continue
        if not all(_own_word(word, subject) for word in _WORD.findall(words)):
            continue  # a word that may make it another tool's, case's or time's
        before = content[: content.index(f"`{_MENTION}`")] if f"`{_MENTION}`" in content else ""
        if _GUARD.search(before):
            continue
        if any(names(content, other) for other in others):
            continue  # about another class
        if others and not names(content, subject) and not _own_heading(heading, subject, others):
            continue  # whose value, in a companion of several classes, is not known
        said = read_prose_break_loop(content)
        if said is not None and sorted(said) == sorted(values):
            return number
    return None


def _own_heading(heading: str, subject: str, others: set[str]) -> bool:
    """Whether ``heading`` is ``subject``'s alone: it names it and no other
    class of the section (``## `WaitTool` and `PauseTool` `` is not)."""
    return names(heading, subject) and not any(names(heading, other) for other in others)


def _own_word(word: str, subject: str) -> bool:
    """Whether ``word`` is one a sentence about ``subject``'s own value is
    written with: the class (``WaitTool's``), or one of :data:`_OWN_WORDS`
    in any case but ``Tool``, the base class."""
    if word.removesuffix("'s") == subject or word in _OWN_WORDS:
        return True
    return word.casefold() in _OWN_WORDS and word.removesuffix("'s") != "Tool"
