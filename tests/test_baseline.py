"""Baselines through the real CLI: write, check against, prune; matched without lines."""

from __future__ import annotations

import json
from pathlib import Path

from samples import UNTIL_PY, clean_files, tool_named

from doxtool.rules.examples import WAIT_PY

DEFAULT = ".doxtool-baseline.json"


def _drifted(make_repo) -> Path:
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY  # DOX111
    files["tools/other.py"] = WAIT_PY.replace("WaitTool", "OtherTool")  # DOX001, PRM001
    return make_repo(files)


def _entries(path: Path) -> list[tuple[str, str]]:
    return [(e["code"], e["path"]) for e in json.loads(path.read_text())["findings"]]


def test_write_records_every_finding_deterministically(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    result = run_cli(root, "baseline", "write")
    assert result.exit_code == 0, result.output
    assert result.stdout == f"Wrote 3 findings to {DEFAULT}.\n"
    # no check reads it unless told: the line says how (it said nothing)
    assert result.stderr == (
        f"doxtool: `doxtool check` reads it given `--baseline {DEFAULT}`,"
        f' or with `baseline = "{DEFAULT}"` in the configuration\n'
    )
    data = (root / DEFAULT).read_bytes()
    assert _entries(root / DEFAULT) == [
        ("DOX001", "tools/other.py"),
        ("PRM001", "tools/other.py"),
        ("DOX111", "tools/wait.py.dox.md"),
    ]
    first = json.loads(data)["findings"][0]
    assert first == {
        "code": "DOX001",
        "message": "module has no companion `tools/other.py.dox.md`",
        "path": "tools/other.py",
        "subject": "tools/other.py:companion",
    }
    assert data.endswith(b"}\n") and json.loads(data)["doxtool-baseline"] == 1
    run_cli(root, "baseline", "write")
    assert (root / DEFAULT).read_bytes() == data, "rewriting changes no byte"


def test_check_reports_only_new_findings_even_after_code_moves(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    run_cli(root, "baseline", "write")
    quiet = run_cli(root, "check", "--baseline", DEFAULT)
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stdout == "All checks passed.\n"
    assert quiet.stderr == f"doxtool: baseline {DEFAULT}: 3 known findings hidden, 0 look fixed\n"
    # moving code and prose shifts every line: nothing comes back
    wait = root / "tools/wait.py"
    wait.write_text('"""Wait."""\n\n\n' + wait.read_text())
    dox = root / "tools/wait.py.dox.md"
    dox.write_text(dox.read_text().replace("## Runtime Contracts\n", "## Runtime Contracts\n\n"))
    assert run_cli(root, "check", "--baseline", DEFAULT).exit_code == 0
    # a new finding is reported
    wait.write_text(
        wait.read_text().replace(
            "        until =", '        since = self.args.get("since", "")\n        until ='
        )
    )
    new = run_cli(root, "check", "--baseline", DEFAULT)
    assert new.exit_code == 1
    assert "`since`" in new.stdout and "`until`" not in new.stdout
    assert new.stdout.splitlines()[-1] == "Found 1 finding (1 fixable with `doxtool check --fix`)."


def test_fixed_findings_are_counted_and_pruned_never_added(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    run_cli(root, "baseline", "write")
    for rel, text in tool_named("other").items():
        (root / rel).write_text(text)
    (root / "tools/wait.py").write_text(UNTIL_PY.replace('"until"', '"till"'))
    result = run_cli(root, "check", "--baseline", DEFAULT)
    assert result.exit_code == 1, "`till` is new"
    assert result.stderr == (
        f"doxtool: baseline {DEFAULT}: 0 known findings hidden, 3 look fixed "
        "(`doxtool baseline prune` drops them)\n"
    )
    assert run_cli(root, "check", "--baseline", DEFAULT, "-q").stderr == ""
    (root / "tools/wait.py").write_text(UNTIL_PY)
    before = (root / DEFAULT).read_text()
    pruned = run_cli(root, "baseline", "prune")
    assert pruned.exit_code == 0
    assert pruned.output == f"Removed 2 of 3 from {DEFAULT}.\n"
    assert _entries(root / DEFAULT) == [("DOX111", "tools/wait.py.dox.md")]
    assert (
        json.loads(before)["findings"][2] == json.loads((root / DEFAULT).read_text())["findings"][0]
    ), "kept entries are kept as they were"
    # a new finding is never added by prune
    (root / "tools/other.py").write_text(UNTIL_PY.replace("WaitTool", "OtherTool"))
    again = run_cli(root, "baseline", "prune", DEFAULT)
    assert again.output == f"Removed 0 of 1 from {DEFAULT}.\n"
    assert _entries(root / DEFAULT) == [("DOX111", "tools/wait.py.dox.md")]


def test_runs_over_paths_count_as_fixed_only_what_they_checked(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    run_cli(root, "baseline", "write")
    (root / "tools/wait.py").write_text(WAIT_PY)
    result = run_cli(root, "check", "--baseline", DEFAULT, "tools/wait.py")
    assert result.exit_code == 0
    assert "0 known findings hidden, 1 looks fixed" in result.stderr


def test_configured_baseline_is_written_and_used(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    (root / "pyproject.toml").write_text('[tool.doxtool]\nbaseline = "ci/accepted.json"\n')
    written = run_cli(root, "baseline", "write")
    assert written.exit_code == 0
    assert written.output == "Wrote 3 findings to ci/accepted.json.\n"
    result = run_cli(root, "check")
    assert result.exit_code == 0, result.output
    assert "3 known findings hidden" in result.stderr
    (root / "other.json").write_text('{"doxtool-baseline": 1, "findings": []}\n')
    overridden = run_cli(root, "check", "--baseline", "other.json")
    assert overridden.exit_code == 1, "--baseline wins over the configured file"


def test_baseline_errors_exit_two(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    missing = run_cli(root, "check", "--baseline", "nope.json")
    assert missing.exit_code == 2
    assert missing.output == (
        "doxtool: error: nope.json: baseline file not found "
        "(write one with `doxtool baseline write`)\n"
    )
    (root / "bad.json").write_text("{not json")
    assert "invalid JSON" in run_cli(root, "check", "--baseline", "bad.json").output
    (root / "other.json").write_text('{"findings": []}')
    wrong = run_cli(root, "check", "--baseline", "other.json")
    assert wrong.exit_code == 2 and "not a doxtool baseline" in wrong.output
    (root / "shape.json").write_text('{"doxtool-baseline": 1, "findings": [{"code": 1}]}')
    shape = run_cli(root, "check", "--baseline", "shape.json")
    assert shape.exit_code == 2 and "finding 1 needs string" in shape.output
    assert run_cli(root, "baseline", "prune").exit_code == 2
    outside = run_cli(root, "baseline", "write", "/tmp/../outside-baseline.json")
    assert outside.exit_code == 2 and "outside the project root" in outside.output
    assert run_cli(root, "baseline").exit_code == 2, "a subcommand is required"


def test_root_and_config_options(make_repo, run_cli, tmp_path: Path) -> None:
    root = _drifted(make_repo)
    (root / "strict.toml").write_text('select = ["DOX1"]\nbaseline = "accepted.json"\n')
    elsewhere = tmp_path.parent
    args = ("--root", str(root), "--config", str(root / "strict.toml"))
    written = run_cli(elsewhere, "baseline", "write", *args)
    assert written.output == "Wrote 1 finding to accepted.json.\n"
    assert run_cli(elsewhere, "check", *args).exit_code == 0
    pruned = run_cli(elsewhere, "baseline", "prune", *args)
    assert pruned.output == "Removed 0 of 1 from accepted.json.\n"


def test_no_baseline_reports_every_finding(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    (root / "pyproject.toml").write_text(f'[tool.doxtool]\nbaseline = "{DEFAULT}"\n')
    run_cli(root, "baseline", "write")
    assert run_cli(root, "check").exit_code == 0
    every = run_cli(root, "check", "--no-baseline")
    assert every.exit_code == 1
    assert every.stdout.endswith("Found 3 findings (2 fixable with `doxtool check --fix`).\n")
    assert "baseline" not in every.stderr
    both = run_cli(root, "check", "--no-baseline", "--baseline", DEFAULT)
    assert both.exit_code == 2
    assert both.stderr == "doxtool: error: --baseline and --no-baseline exclude each other\n"


def test_moving_code_changes_no_byte_of_the_baseline(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    run_cli(root, "baseline", "write")
    data = (root / DEFAULT).read_bytes()
    (message,) = [e["message"] for e in json.loads(data)["findings"] if e["code"] == "DOX111"]
    assert message == "argument `until` is read at tools/wait.py but not documented"
    wait = root / "tools/wait.py"
    wait.write_text('"""Wait."""\n\n\n' + wait.read_text())
    moved = run_cli(root, "check", "--no-baseline")
    assert "is read at tools/wait.py:10 but not documented" in moved.stdout
    run_cli(root, "baseline", "write")
    assert (root / DEFAULT).read_bytes() == data


def test_files_are_named_from_the_root_however_they_were_given(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    (root / "ci").mkdir()
    given = ["ci/accepted.json", str(root / "ci/accepted.json"), "./ci/../ci/accepted.json"]
    for name in given:
        written = run_cli(root, "baseline", "write", name)
        assert written.stdout == "Wrote 3 findings to ci/accepted.json.\n", name
        checked = run_cli(root, "check", "--baseline", name)
        assert checked.stderr == (
            "doxtool: baseline ci/accepted.json: 3 known findings hidden, 0 look fixed\n"
        ), name
        pruned = run_cli(root, "baseline", "prune", name)
        assert pruned.output == "Removed 0 of 3 from ci/accepted.json.\n", name
    from_below = run_cli(root / "ci", "baseline", "write", "accepted.json")
    assert from_below.stdout == "Wrote 3 findings to ci/accepted.json.\n"
    assert "given `--baseline accepted.json`" in from_below.stderr  # from where it runs


def test_a_baseline_that_changed_nothing_prints_nothing(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    (root / "pyproject.toml").write_text(f'[tool.doxtool]\nbaseline = "{DEFAULT}"\n')
    run_cli(root, "baseline", "write")
    clean = run_cli(root, "check")
    assert (clean.exit_code, clean.stdout, clean.stderr) == (0, "All checks passed.\n", "")
    (root / "tools/wait.py").write_text(UNTIL_PY)
    new = run_cli(root, "check", "tools/wait.py")  # as a pre-commit hook runs it
    assert new.exit_code == 1
    assert new.stderr == ""


def test_write_never_overwrites_a_file_that_is_not_a_baseline(make_repo, run_cli) -> None:
    root = _drifted(make_repo)
    module = (root / "tools/wait.py").read_bytes()
    for target in ("tools/wait.py", "pyproject.toml", "notes.json"):
        path = root / target
        if not path.exists():
            text = '[project]\nname = "x"\n' if target.endswith(".toml") else '{"mine": 1}\n'
            path.write_text(text, encoding="utf-8")
        before = path.read_bytes()
        result = run_cli(root, "baseline", "write", target)
        assert result.exit_code == 2, result.output
        assert result.output == (
            f"doxtool: error: {target}: exists and is not a doxtool baseline;"
            " not overwritten (remove it, or name another file)\n"
        )
        assert path.read_bytes() == before
    assert (root / "tools/wait.py").read_bytes() == module

    # a baseline, or an empty file, is written over
    assert run_cli(root, "baseline", "write", "accepted.json").exit_code == 0
    assert run_cli(root, "baseline", "write", "accepted.json").exit_code == 0
    for placeholder in (b"", b"{}\n"):
        (root / "empty.json").write_bytes(placeholder)
        assert run_cli(root, "baseline", "write", "empty.json").exit_code == 0
        assert len(_entries(root / "empty.json")) == 3
    # the configured baseline is the baseline, whatever it holds now
    (root / "pyproject.toml").write_text('[tool.doxtool]\nbaseline = "mine.json"\n')
    (root / "mine.json").write_text('{"mine": 1}\n')
    assert run_cli(root, "baseline", "write").exit_code == 0
    assert len(_entries(root / "mine.json")) == 3


def test_a_baseline_too_deep_of_another_version_or_a_directory_is_refused(
    make_repo, run_cli
) -> None:
    root = _drifted(make_repo)
    (root / "deep.json").write_text(
        '{"doxtool-baseline": 1, "findings": ' + "[" * 100_000 + "]" * 100_000 + "}"
    )
    (root / "true.json").write_text('{"doxtool-baseline": true, "findings": []}')
    (root / "float.json").write_text('{"doxtool-baseline": 1.0, "findings": []}')
    (root / "dir.json").mkdir()
    expected = {
        "deep.json": "deep.json: not a doxtool baseline: nested too deeply",
        "true.json": "true.json: not a doxtool baseline (expected `doxtool-baseline: 1`)",
        "float.json": "float.json: not a doxtool baseline (expected `doxtool-baseline: 1`)",
        "dir.json": "dir.json: is a directory, not a baseline file",
    }
    for name, message in expected.items():
        for args in (("check", "--no-cache", "--baseline", name), ("baseline", "prune", name)):
            result = run_cli(root, *args)
            assert (result.exit_code, result.output) == (2, f"doxtool: error: {message}\n")
        written = run_cli(root, "baseline", "write", name)
        assert written.exit_code == 2
        assert "exists and is not a doxtool baseline; not overwritten" in written.output
    (root / "pyproject.toml").write_text('[tool.doxtool]\nbaseline = "dir.json"\n')
    configured = run_cli(root, "check", "--no-cache")
    assert configured.exit_code == 2
    assert configured.output.endswith(
        "`baseline` names dir.json, which is a directory, not a baseline file\n"
    )


def test_what_a_person_added_to_a_baseline_is_kept(make_repo, run_cli) -> None:
    """A note on why a finding is accepted, in an entry or beside the
    findings, stays through `prune` and through `write` of the same entry."""
    root = _drifted(make_repo)
    run_cli(root, "baseline", "write")
    path = root / DEFAULT
    data = json.loads(path.read_text())
    data["owner"] = "team tools"
    for entry in data["findings"]:
        entry["reason"] = f"accepted: {entry['code']} is known"
    path.write_text(json.dumps(data))
    for command in ("prune", "write"):
        result = run_cli(root, "baseline", command)
        assert result.exit_code == 0, result.output
        kept = json.loads(path.read_text())
        assert kept["owner"] == "team tools", command
        assert [e["reason"] for e in kept["findings"]] == [
            f"accepted: {code} is known" for code, _ in _entries(path)
        ], command
    # an entry pruned goes with its note; the others keep theirs
    for rel, text in tool_named("other").items():
        (root / rel).write_text(text)
    assert run_cli(root, "baseline", "prune").output == f"Removed 2 of 3 from {DEFAULT}.\n"
    assert json.loads(path.read_text())["findings"][0]["reason"] == "accepted: DOX111 is known"
    assert run_cli(root, "check", "--baseline", DEFAULT).exit_code == 0
