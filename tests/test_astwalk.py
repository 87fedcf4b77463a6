"""doxtool.python.astwalk gives the nodes :func:`ast.walk` gives, in its order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from doxtool.python.astwalk import walk, walk_all

SOURCES = [
    "x = 1",
    "import a.b as c\nfrom .d import (e, f as g)\nfrom . import *",
    "global a\nnonlocal b",
    'f"{a!r:>{width}} {b=}"',
    "async def f(a, /, b: int = 1, *c, d, e=2, **g) -> str:\n"
    "    async with x as (y, z), w:\n"
    "        async for i in y:\n"
    "            await i\n"
    "    return [j async for j in z if j]\n",
    "@dec(1)\nclass C(B, metaclass=M):\n    a: int = 0\n    def m(self): del self.a",
    "try:\n    pass\nexcept (A, B) as e:\n    raise C from e\nelse:\n    x += 1\nfinally:\n    y @= 2",
    "match p:\n"
    "    case {'k': [1, *rest], **kw} if rest:\n"
    "        pass\n"
    "    case Point(x=0, y=_) | None as q:\n"
    "        pass\n",
    "lambda a, *b, c=1, **d: (a if b else c, {**d}, {1, 2}, {k: v for k, v in d.items()})",
    "x[1:2, ::3] = not a and b or -c < d <= e is not f in g",
    "with open(p) as f: print(*f, sep='', end=(yield), file=(yield from g()))",
    "while (n := n - 1) > 0:\n    assert n, 'msg'\n    if n: break\n    else: continue",
]
if hasattr(ast, "TypeAlias"):  # Python 3.12
    SOURCES.append("type Pair[T: int, *Ts, **P] = tuple[T, T]\ndef f[U](u: U) -> U: return u")


def _same(tree: ast.AST) -> None:
    expected = list(ast.walk(tree))
    found = walk(tree)
    assert len(found) == len(expected)
    assert all(a is b for a, b in zip(found, expected, strict=True))


@pytest.mark.parametrize("source", SOURCES)
def test_the_nodes_and_their_order_are_ast_walks(source: str) -> None:
    _same(ast.parse(source))


def test_the_repositorys_own_modules_walk_as_ast_walks() -> None:
    root = Path(__file__).resolve().parents[1] / "doxtool"
    files = sorted(root.rglob("*.py"))
    assert len(files) > 50
    for path in files:
        _same(ast.parse(path.read_text(encoding="utf-8")))


def test_walk_all_walks_each_node_in_turn() -> None:
    body = ast.parse("a = b\nif c:\n    d(e)\nreturn f").body
    assert walk_all(body) == [n for stmt in body for n in ast.walk(stmt)]
    assert walk_all([]) == []
