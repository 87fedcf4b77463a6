"""The parameters of a nested function or a lambda in the ``ast`` walk of a
helper (part of :mod:`~doxtool.python.astclosures`), as the tool walk reads
them (:mod:`~doxtool.python.closureparams`): a parameter is the nested
function's own name, so a conversion of it in the body (``def label(mode):
return int(mode)``) or a test of its type there says nothing of a local of
the enclosing function with the same name. Imports no libcst."""

from __future__ import annotations

import ast
from collections.abc import Iterable

from doxtool.python.asttested import isinstance_test
from doxtool.python.astwalk import walk

#: functions whose parameters are their own names
_SCOPE_KINDS = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda})


def parameter_names(args: ast.arguments) -> set[str]:
    """Every name ``args`` binds."""
    names = {a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)}
    names.update(a.arg for a in (args.vararg, args.kwarg) if a is not None)
    return names


def own_conversions(
    converted: list[tuple[str, str]],
    mark: int,
    params: set[str],
    handed: dict[str, str] | None = None,
) -> list[tuple[str, str]]:
    """``converted`` (name, conversion) with those recorded from ``mark`` on
    that name one of ``params`` left out: the nested function's own; one
    of a parameter ``handed`` a local of the enclosing function by its bare
    name (:func:`handed_names`) converts that local."""
    handed = handed or {}
    kept = [
        (handed.get(name, name), conversion)
        for name, conversion in converted[mark:]
        if name not in params or name in handed
    ]
    return [*converted[:mark], *kept]


def handed_names(args: ast.arguments, call: ast.Call) -> dict[str, str]:
    """The parameters ``call`` hands a bare name (by position or keyword),
    or leaves to a default that is a bare name (``def f(mode=mode)``) ->
    that name; none when it hands ``*`` or ``**`` values."""
    if any(type(a) is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
        return {}
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    found: dict[str, str] = {}
    for param, value in zip(positional, call.args, strict=False):
        if type(value) is ast.Name:
            found[param] = value.id
    bound = set(positional[: len(call.args)])
    for keyword in call.keywords:
        bound.add(keyword.arg)  # type: ignore[arg-type]
        if type(keyword.value) is ast.Name:
            found[keyword.arg] = keyword.value.id  # type: ignore[index]
    defaults = zip(positional[len(positional) - len(args.defaults) :], args.defaults, strict=True)
    kw_defaults = zip((a.arg for a in args.kwonlyargs), args.kw_defaults, strict=True)
    for param, default in (*defaults, *kw_defaults):
        if param not in bound and type(default) is ast.Name:
            found[param] = default.id
    return found


def nested_parameter_tests(body_walk: Iterable[ast.AST]) -> set[int]:
    """The ids of the ``isinstance(name, ...)`` calls in the nested functions
    and lambdas of a body whose ``name`` is a parameter of one of them.
    ``body_walk``: the nodes of the body (:func:`~doxtool.python.astwalk.walk_all`),
    which most bodies hold no function or lambda among, so only those are walked."""
    found: set[int] = set()
    for scope in body_walk:
        if type(scope) not in _SCOPE_KINDS:
            continue
        params = parameter_names(scope.args)  # type: ignore[attr-defined]
        for node in walk(scope):
            tested = isinstance_test(node) if type(node) is ast.Call else None
            if tested is not None and tested[0] in params:
                found.add(id(node))
    return found
