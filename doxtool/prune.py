"""Source for libcst without the bodies of functions the analysis never reads.

The extractor reads a module-level function's body only when something it
reads names that function: a call, a reference, a dispatch table, a string.
A function nothing else in the module names is still listed in the module's
facts, by its signature, but its body is never walked. libcst would build a
node for every token of it all the same, so :func:`prune` hands libcst a copy
of the source in which such a body is a single ``...``, line for line: the
lines of the body are kept as empty lines, so every remaining line, and every
position libcst or ``ast`` reports, is where it is in the real file. Statement
positions still come from ``ast`` on the real source (:mod:`doxtool.positions`),
which knows to leave a pruned body unpaired.

What counts as naming a function is deliberately textual, so that it errs on
the side of keeping: any occurrence of the name as a whole word outside the
bodies being pruned (code, strings, comments) keeps the body, and pruning
repeats until no pruned body is named by the text that remains. A function is
left alone when it is decorated (a decorator can register it), when its name
is a dunder (``__getattr__`` and friends are called implicitly), when its body
follows the colon on the same line, and when its text contains ``import``
(imports anywhere in a module are facts of the module).
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Sequence
from dataclasses import dataclass

_BLANK = " \t\x0c"


@dataclass(frozen=True)
class Pruned:
    """The text to hand to libcst and the ``ast`` definitions whose bodies it stubs."""

    text: str
    #: ``ast`` nodes (of the real source) of the functions whose bodies are ``...``
    stubbed: frozenset[ast.AST]


@dataclass(frozen=True)
class _Candidate:
    node: ast.FunctionDef | ast.AsyncFunctionDef
    #: first line of the body (1-based), which becomes the ``...``
    body_line: int


def prune(source: str, tree: ast.Module) -> Pruned | None:
    """The pruned source, or None when no body can be pruned.

    ``tree`` is ``ast.parse(source)``.
    """
    if "\r" in source and source.count("\r") != source.count("\r\n"):
        return None  # a lone carriage return breaks lines for Python, not for split
    lines = source.split("\n")
    starts = _line_starts(lines)
    candidates = _candidates(tree, lines, source, starts)
    if not candidates:
        return None
    stubbed = _unnamed(candidates, source, starts)
    if not stubbed:
        return None
    for candidate in stubbed:
        first = lines[candidate.body_line - 1]
        indent = first[: len(first) - len(first.lstrip(_BLANK))]
        lines[candidate.body_line - 1] = indent + "..." + _ending(first)
        for number in range(candidate.body_line + 1, (candidate.node.end_lineno or 0) + 1):
            lines[number - 1] = _ending(lines[number - 1])
    return Pruned("\n".join(lines), frozenset(c.node for c in stubbed))


def _candidates(
    tree: ast.Module, lines: list[str], source: str, starts: list[int]
) -> list[_Candidate]:
    out: list[_Candidate] = []
    for node in tree.body:
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        name = node.name
        if node.decorator_list or (name.startswith("__") and name.endswith("__")):
            continue
        body_line = _body_line(node, lines)
        if body_line is None:
            continue
        end = node.end_lineno or node.lineno
        if source.find("import", starts[node.lineno - 1], starts[end]) >= 0:
            continue
        out.append(_Candidate(node, body_line))
    return out


def _body_line(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> int | None:
    """The line the body starts on, when it is an indented block below the header."""
    first: ast.stmt = node.body[0]
    decorators: Sequence[ast.expr] = getattr(first, "decorator_list", ())
    if decorators:
        line = decorators[0].lineno
        text = lines[line - 1].lstrip(_BLANK)
        ok = text.startswith("@")
    else:
        line = first.lineno
        text = lines[line - 1]
        # col_offset counts UTF-8 bytes
        prefix = text[: first.col_offset] if text.isascii() else text.encode()[: first.col_offset]
        ok = not prefix.strip()
    if not ok or line <= node.lineno:
        return None
    return line


def _line_starts(lines: list[str]) -> list[int]:
    """Offset of each line's start, and one past the end (for the last line's end)."""
    starts = [0]
    offset = 0
    for line in lines:
        offset += len(line) + 1
        starts.append(offset)
    return starts


def _unnamed(candidates: list[_Candidate], source: str, starts: list[int]) -> list[_Candidate]:
    """The candidates no text outside the pruned bodies names (a fixpoint)."""
    occurrences = {c.node.name: _lines_naming(c.node.name, source, starts) for c in candidates}
    stubbed = list(candidates)
    changed = True
    while changed and stubbed:
        changed = False
        spans = sorted((c.node.lineno, c.node.end_lineno or c.node.lineno) for c in stubbed)
        firsts = [first for first, _ in spans]
        for candidate in list(stubbed):
            for line in occurrences[candidate.node.name]:
                index = bisect.bisect_right(firsts, line) - 1
                if index < 0 or spans[index][1] < line:  # named outside every pruned body
                    stubbed.remove(candidate)
                    changed = True
                    break
    return stubbed


def _lines_naming(name: str, source: str, starts: list[int]) -> list[int]:
    """Lines (1-based) where ``name`` occurs as a whole word."""
    found: list[int] = []
    size = len(name)
    at = source.find(name)
    while at >= 0:
        before = source[at - 1] if at else " "
        after = source[at + size : at + size + 1] or " "
        if not _word_char(before) and not _word_char(after):
            found.append(bisect.bisect_right(starts, at))
        at = source.find(name, at + size)
    return found


def _word_char(char: str) -> bool:
    return char.isalnum() or char == "_"


def _ending(line: str) -> str:
    return "\r" if line.endswith("\r") else ""
