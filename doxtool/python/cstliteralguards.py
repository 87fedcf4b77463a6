"""Branches a caller's literal decides (part of :class:`~doxtool.python.toolscan.ToolScan`).

``_dispatch("status", kwargs)`` reaches ``def _dispatch(name, arguments)``
with ``name`` bound to ``"status"`` (:attr:`~doxtool.python.walkstate.Env.keys`);
there, ``if name == "call": return arguments["decision_id"]`` never runs. A
test of a parameter the function never rebinds against literals (``==`` and
``!=`` a string; ``in`` and ``not in`` a tuple, list or set of strings, or
the keys of a dict literal bound once) whose outcome the caller's literal
decides walks only the branch that runs; past an ``if`` that always holds
and whose body always ends, nothing runs (:meth:`~doxtool.python.reach.Reach._stops`).
As :mod:`~doxtool.python.astliteralguards` does for helper modules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from doxtool.python.bindings import Binding
from doxtool.python.cstnodes import suite_body
from doxtool.python.literals import string_value
from doxtool.python.walkstate import Env

_STRINGS = (cst.SimpleString, cst.ConcatenatedString)


class LiteralArms:
    """Branches a caller's literal decides: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    _expr: Callable[[cst.CSTNode, Env], None]
    _stmts: Callable[[Sequence[cst.BaseStatement], Env], None]
    _if: Callable[[cst.If, Env], None]
    _bound_in: Callable[[cst.CSTNode, str], list[Binding] | None]
    _dict_keys: Callable[[cst.BaseExpression, Env | None], list[str] | None]

    def _literal_known(self, test: cst.BaseExpression, env: Env) -> bool | None:
        """Whether ``test``, a test of a parameter against literals, holds
        for the literal the caller binds the parameter to; None when that is
        not known (another test, no literal, a parameter rebound)."""
        if type(test) is not cst.Comparison or len(test.comparisons) != 1:
            return None
        left, (target,) = test.left, test.comparisons
        operator, right = type(target.operator), target.comparator
        if operator in (cst.Equal, cst.NotEqual) and type(left) in _STRINGS:
            left, right = right, left
        if type(left) is not cst.Name or left.value not in env.keys:
            return None
        name = left.value
        if name not in {p.name.value for p in env.func.named()}:
            return None
        values: list[str] | None = None
        if operator in (cst.Equal, cst.NotEqual):
            text = string_value(right) if type(right) in _STRINGS else None  # type: ignore[arg-type]
            values = [text] if isinstance(text, str) else None
        elif operator in (cst.In, cst.NotIn):
            values = self._literal_members(right, env)
        if values is None or self._bound_in(env.func.node.body, name) != []:
            return None
        return (env.keys[name] in values) == (operator in (cst.Equal, cst.In))

    def _literal_members(self, node: cst.BaseExpression, env: Env) -> list[str] | None:
        """The strings of a tuple, list or set literal of strings, or the keys
        of a dict literal bound once (a module constant, or local)."""
        if type(node) in (cst.Tuple, cst.List, cst.Set):
            found: list[str] = []
            for element in node.elements:  # type: ignore[attr-defined]
                value = element.value
                text = string_value(value) if type(element) is cst.Element else None
                if type(value) not in _STRINGS or not isinstance(text, str):
                    return None
                found.append(text)
            return found
        return self._dict_keys(node, env)

    def _ruled_out_if(self, stmt: cst.BaseStatement, env: Env) -> bool:
        """Whether ``stmt`` is an ``if`` with no ``else`` whose test the
        caller's literal rules out: none of it runs."""
        return (
            type(stmt) is cst.If
            and stmt.orelse is None
            and self._literal_known(stmt.test, env) is False
        )

    def _literal_if(self, stmt: cst.If, env: Env) -> bool:
        """Walk only the branch of ``stmt`` that runs when the caller's
        literal decides its test, and say whether it did."""
        known = self._literal_known(stmt.test, env)
        if known is None:
            return False
        self._expr(stmt.test, env)
        if known:
            self._stmts(suite_body(stmt.body), env)
        elif type(stmt.orelse) is cst.If:
            env.stmt = stmt.orelse
            self._if(stmt.orelse, env)
        elif stmt.orelse is not None:
            self._stmts(suite_body(stmt.orelse.body), env)
        return True
