"""The listing of a tree, as a replay compares it and an incremental check keeps it.

One line per entry, in the order the file system lists them:
``f<path>:<mtime>:<size>`` for a file (or a link, never followed),
``d<path>:<mtime>`` for a directory, ``!<dir>`` for a directory that cannot
be listed, ``?<path>`` for an entry whose metadata cannot be read. A path
with a line break or a backslash is written escaped (:func:`escape_name`),
so that every line is one entry. Version control directories, the cache and
excluded directories are not entered. This module imports nothing but
``os``: a replay lists the tree before importing anything else.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # typing itself costs an import a replay can do without
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

CACHE_DIR = ".doxtool_cache"
#: directories no run reads: version control, and the cache itself
NEVER_READ = frozenset({".git", ".hg", ".svn", CACHE_DIR})


def inputs(root: str, skip: frozenset[str]) -> str:
    """Metadata of every file and directory a check can depend on, as one string.

    Entries come in the order the file system lists them, which is the same
    while a directory is unchanged; a different order only means a fresh run.
    """
    return _listing(root, skip, None, set())


def inputs_excluding(root: str, excluded: Callable[[str], bool]) -> tuple[frozenset[str], str]:
    """The directories ``excluded`` names (not entered), and :func:`inputs` of the
    tree without them, in one walk: ``inputs(root, skip)`` for that ``skip``."""
    skip: set[str] = set()
    text = _listing(root, frozenset(), excluded, skip)
    return frozenset(skip), text


def _listing(
    root: str, skip: frozenset[str], excluded: Callable[[str], bool] | None, found: set[str]
) -> str:
    """One line per entry; a name with a line break or a backslash is written
    escaped (:func:`escape_name`), so that every line is one entry."""
    out: list[str] = []
    append = out.append
    stack = [("", "")]
    never = NEVER_READ
    while stack:
        rel, shown_rel = stack.pop()
        prefix = rel + "/" if rel else ""
        shown_prefix = shown_rel + "/" if shown_rel else ""
        try:
            with os.scandir(os.path.join(root, rel) if rel else root) as it:
                for entry in it:
                    name = entry.name
                    shown = escape_name(name) if "\n" in name or "\\" in name else name
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            child = prefix + name
                            if child in skip or name in never:
                                continue
                            if excluded is not None and excluded(child):
                                found.add(child)
                                continue
                            mtime = entry.stat(follow_symlinks=False).st_mtime_ns
                            append(f"d{shown_prefix}{shown}:{mtime}")
                            stack.append((child, shown_prefix + shown))
                        else:
                            stat = entry.stat(follow_symlinks=False)
                            append(f"f{shown_prefix}{shown}:{stat.st_mtime_ns}:{stat.st_size}")
                    except OSError:
                        append(f"?{shown_prefix}{shown}")
        except OSError:
            append("!" + shown_rel)
    return "\n".join(out)


def escape_name(name: str) -> str:
    """A file name as a listing line writes it: backslashes and line breaks escaped."""
    return name.replace("\\", "\\\\").replace("\n", "\\n")


def file_line(path: str, stamp: tuple[int, int]) -> str:
    """The line a listing writes for the file at ``path`` with this
    (modification time in ns, size)."""
    return f"f{escape_name(path)}:{stamp[0]}:{stamp[1]}"


def file_stamp(line: str) -> tuple[int, int] | None:
    """A file line's (modification time in ns, size); None for a malformed line."""
    try:
        _, mtime, size = line.rsplit(":", 2)
        return int(mtime), int(size)
    except ValueError:
        return None


def listed_entry(line: str) -> str:
    """What a listing line is the entry of: its kind and its path as written,
    without a file's modification time and size or a directory's time."""
    kind = line[:1]
    if kind == "f":
        return line.rsplit(":", 2)[0]
    if kind == "d":
        return line.rsplit(":", 1)[0]
    return line


def unescape_path(path: str) -> str:
    """The path a listing line writes (:func:`escape_name`), as the file system has it."""
    if "\\" not in path:
        return path
    out: list[str] = []
    index = 0
    while index < len(path):
        char = path[index]
        if char == "\\" and index + 1 < len(path):
            out.append("\n" if path[index + 1] == "n" else path[index + 1])
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


def directories(listing: str) -> Iterator[str]:
    """The directories a listing lists, found without reading its file lines
    (every line starts with its kind, and no written name holds a line break)."""
    text = "\n" + listing
    at = text.find("\nd")
    while at >= 0:
        end = text.find("\n", at + 1)
        line = text[at + 1 : end if end >= 0 else len(text)]
        yield unescape_path(listed_entry(line)[1:])
        if end < 0:
            return
        at = text.find("\nd", end)
