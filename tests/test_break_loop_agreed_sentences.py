"""A person's English sentence stating a tool's ``break_loop`` in a shape
that is no lead of the block (``Its `break_loop` is always `false`.``):
when it states the one value the code gives, no second line is written
beside it, neither by the rule's fix nor with a missing section; one
stating another value, or worded so that it may be about another tool or
case, leaves the missing line reported with its fix."""

from __future__ import annotations

import pytest
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX

DOX = "tools/wait.py.dox.md"
LINE = "- `break_loop` of `WaitTool`: always `false`.\n"
MISSING = "DOX120 `break_loop` of `WaitTool` is not documented; the code returns always `false`"


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if "DOX" in line]


@pytest.mark.parametrize(
    "sentence",
    [
        "- Returns a `Response` whose `break_loop` is always `false`.",
        "- Its `break_loop` is always `false`.",
        "- `break_loop` is `false` on every path.",
        "- The returned `Response` always has `break_loop` set to `false`.",
        "- `break_loop` always `false`.",
    ],
)
def test_a_sentence_stating_the_codes_value_gets_no_second_line(
    make_repo, run_cli, sentence: str
) -> None:
    text = WAIT_DOX.replace(LINE, sentence + "\n")
    root = make_repo({**clean_files(), DOX: text})
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "sentence",
    [
        # another value: about another tool, or wrong; the line is written
        "- Its `break_loop` is always `true`.",
        # another case, another tool: not the tool's value
        "- If the wait fails, its `break_loop` is always `false`.",
        "- Unlike `response`, whose `break_loop` is always `false`, this tool waits.",
        # a word naming another class, case, time or speaker
        "- The base Tool's `break_loop` is always `false`.",
        "- The helper's Response has `break_loop` always `false`.",
        "- `break_loop` is always `false` in the old version.",
        "- `break_loop` is always `false` for every other tool.",
        "- The old doc said `break_loop` is always `false`; this is wrong.",
        "- Is `break_loop` always `false`?",
    ],
)
def test_a_sentence_that_may_be_of_another_tool_or_case_leaves_the_line_missing(
    make_repo, run_cli, sentence: str
) -> None:
    text = WAIT_DOX.replace(LINE, sentence + "\n")
    root = make_repo({**clean_files(), DOX: text})
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert len(found) == 1 and MISSING in found[0] and found[0].endswith("[*]")
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    assert sentence + "\n" in fixed and LINE in fixed


def test_a_missing_section_is_written_without_a_second_break_loop_line(make_repo, run_cli) -> None:
    """The sentence stands in another section of the person's (``##
    Returns``); the Runtime Contracts section the fix writes holds no
    ``break_loop`` line."""
    start = WAIT_DOX.index("## Runtime Contracts")
    end = WAIT_DOX.index("## Key Concepts")
    text = (
        WAIT_DOX[:start]
        + "## Returns\n\nA `Response` whose `break_loop` is always `false`.\n\n"
        + WAIT_DOX[end:]
    )
    root = make_repo({**clean_files(), DOX: text})
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    assert "## Runtime Contracts" in fixed
    assert "- `WaitTool` is a `Tool`." in fixed
    assert fixed.count("`break_loop`") == 1


def test_a_sentence_under_a_heading_naming_two_classes_leaves_the_line_missing(
    make_repo, run_cli
) -> None:
    """Under ``## `WaitTool` and `PauseTool` `` whose ``its`` is meant is not
    known: the line of ``WaitTool`` stays missing."""
    pause = "\n\nclass PauseTool(Tool):\n    async def execute(self, **kwargs) -> Response:\n"
    pause += '        return Response(message="paused", break_loop=True)\n'
    files = clean_files()
    text = WAIT_DOX.replace(
        LINE,
        "- Arguments of `PauseTool`: none.\n- `break_loop` of `PauseTool`: always `true`.\n"
        "- `PauseTool` is a `Tool`.\n- `PauseTool` defines `execute(...)`.\n",
    ).replace(
        "  - `async execute(self, **kwargs) -> Response`\n",
        "  - `async execute(self, **kwargs) -> Response`\n- `PauseTool` (`Tool`)\n  - `async execute(self, **kwargs) -> Response`\n",
    )
    text = text.replace(
        "## Work Guidance",
        "## `WaitTool` and `PauseTool`\n- Its `break_loop` is always `false`.\n\n## Work Guidance",
    )
    root = make_repo({**files, "tools/wait.py": files["tools/wait.py"] + pause, DOX: text})
    found = _findings(run_cli(root, "check", "--no-cache").output)
    assert len(found) == 1 and MISSING in found[0], found
