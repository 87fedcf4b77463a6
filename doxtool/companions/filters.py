"""Escaping the values templates write: the jinja2 filters.

Every value a user or an analysed file supplies reaches a template through
one of these (``md_inline``, ``md_code``, ``md_title``, ``prompt_text``, ``py_docstring``,
``py_string``): Markdown and Python need different escaping, so autoescape
is off and the templates apply them.
"""

from __future__ import annotations

import json

from doxtool.companions.factlines import code, display_name, escape_unsafe
from doxtool.core.patterns import LazyPattern

_MARKUP = LazyPattern(r"([\\`*_\[\]<>#|!{}])")
#: what a code span kept from analysed text may hold: names and plain values
_PLAIN_CODE = LazyPattern(r"[\w.:/()=,+\- ]*")


def markdown_inline(text: str, keep_code: bool = False) -> str:
    """Text made safe for one Markdown line: one line, markup characters and
    invisible or control characters escaped. With ``keep_code``, code spans
    that hold only names and plain values (`` `seconds` ``) stay code spans."""
    text = escape_unsafe(" ".join(str(text).split()))
    parts = text.split("`")
    if keep_code and len(parts) % 2 and all(_PLAIN_CODE.fullmatch(p) for p in parts[1::2]):
        return "`".join(
            part if index % 2 else _MARKUP.sub(r"\\\1", part) for index, part in enumerate(parts)
        )
    return _MARKUP.sub(r"\\\1", text)


def markdown_code(text: str) -> str:
    """Any text as one Markdown code span (see
    :func:`doxtool.companions.factlines.display_name`)."""
    return code(display_name(str(text)))


def markdown_title(text: str) -> str:
    """Text kept on a heading's line: only line breaks, controls and invisible
    characters are escaped, so an ordinary file name reads as it is."""
    return escape_unsafe(str(text))


def prompt_text(text: str) -> str:
    """Text for a line of a prompt, which a model reads as it is written, not
    rendered: one line, only invisible and control characters escaped, no
    Markdown escape (``my_tool`` stays ``my_tool``). The caller makes sure the
    line cannot start a Markdown block (:func:`doxtool.scaffold.validate_description`)."""
    return escape_unsafe(" ".join(str(text).split()))


def py_docstring(text: str) -> str:
    """Text made safe inside a triple-quoted Python docstring (one line): no
    quote or backslash can end it or start an escape, no control character
    reaches the file."""
    text = " ".join(str(text).split())
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return escape_unsafe(text)


def py_string(text: str) -> str:
    """A Python string literal holding ``text`` exactly."""
    return json.dumps(str(text), ensure_ascii=True)
