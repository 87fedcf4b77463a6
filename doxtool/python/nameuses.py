"""How a function uses a name: only to read keys of the dict it holds
(:func:`only_read`), or only to look in the container it holds
(:func:`looked_in`). The ``ast`` summaries ask the same of helpers'
code (:mod:`doxtool.python.astreadonly`).
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.readforms import READ_METHODS


class _Uses(cst.CSTVisitor):
    """The uses of a name in a function: all of them, and those that read one key."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.total = 0
        self.reads: set[int] = set()
        #: names that are no variable (``x.args``, ``f(args=...)``)
        self.labels: set[int] = set()
        #: subscripts written to or deleted: no reads
        self.writes: set[int] = set()

    def _is(self, node: cst.CSTNode) -> bool:
        return type(node) is cst.Name and node.value == self.name  # type: ignore[attr-defined]

    def visit_Name(self, node: cst.Name) -> None:
        if node.value == self.name and id(node) not in self.labels:
            self.total += 1

    def visit_Param(self, node: cst.Param) -> None:
        self.labels.add(id(node.name))  # the parameter itself: bound, not used

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.labels.add(id(node.keyword))

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self._is(node.value) and id(node) not in self.writes:
            self.reads.add(id(node.value))

    def _written(self, target: cst.CSTNode) -> None:
        """``d["k"] = v``, ``d["k"] += v``, ``del d["k"]``: the dict is changed."""
        if type(target) is cst.Subscript:
            self.writes.add(id(target))
        elif type(target) in (cst.Tuple, cst.List):
            for element in target.elements:  # type: ignore[attr-defined]
                self._written(element.value)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._written(node.target)
        if self._is(node.target) and type(node.operator) is cst.BitOrAssign:
            self.reads.add(id(node.target))  # ``d |= self.args``: a merge, followed

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._written(node.target)

    def visit_Del(self, node: cst.Del) -> None:
        self._written(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._written(node.target)

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.labels.add(id(node.attr))
        if self._is(node.value) and node.attr.value in (*READ_METHODS, "copy"):
            self.reads.add(id(node.value))  # ``d.copy()``: a copy, followed in turn

    def visit_Call(self, node: cst.Call) -> None:
        func, args = node.func, node.args
        one = len(args) == 1 and args[0].keyword is None and not args[0].star
        if one and type(func) is cst.Name and func.value == "dict" and self._is(args[0].value):
            self.reads.add(id(args[0].value))  # ``dict(d)``: a copy, followed in turn

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        # ``DEFAULTS | args``: a merge of the merge, followed in turn
        if type(node.operator) is cst.BitOr:
            for operand in (node.left, node.right):
                if self._is(operand):
                    self.reads.add(id(operand))

    def visit_StarredDictElement(self, node: cst.StarredDictElement) -> None:
        # ``{"verbose": False, **base}``: a merge of the merge, followed in turn
        if self._is(node.value):
            self.reads.add(id(node.value))

    def visit_ComparisonTarget(self, node: cst.ComparisonTarget) -> None:
        if type(node.operator) in (cst.In, cst.NotIn) and self._is(node.comparator):
            self.reads.add(id(node.comparator))

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        if self._is(node.target):
            self.reads.add(id(node.target))
        self._written(node.target)


def only_read(function: cst.CSTNode, name: str) -> bool:
    """Whether a function uses ``name`` only to read keys of it (``d["k"]``,
    ``d.get("k")``, ``"k" in d``, ``{**d}``): the dict is not changed, handed
    on, stored or shown whole."""
    uses = _Uses(name)
    function.visit(uses)
    return uses.total == len(uses.reads)


#: calls of one argument that look at a container without changing it
_LOOKING_CALLS = frozenset({"len", "str", "repr", "bool"})


class _Looks(_Uses):
    """As :class:`_Uses`, counting also the uses that only look in a
    container: a truth test, ``len(x)``, ``sep.join(x)``, iteration over it,
    ``x + other`` (a new container), ``f"{x}"``."""

    def _truth(self, test: cst.BaseExpression) -> None:
        """``test``, tested for its truth: the name in it, if it is the name,
        or under ``not``, ``and`` and ``or`` there."""
        if self._is(test):
            self.reads.add(id(test))
        elif type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            self._truth(test.expression)
        elif type(test) is cst.BooleanOperation:
            self._truth(test.left)
            self._truth(test.right)

    def visit_If(self, node: cst.If) -> None:
        self._truth(node.test)

    def visit_While(self, node: cst.While) -> None:
        self._truth(node.test)

    def visit_IfExp(self, node: cst.IfExp) -> None:
        self._truth(node.test)

    def visit_Assert(self, node: cst.Assert) -> None:
        self._truth(node.test)

    def visit_UnaryOperation(self, node: cst.UnaryOperation) -> None:
        if type(node.operator) is cst.Not:
            self._truth(node.expression)

    def visit_Call(self, node: cst.Call) -> None:
        super().visit_Call(node)
        func, args = node.func, node.args
        if len(args) != 1 or args[0].keyword is not None or args[0].star:
            return
        named = type(func) is cst.Name and func.value in _LOOKING_CALLS
        joined = type(func) is cst.Attribute and func.attr.value == "join"
        if (named or joined) and self._is(args[0].value):
            self.reads.add(id(args[0].value))

    def visit_For(self, node: cst.For) -> None:
        super().visit_For(node)
        if self._is(node.iter):
            self.reads.add(id(node.iter))

    def visit_CompFor(self, node: cst.CompFor) -> None:
        if self._is(node.iter):
            self.reads.add(id(node.iter))

    def visit_BinaryOperation(self, node: cst.BinaryOperation) -> None:
        super().visit_BinaryOperation(node)
        if type(node.operator) is cst.Add:
            for operand in (node.left, node.right):
                if self._is(operand):
                    self.reads.add(id(operand))

    def visit_FormattedStringExpression(self, node: cst.FormattedStringExpression) -> None:
        if self._is(node.expression):
            self.reads.add(id(node.expression))


def looked_in(function: cst.CSTNode, name: str) -> bool:
    """Whether a function uses ``name`` only to read keys of it
    (:func:`only_read`) or to look in it: the container is not changed,
    handed on or stored."""
    uses = _Looks(name)
    function.visit(uses)
    return uses.total == len(uses.reads)
