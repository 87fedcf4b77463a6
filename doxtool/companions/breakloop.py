"""What a ``break_loop`` sentence states (`` always `false` ``, `` `true` or
`false` ``, ``never `true```), read as the values it names."""

from __future__ import annotations

import re

from doxtool.companions.factlines import code, is_none, listed_spans, outside_parentheses, spans

#: words that turn a value around (``never `true```, ``not `false```)
_NEGATION = re.compile(r"\b(?:never|not|no|nor|neither|without)\b|n't\b", re.IGNORECASE)


_NEVER = re.compile(r"never `(true|false)`", re.IGNORECASE)

#: words that make a value hold on some calls only (`` `false` unless ...``,
#: ``always `false` except ...``, ``usually `false` ``): the sentence
#: states the other value too, or nothing doxtool can compare
_QUALIFIER = re.compile(
    r"\b(?:unless|except(?:ing)?|only|otherwise|else|when|whenever|if"
    r"|but|usually|normally|typically|mostly|generally|often|sometimes"
    r"|depend(?:s|ing)?|whether|conditionally|succeeds?|success|fails?|failure|errors?"
    # a value said to hold on some calls (``rarely `true```, ``for most
    # waits``, ``apart from long waits``)
    r"|rarely|seldom|hardly|scarcely|occasionally|most|some"
    r"|apart|aside|besides|barring|excluding|save[ \t]+for|other[ \t]+than"
    r"|though|although)\b",
    re.IGNORECASE,
)

#: a value said as it may be (``can be `true```): before the value only, as
#: after it the words are of what follows (``always `false`, so the agent
#: can go on``)
_MODAL = re.compile(r"\b(?:can|could|may|might)\b", re.IGNORECASE)

#: words telling a value of the past (``used to be `true```, ``(previously
#: `true`)``): a value the code no longer has is no statement of today's
_HISTORY = re.compile(r"\b(?:previously|formerly|originally|earlier|older|legacy)\b", re.IGNORECASE)
#: ... a verb in the past, which tells the value's past only before the
#: last value (``was `true```), not after it (`` `true`: the answer was sent``)
_PAST_VERB = re.compile(r"\b(?:used[ \t]+to|was|were)\b", re.IGNORECASE)

#: words of time that qualify a value said outside parentheses (`` `false`
#: until the job ends``), but in a parenthesis after it tell what happens
#: (``always `false` (the agent keeps working after the timer)``)
_TIME = re.compile(r"\b(?:until|while|after|before)\b", re.IGNORECASE)


def read_break_loop(sentence: str) -> tuple[list[str] | None, bool]:
    """The values a ``break_loop`` sentence states, and whether it is written
    as doxtool writes it (``always `false```, `` `a` or `b` ``, ``none``),
    so that a fix may rewrite it without losing a person's words.

    ``never `true``` is ``false`` (and the other way round). The values are
    None (the sentence is not read, nor compared) when other words outside
    parentheses may turn them around (``not always `true```, ``never ends
    the loop (`false`)``) or when no boolean is in backticks (``depends
    on the flag``). Spans in parentheses, and spans that are not a boolean
    (`` `true` when the answer starts with `FINAL:` ``), are a person's
    words, not values.

    A sentence that qualifies its value (``unless``, ``except``, ``only``,
    ``otherwise``, ``when``, ``usually`` ..., and outside parentheses
    ``until``, ``after`` ...) or names both booleans
    (in parentheses too: ``always `false` except for `FINAL:` text
    (`true`)``) states both values when it names both, and nothing doxtool
    can compare when it names one (`` `false` unless the text starts with
    `FINAL:` ``).
    """
    if is_none(sentence):
        return [], True
    never = _NEVER.fullmatch(sentence.strip(" \t"))
    if never is not None:  # ``never `true```: always the other
        return ["false" if never.group(1).lower() == "true" else "true"], False
    outside = [char for _, char in outside_parentheses(sentence)]
    # only a boolean is a value: another span (`` `true` when the answer
    # starts with `FINAL:` ``) is a person's words in a condition
    values = [span.text for span in listed_spans(sentence) if span.text.casefold() in _BOOLEANS]
    past = _HISTORY.search(sentence) or _PAST_VERB.search(_to_last(sentence))
    if not values or _NEGATION.search("".join(outside)) or past:
        return None, False
    booleans = [span for span in spans(sentence) if span.code and span.text.casefold() in _BOOLEANS]
    if (
        _MODAL.search(sentence[: booleans[0].start])
        and len({b.text.casefold() for b in booleans}) < 2
    ):
        return None, False  # ``can be `true```; ``may be `true` or `false` `` names both
    # the words and booleans in parentheses too (``always `false` except
    # for `FINAL:` text (`true`)``)
    words = " ".join(span.text for span in spans(sentence) if not span.code)
    named = {span.text.casefold() for span in spans(sentence) if span.code} & _BOOLEANS
    if len(named) == 2 or _QUALIFIER.search(words) or _TIME.search("".join(outside)):
        # a value qualified (``unless``, ``only``, ``otherwise``), or both named
        if len(named) < 2 or _NEGATION.search(words):
            return None, False
        values = [*dict.fromkeys(values)]
        values += [v for v in ("true", "false") if v not in {x.casefold() for x in values}]
    written = sentence.strip(" \t")
    canonical = written == " or ".join(code(value) for value in values) or (
        len(values) == 1 and written == f"always {code(values[0])}"
    )
    # Python's spelling of a boolean (``always `False```) is the same value
    return [value.casefold() for value in values], canonical


#: a ``break_loop`` value, in any case (JSON's `true`, Python's `True`)
_BOOLEANS = frozenset({"true", "false"})


def _to_last(sentence: str) -> str:
    """``sentence`` up to its last boolean, in backticks or not: a verb in
    the past there tells a value of the past (``used to be `true```,
    ``false (was true)``); after it, it is of what the value follows
    (`` `true`: the answer was sent``)."""
    starts = [found.start() for found in _BARE_WORD.finditer(sentence)]
    return sentence[: starts[-1]] if starts else sentence


_BARE_WORD = re.compile(r"(?<!\w)(?:true|false)(?!\w)", re.IGNORECASE)


#: ``break_loop`` named in a sentence, in backticks or not
_MENTION = re.compile(r"`?\bbreak_loop\b`?")

#: a boolean written as a word, outside backticks (``is always false``)
_BARE = re.compile(r"(?<![`\w])(true|false)(?![`\w])", re.IGNORECASE)

#: where the sentence that names ``break_loop`` ends
_SENTENCE_END = re.compile(r"\.(?:\s|$)|;|\s[-\u2013\u2014]\s")


#: where the clause before the mention starts (``It never ends the turn:
#: `break_loop` is ...``)
_CLAUSE_START = re.compile(r"[.;:!?](?:\s|$)|\s[-\u2013\u2014]\s")

#: ``break_loop`` as the subject of its own verb (`` `break_loop` is ...``,
#: ``break_loop: false``), not the object of the words before it
_OWN_VERB = re.compile(r"[ \t]*(?:\*\*)?[ \t]*(?::|=|is\b|stays\b|remains\b|defaults\b)")


def read_prose_break_loop(content: str) -> list[str] | None:
    """The values a person's sentence states of ``break_loop`` where it is
    not the block's lead (``It never ends the turn: `break_loop` is always
    false.``): what follows the one mention, up to the end of its sentence,
    read as :func:`read_break_loop` reads a block's sentence, a boolean
    written as a plain word counting as one in backticks. None when the
    line names ``break_loop`` more than once, or the words say nothing
    doxtool can compare."""
    mentions = _MENTION.findall(content)
    if len(mentions) != 1:
        return None
    start = content.index(mentions[0])
    rest = content[start + len(mentions[0]) :]
    if not _OWN_VERB.match(rest):
        # ``break_loop`` the object of the clause's verb (``never sets
        # `break_loop` to `true` ``): the words before it, from the clause's
        # start, may turn the value around or qualify it
        before = _CLAUSE_START.split(content[:start])[-1]
        if (
            _NEGATION.search(before)
            or _QUALIFIER.search(before)
            or _HISTORY.search(before)
            or _PAST_VERB.search(before)
        ):
            return None
    sentence = _SENTENCE_END.split(rest, maxsplit=1)[0]
    marked = _BARE.sub(lambda m: f"`{m.group(1).lower()}`", sentence)
    values, _ = read_break_loop(marked)
    return values or None
