"""The reads a helper's calls make, for its summary: ``d.get(k, default)``
itself, or a call of an accessor of the same module
(:mod:`~doxtool.python.astaccessors`: ``def arg(args, name, default=None):
return args.get(name, default)``) that stands for it.

``v = arg(args, name)`` then ``if not v: raise ValueError(...)`` in ``def
need(args, name)`` is ``v = args.get(name)`` then that check: the key
``need``'s caller hands is needed, as the accessor's read is written in
``need``. Only a plain module-level function (not ``async``, no decorator),
defined once, bound in no other way at the top of the module nor in the
calling function, with every parameter the read uses handed or defaulted,
is one. Imports no libcst.
"""

from __future__ import annotations

import ast

from doxtool.python.astaccessors import accessor_of
from doxtool.python.readforms import READ_METHODS
from doxtool.python.summaryscope import ModuleScope

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
#: (the dict read, the key, the default or None, the kind of read)
ReadParts = tuple[ast.expr, ast.expr, ast.expr | None, str]


def read_parts(call: ast.Call, owner: ModuleScope, caller: FunctionNode) -> ReadParts | None:
    """The parts of the read ``call`` makes: ``d.get(k, default)`` (also
    ``d.pop(k)``), or the read of the accessor it calls, in terms of the
    values the call hands; None for any other call."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in READ_METHODS:
        if not call.args or isinstance(call.args[0], ast.Starred):
            return None
        default = call.args[1] if len(call.args) > 1 else None
        return func.value, call.args[0], default, READ_METHODS[func.attr]
    if not isinstance(func, ast.Name):
        return None
    accessor = _accessor(func.id, owner, caller)
    if accessor is None:
        return None
    handed = _handed(accessor, call)
    read = accessor.body[0].value  # type: ignore[attr-defined]
    source, key = handed.get(read.func.value.id), handed.get(read.args[0].id)
    if source is None or key is None:
        return None
    default = read.args[1] if len(read.args) == 2 else None
    if isinstance(default, ast.Name):
        default = handed.get(default.id)
        if default is None:
            return None  # a parameter with no default, not handed: the call fails
    if isinstance(default, ast.Constant) and default.value is None:
        default = None  # ``d.get(k, None)`` reads as ``d.get(k)``
    return source, key, default, READ_METHODS[read.func.attr]


def _accessor(name: str, owner: ModuleScope, caller: FunctionNode) -> ast.FunctionDef | None:
    """The module's one accessor ``name`` names in ``caller``: a plain
    function defined once at the top of the module, which nothing else binds."""
    if name not in owner.functions:
        return None
    local = owner.binds().of(caller)
    if name in local.assigned() | local.params | local.imported | local.handlers | local.defined:
        return None
    if name in local.walrus | local.augmented:
        return None
    top = owner.binds().outside_functions()
    if name in top.assigned() | top.imported | top.handlers | top.defined | top.walrus:
        return None
    found = [
        s
        for s in owner.tree.body
        if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef) and s.name == name
    ]
    if len(found) != 1 or not isinstance(found[0], ast.FunctionDef) or found[0].decorator_list:
        return None
    accessor = accessor_of(found[0])
    if not accessor or accessor[5]:
        return None  # another dict's read as the default: what it holds is not known here
    return found[0]


def _handed(node: ast.FunctionDef, call: ast.Call) -> dict[str, ast.expr]:
    """Each parameter of ``node`` -> what ``call`` hands it, or its default;
    ``{}`` where the call's arguments do not land in known parameters."""
    args = node.args
    if args.vararg is not None or args.kwarg is not None:
        return {}
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if len(call.args) > len(positional) or any(isinstance(a, ast.Starred) for a in call.args):
        return {}
    handed: dict[str, ast.expr] = dict(zip(positional[::-1], args.defaults[::-1], strict=False))
    handed.update(
        (a.arg, d) for a, d in zip(args.kwonlyargs, args.kw_defaults, strict=True) if d is not None
    )
    given = set(positional[: len(call.args)])
    handed.update(zip(positional, call.args, strict=False))
    names = {a.arg for a in (*args.args, *args.kwonlyargs)}
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg not in names or keyword.arg in given:
            return {}
        given.add(keyword.arg)
        handed[keyword.arg] = keyword.value
    return handed
