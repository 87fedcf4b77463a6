"""Walks the extraction spares: each gives the facts the walk it replaces gave."""

from __future__ import annotations

import ast

import libcst as cst
import pytest

from doxtool.python import callkinds, functionwalk
from doxtool.python.extract import extract_module
from doxtool.python.modulescan import Func
from doxtool.python.partialbinds import _names_in

HELPER = (
    "def numbers(limit):\n"
    "    for i in range(limit):\n"
    "        {}\n"
    "def total(limit):\n"
    "    def inner():\n"
    "        yield 1\n"
    "    return sum(inner())\n"
)


@pytest.mark.parametrize(("statement", "searched"), [("yield i", 2), ("print(i)", 0)])
def test_functions_are_searched_for_a_yield_only_in_a_module_that_says_it(
    monkeypatch: pytest.MonkeyPatch, statement: str, searched: int
) -> None:
    calls: list[str] = []
    is_generator = functionwalk.is_generator

    def counting(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        calls.append(node.name)
        return is_generator(node)

    monkeypatch.setattr(functionwalk, "is_generator", counting)
    source = HELPER.format(statement)
    if statement == "print(i)":
        source = source.replace("yield 1", "return [1]")
    facts = extract_module(source, "helpers/nums.py", ["helpers"])
    generators = {s.name: s.generator for s in facts.summaries}
    assert len(calls) == searched
    # a ``yield`` in a nested function makes that one a generator, not ``total``
    assert generators == {"numbers": statement == "yield i", "total": False}


def test_a_functions_other_bindings_are_read_only_when_a_name_holds_the_intervention_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read: list[str] = []
    other_bindings = callkinds._other_bindings

    def counting(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
        read.append(function.name)
        return other_bindings(function)

    monkeypatch.setattr(callkinds, "_other_bindings", counting)
    tree = ast.parse(
        "async def plain(self):\n"
        "    check = self.agent.other\n"
        "    await check()\n"
        "async def alias(self):\n"
        "    check = self.agent.handle_intervention\n"
        "    await check()\n"
        "async def rebound(self, tick=None):\n"
        "    tick = self.agent.handle_intervention\n"
        "    await tick()\n"
    )
    found = {}
    for function in tree.body:
        assert isinstance(function, ast.AsyncFunctionDef)
        assigns = list(callkinds.assignments(function.body))
        found[function.name] = callkinds.intervention_aliases(assigns, "self", function)
    assert read == ["alias", "rebound"]
    assert found == {"plain": frozenset(), "alias": frozenset({"check"}), "rebound": frozenset()}


class _Names(cst.CSTVisitor):
    """The visitor the fields' walk replaces."""

    def __init__(self) -> None:
        super().__init__()
        self.found: set[str] = set()

    def visit_Name(self, node: cst.Name) -> None:
        self.found.add(node.value)

    def visit_Lambda(self, node: cst.Lambda) -> bool:
        return False


@pytest.mark.parametrize(
    "expression",
    [
        "a.b(c, key=d)[e] if f else (lambda g: g + h)(i)",
        "not (x := y) and z in {k: v for k, v in items}",
        'f"{name!r:>{width}}" + obj.attr.deeper',
        "lambda q: q",
    ],
)
def test_the_names_a_test_reads_are_those_a_visitor_finds(expression: str) -> None:
    node = cst.parse_expression(expression)
    names = _Names()
    node.visit(names)
    assert _names_in(node) == names.found


def test_a_method_is_a_generator_by_its_own_yield_only() -> None:
    module = cst.parse_module(
        "class C:\n"
        "    def own(self):\n"
        "        x = [(yield i) for i in ()] if self else None\n"
        "    def nested(self):\n"
        "        def inner():\n"
        "            yield 1\n"
        "        return lambda: (yield)\n"
    )
    cls = module.body[0]
    assert isinstance(cls, cst.ClassDef)
    flags = {}
    for item in cls.body.body:
        assert isinstance(item, cst.FunctionDef)
        flags[item.name.value] = Func(item, f"C.{item.name.value}", "C").is_generator
    assert flags == {"own": True, "nested": False}
