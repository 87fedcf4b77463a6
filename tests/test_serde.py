"""Fact dataclasses to JSON-ready data and back (:mod:`doxtool.core.serde`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from doxtool.core import serde
from doxtool.core.facts import ModuleFacts
from doxtool.python.extract import extract_module

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(params=["general", "written out"], autouse=True)
def regime(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Every test runs with the general converters and with the ones written
    out per class (which a class gets after :data:`serde.WRITE_OUT_AFTER`
    conversions; here after its first)."""
    written = request.param == "written out"
    monkeypatch.setattr(serde, "WRITE_OUT_AFTER", 1 if written else 10**9)
    serde._converter.cache_clear()
    serde._ENCODERS.clear()
    yield request.param
    serde._converter.cache_clear()
    serde._ENCODERS.clear()


def to_data(obj: Any, exclude: frozenset[str] = frozenset()) -> Any:
    """:func:`serde.to_data`, twice: the first call may write the encoders out."""
    first = serde.to_data(obj, exclude)
    second = serde.to_data(obj, exclude)
    assert first == second
    return second


def from_data(cls: Any, data: Any) -> Any:
    """:func:`serde.from_data`, twice: the first call may write the decoders out."""
    try:
        first = serde.from_data(cls, data)
    except ValueError:
        with pytest.raises(ValueError):
            serde.from_data(cls, data)
        raise
    second = serde.from_data(cls, data)
    assert first == second
    return second


def reference(obj: Any, exclude: frozenset[str] = frozenset()) -> Any:
    """The plain recursive walk :func:`to_data` must agree with."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {
            f.metadata.get("json", f.name): reference(getattr(obj, f.name), exclude)
            for f in dataclasses.fields(obj)
            if f.metadata.get("json", f.name) not in exclude
        }
    if isinstance(obj, (list, tuple)):
        return [reference(item, exclude) for item in obj]
    if isinstance(obj, dict):
        return {str(k): reference(v, exclude) for k, v in obj.items()}
    return obj


@dataclass
class Leaf:
    name: str
    class_name: str = field(default="", metadata={"json": "class"})
    weight: float = 0.0


@dataclass
class Branch:
    leaves: list[Leaf] = field(default_factory=list)
    pair: tuple[int, str] = (0, "")
    table: dict[str, Leaf] = field(default_factory=dict)
    maybe: Leaf | None = None
    flags: list[bool] = field(default_factory=list)
    #: a value of another type than the hint: taken as it is, not converted
    loose: Any = None


def sample() -> Branch:
    return Branch(
        leaves=[Leaf("a", "A", 1.5), Leaf("b")],
        pair=(3, "x"),
        table={"k": Leaf("c", "C")},
        maybe=Leaf("d"),
        flags=[True, False],
        loose=[Leaf("e"), ("t", 1), {2: None}],
    )


def test_fields_renamed_nested_and_mixed_values() -> None:
    data = to_data(sample())
    assert data == reference(sample())
    assert data["leaves"][0] == {"name": "a", "class": "A", "weight": 1.5}
    assert data["pair"] == [3, "x"]
    assert data["table"] == {"k": {"name": "c", "class": "C", "weight": 0.0}}
    assert data["loose"] == [{"name": "e", "class": "", "weight": 0.0}, ["t", 1], {"2": None}]
    assert list(data) == ["leaves", "pair", "table", "maybe", "flags", "loose"]


def test_excluded_keys_are_left_out_at_every_depth() -> None:
    data = to_data(sample(), frozenset({"class", "flags"}))
    assert data == reference(sample(), frozenset({"class", "flags"}))
    assert "flags" not in data
    assert data["leaves"][0] == {"name": "a", "weight": 1.5}
    assert data["table"]["k"] == {"name": "c", "weight": 0.0}


def test_scalars_and_plain_containers_pass_through() -> None:
    for value in (None, True, 3, 2.5, "text", [1, "a", None], (1, 2), {"a": [1]}):
        assert to_data(value) == reference(value)


def test_every_fact_of_this_repository_as_the_reference_walk_has_it(regime: str) -> None:
    modules = sorted((REPO / "doxtool").rglob("*.py")) + sorted((REPO / "tools").glob("*.py"))
    assert len(modules) > 100
    for path in modules:
        rel = path.relative_to(REPO).as_posix()
        facts = extract_module(path.read_text(encoding="utf-8"), rel, ["doxtool", "tools"])
        data = to_data(facts)
        assert data == reference(facts), rel
        assert from_data(ModuleFacts, data) == facts, rel
    written = {
        encoder.__code__.co_filename
        for encoder in serde._ENCODERS.values()
        if encoder.__code__.co_filename.startswith("<doxtool encoder of ")
    }
    assert bool(written) == (regime == "written out")
    assert ("<doxtool encoder of ModuleFacts>" in written) == (regime == "written out")


@dataclass
class Node:
    label: str
    size: int = 0
    ratio: float = 0.0
    done: bool = False
    note: str | None = None
    children: list[Node] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)


def test_a_dataclass_that_holds_itself_round_trips() -> None:
    tree = Node("root", 2, 0.5, True, "n", [Node("leaf", tags=["a", "b"]), Node("other")], ["t"])
    assert from_data(Node, to_data(tree)) == tree
    assert from_data(Node, {"label": "x"}) == Node("x")  # missing fields: the defaults
    assert from_data(Node, {"label": "x", "extra": 1}) == Node("x")  # unknown keys: ignored
    assert from_data(Node, {"label": "x", "ratio": 2}).ratio == 2  # an integer is a number


def test_data_of_the_wrong_shape_is_refused() -> None:
    bad: list[Any] = [
        ["label"],
        {"size": 1},  # a required field missing
        {"label": 3},
        {"label": "x", "size": True},  # a boolean is not an integer
        {"label": "x", "size": "1"},
        {"label": "x", "done": 1},
        {"label": "x", "ratio": "0.5"},
        {"label": "x", "note": 5},
        {"label": "x", "tags": "ab"},
        {"label": "x", "tags": ["a", 1]},
        {"label": "x", "children": [{"label": 1}]},
        {"label": "x", "children": [{"size": 1}]},
        {"label": "x", "children": {"label": "y"}},
    ]
    from_data(Node, {"label": "warm", "children": [{"label": "up"}]})
    for data in bad:
        with pytest.raises(ValueError):
            from_data(Node, data)


def test_decoded_lists_are_new_lists() -> None:
    data = {"label": "x", "tags": ["a", "b"]}
    node = from_data(Node, data)
    node.tags.append("c")
    assert data["tags"] == ["a", "b"]


def test_fact_classes_have_slots_and_round_trip_through_pickle() -> None:
    """A run holds the facts of every module at once, and a pool pickles them
    back to the parent: a fact carries no per-instance ``__dict__`` (which
    unpickling would make for each), and pickling keeps it whole."""
    import pickle

    from doxtool.core import call_facts, facts, outline_facts, summary_facts

    classes = [
        cls
        for module in (facts, call_facts, outline_facts, summary_facts)
        for cls in vars(module).values()
        if isinstance(cls, type)
        and dataclasses.is_dataclass(cls)
        and cls.__module__ == module.__name__
    ]
    assert len(classes) >= 20
    for cls in classes:
        assert "__slots__" in vars(cls), cls.__name__
    source = (REPO / "doxtool" / "python" / "extract.py").read_text(encoding="utf-8")
    extracted = extract_module(source, "doxtool/python/extract.py", ["doxtool"])
    again = pickle.loads(pickle.dumps(extracted, pickle.HIGHEST_PROTOCOL))
    assert again == extracted
    assert serde.to_data(again) == serde.to_data(extracted)
    assert not hasattr(again, "__dict__")
