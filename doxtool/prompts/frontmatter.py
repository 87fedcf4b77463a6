"""The text the prompt reader parses, and its tokens: the file's YAML front
matter blanked, and a ``---`` separator under a paragraph kept a separator.

YAML front matter a prompt file opens with (``---``, ``title: wait``,
``---``): metadata, no Markdown. Read as Markdown, its last key over the
closing ``---`` is a setext heading (``## title: wait``, a title naming a
tool) and a ``# comment`` in it an ATX heading; the reader blanks it, as
the companion outline drops the headings of a companion's front matter
(:func:`~doxtool.companions.outline.front_matter_end`).

A prompt may also open with a thematic break (``---``) and hold a tool's
section before the next one: only lines YAML reads as a mapping make front
matter here. Each line between the fences is a key and a colon (``title:
wait``, ``tags:``), indented under one, a ``- `` list item, or a ``# `` comment;
a key's value does not open with a backtick, which YAML refuses
(``args: `url``` is Markdown), and a ``###`` line is a heading, not a
comment. HTML comments may stand before the opening ``---`` (a licence
line, ``<!-- SPDX-License-Identifier: MIT -->``): they show nothing, and the
front matter under them is metadata all the same.
"""

from __future__ import annotations

import re
from typing import Any

#: a line of YAML front matter: a key (and its value), a line indented under
#: one, a list item, or a comment (``# `` alone: ``## x`` is a heading)
_YAML_LINE_RE = re.compile(
    r"(?:[A-Za-z_][\w.-]*[ \t]*:(?:[ \t]+[^`\s]|[ \t]*\Z)|[ \t]+\S|-(?:[ \t]|\Z)|#(?:[ \t]|\Z))"
)
_KEY_RE = re.compile(r"[A-Za-z_][\w.-]*[ \t]*:")
_NEWLINE_RE = re.compile(r"\r\n?")


def front_matter_end(lines: list[str]) -> int:
    """The index after the ``---`` (or ``...``) that closes the YAML front
    matter ``lines`` open with (after blank lines only); 0 when they open
    with none."""
    start = _after_comments(lines)
    if start == len(lines) or lines[start].lstrip("\ufeff").rstrip() != "---":
        return 0
    keys = False
    for index in range(start + 1, len(lines)):
        line = lines[index].rstrip()
        if line in ("---", "..."):
            return index + 1 if keys else 0
        if not line:
            continue
        if not _YAML_LINE_RE.match(line):
            return 0
        keys = keys or bool(_KEY_RE.match(line))
    return 0


def _after_comments(lines: list[str]) -> int:
    """The index of the first line of ``lines`` that is neither blank nor
    part of the HTML comments they open with (``<!-- owned by ops -->``,
    over one line or several); ``len(lines)`` when a comment never closes."""
    index = 0
    rest = ""
    while index < len(lines):
        rest = rest or lines[index].strip().lstrip("\ufeff")
        if not rest:
            index += 1
            continue
        if not rest.startswith("<!--"):
            return index
        close = rest.find("-->", 4)
        while close < 0:
            index += 1
            if index == len(lines):
                return index
            rest, close = lines[index], lines[index].find("-->")
        rest = rest[close + 3 :].strip()
        if not rest:
            index += 1
    return index


def markdown_source(text: str) -> str:
    """``text`` as the prompt reader parses it: line breaks normalised as
    markdown-it does (CRLF and lone CR are ``\\n``), NUL replaced, and the
    front matter's lines blanked, so token lines index the file's lines."""
    lines = _NEWLINE_RE.sub("\n", text).replace("\x00", "\ufffd").split("\n")
    end = front_matter_end(lines)
    return "\n".join([""] * end + lines[end:])


def parsed(source: str) -> tuple[list[Any], int | None, str]:
    """The tokens of ``source`` (:func:`markdown_source`), the line where
    nesting was cut (or None) and the source they were read from. A ``---``
    under a paragraph of two lines or more, which Markdown reads as the
    underline of a setext heading holding the whole paragraph (``args:
    `url``` over ``---``), is a thematic break as its writer meant it: the
    model reads the paragraph as text, and so does the framework, which
    takes only ``#`` headings for titles. Its line is blanked and the
    source read again; a one-line title over ``---`` stays a heading."""
    from doxtool.core.mdlimits import parse_checked
    from doxtool.prompts.tokens import markdown

    tokens, cut = parse_checked(markdown(), source)
    breaks = [
        token.map[1] - 1
        for token in tokens
        if token.type == "heading_open"
        and token.markup.startswith("-")
        and token.map is not None
        and token.map[1] - token.map[0] > 2
    ]
    if not breaks:
        return tokens, cut, source
    lines = source.split("\n")
    for index in breaks:
        lines[index] = ""
    source = "\n".join(lines)
    tokens, cut = parse_checked(markdown(), source)
    return tokens, cut, source
