"""Source for libcst without the bodies of functions the analysis never reads.

The extractor reads a module-level function's body only when something it
reads names that function: a call, a reference, a dispatch table, a string.
A function nothing else in the module names is still listed in the module's
facts, by its signature, but its body is never walked. libcst would build a
node for every token of it all the same, so :func:`prune` hands libcst a copy
of the source in which such a body is a single ``...``, line for line: the
lines of the body are kept as empty lines, so every remaining line, and every
position libcst or ``ast`` reports, is where it is in the real file. Statement
positions still come from ``ast`` on the real source (:mod:`doxtool.python.positions`),
which knows to leave a pruned body unpaired.

What counts as naming a function is deliberately textual, so that it errs on
the side of keeping: any occurrence of the name as a whole word outside the
bodies being pruned (code, strings, comments) keeps the body, and pruning
repeats until no pruned body is named by the text that remains. A function is
left alone when it is decorated (a decorator can register it), when its name
is a dunder (``__getattr__`` and friends are called implicitly), when its body
follows the colon on the same line, and when its text contains ``import``
(imports anywhere in a module are facts of the module). A module with more
candidates, or more occurrences of their names, than the search takes on is
parsed whole, so that the search stays cheap on any input.
"""

from __future__ import annotations

import ast
import bisect
from collections.abc import Sequence
from dataclasses import dataclass

_BLANK = " \t\x0c"
#: past these, a module is parsed whole: pruning is an optimisation, and the
#: search for names must stay cheap on any input (thousands of functions, a
#: one-letter name occurring a million times)
_MAX_CANDIDATES = 2000
_MAX_HITS = 50_000


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
    if not stubbed:  # None: a module too unusual to be worth the search
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


def _unnamed(
    candidates: list[_Candidate], source: str, starts: list[int]
) -> list[_Candidate] | None:
    """The candidates no text outside the pruned bodies names; None: too costly to tell.

    A name is needed when it occurs outside every candidate, or inside a
    candidate that is needed itself (found breadth first, so the work is
    linear in the occurrences, however long a chain of calls).
    """
    if len(candidates) > _MAX_CANDIDATES:
        return None
    spans = sorted(
        ((c.node.lineno, c.node.end_lineno or c.node.lineno, index))
        for index, c in enumerate(candidates)
    )
    firsts = [first for first, _, _ in spans]
    by_name: dict[str, list[int]] = {}
    for index, candidate in enumerate(candidates):
        by_name.setdefault(candidate.node.name, []).append(index)
    roots: list[str] = []
    inside: dict[int, set[str]] = {}
    budget = _Budget(_MAX_HITS)
    for name in by_name:
        lines = _lines_naming(name, source, starts, budget)
        if lines is None:
            return None
        for line in lines:
            at = bisect.bisect_right(firsts, line) - 1
            if at < 0 or spans[at][1] < line:  # outside every candidate
                roots.append(name)
            else:
                inside.setdefault(spans[at][2], set()).add(name)
    needed: set[int] = set()
    seen: set[str] = set()
    while roots:
        name = roots.pop()
        if name in seen:
            continue
        seen.add(name)
        for index in by_name[name]:
            if index not in needed:
                needed.add(index)
                roots.extend(inside.get(index, ()))
    return [c for index, c in enumerate(candidates) if index not in needed]


class _Budget:
    """How many more substring hits the search for names may look at."""

    def __init__(self, hits: int) -> None:
        self.hits = hits


def _lines_naming(name: str, source: str, starts: list[int], budget: _Budget) -> list[int] | None:
    """Lines (1-based) where ``name`` occurs as a whole word; None past the budget."""
    found: list[int] = []
    size = len(name)
    at = source.find(name)
    while at >= 0:
        budget.hits -= 1
        if budget.hits < 0:
            return None
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
