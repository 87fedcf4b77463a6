"""Names a prompt writes only to forbid them (``args: `text`, not
`reply```, ``the old `msg` argument was removed``) are not taught."""

from __future__ import annotations

from pathlib import Path

from samples import clean_files
from test_prompts import parse_file


def _check(make_repo, run_cli, files: dict[str, str]) -> list[str]:
    root = make_repo({**clean_files(), **files})
    output = run_cli(root, "check", "--select", "PRM").output
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def test_names_an_args_line_forbids_are_not_taught(tmp_path: Path) -> None:
    text = (
        "### response\n"
        "args: `text`, not `reply`\n"
        "args: `text`; never `content`\n"
        "args: `text`; the old `msg` argument was removed\n"
        "args: `text`, instead of `body`\n"
        "args: `text`, `title` (deprecated)\n"
        "args: `text`; don't use `html`\n"
        "args: `text` (not `answer`)\n"
        "args: `text`, `detail` of the removed file\n"
    )
    doc = parse_file(tmp_path, "p.md", text)
    assert sorted({a.name for a in doc.arguments}) == ["detail", "text"]
    assert {"reply", "content", "msg", "body", "title", "html"} <= {m.name for m in doc.mentions}


def test_an_argument_item_the_prompt_says_is_removed_is_not_taught(tmp_path: Path) -> None:
    text = "### response\nArguments:\n- `text`: the answer\n- `msg`: removed, send `text`\n"
    doc = parse_file(tmp_path, "p.md", text)
    assert [a.name for a in doc.arguments] == ["text"]


def test_forbidden_names_are_not_reported(make_repo, run_cli) -> None:
    prompt = (
        "### wait\nPause.\nargs: optional `seconds`, not `reply`\n"
        "args: `seconds`; the old `hours` argument was removed\n"
    )
    assert _check(make_repo, run_cli, {"prompts/agent.system.tool.wait.md": prompt}) == []
