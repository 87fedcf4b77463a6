"""The fast parse returns libcst's own tree and leaves libcst and the collector as it found them."""

from __future__ import annotations

import gc
import threading
from pathlib import Path

import libcst as cst
import pytest

from doxtool.core.collector import paused_gc
from doxtool.python.cstparse import parse_module as fast_parse
from doxtool.python.cstparse import unvalidated_nodes

REPO = Path(__file__).resolve().parent.parent

SOURCES = [
    "",
    "x = 1\n",
    "async def f(a, /, b=2, *c, d, **e) -> int:\n    return await g(*c, **e)\n",
    'class A(B, metaclass=M):\n    """doc"""\n\n    @dec\n    def m(self): ...\n',
    "match x:\n    case {'a': [1, *rest]} if rest:\n        pass\n    case _:\n        y = f'{x!r:>{w}}'\n",
    "try:\n    pass\nexcept* (A, B) as e:\n    raise\n",
    "with (a as b, c):\n    lambda: (yield)\n",
    "x = [i for i in range(3) if i] ; y = {k: v for k, v in z}\r\n",
    "if a:\n\tb = not c or d and e\nelif f:  # comment\n    g[1:2, ::3] @= h\n",
]


def _must_validate() -> None:
    with pytest.raises(cst.CSTValidationError):
        cst.Name("not a name")


@pytest.mark.parametrize("source", SOURCES)
def test_tree_is_libcst_tree(source: str) -> None:
    fast = fast_parse(source)
    assert fast.deep_equals(cst.parse_module(source))
    assert fast.code == source


def test_reference_tools_parse_to_the_same_trees() -> None:
    modules = sorted((REPO / "tools").glob("*.py")) + sorted((REPO / "doxtool").rglob("*.py"))
    assert len(modules) > 20
    for path in modules:
        source = path.read_text(encoding="utf-8")
        assert fast_parse(source).deep_equals(cst.parse_module(source)), path


def test_validation_is_back_after_a_parse_and_after_a_failed_one() -> None:
    fast_parse("x = 1\n")
    _must_validate()
    with pytest.raises(cst.ParserSyntaxError):
        fast_parse("def (:\n")
    _must_validate()


def test_nodes_inside_the_block_skip_validation_and_nesting_restores_once() -> None:
    with unvalidated_nodes():
        with unvalidated_nodes():
            assert cst.Name("not a name").value == "not a name"
        assert cst.Name("still not").value == "still not"  # the outer block is open
    _must_validate()


@pytest.mark.parametrize("enabled", [True, False])
def test_collector_state_is_restored(enabled: bool) -> None:
    was = gc.isenabled()
    try:
        (gc.enable if enabled else gc.disable)()
        with paused_gc():
            assert not gc.isenabled()
        assert gc.isenabled() is enabled
        with pytest.raises(cst.ParserSyntaxError):
            fast_parse("class:\n")
        assert gc.isenabled() is enabled
    finally:
        (gc.enable if was else gc.disable)()


def test_parses_in_threads_leave_validation_on() -> None:
    source = (REPO / "tools" / "scheduler.py").read_text(encoding="utf-8")
    errors: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(5):
                fast_parse(source)
                with pytest.raises(cst.ParserSyntaxError):
                    fast_parse("(\n")
        except BaseException as exc:  # reported by the assertion below
            errors.append(exc)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    _must_validate()
