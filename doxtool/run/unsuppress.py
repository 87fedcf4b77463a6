"""Removing unused suppressions: the edit of one line that drops what no
finding used, and keeps every other byte.

All the suppressions of a line that have unused codes are handled by one edit
(two comments on a line are fixed together, and ``--diff`` shows what
``--fix`` writes). A suppression whose other codes are used keeps them. One
that goes leaves behind:

- the reason a person wrote in it, as a plain comment
  (``# doxtool: ignore[DOX008] -- reviewed`` becomes ``# -- reviewed``);
- in Python, the rest of its comment: another comment after it
  (``# doxtool: ignore[DOX120]  # note`` becomes ``# note``) and the text
  before it (``# type: ignore  # doxtool: ignore[DOX008]`` becomes
  ``# type: ignore``); the spaces between the code and a comment that goes
  entirely go with it;
- in Markdown, everything but the comment and the one space that set it off
  (a hard break's trailing spaces stay).

A line left blank by the removal of the only comment on it is deleted.
"""

from __future__ import annotations

from doxtool.core.edits import Edit
from doxtool.core.patterns import LazyPattern
from doxtool.run.suppressions import Suppression, SuppressionIndex

#: the directive part of a suppression comment, its codes included
_DIRECTIVE = LazyPattern(r"(?:<!--|#)\s*doxtool\s*:\s*ignore\s*\[[^\]]*\]")
_CODES = LazyPattern(r"ignore\s*\[[^\]]*\]")


def _with_codes(directive: str, keep: list[str]) -> str:
    return _CODES.sub(lambda _: f"ignore[{','.join(keep)}]", directive, count=1)


def _kept(suppression: Suppression) -> list[str]:
    return [code for code in suppression.codes if code in suppression.used]


def _reason(comment: str) -> str:
    """What a Markdown suppression comment says besides its directive, if anything."""
    match = _DIRECTIVE.match(comment)
    if match is None:
        return ""
    return comment[match.end() :].removesuffix("-->").strip()


def _markdown_line(line: str, suppressions: list[Suppression]) -> str:
    for suppression in sorted(suppressions, key=lambda s: s.column, reverse=True):
        start = suppression.column - 1
        end = start + len(suppression.comment)
        keep = _kept(suppression)
        if keep:
            replacement = _with_codes(suppression.comment, keep)
        elif reason := _reason(suppression.comment):
            replacement = f"<!-- {reason} -->"
        else:
            replacement = ""
            # the one space that set the comment off goes with it
            if start > 0 and line[start - 1] in " \t":
                start -= 1
            elif end < len(line) and line[end] in " \t":
                end += 1
        line = line[:start] + replacement + line[end:]
    return line


def _python_comment(comment: str, directives: list[tuple[int, Suppression]]) -> str:
    """``comment`` (a whole ``#`` comment) with the directives at the given
    offsets rewritten or removed, right to left."""
    for offset, suppression in sorted(directives, key=lambda d: d[0], reverse=True):
        match = _DIRECTIVE.match(comment, offset)
        if match is None:
            continue
        keep = _kept(suppression)
        before, rest = comment[:offset], comment[match.end() :]
        if keep:
            comment = before + _with_codes(match.group(), keep) + rest
        elif not rest.strip():
            comment = before.rstrip()
        elif rest.lstrip().startswith("#"):
            comment = before + rest.lstrip()  # the comment after it
        else:
            comment = before + f"# {rest.strip()}"  # a reason
    return comment


def _python_line(line: str, suppressions: list[Suppression]) -> str | None:
    starts = {s.comment_column for s in suppressions}
    if len(starts) != 1:
        return None  # one line has one comment: this is not what was parsed
    start = starts.pop() - 1
    comment = line[start:]
    directives = [(s.column - 1 - start, s) for s in suppressions]
    new = _python_comment(comment, directives)
    if not new:
        return line[:start].rstrip()
    return line[:start] + new


def line_removal(path: str, lines: list[str], suppressions: list[Suppression]) -> Edit | None:
    """The edit of the line (of ``lines``, without endings) holding
    ``suppressions``, which drops their unused codes; None when the line is
    not what was parsed."""
    index = suppressions[0].line - 1
    if not 0 <= index < len(lines):
        return None
    line = lines[index]
    for suppression in suppressions:
        start = suppression.column - 1
        if line[start : start + len(suppression.comment)] != suppression.comment:
            return None  # the line is not what was parsed: leave it
    if path.endswith(".py"):
        new = _python_line(line, suppressions)
        if new is None:
            return None
    else:
        new = _markdown_line(line, suppressions)
    if new == line:
        return None
    if not new.strip(" \t") and line.strip(" \t"):
        return Edit(path, index, index + 1, [])
    return Edit(path, index, index + 1, [new])


def removal(index: SuppressionIndex, suppression: Suppression) -> Edit | None:
    """The edit of the line holding ``suppression`` that drops its unused
    codes, and those of every other suppression on that line (one edit,
    whichever of their findings asks); None when the file's comments are not
    known exactly."""
    found = index.of(suppression.path)
    if not found.exact:
        return None
    on_line = [s for s in found.suppressions if s.line == suppression.line and s.unused_codes()]
    if suppression not in on_line:
        on_line.append(suppression)
    return line_removal(suppression.path, found.lines, on_line)
