"""``doxtool check`` through the real CLI: output, exit codes, fixes and diffs."""

from __future__ import annotations

import json
from pathlib import Path

from samples import tool_named

from doxtool.rules import ALL_RULES
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

WRAPPER = "## Tools\n{{tools}}\n"
WAIT_PROMPT = """\
### wait
Pause.
args: optional `seconds`
~~~json
{"thoughts": ["x"], "headline": "Waiting", "tool_name": "wait", "tool_args": {"seconds": 1}}
~~~
"""


def _clean_files() -> dict[str, str]:
    return {
        "tools/wait.py": WAIT_PY,
        "tools/wait.py.dox.md": WAIT_DOX,
        "prompts/agent.system.tools.md": WRAPPER,
        "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
    }


def test_clean_repository_exits_zero(make_repo, run_cli) -> None:
    root = make_repo(_clean_files())
    result = run_cli(root, "check")
    assert result.exit_code == 0, result.output
    assert result.output.strip() == "All checks passed."


def test_findings_print_like_a_linter_and_exit_one(make_repo, run_cli) -> None:
    files = _clean_files()
    files["tools/wait.py"] = WAIT_PY.replace(
        "        return Response(", '        until = self.args["until"]\n        return Response('
    )
    root = make_repo(files)
    result = run_cli(root, "check")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (
        "tools/wait.py.dox.md:14:1: DOX111 argument `until` is read at tools/wait.py:7 "
        "but not documented [*]"
    ) in lines
    assert any(
        line.startswith("prompts/agent.system.tool.wait.md:1:") and "PRM004" in line
        for line in lines
    )
    assert lines[-1].startswith("Found ") and "fixable with `doxtool check --fix`" in lines[-1]


def test_exit_zero_and_select_ignore(make_repo, run_cli) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY})
    assert run_cli(root, "check").exit_code == 1
    assert run_cli(root, "check", "--exit-zero").exit_code == 0
    only = run_cli(root, "check", "--select", "DOX001")
    assert {line.split()[1] for line in only.output.splitlines()[:-1]} == {"DOX001"}
    assert run_cli(root, "check", "--ignore", "DOX,PRM").exit_code == 0
    assert run_cli(root, "check", "--select", "NOPE").exit_code == 2


def test_json_format_has_the_documented_keys(make_repo, run_cli) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY})
    result = run_cli(root, "check", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data and all(
        {"code", "message", "path", "line", "column", "severity", "fixable"} <= set(item)
        for item in data
    )
    missing = [item for item in data if item["code"] == "DOX001"]
    assert missing == [
        {
            "code": "DOX001",
            "rule": "missing-companion",
            "message": "module has no companion `tools/wait.py.dox.md`",
            "path": "tools/wait.py",
            "line": 1,
            "column": 1,
            "severity": "error",
            "fixable": True,
            "subject": "tools/wait.py:companion",
            "fix": "create tools/wait.py.dox.md",
        }
    ]


def test_github_format_writes_annotations(make_repo, run_cli) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY})
    result = run_cli(root, "check", "--format", "github", "--select", "DOX001")
    assert result.output.splitlines() == [
        "::error file=tools/wait.py,line=1,col=1,title=DOX001 missing-companion::"
        "DOX001 module has no companion `tools/wait.py.dox.md`"
    ]


def test_sarif_format_lists_rules_and_results(make_repo, run_cli) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY})
    result = run_cli(root, "check", "--format", "sarif", "--select", "DOX001")
    log = json.loads(result.output)
    assert log["version"] == "2.1.0"
    run = log["runs"][0]
    assert [r["id"] for r in run["tool"]["driver"]["rules"]] == [r.code for r in ALL_RULES]
    (res,) = run["results"]
    assert res["ruleId"] == "DOX001"
    assert res["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "tools/wait.py"
    assert res["locations"][0]["physicalLocation"]["region"] == {"startLine": 1, "startColumn": 1}


def test_fix_creates_companion_then_is_idempotent(make_repo, run_cli) -> None:
    root = make_repo({k: v for k, v in _clean_files().items() if not k.endswith(".dox.md")})
    first = run_cli(root, "check", "--fix")
    assert first.exit_code == 0, first.output
    companion = root / "tools/wait.py.dox.md"
    text = companion.read_text()
    assert text.startswith("# wait.py DOX\n")
    assert "- Arguments of `WaitTool`:\n  - `seconds`: optional integer, default `0`.\n" in text
    assert "- `break_loop` of `WaitTool`: always `false`.\n" in text
    second = run_cli(root, "check", "--fix")
    assert second.exit_code == 0
    assert companion.read_text() == text


def test_fix_keeps_prose_and_crlf(make_repo, run_cli) -> None:
    files = _clean_files()
    files["tools/wait.py"] = WAIT_PY.replace(
        "        return Response(",
        '        until = self.args.get("until", "")\n        return Response(',
    )
    prose = WAIT_DOX.replace(
        "- Keep waits short.", "- Keep waits short.  \n- A person's *own* words."
    )
    files["tools/wait.py.dox.md"] = prose.replace("\n", "\r\n")
    root = make_repo(files)
    result = run_cli(root, "check", "--fix")
    assert result.exit_code == 0, result.output
    data = (root / "tools/wait.py.dox.md").read_bytes()
    assert b"- Keep waits short.  \r\n- A person's *own* words.\r\n" in data
    assert b'  - `until`: optional string, default `""`.\r\n' in data
    assert b"\n" not in data.replace(b"\r\n", b"")


def test_diff_prints_and_writes_nothing(make_repo, run_cli) -> None:
    root = make_repo({k: v for k, v in _clean_files().items() if not k.endswith(".dox.md")})
    result = run_cli(root, "check", "--diff")
    assert result.exit_code == 1
    assert "--- /dev/null\n+++ b/tools/wait.py.dox.md\n" in result.output
    assert "+# wait.py DOX\n" in result.output
    assert not (root / "tools/wait.py.dox.md").exists()


def test_paths_limit_the_check_to_what_they_touch(make_repo, run_cli) -> None:
    files = _clean_files()
    files["tools/other.py"] = WAIT_PY.replace("WaitTool", "OtherTool")
    root = make_repo(files)
    whole = run_cli(root, "check")
    assert "tools/other.py" in whole.output
    scoped = run_cli(root, "check", "tools/wait.py")
    assert scoped.exit_code == 0, scoped.output
    companion = run_cli(root, "check", "tools/other.py.dox.md")
    assert "tools/other.py:1:1: DOX001" in companion.output


def test_stale_companion_is_reported_when_its_module_is_passed(make_repo, run_cli) -> None:
    files = _clean_files()
    files["tools/gone.py.dox.md"] = WAIT_DOX.replace("wait.py", "gone.py")
    root = make_repo(files)
    result = run_cli(root, "check", "tools/gone.py")
    assert "tools/gone.py.dox.md:1:1: DOX002" in result.output


def test_a_renamed_module_gets_no_fresh_companion_over_its_old_one(make_repo, run_cli) -> None:
    files = _clean_files()
    old = files.pop("tools/wait.py.dox.md") + "- A note of a person's.\n"
    files["tools/waiting.py"] = files.pop("tools/wait.py")
    files["tools/wait.py.dox.md"] = old
    root = make_repo(files)
    expected = (
        "tools/wait.py.dox.md:1:1: DOX002 companion of `tools/wait.py`, which does not "
        "exist; it probably belongs to `tools/waiting.py` (rename it)\n"
        "tools/waiting.py:1:1: DOX001 module has no companion `tools/waiting.py.dox.md`; "
        "`tools/wait.py.dox.md` probably belongs to it (rename it)\n"
    )
    for args in ((), ("tools/waiting.py",)):
        result = run_cli(root, "check", "--no-cache", "--select", "DOX001,DOX002", *args)
        assert result.output == expected + "Found 2 findings.\n"
        run_cli(root, "check", "--no-cache", "--fix", *args)
        assert not (root / "tools/waiting.py.dox.md").exists()
        assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8") == old
    # once the companion is renamed, nothing is missing
    (root / "tools/wait.py.dox.md").rename(root / "tools/waiting.py.dox.md")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX001,DOX002")
    assert result.output == "All checks passed.\n"


def test_rules_and_explain(run_cli, tmp_path: Path) -> None:
    listing = run_cli(tmp_path, "rules")
    assert listing.exit_code == 0
    codes = [line.split()[0] for line in listing.output.splitlines()]
    assert codes == [r.code for r in ALL_RULES]
    explained = run_cli(tmp_path, "explain", "DOX111")
    assert explained.exit_code == 0
    assert explained.output.startswith("# DOX111 arguments-drift\n")
    assert "**Why it matters.**" in explained.output
    assert run_cli(tmp_path, "explain", "arguments-drift").exit_code == 0
    assert run_cli(tmp_path, "explain", "XYZ999").exit_code == 2


def test_fix_and_diff_together_is_a_usage_error(make_repo, run_cli) -> None:
    root = make_repo({})
    result = run_cli(root, "check", "--fix", "--diff")
    assert result.exit_code == 2
    assert "exclude each other" in result.output


def test_bad_configuration_is_a_one_line_error(make_repo, run_cli) -> None:
    root = make_repo({"pyproject.toml": "[tool.doxtool]\ntool-dir = ['x']\n"})
    result = run_cli(root, "check")
    assert result.exit_code == 2
    assert "unknown key `tool-dir`" in result.output
    assert "Traceback" not in result.output


def test_agents_md_declares_file_documented_directories(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "api/AGENTS.md": "## Purpose\n- This directory is file-documented.\n",
            "api/health.py": "def health():\n    return 'ok'\n",
            "lib/AGENTS.md": "## Purpose\n- This directory is not file-documented.\n",
            "lib/util.py": "X = 1\n",
        }
    )
    result = run_cli(root, "check", "--select", "DOX001")
    assert "api/health.py:1:1: DOX001" in result.output
    assert "lib/util.py" not in result.output


def test_whole_and_scoped_runs_agree_on_which_tools_have_prompts(make_repo, run_cli) -> None:
    files = _clean_files()
    for name in ("alpha", "beta", "gamma"):
        files.update(tool_named(name))
    # beta is taught by a prompt file with another key; gamma by none at all
    files["prompts/agent.system.tool.b.md"] = files.pop("prompts/agent.system.tool.beta.md")
    del files["prompts/agent.system.tool.gamma.md"]
    # a prompt that only mentions alpha in prose teaches nothing more
    files["prompts/agent.system.tool.notes.md"] = "### notes\nSee gamma and alpha.\n"
    root = make_repo(files)
    whole = run_cli(root, "check", "--select", "PRM001")
    assert whole.exit_code == 1
    flagged = [line for line in whole.output.splitlines() if "PRM001" in line]
    assert len(flagged) == 1 and flagged[0].startswith("tools/gamma.py:"), whole.output
    for name in ("wait", "alpha", "beta", "gamma"):
        scoped = run_cli(root, "check", "--select", "PRM001", f"tools/{name}.py")
        assert ("PRM001" in scoped.output) is (name == "gamma"), (name, scoped.output)


def test_paths_no_rule_checks_are_named_on_stderr(make_repo, run_cli) -> None:
    """A companion outside a file-documented directory is never checked: a
    run naming it (or its module) says so on stderr instead of passing it
    in silence, and exits as its findings say. A module no rule checks and
    without a companion is passed over in silence."""
    files = _clean_files()
    files["tools/AGENTS.md"] = "# tools\n\n## Purpose\n\n- This directory is file-documented.\n"
    files["plugins/memo/tools/memo.py"] = WAIT_PY.replace("WaitTool", "MemoTool")
    files["plugins/memo/tools/memo.py.dox.md"] = "# memo.py DOX\n\nWrong in every way.\n"
    files["lib/util.py"] = "VALUE = 1\n"
    files["lib/util.py.dox.md"] = "# util.py DOX\n"
    files["doxtool.toml"] = 'tool-dirs = ["tools", "plugins/*/tools"]\n'
    root = make_repo(files)
    how = "(declare it in an `AGENTS.md`, or add it to `documented-dirs`)"
    plugin = (
        "doxtool: warning: plugins/memo/tools/memo.py.dox.md is not checked: its directory is "
        "a tool directory, but not file-documented: the `AGENTS.md` files declare other "
        f"directories file-documented, not this one {how}\n"
    )
    for args in (
        ("plugins/memo/tools/memo.py", "plugins/memo/tools/memo.py.dox.md"),
        ("plugins/memo/tools/memo.py",),
    ):
        result = run_cli(root, "check", "--no-cache", "--select", "DOX1", *args)
        assert (result.exit_code, result.stdout, result.stderr) == (0, "", plugin)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1", "lib/util.py.dox.md")
    assert result.stderr == (
        "doxtool: warning: lib/util.py.dox.md is not checked: its directory is not "
        f"file-documented {how}\n"
    )
    # "All checks passed." would speak for the companion not checked too
    result = run_cli(root, "check", "--no-cache", "lib/util.py", "tools/wait.py")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        "doxtool: warning: lib/util.py.dox.md is not checked: its directory is not "
        f"file-documented {how}\n"
    )
    # an excluded one is left out of every check, as configured: no advice to
    # declare its directory, which would not bring it in
    (root / "doxtool.toml").write_text(
        'tool-dirs = ["tools", "plugins/*/tools"]\nextend-exclude = ["lib"]\n'
    )
    for args in (("lib/util.py.dox.md",), ("lib/util.py", "--only-paths")):
        result = run_cli(root, "check", "--no-cache", *args)
        assert (result.exit_code, result.stderr) == (0, ""), result.output
    (root / "doxtool.toml").write_text('tool-dirs = ["tools", "plugins/*/tools"]\n')
    # a module no rule checks, with no companion and feeding no tool, is passed
    # over in silence: the hooks pass every `.py` file
    (root / "lib/plain.py").write_text("VALUE = 2\n")
    result = run_cli(root, "check", "--no-cache", "lib/plain.py", "tools/wait.py")
    assert (result.exit_code, result.stdout, result.stderr) == (0, "All checks passed.\n", "")
    # a file a rule checks, or a directory given whole, is not named
    for args in (("tools/wait.py", "tools/wait.py.dox.md"), ("plugins",)):
        result = run_cli(root, "check", "--no-cache", "--select", "DOX1", *args)
        assert (result.exit_code, result.stderr) == (0, ""), result.stderr
