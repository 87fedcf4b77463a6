"""Suppression comments: where they are, what they cover, which ones were used.

In Markdown (companions, prompts) a suppression is an HTML comment,
``<!-- doxtool: ignore[DOX111,PRM] -->``; in Python it is a comment,
``# doxtool: ignore[DOX008]``. Codes are always explicit (a code or a code
prefix) and written as doxtool prints them, in capitals; a bare ``ignore``
or a lower-case ``ignore[dox111]`` is malformed.

What a suppression covers:

- Python: a comment after code covers the statement of that line (all its
  physical lines); a comment on its own line covers the next statement.
- Markdown: a comment after text covers the block that line starts; a comment
  on its own line covers the next block: a list item with its nested lines, a
  fenced code block, a heading line, or a paragraph.

The engine, not the rules, applies suppressions, after the rules ran.
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from doxtool.core.edits import line_content, split_lines
from doxtool.core.patterns import LazyPattern
from doxtool.core.source import ReadError, read_text

#: codes of the findings about suppressions themselves (never suppressible)
UNUSED = "DOX900"
MALFORMED = "DOX901"
OWN_CODES = frozenset({UNUSED, MALFORMED})

_MARKDOWN_COMMENT = LazyPattern(r"<!--\s*doxtool\s*:(?P<body>.*?)-->")
_MARKDOWN_UNCLOSED = LazyPattern(r"<!--\s*doxtool\s*:(?!.*-->)")
#: what every directive, closed or not, starts with
_MARKDOWN_OPENING = LazyPattern(r"<!--\s*doxtool\s*:")
#: a directive in a Python comment: at its start, or later in it after
#: whitespace (``# type: ignore  # doxtool: ignore[DOX008]``, as linters read
#: their own directive after other pragmas)
_PYTHON_COMMENT = LazyPattern(r"(?:^|(?<=\s))#\s*doxtool\s*:(?P<body>.*)$")
_IGNORE = LazyPattern(r"\s*ignore\s*(?P<rest>.*)$", re.DOTALL)
_CODE = LazyPattern(r"^[A-Z]{3}[0-9]{0,3}$")
_FENCE = LazyPattern(r"^\s{0,3}(?P<fence>`{3,}|~{3,})")
_LIST_ITEM = LazyPattern(r"^(?P<indent>\s*)(?:[-*+]|\d{1,9}[.)])(?:\s|$)")
_HEADING = LazyPattern(r"^\s{0,3}#{1,6}(?:\s|$)")


@dataclass
class Suppression:
    """One suppression comment and the lines (1-based, inclusive) it covers."""

    path: str
    #: where the comment is (1-based line and column)
    line: int
    column: int
    codes: list[str]
    first: int
    last: int
    #: the exact comment text, for fixes that remove it
    comment: str = ""
    #: the comment is alone on its line
    own_line: bool = False
    #: where the comment holding it starts (1-based column): a Python
    #: directive may follow other text of its comment
    comment_column: int = 0
    used: set[str] = field(default_factory=set)

    def covers(self, line: int) -> bool:
        return self.first <= line <= self.last

    def code_for(self, code: str) -> str | None:
        """The entry of this suppression that names ``code`` (most specific first)."""
        matching = [c for c in self.codes if code.startswith(c)]
        return max(matching, key=len) if matching else None

    def unused_codes(self) -> list[str]:
        return [code for code in self.codes if code not in self.used]


@dataclass
class Malformed:
    """A ``doxtool:`` comment that is not a valid suppression."""

    path: str
    line: int
    column: int
    problem: str
    #: the comment as written
    text: str = ""


@dataclass(eq=False, repr=False)
class FileSuppressions:
    """The suppression comments of one file."""

    suppressions: list[Suppression] = field(default_factory=list)
    malformed: list[Malformed] = field(default_factory=list)
    #: the file's lines (without line endings), for fixes
    lines: list[str] = field(default_factory=list)
    #: whether every comment was found as the file's parser sees it; a module
    #: the tokenizer rejects is searched line by line, which may take text in
    #: a string for a comment: its suppressions still apply, but none is
    #: reported unused or malformed, and none is edited
    exact: bool = True


def _codes(body: str, known: Callable[[str], bool]) -> tuple[list[str], str | None]:
    """The codes of a comment body, or the reason it is malformed."""
    match = _IGNORE.match(body)
    if match is None:
        word = body.strip().split("[", 1)[0].split()[0] if body.strip() else ""
        if not word:
            return [], "empty `doxtool:` comment; write `doxtool: ignore[CODE,...]`"
        return [], f"unknown directive `{word}`; write `doxtool: ignore[CODE,...]`"
    rest = match.group("rest")
    if not rest.startswith("["):
        return [], "`ignore` needs explicit codes: `ignore[CODE,...]`"
    close = rest.find("]")
    if close == -1:
        return [], "`ignore[` is never closed with `]`"
    raw = [part.strip() for part in rest[1:close].split(",")]
    if not any(raw):
        return [], "`ignore[]` names no code; write `ignore[CODE,...]`"
    codes: list[str] = []
    for part in raw:
        if not part:
            return [], "empty code in the list; write `ignore[CODE,...]`"
        code = part.upper()
        if not _CODE.match(code) or not known(code):
            return [], f"unknown rule code or prefix `{part}` (see `doxtool rules`)"
        if part != code:
            # one spelling per code: the one doxtool prints, which a search finds
            return [], f"rule codes are written in capitals: `{code}`, not `{part}`"
        if code in OWN_CODES:
            return [], f"`{code}` cannot be suppressed"
        if code not in codes:
            codes.append(code)
    return codes, None


# ---------------------------------------------------------------------------
# Markdown


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


def _is_comment_only(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and _MARKDOWN_COMMENT.sub("", stripped).strip() == ""


def markdown_block(lines: list[str], start: int) -> int:
    """The last line (0-based) of the Markdown block that starts at ``start``."""
    line = lines[start]
    fence = _FENCE.match(line)
    if fence:
        marker = fence.group("fence")
        for index in range(start + 1, len(lines)):
            if _closes(lines[index], marker):
                return index
        return len(lines) - 1
    if _HEADING.match(line):
        return start
    item = _LIST_ITEM.match(line)
    item_indent = len(item.group("indent")) if item else -1
    end = start
    index = start + 1
    while index < len(lines):
        current = lines[index]
        if not current.strip():
            following = next((j for j in range(index + 1, len(lines)) if lines[j].strip()), None)
            if item is None or following is None or _indent(lines[following]) <= item_indent:
                break
            index = following
            continue
        starts_block = bool(
            _LIST_ITEM.match(current)
            or _HEADING.match(current)
            or _FENCE.match(current)
            or _is_comment_only(current)
        )
        if starts_block and (item is None or _indent(current) <= item_indent):
            break
        end = index
        index += 1
    return end


def _closes(line: str, marker: str) -> bool:
    closing = line.strip()
    return closing.startswith(marker) and not closing.strip(marker[0])


def _code_lines(text: str, count: int) -> set[int] | None:
    """Lines (0-based) inside code blocks, fenced or indented, at any nesting
    (a fence inside a list item included), as markdown-it reads them; None
    when it cannot read the whole document."""
    from doxtool.companions.outline import _markdown
    from doxtool.core.mdlimits import parse_checked

    try:
        tokens, cut = parse_checked(_markdown(), text)
    except ImportError:
        raise
    except Exception:  # third-party parser: a hostile document must not stop us
        return None
    if cut is not None:
        return None
    lines: set[int] = set()
    for token in tokens:
        if token.type in ("fence", "code_block") and token.map is not None:
            lines.update(range(token.map[0], min(token.map[1], count)))
    return lines


_BACKTICKS = LazyPattern(r"`+")


def _code_spans(line: str) -> list[tuple[int, int]]:
    """Column ranges of the inline code spans of one line (CommonMark: a run
    of backticks up to the next run of the same length)."""
    spans: list[tuple[int, int]] = []
    runs = list(_BACKTICKS.finditer(line))
    index = 0
    while index < len(runs):
        opening = runs[index]
        closing = next(
            (
                j
                for j in range(index + 1, len(runs))
                if len(runs[j].group()) == len(opening.group())
            ),
            None,
        )
        if closing is None:
            index += 1
            continue
        spans.append((opening.start(), runs[closing].end()))
        index = closing + 1
    return spans


def parse_markdown(path: str, text: str, known: Callable[[str], bool]) -> FileSuppressions:
    """The suppressions of a Markdown file: real HTML comments only, never
    text in a code block (fenced, indented, or inside a list) or a code span,
    where suppression syntax is shown as an example."""
    lines = [line_content(line) for line in split_lines(text)]
    result = FileSuppressions(lines=lines)
    if _MARKDOWN_OPENING.search(text) is None:
        # no line opens a directive: nothing to tell from an example, and no
        # need to read the document's code blocks
        return result
    code = _code_lines(text, len(lines))
    if code is None:
        # read only in part: no comment can be told from an example
        result.exact = False
        return result
    for index, line in enumerate(lines):
        if index in code:
            continue
        opened = _split_opening(lines, index, code)
        if opened is not None:
            result.malformed.append(
                Malformed(
                    path,
                    index + 1,
                    opened + 1,
                    "a suppression comment must open and close on one line",
                    line[opened:].strip(),
                )
            )
        if "doxtool" not in line:
            continue
        spans = _code_spans(line) if "`" in line else []

        def in_code(column: int, spans: list[tuple[int, int]] = spans) -> bool:
            return any(start <= column < end for start, end in spans)

        unclosed = _MARKDOWN_UNCLOSED.search(line)
        if unclosed and not in_code(unclosed.start()):
            result.malformed.append(
                Malformed(
                    path,
                    index + 1,
                    unclosed.start() + 1,
                    "a suppression comment must open and close on one line",
                    line[unclosed.start() :].strip(),
                )
            )
        for match in _MARKDOWN_COMMENT.finditer(line):
            if in_code(match.start()):
                continue
            codes, problem = _codes(match.group("body"), known)
            if problem:
                result.malformed.append(
                    Malformed(path, index + 1, match.start() + 1, problem, match.group(0))
                )
                continue
            own_line = _is_comment_only(line)
            target = index
            if own_line:
                target = next(
                    (
                        j
                        for j in range(index + 1, len(lines))
                        if lines[j].strip() and not _is_comment_only(lines[j])
                    ),
                    -1,
                )
            last = markdown_block(lines, target) if target >= 0 else index
            result.suppressions.append(
                Suppression(
                    path,
                    index + 1,
                    match.start() + 1,
                    codes,
                    first=index + 1,
                    last=last + 1,
                    comment=match.group(0),
                    own_line=own_line,
                    comment_column=match.start() + 1,
                )
            )
    return result


#: an HTML comment opened at the end of a line (nothing after ``<!--``)
_OPENED = LazyPattern(r"<!--[ \t]*$")
_DIRECTIVE_START = LazyPattern(r"[ \t]*doxtool[ \t]*:")


def _split_opening(lines: list[str], index: int, code: set[int]) -> int | None:
    """The column of a ``<!--`` that ends line ``index`` when the next line
    opens a directive (``doxtool: ignore[...]``): a suppression written
    over several lines, which suppresses nothing; None otherwise."""
    opened = _OPENED.search(lines[index])
    if opened is None or "`" in lines[index][: opened.start()]:
        return None
    following = index + 1
    if following >= len(lines) or following in code:
        return None
    return opened.start() if _DIRECTIVE_START.match(lines[following]) else None


# ---------------------------------------------------------------------------
# Python


def _statements(text: str) -> tuple[dict[int, tuple[int, int]], list[tuple[int, int, str]]]:
    """Logical line ranges by physical line, and the comments (line, column, text)."""
    ranges: dict[int, tuple[int, int]] = {}
    comments: list[tuple[int, int, str]] = []
    start: int | None = None
    skip = {tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENCODING, tokenize.ENDMARKER}
    # a lone \r ends a line for Python as \n does (and for split_lines), but
    # not for StringIO's readline: one character for one keeps every column
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT:
            comments.append((token.start[0], token.start[1], token.string))
            continue
        if token.type in skip:
            continue
        if start is None:
            start = token.start[0]
        if token.type == tokenize.NEWLINE:
            for row in range(start, token.end[0] + 1):
                ranges[row] = (start, token.end[0])
            start = None
    return ranges, comments


def _fallback_comments(lines: list[str]) -> list[tuple[int, int, str]]:
    """Comments found line by line, for files the tokenizer rejects."""
    found = []
    for index, line in enumerate(lines):
        match = re.search(r"#\s*doxtool\s*:.*$", line)
        if match:
            found.append((index + 1, match.start(), match.group(0)))
    return found


def parse_python(path: str, text: str, known: Callable[[str], bool]) -> FileSuppressions:
    lines = [line_content(line) for line in split_lines(text)]
    result = FileSuppressions(lines=lines)
    try:
        ranges, comments = _statements(text)
    except (tokenize.TokenError, SyntaxError, IndentationError):
        ranges, comments = {}, _fallback_comments(lines)
        result.exact = False
    comment_rows = {row for row, _, _ in comments}
    for row, token_column, token in comments:
        match = _PYTHON_COMMENT.search(token)
        if match is None:
            continue
        column, comment = token_column + match.start(), token[match.start() :]
        codes, problem = _codes(match.group("body"), known)
        if problem:
            result.malformed.append(Malformed(path, row, column + 1, problem, comment.strip()))
            continue
        before = lines[row - 1][:token_column] if row <= len(lines) else ""
        own_line = not before.strip()
        target = row
        if own_line:
            target = next(
                (
                    j
                    for j in range(row + 1, len(lines) + 1)
                    if lines[j - 1].strip() and j not in comment_rows
                ),
                0,
            )
        first, last = ranges.get(target, (target, target)) if target else (row, row)
        result.suppressions.append(
            Suppression(
                path,
                row,
                column + 1,
                codes,
                first=min(first, row),
                last=max(last, row),
                comment=comment,
                own_line=own_line,
                comment_column=token_column + 1,
            )
        )
    return result


# ---------------------------------------------------------------------------
# the index the engine uses


class SuppressionIndex:
    """Suppressions of the files findings land in, read once per file."""

    def __init__(
        self,
        root: Path,
        known: Callable[[str], bool],
        mentions: Callable[[str], bool | None] | None = None,
    ) -> None:
        """``mentions(path)`` says, when the run already read the file, whether
        its text names doxtool at all (None: not known); a file that does not
        holds no suppression and is not read again."""
        self.root = root
        self.known = known
        self.mentions = mentions
        self._files: dict[str, FileSuppressions] = {}

    def of(self, path: str) -> FileSuppressions:
        found = self._files.get(path)
        if found is None:
            found = self._files[path] = self._read(path)
        return found

    def _read(self, path: str) -> FileSuppressions:
        full = self.root / path
        python = path.endswith(".py")
        if not (python or path.endswith(".md")):
            return FileSuppressions()
        if self.mentions is not None and self.mentions(path) is False:
            return FileSuppressions()
        text = read_text(full, python=python, root=self.root)
        if isinstance(text, ReadError) or "doxtool" not in text.text:
            return FileSuppressions()
        parse = parse_python if python else parse_markdown
        return parse(path, text.text, self.known)

    def suppress(self, path: str, line: int, code: str) -> bool:
        """Whether a suppression covers ``code`` at ``path:line``; marks it used."""
        if code in OWN_CODES:
            return False
        hit = False
        for suppression in self.of(path).suppressions:
            if not suppression.covers(line):
                continue
            entry = suppression.code_for(code)
            if entry is not None:
                suppression.used.add(entry)
                hit = True
        return hit

    def named_codes(self, paths: Iterable[str]) -> set[str]:
        return {code for path in paths for s in self.of(path).suppressions for code in s.codes}
