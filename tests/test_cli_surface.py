"""The whole command line: every command and option is exercised by some test, and the
global options (``--version``, ``--help``, ``--debug``) and exit codes hold."""

from __future__ import annotations

import json
import re
from pathlib import Path

import click
import pytest
from samples import clean_files

from doxtool import __version__, api
from doxtool.cli import cli

TESTS = Path(__file__).resolve().parent


def _commands(group: click.Group, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for name, command in sorted(group.commands.items()):
        out.append((*prefix, name))
        if isinstance(command, click.Group):
            out.extend(_commands(command, (*prefix, name)))
    return out


def _command(path: tuple[str, ...]) -> click.Command:
    command: click.Command = cli
    for name in path:
        assert isinstance(command, click.Group)
        command = command.commands[name]
    return command


def _test_sources() -> str:
    return "\n".join(p.read_text() for p in sorted(TESTS.glob("test_*.py")))


def test_every_command_and_option_is_used_by_a_test() -> None:
    """A guard: adding an option without a test through the CLI fails here."""
    sources = _test_sources()
    missing = []
    for path in _commands(cli):
        if f'"{path[-1]}"' not in sources:
            missing.append(" ".join(path))
        for param in _command(path).params:
            if not isinstance(param, click.Option) or param.name == "help":
                continue
            if not any(f'"{opt}"' in sources for opt in param.opts):
                missing.append(f"{' '.join(path)} {'/'.join(param.opts)}")
    assert missing == []


def test_version_and_help(run_cli, tmp_path: Path) -> None:
    version = run_cli(tmp_path, "--version")
    assert version.exit_code == 0
    assert version.output == f"doxtool, version {__version__}\n"
    for path in [(), *_commands(cli)]:
        result = run_cli(tmp_path, *path, "--help")
        assert result.exit_code == 0, path
        assert result.output.startswith("Usage: ")
    assert run_cli(tmp_path, "-h").exit_code == 0
    assert run_cli(tmp_path, "no-such-command").exit_code == 2


def test_internal_error_is_one_line_and_debug_shows_the_traceback(
    make_repo, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo(clean_files())

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(api, "check", broken)
    result = run_cli(root, "check")
    assert result.exit_code == 2
    assert result.output == (
        "doxtool: internal error: RuntimeError: boom"
        " (run `doxtool --debug check ...` for details)\n"
    )
    debug = run_cli(root, "--debug", "check")
    assert debug.exit_code == 2
    assert "Traceback (most recent call last)" in debug.output
    assert debug.output.endswith("(run `doxtool --debug check ...` for details)\n")


def test_inspect_schema_and_scaffold_take_root_and_config(
    make_repo, run_cli, tmp_path: Path
) -> None:
    root = make_repo(clean_files())
    (root / "alt.toml").write_text('tool-dirs = ["tools"]\n')
    elsewhere = tmp_path.parent
    common = ("--root", str(root), "--config", str(root / "alt.toml"))
    inspected = run_cli(elsewhere, "inspect", str(root / "tools/wait.py"), "--json", *common)
    assert inspected.exit_code == 0, inspected.output
    assert [m["path"] for m in json.loads(inspected.output)] == ["tools/wait.py"]
    schema = run_cli(elsewhere, "schema", "--format", "openai", *common)
    assert schema.exit_code == 0
    assert [tool["function"]["name"] for tool in json.loads(schema.output)] == ["wait"]
    made = run_cli(elsewhere, "scaffold", "web_fetch", *common)
    assert made.exit_code == 0, made.output
    assert (root / "tools/web_fetch.py").is_file()


def test_scaffold_force_overwrites_only_when_asked(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    assert run_cli(root, "scaffold", "web_fetch").exit_code == 0
    (root / "tools/web_fetch.py").write_text("# changed\n")
    refused = run_cli(root, "scaffold", "web_fetch")
    assert refused.exit_code == 2
    assert re.search(r"refusing to overwrite existing files: .*\(use --force\)", refused.output)
    assert (root / "tools/web_fetch.py").read_text() == "# changed\n"
    forced = run_cli(root, "scaffold", "web_fetch", "--force")
    assert forced.exit_code == 0
    assert (root / "tools/web_fetch.py").read_text() != "# changed\n"
    assert run_cli(root, "check").exit_code == 0


def test_inspect_of_a_directory_without_modules_is_an_error(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    (root / "tools/empty.py").mkdir()
    result = run_cli(root, "inspect", "tools/empty.py")
    assert result.exit_code == 2
    assert result.output == (
        "doxtool: error: tools/empty.py: a directory with no Python module doxtool reads\n"
    )


def test_an_unknown_tool_with_no_tool_directories_says_so(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), "pyproject.toml": "[tool.doxtool]\ntool-dirs = []\n"})
    result = run_cli(root, "check", "--select", "PRM002")
    assert result.exit_code == 1
    assert "which does not exist (`tool-dirs` is empty)" in result.output
    assert " in )" not in result.output
