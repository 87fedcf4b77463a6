"""Whether what decides that a node runs tests a given value (libcst).

A use that raises on the ``None`` a missing key gives (``name.strip()``)
needs the key on the calls that reach it only where nothing on its way
looks at the value first: ``name.strip() if isinstance(name, str) else
""``, ``if type(name) is str: name.strip()``, ``name and name.strip()``
and ``match name: case str(): name.strip()`` take only the values the use
bears. The tests on the way are those of the ``if``, ``elif``, ``while``
and conditional expression around it (not the one it is in), the operands
of ``and``/``or`` before it, and a ``match``'s subject and a case's guard.
"""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from doxtool.python.conjunctrefusals import names_in
from doxtool.python.cstcode import bare_code
from doxtool.python.cstnodes import child_nodes

#: id of a function node -> id of each node in it -> the node holding it
Parents = dict[int, dict[int, cst.CSTNode]]


def tested_on_way(
    function: cst.CSTNode, node: cst.CSTNode, subject: cst.BaseExpression, cache: Parents
) -> bool:
    """Whether a test deciding that ``node`` (inside ``function``) runs reads
    ``subject`` (a name, or a call such as ``args.get("f")``, by its code)."""
    parents = cache.get(id(function))
    if parents is None:
        parents = cache[id(function)] = _parents(function)
    reads = _reader(subject)
    current = node
    while id(current) in parents:
        parent = parents[id(current)]
        if parent is function:
            return False
        kind = type(parent)
        if kind in (cst.If, cst.While, cst.IfExp):
            test = parent.test  # type: ignore[attr-defined]
            if current is not test and reads(test):
                return True
        elif kind is cst.BooleanOperation:
            if current is parent.right and reads(parent.left):  # type: ignore[attr-defined]
                return True
        elif kind is cst.MatchCase:
            guard = parent.guard  # type: ignore[attr-defined]
            if guard is not None and current is not guard and reads(guard):
                return True
        elif kind is cst.Match and reads(parent.subject):  # type: ignore[attr-defined]
            return True
        current = parent
    return False


def _parents(function: cst.CSTNode) -> dict[int, cst.CSTNode]:
    parents: dict[int, cst.CSTNode] = {}
    todo = [function]
    while todo:
        node = todo.pop()
        for child in child_nodes(node):
            parents[id(child)] = node
            todo.append(child)
    return parents


def _reader(subject: cst.BaseExpression) -> Callable[[cst.CSTNode], bool]:
    """A test of whether an expression reads ``subject``."""
    if type(subject) is cst.Name:
        name = subject.value
        return lambda test: name in names_in(test)
    code = bare_code(subject)
    return lambda test: code in bare_code(test)
