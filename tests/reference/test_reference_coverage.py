"""The CASES table covers every way each reference tool can answer."""

from __future__ import annotations

import ast
from collections import defaultdict

import pytest
from runtime import CASES, REPO_ROOT, observed_outcomes

TOOL_MODULES = sorted(
    path.relative_to(REPO_ROOT).as_posix() for path in REPO_ROOT.glob("tools/*.py")
)


def _exit_lines(path: str) -> set[tuple[int, str | None]]:
    """(line, exception) of each ``return Response(...)`` and ``raise X(...)`` in a module."""
    found = set()
    for node in ast.walk(ast.parse((REPO_ROOT / path).read_text())):
        call = node.value if isinstance(node, ast.Return) else getattr(node, "exc", None)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name):
            if isinstance(node, ast.Return) and call.func.id == "Response":
                found.add((node.lineno, None))
            elif isinstance(node, ast.Raise):
                found.add((node.lineno, call.func.id))
    return found


@pytest.fixture(scope="module")
def observed() -> dict[str, set[tuple[int, str | None]]]:
    by_path = defaultdict(set)
    for path, line, _break_loop, exception in observed_outcomes():
        by_path[path].add((line, exception))
    return by_path


def test_every_tool_module_has_cases() -> None:
    assert sorted({case.path for case in CASES}) == TOOL_MODULES


@pytest.mark.parametrize("path", TOOL_MODULES)
def test_every_return_and_raise_is_exercised(path: str, observed) -> None:
    assert observed[path] == _exit_lines(path)


def test_case_ids_are_unique() -> None:
    ids = [case.id for case in CASES]
    assert len(ids) == len(set(ids))
