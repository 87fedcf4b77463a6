"""Objects a tool keeps on itself: ``self.service = SearchService()`` in
``__init__`` (or any method, or a class attribute), or a property or
``functools.cached_property`` returning one. A call of a method of such an
object (``self.service.search(q)``) is followed into the repository class
the object is made from, as a local ``svc = SearchService()`` is; when one
of the values the attribute may hold is made by a class of the repository
and another is not that class (a second class, a value handed in), which
method runs is not known, and so are the tool's side effects.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.cstnodes import child_nodes, dotted_name
from doxtool.python.receivers import BoundValues, attribute_values, class_values
from doxtool.python.walkstate import Env

#: decorators that make a method read as an attribute
_PROPERTIES = frozenset({"property", "cached_property", "functools.cached_property"})

#: the repository class ``self.attr`` holds an object of; None when it holds
#: none of the repository's; UNKNOWN when which one is not known
UNKNOWN = "?"


class HeldObjects:
    """The repository object an attribute of the tool holds."""

    scan: Any
    bound: BoundValues
    mro: list[Any]
    _constructed: Callable[[cst.BaseExpression, Env], str | None]

    def _held_class(self, attr: str, env: Env) -> str | None:
        """The repository callable every value of ``self.attr`` is made by
        (``helpers.search.SearchService``); None when no value is made by
        one; :data:`UNKNOWN` when some value is and another is not the same."""
        values = self._attribute_values(attr)
        if values is None:
            return None
        made: set[str | None] = set()
        for method, value in values:
            if type(value) is cst.Name and value.value == "None":
                continue  # not yet made (``self.service = None``): no method is called on it
            if type(value) is cst.Name and method is not None:
                named = self.bound.of(method, value.value)
                for one in named if named is not None else [None]:
                    if not (type(one) is cst.Name and one.value == "None"):
                        made.add(self._constructed(one, env) if one is not None else None)
            else:
                made.add(self._constructed(value, env))
        classes = {m for m in made if m is not None}
        if not classes:
            return None
        return classes.pop() if len(made) == 1 else UNKNOWN

    def _attribute_values(
        self, attr: str
    ) -> list[tuple[cst.FunctionDef | None, cst.BaseExpression]] | None:
        """What ``self.attr`` may be: the values the module's classes assign
        it, or what a property of the tool's classes by that name returns;
        None when it is bound in a way not read (unpacked, in a loop)."""
        for owner in self.mro:
            method = owner.methods.get(attr)
            if method is None:
                continue
            if not _is_property(method.node):
                return None  # a method: ``self.attr.m`` is a method's attribute
            return [(method.node, value) for value in returned_values(method.node)]
        methods = [fn.node for cls in self.scan.classes.values() for fn in cls.methods.values()]
        found = attribute_values(methods, attr, self.bound)
        classes = [cls.node for cls in self.scan.classes.values()]
        in_class = class_values(classes, attr, self.scan.rebound)
        if found is None or in_class is None:
            return None
        pairs: list[tuple[cst.FunctionDef | None, cst.BaseExpression]] = [*found]
        pairs.extend((None, value) for value in in_class)
        return pairs


def _is_property(node: cst.FunctionDef) -> bool:
    for decorator in node.decorators:
        dotted = dotted_name(decorator.decorator)
        if dotted is not None and ".".join(dotted) in _PROPERTIES:
            return True
    return False


def returned_values(node: cst.FunctionDef) -> list[cst.BaseExpression]:
    """The values the function's ``return`` statements give (nested
    functions and classes left out); a bare ``return`` gives None."""
    values: list[cst.BaseExpression] = []
    stack: list[cst.CSTNode] = [node.body]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        if kind is cst.Return:
            value = current.value  # type: ignore[attr-defined]
            values.append(value if value is not None else cst.Name("None"))
            continue
        stack.extend(child_nodes(current))
    return values
