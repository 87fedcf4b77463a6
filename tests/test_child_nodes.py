"""``cstnodes.child_nodes`` reaches every node but tokens and whitespace that
libcst's own ``children`` gives, so walks built on it find the same names,
expressions and statements."""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import child_nodes

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
