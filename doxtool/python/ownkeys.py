"""Keys the arguments dict itself gives (part of
:class:`~doxtool.python.toolscan.ToolScan`).

``for key in self.args: log(key, self.args[key])`` (``self.args.keys()``, ``list(self.args)``,
``for key, value in self.args.items():``) goes over the keys the call has:
the loop takes every argument (a wholesale read), and ``self.args[key]``
in its body reads one of those keys, which is no computed key to document
(DOX008), as long as the body never binds the name anew. A function or
lambda nested in the body whose parameter (or own local) has the name reads
another value by it (:func:`shadowed_keys`).
"""

from __future__ import annotations

import libcst as cst

from doxtool.core.facts import DynamicRead
from doxtool.python.bindings import scope_bindings
from doxtool.python.codeline import one_line
from doxtool.python.cstcode import code_of
from doxtool.python.cstnodes import parameter_names, suite_body
from doxtool.python.walkstate import Env

#: methods of a dict whose items start with its keys
_KEY_VIEWS = frozenset({"keys", "items"})
#: builtins that copy what they are handed, in order or sorted
_COPIES = frozenset({"list", "tuple", "sorted", "set", "frozenset"})


class OwnKeys:
    """Names holding keys of the arguments dict: part of :class:`~.toolscan.ToolScan`."""

    module: cst.Module
    dynamic: list[DynamicRead]

    def _hold_own_keys(self, stmt: cst.For, env: Env) -> frozenset[str]:
        """The name ``stmt`` binds to each key of the arguments dict, now
        in :attr:`~doxtool.python.walkstate.Env.own_keys` (none when its body
        may bind the name anew)."""
        source, view = stmt.iter, None
        if (
            type(source) is cst.Call
            and type(source.func) is cst.Name
            and source.func.value in _COPIES
            and len(source.args) == 1
            and source.args[0].keyword is None
            and not source.args[0].star
        ):
            source = source.args[0].value  # ``for key in list(self.args):``
        if type(source) is cst.Call and not source.args and type(source.func) is cst.Attribute:
            source, view = source.func.value, source.func.attr.value
            if view not in _KEY_VIEWS:
                return frozenset()
        if not self._is_dict_source(source, env):  # type: ignore[attr-defined]
            return frozenset()
        target = stmt.target
        if view == "items":
            elements = target.elements if type(target) in (cst.Tuple, cst.List) else []  # type: ignore[attr-defined]
            target = elements[0].value if len(elements) == 2 else None
        if type(target) is not cst.Name or target.value in env.own_keys:
            return frozenset()
        body = cst.Module(body=list(suite_body(stmt.body)))
        if scope_bindings(body).of(target.value) != []:
            return frozenset()
        held = frozenset({target.value})
        env.own_keys |= held
        return held

    def _dynamic_read(self, key: cst.BaseExpression, line: int, column: int, env: Env) -> None:
        """A read with a key the code computes, unless the key is one the
        arguments dict gave (:meth:`_hold_own_keys`)."""
        if type(key) is cst.Name and key.value in env.own_keys:
            return
        expression = one_line(code_of(key, self.module))
        self.dynamic.append(DynamicRead(expression, line, column, env.func.qualname))


def shadowed_keys(node: cst.FunctionDef | cst.Lambda, env: Env) -> frozenset[str]:
    """The names of :attr:`~doxtool.python.walkstate.Env.own_keys` that a
    nested function or lambda binds for itself (``def show(key): return
    self.args[key]`` in ``for key in self.args:``): in its body they hold
    whatever its call hands it."""
    if not env.own_keys:
        return frozenset()
    own = set(parameter_names(node.params))
    if type(node) is cst.FunctionDef:
        bindings = scope_bindings(cst.Module(body=list(suite_body(node.body))))
        own |= {name for name in env.own_keys if bindings.of(name) != []}
    return env.own_keys & frozenset(own)
