"""The help pages: whole summaries, options that say what they accept, examples, exit codes."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from doxtool.cli import cli


def _help(*args: str) -> str:
    result = CliRunner().invoke(cli, [*args, "--help"], terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


def _commands(group: click.Group = cli, prefix: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    out = []
    for name, command in sorted(group.commands.items()):
        out.append((*prefix, name))
        if isinstance(command, click.Group):
            out.extend(_commands(command, (*prefix, name)))
    return out


@pytest.mark.parametrize("group", [(), ("baseline",), ("cache",)], ids=str)
def test_the_command_list_shows_whole_summaries(group: tuple[str, ...]) -> None:
    """Of every group (`doxtool baseline -h` cut `prune`'s short)."""
    text = _help(*group)
    listing = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    summaries = [line.split(None, 1)[1] for line in listing.splitlines() if line.strip()]
    command = cli.commands[group[0]] if group else cli
    assert isinstance(command, click.Group)
    assert len(summaries) == len(command.commands)
    for summary in summaries:
        assert not summary.endswith("..."), summary
        assert summary.endswith("."), summary


def test_the_main_page_names_the_root_examples_and_exit_codes() -> None:
    text = _help()
    assert "nearest\n  directory holding pyproject.toml, doxtool.toml or .git" in text
    assert "Examples:\n    doxtool check " in text
    assert re.search(
        r"Exit codes:\n    0 +clean.*\n.*\n    1 +check found.*\n.*\n    2 +usage", text
    )


def test_the_exit_codes_of_the_help_are_those_of_the_readme() -> None:
    """Each status the README's table lists has its own line on the main page
    and on `check`'s (141 and 143 were missing or run into another line)."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    table = readme.split("## Exit codes", 1)[1].split("\n## ", 1)[0]
    statuses = re.findall(r"^\| (\d+) \|", table, flags=re.MULTILINE)
    assert statuses == ["0", "1", "2", "141", "130", "143"]
    for page in (_help(), _help("check")):
        listed = re.findall(r"^    (\d+) +\S", page.split("Exit codes:\n", 1)[1], re.MULTILINE)
        assert sorted(listed, key=int) == sorted(statuses, key=int), page
    assert "--exit-non-zero-on-fix, also a file --fix wrote" in " ".join(_help().split())


@pytest.mark.parametrize("command", _commands(), ids=" ".join)
def test_every_command_page_shows_an_example(command: tuple[str, ...]) -> None:
    text = _help(*command)
    assert re.search(r"\n  Examples?:\n    doxtool ", text), text


def test_check_page_lists_exit_codes_and_what_select_and_ignore_take() -> None:
    text = " ".join(_help("check").split())
    for option in ("--select CODES", "--ignore CODES"):
        described = text.split(option, 1)[1].split(" --", 1)[0]
        assert "(DOX111, DOX1, PRM, ALL)" in described, described
        assert "comma-separated or repeated" in described, described
    assert "The more specific pattern wins." in text
    assert "Exit codes: 0 clean" in text


def test_option_values_are_named_for_what_they_are() -> None:
    text = _help("scaffold")
    assert re.search(r"--dir DIR\s", text)
    assert re.search(r"--class-name NAME\s", text)
    assert re.search(r"--arg NAME\s", text)
    for name in _commands():
        assert not re.search(r"--(dir|root|config|baseline|jobs) TEXT", _help(*name)), name


def test_scaffold_page_names_the_directories_dir_takes_and_its_default() -> None:
    """As the README does: a profile's tool directory too, and never a pattern by default."""
    text = " ".join(_help("scaffold").split())
    assert "one `tool-dirs` or `profile-tool-dirs` names" in text
    assert "the first `tool-dirs` entry without a wildcard" in text


def test_init_page_names_the_file_it_writes() -> None:
    text = " ".join(_help("init").split())
    assert "appended to the root's pyproject.toml" in text
    assert "written to a new doxtool.toml when there is no pyproject.toml" in text
