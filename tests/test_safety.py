"""Safety against hostile repositories and environments, through the real CLI.

Each test reproduces one way a run could execute code, lose or corrupt a
person's text, or report something untrue, and shows it cannot happen.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import clean_files

from doxtool.cli import cli
from doxtool.core.findings import Finding
from doxtool.rules import engine
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

STALE_DOX = WAIT_DOX.replace("optional integer, default `0`", "required string")


def _check(root: Path, monkeypatch: pytest.MonkeyPatch, *args: str):  # type: ignore[no-untyped-def]
    monkeypatch.chdir(root)
    return CliRunner().invoke(cli, ["check", "--no-cache", *args], catch_exceptions=False)


# -- item 2: fixes planned against one read are never applied to other bytes


def test_a_file_changed_after_planning_is_planned_again(make_repo) -> None:
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": STALE_DOX})
    companion = root / "tools/wait.py.dox.md"
    findings = [
        Finding("DOX111", "x", "tools/wait.py.dox.md", fix=f.fix)
        for f in _findings_with_fixes(root)
    ]
    plan = engine.plan_fixes(root, findings)
    assert [c.path for c in plan.changes] == ["tools/wait.py.dox.md"]
    edited = "A line an editor saved meanwhile.\n" + STALE_DOX
    companion.write_text(edited, encoding="utf-8")
    written, errors, changed = engine.write_changes(root, plan.changes)
    assert (written, errors, changed) == ([], [], ["tools/wait.py.dox.md"])
    assert companion.read_text(encoding="utf-8") == edited
    # the text the findings were computed from differs: nothing is planned
    stale = engine.plan_fixes(root, findings, seen=lambda path: STALE_DOX)
    assert (stale.changes, stale.stale) == ([], ["tools/wait.py.dox.md"])


def _findings_with_fixes(root: Path) -> list[Finding]:
    from doxtool import api

    project = api.load_project(root, use_cache=False)
    return [f for f in api.check(project).findings if f.fixable]


def test_a_fix_waits_for_another_fixing_run_and_says_so(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl

    root = make_repo({**clean_files(), "tools/wait.py.dox.md": STALE_DOX})
    fd = os.open(root, os.O_RDONLY)
    fcntl.flock(fd, fcntl.LOCK_EX)
    real_flock = fcntl.flock
    calls: list[int] = []

    def flock(descriptor: int, operation: int) -> None:
        calls.append(operation)
        if operation == fcntl.LOCK_EX and descriptor != fd:
            os.close(fd)  # the other run ends: its lock goes with its descriptor
        real_flock(descriptor, operation)

    monkeypatch.setattr(fcntl, "flock", flock)
    result = _check(root, monkeypatch, "--fix")
    assert f"doxtool: waiting for another `doxtool check --fix` in {root} to finish" in (
        result.stderr
    )
    assert calls[-2:] == [fcntl.LOCK_EX | fcntl.LOCK_NB, fcntl.LOCK_EX]
    assert result.exit_code == 0, result.output
    assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8") == WAIT_DOX


# -- item 11: "Fixed N findings." counts only what was written


def test_fixed_count_leaves_out_fixes_whose_write_failed(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": STALE_DOX})

    def replace(src, dst):  # type: ignore[no-untyped-def]
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", replace)
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 2
    assert "Fixed" not in result.stderr
    assert "not written: [Errno 28] No space left on device" in result.stderr


# -- item 5 (plumbing): unsafe fixes only with --unsafe-fixes


@pytest.fixture
def unsafe_argument_fixes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Findings as a rule that offers unsafe fixes reports them."""
    real_run = engine.run

    def run(ctx, rules, progress=None):  # type: ignore[no-untyped-def]
        findings = real_run(ctx, rules, progress)
        for finding in findings:
            if finding.code == "DOX111" and finding.fix is not None:
                finding.fix.applicability = "unsafe"
        return findings

    from doxtool import api

    monkeypatch.setattr(engine, "run", run)
    monkeypatch.setattr(api, "run", run)


def test_unsafe_fixes_are_shown_apart_and_applied_only_on_request(
    make_repo, monkeypatch: pytest.MonkeyPatch, unsafe_argument_fixes: None
) -> None:
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": STALE_DOX})
    companion = root / "tools/wait.py.dox.md"
    shown = _check(root, monkeypatch)
    assert shown.exit_code == 1
    lines = shown.stdout.splitlines()
    assert lines[0].startswith("tools/wait.py.dox.md:") and lines[0].endswith(" [!]")
    assert lines[-1] == (
        "Found 3 findings (3 hidden fixes can be enabled with the `--unsafe-fixes` option)."
    )
    refused = _check(root, monkeypatch, "--fix")
    assert refused.exit_code == 1
    assert companion.read_text(encoding="utf-8") == STALE_DOX
    assert _check(root, monkeypatch, "--diff").stdout.startswith("tools/wait.py.dox.md:")
    preview = _check(root, monkeypatch, "--diff", "--unsafe-fixes")
    assert "+  - `seconds`: optional integer, default `0`." in preview.stdout
    assert companion.read_text(encoding="utf-8") == STALE_DOX
    listed = _check(root, monkeypatch, "--unsafe-fixes")
    assert listed.stdout.splitlines()[-1] == (
        "Found 3 findings (3 fixable with `doxtool check --fix --unsafe-fixes`)."
    )
    applied = _check(root, monkeypatch, "--fix", "--unsafe-fixes")
    assert applied.exit_code == 0, applied.output
    assert "Fixed 3 findings." in applied.stderr
    assert companion.read_text(encoding="utf-8") == WAIT_DOX


@pytest.mark.timeout(60)
def test_checks_that_write_nothing_never_wait_for_the_lock(make_repo, monkeypatch) -> None:
    import fcntl

    root = make_repo({**clean_files(), "tools/wait.py.dox.md": STALE_DOX})
    fd = os.open(root, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # another run is fixing
        for args in ((), ("--diff",)):
            result = _check(root, monkeypatch, *args)
            assert result.exit_code == 1, result.output
            assert "waiting" not in result.stderr
    finally:
        os.close(fd)


# -- item 1: templates are data


def _project_template(text: str) -> dict[str, str]:
    """A repository without wait.py's companion whose own template is ``text``."""
    files: dict[str, str] = {**clean_files(), "templates-x/companion.py.dox.md.j2": text}
    del files["tools/wait.py.dox.md"]
    files["pyproject.toml"] = '[tool.doxtool]\ntemplates-dir = "templates-x"\n'
    return files


@pytest.mark.parametrize(
    "payload",
    [
        "{{ cycler.__init__.__globals__.os.system('touch pwned') }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "{{ lipsum.__globals__['os'].system('touch pwned') }}",
        "{% set x = [].append(1) %}{{ x }}",
    ],
)
def test_a_hostile_template_never_runs_code(
    make_repo, monkeypatch: pytest.MonkeyPatch, payload: str
) -> None:
    root = make_repo(_project_template(payload))
    plain = _check(root, monkeypatch)  # a check that does not fix renders nothing
    assert plain.exit_code == 1 and "DOX001" in plain.stdout and "[*]" in plain.stdout
    fixing = _check(root, monkeypatch, "--fix")
    assert fixing.exit_code == 2
    (line,) = fixing.stderr.splitlines()
    assert line.startswith("doxtool: error: ") and "companion.py.dox.md.j2:1: template" in line
    assert "Traceback" not in fixing.output
    assert not (root / "pwned").exists()
    assert not (root / "tools/wait.py.dox.md").exists()


def test_a_template_is_rendered_only_when_fixing(make_repo, monkeypatch) -> None:
    root = make_repo(_project_template("{{ undefined_name }}\n"))
    assert _check(root, monkeypatch).exit_code == 1
    result = _check(root, monkeypatch, "--diff")
    assert result.exit_code == 2
    assert result.stderr.startswith("doxtool: error: ")
    assert "companion.py.dox.md.j2:1: template error: 'undefined_name' is undefined" in (
        result.stderr
    )


def test_a_template_syntax_error_names_file_and_line(make_repo, monkeypatch) -> None:
    root = make_repo(_project_template("# {{ file_name }}\n\n{% if %}\n"))
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 2
    assert "companion.py.dox.md.j2:3: template error:" in result.stderr, result.stderr


@pytest.mark.parametrize(
    ("payload", "place"),
    [
        # refused before the string is made, at its line
        ('{{ "x" * 300000000 }}\n', "companion.py.dox.md.j2:1"),
        ('{{ 300000000 * ["x"] }}\n', "companion.py.dox.md.j2:1"),
        # refused as the output grows past the limit: 9 MB, or 4.5 M characters of 2 bytes
        ('{% for i in range(90000) %}{{ "y" * 100 }}{% endfor %}\n', "companion.py.dox.md.j2"),
        ('{% for i in range(30000) %}{{ "\u00e9" * 150 }}{% endfor %}\n', "companion.py.dox.md.j2"),
    ],
)
def test_a_companion_larger_than_doxtool_reads_is_not_written(
    make_repo, monkeypatch: pytest.MonkeyPatch, payload: str, place: str
) -> None:
    root = make_repo(_project_template(payload))
    for args in (("--fix",), ("--diff",)):
        result = _check(root, monkeypatch, *args)
        assert result.exit_code == 2
        (line,) = result.stderr.splitlines()
        assert line == (
            f"doxtool: error: {root}/templates-x/{place}: template output over 8 MiB, the "
            "largest file doxtool reads; nothing written"
        )
        assert not (root / "tools/wait.py.dox.md").exists()


def test_a_template_out_of_memory_says_so(make_repo, monkeypatch: pytest.MonkeyPatch) -> None:
    from doxtool.companions import filters

    def exhausted(value: object) -> str:
        raise MemoryError

    monkeypatch.setattr(filters, "markdown_title", exhausted)
    root = make_repo(_project_template("# {{ file_name | md_title }}\n"))
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("doxtool: error: ") and line.endswith(
        "companion.py.dox.md.j2:1: template error: out of memory"
    ), line


def test_a_template_never_includes_a_file_linked_from_outside(
    make_repo, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory
) -> None:
    secret = tmp_path_factory.mktemp("outside") / "secret.txt"
    secret.write_text("TOP SECRET\n", encoding="utf-8")
    root = make_repo(_project_template('{% include "leak.j2" %}\n'))
    (root / "templates-x/leak.j2").symlink_to(secret)
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 2
    assert "link points outside the template folder; not read" in result.stderr
    assert not (root / "tools/wait.py.dox.md").exists()
    for name in ("../../secret.txt", "/etc/passwd"):
        (root / "templates-x/companion.py.dox.md.j2").write_text(f'{{% include "{name}" %}}\n')
        escaped = _check(root, monkeypatch, "--fix")
        assert escaped.exit_code == 2 and "must be a plain path inside the folder" in (
            escaped.stderr
        )


def test_the_shipped_templates_still_make_companions(make_repo, monkeypatch) -> None:
    files = clean_files()
    del files["tools/wait.py.dox.md"]
    root = make_repo(files)
    assert _check(root, monkeypatch, "--fix").exit_code == 0
    assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8").startswith("# wait.py DOX")


# -- item 14: CR-only line endings are kept on rewritten lines


@pytest.mark.parametrize("newline", ["\r", "\r\n"])
def test_fix_keeps_the_companions_own_line_endings(
    make_repo, monkeypatch: pytest.MonkeyPatch, newline: str
) -> None:
    stale = STALE_DOX.replace("\n", newline)
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": stale})
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 0, result.output
    data = (root / "tools/wait.py.dox.md").read_bytes()
    assert data == WAIT_DOX.replace("\n", newline).encode("utf-8")
    assert _check(root, monkeypatch, "--fix").stderr == ""


# -- item 6: no escape sequence from an analysed file reaches the terminal

ESCAPES = "\x1b[2J\x1b]0;pwned\x07\x9b31m"


def test_show_source_prints_escape_sequences_escaped(make_repo, monkeypatch) -> None:
    dox = STALE_DOX.replace("required string.", f"required string. {ESCAPES}")
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    result = _check(root, monkeypatch, "--show-source")
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\x9b" not in result.output
    assert "\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m" in result.output


def test_inspect_prints_names_from_code_escaped(make_repo, monkeypatch) -> None:
    module = WAIT_PY.replace(
        "        return Response(",
        f'        x = self.args.get("a{ESCAPES}b", "")\n        return Response(',
    )
    root = make_repo({"tools/wait.py": module})
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["inspect", "tools/wait.py"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\x07" not in result.output
    assert "\x9b" not in result.output
    assert "a\\x1b[2J\\x1b]0;pwned\\x07\\x9b31mb: optional" in result.output
    as_json = CliRunner().invoke(cli, ["inspect", "--json", "tools/wait.py"])
    assert "\x1b" not in as_json.output and "\x9b" not in as_json.output
    assert "\\u009b31m" in as_json.output


def test_github_format_escapes_control_characters(make_repo, monkeypatch) -> None:
    name = "tools/a\x1b[2Jb.py"
    root = make_repo({**clean_files(), name: WAIT_PY.replace("WaitTool", "OtherTool")})
    result = _check(root, monkeypatch, "--format", "github")
    assert result.exit_code == 1
    assert "\x1b" not in result.output
    assert "file=tools/a\\x1b[2Jb.py" in result.output


# -- item 8: machine output is valid UTF-8 whatever the file names and the terminal


def _undecodable_repo(root: Path) -> Path:
    from samples import write_files

    from doxtool.rules.examples import FRAMEWORK

    write_files(root, {**FRAMEWORK, **clean_files()})
    os.makedirs(os.path.join(os.fsencode(root), b"tools"), exist_ok=True)
    with open(os.path.join(os.fsencode(root), b"tools", b"b\xff\x1b.py"), "wb") as handle:
        handle.write(WAIT_PY.replace("WaitTool", "OtherTool").encode())
    return root


@pytest.mark.parametrize(
    ("output_format", "encoding"),
    [
        ("json", "utf-8"),
        ("json", "ascii"),
        ("sarif", "latin-1"),
        ("github", "ascii"),
        ("text", "ascii"),
        ("text", "utf-8"),
    ],
)
def test_output_is_valid_with_an_undecodable_file_name(
    tmp_path: Path, encoding: str, output_format: str
) -> None:
    import json
    import subprocess
    import sys

    root = _undecodable_repo(tmp_path)
    env = {**os.environ, "PYTHONIOENCODING": encoding, "NO_COLOR": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "doxtool", "check", "--no-cache", "--format", output_format],
        cwd=root,
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert result.returncode == 1, result.stderr
    assert b"Traceback" not in result.stderr and b"internal error" not in result.stderr
    assert b"\x1b" not in result.stdout
    text = result.stdout.decode("utf-8")  # valid UTF-8, whatever the encoding
    if output_format == "json":
        paths = {finding["path"] for finding in json.loads(text)}
        assert "tools/b\\xff\x1b.py" in paths  # JSON escapes the control character
    elif output_format == "sarif":
        log = json.loads(text)
        uris = {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in log["runs"][0]["results"]
        }
        assert "tools/b%FF%1B.py" in uris
    else:
        assert "tools/b\\xff\\x1b.py" in text


# -- item 15: a missing or broken dependency is an error; the cache knows the versions

_HIDE = """\
import sys


class _Hide:
    def find_spec(self, name, path=None, target=None):
        if name == "markdown_it" or name.startswith("markdown_it."):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None


sys.meta_path.insert(0, _Hide())
"""


def _doxtool(root: Path, *args: str, pythonpath: Path | None = None):  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run(
        [sys.executable, "-m", "doxtool", *args],
        cwd=root,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )


def test_a_missing_dependency_is_an_error_naming_it(
    make_repo, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = make_repo(clean_files())
    hide = tmp_path_factory.mktemp("hide")
    (hide / "sitecustomize.py").write_text(_HIDE, encoding="utf-8")
    result = _doxtool(root, "check", pythonpath=hide)
    assert result.returncode == 2, result.stdout + result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("doxtool: error: missing dependency: markdown-it-py ")
    assert result.stdout == ""
    assert not (root / ".doxtool_cache").exists()
    complete = _doxtool(root, "check")
    assert (complete.returncode, complete.stdout) == (0, "All checks passed.\n")


def test_a_broken_dependency_is_an_error_naming_it(
    make_repo, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = make_repo(clean_files())
    broken = tmp_path_factory.mktemp("broken")
    (broken / "markdown_it").mkdir()
    (broken / "markdown_it/__init__.py").write_text("raise ImportError('half installed')\n")
    result = _doxtool(root, "check", "--no-cache", pythonpath=broken)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "PRM001" not in result.stdout
    (line,) = result.stderr.splitlines()
    assert line.startswith("doxtool: error: dependency markdown-it-py cannot be imported: ")


def test_cache_entries_are_not_reused_under_other_library_versions(
    make_repo, tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = make_repo(clean_files())
    first = _doxtool(root, "check", "-v")
    assert first.returncode == 0 and "cache 0 hits" in first.stderr
    # without the last findings, which an incremental check reuses unread
    (root / ".doxtool_cache" / "findings.state").unlink()
    again = _doxtool(root, "check", "-v")
    assert "misses" in again.stderr and ", 0 misses" in again.stderr
    other = tmp_path_factory.mktemp("other")
    (other / "markdown_it_py-0.0.1.dist-info").mkdir()
    upgraded = _doxtool(root, "check", "-v", pythonpath=other)
    assert upgraded.returncode == 0
    assert "cache 0 hits" in upgraded.stderr, upgraded.stderr


# -- item 7: every input a run read is in the record of the run


def test_replay_notices_a_change_in_a_dot_directory(make_repo) -> None:
    files = {
        f".agent/{path}" if path.startswith("tools/") else path: text
        for path, text in clean_files().items()
    }
    files["pyproject.toml"] = '[tool.doxtool]\ntool-dirs = [".agent/tools"]\n'
    root = make_repo(files)
    first = _doxtool(root, "check")
    assert (first.returncode, first.stdout) == (0, "All checks passed.\n"), first.stderr
    assert (root / ".doxtool_cache/runs.record").is_file()
    module = root / ".agent/tools/wait.py"
    module.write_text(
        module.read_text(encoding="utf-8").replace(
            "        return Response(",
            '        until = self.args.get("until", "")\n        return Response(',
        ),
        encoding="utf-8",
    )
    second = _doxtool(root, "check")
    assert second.returncode == 1 and "DOX111" in second.stdout, second.stdout


def test_replay_notices_a_change_in_a_baseline_of_any_name(make_repo) -> None:
    files = {**clean_files(), "tools/wait.py.dox.md": STALE_DOX}
    files["pyproject.toml"] = '[tool.doxtool]\nbaseline = "accepted.txt"\n'
    root = make_repo(files)
    (root / "accepted.txt").write_text("{}", encoding="utf-8")
    written = _doxtool(root, "baseline", "write")
    assert written.returncode == 0, written.stderr
    first = _doxtool(root, "check")
    assert (first.returncode, first.stdout) == (0, "All checks passed.\n"), first.stderr
    assert (root / ".doxtool_cache/runs.record").is_file()
    import json

    accepted = json.loads((root / "accepted.txt").read_text(encoding="utf-8"))
    assert accepted["findings"]
    accepted["findings"] = []
    (root / "accepted.txt").write_text(json.dumps(accepted), encoding="utf-8")
    second = _doxtool(root, "check")
    assert second.returncode == 1 and "DOX111" in second.stdout, second.stdout


# -- item 9: configuration mistakes are configuration errors naming the key


@pytest.mark.parametrize(
    ("setting", "key"),
    [
        ('tool-dirs = ["/etc"]', "tool-dirs"),
        ('tool-dirs = [""]', "tool-dirs"),
        ('profile-prompt-dirs = ["/"]', "profile-prompt-dirs"),
        ('prompt-dirs = ["../.."]', "prompt-dirs"),
        ('documented-dirs = ["."]', "documented-dirs"),
        ('plugin-prompt-dirs = ["plugins/../../x"]', "plugin-prompt-dirs"),
        ('templates-dir = "/etc"', "templates-dir"),
        ('cache-dir = "/tmp/elsewhere"', "cache-dir"),
        ('baseline = "../accepted.json"', "baseline"),
        ('exclude = [""]', "exclude"),
    ],
)
def test_a_path_setting_outside_the_root_is_a_configuration_error(
    make_repo, monkeypatch: pytest.MonkeyPatch, setting: str, key: str
) -> None:
    root = make_repo({**clean_files(), "pyproject.toml": f"[tool.doxtool]\n{setting}\n"})
    result = _check(root, monkeypatch)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"doxtool: error: {root / 'pyproject.toml'}: `{key}`: "), line


def test_tests_may_be_searched_for_in_the_whole_repository(make_repo, monkeypatch) -> None:
    root = make_repo({**clean_files(), "pyproject.toml": '[tool.doxtool]\ntest-dirs = ["."]\n'})
    assert _check(root, monkeypatch).exit_code == 0


@pytest.mark.parametrize("tool", ["tool = { black = { line-length = 99 } }", "tool = 3"])
def test_init_on_a_pyproject_whose_tool_is_not_a_table_is_an_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tool: str
) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text(f'{tool}\n\n[project]\nname = "x"\n', encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["init"], catch_exceptions=False)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"doxtool: error: {pyproject}: `tool` ")
    assert pyproject.read_text(encoding="utf-8") == f'{tool}\n\n[project]\nname = "x"\n'


# -- item 13: the cache never hides sources from git


@pytest.mark.parametrize(
    ("cache_dir", "reason"),
    [
        (".", "names the project root itself"),
        ("./", "names the project root itself"),
        ("tools", "holds the `tool-dirs` directory `tools`"),
        ("prompts", "holds the `prompt-dirs` directory `prompts`"),
        ("helpers", "holds files the cache did not write (`errors.py` and 2 more)"),
    ],
)
def test_a_cache_directory_holding_sources_is_refused(
    make_repo, monkeypatch: pytest.MonkeyPatch, cache_dir: str, reason: str
) -> None:
    config = f'[tool.doxtool]\ncache-dir = "{cache_dir}"\n'
    root = make_repo({**clean_files(), "pyproject.toml": config})
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check"], catch_exceptions=False)
    assert result.exit_code == 2
    assert f'`cache-dir`: "{cache_dir}" {reason}' in result.stderr, result.stderr
    assert not (root / ".gitignore").exists()
    assert not (root / "tools/.gitignore").exists() and not (root / "helpers/.gitignore").exists()
    uncached = CliRunner().invoke(cli, ["check", "--no-cache"]).exit_code
    assert uncached == (2 if cache_dir.startswith(".") else 0)


@pytest.mark.parametrize("target", [".", "..", "tools"])
def test_a_cache_directory_that_is_a_link_leaves_the_cache_off_and_the_run_whole(
    make_repo, monkeypatch: pytest.MonkeyPatch, target: str
) -> None:
    """The cache never writes through a link: a `.doxtool_cache` linked to the
    root, a directory above it or a source directory is no cache, and no error."""
    root = make_repo(clean_files())
    (root / ".doxtool_cache").symlink_to(target, target_is_directory=True)
    before = sorted(p.name for p in root.iterdir())
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert result.stderr == "", result.stderr
    assert sorted(p.name for p in root.iterdir()) == before
    assert not (root / ".gitignore").exists() and not (root / "tools/.gitignore").exists()
    assert not (root.parent / ".gitignore").exists()
    assert (root / ".doxtool_cache").is_symlink()


def test_a_cache_gitignore_cut_short_is_written_again_whole(make_repo, monkeypatch) -> None:
    root = make_repo(clean_files())
    assert _check(root, monkeypatch).exit_code == 0  # --no-cache: nothing written
    assert not (root / ".doxtool_cache").exists()
    monkeypatch.chdir(root)
    assert CliRunner().invoke(cli, ["check"]).exit_code == 0
    ignore = root / ".doxtool_cache/.gitignore"
    whole = ignore.read_bytes()
    assert whole == b"# created by doxtool\n*\n"
    for cut in (b"", whole[:5]):
        ignore.write_bytes(cut)  # a full disk stopped an earlier write
        assert CliRunner().invoke(cli, ["check"]).exit_code == 0
        assert ignore.read_bytes() == whole
    ignore.write_bytes(b"# mine\n")
    assert CliRunner().invoke(cli, ["check"]).exit_code == 0
    assert ignore.read_bytes() == b"# mine\n"  # a person's own file stays
    assert [p.name for p in ignore.parent.iterdir() if p.name.endswith(".tmp")] == []


def test_a_failed_gitignore_write_leaves_no_partial_file(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo(clean_files())
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, handle):  # type: ignore[no-untyped-def]
            self.handle = handle

        def __enter__(self):  # type: ignore[no-untyped-def]
            return self

        def __exit__(self, *exc):  # type: ignore[no-untyped-def]
            self.handle.close()

        def write(self, data: bytes) -> int:
            raise OSError(28, "No space left on device")

    def fdopen(fd, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        handle = real_fdopen(fd, mode, *args, **kwargs)
        return Full(handle) if "w" in mode else handle

    monkeypatch.setattr(os, "fdopen", fdopen)
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check"], catch_exceptions=False)
    assert result.exit_code == 0  # the cache never makes a run fail
    directory = root / ".doxtool_cache"
    assert not (directory / ".gitignore").exists()
    assert [p.name for p in directory.iterdir() if p.name.endswith(".tmp")] == []


# -- item 10: bounded resources


def test_an_oversized_configuration_file_is_not_read(make_repo, monkeypatch) -> None:
    root = make_repo(clean_files())
    with open(root / "pyproject.toml", "wb") as handle:
        handle.truncate(2 * 1024**3)  # sparse: 2 GB that take no disk
    result = _check(root, monkeypatch)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line == (
        f"doxtool: error: {root / 'pyproject.toml'}: file is 2147483648 bytes, "
        "over the 1048576-byte limit; not read"
    )
    init = CliRunner().invoke(cli, ["init"], catch_exceptions=False)
    assert init.exit_code == 2 and "over the 1048576-byte limit" in init.stderr


def test_too_many_jobs_is_a_usage_error(make_repo, monkeypatch) -> None:
    root = make_repo(clean_files())
    result = _check(root, monkeypatch, "--jobs", "300")
    assert result.exit_code == 2
    assert "Invalid value for '--jobs': 300 is not in the range 1<=x<=32." in result.stderr


def test_a_module_over_the_file_limit_is_reported_not_read(make_repo, monkeypatch) -> None:
    from doxtool.core.source import MAX_MODULE_BYTES

    assert MAX_MODULE_BYTES == 1024 * 1024
    filler = "\n".join(f"# filler line {i:08d}" for i in range(60000))
    assert len(filler) > MAX_MODULE_BYTES
    root = make_repo({**clean_files(), "tools/wait.py": WAIT_PY + filler + "\n"})
    result = _check(root, monkeypatch)
    assert result.exit_code == 1
    assert "DOX003" in result.stdout and "over the 1048576-byte limit; not read" in result.stdout


def test_a_module_whose_read_code_is_over_the_tree_limit_is_reported(
    make_repo, monkeypatch
) -> None:
    """Module-level code is read whatever it is: 400 KB of it is refused, not parsed."""
    from doxtool.python.cstparse import MAX_PARSED_CHARS

    filler = "\n".join(f"VALUE_{i} = {i}" for i in range(30000))
    assert MAX_PARSED_CHARS < len(filler) < 1024 * 1024
    root = make_repo({**clean_files(), "tools/wait.py": WAIT_PY + filler + "\n"})
    result = _check(root, monkeypatch)
    assert result.exit_code == 1
    size = len(WAIT_PY + filler + "\n")
    assert (
        f"tools/wait.py:1:1: DOX003 module not analysed: its {size} characters would be"
        f" parsed, over the {MAX_PARSED_CHARS}-character limit of one syntax tree"
    ) in result.stdout


# -- item 12: paths that name nothing, or a directory named like a module


def test_a_path_that_does_not_exist_is_a_usage_error(make_repo, monkeypatch) -> None:
    root = make_repo(clean_files())
    result = _check(root, monkeypatch, "tools/wiat.py")
    assert result.exit_code == 2
    assert result.stderr == "doxtool: error: tools/wiat.py: no such file or directory\n"
    assert result.stdout == ""


def test_a_directory_named_like_a_module_is_reported(make_repo, monkeypatch) -> None:
    root = make_repo(clean_files())
    (root / "tools/other.py").mkdir()
    result = _check(root, monkeypatch, "tools/other.py")
    assert result.exit_code == 1
    assert "tools/other.py:1:1: DOX003 not a regular file" in result.stdout


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_a_path_named_like_a_module_that_is_no_file_gets_no_companion_finding(
    make_repo, monkeypatch, kind: str
) -> None:
    root = make_repo(clean_files())
    target = root / "tools/other.py"
    if kind == "directory":
        target.mkdir()
    else:
        os.mkfifo(target)
    result = _check(root, monkeypatch)
    assert result.exit_code == 1
    # DOX003 says what it is; no companion is missing for something that is no module
    assert result.stdout.splitlines()[:-1] == ["tools/other.py:1:1: DOX003 not a regular file"]


# -- item 11: what is reported is true


@pytest.mark.parametrize("kind", ["utf-16", "oversized", "linked-out", "directory"])
def test_an_unreadable_prompt_is_reported_itself(
    make_repo, monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory, kind: str
) -> None:
    files = clean_files()
    prompt = files.pop("prompts/agent.system.tool.wait.md")
    root = make_repo(files)
    target = root / "prompts/agent.system.tool.wait.md"
    if kind == "utf-16":
        target.write_bytes(prompt.encode("utf-16"))
        reason = "file is UTF-16"
    elif kind == "oversized":
        target.write_text(prompt + "x" * (9 * 1024 * 1024), encoding="utf-8")
        reason = "over the 8388608-byte limit"
    elif kind == "linked-out":
        outside = tmp_path_factory.mktemp("outside") / "wait.md"
        outside.write_text(prompt, encoding="utf-8")
        target.symlink_to(outside)
        reason = "link points outside the repository"
    else:
        target.mkdir()
        reason = "not a regular file"
    result = _check(root, monkeypatch)
    assert result.exit_code == 1
    assert "PRM001" not in result.stdout, result.stdout
    lines = [line for line in result.stdout.splitlines() if "PRM011" in line]
    assert len(lines) == 1 and lines[0].startswith("prompts/agent.system.tool.wait.md:1:1: PRM011")
    assert reason in lines[0]


def test_cache_clear_that_cannot_remove_says_so(make_repo, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_repo(clean_files())
    monkeypatch.chdir(root)
    assert CliRunner().invoke(cli, ["check"]).exit_code == 0
    assert (root / ".doxtool_cache/facts.sqlite3").is_file()
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        if self.name == "facts.sqlite3":
            raise PermissionError(13, "Permission denied")
        real_unlink(self, missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    result = CliRunner().invoke(cli, ["cache", "clear"], catch_exceptions=False)
    assert result.exit_code == 2
    assert "No cache" not in result.output
    assert result.stderr.startswith("doxtool: error: cache not cleared: cannot remove ")
    assert "facts.sqlite3: Permission denied" in result.stderr
    monkeypatch.setattr(Path, "unlink", real_unlink)
    cleared = CliRunner().invoke(cli, ["cache", "clear"], catch_exceptions=False)
    assert cleared.exit_code == 0 and cleared.stdout.startswith("Cleared")


# -- item 3: a document markdown-it reads only in part is reported, never edited


@pytest.mark.parametrize("depth", [10, 12, 40])
def test_a_companion_nested_past_the_parsers_limit_is_never_edited(
    make_repo, monkeypatch: pytest.MonkeyPatch, depth: int
) -> None:
    nested = "".join("  " * i + f"- level {i}\n" for i in range(depth))
    fence = "```text\n- Arguments of `WaitTool`:\n  - `zzz`: required string.\n```\n"
    dox = STALE_DOX.replace("## Work Guidance\n", f"## Work Guidance\n{nested}\n{fence}")
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    companion = root / "tools/wait.py.dox.md"
    for _ in range(3):
        result = _check(root, monkeypatch, "--fix")
        assert result.exit_code == 1, result.output
        assert companion.read_text(encoding="utf-8") == dox
    (line,) = result.stdout.splitlines()[:-1]
    assert line.startswith("tools/wait.py.dox.md:")
    assert "DOX009 companion cannot be read: Markdown nested too deeply" in line
    assert int(line.split(":")[1]) > dox.count("\n", 0, dox.index("- level 0"))


def test_a_companion_nested_within_the_limit_is_checked(make_repo, monkeypatch) -> None:
    nested = "".join("  " * i + f"- level {i}\n" for i in range(5))
    dox = STALE_DOX.replace("## Work Guidance\n", f"## Work Guidance\n{nested}\n")
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    assert _check(root, monkeypatch, "--fix").exit_code == 0
    fixed = (root / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    assert fixed == WAIT_DOX.replace("## Work Guidance\n", f"## Work Guidance\n{nested}\n")


# -- item 4: only real comments are suppressions; a reason stays


@pytest.mark.parametrize(
    "example",
    [
        "Write `<!-- doxtool: ignore[DOX111] -->` above the item.",
        "Example:\n\n    <!-- doxtool: ignore[DOX111] -->\n    - Arguments of `WaitTool`:",
        "- An example:\n\n  ```markdown\n  <!-- doxtool: ignore[DOX111] -->\n  ```",
        "- An example:\n\n      <!-- doxtool: ignore[DOX111] -->",
    ],
    ids=["code-span", "indented-code", "fence-in-list", "indented-code-in-list"],
)
def test_suppression_syntax_shown_as_an_example_is_text(
    make_repo, monkeypatch: pytest.MonkeyPatch, example: str
) -> None:
    dox = WAIT_DOX.replace("## Work Guidance\n", f"## Work Guidance\n{example}\n\n")
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 0, result.output
    assert "DOX900" not in result.output
    assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8") == dox


@pytest.mark.parametrize(
    ("comment", "kept"),
    [
        ("<!-- doxtool: ignore[DOX111] reviewed, ADR-12 -->", "<!-- reviewed, ADR-12 -->"),
        ("<!-- doxtool: ignore[DOX111] -->", None),
    ],
)
def test_removing_an_unused_markdown_suppression_keeps_its_reason(
    make_repo, monkeypatch: pytest.MonkeyPatch, comment: str, kept: str | None
) -> None:
    from samples import dox_with_line_before_arguments

    dox = dox_with_line_before_arguments(comment)
    root = make_repo({**clean_files(), "tools/wait.py.dox.md": dox})
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 0, result.output
    expected = WAIT_DOX if kept is None else dox_with_line_before_arguments(kept)
    assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8") == expected


def test_removing_an_unused_python_suppression_keeps_its_reason(make_repo, monkeypatch) -> None:
    module = WAIT_PY.replace(
        '"seconds", 0))', '"seconds", 0))  # doxtool: ignore[DOX008] -- reviewed, ADR-12'
    )
    root = make_repo({**clean_files(), "tools/wait.py": module})
    result = _check(root, monkeypatch, "--fix")
    assert result.exit_code == 0, result.output
    assert (root / "tools/wait.py").read_text(encoding="utf-8") == WAIT_PY.replace(
        '"seconds", 0))', '"seconds", 0))  # -- reviewed, ADR-12'
    )


def test_a_module_the_tokenizer_rejects_is_never_edited(make_repo, monkeypatch) -> None:
    module = '"""Usage.\n\n    x = 1  # doxtool: ignore[DOX008]\n"""\n' + WAIT_PY + "\nbroken = (\n"
    root = make_repo({**clean_files(), "tools/wait.py": module})
    result = _check(root, monkeypatch, "--fix")
    assert "DOX900" not in result.output and "DOX901" not in result.output
    assert (root / "tools/wait.py").read_text(encoding="utf-8") == module


def test_fixes_write_only_the_files_the_readme_lists(make_repo) -> None:
    from doxtool.core.edits import Edit
    from doxtool.core.findings import Fix, NewFile

    root = make_repo(clean_files())
    (root / "notes.txt").write_text("keep\n", encoding="utf-8")
    findings = [
        Finding("X", "x", "notes.txt", fix=Fix("edit", [Edit("notes.txt", 0, 1, ["gone"])])),
        Finding("X", "x", "tools/x.py", fix=Fix("new", new_files=[NewFile("tools/x.py", "")])),
    ]
    plan = engine.plan_fixes(root, findings)
    assert plan.changes == []
    assert sorted(plan.errors) == [
        "notes.txt: doxtool's fixes never write this file; not fixed",
        "tools/x.py: doxtool's fixes never write this file; not fixed",
    ]


def test_a_prompt_nested_past_the_parsers_limit_is_reported(make_repo, monkeypatch) -> None:
    nested = "".join("  " * i + f"- level {i}\n" for i in range(12))
    files = clean_files()
    files["prompts/agent.system.tool.wait.md"] += "\n" + nested
    root = make_repo(files)
    result = _check(root, monkeypatch)
    assert result.exit_code == 1
    (line,) = result.stdout.splitlines()[:-1]
    assert line.startswith("prompts/agent.system.tool.wait.md:")
    assert "PRM011 prompt file cannot be read: Markdown nested too deeply" in line
