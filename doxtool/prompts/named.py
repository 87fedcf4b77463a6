"""Argument names a prompt writes outside code spans and examples: a bold
name (``**path**: ...``), a ``tool_args.name`` span, a bare name opening an
item of an argument list (``* summary (string, required): ...``, in quotes or
not: ``* "summary" (string): ...``) and the keys
under ``tool_args:`` in a YAML block. They are mentions: they credit a
required argument as taught (PRM004), and are never checked as arguments
(the rules are in :mod:`doxtool.prompts.parse`)."""

from __future__ import annotations

import re

_NAME = r"[^\W\d][\w-]*"
#: ``**path**``, ``__path__``, ``**"tool_name"**``
_BOLD_RE = re.compile(rf"(\*\*|__)[ \t]*[\"'`]?({_NAME})[\"'`]?[ \t]*\1")
#: a code span ``tool_args.name``, or a JSON key in quotes (```"name"```,
#: ```"name": true```)
_DOTTED_RE = re.compile(
    rf"[ \t]*(?:tool_args\.({_NAME})|([\"'])({_NAME})\2(?:[ \t]*:[^\n]*)?)[ \t]*\Z"
)
#: a list item opening with a bare name, in quotes or not, and ``:``, a
#: parenthesis (in emphasis or not) and ``:`` or a dash: ``summary (string,
#: required): ...``, ``"target" (Optional, string) : ...``, ``url *(required)*: ...``
_ITEM_NAME_RE = re.compile(
    rf"[ \t]*(?:\*\*|__)?([\"']?)({_NAME})\1(?:\*\*|__)?[ \t]*"
    r"(?:([*_]{0,2})\([^()\n]*\)\3[ \t]*)?(?::|\u2014|\u2013|-(?=\s))"
)
#: a YAML line ``tool_args:`` (quoted or not) and a line ``key: ...``
_YAML_ARGS_RE = re.compile(r"([ \t]*)[\"']?tool_args[\"']?[ \t]*:[ \t]*(?:#.*)?\Z")
_YAML_KEY_RE = re.compile(rf"([ \t]*)[\"']?({_NAME})[\"']?[ \t]*:(?:[ \t]|\Z)")
#: fence info strings (first word, any case) of a YAML block
YAML_INFO = frozenset({"yaml", "yml"})


def bold_names(content: str) -> list[tuple[int, str]]:
    """(offset, name) of each bold text that is just a name."""
    return [(m.start(2), m.group(2)) for m in _BOLD_RE.finditer(content)]


def dotted_name(span: str) -> str | None:
    """The name of a ``tool_args.name`` code span, or of one holding a JSON
    key in quotes (```"query"```, ```"open_in_canvas": true```)."""
    match = _DOTTED_RE.match(span)
    return (match.group(1) or match.group(3)) if match else None


def item_name(content: str) -> tuple[int, str] | None:
    """(offset, name) of the bare name a list item opens with."""
    match = _ITEM_NAME_RE.match(content)
    return (match.start(2), match.group(2)) if match else None


def yaml_arguments(content: str) -> list[tuple[int, int, str]]:
    """(line index, column index, name) of the keys right under each
    ``tool_args:`` line of a YAML block (the first deeper indentation)."""
    found: list[tuple[int, int, str]] = []
    lines = content.split("\n")
    for index, line in enumerate(lines):
        head = _YAML_ARGS_RE.match(line)
        if head is None:
            continue
        outer = len(head.group(1))
        inner: int | None = None
        for offset, below in enumerate(lines[index + 1 :], index + 1):
            if not below.strip() or below.lstrip().startswith("#"):
                continue
            indent = len(below) - len(below.lstrip())
            if indent <= outer:
                break
            inner = indent if inner is None else inner
            key = _YAML_KEY_RE.match(below)
            if indent == inner and key is not None:
                found.append((offset, key.start(2), key.group(2)))
    return found
