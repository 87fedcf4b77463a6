"""Positions of the statements of one libcst module, from ``ast``'s tree
paired with it in one walk, with libcst's ``PositionProvider`` as the
fallback; and the source's line offsets.

:class:`~doxtool.python.positions.Locator` adds the expressions; its module
docstring states the contract and how the pairing works.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from typing import Any

import libcst as cst
from libcst.metadata import CodeRange, MetadataWrapper, PositionProvider

from doxtool.python.astparse import parse_ast

Position = tuple[int, int]

#: Line breaks as both parsers count them (``str.splitlines`` also breaks on
#: form feeds and other characters that Python source treats as ordinary).
NEWLINE = re.compile(r"\r\n|\r|\n")
BLANK = " \t\f"
_CASE = re.compile(r"case\b")
# fmt: off
_STATEMENTS = (
    "Expr", "Assign", "AnnAssign", "AugAssign", "Return", "Raise", "Assert", "Pass", "Break",
    "Continue", "Import", "ImportFrom", "Global", "Nonlocal", "TypeAlias", "If", "While", "For",
    "With", "Try", "TryStar", "Match", "ClassDef", "FunctionDef",
)
# fmt: on
#: libcst statement class -> its ``ast`` twin (only those both libraries have here)
_TWINS: dict[type[cst.CSTNode], type[ast.AST]] = {
    getattr(cst, name): getattr(ast, name)
    for name in _STATEMENTS
    if hasattr(cst, name) and hasattr(ast, name)
} | {cst.Del: ast.Delete}
_ASYNC_TWINS: dict[type[cst.CSTNode], type[ast.AST]] = {
    cst.FunctionDef: ast.AsyncFunctionDef,
    cst.For: ast.AsyncFor,
    cst.With: ast.AsyncWith,
}
_DEFINITIONS = (cst.FunctionDef, cst.ClassDef)
#: a statement's (line, column, end line, first line to search for its expressions)
Span = tuple[int, int, int, int]


class _Mismatch(Exception):
    """The libcst and ast statement trees do not pair up."""


def _suite(owner: Any) -> Sequence[cst.CSTNode]:
    """Statements of ``owner.body`` as a list: a one-line suite counts as one line."""
    body = owner.body
    return body.body if type(body) is cst.IndentedBlock else [body]


class Unparsed:
    """Marker: the caller has not run ``ast.parse``."""


UNPARSED = Unparsed()


class StatementLocator:
    """Positions of the statements of one parsed module."""

    def __init__(
        self,
        source: str,
        module: cst.Module,
        tree: ast.Module | Unparsed | None = UNPARSED,
        stubbed: frozenset[ast.AST] = frozenset(),
    ) -> None:
        """``tree``: ``ast``'s tree of ``source`` when the caller has it (None: it
        failed); ``stubbed``: functions of ``tree`` whose bodies the libcst module
        has stubbed (:mod:`doxtool.python.prune`), left unpaired."""
        self.source = source
        self.module = module
        self._tree = tree
        self._stubbed = stubbed
        self._spans: dict[int, Span] | None = None
        self._fallback: Mapping[cst.CSTNode, CodeRange] | None = None
        self._line_starts: list[int] | None = None
        #: id of a libcst definition or module-level statement -> ``ast``'s twin
        self._twins: dict[int, ast.stmt] = {}

    # -- public API ---------------------------------------------------------------

    def statement(self, stmt: cst.CSTNode) -> Position:
        try:
            span = self._span(stmt)
            if span is not None:
                return span[0], span[1]
            return self._provided(stmt) or (1, 1)
        except Exception:  # never let a position lookup break the analysis
            return (1, 1)

    def twin(self, stmt: cst.CSTNode) -> ast.stmt | None:
        """``ast``'s node of a function or class definition, or of a
        module-level statement, paired with ``stmt`` (the same code, a pruned
        body stubbed alike); None when the two trees were not paired."""
        try:
            self._span(stmt)
        except Exception:
            return None
        return self._twins.get(id(stmt))

    # -- statements ---------------------------------------------------------------

    def _span(self, stmt: cst.CSTNode) -> Span | None:
        if self._spans is None:
            self._spans = self._pair()
        if stmt is self.module and self._spans:  # empty when ast failed
            return (1, 1, len(self._starts()), 1)
        return self._spans.get(id(stmt))

    def _pair(self) -> dict[int, Span]:
        """Statement positions from ``ast``; empty (so: fallback) when that fails."""
        tree = parse_ast(self.source) if isinstance(self._tree, Unparsed) else self._tree
        if tree is None:
            return {}
        try:
            return self._walk(tree)
        except Exception:  # _Mismatch, RecursionError, MemoryError, ...
            return {}
        finally:
            self._tree, self._stubbed = None, frozenset()  # not needed any more

    def _walk(self, tree: ast.Module) -> dict[int, Span]:
        spans: dict[int, Span] = {}
        column = self._column
        ascii = self.source.isascii()
        # Pairs of (libcst body list, ast statement list); iterative so that deep
        # nesting cannot exhaust the stack here.
        todo: list[tuple[Sequence[cst.CSTNode], list[ast.stmt]]] = [(self.module.body, tree.body)]
        top = self.module.body
        twins: dict[int, ast.stmt] = {}
        while todo:
            lines, statements = todo.pop()
            index = 0
            for line in lines:
                smalls = (
                    line.body
                    if type(line) in (cst.SimpleStatementLine, cst.SimpleStatementSuite)
                    else (line,)
                )
                for node in smalls:
                    if index >= len(statements):
                        raise _Mismatch
                    tree_node: Any = statements[index]
                    index += 1
                    kind = type(node)
                    if kind in _ASYNC_TWINS and getattr(node, "asynchronous", None) is not None:
                        twin = _ASYNC_TWINS[kind]
                    else:
                        twin = _TWINS.get(kind)
                    if type(tree_node) is not twin:
                        raise _Mismatch
                    line_no = tree_node.lineno
                    offset = tree_node.col_offset
                    search = line_no
                    if kind in _DEFINITIONS and tree_node.decorator_list:
                        search = tree_node.decorator_list[0].lineno
                    spans[id(node)] = (
                        line_no,
                        offset + 1 if ascii or not offset else column(line_no, offset),
                        tree_node.end_lineno or line_no,
                        search,
                    )
                    if kind in _DEFINITIONS or lines is top:
                        twins[id(node)] = tree_node
                    if node is line and tree_node not in self._stubbed:
                        self._children(node, tree_node, todo, spans)
                if type(line) is cst.SimpleStatementLine:
                    spans[id(line)] = spans[id(smalls[0])]
            if index != len(statements):
                raise _Mismatch
        self._twins = twins
        return spans

    def _children(
        self,
        node: cst.CSTNode,
        tree_node: ast.stmt,
        todo: list[tuple[Sequence[cst.CSTNode], list[ast.stmt]]],
        spans: dict[int, Span],
    ) -> None:
        """Queue the bodies of a compound statement next to their ast twins.

        The statement types already agree (checked by the caller).
        """
        tree: Any = tree_node

        def orelse(clause: cst.CSTNode | None, statements: list[ast.stmt]) -> None:
            if clause is None:
                if statements:
                    raise _Mismatch
            elif type(clause) is cst.If:  # ``elif``: ast nests an If in orelse
                todo.append(([clause], statements))
            elif type(clause) in (cst.Else, cst.Finally):
                todo.append((_suite(clause), statements))

        def clause(part: cst.CSTNode, line_no: int, column: int, body: list[ast.stmt]) -> None:
            spans[id(part)] = (line_no, column, body[-1].end_lineno or line_no, line_no)
            todo.append((_suite(part), body))

        if type(node) is cst.Match:
            if len(node.cases) != len(tree.cases):
                raise _Mismatch
            floor = tree.subject.end_lineno or tree.lineno
            for case, tree_case in zip(node.cases, tree.cases, strict=True):
                # ast gives a case no position; ``case`` is the first word of the
                # line at or above its pattern (which may follow a parenthesis).
                line_no = tree_case.pattern.lineno
                text = self._line(line_no).lstrip(BLANK)
                while line_no > floor and not _CASE.match(text):
                    line_no -= 1
                    text = self._line(line_no).lstrip(BLANK)
                indent = len(self._line(line_no)) - len(text)
                clause(case, line_no, indent + 1, tree_case.body)
                floor = tree_case.body[-1].end_lineno or line_no
            return
        todo.append((_suite(node), tree.body))
        if type(node) in (cst.If, cst.For, cst.While):
            orelse(node.orelse, tree.orelse)
        elif type(node) in (cst.Try, cst.TryStar):
            if len(node.handlers) != len(tree.handlers):
                raise _Mismatch
            for handler, tree_handler in zip(node.handlers, tree.handlers, strict=True):
                line_no = tree_handler.lineno
                column = self._column(line_no, tree_handler.col_offset)
                clause(handler, line_no, column, tree_handler.body)
            orelse(node.orelse, tree.orelse)
            orelse(node.finalbody, tree.finalbody)

    def _column(self, line: int, byte_offset: int) -> int:
        """1-based character column from ast's UTF-8 byte offset."""
        text = self._line(line)
        if text.isascii():
            return byte_offset + 1
        return len(text.encode("utf-8")[:byte_offset].decode("utf-8", "replace")) + 1

    # -- fallback -----------------------------------------------------------------

    def _provided(self, node: cst.CSTNode) -> Position | None:
        """``PositionProvider``'s answer, computed once per module and only if needed."""
        if self._fallback is None:
            try:
                wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
                self._fallback = wrapper.resolve(PositionProvider)
            except Exception:  # RecursionError on very deep trees
                self._fallback = {}
        found = self._fallback.get(node)
        return None if found is None else (found.start.line, found.start.column + 1)

    # -- lines --------------------------------------------------------------------

    def _starts(self) -> list[int]:
        """Offset of the first character of every line."""
        if self._line_starts is None:
            source = self.source
            if "\r" in source:
                self._line_starts = [0, *(m.end() for m in NEWLINE.finditer(source))]
            else:  # the common case, without a match object per line
                starts = [0]
                find = source.find
                index = find("\n")
                while index >= 0:
                    starts.append(index + 1)
                    index = find("\n", index + 1)
                self._line_starts = starts
        return self._line_starts

    def _line(self, number: int) -> str:
        starts = self._starts()
        end = starts[number] if number < len(starts) else len(self.source)
        return self.source[starts[number - 1] : end]
