"""The extractor's static facts, proven against real execution of the reference tools.

Every reference tool runs on each of its paths (the ``CASES`` of ``runtime``);
the line of the ``return Response(...)`` (or ``raise``) that answered and the
runtime ``break_loop`` must be exactly an outcome (or a raise) that
``doxtool inspect`` reports for that line.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from runtime import CASES, observed_outcomes

from doxtool.cli import cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def static_facts() -> dict[str, dict]:
    paths = sorted({case.path for case in CASES})
    result = CliRunner().invoke(
        cli, ["inspect", "--json", "--root", str(ROOT), *[str(ROOT / p) for p in paths]]
    )
    assert result.exit_code == 0, result.output
    return {module["path"]: module for module in json.loads(result.output)}


def _first_tool(facts: dict[str, dict], path: str) -> dict:
    (tool, *_) = facts[path]["tools"]
    return tool


def test_every_runtime_outcome_is_a_static_outcome(static_facts: dict[str, dict]) -> None:
    observed = observed_outcomes()
    assert observed, "the reference cases ran"
    for path, line, break_loop, exception in observed:
        tool = _first_tool(static_facts, path)
        if exception is not None:
            raised = {(r["line"], r["exception"]) for r in tool["raises"]}
            assert (line, exception) in raised, (
                f"{path}:{line} raises {exception}; static: {raised}"
            )
            continue
        outcomes = {o["line"]: o for o in tool["outcomes"]}
        assert line in outcomes, (
            f"{path}:{line} returned a Response; static lines: {sorted(outcomes)}"
        )
        static = outcomes[line]["break_loop"]
        assert static in (break_loop, "dynamic"), (
            f"{path}:{line}: runtime {break_loop}, static {static}"
        )


def test_every_static_outcome_is_exercised(static_facts: dict[str, dict]) -> None:
    observed = {(path, line) for path, line, _, _ in observed_outcomes()}
    for path, module in static_facts.items():
        for tool in module["tools"]:
            for outcome in tool["outcomes"]:
                assert (path, outcome["line"]) in observed, (
                    f"no case reaches {path}:{outcome['line']}"
                )


def test_dynamic_outcomes_take_both_values_at_runtime(static_facts: dict[str, dict]) -> None:
    observed = observed_outcomes()
    for path in static_facts:
        for outcome in _first_tool(static_facts, path)["outcomes"]:
            if outcome["break_loop"] != "dynamic":
                continue
            values = {b for p, line, b, _ in observed if p == path and line == outcome["line"]}
            assert values == {True, False}, f"{path}:{outcome['line']} took {values}"
