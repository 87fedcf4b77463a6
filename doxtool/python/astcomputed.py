"""Calls of a helper module whose callee is computed at run time (part of
:mod:`doxtool.python.opaque`, read with ``ast`` only).

``OPS[op](path)`` of a table of functions, ``pick(op)(path)``, or such a
value kept in a name first (``fn = OPS.get(op)``, ``fn = pick(op)``, then
``fn(path)``): which function runs is decided at run time, and nothing of
it is seen, as of a call on an object of a kind not known. A ``getattr``
is judged by :mod:`doxtool.python.opaque` itself; an object of a value's
own class (``type(value)(text)``), a class made and then called
(``Runner()(...)``), a lambda kept in a name, and a table of lambdas
and of the class's own methods (``self._list``), whose code is read, are no
such value.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

#: the values a name is bound to in the scope the call is made in (None: not a local)
Values = Callable[[str], "Sequence[ast.expr] | None"]


def computed_callee(func: ast.expr, values: Values) -> bool:
    """Whether a call's callee is a value decided at run time."""
    if _computed(func, values):
        return True
    if not isinstance(func, ast.Name):
        return False
    bound = values(func.id) or ()
    return any(_computed(value, values, held=True) for value in bound)


def _computed(node: ast.expr, values: Values, held: bool = False) -> bool:
    if isinstance(node, ast.Await):
        node = node.value
    if isinstance(node, ast.Subscript):
        return not _own_table(node.value, values)  # ``OPS[op]``
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Name) and func.id == "getattr" and len(node.args) > 1:
        # ``getattr(os, "remove")(p)`` of a module (a name bound by no
        # assignment): its effects are not read here; of a local, the
        # attribute; a computed name is judged as a ``getattr`` (:mod:`.opaque`)
        first, name = node.args[:2]
        while isinstance(first, ast.Attribute):
            first = first.value
        if not isinstance(first, ast.Name) or first.id in ("self", "cls"):
            return False
        bound = values(first.id) or ()
        assigned = any(not (isinstance(b, ast.Constant) and b.value is None) for b in bound)
        return isinstance(name, ast.Constant) and isinstance(name.value, str) and not assigned
    if isinstance(func, ast.Name) and func.id in ("getattr", "type"):
        return False  # judged as a ``getattr``; ``type(x)(...)`` makes one of ``x``'s class
    if not held:
        return True  # ``pick(op)(path)``: what a call hands back
    if isinstance(func, ast.Attribute) and func.attr == "get" and node.args:
        return not _own_table(func.value, values)  # ``fn = OPS.get(op)``
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    # ``fn = pick(op)``; a class's instance (``Runner()``) is judged as an object
    return isinstance(func, ast.Call) or (bool(name) and not name[:1].isupper())


def _own_table(node: ast.expr, values: Values) -> bool:
    """A dict (written there, or the one value of a local name) of lambdas
    and methods of the class's own (``self._list``), whose code is read."""
    if isinstance(node, ast.Name):
        bound = values(node.id) or ()
        node = bound[0] if len(bound) == 1 else node
    if not isinstance(node, ast.Dict) or None in node.keys:
        return False
    return all(
        isinstance(v, ast.Lambda)
        or (isinstance(v, ast.Attribute) and isinstance(v.value, ast.Name) and v.value.id == "self")
        for v in node.values
    )
