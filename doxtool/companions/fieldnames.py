"""A parameter named by a field of another project's docstring template
(reST ``:param url:``, Google ``url (str): ...``, numpy ``url : str``),
written in a companion without backticks: the person's documentation of
that argument, in a form doxtool does not read."""

from __future__ import annotations

from doxtool.core.patterns import LazyPattern

#: a field of another project's docstring template naming a parameter
#: without backticks: reST (``:param url: ...``, ``:param str url:``,
#: ``:type url: str``), Google (``url (str): ...``, ``url: ...``) and
#: numpy (``url : str``), a line's first word and no bullet
_FIELD_OPENING = LazyPattern(
    r"[ \t]*(?::(?:param|parameter|arg|argument|key|keyword|type)[ \t]+"
    r"(?:[^:`]*[ \t])?(?P<field>[^\W\d]\w*)[ \t]*:"
    r"|(?:\*\*|__|\*|_)?(?P<name>[^\W\d]\w*)(?:\*\*|__|\*|_)?(?P<sep>[ \t]*(?:\(|:)))"
)


def field_name(content: str, in_code: bool = False) -> str | None:
    """The parameter a line written in another project's docstring template
    opens with (``:param url: ...``, ``url (str): ...``, ``url : str``);
    None when it opens with no such field. In a code block a key with its
    colon right after it (``timeout: 5``) is an example's (YAML), and a name
    with its parenthesis right after it (``fetch(url)``) an example's call:
    no field."""
    found = _FIELD_OPENING.match(content)
    if found is None or (in_code and found.group("sep") in (":", "(")):
        return None
    return found.group("field") or found.group("name")


def listed_field(content: str) -> str | None:
    """The parameter a line of a field list opens with, in a form a sentence
    does not take: ``:param url:``, ``url (str): ...``, ``url : str``; not
    ``url: ...`` (a person's label as much as a field)."""
    found = _FIELD_OPENING.match(content)
    if found is None or found.group("sep") == ":":
        return None
    return found.group("field") or found.group("name")
