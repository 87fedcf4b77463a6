"""What an ``after_execution`` hook does to the ``break_loop`` of the
``Response`` it is handed, read with ``ast`` for its summary, so that a tool
whose hook comes from a base in another module of the repository is read as
the framework runs it: ``execute``'s ``Response`` goes through the hook before
the loop reads ``break_loop``::

    class StoppingTool(Tool):                        # python/helpers/my_base.py
        async def after_execution(self, response, **kwargs):
            response.break_loop = True
            await super().after_execution(response, **kwargs)

Each value the hook may give the attribute of its first parameter (the one
after ``self``) is recorded: ``True`` or ``False`` for a literal, ``dynamic``
for any other value (``setattr`` with a name other than a literal
``"break_loop"``, the parameter handed to a call that may change it: any but
a harmless builtin's, or kept anywhere else, ``self.last = response``,
``[response]``, where another name may change it later), and ``super`` when it
hands the parameter to ``super().after_execution(...)``: the next hook of the
class's bases runs too (:mod:`doxtool.python.basehooks` reads them). A hook
taking the ``Response`` in ``*args`` is read as setting any value.
"""

from __future__ import annotations

import ast
import builtins
from typing import Any

from doxtool.python.outcalls import is_super_call

HOOK = "after_execution"
_HARMLESS = frozenset(dir(builtins)) - {"delattr", "setattr", "vars", "exec", "eval"}


def hook_sets(node: ast.FunctionDef | ast.AsyncFunctionDef, bound: bool) -> list[Any]:
    """The values ``node`` (a method named :data:`HOOK`) may give its first
    parameter's ``break_loop``, in the order found, each once (see the module)."""
    args = [*node.args.posonlyargs, *node.args.args]
    if bound:
        args = args[1:]
    if not args:
        # ``after_execution(self, *args)``: the ``Response`` is ``args[0]``
        return ["dynamic"] if node.args.vararg is not None else []
    param = args[0].arg
    found: list[Any] = []

    def add(value: Any) -> None:
        if value not in found:
            found.append(value)

    for sub in ast.walk(node):
        if isinstance(sub, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = sub.targets if isinstance(sub, ast.Assign) else [sub.target]
            for target in targets:
                for part in ast.walk(target):
                    if _attribute_of(part, param):
                        value = None if isinstance(sub, ast.AugAssign) else sub.value
                        add(_literal(value))
        elif isinstance(sub, ast.Call):
            _call(sub, param, add)
        for child in ast.iter_child_nodes(sub):
            if _names(child, param) and _kept(sub, child):
                add("dynamic")  # ``self.last = response``: changed through another name
    return found


#: where the parameter itself may stand without being kept anywhere: read
#: (``response.message``, ``if response``, ``f"{response}"``), or handed to a
#: call (:func:`_call` reads those)
_READ = (
    ast.Attribute,
    ast.Call,
    ast.keyword,
    ast.Starred,
    ast.Compare,
    ast.BoolOp,
    ast.UnaryOp,
    ast.If,
    ast.IfExp,
    ast.While,
    ast.Assert,
    ast.FormattedValue,
    ast.Expr,
)


def _kept(parent: ast.AST, child: ast.AST) -> bool:
    """Whether the parameter ``child`` is kept by ``parent`` where another
    name may reach it (``r = response``, ``self.last = response``,
    ``(response, text)``, ``response.__dict__``)."""
    if isinstance(parent, ast.Attribute):
        return parent.attr == "__dict__"
    return not isinstance(parent, _READ)


def _call(call: ast.Call, param: str, add: Any) -> None:
    handed = [a.value if isinstance(a, ast.Starred) else a for a in call.args]
    handed += [k.value for k in call.keywords]
    if not any(_names(value, param) for value in handed):
        return
    func = call.func
    if isinstance(func, ast.Name) and func.id == "setattr" and len(call.args) == 3:
        attr = call.args[1]
        if isinstance(attr, ast.Constant) and attr.value != "break_loop":
            return
        if isinstance(attr, ast.Constant):
            add(_literal(call.args[2]))
            return
        add("dynamic")
    elif isinstance(func, ast.Attribute) and func.attr == HOOK and is_super_call(func.value):
        add("super")
    elif not (isinstance(func, ast.Name) and func.id in _HARMLESS):
        add("dynamic")


def _names(node: ast.AST, param: str) -> bool:
    """Whether ``node`` is the parameter itself (not one of its attributes)."""
    return isinstance(node, ast.Name) and node.id == param


def _attribute_of(node: ast.AST, param: str) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and node.attr == "break_loop"
        and isinstance(node.ctx, ast.Store)
        and isinstance(node.value, ast.Name)
        and node.value.id == param
    )


def _literal(value: ast.expr | None) -> bool | str:
    if isinstance(value, ast.Constant) and isinstance(value.value, bool):
        return value.value
    return "dynamic"
