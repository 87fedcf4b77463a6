"""What a heading of a companion is about, for the lines under it that name
no class: the class it names, another class of the companion, or a helper
function of the module.

A person may describe the module's helpers in sections of their own (``###
build_index()``, ``### `_normalize(url)` helper``) and list each one's
arguments there (``- Arguments: none.``, ``It takes no arguments.``): such a
line is the helper's, not the tool's arguments line. A heading naming
``execute`` (``### `execute(**kwargs)` ``) or the class itself is the
tool's.
"""

from __future__ import annotations

import re

from doxtool.core.patterns import LazyPattern

#: a name written as a call or a signature, its parenthesis right after it
#: (``build_index()``, ``Cache.load(path)``; not ``Arguments (all optional)``)
_CALLED = LazyPattern(r"(?<![\w.])([A-Za-z_][\w.]*)\(")
#: an ATX heading
_HEADING = LazyPattern(r"[ \t]{0,3}#{1,6}(?:[ \t].*)?")
#: the methods whose arguments are the tool's
_TOOL_METHODS = frozenset({"execute"})


def names(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as a word of its own."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", text) is not None


def names_other(heading: str, subject: str, others: set[str]) -> bool:
    """Whether ``heading`` (or a line) names another class of the companion
    and not ``subject``: a line naming no class under ``### `FindTool` `` is
    ``FindTool``'s, never another class's; a line naming it is its own."""
    return bool(heading) and not names(heading, subject) and any(names(heading, n) for n in others)


def names_helper(heading: str, subject: str, companion_path: str = "") -> bool:
    """Whether the heading ``heading`` is about a function of the module
    other than the tool's ``execute``: it names one as a call (``###
    build_index()``), and not the class ``subject`` nor the tool by the name
    the model calls it with, its module's (``### `wait()` `` in
    ``tools/wait.py.dox.md``)."""
    if not _HEADING.fullmatch(heading) or names(heading, subject):
        return False
    tool = companion_path.replace("\\", "/").rsplit("/", 1)[-1].split(".", 1)[0]
    called = [found.group(1).rsplit(".", 1)[-1] for found in _CALLED.finditer(heading)]
    return bool(called) and not any(name in _TOOL_METHODS or name == tool for name in called)
