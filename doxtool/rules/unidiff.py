"""``check --diff``: the changes fixes make, as a unified diff."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from doxtool.rules.engine import FileChange


def unified_diff(changes: list[FileChange]) -> str:
    """The changes as a unified diff that ``git apply`` and ``patch -p1`` apply
    to give exactly the bytes ``--fix`` writes: lines are cut at ``\\n`` only
    (a ``\\r`` is part of its line), a byte-order mark is part of the first
    line, and file names are written as git writes them."""
    return "".join(line for _, line in _diff_lines(changes))


def unified_diff_bytes(changes: list[FileChange]) -> bytes:
    """:func:`unified_diff` as bytes, each file's lines in that file's
    encoding (a module with a ``latin-1`` coding cookie is shown in latin-1,
    as ``git diff`` shows it): what ``git apply`` applies byte for byte."""
    out: list[bytes] = []
    for change, line in _diff_lines(changes):
        source = change.source if change is not None else None
        encoding = source.encoding if source is not None else "utf-8"
        out.append(line.encode(encoding, "backslashreplace"))
    return b"".join(out)


def _diff_lines(changes: list[FileChange]) -> Iterator[tuple[FileChange | None, str]]:
    """Each line of the diff, with the change whose text it shows (None: a
    file's header)."""
    import difflib

    for change in changes:
        bom = "\ufeff" if change.source is not None and change.source.bom else ""
        old = _patch_lines(bom + change.old) if change.old is not None else []
        new = _patch_lines(bom + change.new)
        lines = list(difflib.unified_diff(old, new, "a", "b"))
        if not lines:
            continue
        from_name = _patch_name(f"a/{change.path}") if change.old is not None else "/dev/null"
        yield None, f"--- {from_name}\n"
        yield None, f"+++ {_patch_name(f'b/{change.path}')}\n"
        for line in lines[2:]:
            if line.startswith("@@"):
                yield None, line
            elif line.endswith("\n"):
                yield change, line
            else:
                yield change, line + "\n"
                yield None, "\\ No newline at end of file\n"


def _patch_lines(text: str) -> list[str]:
    """``text`` cut into lines as patch tools count them: at ``\\n`` only."""
    parts = text.split("\n")
    return [part + "\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


_QUOTED = {'"': '\\"', "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"}


def _patch_name(name: str) -> str:
    """A file name in a diff header as git writes it: in double quotes with C
    escapes when it holds a quote, a backslash or a control character; with
    a TAB after it when it holds a space (so that ``patch`` reads it whole)."""
    if any(c in _QUOTED or ord(c) < 0x20 or ord(c) == 0x7F for c in name):
        escaped = "".join(
            _QUOTED.get(c, f"\\{ord(c):03o}" if ord(c) < 0x20 or ord(c) == 0x7F else c)
            for c in name
        )
        return f'"{escaped}"'
    return f"{name}\t" if " " in name else name
