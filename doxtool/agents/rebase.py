"""Text of one ``AGENTS.md`` written into another: its relative links made to
point where they pointed.

A Child DOX Index row takes its scope from the child's Purpose; a link there
is relative to the child's directory. Written in the parent, an inline link
or image to a path of the repository gets its target rewritten relative to
the parent (a fragment or query kept); one that cannot be written so (it
leaves the repository) and a reference link whose definition stays behind
lose their markup and keep their text. URLs, anchors, root-relative (``/``)
targets and links in code spans stay as they are.
"""

from __future__ import annotations

import posixpath

from doxtool.agents.document import reference_links, written_links
from doxtool.agents.tree import directory_of


def rebased(text: str, source: str, dest: str, definitions: dict[str, str]) -> str:
    """``text``, from the file ``source``, as it reads written in the file
    ``dest`` (both repository paths); ``definitions`` are ``source``'s
    reference definitions."""
    changes: list[tuple[int, int, str]] = []
    for link in written_links(text):
        if link.local is None:
            continue  # a URL, an anchor, a template: the same from anywhere
        start, end = link.target
        written = text[start:end]
        target = _rebased_target(written, source, dest)
        if target is None:
            label = text[link.text[0] : link.text[1]]
            image = link.span[0] > 0 and text[link.span[0] - 1] == "!"
            changes.append((link.span[0] - image, link.span[1], label))
        elif target != written:
            changes.append((start, end, target))
    changes.extend(reference_links(text, definitions))
    for start, end, new in sorted(changes, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def _rebased_target(written: str, source: str, dest: str) -> str | None:
    """The link target ``written`` in ``source``, written for ``dest``; None
    when no relative target names the same path."""
    angled = written.startswith("<") and written.endswith(">")
    raw = written[1:-1] if angled else written
    cut = min((i for i in (raw.find("#"), raw.find("?")) if i >= 0), default=len(raw))
    path, rest = raw[:cut], raw[cut:]
    if path.startswith("/"):
        return written  # from the repository root, wherever it is written
    base = directory_of(source)
    joined = posixpath.normpath(f"{base}/{path}" if base else path)
    if joined == ".." or joined.startswith(("../", "/")):
        return None
    new = posixpath.relpath(joined, directory_of(dest) or ".")
    if path.endswith("/") and not new.endswith("/"):
        new += "/"
    target = new + rest
    return f"<{target}>" if angled else target
