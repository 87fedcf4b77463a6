"""HTML markup in a prompt's blocks: ``<details><summary>More</summary>``,
``<br>``. A block whose every element is an HTML element formats the text
the model reads; its element and attribute names name no argument. A block
with any other element (``<wait><seconds>5</seconds></wait>``, ``<arg
name="text">``), or one named like the tool of its section, is a call
written in XML, whose names may be arguments."""

from __future__ import annotations

import re

#: the elements of HTML (and a few of its common obsolete ones)
_ELEMENTS = """
    a abbr address area article aside audio b base bdi bdo blockquote body br
    button canvas caption center cite code col colgroup data datalist dd del
    details dfn dialog div dl dt em embed fieldset figcaption figure font
    footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img
    input ins kbd label legend li link main map mark menu meta meter nav
    noscript object ol optgroup option output p picture pre progress q rp rt
    ruby s samp script section select slot small source span strike strong
    style sub summary sup table tbody td template textarea tfoot th thead
    time title tr track tt u ul var video wbr
"""
HTML_ELEMENTS = frozenset(_ELEMENTS.split())
#: an opening, closing or empty tag: its name, and its extent
_TAG_RE = re.compile(r"</?([^\W\d][\w-]*)(?=[\s/>])[^<>]*>?")


def html_tags(content: str, tool: str | None = None) -> list[tuple[int, int]] | None:
    """The spans of the tags of ``content`` when all of them are HTML
    elements (none named ``tool``, the section's): markup, whose names are
    no arguments. None when there is no tag, or one of another name."""
    spans: list[tuple[int, int]] = []
    for match in _TAG_RE.finditer(content):
        name = match.group(1)
        if name.lower() not in HTML_ELEMENTS or name == tool:
            return None
        spans.append(match.span())
    return spans or None
