"""doxtool.python.astwalk gives the nodes :func:`ast.walk` gives, in its order."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from doxtool.python import callkinds, keyvalues, summaryscope
from doxtool.python.astwalk import children, walk, walk_all, walk_split
from doxtool.python.summaries import summarise

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


@pytest.mark.parametrize("source", SOURCES)
def test_the_children_of_every_node_are_ast_s_in_its_order(source: str) -> None:
    for node in ast.walk(ast.parse(source)):
        expected = list(ast.iter_child_nodes(node))
        found = children(node)
        assert len(found) == len(expected)
        assert all(a is b for a, b in zip(found, expected, strict=True))


def test_walk_all_walks_each_node_in_turn() -> None:
    body = ast.parse("a = b\nif c:\n    d(e)\nreturn f").body
    assert walk_all(body) == [n for stmt in body for n in ast.walk(stmt)]
    assert walk_all([]) == []


def test_walk_split_parts_a_functions_nodes_at_its_body() -> None:
    (function,) = ast.parse(
        "@d(x)\ndef f(a: int = g(), *, b=h) -> T:\n    y = a\n    return y"
    ).body
    body, others = walk_split(function, "body")
    assert body == walk_all(function.body)  # type: ignore[attr-defined]
    assert others[0] is function
    assert sorted(map(id, body + others)) == sorted(map(id, ast.walk(function)))


def test_a_methods_body_is_walked_once_for_the_classes_and_its_values(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The nodes of a method's body walked for what its class holds serve
    the values its reads accept; a function outside a class is walked for them."""
    source = (
        "class Search:\n"
        "    def run(self, args):\n"
        "        engine = args.get('engine')\n"
        "        if engine not in ('ddg', 'brave'):\n"
        "            raise ValueError(engine)\n"
        "def run(args):\n"
        "    engine = args.get('engine')\n"
        "    if engine not in ('ddg', 'brave'):\n"
        "        raise ValueError(engine)\n"
    )
    walked: list[int] = []

    def counting(nodes: list[ast.stmt]) -> list[ast.AST]:
        walked.append(nodes[0].lineno)
        return walk_all(nodes)

    monkeypatch.setattr(keyvalues, "walk_all", counting)
    summaries = {s.name: s for s in summarise(ast.parse(source), "helpers.s", False, ["helpers"])}
    assert walked == [7]  # the body of the function; the method's was walked already
    for name in ("Search.run", "run"):
        read = next(r for r in summaries[name].reads if r.key == "engine")
        assert read.values == ["ddg", "brave"]


def test_a_functions_statements_are_read_once_for_its_summary(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The processes its class keeps and its flow read one list of the
    statements of a method's body (its exits walk the blocks, to leave out
    what no path reaches)."""
    source = (
        "import subprocess\n"
        "class Runner:\n"
        "    def start(self, argv):\n"
        "        self.proc = subprocess.Popen(argv)\n"
        "        if not argv:\n"
        "            raise ValueError('argv')\n"
        "    def stop(self):\n"
        "        for _ in range(3):\n"
        "            self.proc.kill()\n"
        "        return None\n"
    )
    read: list[str] = []
    statements = summaryscope.statements

    def counting(body: list[ast.stmt]) -> object:
        read.append(body[0].__class__.__name__)
        return statements(body)

    monkeypatch.setattr(summaryscope, "statements", counting)
    monkeypatch.setattr(callkinds, "statements", None)  # read through the module scope only
    summaries = {s.name: s for s in summarise(ast.parse(source), "helpers.r", False, ["helpers"])}
    assert read == ["Assign", "For"]  # each method's body once
    start, stop = summaries["Runner.start"], summaries["Runner.stop"]
    assert (start.raises, start.falls_off) == (["ValueError"], True)
    assert [r.kind for r in stop.returns] == ["none"] and not stop.falls_off
    assert [step.kind for step in stop.flow] == ["loop", "return"]
    assert [s.what for s in stop.flow[0].arms[0]] == ["process kill"]  # the class keeps a process
