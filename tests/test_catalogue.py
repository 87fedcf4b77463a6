"""``doxtool rules`` and ``doxtool explain`` through the real CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

from doxtool.rules import ALL_RULES


def test_rules_lists_code_name_fixable_and_default(run_cli, tmp_path: Path) -> None:
    result = run_cli(tmp_path, "rules")
    assert result.exit_code == 0
    rows = [line.split(None, 4) for line in result.output.splitlines()]
    assert [row[0] for row in rows] == [rule.code for rule in ALL_RULES]
    for row, rule in zip(rows, ALL_RULES, strict=True):
        assert row[1] == rule.name
        assert row[2] == ("fix" if rule.fixable else "-")
        assert row[3] == ("on" if rule.default_enabled else "off")
        assert row[4] == rule.summary
    assert "DOX001  missing-companion" in result.output
    assert "DOX900  unused-suppression" in result.output
    assert "DOX901  malformed-suppression" in result.output


def test_rules_as_json(run_cli, tmp_path: Path) -> None:
    result = run_cli(tmp_path, "rules", "--format", "json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert [item["code"] for item in data] == [rule.code for rule in ALL_RULES]
    first = data[0]
    assert set(first) == {
        "code",
        "name",
        "summary",
        "severity",
        "fixable",
        "default_enabled",
        "doc",
    }
    assert first["code"] == "DOX001" and first["fixable"] is True
    assert "**What it checks.**" in first["doc"]
    assert run_cli(tmp_path, "rules", "--format", "xml").exit_code == 2


def test_explain_prints_the_documentation(run_cli, tmp_path: Path) -> None:
    result = run_cli(tmp_path, "explain", "DOX900")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "# DOX900 unused-suppression"
    assert lines[2] == "A suppression comment suppresses no finding."
    assert lines[4] == (
        "Severity: warning, on by default. A safe fix exists (`doxtool check --fix`)."
    )
    for part in ("**What it checks.**", "**Why it matters.**", "**Example.**"):
        assert part in result.output


def test_explain_takes_a_name_or_a_lower_case_code(run_cli, tmp_path: Path) -> None:
    by_name = run_cli(tmp_path, "explain", "malformed-suppression")
    by_code = run_cli(tmp_path, "explain", "dox901")
    assert by_name.exit_code == by_code.exit_code == 0
    assert by_name.output == by_code.output
    assert "No automatic fix." in by_code.output


def test_explain_unknown_rule_is_a_usage_error(run_cli, tmp_path: Path) -> None:
    result = run_cli(tmp_path, "explain", "XYZ999")
    assert result.exit_code == 2
    assert result.output == "doxtool: error: unknown rule `XYZ999` (see `doxtool rules`)\n"
    assert run_cli(tmp_path, "explain").exit_code == 2


def test_the_readme_rules_section_names_every_rule_and_no_other() -> None:
    """A reader of the README's Rules section finds each code `doxtool rules`
    lists (DOX103, DOX104, DOX141 and PRM005 were described by no code, or not
    at all), and no code doxtool does not have."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Rules\n", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`((?:DOX|PRM)\d{3})`", section))
    assert named == {rule.code for rule in ALL_RULES}
    everywhere = set(re.findall(r"\b(?:DOX|PRM)\d{3}\b", readme))
    assert everywhere <= {rule.code for rule in ALL_RULES}
