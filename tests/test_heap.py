"""The collector is held off during a run and left cheap to run after it."""

from __future__ import annotations

import gc

from doxtool.run.heap import held_collector


def test_what_a_held_run_built_is_old_afterwards() -> None:
    was = gc.isenabled()
    gc.enable()
    try:
        with held_collector():
            assert not gc.isenabled()
            built = [[index] for index in range(50_000)]
        assert gc.isenabled()
        young = {id(obj) for obj in gc.get_objects(generation=0)}
        assert not any(id(item) in young for item in built[::500])
        oldest = {id(obj) for obj in gc.get_objects(generation=2)}
        assert all(id(item) in oldest for item in built[::500])
    finally:
        if not was:
            gc.disable()


def test_a_disabled_collector_stays_disabled() -> None:
    was = gc.isenabled()
    gc.disable()
    try:
        with held_collector():
            pass
        assert not gc.isenabled()
    finally:
        if was:
            gc.enable()


def test_leaving_the_block_collects_nothing() -> None:
    """The run's objects become old before the collector is back on: leaving
    does not start a collection that walks everything the run built."""
    was = gc.isenabled()
    gc.enable()
    collections: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections.append(info["generation"])

    try:
        with held_collector():
            built = [[index] for index in range(50_000)]
            gc.callbacks.append(seen)
        after = [[index] for index in range(10)]
        gc.callbacks.remove(seen)
        assert collections == []
        assert len(built) + len(after) == 50_010
    finally:
        if seen in gc.callbacks:
            gc.callbacks.remove(seen)
        if not was:
            gc.disable()
