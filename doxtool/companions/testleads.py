"""A person's line listing the related tests in their own words.

In place of ``- Related tests observed by source search:`` a person may
write ``- Related tests: `tests/test_fetch.py`.``, ``- Tests:`` then the
items, ``- Zugehörige Tests:``, and name a test as a module or a node
(`` `tests.test_fetch` ``, `` `tests/test_fetch.py::test_fetch` ``). Such a
line, when its words are about tests and it (or the items right under it)
names one of the test files the module's tests are, is a lead doxtool does
not read (:func:`~doxtool.companions.unreadleads.unread_lead`): the tests
are reported as not listed in a form doxtool reads, and no fix writes a
second list beside the person's.
"""

from __future__ import annotations

import re

from doxtool.companions.linked_tests import test_paths
from doxtool.companions.model import Companion
from doxtool.companions.shownlines import shown_after, shown_lines
from doxtool.core.patterns import LazyPattern

#: a lead about tests: its words before the colon (in bold or not, a bullet
#: or not) hold a word for tests, in English or another language
_LEAD = LazyPattern(
    r"[ \t]?(?:[-*+][ \t]+)?(?:\*\*|__)?(?P<words>[^:\uff1a`]*?"
    r"(?:\btests?\b|\btesting\b|\bpruebas?\b|\btesty\b|тест\w*|测试|テスト)[^:\uff1a`]*?)"
    r"(?:\*\*|__)?[ \t]*[:\uff1a](?:\*\*|__)?(?P<rest>.*)",
    re.IGNORECASE,
)
_SPAN = LazyPattern(r"`([^`\s]+)`")
#: an item nested under the lead, or a line going on from it
_UNDER = LazyPattern(r"[ \t]+\S")


def _named(text: str, tests: set[str]) -> bool:
    return any(
        path in tests for found in _SPAN.finditer(text) for path in test_paths(found.group(1))
    )


def tests_line(companion: Companion, tests: set[str]) -> int | None:
    """The number of the first line of ``companion`` that leads the related
    tests in a person's words: a lead about tests naming, on its line or in
    the lines right under it, one of ``tests`` (paths); None when none does."""
    if not tests:
        return None
    for number, content in shown_lines(companion):
        lead = _LEAD.fullmatch(content)
        if lead is None:
            continue
        if _named(lead.group("rest"), tests):
            return number
        for _, under in shown_after(companion, number):
            if not _UNDER.match(under):
                break
            if _named(under, tests):
                return number
    return None
