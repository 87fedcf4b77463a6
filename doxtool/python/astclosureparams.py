"""The parameters of a nested function or a lambda in the ``ast`` walk of a
helper (part of :mod:`~doxtool.python.astclosures`), as the tool walk reads
them (:mod:`~doxtool.python.closureparams`): a parameter is the nested
function's own name, so a conversion of it in the body (``def label(mode):
return int(mode)``) or a test of its type there says nothing of a local of
the enclosing function with the same name. Imports no libcst."""

from __future__ import annotations

import ast
from collections.abc import Iterable

#: functions whose parameters are their own names
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


def parameter_names(args: ast.arguments) -> set[str]:
    """Every name ``args`` binds."""
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    names.update(a.arg for a in (args.vararg, args.kwarg) if a is not None)
    return names


def own_conversions(
    converted: list[tuple[str, str]], mark: int, params: set[str]
) -> list[tuple[str, str]]:
    """``converted`` (name, conversion) with those recorded from ``mark`` on
    that name one of ``params`` left out: the nested function's own."""
    return [*converted[:mark], *(c for c in converted[mark:] if c[0] not in params)]


def nested_parameter_tests(body: Iterable[ast.stmt]) -> set[int]:
    """The ids of the ``isinstance(name, ...)`` calls in the nested functions
    and lambdas of ``body`` whose ``name`` is a parameter of one of them."""
    found: set[int] = set()
    todo: list[tuple[ast.AST, frozenset[str]]] = [(stmt, frozenset()) for stmt in body]
    while todo:
        node, params = todo.pop()
        if isinstance(node, _SCOPES):
            params = params | parameter_names(node.args)
        elif (
            params
            and type(node) is ast.Call
            and type(node.func) is ast.Name
            and node.func.id == "isinstance"
            and len(node.args) == 2
            and type(node.args[0]) is ast.Name
            and node.args[0].id in params
        ):
            found.add(id(node))
        todo.extend((child, params) for child in ast.iter_child_nodes(node))
    return found
