"""Source positions for libcst nodes without libcst's metadata providers.

libcst's ``PositionProvider`` costs about twice the parse, so the hot path does
not use it. Contract (implementation to follow):

    locator = Locator(source_text, cst_module)
    locator.statement(stmt) -> (line, column)
        stmt is a libcst statement node: a small statement (Expr, Assign,
        AnnAssign, AugAssign, Return, Raise, Import, ImportFrom, Pass, ...)
        found inside a SimpleStatementLine / SimpleStatementSuite, or a
        compound statement (If, For, While, Try, TryStar, With, Match,
        FunctionDef, ClassDef). For FunctionDef/ClassDef the position is the
        ``def`` / ``class`` keyword (as ``ast`` reports it), not a decorator.
    locator.expression(node, stmt) -> (line, column)
        position of an expression node that lies inside ``stmt``.

Lines and columns are 1-based. Positions are exact for statements and for
expressions; they never raise for a node that belongs to the module.
"""

from __future__ import annotations

import libcst as cst


class Locator:
    def __init__(self, source: str, module: cst.Module) -> None:
        self.source = source
        self.module = module

    def statement(self, stmt: cst.CSTNode) -> tuple[int, int]:
        raise NotImplementedError

    def expression(self, node: cst.CSTNode, stmt: cst.CSTNode) -> tuple[int, int]:
        raise NotImplementedError
