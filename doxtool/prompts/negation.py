"""Names a prompt writes only to forbid them: ``args: `text`, not `reply```,
``never `content```, ``instead of `msg```, ``the old `msg` argument was
removed``, a table row ``| `hours` | deprecated, use `seconds` |``, a list
item ``- `msg` (legacy): ...``. Such a name is not taught; it stays a name
of the section's prose (a mention)."""

from __future__ import annotations

import re

from doxtool.prompts.otherlanguages import BEFORE, GONE, NOT_YET, WRONG_LABEL_RE

#: words right before a name that forbid it: ``not `reply```, ``never
#: `content```, ``no longer `msg```, ``instead of `x```, ``don't use `x```
_BEFORE_RE = re.compile(
    r"(?:\b(?:not|never|no\s+longer|instead\s+of|rather\s+than|avoid|"
    r"(?:do\s+not|don[\u2019']t|never|no\s+longer)\s+(?:use|send|pass|set|give|add))"
    rf"|\bno|{BEFORE})[ \t]*[:\uff1a\u2014\u2013-]?[ \t]*\Z",
    re.I,
)
#: a phrase that says a name is gone whatever follows it
_NO_LONGER = r"no[ \t]+longer[ \t]+(?:read|used|supported|accepted|exists?|works?|taken|valid)\b"
#: a word that says a name is gone when it stands as a mark (``(deprecated)``,
#: ``deprecated, use `x```, ``removed in 2.0``, ``legacy;``), not when it
#: opens a description (``removed files too``, ``legacy behaviour toggle``)
#: or is part of a hyphenated word (``legacy-compatible``, ``non-legacy``)
_GONE_MARK = (
    r"(?<![\w-])(?:removed|deprecated|obsolete|unsupported|legacy)(?:\*\*|__|[*_])?"
    r"(?=[ \t]*(?:(?!-\w)[^\w\s`]|\Z)|[ \t]+(?:since|as[ \t]+of|in[ \t]+(?:favou?r|v?\d|version)|"
    r"alias(?:es)?|and[ \t]+(?:ignored|unused|unread)|use)\b)"
)
#: words right after a name that say it is gone: ```msg` (deprecated)``,
#: ```msg`: removed``, ```msg` was removed``, ```msg` argument is no longer
#: read`` (up to two words before the verb)
_AFTER_RE = re.compile(
    r"[ \t]+(?:[^\W\d_][\w-]*[ \t]+){0,2}(?:is|was|are|were|has[ \t]+been|have[ \t]+been)"
    rf"[ \t]*(?:removed|deprecated|obsolete|unsupported|legacy|{_NO_LONGER})\b"
    r"|[ \t]*[(:\uff08\uff1a\u2014\u2013-]?[ \t]*(?:\*\*|__|[*_])?"
    rf"(?:{_GONE_MARK}|{_NO_LONGER}|{GONE})",
    re.I,
)
#: a description that opens by saying its name is gone: a table cell
#: ``deprecated, use `seconds```, ``**Removed.**``, ``(legacy)``, an item's
#: text after its name ``- `hours`: deprecated``
_GONE = rf"[ \t]*[(\[\uff08]?[ \t]*(?:\*\*|__|[*_])?[ \t]*(?:{_GONE_MARK}|{_NO_LONGER}|{GONE})"
_GONE_RE = re.compile(_GONE, re.I)
#: the same, as the whole of a cell: ``| deprecated |``, ``| **legacy** |``
_GONE_CELL_RE = re.compile(
    _GONE + r"[ \t]*(?:\*\*|__|[*_])?[ \t]*[)\].!\uff09\u3002]?[ \t]*\Z", re.I
)


#: words that say a name is not there yet: ``coming soon``, ``planned``,
#: ``upcoming``, ``not yet released``, ``to be added``
_NOT_YET = (
    r"(?:coming[ \t]+soon|planned|upcoming|unreleased|not[ \t]+(?:yet[ \t]+)?released"
    rf"(?:[ \t]+yet)?|to[ \t]+be[ \t]+(?:added|implemented|released)|{NOT_YET})"
)
#: what may follow such a word in parentheses: the closing one, a colon or a
#: dash (``(planned: v2)``), or when it comes (``(planned for 2.0)``, ``(to
#: be added in a later release)``); not more words of a description that
#: opens with such a word (``(upcoming event time)``, ``(to be added to the
#: issue)``, ``(planned duration)``, ``(planned, active or done)``)
_NOT_YET_END = (
    r"(?:\*\*|__|[*_])?(?:(?=[ \t]*[)\]\uff09])|[ \t]*[:;\uff1a\uff1b\uff0c\u3001\u2014\u2013]"
    r"|[ \t]+-[ \t]|[ \t]+(?:for|in|until|after|as[ \t]+of|with|on|für|ab|im|mit|pour|dans|"
    r"avec|para|con|desde|в|с|до|на)[ \t]+(?=[^()\[\]\uff08\uff09]*(?:\d|release|version|"
    r"update|future|later|roadmap)))"
)
#: a mark after a name saying it is not there yet: in parentheses
#: (```until` (coming soon)``, ``(planned for 2.0)``), or after a colon or a
#: dash with nothing but a lead's colon after it (```timer` — planned``,
#: ```jitter` — planned: extra seconds``); not a description that opens with
#: such a word (```status`: planned, active or done``, ```until` (upcoming
#: event time)``)
_NOT_YET_RE = re.compile(
    rf"[ \t]*(?:[(\[\uff08][ \t]*(?:\*\*|__|[*_])?{_NOT_YET}{_NOT_YET_END}"
    r"[^()\[\]\uff08\uff09]*[)\]\uff09]"
    rf"|[:\uff1a\u2014\u2013-][ \t]*(?:\*\*|__|[*_])?{_NOT_YET}(?:\*\*|__|[*_])?[ \t]*"
    r"(?:[.!:\u3002\uff1a]|\Z))",
    re.I,
)
#: the same as the whole of a table's cell: ``| planned |``, ``| (coming soon) |``
_NOT_YET_CELL_RE = re.compile(
    rf"[ \t]*[(\[\uff08]?[ \t]*(?:\*\*|__|[*_])?{_NOT_YET}(?:\*\*|__|[*_])?[ \t]*"
    r"[)\].!\uff09\u3002]?[ \t]*\Z",
    re.I,
)
#: Markdown's strikethrough around a name: ``args: `seconds`, ~~`hours`~~``
_STRUCK = "~~"


#: the words that tell the model not to do a thing
_NOT = r"(?:do[ \t]+not|don[\u2019']t|never|must[ \t]+not|should[ \t]+not|cannot|can[\u2019']t)"
#: a clause that tells the model not to send a name, or says the tool does
#: not take it: ``do not use this argument``, ``never set this``, ``must not
#: be used``, ``ignored``, ``not supported``, ``not implemented yet``; the
#: whole of a clause, so that ``never set this to a directory`` or ``ignored
#: unless `y``` is not one
_FORBID_CLAUSE_RE = re.compile(
    r"(?:it[ \t]+|this[ \t]+(?:argument|arg|key|field|parameter|option)[ \t]+)?"
    rf"(?:(?:is|are)[ \t]+)?(?:{_NOT}"
    r"[ \t]+(?:be[ \t]+)?(?:use|used|send|sent|pass|passed|set|give|given|add|added|"
    r"include|included|provide|provided|supply|supplied)"
    r"(?:[ \t]+(?:this|it|this[ \t]+(?:argument|arg|key|field|parameter|option)))?"
    r"|ignored|unused|coming[ \t]+soon|"
    r"not[ \t]+(?:yet[ \t]+)?(?:supported|used|read|accepted|available|implemented|released)"
    r"(?:[ \t]+yet)?(?:[ \t]+(?:here|(?:by|in|for|with|on)[ \t]+(?:this|the)[ \t]+"
    r"(?:profile|model|tool|version)))?"
    r")",
    re.I,
)
#: a clause telling the model not to call the tool an item or a heading
#: names (``never call it from here``, ``do not invoke directly``); the whole
#: of a clause, so that ``never call it with an empty query`` is not one
_FORBID_CALL_RE = re.compile(
    rf"(?:(?:it|this[ \t]+tool)[ \t]+)?(?:(?:is|are)[ \t]+)?{_NOT}[ \t]+(?:be[ \t]+)?"
    r"(?:call|called|invoke|invoked|run)(?:[ \t]+(?:this|it|this[ \t]+tool))?"
    r"(?:[ \t]+(?:(?:from[ \t]+)?here|directly))?",
    re.I,
)
#: the verb of a forbidding clause that may run a thing other than the tool
_RUN_RE = re.compile(r"\brun\b", re.I)
#: a clause that makes a rule beside it a condition (``when offline``,
#: ``unless the user asks``, ``for local files``)
_CONDITION_RE = re.compile(
    r"(?:if|when|whenever|unless|until|while|during|before|after|once|for|in|on|"
    r"without|except|only|outside|within)\b",
    re.I,
)
#: what ends a clause of a name's description
_CLAUSE_SPLIT_RE = re.compile(r"[.;,:!()\[\]|\u2014\u2013]|[ \t]-[ \t]")
#: the same, kept by a split
_CLAUSE_SPLIT_KEPT_RE = re.compile(f"({_CLAUSE_SPLIT_RE.pattern})")
#: what ends a sentence, past which no clause is a condition of another
_SENTENCE_END = frozenset(".;!")
#: emphasis and blanks around a clause
_CLAUSE_EDGES = "*_ \t"


def forbids(before: str, after: str) -> bool:
    """Whether the text of an item around a name (``before`` it, from the
    start of its item; ``after`` it, to the end of its item) forbids the name:
    words before it (``not `reply```), a mark after it (```msg`
    (deprecated)``), or a clause of its description, up to the next name,
    that tells not to send it or says it is not taken (```markdown`: do not
    use this argument, it is ignored``, ```x` (not supported)``); a mark
    saying it is not there yet (```until` (coming soon)``, ```timer` —
    planned``); or strikethrough around it (``~~`hours`~~``)."""
    before, after = _blanks(before), _blanks(after)
    if before.endswith(_STRUCK) and after.startswith(_STRUCK):
        return True  # struck out: ``~~`hours`~~``
    return bool(
        _BEFORE_RE.search(before)
        or _AFTER_RE.match(after)
        or _NOT_YET_RE.match(after)
        or _forbidding(after)
    )


#: a run of blanks, which the patterns here read as one
_BLANKS_RE = re.compile(r"[ \t]{2,}")


def _blanks(text: str) -> str:
    """``text`` with each run of blanks one space: the patterns here allow
    blanks around optional words, which a long run would make them try in
    every split."""
    return _BLANKS_RE.sub(" ", text)


def _forbidding(text: str) -> bool:
    """Whether a clause of ``text`` up to its first code span is wholly one
    that forbids the name it describes."""
    text = text.split("`", 1)[0]
    parts = _CLAUSE_SPLIT_KEPT_RE.split(text)
    opening = True  # the description's first clause
    for index in range(0, len(parts), 2):
        clause = parts[index].strip(_CLAUSE_EDGES)
        if _FORBID_CLAUSE_RE.fullmatch(clause):
            return True
        # ``never run it`` past the first clause runs what else the
        # description speaks of (``fetches a file; never run it``)
        if (
            _FORBID_CALL_RE.fullmatch(clause)
            and (opening or not _RUN_RE.search(clause))
            and not _conditioned(parts, index)
        ):
            return True
        opening = opening and not clause
    return False


def _conditioned(parts: list[str], index: int) -> bool:
    """Whether a clause of the sentence of the clause ``parts[index]``
    (clauses at even indexes, what splits them between) makes it a
    condition: ``when offline, do not call it``, ``never run it, unless
    asked``, ``never run it (unless asked)``, a rule on when not to call a
    tool, which still teaches it."""
    for step in (-1, 1):
        sep = index + step
        while 0 <= sep < len(parts) and parts[sep].strip() not in _SENTENCE_END:
            if _CONDITION_RE.match(parts[sep + step].strip(_CLAUSE_EDGES)):
                return True
            sep += 2 * step
    return False


def says_gone(text: str) -> bool:
    """Whether a description opens by saying the name it describes is gone
    (``deprecated, use `seconds```, ``Removed in 2.0``, ``(legacy)``; not
    ``not deprecated``, nor ``removed files too``)."""
    return bool(_GONE_RE.match(_blanks(text)))


def item_forbids(content: str, close: int, named: int | None) -> bool:
    """Whether a list item opening with a name (its span closing at
    ``close``; ``named``: the end of the name's separator, ``:`` or a dash,
    after any parenthesis) says the name is gone: ``- `msg` (deprecated)``,
    ``- `msg`: removed, send `text```, ``- `hours` (int): deprecated``."""
    return forbids("", content[close:]) or (named is not None and says_gone(content[named:]))


def row_says_gone(cells: list[str]) -> bool:
    """Whether a table row says the name in its first cell is gone: a cell
    after it that is only such a mark (``| `hours` | deprecated | int |``),
    or a last cell opening with one (``| `hours` | deprecated, use
    `seconds` |``). A row that uses the word elsewhere (``| `path` | the
    file; the removed `file` argument |``) says nothing of its name."""
    rest = [_blanks(cell) for cell in cells[1:]]
    return bool(rest) and (
        any(
            _GONE_CELL_RE.match(cell) or _NOT_YET_CELL_RE.match(cell) or _forbidding(cell)
            for cell in rest
        )
        or says_gone(rest[-1])
    )


#: what a label calls an example (``Bad example``, ``Incorrect usage``)
_THING = (
    r"(?:examples?|usages?|uses?|calls?|tool[ \t]+calls?|formats?|ways?|outputs?|replies|reply|"
    r"responses?|json|versions?|patterns?|forms?|shapes?|requests?)"
)
#: what may follow a label's words: an explanation in parentheses or after a
#: comma or a dash (``Wrong (extra keys, never do this)``, ``Bad — no args``),
#: not a hyphen joining the next word (``Bad-request handling`` is no label)
_EXPLAINED = r"(?:[ \t]*(?:\(.*\)|[,\u2014\u2013].*|-(?=[ \t-]|$).*)|[ \t]+-.*)?"
#: where an example is wrong (``Invalid for this profile``, ``Not valid here``)
_WHERE = r"(?:[ \t]+(?:here|(?:for|in|with|on|under)[ \t]+[^,:()\u2014\u2013]+))?"
#: the words that call an example wrong (not ``broken`` nor ``malformed``,
#: which also label input shown to explain how it is handled)
_WRONG = (
    r"(?:wrong|bad|incorrect|invalid|forbidden|prohibited|disallowed|"
    r"not[ \t]+(?:allowed|permitted|valid))"
)
#: the words that call an example an outdated form (``Old``, ``Deprecated``)
_OUTDATED = r"(?:old|legacy|deprecated|outdated|obsolete|removed|retired)"
#: the verbs of a sentence that shows what something looks like (``Do not
#: be surprised if the reply looks like this``): it does not forbid the example
_SHOWS = r"(?:looks?|is|are|was|were|seems?|appears?|reads?|be)"
_WRONG_LABEL_RE = re.compile(
    # ``Wrong``, ``Bad example``, ``An invalid call``, ``Example of a wrong call``,
    # ``Not allowed``, ``Forbidden``
    r"(?:(?:an?|the)[ \t]+)?(?:example[ \t]+of[ \t]+(?:an?[ \t]+)?)?"
    rf"{_WRONG}(?:[ \t]+{_THING})?{_WHERE}{_EXPLAINED}"
    # ``This is wrong``, ``That would be invalid``, ``The following is NOT allowed``
    rf"|(?:this|that|these|it|the[ \t]+following|(?:this|that|the[ \t]+next)[ \t]+{_THING})"
    rf"(?:[ \t]+(?:is|are|would[ \t]+be)|[\u2019']s)[ \t]+{_WRONG}{_WHERE}{_EXPLAINED}"
    # ``Example (wrong)``, ``Usage (do not copy)``
    rf"|{_THING}[ \t]*\([ \t]*(?:{_WRONG}|never|avoid|"
    r"(?:do[ \t]+not|don[\u2019']?t)[ \t]+\w+)\b[^()]*\)"
    # ``Don't``, ``Never do this``, ``Do not copy``, ``Avoid this``
    r"|(?:don[\u2019']?t|do[ \t]+not|never)(?:[ \t]+(?:do|copy|use|send|write|output|call|"
    rf"reply|respond))?(?:[ \t]+(?:(?:this|that|these|the[ \t]+following)(?:[ \t]+{_THING})?|"
    rf"it|like[ \t]+this))?{_EXPLAINED}"
    # ``Do not wrap in fences like this``, ``Never send a call like this``
    rf"|(?:don[\u2019']?t|do[ \t]+not|never)(?:[ \t]+(?!{_SHOWS}\b)[\w`'\"-]+){{1,6}}"
    rf"[ \t]+like[ \t]+(?:this|that){_EXPLAINED}"
    rf"|avoid(?:[ \t]+(?:this|that|these))?{_EXPLAINED}"
    # ``Not like this``, ``What not to do``, ``Not to be used``, ``Anti-pattern``
    r"|(?:not[ \t]+(?:like[ \t]+)?this|(?:example[ \t]+of[ \t]+)?what[ \t]+not[ \t]+to[ \t]+do|"
    r"not[ \t]+to[ \t]+(?:be[ \t]+)?(?:used?|copy|copied|follow(?:ed)?)|"
    rf"(?:an?[ \t]+)?(?:anti-?pattern|counter-?example)s?){_EXPLAINED}"
    # ``Mistake``, ``Common mistake``, ``A typical mistake`` (not ``Mistake-free``),
    # ``Common pitfalls``, ``Mistakes to avoid``, ``What to avoid``
    r"|(?:(?:an?|the)[ \t]+)?(?:(?:common|typical|frequent|classic)[ \t]+)?"
    rf"(?:mistakes?|pitfalls?)(?!-\w)(?:[ \t]+to[ \t]+avoid)?{_EXPLAINED}"
    rf"|(?:what|things|errors)[ \t]+to[ \t]+avoid{_EXPLAINED}"
    # ``This won't work``, ``The following will fail``, ``Does not work here``
    rf"|(?:(?:this|that|these|it|the[ \t]+following|(?:this|that|the[ \t]+next)[ \t]+{_THING})"
    r"[ \t]+)?(?:(?:won[\u2019']?t|will[ \t]+not|would[ \t]+not|wouldn[\u2019']?t|does[ \t]+not|"
    r"doesn[\u2019']?t|do[ \t]+not|don[\u2019']?t)[ \t]+work|(?:will|would)[ \t]+fail|fails)"
    rf"{_WHERE}{_EXPLAINED}",
    re.I,
)
_OUTDATED_LABEL_RE = re.compile(
    # ``Old (no longer works)``, ``Deprecated usage``, ``Legacy format``,
    # ``Before (deprecated)``, ``No longer supported``, ``This no longer works``
    rf"(?:the[ \t]+)?{_OUTDATED}(?:[ \t]+(?:{_THING}|way|style|syntax|api))?{_EXPLAINED}"
    # (the lookahead looks for the word once: linear in the label's length)
    rf"|before[ \t]*\((?=[^()]*\b(?:{_OUTDATED}|no[ \t]+longer)\b)[^()]*\)"
    r"|(?:(?:this|that|it)[ \t]+)?(?:is[ \t]+)?no[ \t]+longer[ \t]+"
    rf"(?:works?|supported|valid|used|available|accepted){_EXPLAINED}",
    re.I,
)
#: words that say an old form still works (``Old way, still accepted``,
#: ``Legacy form (still works)``, ``Deprecated (works too)``): what such a
#: label introduces is a call to learn from, not one to avoid
_STILL_WORKS_RE = re.compile(
    r"\b(?:still|also)[ \t]+(?:(?!not\b|no\b|never\b)\w+[ \t]+)?"
    r"(?:works?|accepted|supported|valid|allowed|available|fine|ok|okay|usable|read|"
    r"understood|honou?red)\b"
    r"|\b(?:works?|accepted|supported|valid|allowed)[ \t]+(?:too|as[ \t]+well)\b"
    r"|(?<!not[ \t])\bbackwards?[ \t-]+compatible\b",
    re.I,
)
#: what stands around a label's words: symbols (an icon, ``❌``), emphasis,
#: and the colon that ends it
_LABEL_EDGES = "*_ \t"
#: the marks that end a label: a colon, or an exclamation mark (``Wrong!``)
_LABEL_ENDS = ":!\uff1a\uff01"
#: icons that mark what follows as wrong: a label opening with one needs no
#: colon (``❌ Wrong``)
_CROSSES = "\u274c\u2717\u2718\u2716\U0001f6ab\u26d4"


def labels_wrong(label: str) -> bool:
    """Whether ``label``, the text introducing an example (the line before
    it, a heading read as ending in ``:``, or the text before it on its
    line), says the example is wrong: a few words ending in a colon that
    call it wrong, bad, incorrect, invalid, forbidden, not allowed or a
    mistake, or an old form (``Old (no longer works):``, ``Deprecated
    usage:``), or say it will not work (``This won't work:``), or tell not
    to do or use it (``Do not wrap in fences like this:``)
    (``Wrong (extra keys, never do this):``, ``Bad example (do not
    copy):``, ``❌ **Incorrect:**``, ``Never do this:``), in all its words,
    its last sentence or the words after a dash (``Common mistake — do not
    do this:``). A line that only opens with such a word (``Never wait
    longer than needed:``, ``Do not forget `tool_args`:``) does not. An
    exclamation mark ends a label as a colon does (``Wrong!``), and a label
    opening with a cross (``❌ Wrong``) or wholly in emphasis, as a heading
    (``**Don't do this**``), needs neither."""
    text = label.strip().strip(_LABEL_EDGES)
    if text and text[-1] in _LABEL_ENDS:
        text = text[:-1]
    elif not (text.lstrip(_LABEL_EDGES).startswith(tuple(_CROSSES)) or _emphasized(label)):
        return False
    if text.rstrip(_LABEL_EDGES).endswith(("?", "\uff1f")):
        return False  # a question (``### Doesn't work with proxies?``) labels nothing
    words = text.strip(_LABEL_EDGES)
    start = next((i for i, char in enumerate(words) if char.isalnum()), len(words))
    if start == len(words):
        # a cross alone (``❌``)
        return words.startswith(tuple(_CROSSES))
    words = words[start:].strip(_LABEL_EDGES)
    # a label of sentences says so in its last: ``Do not add other keys. This is wrong:``
    last = _SENTENCE_END_RE.split(words)[-1].strip(_LABEL_EDGES)
    # or in what follows a dash: ``Common mistake — do not do this:``
    dashed = _DASH_RE.split(words)[-1].strip(_LABEL_EDGES)
    if _STILL_WORKS_RE.search(words):
        dashed = last
    return any(
        pattern.fullmatch(text)
        for pattern in (_WRONG_LABEL_RE, WRONG_LABEL_RE)
        for text in (words, last, dashed)
    ) or any(
        _OUTDATED_LABEL_RE.fullmatch(text) and not _STILL_WORKS_RE.search(text)
        for text in (words, last, dashed)
    )


#: a dash set off by spaces within a label, before the words that say what
#: the example is (``Common mistake — do not do this``)
_DASH_RE = re.compile(r"[ \t]+[\u2014\u2013-]{1,2}[ \t]+")


def _emphasized(label: str) -> bool:
    """Whether ``label`` is wholly bold or italic (``**Don't do this**``): a
    line of emphasis alone over an example labels it as a heading does, with
    no colon."""
    text = label.strip()
    for mark in ("**", "__", "*", "_"):
        if len(text) > 2 * len(mark) and text.startswith(mark) and text.endswith(mark):
            inner = text[len(mark) : -len(mark)]
            return bool(inner.strip()) and mark[0] not in inner
    return False


#: the end of a sentence within a label
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])[ \t]+(?=[A-Z\u274c\u2717\u2718\u2716])")
