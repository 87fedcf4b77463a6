"""String methods a helper calls only on a value an ``if`` finds a string
(part of :class:`~doxtool.python.functionwalk.FunctionWalk`, through
:class:`~doxtool.python.keyreads.KeyReads`; the tool walk's side is
:func:`~doxtool.python.readvalues.strings_tested`): in ``if
isinstance(label, str): label = label.strip()`` other types pass by
unchanged, so ``strip`` says nothing of the value's type. An ``else`` that
raises refuses the other types: there the method does."""

from __future__ import annotations

import ast
from functools import cached_property

from doxtool.python.asttested import isinstance_test
from doxtool.python.astwalk import walk
from doxtool.python.readforms import STRING_METHODS


class StringBodies:
    """Calls under a test for strings: a part of :class:`~doxtool.python.keyreads.KeyReads`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef

    @cached_property
    def strings_only(self) -> frozenset[int]:
        """The string-method calls (their ids) on a name in the body of an
        ``if`` whose test is true for strings of it only, with no ``else``
        that raises."""
        found: set[int] = set()
        for stmt in walk(self.node):
            if type(stmt) is not ast.If or (stmt.orelse and type(stmt.orelse[-1]) is ast.Raise):
                continue
            names = set(_strings_tested(stmt.test))
            if not names:
                continue  # no name tested for strings: no call under it counts
            for inner in stmt.body:
                for node in walk(inner):
                    func = node.func if type(node) is ast.Call else None  # type: ignore[attr-defined]
                    if (
                        type(func) is ast.Attribute
                        and func.attr in STRING_METHODS
                        and type(func.value) is ast.Name
                        and func.value.id in names
                    ):
                        found.add(id(node))
        return frozenset(found)


def _strings_tested(test: ast.expr) -> list[str]:
    """The names ``test`` is true only for strings of (``isinstance(x, str)``,
    also joined by ``and``)."""
    if type(test) is ast.BoolOp and type(test.op) is ast.And:
        return [name for value in test.values for name in _strings_tested(value)]
    tested = isinstance_test(test)
    if tested is not None and type(tested[1]) is ast.Name and tested[1].id == "str":
        return [tested[0]]
    return []
