"""Storing-only node constructors build libcst's own trees and leave libcst as they found it."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import libcst as cst
import pytest
from libcst._nodes.base import CSTNode

from doxtool.python import nodeinits
from doxtool.python.cstparse import parse_module as fast_parse
from doxtool.python.nodeinits import installed
from doxtool.run.pool import STORING_MODULES
from tests.test_cstparse import SOURCES

REPO = Path(__file__).resolve().parent.parent


def _same_tree(left: cst.CSTNode, right: cst.CSTNode) -> None:
    """Node for node: the same classes, and every field equal (deep_equals)
    and present (a field a constructor forgot would raise here)."""
    assert type(left) is type(right)
    for field in dataclasses.fields(left):
        mine, theirs = getattr(left, field.name), getattr(right, field.name)
        if isinstance(mine, cst.CSTNode):
            _same_tree(mine, theirs)
        elif isinstance(mine, (list, tuple)):
            assert type(mine) is type(theirs) and len(mine) == len(theirs)
            for a, b in zip(mine, theirs, strict=True):
                if isinstance(a, cst.CSTNode):
                    _same_tree(a, b)
                else:
                    assert a == b
        else:
            assert mine == theirs, (type(left).__name__, field.name)


def _originals() -> dict[type, object]:
    return {cls: cls.__dict__.get("__init__") for cls in nodeinits._node_classes()}


@pytest.mark.parametrize("source", SOURCES)
def test_trees_are_libcst_trees(source: str) -> None:
    expected = cst.parse_module(source)
    with installed():
        tree = fast_parse(source)
    _same_tree(tree, expected)
    assert tree.deep_equals(expected)
    assert tree.code == source


def test_every_module_of_the_repository_parses_to_the_same_tree() -> None:
    modules = sorted((REPO / "tools").glob("*.py")) + sorted((REPO / "doxtool").rglob("*.py"))
    assert len(modules) > 100
    sources = [path.read_text(encoding="utf-8") for path in modules]
    expected = [cst.parse_module(source) for source in sources]
    with installed():
        trees = [fast_parse(source) for source in sources]
    for path, tree, want in zip(modules, trees, expected, strict=True):
        assert tree.deep_equals(want), path
        assert tree.code == want.code, path
    _same_tree(trees[-1], expected[-1])


def test_most_node_classes_get_a_storing_constructor() -> None:
    original = cst.Name.__init__
    with installed():
        built = nodeinits._built
        assert built is not None
        assert cst.Name.__init__ is built[cst.Name][1]
        assert built[cst.Name][0] is original
    names = {cls.__name__ for cls in built}
    assert {"Name", "SimpleWhitespace", "Call", "FunctionDef", "Module"} <= names
    assert len(built) > 100


def test_originals_come_back_after_the_block_nested_or_failed() -> None:
    before = _originals()
    with installed():
        with installed():
            pass
        assert cst.Name.__init__ is not before[cst.Name]  # the outer block is open
    assert _originals() == before
    with pytest.raises(RuntimeError), installed():
        raise RuntimeError("the block fails")
    assert _originals() == before
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")  # validation is back


def test_hand_built_nodes_take_the_same_arguments() -> None:
    def build() -> list[cst.CSTNode]:
        return [
            cst.UnaryOperation(cst.Not(), cst.Name("x")),
            cst.Comparison(cst.Name("a"), [cst.ComparisonTarget(cst.In(), cst.Name("b"))]),
            cst.Name(value="y"),
            cst.SimpleStatementLine(body=[cst.Pass()]),
            cst.Module([]),
        ]

    outside = build()
    with installed():
        inside = build()
        # a default made by a factory is a new object for each node, as before
        assert cst.Not().whitespace_after is not cst.Not().whitespace_after
    for a, b in zip(inside, outside, strict=True):
        _same_tree(a, b)
    assert [cst.Module([]).code_for_node(node) for node in inside] == [
        cst.Module([]).code_for_node(node) for node in outside
    ]
    with installed(), pytest.raises(TypeError):
        cst.Name("a", "b", "c", "d")  # too many arguments, as for the dataclass's


def test_classes_with_their_own_checks_or_constructors_are_left_alone() -> None:
    @dataclasses.dataclass(frozen=True)
    class Checked(CSTNode):
        value: str

        def __post_init__(self) -> None:  # more than the base's validation
            raise AssertionError("runs")

        def _visit_and_replace_children(self, visitor):  # type: ignore[no-untyped-def]
            return self

        def _codegen_impl(self, state):  # type: ignore[no-untyped-def]
            pass

    @dataclasses.dataclass(frozen=True)
    class Written(CSTNode):
        value: str

        def __init__(self, text: str) -> None:
            object.__setattr__(self, "value", text.upper())

        def _visit_and_replace_children(self, visitor):  # type: ignore[no-untyped-def]
            return self

        def _codegen_impl(self, state):  # type: ignore[no-untyped-def]
            pass

    @dataclasses.dataclass(frozen=True)
    class KeywordOnly(CSTNode):
        value: str = dataclasses.field(kw_only=True)

        def _visit_and_replace_children(self, visitor):  # type: ignore[no-untyped-def]
            return self

        def _codegen_impl(self, state):  # type: ignore[no-untyped-def]
            pass

    assert not nodeinits._plain(Checked)
    assert not nodeinits._plain(Written)
    assert not nodeinits._plain(KeywordOnly)
    assert nodeinits._plain(cst.Name)


def test_a_field_set_through_a_property_is_refused() -> None:
    class Shown:
        @property
        def value(self) -> str:
            return ""

        @value.setter
        def value(self, text: str) -> None:
            pass

    with pytest.raises(ValueError):
        nodeinits._setter(Shown, "value")
    assert nodeinits._setter(cst.Name, "value") is not None  # a slot
    assert nodeinits._setter(type("Plain", (), {"value": 1}), "value") is None  # a default


@pytest.mark.parametrize(("modules", "storing"), [(STORING_MODULES, True), (3, False)])
def test_a_serial_batch_stores_only_when_it_parses_enough_modules(
    monkeypatch: pytest.MonkeyPatch, modules: int, storing: bool
) -> None:
    from contextlib import contextmanager

    from doxtool.core.serde import to_data
    from doxtool.run import pool
    from doxtool.run.pool import Job, parse_all

    entered: list[bool] = []
    real = nodeinits.installed

    @contextmanager
    def recorded():  # type: ignore[no-untyped-def]
        with real():
            entered.append(True)
            yield

    monkeypatch.setattr(nodeinits, "installed", recorded)
    source = (
        "from helpers.tool import Tool, Response\n\n\nclass T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        name = self.args.get('name', '')\n"
        "        return Response(message=name, break_loop=False)\n"
    )
    jobs = [Job("facts", "tools/t.py", source, frozenset({"helpers"})) for _ in range(modules)]
    results = [to_data(result) for result, _ in parse_all(jobs, 1)]
    assert bool(entered) is storing
    assert len(results) == modules
    alone = to_data(pool.parse(jobs[0]))  # outside any batch: libcst's own constructors
    assert "name" in str(alone)
    assert all(result == alone for result in results)
