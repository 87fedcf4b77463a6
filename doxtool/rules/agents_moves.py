"""Which row of a Child DOX Index whose ``AGENTS.md`` is gone (DOX201) probably
names which nearest descendant without a row (DOX202): a directory moved or
renamed.

A row and a child pair up when both belong to the same index, the row links
an ``AGENTS.md`` and the names of the two directories are alike (as DOX002
guesses a renamed module by its file name), each the other's best match,
strictly: a tie, or unlike names, pair nothing. A pair is fixed by rewriting
the row's link in place, so that the person's scope sentence stays; the
link's text changes only where it spells the old path or directory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doxtool.agents.document import Link, written_links
from doxtool.agents.tree import AGENTS, directory_of, resolve_link
from doxtool.core.edits import Edit, line_content, split_lines
from doxtool.core.source import ReadError
from doxtool.run.context import Context
from doxtool.run.renames import name_likeness, one_to_one

#: a link target written as it reads: no escape, encoding, fragment or query
_PLAIN_PATH = re.compile(r"[A-Za-z0-9._/@+~-]+")


@dataclass
class Move:
    """A row whose ``AGENTS.md`` is gone and the child it probably names now."""

    #: the row's link and the repository path it names (gone)
    link: Link
    gone: str
    child: str
    #: the row with its link rewritten; None when no rewrite keeps the row's form
    edit: Edit | None


def relative(source: str, target: str) -> str:
    """``target`` as a link from the file ``source``, when it lies below its
    directory."""
    base = directory_of(source)
    return target[len(base) + 1 :] if base else target


def pair_moves(
    ctx: Context, path: str, gone: list[tuple[Link, str]], missing: list[str]
) -> list[Move]:
    """The probable moves of the index of ``path``: each gone row (its link
    and the path it names) with at most one child without a row."""
    scores: dict[tuple[int, str], float] = {}
    for number, (_link, resolved) in enumerate(gone):
        if resolved.rsplit("/", 1)[-1] != AGENTS or "/" not in resolved:
            continue  # a row for a folder or another file: no AGENTS.md moved
        old = _name(resolved)
        for child in missing:
            score = name_likeness(old, _name(child))
            if score:
                scores[number, child] = score
    lines = _lines(ctx, path)
    return [
        Move(gone[number][0], gone[number][1], child, _rewrite(path, lines, gone[number], child))
        for number, child in sorted(one_to_one(scores).items())
    ]


def _name(agents: str) -> str:
    """The name of the directory an ``AGENTS.md`` documents."""
    return directory_of(agents).rsplit("/", 1)[-1]


def _lines(ctx: Context, path: str) -> list[str] | None:
    source = ctx.project.agents_text(path)
    if isinstance(source, ReadError):
        return None
    return [line_content(line) for line in split_lines(source.text)]


def _rewrite(path: str, lines: list[str] | None, row: tuple[Link, str], child: str) -> Edit | None:
    """The row of ``row`` linking ``child`` instead, all else as written."""
    link, gone = row
    if lines is None or not 0 < link.line <= len(lines):
        return None
    line = lines[link.line - 1]
    written = next((w for w in written_links(line) if w.local == link.target), None)
    if written is None:
        return None
    raw = line[written.target[0] : written.target[1]]
    bracketed = raw.startswith("<") and raw.endswith(">")
    inner = raw[1:-1] if bracketed else raw
    old, new = relative(path, gone), relative(path, child)
    if not (
        inner == link.target
        and _PLAIN_PATH.fullmatch(inner)
        and _PLAIN_PATH.fullmatch(new)
        and (inner == old or inner.endswith("/" + old))
    ):
        return None
    target = inner[: len(inner) - len(old)] + new
    if resolve_link(path, target) != child:
        return None
    text = _new_text(line[written.text[0] : written.text[1]], old, new)
    if bracketed:
        target = f"<{target}>"
    start, end = written.text
    rewritten = (
        line[:start] + text + line[end : written.target[0]] + target + line[written.target[1] :]
    )
    return Edit(path, link.line - 1, link.line, [rewritten])


def _new_text(text: str, old: str, new: str) -> str:
    """A link's text for the new path: changed only where it is the old path
    or the old directory (in code spans or not); a person's label stays."""
    ticks = len(text) - len(text.lstrip("`"))
    bare = text[ticks : len(text) - ticks] if ticks and text.endswith("`" * ticks) else None
    inner = bare if bare is not None else text
    old_dir, new_dir = directory_of(old), directory_of(new)
    if inner == old:
        inner = new
    elif inner in (old_dir, old_dir + "/"):
        inner = new_dir + inner[len(old_dir) :]
    else:
        return text
    return f"{'`' * ticks}{inner}{'`' * ticks}" if bare is not None else inner
