"""Prompt patterns stay linear on hostile lines: a long line of one repeated
piece (``{%``, blanks after a name, ``old`` in a label's parentheses) is read
in time proportional to its length, through the real CLI."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, WAIT_DOX, WAIT_PY

#: characters of each hostile line: a quadratic pattern takes many seconds on it
LENGTH = 120_000
#: processor seconds the whole check may take (about one on an idle machine)
BOUND = 4.0

HEAD = "### wait\nPause.\nargs: optional `seconds`\n"
EXAMPLE = (
    '```json\n{"thoughts": ["x"], "headline": "Waiting", "tool_name": "wait", '
    '"tool_args": {"seconds": 1}}\n```\n'
)


def _check_seconds(root: Path, prompt: str, monkeypatch: pytest.MonkeyPatch) -> float:
    write_files(
        root,
        {
            **FRAMEWORK,
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
            "prompts/agent.system.tool.wait.md": prompt,
        },
    )
    (root / ".git").mkdir(exist_ok=True)
    monkeypatch.chdir(root)
    started = time.process_time()
    result = CliRunner().invoke(cli, ["check", "--no-cache", "--jobs", "1"])
    seconds = time.process_time() - started
    assert result.exit_code in (0, 1), result.output[-2000:]
    assert "Traceback" not in result.output
    return seconds


@pytest.mark.parametrize(
    "hostile",
    [
        # Jinja statements and comments opened and never closed in an example
        pytest.param("```json\n" + "{%" * (LENGTH // 2) + "\n```\n", id="jinja-statement"),
        pytest.param("```json\n" + "{#" * (LENGTH // 2) + "\n```\n", id="jinja-comment"),
        # a name after an opening bracket, then blanks and no colon, in another language
        pytest.param("```ts\n(a" + " " * LENGTH + "\n```\n", id="code-name-blanks"),
        pytest.param("```ts\n{a" + " \t" * (LENGTH // 2) + "\n```\n", id="code-name-tabs"),
        # a label ``Before (old ...`` whose parenthesis never closes
        pytest.param("Before (" + "old " * (LENGTH // 4) + ":\n" + EXAMPLE, id="outdated-label"),
    ],
)
def test_a_hostile_prompt_line_is_read_in_linear_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hostile: str
) -> None:
    seconds = _check_seconds(tmp_path, HEAD + EXAMPLE + "\n" + hostile, monkeypatch)

    assert seconds < BOUND, f"took {seconds:.1f}s of processor time"


def test_a_jinja_statement_in_an_example_is_still_read_as_no_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    example = (
        '```json\n{"thoughts": ["x"], "headline": "Waiting", "tool_name": "wait", '
        '"tool_args": {{% if long %}"seconds": 9{# {"a": 1} #}{% endif %}}}\n```\n'
    )
    _check_seconds(tmp_path, HEAD + example, monkeypatch)
    result = CliRunner().invoke(cli, ["check", "--no-cache"])

    assert "PRM005" not in result.output, result.output
