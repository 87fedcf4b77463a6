"""The lines a generated companion writes about its module's file, after a rename.

A new companion names its module's file in lines of its template (``- Own
the `wait.py` agent tool.``, ``- `wait.py` owns the runtime
implementation.``, the line that says which tests to run and what to check).
When the module is renamed and its companion with it, those lines still
name the old file, and are false.

A line is one of these when it is exactly what the template writes, for the
module's facts, under another file name that the companion names (in its
title or a code span): it is then rewritten as the template writes it for
the file's name now, in place. The line that says which tests to run is
also read back: when it names another file, or a test that no longer
exists, and writing it again from what it names gives it byte for byte, it
is written for the file and the tests of today. A line a person wrote, or
changed, matches neither and is kept.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

from doxtool.companions.generate import verification_lines
from doxtool.companions.model import Companion
from doxtool.core.edits import line_content

#: other file names read from one companion, at most (each costs a rendering)
MAX_NAMES = 8

_NAMED_FILE = re.compile(r"`[ ]?([^`\s/]+\.py)(?:\.dox\.md)?[ ]?`")
_PATH_SPAN = re.compile(r"`(?:doxtool check |pytest )?([^`\s]+\.py)[ ]?`")
#: how every line :data:`_RUN` matches starts
_RUN_START = "- Run `pytest "
_TITLE = re.compile(r"([^\s/]+\.py)\s+DOX")
_RUN = re.compile(
    r"- Run `pytest (?P<tests>[^`]+)`(?: \(and the (?P<more>\d+) more listed below\))?"
    r" after changing `(?P<name>[^`]+)`, and `doxtool check (?P<module>[^`]+)` to keep"
    r" this file in step\."
)


@dataclass(frozen=True)
class FileLine:
    """A generated line that names another file than the module's now."""

    #: 0-based line in the companion
    index: int
    #: the file name the line names instead of the module's
    named: str
    #: the line as the template writes it now
    line: str


def other_file_names(companion: Companion, module: str) -> list[str]:
    """File names (``old.py``) the companion's title and code spans give a
    module of its directory, other than ``module``'s own."""
    own = posixpath.basename(module)
    folder = posixpath.dirname(module)
    found: dict[str, None] = {}
    if companion.title is not None:
        title = _TITLE.fullmatch(companion.title.strip())
        if title is not None:
            found[title.group(1)] = None
    for index, raw in enumerate(companion.lines):
        # every name both patterns find ends in ``.py``
        if ".py" not in raw or companion.in_code(index):
            continue
        content = line_content(raw)
        for match in _NAMED_FILE.finditer(content):
            found[match.group(1)] = None
        for match in _PATH_SPAN.finditer(content):
            path = match.group(1)
            if posixpath.dirname(path) == folder:
                found[posixpath.basename(path)] = None
    found.pop(own, None)
    return list(found)[:MAX_NAMES]


def renamed_lines(
    companion: Companion, now: list[str], before: list[str], named: str
) -> list[FileLine]:
    """The lines of ``companion`` that are lines of ``before`` (the template
    for the file ``named``) which ``now`` (the template for the module's file)
    writes otherwise, each with the line ``now`` writes in its place. The two
    renderings must have a line for a line; the title is DOX101's own."""
    if len(now) != len(before):
        return []
    written = {old: new for old, new in zip(before, now, strict=True) if old != new and old.strip()}
    title = companion.title_line - 1 if companion.title is not None else -1
    found = []
    for index, raw in enumerate(companion.lines):
        if index == title or companion.in_code(index):
            continue
        new = written.get(line_content(raw))
        if new is not None:
            found.append(FileLine(index, named, new))
    return found


def stale_run_lines(
    companion: Companion, module: str, tests: list[str], exists: Callable[[str], bool]
) -> list[FileLine]:
    """The lines saying which tests to run (as doxtool writes them, byte for
    byte) that name another file than ``module``, or a test that no longer
    exists while ``tests`` (the module's related tests) are known: each
    written again for ``module``, with ``tests``, or (none known) with the
    tests it names, which the list under it keeps (DOX140)."""
    name = posixpath.basename(module)
    found = []
    for index, raw in enumerate(companion.lines):
        if not raw.startswith(_RUN_START):
            continue
        content = line_content(raw)
        match = _RUN.fullmatch(content)
        if match is None or companion.in_code(index):
            continue
        listed = match.group("tests").split(" ")
        more = int(match.group("more") or 0)
        named = [*listed, *(f"tests/test_{n}.py" for n in range(more))]
        if verification_lines(match.group("module"), match.group("name"), named)[0] != content:
            continue  # not a line doxtool wrote
        moved = (match.group("name"), match.group("module")) != (name, module)
        if tests and (moved or not all(exists(test) for test in listed)):
            new = verification_lines(module, name, tests)[0]
        elif moved:
            new = verification_lines(module, name, named)[0]
        else:
            continue
        if new != content and new.startswith("- Run "):
            found.append(FileLine(index, match.group("name"), new))
    return found
