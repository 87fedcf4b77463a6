"""A person's statement of ``break_loop`` in parentheses, in a sentence of
any words (``Never ends the loop (`break_loop` is false).``): the
parenthesis holds nothing but ``break_loop``, a verb and one boolean, so it
states the value as the companion's ``break_loop`` line would. A value the
tool's code never gives makes it no statement of the tool's own (about
another tool, or a past version), as a value written as code is."""

from __future__ import annotations

import re

from doxtool.core.patterns import LazyPattern

_BODY = (
    r"\([ \t]*(?:\*\*)?`?break_loop`?(?:\*\*)?[ \t]+(?:is|stays|remains)[ \t]+"
    r"(?:always[ \t]+)?(?:\*\*)?`?(true|false)`?(?:\*\*)?[ \t]*\)"
)
#: a line holding such a parenthesis (a lead of ``break_loop``)
PARENTHESIZED = rf".*{_BODY.replace('(true|false)', '(?:true|false)')}.*"
_VALUE = LazyPattern(_BODY, re.IGNORECASE)


def parenthesized_values(content: str) -> set[str]:
    """The booleans the parenthetical statements of ``content`` give
    ``break_loop`` (``(`break_loop` is false)``: ``{"false"}``)."""
    return {found.group(1).casefold() for found in _VALUE.finditer(content)}
