"""Every rule's own examples: quiet on the valid ones, firing on the invalid ones.

Each example is a small repository written to a temporary directory and
checked with only that rule selected, as ``doxtool check --select CODE`` would.
Fixable rules must also be quiet once ``--fix`` has run, and a second fix
run must change nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool import api
from doxtool.rules import ALL_RULES
from doxtool.rules.base import Example, Rule


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def _check(root: Path, rule: type[Rule], fix: bool = False) -> api.CheckReport:
    project = api.load_project(root, cwd=root)
    return api.check(project, select=[rule.code], fix=fix)


def _cases(kind: str) -> list[tuple[type[Rule], int, Example]]:
    return [
        pytest.param(rule, i, ex, id=f"{rule.code}-{kind}-{i}")
        for rule in ALL_RULES
        for i, ex in enumerate(getattr(rule, kind))
    ]


def test_every_rule_has_examples_and_docs() -> None:
    codes = [rule.code for rule in ALL_RULES]
    assert len(codes) == len(set(codes)), "rule codes are unique"
    names = [rule.name for rule in ALL_RULES]
    assert len(names) == len(set(names)), "rule names are unique"
    for rule in ALL_RULES:
        assert rule.valid, f"{rule.code} has no valid example"
        assert rule.invalid, f"{rule.code} has no invalid example"
        for part in ("**What it checks.**", "**Why it matters.**", "**Example.**"):
            assert part in rule.doc, f"{rule.code} documentation lacks {part}"


@pytest.mark.parametrize(("rule", "index", "example"), _cases("valid"))
def test_valid_example_is_quiet(
    tmp_path: Path, rule: type[Rule], index: int, example: Example
) -> None:
    _write(tmp_path, example.files)
    report = _check(tmp_path, rule)
    assert [f for f in report.findings if f.code == rule.code] == []


@pytest.mark.parametrize(("rule", "index", "example"), _cases("invalid"))
def test_invalid_example_fires(
    tmp_path: Path, rule: type[Rule], index: int, example: Example
) -> None:
    _write(tmp_path, example.files)
    report = _check(tmp_path, rule)
    found = [f for f in report.findings if f.code == rule.code]
    assert found, f"{rule.code} did not fire"
    for expect in example.expect:
        matches = [
            f
            for f in found
            if f.path == expect.path
            and (expect.line is None or f.line == expect.line)
            and expect.contains in f.message
        ]
        assert matches, f"expected {expect} among {[(f.path, f.line, f.message) for f in found]}"
    if rule.fixable and example.fixed_clean:
        assert all(f.fixable for f in found), "a fixable rule offers a fix for each finding"
        fixed = _check(tmp_path, rule, fix=True)
        assert [f for f in fixed.findings if f.code == rule.code] == []
        before = _snapshot(tmp_path)
        again = _check(tmp_path, rule, fix=True)
        assert again.fixed == 0
        assert _snapshot(tmp_path) == before


def _snapshot(root: Path) -> dict[Path, bytes]:
    """Every project file's bytes (the cache directory is doxtool's own)."""
    return {
        p: p.read_bytes()
        for p in root.rglob("*")
        if p.is_file() and ".doxtool_cache" not in p.relative_to(root).parts
    }
