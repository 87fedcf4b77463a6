"""A nested switch is on while any of its blocks is open, in any thread."""

from __future__ import annotations

import threading

import pytest

from doxtool.core.nested import NestedSwitch


def _switch() -> tuple[NestedSwitch, list[str]]:
    calls: list[str] = []
    return NestedSwitch(lambda: calls.append("on"), lambda: calls.append("off")), calls


def test_nested_blocks_switch_once() -> None:
    switch, calls = _switch()
    with switch.block():
        with switch.block():
            assert calls == ["on"]
        assert calls == ["on"]  # the outer block is open
    assert calls == ["on", "off"]
    with switch.block():
        pass
    assert calls == ["on", "off", "on", "off"]


def test_a_failing_block_switches_off() -> None:
    switch, calls = _switch()
    with pytest.raises(KeyError), switch.block():
        raise KeyError("x")
    assert calls == ["on", "off"]


def test_blocks_of_threads_ending_in_any_order_switch_off_last() -> None:
    switch, calls = _switch()
    first, second = switch.block(), switch.block()
    first.__enter__()
    entered = threading.Event()
    leave = threading.Event()

    def other() -> None:
        with second:
            entered.set()
            leave.wait(5)

    thread = threading.Thread(target=other)
    thread.start()
    assert entered.wait(5)
    first.__exit__(None, None, None)  # the first block ends before the other thread's
    assert calls == ["on"]
    leave.set()
    thread.join(5)
    assert calls == ["on", "off"]
