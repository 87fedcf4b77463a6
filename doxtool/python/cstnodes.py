"""Generic helpers over libcst nodes: children, dotted names, statement bodies.

The walk reads node fields directly (a generic ``CSTVisitor`` costs as much as
the parse itself); these helpers do so with per-type caches.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Sequence
from typing import Any

import libcst as cst

_FIELD_CACHE: dict[type, tuple[str, ...]] = {}


_SKIP_FIELDS = (
    "whitespace",
    "lpar",
    "rpar",
    "comma",
    "semicolon",
    "colon",
    "leading_lines",
    "lines_after_decorators",
    "header",
    "footer",
    "newline",
    "equal",
    "star",
    "dot",
    "arrow",
    "lbracket",
    "rbracket",
    "lbrace",
    "rbrace",
    "operator",
    "indent",
    "encoding",
    "asynchronous",
)


#: fields holding nodes whose names contain a word of :data:`_SKIP_FIELDS`
#: (the ``*args`` and ``**kwargs`` parameters)
_NODE_FIELDS = frozenset({"star_arg", "star_kwarg"})


def _child_fields(tp: type) -> tuple[str, ...]:
    fields = _FIELD_CACHE.get(tp)
    if fields is None:
        fields = tuple(
            f.name
            for f in dataclasses.fields(tp)
            if f.name in _NODE_FIELDS or not any(skip in f.name for skip in _SKIP_FIELDS)
        )
        _FIELD_CACHE[tp] = fields
    return fields


_IS_NODE: dict[type, bool] = {}


def _is_node(value: object) -> bool:
    """``isinstance(value, cst.CSTNode)`` without ABCMeta's cost, cached per type."""
    kind = type(value)
    known = _IS_NODE.get(kind)
    if known is None:
        known = _IS_NODE[kind] = cst.CSTNode in kind.__mro__
    return known


_KINDS: dict[tuple[type, type], bool] = {}


def is_kind(value: object, cls: type) -> bool:
    """``isinstance(value, cls)`` for libcst's abstract classes, cached per type.

    ABCMeta's own check costs a Python call every time, and the first time a
    type is not an instance, a walk over all of ``cls``'s subclasses (hundreds
    for ``CSTNode``). libcst's node classes are real subclasses of its
    abstract ones (it registers none), so the type's MRO tells."""
    key = (type(value), cls)
    known = _KINDS.get(key)
    if known is None:
        known = _KINDS[key] = cls in key[0].__mro__
    return known


#: what a field annotated so holds is never a node (a name's text, a quote)
_TEXT_ONLY = (str, type(None))


def _holds_no_node(annotation: Any) -> bool:
    """Whether a field of this annotation holds text (or None) alone:
    ``str``, ``Optional[str]``, a ``Literal`` of strings."""
    if annotation is str:
        return True
    origin = typing.get_origin(annotation)
    if origin is typing.Literal:
        return all(type(arg) is str for arg in typing.get_args(annotation))
    if origin is typing.Union or origin is types.UnionType:
        return all(arg in _TEXT_ONLY or _holds_no_node(arg) for arg in typing.get_args(annotation))
    return False


_Walker = Callable[[cst.CSTNode, frozenset[type]], list[cst.CSTNode]]
_WALKERS: dict[type, _Walker] = {}


def _no_children(node: cst.CSTNode, skip: frozenset[type]) -> list[cst.CSTNode]:
    return []


def _walker(tp: type) -> _Walker:
    """:func:`child_nodes` for nodes of one type, built once: it reads the
    :func:`_child_fields` that may hold a node (a field of text never does:
    a name's ``value``, a string's quote)."""
    types = {f.name: f.type for f in dataclasses.fields(tp)}
    fields = tuple(name for name in _child_fields(tp) if not _holds_no_node(types[name]))
    is_node = _IS_NODE.get

    def walk(node: cst.CSTNode, skip: frozenset[type]) -> list[cst.CSTNode]:
        children: list[cst.CSTNode] = []
        append = children.append
        for name in fields:
            value = getattr(node, name)
            kind = type(value)
            if kind is tuple or kind is list:
                for item in value:
                    item_kind = type(item)
                    known = is_node(item_kind)
                    if known is None:
                        known = _is_node(item)
                    if known and item_kind not in skip:
                        append(item)
            elif value is not None:
                known = is_node(kind)
                if known is None:
                    known = _is_node(value)
                if known and kind not in skip:
                    append(value)
        return children

    found = _WALKERS[tp] = walk if fields else _no_children
    return found


_NO_SKIP: frozenset[type] = frozenset()


def child_nodes(node: cst.CSTNode, skip: frozenset[type] = _NO_SKIP) -> list[cst.CSTNode]:
    """Semantic children in field (roughly source) order, skipping tokens and
    nodes of the ``skip`` types."""
    walk = _WALKERS.get(type(node))
    if walk is None:
        walk = _walker(type(node))
    return walk(node, skip)


#: expressions with no expression inside
LEAVES = frozenset(
    {cst.Name, cst.SimpleString, cst.Integer, cst.Float, cst.Imaginary, cst.Ellipsis}
)


def descendants(root: cst.CSTNode) -> list[cst.CSTNode]:
    """``root`` and every node under it, in the order of the text."""
    found: list[cst.CSTNode] = []
    todo = [root]
    while todo:
        node = todo.pop()
        found.append(node)
        todo.extend(reversed(child_nodes(node)))
    return found


def parameter_names(params: cst.Parameters) -> set[str]:
    """The names a function's parameters bind, ``*args`` and ``**kwargs`` included."""
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    every += [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]
    return {p.name.value for p in every}


def dotted_name(node: cst.BaseExpression) -> list[str] | None:
    """``a.b.c`` as ``["a", "b", "c"]``; None for anything else."""
    parts: list[str] = []
    while type(node) is cst.Attribute:
        parts.append(node.attr.value)
        node = node.value
    if type(node) is cst.Name:
        parts.append(node.value)
        return parts[::-1]
    return None


def suite_body(suite: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if type(suite) is cst.IndentedBlock:
        return suite.body
    if type(suite) is cst.SimpleStatementSuite:
        return [cst.SimpleStatementLine(body=suite.body)]
    return ()


def statement_children(stmt: cst.CSTNode) -> list[cst.CSTNode]:
    """Statements nested directly inside a compound statement."""
    out: list[cst.CSTNode] = []
    for name in ("body", "orelse", "handlers", "finalbody", "cases"):
        value = getattr(stmt, name, None)
        if value is None:
            continue
        if is_kind(value, cst.BaseSuite):
            out.extend(suite_body(value))
        elif type(value) in (cst.Else, cst.Finally, cst.ExceptHandler, cst.ExceptStarHandler):
            out.extend(suite_body(value.body))
        elif type(value) is cst.If:
            out.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                if type(item) in (cst.ExceptHandler, cst.ExceptStarHandler, cst.MatchCase):
                    out.extend(suite_body(item.body))
    return out


def getattr_of(node: cst.BaseExpression) -> tuple[str, str] | None:
    """(name, attribute) of ``getattr(name, "attribute")`` with a literal
    attribute and no default; None for anything else."""
    if (
        type(node) is not cst.Call
        or type(node.func) is not cst.Name
        or node.func.value != "getattr"
        or len(node.args) != 2
        or any(a.keyword is not None or a.star for a in node.args)
    ):
        return None
    owner, name = node.args[0].value, node.args[1].value
    if type(owner) is not cst.Name or type(name) is not cst.SimpleString:
        return None
    text = name.value
    quote = text[-1]
    if text[0] != quote or "\\" in text or len(text) < 2 or text.startswith(quote * 3):
        return None  # a prefix, an escape or a triple quote: not a plain name
    return owner.value, text[1:-1]


def splat_fills(node: cst.Call, empty: frozenset[str] = frozenset()) -> tuple[list[str], bool]:
    """The callee parameters a call fills besides its ``**`` splat (``#<n>``,
    keyword names), and whether they are unknown: a ``*`` splat (but one of
    a name of ``empty``, known to hand nothing), or another ``**`` splat."""
    fills: list[str] = []
    index = 0
    for arg in node.args:
        if arg.keyword is not None:
            fills.append(arg.keyword.value)
        elif not arg.star:
            fills.append(f"#{index}")
            index += 1
    stars = [
        arg.star
        for arg in node.args
        if arg.star and not (type(arg.value) is cst.Name and arg.value.value in empty)
    ]
    return fills, "*" in stars or stars.count("**") > 1


def loop_names(target: cst.BaseExpression) -> list[str]:
    """The names a loop target binds."""
    if type(target) is cst.Name:
        return [target.value]
    if type(target) in (cst.Tuple, cst.List):
        return [n for e in target.elements for n in loop_names(e.value)]
    return []


def call_argument(node: cst.Call, index: int | None, keyword: str) -> cst.BaseExpression | None:
    """The argument a call gives a parameter: by its keyword, or at its
    position (none after a ``*`` argument; None: keyword only)."""
    for arg in node.args:
        if arg.keyword is not None and arg.keyword.value == keyword:
            return arg.value
    for at, arg in enumerate(node.args):
        if arg.star or arg.keyword is not None:
            break
        if at == index:
            return arg.value
    return None


def argument_after(node: cst.Call, handed: cst.Arg) -> cst.BaseExpression | None:
    """The positional argument of a call right after ``handed`` (the first a
    function handed to ``asyncio.to_thread(f, path)`` gets), if any."""
    args = list(node.args)
    at = args.index(handed) + 1
    if at < len(args) and not args[at].star and args[at].keyword is None:
        return args[at].value
    return None
