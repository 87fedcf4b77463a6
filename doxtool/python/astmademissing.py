"""What a missing key leaves in a name a helper binds to what a literal
fallback or a string method of literals makes of one read (``t =
args.get("t", "ally").split(",")``: ``["ally"]``; ``items = args.get("i") or
["all"]``: ``["all"]``), for the ``ast`` summaries, as the tool walk computes
it (:mod:`~doxtool.python.readmissing`): a check of the name
(``if "all" not in t: raise ...``) judges that value, where it is certain.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astreadonly import looked_in
from doxtool.python.astshapes import literal
from doxtool.python.readforms import COMPUTED_METHODS

#: a value made that cannot be computed
UNKNOWN = object()


def made_missing(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    name: str,
    read_of: Callable[[ast.expr], KeyRead | None],
    nodes: Iterable[ast.AST] | None = None,
) -> tuple[KeyRead, Any] | None:
    """(read, value) a missing key leaves in ``name``, bound once in
    ``function`` (a parameter never) to a value :func:`made_value` computes; a
    container only looked in (nothing fills it, nothing it is handed to may:
    :func:`~doxtool.python.astreadonly.looked_in`).
    ``nodes``: the nodes of ``function`` (:func:`ast.walk`'s, in any order)
    when they were walked already."""
    every_node = list(ast.walk(function)) if nodes is None else nodes
    bindings = [
        node
        for node in every_node
        if type(node) is ast.Name and node.id == name and type(node.ctx) is not ast.Load
    ]
    params = function.args
    every = [*params.posonlyargs, *params.args, *params.kwonlyargs, params.vararg, params.kwarg]
    if len(bindings) != 1 or any(a is not None and a.arg == name for a in every):
        return None
    assigns = [
        node
        for node in every_node
        if type(node) is ast.Assign and len(node.targets) == 1 and node.targets[0] is bindings[0]
    ]
    made = (
        made_value(assigns[0].value, _through_names(function, every_node, read_of))
        if assigns
        else None
    )
    if made is None or made[1] is UNKNOWN:
        return None
    if isinstance(made[1], (list, dict, set)) and not looked_in(function, name):
        return None
    return made


def _through_names(
    function: ast.FunctionDef | ast.AsyncFunctionDef,
    nodes: Iterable[ast.AST],
    read_of: Callable[[ast.expr], KeyRead | None],
) -> Callable[[ast.expr], KeyRead | None]:
    """``read_of``, and for a local name bound once (a parameter never) by
    an assignment of a read, that read (``raw = args.get("keys", "")``, then
    ``keys = raw.split()``: ``raw`` holds what a missing key gives)."""
    nodes = list(nodes)
    params = function.args
    every = [*params.posonlyargs, *params.args, *params.kwonlyargs, params.vararg, params.kwarg]

    def read(node: ast.expr) -> KeyRead | None:
        found = read_of(node)
        if found is not None or type(node) is not ast.Name:
            return found
        if any(a is not None and a.arg == node.id for a in every):
            return None
        bindings = [
            n
            for n in nodes
            if type(n) is ast.Name and n.id == node.id and type(n.ctx) is not ast.Load
        ]
        if len(bindings) != 1:
            return None
        for n in nodes:
            if type(n) is ast.Assign and len(n.targets) == 1 and n.targets[0] is bindings[0]:
                return read_of(n.value)
        return None

    return read


def made_value(
    node: ast.expr, read_of: Callable[[ast.expr], KeyRead | None]
) -> tuple[KeyRead, Any] | None:
    """(read, value) of ``node`` made of one plain read (``d.get(k)``, a
    literal default or none) when its key is missing: a literal fallback
    after it (``or ["all"]``), a string method of
    :data:`~doxtool.python.readforms.COMPUTED_METHODS` with literal arguments
    on it (:data:`UNKNOWN` where that cannot be computed);
    None for any other node."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
        if len(node.values) != 2:
            return None
        read = _plain(node.values[0], read_of)
        known, fallback = literal(node.values[1])
        if read is None:
            return None
        return (
            (read, (read.default if read.has_default else None) or fallback)
            if known
            else (
                read,
                UNKNOWN,
            )
        )
    if type(node) is not ast.Call or type(node.func) is not ast.Attribute:
        return None
    if node.func.attr not in COMPUTED_METHODS:
        return None
    inner = node.func.value
    read = _plain(inner, read_of)
    held = (read, read.default if read.has_default else None) if read else None
    held = held or made_value(inner, read_of)
    if held is None or held[1] is UNKNOWN:
        return held
    values = [literal(a) for a in node.args]
    words = [(k.arg, literal(k.value)) for k in node.keywords]
    if (
        not isinstance(held[1], str)
        or any(type(a) is ast.Starred for a in node.args)
        or not all(k for k, _ in values)
        or not all(w is not None and k for w, (k, _) in words)
    ):
        return (held[0], UNKNOWN)
    try:
        made = getattr(held[1], node.func.attr)(
            *[v for _, v in values], **{w: v for w, (_, v) in words}
        )
    except (TypeError, ValueError):
        return (held[0], UNKNOWN)
    return held[0], made


def _plain(node: ast.expr, read_of: Callable[[ast.expr], KeyRead | None]) -> KeyRead | None:
    """The read ``node`` is, a ``.get`` whose missing key's value is known."""
    read = read_of(node)
    if read is None or read.kind != "get" or read.default_unknown or not read.key:
        return None
    return read
