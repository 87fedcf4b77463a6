"""``cstnodes.child_nodes`` reaches every node but tokens and whitespace that
libcst's own ``children`` gives, so walks built on it find the same names,
expressions and statements."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import libcst as cst

from doxtool.python.cstnodes import _child_fields, _holds_no_node, child_nodes

SOURCE = """
import os.path as osp
from . import x as y

@decorate(flag=True)
async def run(self, a: int, /, b=1, *args: "Arg", c: str = "c", **kwargs: dict) -> None:
    global G
    lam = lambda *rest, **opts: (rest, opts)
    [k async for k in source if k]
    {k: v for k, v in kwargs.items()}
    del self.args["x"]
    x = (y := await fetch(*args, **kwargs))
    total: int = a + -b
    total += 1
    with open(osp.join("a", f"{b!r:>{c}}")) as handle, lock:
        yield handle[1:2, ::3]
    try:
        assert a, "msg"
    except* (ValueError, TypeError) as error:
        raise RuntimeError("x") from error
    finally:
        pass
    match b:
        case {"k": [1, *others], **more} if others:
            return
        case Point(x=0) | None:
            pass
    while not a:
        break
    else:
        a = b if c else a
    for i in range(3):
        continue
    class Inner(Base, metaclass=Meta):
        value: "int" = 0
"""


def _semantic(node: cst.CSTNode) -> set[int]:
    """The nodes under ``node`` that are no token or whitespace, by libcst."""
    found: set[int] = set()
    todo = list(node.children)
    while todo:
        current = todo.pop()
        if not _token(current):
            found.add(id(current))
        todo.extend(current.children)
    return found


def _token(node: cst.CSTNode) -> bool:
    return type(node).__module__.endswith(("whitespace", "op")) or type(node) in (
        cst.LeftParen,
        cst.RightParen,
        cst.LeftSquareBracket,
        cst.RightSquareBracket,
        cst.LeftCurlyBrace,
        cst.RightCurlyBrace,
        cst.Asynchronous,
        cst.ParamStar,
        cst.ParamSlash,
        cst.Dot,
        cst.ImportStar,
    )


def _reached(node: cst.CSTNode) -> set[int]:
    found: set[int] = set()
    todo = child_nodes(node)
    while todo:
        current = todo.pop()
        found.add(id(current))
        todo.extend(child_nodes(current))
    return found


def test_children_reach_every_name_and_expression() -> None:
    module = cst.parse_module(SOURCE)
    expected = _semantic(module)
    reached = _reached(module)
    assert expected - reached == set()


def test_children_reach_the_star_parameters() -> None:
    function = cst.parse_module("def f(*args: A, **kwargs: B): pass\n").body[0]
    assert isinstance(function, cst.FunctionDef)
    names = set()
    todo = child_nodes(function.params)
    while todo:
        current = todo.pop()
        if type(current) is cst.Name:
            names.add(current.value)
        todo.extend(child_nodes(current))
    assert names == {"args", "A", "kwargs", "B"}


def _every_field_child(node: cst.CSTNode, skip: frozenset[type]) -> list[cst.CSTNode]:
    """The nodes held in any of the node's child fields, text fields included, in field order."""
    found: list[cst.CSTNode] = []
    for name in _child_fields(type(node)):
        value = getattr(node, name)
        for item in value if isinstance(value, (list, tuple)) else [value]:
            if isinstance(item, cst.CSTNode) and type(item) not in skip:
                found.append(item)
    return found


def test_children_are_every_node_of_the_child_fields_in_their_order() -> None:
    """The fields left out (a name's text, a quote, a conversion letter) hold no node."""
    module = cst.parse_module(SOURCE + 'f"{x!r}" + rb"b" + 1.5j + 0x1F\n')
    skips = [frozenset(), frozenset({cst.Name, cst.FunctionDef, cst.Lambda})]
    todo: list[cst.CSTNode] = [module]
    seen = 0
    while todo:
        node = todo.pop()
        for skip in skips:
            got = child_nodes(node, skip)
            assert [id(n) for n in got] == [id(n) for n in _every_field_child(node, skip)]
        todo.extend(node.children)
        seen += 1
    assert seen > 400


def _annotation(node_type: type, field: str) -> object:
    return next(f.type for f in dataclasses.fields(node_type) if f.name == field)


def test_only_text_annotations_hold_no_node() -> None:
    """Text (``str``, ``Optional[str]``, a ``Literal`` quote) is left out; any
    annotation that may name a node, or is not resolved, is read."""
    assert _holds_no_node(_annotation(cst.Name, "value"))
    assert _holds_no_node(_annotation(cst.FormattedStringExpression, "conversion"))
    assert _holds_no_node(_annotation(cst.FormattedString, "end"))
    assert _holds_no_node(str | None)
    assert not _holds_no_node(_annotation(cst.Attribute, "attr"))  # a Name
    assert not _holds_no_node(_annotation(cst.Call, "args"))  # a Sequence
    assert not _holds_no_node(_annotation(cst.If, "orelse"))  # If | Else | None
    assert not _holds_no_node(_annotation(cst.CompFor, "inner_for_in"))  # a forward reference
    assert not _holds_no_node(str | cst.Name)
    assert not _holds_no_node(Sequence[str])
    assert not _holds_no_node("str")
