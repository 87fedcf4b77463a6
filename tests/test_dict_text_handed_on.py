"""The text of the whole arguments dict handed to a call that does more
than show it (``store.save(str(self.args))``, ``json.dumps(self.args)``)
takes every argument: a prompt's argument is not reported as never read
(PRM003). The same text logged, printed, returned in a ``Response``, put
in an exception or rendered into a prompt's text takes none. Through the real CLI.
"""

from __future__ import annotations

from typing import Any

import pytest

PROMPT = (
    "### memorize\n"
    "Save a fact.\n\n"
    "~~~json\n"
    '{"thoughts": ["x"], "headline": "h", "tool_name": "memorize",\n'
    ' "tool_args": {"text": "the sky is blue"}}\n'
    "~~~\n"
)


def tool(line: str) -> str:
    return (
        "import json\n"
        "from helpers.tool import Tool, Response\n"
        "from helpers import store\n\n\n"
        "class Memorize(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"        {line}\n"
        '        return Response(message="saved", break_loop=False)\n'
    )


def check(make_repo: Any, run_cli: Any, line: str) -> str:
    root = make_repo(
        {
            "helpers/store.py": "def save(agent, text, action):\n    return text\n",
            "tools/memorize.py": tool(line),
            "prompts/agent.system.tool.memorize.md": PROMPT,
        }
    )
    return str(run_cli(root, "check", "--no-cache", "--select", "PRM003").output)


@pytest.mark.parametrize(
    "line",
    [
        'store.save(self.agent, str(self.args), "save")',
        'store.save(self.agent, json.dumps(self.args), "save")',
        'store.save(self.agent, text=repr(self.args), action="save")',
    ],
)
def test_the_text_of_the_arguments_handed_on_takes_them_all(
    make_repo: Any, run_cli: Any, line: str
) -> None:
    output = check(make_repo, run_cli, line)
    assert "PRM003" not in output, output


@pytest.mark.parametrize(
    "line",
    [
        'self.agent.context.log.log(type="info", content=json.dumps(self.args))',
        "print(str(self.args))",
        "raise ValueError(str(self.args))",
        "return Response(message=str(self.args), break_loop=False)",
        # a prompt rendered with it, the text of an error the tool returns
        "return Response(message=self.agent.read_prompt("
        '"fw.tool_call.missing_tool_arg.md", tool_args=json.dumps(self.args, indent=4)), '
        "break_loop=False)",
    ],
)
def test_the_text_of_the_arguments_shown_takes_none(
    make_repo: Any, run_cli: Any, line: str
) -> None:
    output = check(make_repo, run_cli, line)
    assert "PRM003 argument `text` is taught for `memorize`" in output, output
