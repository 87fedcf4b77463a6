"""Keys a function fills where they are missing in a dict it is handed, by a
statement at the top of its body, for its summary (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`)::

    self.args.setdefault("limit", 5)
    if "limit" not in self.args:          # also ``if not "limit" in self.args``
        self.args["limit"] = 5

A read of the key after such a statement cannot raise: a missing key gets
the value filled, its default when a literal (else none is claimed). A fill
under any other condition, or of another dict, guards nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

#: the dict an expression is (``self.args``, a parameter), or None
SourceOf = Callable[[ast.expr], "str | None"]
#: the literal key an expression is, or None
KeyOf = Callable[[ast.expr], "str | None"]


def top_fill(stmt: ast.stmt, source: SourceOf, key: KeyOf) -> tuple[str, str, ast.expr] | None:
    """(dict, key, the value filled) for a statement that fills a key of a
    dict where it is missing, on every path past it; None for any other."""
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        call, func = stmt.value, stmt.value.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "setdefault"
            and len(call.args) == 2
            and not call.keywords
            and not any(isinstance(a, ast.Starred) for a in call.args)
        ):
            return _place(source(func.value), key(call.args[0]), call.args[1])
        return None
    if not isinstance(stmt, ast.If) or stmt.orelse:
        return None
    missing = _missing(stmt.test, source, key)
    if missing is None:
        return None
    if any(isinstance(s, (ast.Return, ast.Raise)) for s in ast.walk(stmt)):
        return None  # the call may end where the key is missing
    for inner in stmt.body:
        if isinstance(inner, ast.Assign) and len(inner.targets) == 1:
            target = inner.targets[0]
            if isinstance(target, ast.Subscript):
                place = _place(source(target.value), key(target.slice), inner.value)
                if place is not None and place[:2] == missing:
                    return place
    return None


def _place(
    source: str | None, key: str | None, value: ast.expr
) -> tuple[str, str, ast.expr] | None:
    return None if source is None or key is None else (source, key, value)


def _missing(test: ast.expr, source: SourceOf, key: KeyOf) -> tuple[str, str] | None:
    """(dict, key) a test is true for when the key is missing from the dict:
    ``"k" not in d``, ``not "k" in d``."""
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    inner = test.operand if isinstance(test, ast.UnaryOp) and negated else test
    if not isinstance(inner, ast.Compare) or len(inner.ops) != 1:
        return None
    wanted = ast.In if negated else ast.NotIn
    if not isinstance(inner.ops[0], wanted):
        return None
    found_source, found_key = source(inner.comparators[0]), key(inner.left)
    return None if found_source is None or found_key is None else (found_source, found_key)
