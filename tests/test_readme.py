"""README's console examples are output: each one runs against the reference suite.

Every ```console block of README.md whose commands are `doxtool ...` runs, in
order, in a fresh copy of the reference suite, through the installed console
script, with stdout and stderr together as a terminal shows them; the output
must be what README shows. Nothing here rewrites README: a mismatch fails with
a diff, and README is corrected by hand.

What README may write besides literal output:

- a line `...` stands for any number of lines (none included);
- `/repo` stands for the copy's root;
- a duration such as `0.018s` stands for any duration;
- `<!-- example: NAME -->` on the line before a block sets the suite up as
  :data:`SCENARIOS` says first (the prose around the block says it too).
"""

from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[1]
README = REPO_ROOT / "README.md"
DOXTOOL = Path(sys.executable).with_name("doxtool")
_SUITE = ("helpers", "tools", "prompts", "agents")
_DURATION = re.compile(r"\d+\.\d{3}s\b")
_SCENARIO = re.compile(r"<!-- example: ([\w-]+) -->")


def _drift(root: Path) -> None:
    """The companion of `wait` loses its `until` line; its prompt teaches `hours`."""
    companion = root / "tools/wait.py.dox.md"
    lines = companion.read_text().splitlines(keepends=True)
    companion.write_text("".join(line for line in lines if not line.startswith("  - `until`:")))
    prompt = root / "prompts/agent.system.tool.wait.md"
    text = prompt.read_text()
    taught = text.replace(
        "args: `seconds` and/or `minutes`", "args: `seconds`, `minutes` and/or `hours`"
    )
    assert taught != text, "the wait prompt's argument line changed: update this scenario"
    prompt.write_text(taught)


def _table_removed(root: Path) -> None:
    """pyproject.toml without its [tool.doxtool] table (a repository adopting doxtool)."""
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text()
    start = text.index("[tool.doxtool]\n")
    end = text.find("\n[", start + 1)
    pyproject.write_text(text[:start] + (text[end + 1 :] if end != -1 else ""))


def _config_typo(root: Path) -> None:
    """`tool_dirs` written with an underscore in the [tool.doxtool] table."""
    pyproject = root / "pyproject.toml"
    text = pyproject.read_text()
    pyproject.write_text(
        text.replace("[tool.doxtool]\n", '[tool.doxtool]\ntool_dirs = ["tools"]\n')
    )


SCENARIOS: dict[str, Callable[[Path], None]] = {
    "drift": _drift,
    "no-config": _table_removed,
    "config-typo": _config_typo,
}


@dataclass
class Command:
    line: int
    text: str
    expected: list[str] = field(default_factory=list)


@dataclass
class Example:
    line: int
    scenario: str | None
    commands: list[Command]


def _blocks() -> list[tuple[int, str | None, list[str]]]:
    """(line of the fence, scenario, lines) of every ```console block."""
    lines = README.read_text(encoding="utf-8").splitlines()
    out = []
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```console":
            indent = lines[index][: len(lines[index]) - len(lines[index].lstrip())]
            before = next((x for x in reversed(lines[:index]) if x.strip()), "")
            scenario = _SCENARIO.search(before)
            body = []
            index += 1
            while lines[index].strip() != "```":
                body.append(lines[index].removeprefix(indent))
                index += 1
            fence = index - len(body)
            out.append((fence, scenario.group(1) if scenario else None, body))
        index += 1
    return out


def _examples() -> list[Example]:
    examples = []
    for fence, scenario, body in _blocks():
        commands: list[Command] = []
        for offset, text in enumerate(body, 1):
            if text.startswith("$ "):
                commands.append(Command(fence + offset, text[2:]))
            elif commands:
                commands[-1].expected.append(text)
        if commands and all(c.text.startswith("doxtool ") for c in commands):
            examples.append(Example(fence, scenario, commands))
    return examples


EXAMPLES = _examples()


def test_every_console_block_is_a_doxtool_example_or_the_benchmark() -> None:
    """A block this test would skip must be the benchmark's (it takes minutes)."""
    examples = _examples()
    run = {example.line for example in examples}
    for fence, scenario, body in _blocks():
        if fence in run:
            assert scenario is None or scenario in SCENARIOS, f"README.md:{fence}: {scenario}"
            continue
        commands = [line[2:] for line in body if line.startswith("$ ")]
        assert all(c.startswith("python bench/") for c in commands), f"README.md:{fence}"
        assert commands or "targets:" in body[0], f"README.md:{fence}: output of what?"
    assert len(examples) >= 10


def _suite(root: Path) -> Path:
    for name in _SUITE:
        shutil.copytree(REPO_ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(
        REPO_ROOT / "tests/reference",
        root / "tests/reference",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copy(REPO_ROOT / "pyproject.toml", root / "pyproject.toml")
    return root


def _run(root: Path, command: str) -> list[str]:
    argv = shlex.split(command, comments=True)
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "COLUMNS")}
    result = subprocess.run(
        [str(DOXTOOL), *argv[1:]],
        cwd=root,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=300,
        env={**env, "NO_COLOR": "1"},
    )
    return result.stdout.replace(str(root), "/repo").splitlines()


def _pattern(expected: list[str]) -> re.Pattern[str]:
    parts = []
    for line in expected:
        if line == "...":
            parts.append(r"(?:[^\n]*\n)*?")
            continue
        literal = "".join(
            _DURATION.pattern if index % 2 else re.escape(piece)
            for index, piece in enumerate(_split_durations(line))
        )
        parts.append(literal + r"\n")
    return re.compile("".join(parts))


def _split_durations(line: str) -> list[str]:
    """``line`` split around its durations: text, duration, text, ..."""
    pieces: list[str] = []
    last = 0
    for match in _DURATION.finditer(line):
        pieces.extend([line[last : match.start()], match.group()])
        last = match.end()
    return [*pieces, line[last:]]


@pytest.mark.slow
@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"README.md:{e.line}")
def test_readme_example(example: Example, tmp_path: Path) -> None:
    root = _suite(tmp_path / "repo")
    if example.scenario is not None:
        SCENARIOS[example.scenario](root)
    for command in example.commands:
        actual = _run(root, command.text)
        if _pattern(command.expected).fullmatch("".join(x + "\n" for x in actual)):
            continue
        diff = "\n".join(
            difflib.unified_diff(
                command.expected, actual, "README.md", "actual output", lineterm=""
            )
        )
        pytest.fail(
            f"README.md:{command.line}: `$ {command.text}` prints something else "
            f"(scenario: {example.scenario or 'the reference suite'}):\n{diff}",
            pytrace=False,
        )


def test_ci_runs_the_test_command_readme_begins_with() -> None:
    """README opens with two commands; CI runs the second, in parallel (pytest-xdist)."""
    text = README.read_text(encoding="utf-8")
    opening = text.split("```bash\n", 1)[1].split("```", 1)[0].splitlines()
    assert opening == [
        "pip install . && doxtool check",
        "pip install -e '.[test]' && pytest -n auto",
    ]
    ci = (REPO_ROOT / ".ci/run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == opening[1]
    assert "pytest-xdist" in (REPO_ROOT / "pyproject.toml").read_text(encoding="utf-8")


def test_the_reference_suite_checks_clean_as_readme_says(tmp_path: Path) -> None:
    root = _suite(tmp_path / "repo")
    assert _run(root, "doxtool check") == ["All checks passed."]
