"""Related tests listed as Markdown links (``- [tests/x.py](../tests/x.py)``).

A link bullet lists the test its target names, relative to the companion's
directory (or the paths its text spells, for a link written from the
repository root): while one of them exists the test is listed, and once
none does the item is stale, as a code-span item is. Only a bullet at the
level of the block's items is one (a link bullet nested under an item is a
note of it), and only one before the block's end (a loose item is never
called stale).
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

from doxtool.companions.bullets import indent_width, linked_test
from doxtool.companions.documented import DocItem
from doxtool.companions.model import Companion, FactBlock
from doxtool.companions.testnames import dotted_paths
from doxtool.core.edits import line_content

#: the link a bullet opens with: its text and target, and the rest of the line
_OPENING_LINK = re.compile(
    r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[(?P<text>[^\]]*)\]\(\s*<?(?P<target>[^)\s>]+)>?"
    r"(?:\s+[^)]*)?\)(?P<rest>.*)"
)
#: what may follow a link that is the whole item
_NOTHING = re.compile(r"[ \t.,;]*")


@dataclass
class LinkedTest:
    """A related test written as a link bullet."""

    #: 0-based line in the companion
    index: int
    #: the repository path the target names ('' when it leaves the repository)
    path: str
    #: every path the item may name (target and text)
    paths: list[str]
    #: the item is the link alone: a path as its text, no words after it and
    #: no line under it
    alone: bool


def linked_tests(companion: Companion, block: FactBlock, items: list[DocItem]) -> list[LinkedTest]:
    """The link bullets of a tests ``block`` that are items of it (``items``:
    its code-span items, as read)."""
    folder = posixpath.dirname(companion.path)
    lines = [line_content(companion.lines[i]) for i in range(block.start + 1, block.end)]
    listed = [item for item in items if not item.inline]
    level = indent_width(line_content(companion.lines[listed[0].index])) if listed else None
    found: list[LinkedTest] = []
    for offset, content in enumerate(lines):
        index = block.start + 1 + offset
        if companion.in_code(index) or not linked_test(content):
            continue
        width = indent_width(content)
        if level is None:
            level = width
        if width > level:
            continue  # a note under an item
        match = _OPENING_LINK.match(content)
        if match is None:
            continue
        target = match.group("target").partition("#")[0]
        text = match.group("text").replace("`", " ").split()
        # a target from ``/`` is taken from the repository root, as code hosts do
        rooted = target.startswith("/")
        resolved = posixpath.normpath(
            target.lstrip("/") if rooted else posixpath.join(folder, target)
        )
        path = "" if resolved == ".." or resolved.startswith("../") else resolved
        paths = [p for p in (path, target.lstrip("/").removeprefix("./")) if p]
        named = [word.removeprefix("./") for word in text if "/" in word or word.endswith(".py")]
        paths += named
        under = next((c for c in lines[offset + 1 :] if c.strip(" \t")), None)
        alone = (
            len(text) == len(named) == 1
            and _NOTHING.fullmatch(match.group("rest")) is not None
            and (under is None or indent_width(under) <= width)
        )
        found.append(LinkedTest(index, path or target, paths, alone))
    return found


def gone(tests: list[LinkedTest], exists: Callable[[str], bool]) -> list[LinkedTest]:
    """The link bullets none of whose paths exists."""
    return [test for test in tests if not any(exists(path) for path in test.paths)]


def linked_paths(companion: Companion, block: FactBlock) -> set[str]:
    """Paths the block's lines link to, relative to the repository (a
    link is relative to the companion's directory), and the paths their
    texts name (``[`tests/x.py`](...)``)."""
    folder = posixpath.dirname(companion.path)
    paths = set()
    for index in range(block.start + 1, block.end):
        for text, target in _LINK.findall(line_content(companion.lines[index])):
            paths.update(test_paths(text.replace("`", " ")))
            target = target.partition("#")[0]
            if target and "://" not in target and not target.startswith("/"):
                paths.add(posixpath.normpath(posixpath.join(folder, target)))
    return paths


def test_paths(text: str) -> list[str]:
    """The paths a related-test reference may name: its words, each without
    a pytest node id (``::test_a``) or a leading ``./`` (``tests/x.py -k a``
    names ``tests/x.py``); a dotted module names its file too
    (``tests.test_wait``, :mod:`doxtool.companions.testnames`)."""
    paths = []
    for word in text.split():
        path = word.partition("::")[0]
        while path.startswith("./"):
            path = path[2:]
        if path and not path.startswith("-"):
            paths.append(path)
        paths += dotted_paths(path)
    return paths


#: a Markdown link's text and target: ``[text](target)`` or ``[text](<target>)``
_LINK = re.compile(r"\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+[^)]*)?\)")
