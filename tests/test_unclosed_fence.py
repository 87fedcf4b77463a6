"""A companion whose code fence is never closed: every line after it is code,
so it is reported (DOX009, at the fence) and never edited."""

from __future__ import annotations

from pathlib import Path

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

PROMPT = "### wait\nPause.\nargs: optional `seconds`\n"


def test_an_unclosed_fence_is_reported_and_nothing_is_written_twice(make_repo, run_cli) -> None:
    head, rest = WAIT_DOX.split("\n## ", 1)
    dox = head + '\n- Example call:\n\n```json\n{"tool_name": "wait"}\n\n## ' + rest
    line = head.count("\n") + 4
    root: Path = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "prompts/agent.system.tool.wait.md": PROMPT,
        }
    )
    expected = (
        f"tools/wait.py.dox.md:{line}:1: DOX009 companion cannot be read: the code fence "
        f"opened at line {line} is never closed, so every line after it is code; close it\n"
        "Found 1 finding.\n"
    )
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (1, expected)
    fixed = run_cli(root, "check", "--no-cache", "--fix")
    assert fixed.exit_code == 1
    assert (root / "tools/wait.py.dox.md").read_text() == dox


def _with_unclosed_html(opening: str, body: str = "") -> tuple[str, int]:
    head, rest = WAIT_DOX.split("\n## ", 1)
    return head + f"\n{opening}\n{body}## " + rest, head.count("\n") + 2


def test_an_unclosed_html_comment_is_reported_and_nothing_is_written_twice(
    make_repo, run_cli
) -> None:
    dox, line = _with_unclosed_html("<!-- TODO(ana): document the retry policy")
    root: Path = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "prompts/agent.system.tool.wait.md": PROMPT,
        }
    )
    expected = (
        f"tools/wait.py.dox.md:{line}:1: DOX009 companion cannot be read: the HTML comment "
        f"opened at line {line} is never closed, so every line after it is hidden; close it\n"
        "Found 1 finding.\n"
    )
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (1, expected)
    fixed = run_cli(root, "check", "--no-cache", "--fix")
    assert fixed.exit_code == 1
    assert (root / "tools/wait.py.dox.md").read_text() == dox


def test_an_html_block_without_a_blank_line_that_takes_in_the_headings_is_reported(
    make_repo, run_cli
) -> None:
    # ``<details>`` ends only at a blank line: with none left, it hides every
    # heading after it
    head, rest = WAIT_DOX.split("\n## ", 1)
    rest = "\n".join(line for line in rest.splitlines() if line.strip()) + "\n"
    dox = head + "\n<details>\n## " + rest
    line = head.count("\n") + 2
    root: Path = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "prompts/agent.system.tool.wait.md": PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--fix")
    assert result.output.startswith(
        f"tools/wait.py.dox.md:{line}:1: DOX009 companion cannot be read: the HTML block "
        f"opened at line {line} is never closed"
    )
    assert (root / "tools/wait.py.dox.md").read_text() == dox


def test_closed_html_comments_and_blocks_are_read_as_before(make_repo, run_cli) -> None:
    head, rest = WAIT_DOX.split("\n## ", 1)
    dox = (
        head
        + "\n<!-- TODO(ana):\nthe retry policy -->\n\n<details>\n<summary>x</summary>\n</details>\n\n## "
        + rest
    )
    dox += "\n<details>\n<summary>More</summary>\n\nNotes.\n</details>\n"
    root: Path = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "prompts/agent.system.tool.wait.md": PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache")
    assert "DOX009" not in result.output
    assert "DOX102" not in result.output
