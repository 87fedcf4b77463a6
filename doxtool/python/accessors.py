"""Functions that only read one argument under the key a parameter holds,
with the default another parameter holds (``def _arg(self, name,
default=None): return self.args.get(name, default)``; nested, ``def
arg(name, default=None): return kwargs.get(name, self.args.get(name,
default))``), in the walk of a tool (part of
:class:`~doxtool.python.toolscan.ToolScan`).

At a call handing the key parameter a literal key, the read in the body is
of that argument, with the default the call gives: the literal it hands the
default parameter, or the parameter's literal default it leaves. A name bound
to what such a call returns stands for that argument as a name bound to the
read itself does (``to = self._arg("to")`` as ``to = self.args.get("to")``).
A function with any other statement, or any other return, is not one."""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import suite_body

#: methods of a dict that read a key with a default
_GETS = frozenset({"get"})
#: literals a default parameter may hold at a call
_LITERALS = (
    cst.SimpleString,
    cst.ConcatenatedString,
    cst.Integer,
    cst.Float,
)


def _returned(node: cst.FunctionDef) -> cst.BaseExpression | None:
    """The value ``node`` returns when its whole body is one ``return``."""
    body = suite_body(node.body)
    if len(body) != 1 or type(body[0]) is not cst.SimpleStatementLine:
        return None
    small = body[0].body
    if len(small) != 1 or type(small[0]) is not cst.Return:
        return None
    return small[0].value


def _param_names(node: cst.FunctionDef) -> set[str]:
    params = node.params
    return {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}


def accessor_default(node: cst.FunctionDef) -> str | None:
    """The parameter whose value is the default of the single read that
    ``node`` returns, its whole body being ``return D.get(key, default)``
    or ``return D.get(key, E.get(key, default))`` with ``key`` and
    ``default`` parameters; None for any other function."""
    value = _returned(node)
    if value is None:
        return None
    names = _param_names(node)
    read = _read_parts(value)
    if read is None or read[0] not in names:
        return None
    key, default = read
    inner = _read_parts(default) if type(default) is cst.Call else None  # type: ignore[arg-type]
    if inner is not None:
        if inner[0] != key:
            return None
        default = inner[1]
    if type(default) is cst.Name and default.value in names and default.value != key:
        return default.value
    return None


def accessor_read(node: cst.FunctionDef) -> cst.BaseExpression | None:
    """The read a nested function's whole body returns, when it is one of
    the key a parameter holds (``return self.args.get(name)``, with a default
    as :func:`accessor_default` takes); None for any other function."""
    value = _returned(node)
    if value is None:
        return None
    if accessor_default(node) is not None:
        return value
    read = _read_parts(value)
    if read is None or read[0] not in _param_names(node):
        return None
    if read[1] is None or (type(read[1]) is not cst.Name and _literal(read[1])):
        return value  # ``args.get(name)``, ``args.get(name, "")``
    return None


def _read_parts(node: cst.BaseExpression) -> tuple[str, cst.BaseExpression | None] | None:
    """(key parameter, default) of ``D.get(name, default)`` (``D.get(name)``: None)."""
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
        return None
    if node.func.attr.value not in _GETS or len(node.args) not in (1, 2):
        return None
    if any(arg.keyword is not None or arg.star for arg in node.args):
        return None
    key = node.args[0].value
    default = node.args[1].value if len(node.args) == 2 else None
    return (key.value, default) if type(key) is cst.Name else None


def held_default(
    node: cst.FunctionDef, param: str, call: cst.Call, bound: bool
) -> cst.BaseExpression | None:
    """The literal the default parameter ``param`` holds at ``call``: the one
    the call hands it (by position or keyword), or its literal default when
    the call leaves it; None when it is not a literal or not known.
    ``bound``: the call's receiver fills the first parameter (a method)."""
    if any(arg.star for arg in call.args):
        return None
    params = node.params
    positional = [p.name.value for p in (*params.posonly_params, *params.params)]
    if bound:
        positional = positional[1:]
    value: cst.BaseExpression | None = None
    for index, arg in enumerate(call.args):
        if (arg.keyword is not None and arg.keyword.value == param) or (
            arg.keyword is None and index < len(positional) and positional[index] == param
        ):
            value = arg.value
    if value is None:
        for p in (*params.posonly_params, *params.params, *params.kwonly_params):
            if p.name.value == param:
                value = p.default
    return value if _literal(value) else None


def _literal(node: cst.BaseExpression | None) -> bool:
    if node is None:
        return False
    if type(node) is cst.Name:
        return node.value in ("None", "True", "False")
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Minus:
        return type(node.expression) in (cst.Integer, cst.Float)
    return type(node) in _LITERALS


def held_defaults(node: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression]:
    """Of a nested function that is such a read: its default parameter ->
    the literal it holds at ``call`` (none where not known)."""
    param = accessor_default(node)
    literal = held_default(node, param, call, False) if param is not None else None
    return {param: literal} if param is not None and literal is not None else {}
