"""The cached node-kind checks agree with ``isinstance`` for every libcst class."""

from __future__ import annotations

import inspect

import libcst as cst
import pytest

from doxtool.python.cstnodes import _is_node, is_kind

#: every class libcst exports, abstract or not, and some values that are no node
CLASSES = [value for _, value in inspect.getmembers(cst, inspect.isclass)]
ABSTRACT = [cls for cls in CLASSES if issubclass(cls, cst.CSTNode) and inspect.isabstract(cls)]
CONCRETE = [cls for cls in CLASSES if issubclass(cls, cst.CSTNode) and cls not in ABSTRACT]


class _Plain:
    """An instance of no libcst class, made without calling anything of libcst."""


def _instance(cls: type) -> object:
    """An instance of ``cls`` without its constructor (its fields do not matter here)."""
    return object.__new__(cls)


@pytest.mark.parametrize("abstract", ABSTRACT, ids=lambda cls: cls.__name__)
def test_is_kind_agrees_with_isinstance(abstract: type) -> None:
    values: list[object] = ["text", 1, None, (), [], _Plain(), cst.MaybeSentinel.DEFAULT]
    values += [_instance(cls) for cls in CONCRETE]
    for value in values:
        assert is_kind(value, abstract) is isinstance(value, abstract), (value, abstract)


def test_is_node_agrees_with_isinstance() -> None:
    assert len(ABSTRACT) > 5 and len(CONCRETE) > 100  # CSTNode, BaseExpression, ...
    values: list[object] = ["text", 1, None, (), [], _Plain(), cst.MaybeSentinel.DEFAULT]
    values += [_instance(cls) for cls in CONCRETE]
    for value in values:
        assert _is_node(value) is isinstance(value, cst.CSTNode), value
