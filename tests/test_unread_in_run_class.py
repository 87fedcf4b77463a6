"""A module holding two tool classes is checked against the one the
framework runs (the name that sorts last): PRM003 names that class, so the
finding does not read as if the module never read an argument that its
other class does read. A module of one tool class is named as before.
Through the real CLI.
"""

from __future__ import annotations

from typing import Any

TWO_CLASSES = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class Sub(Tool):\n"
    '    async def execute(self, message="", **kwargs):\n'
    "        return Response(message=message, break_loop=False)\n\n\n"
    "class SubManager(Tool):\n"
    '    async def execute(self, action="list", **kwargs):\n'
    "        return Response(message=action, break_loop=False)\n"
)

PROMPT = (
    "### sub\n"
    "Delegate.\n\n"
    "~~~json\n"
    '{"thoughts": ["x"], "headline": "h", "tool_name": "sub",\n'
    ' "tool_args": {"message": "do it"}}\n'
    "~~~\n"
)


def check(make_repo: Any, run_cli: Any, code: str) -> str:
    root = make_repo({"tools/sub.py": code, "prompts/agent.system.tool.sub.md": PROMPT})
    return str(run_cli(root, "check", "--no-cache", "--select", "PRM003").output)


def test_the_finding_names_the_class_the_framework_runs(make_repo: Any, run_cli: Any) -> None:
    output = check(make_repo, run_cli, TWO_CLASSES)
    assert (
        "PRM003 argument `message` is taught for `sub` but `SubManager`, the class of "
        "tools/sub.py the framework runs, never reads it"
    ) in output, output


def test_a_module_of_one_tool_class_is_named_as_it_is(make_repo: Any, run_cli: Any) -> None:
    code = TWO_CLASSES.split("\n\n\nclass SubManager")[0].replace("message=message", 'message="x"')
    code = code.replace('message="", ', "")
    output = check(make_repo, run_cli, code + "\n")
    assert "but tools/sub.py never reads it" in output, output
