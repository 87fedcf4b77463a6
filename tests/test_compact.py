"""Compacted facts: every empty list one shared read-only list, equal strings
one string, the facts themselves unchanged; and a cold run's pool forked
before the run reads the files it hands over."""

from __future__ import annotations

import copy
import os
import pickle
from pathlib import Path

import pytest

from doxtool.core.compact import EMPTY, compact
from doxtool.core.serde import encode, to_data
from doxtool.python.extract import extract_module
from doxtool.run import pool as pool_module
from doxtool.run.pool import Job, Packed, forked_early, parse, parse_all, unpacked

REPO = Path(__file__).resolve().parent.parent
TOOLS = sorted((REPO / "tools").glob("*.py"))


def _facts(path: Path):  # type: ignore[no-untyped-def]
    rel = path.relative_to(REPO).as_posix()
    return extract_module(path.read_text(encoding="utf-8"), rel, ["helpers"])


def _lists(obj: object, found: list[list[object]]) -> list[list[object]]:
    """Every list inside ``obj``'s fields, at every depth."""
    if isinstance(obj, list):
        found.append(obj)
        for item in obj:
            _lists(item, found)
    elif hasattr(obj, "__dataclass_fields__"):
        for name in obj.__dataclass_fields__:  # type: ignore[attr-defined]
            _lists(getattr(obj, name), found)
    return found


@pytest.mark.parametrize("path", TOOLS[:6], ids=lambda p: p.name)
def test_compacted_facts_are_equal_and_share_their_empty_lists(path: Path) -> None:
    before = _facts(path)
    expected_data, expected_text = to_data(before), encode(before)
    empties = [item for item in _lists(before, []) if not item]
    assert empties, "a module's facts hold empty lists"
    after = compact(before)
    assert after is before
    assert to_data(after) == expected_data
    assert encode(after) == expected_text
    assert after == _facts(path)  # a fresh extraction compares equal
    assert all(item is EMPTY for item in _lists(after, []) if not item)
    # equal strings are one object
    # the shared list pickles to itself, and copies to a fresh list
    again = pickle.loads(pickle.dumps(after, pickle.HIGHEST_PROTOCOL))
    assert again == after
    assert all(item is EMPTY for item in _lists(again, []) if not item)
    assert copy.deepcopy(EMPTY) == [] and copy.deepcopy(EMPTY) is not EMPTY


def test_compaction_interns_equal_strings_of_one_result() -> None:
    facts = compact(_facts(REPO / "tools" / "wait.py"))
    strings: dict[str, int] = {}
    stack: list[object] = [facts]
    while stack:
        obj = stack.pop()
        if type(obj) is str:
            assert strings.setdefault(obj, id(obj)) == id(obj), obj
        elif isinstance(obj, list):
            stack.extend(obj)
        elif hasattr(obj, "__dataclass_fields__"):
            stack.extend(getattr(obj, n) for n in obj.__dataclass_fields__)  # type: ignore[attr-defined]
    assert len(strings) > 10


@pytest.mark.parametrize(
    "change",
    [
        lambda items: items.append(1),
        lambda items: items.extend([1]),
        lambda items: items.insert(0, 1),
        lambda items: items.__iadd__([1]),
        lambda items: items.__setitem__(slice(0, 0), [1]),
    ],
)
def test_the_shared_empty_list_refuses_to_grow(change) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(TypeError, match="read-only"):
        change(EMPTY)
    assert EMPTY == [] and len(EMPTY) == 0
    assert EMPTY + [1] == [1] and EMPTY * 3 == []  # noqa: RUF005  (a new list)


def test_parsed_facts_come_compacted() -> None:
    path = REPO / "tools" / "wait.py"
    job = Job("facts", "tools/wait.py", path.read_text(encoding="utf-8"), frozenset({"helpers"}))
    facts = parse(job)
    assert any(item is EMPTY for item in _lists(facts, []))


@pytest.mark.skipif(os.name != "posix", reason="forked pools")
def test_a_pool_forked_early_parses_the_batch_and_ends() -> None:
    jobs = [
        Job("facts", p.relative_to(REPO).as_posix(), p.read_text("utf-8"), frozenset({"helpers"}))
        for p in TOOLS
    ] * 2
    assert len(jobs) >= pool_module.MIN_PARALLEL
    expected = [to_data(parse(job)) for job in jobs]
    with forked_early(2) as pool:
        assert pool is not None
        workers = list(pool._processes.values())
        assert len(workers) == 2 and all(w.is_alive() for w in workers)
        results = [r for r, _ in parse_all(jobs, 2, pool=pool)]
    assert all(type(r) is Packed for r in results)
    assert [to_data(unpacked(r)) for r in results] == expected
    for worker in workers:
        worker.join(10)
        assert not worker.is_alive()


@pytest.mark.skipif(os.name != "posix", reason="forked pools")
def test_an_early_pool_a_small_batch_does_not_use_is_ended() -> None:
    jobs = [Job("facts", "tools/wait.py", (REPO / "tools/wait.py").read_text("utf-8"))]
    with forked_early(2) as pool:
        assert pool is not None
        workers = list(pool._processes.values())
        results = [to_data(unpacked(r)) for r, _ in parse_all(jobs, 2, pool=pool)]
    assert results == [to_data(parse(jobs[0]))]
    for worker in workers:
        worker.join(10)
        assert not worker.is_alive()
    with forked_early(1) as none:
        assert none is None
