"""Python literals evaluated as :func:`ast.literal_eval` does, without its garbage.

:func:`ast.literal_eval` defines its converters as closures on every call,
and they refer to one another: each call leaves a cycle of four functions
and their cells that only the cyclic garbage collector frees. Extraction
evaluates some fifty literals per module with the collector held off (pool
workers never collect), so a cold run over a thousand modules kept some
25 MB of such cycles. :func:`literal_eval` is the same evaluation with
module-level converters: the same values for the same input, the same
exceptions for anything else, and nothing left behind.
"""

from __future__ import annotations

import ast
from typing import Any, NoReturn

_NUMBERS = (int, float, complex)


def literal_eval(node_or_string: ast.AST | str) -> Any:
    """The value of a Python literal (an expression node, or its source
    text); ValueError (or SyntaxError, TypeError, RecursionError,
    MemoryError) for anything else, as :func:`ast.literal_eval`."""
    node: Any = node_or_string
    if isinstance(node, str):
        node = ast.parse(node.lstrip(" \t"), mode="eval")
    if isinstance(node, ast.Expression):
        node = node.body
    return _convert(node)


def _malformed(node: object) -> NoReturn:
    line = getattr(node, "lineno", None)
    raise ValueError("malformed node or string" + (f" on line {line}" if line else ""))


def _number(node: object) -> Any:
    if not isinstance(node, ast.Constant) or type(node.value) not in _NUMBERS:
        _malformed(node)
    return node.value


def _signed_number(node: object) -> Any:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.UAdd, ast.USub)):
        operand = _number(node.operand)
        return +operand if isinstance(node.op, ast.UAdd) else -operand
    return _number(node)


def _convert(node: object) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Tuple):
        return tuple(map(_convert, node.elts))
    if isinstance(node, ast.List):
        return list(map(_convert, node.elts))
    if isinstance(node, ast.Set):
        return set(map(_convert, node.elts))
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "set"
        and node.args == node.keywords == []
    ):
        return set()
    if isinstance(node, ast.Dict):
        if len(node.keys) != len(node.values):
            _malformed(node)
        return dict(zip(map(_convert, node.keys), map(_convert, node.values), strict=True))
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        left = _signed_number(node.left)
        right = _number(node.right)
        if isinstance(left, (int, float)) and isinstance(right, complex):
            return left + right if isinstance(node.op, ast.Add) else left - right
    return _signed_number(node)
