"""Line-based edits of text files that leave every untouched byte alone.

An :class:`Edit` replaces a range of lines with new lines. Lines are counted
the way Markdown counts them (``\\r\\n``, ``\\r`` or ``\\n`` end a line), so
the indexes agree with markdown-it's token maps. New lines are written with
the line ending of their neighbours (else the file's dominant one); the lines
an edit does not change keep their bytes, their own line endings included.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from doxtool.core.source import detect_newline

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass
class Edit:
    """Replace lines ``[start, end)`` (0-based) of ``path`` with ``lines``.

    ``lines`` carry no line endings. ``start == end`` inserts before line
    ``start``; an empty ``lines`` deletes.
    """

    path: str
    start: int
    end: int
    lines: list[str] = field(default_factory=list)

    @property
    def is_insertion(self) -> bool:
        return self.start == self.end

    def overlaps(self, other: Edit) -> bool:
        # Two insertions at the same line, or an insertion at the boundary of
        # a replacement, do not overlap: both can be applied.
        return self.start < other.end and other.start < self.end


def split_lines(text: str) -> list[str]:
    """Split ``text`` into lines that keep their line endings.

    Unlike :meth:`str.splitlines`, only ``\\r\\n``, ``\\r`` and ``\\n`` end a
    line: form feeds or U+2028 are ordinary characters in Markdown, and
    counting them would shift every line index after them.
    """
    lines: list[str] = []
    position = 0
    for match in _LINE_BREAK.finditer(text):
        lines.append(text[position : match.end()])
        position = match.end()
    if position < len(text):
        lines.append(text[position:])
    return lines


def line_content(line: str) -> str:
    """A line without its line ending."""
    if line.endswith("\r\n"):
        return line[:-2]
    if line.endswith(("\n", "\r")):
        return line[:-1]
    return line


def _has_ending(line: str) -> bool:
    return line.endswith(("\n", "\r"))


def accepted_edits(edits: list[Edit], line_count: int) -> list[Edit]:
    """The edits that apply, in application order.

    An edit outside the file, repeating an edit, or overlapping an edit
    accepted before it is skipped. The result is sorted by position; edits
    that start at the same line keep their given order (insertions before
    replacements).
    """
    accepted: list[Edit] = []
    for edit in edits:
        if not 0 <= edit.start <= edit.end <= line_count or edit in accepted:
            continue
        if any(edit.overlaps(other) for other in accepted):
            continue
        accepted.append(edit)
    accepted.sort(key=lambda edit: (edit.start, edit.end))
    return accepted


def _ending(line: str) -> str:
    return line[len(line_content(line)) :]


def _new_line_ending(lines: list[str], start: int, end: int, dominant: str) -> str:
    """The line ending of lines written in place of ``lines[start:end]``.

    When the lines they replace and the lines just before and after them
    agree on a line ending, the new lines take it (a line added to a CRLF
    passage of an LF file is CRLF); otherwise they take the file's dominant one.
    """
    around = {_ending(line) for line in lines[max(start - 1, 0) : end + 1]}
    around.discard("")
    return around.pop() if len(around) == 1 else dominant


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping line edits to ``text``.

    Lines outside the edits are copied byte for byte, and so are the lines
    an edit would write back unchanged (see :func:`narrow_edit`). New lines
    take the line ending of their neighbours (see :func:`_new_line_ending`).
    A file without a final newline still has none afterwards; its last line
    gains a line ending only when lines are inserted after it.
    """
    lines = split_lines(text)
    edits = accepted_edits(edits, len(lines))
    if not edits:
        return text
    newline = detect_newline(text)
    output: list[str] = []
    position = 0
    for edit in (piece for accepted in edits for piece in narrow_edit(lines, accepted)):
        output.extend(lines[position : edit.start])
        ending = _new_line_ending(lines, edit.start, edit.end, newline)
        output.extend(line + ending for line in edit.lines)
        position = edit.end
    output.extend(lines[position:])
    if not output:
        return ""
    # Only the original last line can lack an ending; once something follows
    # it, it needs one.
    for index in range(len(output) - 1):
        if not _has_ending(output[index]):
            output[index] += newline
    had_final_newline = not lines or _has_ending(lines[-1])
    if not had_final_newline:
        output[-1] = line_content(output[-1])
    return "".join(output)


def narrow_edit(lines: list[str], edit: Edit) -> list[Edit]:
    """Split a replacement into the smallest edits with the same result.

    Lines the replacement would rewrite unchanged are left out, so they keep
    their original bytes (a CRLF line in an LF file, for instance). ``lines``
    are the file's lines with their endings.
    """
    if edit.is_insertion:
        return [edit]
    old = [line_content(line) for line in lines[edit.start : edit.end]]
    from difflib import SequenceMatcher  # only fixes need it

    matcher = SequenceMatcher(None, old, edit.lines, autojunk=False)
    return [
        Edit(edit.path, edit.start + i1, edit.start + i2, edit.lines[j1:j2])
        for tag, i1, i2, j1, j2 in matcher.get_opcodes()
        if tag != "equal"
    ]
