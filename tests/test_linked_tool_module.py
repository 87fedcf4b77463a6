"""A tool module that is a link to another module of its tool directory is a
tool of its own name (the framework loads ``tools/<name>.py`` whatever the
file is), with the tool class the linked text defines: its prompt is
checked against it, and ``schema`` gives it, as for a copy of the file."""

from __future__ import annotations

import json

import pytest

from doxtool.rules.examples import WAIT_DOX, WAIT_PY


def _prompt(name: str) -> str:
    return (
        f"### {name}\nPause.\nargs: optional `seconds`, `hours`\n~~~json\n"
        f'{{"tool_name": "{name}", "tool_args": {{"seconds": 1, "hours": 2}}}}\n~~~\n'
    )


@pytest.mark.parametrize("linked", [True, False])
def test_a_linked_tool_module_is_checked_as_a_copy_would_be(make_repo, run_cli, linked) -> None:
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
            "prompts/agent.system.tool.pause.md": _prompt("pause"),
            "doxtool.toml": 'ignore = ["DOX001", "PRM001"]\n',
        }
    )
    if linked:
        (root / "tools/pause.py").symlink_to("wait.py")
    else:
        (root / "tools/pause.py").write_text(WAIT_PY, encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--select", "PRM003")
    assert result.exit_code == 1, result.output
    assert (
        "prompts/agent.system.tool.pause.md:3:28: PRM003 argument `hours` is taught for "
        "`pause` but tools/pause.py never reads it"
    ) in result.output.splitlines()
    schema = run_cli(root, "schema")
    assert schema.exit_code == 0, schema.output
    named = {s["function"]["name"]: s for s in json.loads(schema.output)}
    assert sorted(named) == ["pause", "wait"]
    assert named["pause"]["function"]["parameters"] == named["wait"]["function"]["parameters"]
