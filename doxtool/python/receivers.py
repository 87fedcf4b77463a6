"""What a name of a function is bound to, read from the function's libcst
tree: every value a plain assignment gives it, or nothing known when any
other statement binds it (a parameter, a loop, ``with ... as``, ``:=``, an
import, ``global``). :mod:`doxtool.python.calls` asks it what the receiver of
a method is and which modes an ``open`` call may be given.
"""

from __future__ import annotations

from collections.abc import Collection

import libcst as cst

from doxtool.python.cstnodes import child_nodes, dotted_name
from doxtool.python.rebound import untrusted

#: a function with more nodes than this is not searched (a generated module)
_MAX_NODES = 20000


def _stores(target: cst.BaseExpression) -> set[str]:
    """Names an assignment target binds (``a``, ``a, *b``); none for ``x.y`` or ``x[0]``."""
    kind = type(target)
    if kind is cst.Name:
        return {target.value}  # type: ignore[attr-defined]
    if kind in (cst.Tuple, cst.List):
        names: set[str] = set()
        for element in target.elements:  # type: ignore[attr-defined]
            names |= _stores(element.value)
        return names
    if kind is cst.StarredElement:
        return _stores(target.value)  # type: ignore[attr-defined]
    return set()


def _other_names(node: cst.CSTNode) -> set[str]:
    """The names ``node`` binds some way other than ``name = value``."""
    kind = type(node)
    if kind is cst.Param or kind is cst.FunctionDef or kind is cst.ClassDef:
        return {node.name.value}  # type: ignore[attr-defined]
    if kind in (cst.AugAssign, cst.NamedExpr, cst.For, cst.CompFor):
        return _stores(node.target)  # type: ignore[attr-defined]
    if kind is cst.AsName:
        return _stores(node.name)  # type: ignore[arg-type,attr-defined]
    if kind in (cst.Global, cst.Nonlocal):
        return {item.name.value for item in node.names}  # type: ignore[attr-defined]
    if kind is cst.ImportAlias:
        dotted = dotted_name(node.name) if node.asname is None else None  # type: ignore[attr-defined]
        return {dotted[0]} if dotted is not None else set()
    if kind in (cst.MatchAs, cst.MatchStar):
        inner = node.name  # type: ignore[attr-defined]
        return {inner.value} if inner is not None else set()
    return set()


def _function_values(fn: cst.CSTNode) -> dict[str, list[cst.BaseExpression] | None] | None:
    """Each name ``fn`` binds -> every value ``name = value`` gives it, or
    None when it is bound another way; None for a function too large to search."""
    values: dict[str, list[cst.BaseExpression] | None] = {}
    nodes = _nodes(fn)
    if nodes is None:
        return None
    for node in nodes:
        kind = type(node)
        if kind is cst.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                if type(target.target) is cst.Name:
                    known = values.setdefault(target.target.value, [])
                    if known is not None:
                        known.append(node.value)  # type: ignore[attr-defined]
                else:  # unpacked: the value each name gets is not read
                    values.update(dict.fromkeys(_stores(target.target)))
        elif kind is cst.AnnAssign:
            if node.value is None:  # type: ignore[attr-defined]
                continue  # only annotated
            for name in _stores(node.target):  # type: ignore[attr-defined]
                known = values.setdefault(name, [])
                if known is not None:
                    known.append(node.value)  # type: ignore[attr-defined]
        else:
            values.update(dict.fromkeys(_other_names(node)))
    return values


def _nodes(root: cst.CSTNode) -> list[cst.CSTNode] | None:
    """Every node under ``root`` (itself included); None past
    :data:`_MAX_NODES` (too large to search)."""
    nodes: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = [root]
    while stack:
        node = stack.pop()
        nodes.append(node)
        if len(nodes) > _MAX_NODES:
            return None
        stack.extend(child_nodes(node))
    return nodes


class BoundValues:
    """What each name of a function is bound to, each function searched once,
    whatever names are asked about. Functions are known by identity: one
    lives as long as the tree it belongs to."""

    def __init__(self) -> None:
        self._tables: dict[int, dict[str, list[cst.BaseExpression] | None] | None] = {}
        self._writes: dict[int, list[cst.CSTNode] | None] = {}

    def writes(self, body: cst.CSTNode) -> list[cst.CSTNode] | None:
        """The nodes under ``body`` that may set an attribute (assignments,
        ``for``, ``with ... as``, ``del``, ``setattr`` calls), in the order
        :func:`_nodes` gives; None when ``body`` is too large to search.
        Found once per body, whatever attributes are asked about."""
        key = id(body)
        if key not in self._writes:
            nodes = _nodes(body)
            self._writes[key] = None if nodes is None else [n for n in nodes if _may_set(n)]
        return self._writes[key]

    def of(self, fn: cst.CSTNode, name: str) -> list[cst.BaseExpression] | None:
        """Every value ``name = value`` (or ``name: T = value``) gives ``name``
        in ``fn``, nested blocks included; None when ``fn`` binds it any other
        way, or never (then it is a global or a builtin: not known here)."""
        key = id(fn)
        if key in self._tables:
            table = self._tables[key]
        else:
            table = self._tables[key] = _function_values(fn)
        return table.get(name) or None if table is not None else None

    def binds(self, fn: cst.CSTNode, name: str) -> bool:
        """Whether ``fn`` may bind ``name`` itself (a parameter, an
        assignment, a loop or ``global``; also when it is too large to search)."""
        key = id(fn)
        if key not in self._tables:
            self._tables[key] = _function_values(fn)
        table = self._tables[key]
        return table is None or name in table


def made_by(value: cst.BaseExpression) -> list[str] | None:
    """The dotted name of the callable whose result ``value`` is
    (``Cls(...)``, ``await make(...)``); None for anything else."""
    if type(value) is cst.Await:
        value = value.expression
    if type(value) is not cst.Call:
        return None
    return dotted_name(value.func)


def _is_attribute(target: cst.BaseExpression, owner: str, attr: str) -> bool:
    return (
        type(target) is cst.Attribute
        and type(target.value) is cst.Name
        and target.value.value == owner
        and target.attr.value == attr
    )


def _holds_attribute(target: cst.BaseExpression, owner: str, attr: str) -> bool:
    """Whether an assignment target stores ``owner.attr`` (also unpacked)."""
    if _is_attribute(target, owner, attr):
        return True
    if type(target) in (cst.Tuple, cst.List):
        return any(
            _holds_attribute(element.value, owner, attr)
            for element in target.elements  # type: ignore[attr-defined]
        )
    if type(target) is cst.StarredElement:
        return _holds_attribute(target.value, owner, attr)
    return False


def _may_set(node: cst.CSTNode) -> bool:
    """Whether :func:`attribute_values` reads ``node``."""
    kind = type(node)
    if kind is cst.Call:
        func = node.func  # type: ignore[attr-defined]
        return type(func) is cst.Name and func.value == "setattr"
    return kind in _SETTING


#: the kinds of node that may set an attribute, besides a ``setattr`` call
_SETTING = (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.AsName, cst.Del)


def attribute_values(
    methods: list[cst.FunctionDef], attr: str, bound: BoundValues | None = None
) -> list[tuple[cst.FunctionDef, cst.BaseExpression]] | None:
    """Every value ``self.attr = value`` gives the attribute in ``methods``
    (``self`` being each method's first parameter), with the method that
    gives it; None when one binds it any other way (``+=``, unpacking, a
    ``for`` or ``with`` target, ``del``, any ``setattr``); an empty list when none binds it.
    ``bound`` keeps each method's nodes between calls for other attributes."""
    values: list[tuple[cst.FunctionDef, cst.BaseExpression]] = []
    for method in methods:
        params = (*method.params.posonly_params, *method.params.params)
        if not params:
            continue
        owner = params[0].name.value
        nodes = bound.writes(method.body) if bound is not None else _nodes(method.body)
        if nodes is None:
            return None
        for node in nodes:
            kind = type(node)
            if kind is cst.Assign:
                for target in node.targets:  # type: ignore[attr-defined]
                    if _is_attribute(target.target, owner, attr):
                        values.append((method, node.value))  # type: ignore[attr-defined]
                    elif _holds_attribute(target.target, owner, attr):
                        return None
            elif kind is cst.AnnAssign:
                target, value = node.target, node.value  # type: ignore[attr-defined]
                if _is_attribute(target, owner, attr) and value is not None:
                    values.append((method, value))
            elif kind in (cst.AugAssign, cst.For, cst.CompFor):
                if _holds_attribute(node.target, owner, attr):  # type: ignore[attr-defined]
                    return None
            elif kind is cst.AsName:
                if _holds_attribute(node.name, owner, attr):  # type: ignore[arg-type,attr-defined]
                    return None
            elif kind is cst.Del:
                if _holds_attribute(node.target, owner, attr):  # type: ignore[attr-defined]
                    return None
            elif (
                kind is cst.Call
                and type(node.func) is cst.Name  # type: ignore[attr-defined]
                and node.func.value == "setattr"  # type: ignore[attr-defined]
            ):
                return None  # ``setattr(self, name, value)``: which attribute is not read
    return values


def class_values(
    classes: list[cst.ClassDef], attr: str, rebound: Collection[str] = ()
) -> list[cst.BaseExpression] | None:
    """Every value the bodies of ``classes`` give the class attribute
    ``attr`` (``client = redis.Redis()``); None when one binds it any other
    way (unpacked, a loop, a nested block), or when one gives it a value and
    the module may set it outside the class body too (``rebound``, as
    :func:`doxtool.python.rebound.rebound_attributes` gives them)."""
    values: list[cst.BaseExpression] = []
    for cls in classes:
        for line in cls.body.body:  # type: ignore[union-attr]
            if type(line) is not cst.SimpleStatementLine:
                if attr in _block_names(line):
                    return None
                continue
            for small in line.body:
                kind = type(small)
                if kind is cst.Assign:
                    for target in small.targets:  # type: ignore[attr-defined]
                        if type(target.target) is cst.Name and target.target.value == attr:
                            values.append(small.value)  # type: ignore[attr-defined]
                        elif attr in _stores(target.target):
                            return None
                elif kind is cst.AnnAssign and small.value is not None:  # type: ignore[attr-defined]
                    if attr in _stores(small.target):  # type: ignore[attr-defined]
                        values.append(small.value)  # type: ignore[attr-defined]
                elif kind is cst.AugAssign and attr in _stores(small.target):  # type: ignore[attr-defined]
                    return None
    return None if values and untrusted(attr, rebound) else values


def _block_names(node: cst.CSTNode) -> set[str]:
    """The names a compound statement of a class body binds (``def``, a
    ``for`` or ``with`` target, an assignment in an ``if``)."""
    names: set[str] = set()
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind in (cst.FunctionDef, cst.ClassDef):
            names.add(current.name.value)  # type: ignore[attr-defined]
            continue  # what a nested scope binds is its own
        if kind is cst.Assign:
            for target in current.targets:  # type: ignore[attr-defined]
                names |= _stores(target.target)
        else:
            names |= _other_names(current)
        stack.extend(child_nodes(current))
    return names
