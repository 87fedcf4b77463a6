"""Walks the extraction shares rather than repeats, or narrows to the
blocks, find what the walks they replace found: the statements nested in a
compound statement (:func:`doxtool.python.keyfills._simple`, and
:func:`doxtool.python.renamedkeys._smalls` in libcst's tree) and the calls
each statement runs (:func:`doxtool.python.handedfirst.calls_run`), found
once for every closed dispatch after it in its block."""

from __future__ import annotations

import ast
from pathlib import Path

import libcst as cst
import pytest

from doxtool.python import handedfirst
from doxtool.python.cstnodes import child_nodes
from doxtool.python.keyfills import _simple
from doxtool.python.renamedkeys import _smalls

_SOURCE = (
    "if a:\n    x = 1\nelif b:\n    def f():\n        y = 2\nelse:\n    z = 3; z2 = 4\n"
    "try:\n    t = 1\nexcept E:\n    u = 2\nelse:\n    v = 3\nfinally:\n    w = 4\n"
    "try:\n    t = 1\nexcept* E:\n    u = 2\n"
    "match m:\n    case 1:\n        n = 1\n    case _:\n        class C:\n            o = 1\n"
    "for i in j:\n    while k: p = 1\nelse:\n    q = lambda: 1\n"
    "with c as d:\n    if e: r = 1\n"
)
_OWN = sorted((Path(__file__).resolve().parents[1] / "doxtool").rglob("*.py"))


def _nested_statements(stmt: ast.stmt) -> set[int]:
    """The statements under ``stmt`` a walk of every node finds, none in a
    function, class or lambda."""
    found: set[int] = set()
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(node, ast.stmt) and node is not stmt:
            found.add(id(node))
        todo.extend(ast.iter_child_nodes(node))
    return found


def test_the_statements_of_blocks_are_those_a_walk_of_every_node_finds() -> None:
    trees = [ast.parse(_SOURCE)] + [ast.parse(p.read_text(encoding="utf-8")) for p in _OWN]
    compared = 0
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.stmt):
                assert {id(s) for s in _simple(node)} == _nested_statements(node)
                compared += 1
    assert compared > 10_000


def _nested_smalls(stmt: cst.CSTNode) -> set[int]:
    found: set[int] = set()
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        if type(node) in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        if type(node) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            found.update(id(small) for small in node.body)  # type: ignore[attr-defined]
            continue
        todo.extend(child_nodes(node))
    return found


def test_the_small_statements_of_blocks_are_those_a_walk_of_every_node_finds() -> None:
    sources = [_SOURCE] + [p.read_text(encoding="utf-8") for p in _OWN[:40]]
    compared = 0
    for source in sources:
        todo: list[cst.CSTNode] = [cst.parse_module(source)]
        while todo:
            node = todo.pop()
            todo.extend(child_nodes(node))
            if isinstance(node, cst.BaseCompoundStatement):
                assert {id(s) for s in _smalls(node, deep=True)} == _nested_smalls(node)
                compared += 1
    assert compared > 500


def _calls_by_walk(stmt: cst.CSTNode) -> set[int]:
    found: set[int] = set()
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        if type(node) is cst.Call:
            found.add(id(node))
        if type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            todo.extend(child_nodes(node))
    return found


def test_the_calls_a_statement_runs_leave_out_what_it_defines() -> None:
    module = cst.parse_module(
        "app = get(name, f(g(name)))\n"
        "def later():\n    h(name)\n"
        "handler = lambda: k(name)\n"
        "class C:\n    m(name)\n"
        "if ok(name):\n    run(name)\n"
    )
    for stmt in module.body:
        assert {id(c) for c in handedfirst.calls_run(stmt)} == _calls_by_walk(stmt)
    names = [
        [cst.ensure_type(c.func, cst.Name).value for c in handedfirst.calls_run(s)]
        for s in module.body
    ]
    assert sorted(names[0]) == ["f", "g", "get"]
    assert names[1:4] == [[], [], []]
    assert sorted(names[4]) == ["ok", "run"]


def test_each_statement_is_walked_once_for_the_dispatches_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = cst.parse_module(
        "info = mgr.get_app(app_name)\n"
        "log(info)\n"
        'if app_name == "a": pass\n'
        'if app_name == "b": pass\n'
        'if app_name == "c": pass\n'
    )
    walked: list[cst.CSTNode] = []
    real = handedfirst.calls_run

    def counted(stmt: cst.CSTNode) -> list[cst.Call]:
        walked.append(stmt)
        return real(stmt)

    monkeypatch.setattr(handedfirst, "calls_run", counted)
    found: dict[cst.CSTNode, list[cst.Call]] = {}
    body = list(module.body)
    for index in range(2, 5):
        dispatch = cst.ensure_type(body[index], cst.If)
        tested = handedfirst.tested_values(dispatch)
        assert handedfirst.handed_before(tested, body[:index], lambda call: False, found)
        assert not handedfirst.handed_before(tested, body[1:index], lambda call: False, found)
    assert sorted(map(id, walked)) == sorted(map(id, body[:4]))
