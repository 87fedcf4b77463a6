"""What a tool class's own code may change in the arguments dict.

A subclass that overrides ``execute`` and hands on to ``super().execute()``
runs its base's checks on the arguments, unless its code changes them first:
``self.args["url"] = ...``, ``self.args.setdefault("url", ...)``,
``del kwargs["url"]``, ``self.args.update(...)``, or the dict (or the tool
itself) handed to code that may. :func:`argument_writes` reads every method
of a class (and of its bases in the same module) for such changes: the keys
changed, and whether a change doxtool cannot name is made. It looks at the
syntax only and says "unknown" for anything it does not read: a key it
names or a change it cannot name.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import libcst as cst

from doxtool.python.literals import string_value
from doxtool.python.modulescan import Func

#: methods of a dict that only read it
_READING_METHODS = frozenset({"get", "keys", "items", "values", "copy", "__contains__"})
#: methods of a dict that change one key, named by their first argument
_KEY_METHODS = frozenset({"setdefault", "pop"})
#: builtins that only read a value they are handed
_READING_CALLS = frozenset({"bool", "dict", "isinstance", "len", "list", "repr", "sorted", "str"})


@dataclass
class Writes:
    """What a class's code may change in the arguments dict."""

    #: keys it may set or remove (named by a literal)
    keys: set[str] = field(default_factory=set)
    #: it may change keys no literal names (or hands the dict on)
    unknown: bool = False


def argument_writes(functions: Iterable[Func]) -> Writes:
    """The changes the functions (methods of one class) may make to the
    arguments dict: ``self.args`` or their ``**`` parameter."""
    writes = Writes()
    for fn in functions:
        if not writes.unknown:
            fn.node.visit(_Visitor(fn.self_name, fn.star_kwarg, writes))
    return writes


class _Visitor(cst.CSTVisitor):
    def __init__(self, self_name: str | None, kwargs: str | None, writes: Writes) -> None:
        self.self_name = self_name
        self.kwargs = kwargs
        self.writes = writes
        #: ids of nodes seen in a place that only reads them
        self.safe: set[int] = set()

    # -- what stands for the dict, or the tool

    def _is_dict(self, node: cst.CSTNode) -> bool:
        if type(node) is cst.Name:
            return self.kwargs is not None and node.value == self.kwargs
        return (
            type(node) is cst.Attribute
            and node.attr.value == "args"
            and type(node.value) is cst.Name
            and self.self_name is not None
            and node.value.value == self.self_name
        )

    def _changed(self, target: cst.BaseExpression) -> None:
        """An assignment or ``del`` target: a key of the dict, the dict rebound."""
        if type(target) in (cst.Tuple, cst.List):
            for element in target.elements:  # type: ignore[attr-defined]
                self._changed(element.value)
        elif type(target) is cst.StarredElement:
            self._changed(target.value)
        elif type(target) is cst.Subscript and self._is_dict(target.value):
            self.safe.add(id(target.value))
            index = target.slice[0].slice if len(target.slice) == 1 else None
            self._key(index.value if type(index) is cst.Index else None)
        elif self._is_dict(target):
            self.safe.add(id(target))
            self.writes.unknown = True

    def _key(self, value: cst.BaseExpression | None) -> None:
        """A key changed: named by ``value`` when it is a literal string."""
        strings = (cst.SimpleString, cst.ConcatenatedString)
        key = string_value(value) if type(value) in strings else None  # type: ignore[arg-type]
        if isinstance(key, str):
            self.writes.keys.add(key)
        else:
            self.writes.unknown = True

    # -- changes

    def visit_AssignTarget(self, node: cst.AssignTarget) -> None:
        self._changed(node.target)

    def visit_AnnAssign(self, node: cst.AnnAssign) -> None:
        self._changed(node.target)

    def visit_AugAssign(self, node: cst.AugAssign) -> None:
        self._changed(node.target)

    def visit_Del(self, node: cst.Del) -> None:
        self._changed(node.target)

    def visit_For(self, node: cst.For) -> None:
        self._changed(node.target)
        if self._is_dict(node.iter):
            self.safe.add(id(node.iter))

    def visit_NamedExpr(self, node: cst.NamedExpr) -> None:
        self._changed(node.target)

    def visit_Call(self, node: cst.Call) -> None:
        func = node.func
        if type(func) is cst.Attribute and self._is_dict(func.value):
            self.safe.add(id(func.value))
            method = func.attr.value
            if method in _KEY_METHODS:
                first = node.args[0] if node.args else None
                plain = first is not None and not first.star and first.keyword is None
                self._key(first.value if plain and first is not None else None)
            elif method not in _READING_METHODS:
                self.writes.unknown = True
        reading = type(func) is cst.Name and func.value in _READING_CALLS
        for arg in node.args:
            if self._is_dict(arg.value) and (arg.star == "**" or reading):
                self.safe.add(id(arg.value))

    # -- reads

    def visit_Subscript(self, node: cst.Subscript) -> None:
        if self._is_dict(node.value):
            self.safe.add(id(node.value))

    def visit_ComparisonTarget(self, node: cst.ComparisonTarget) -> None:
        if type(node.operator) in (cst.In, cst.NotIn) and self._is_dict(node.comparator):
            self.safe.add(id(node.comparator))

    def visit_Param(self, node: cst.Param) -> None:
        self.safe.add(id(node.name))

    def visit_Arg(self, node: cst.Arg) -> None:
        if node.keyword is not None:
            self.safe.add(id(node.keyword))

    def visit_Attribute(self, node: cst.Attribute) -> None:
        self.safe.add(id(node.attr))
        if self._is_dict(node) and id(node) not in self.safe:
            self.writes.unknown = True  # the dict handed on or kept
        if type(node.value) is cst.Name:
            self.safe.add(id(node.value))  # ``self.x``: an attribute, not the tool

    def visit_Name(self, node: cst.Name) -> None:
        if id(node) in self.safe:
            return
        if self._is_dict(node) or (self.self_name is not None and node.value == self.self_name):
            # the dict, or the tool itself, handed on or kept: code elsewhere may change it
            self.writes.unknown = True
