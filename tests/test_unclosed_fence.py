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
