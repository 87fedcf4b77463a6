"""A check in the body of a ``try`` or a ``with`` holds as it does outside
it: at the top of ``execute`` (a ``try`` with only a ``finally``, a ``with``)
it makes the argument required; at the top of a method a dispatch calls, or
of a branch of a dispatch (with handlers or not), it refuses on the calls
that come this way (``required or optional``), never ``optional``."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent

import pytest

HEAD = """\
from helpers.tool import Response, Tool


"""

REFUSE = """\
if not name:
    return Response(message="name is required", break_loop=False)
return Response(message=name, break_loop=False)
"""


def _block(kind: str, indent: str) -> str:
    """``REFUSE`` under ``try``/``with`` of ``kind``, indented by ``indent``."""
    body = '    name = self.args.get("name")\n' + "".join(
        "    " + line + "\n" for line in REFUSE.splitlines()
    )
    text = {
        "finally": "try:\n" + body + "finally:\n    print('done')\n",
        "except": "try:\n" + body + "except Exception as exc:\n"
        "    return Response(message=str(exc), break_loop=False)\n",
        "with": 'with open("log.txt", "a"):\n' + body,
    }[kind]
    return "".join(indent + line + "\n" for line in text.splitlines())


def _presence(run_cli, root: Path) -> tuple[bool, bool]:
    result = run_cli(root, "inspect", "tools/send.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = tool["arguments"]
    assert argument["name"] == "name"
    return argument["required"], argument["required_unknown"]


@pytest.mark.parametrize("kind", ["finally", "with"])
def test_a_check_in_a_block_at_the_top_of_execute_makes_it_required(
    run_cli, make_repo, kind: str
) -> None:
    source = (
        HEAD + "class Send(Tool):\n    async def execute(self, **kwargs):\n" + _block(kind, " " * 8)
    )
    root = make_repo({"tools/send.py": source})
    assert _presence(run_cli, root) == (True, False)


@pytest.mark.parametrize("kind", ["finally", "except", "with"])
def test_a_check_in_a_block_of_a_method_a_dispatch_calls_refuses_on_its_calls(
    run_cli, make_repo, kind: str
) -> None:
    source = (
        HEAD
        + dedent(
            """\
        class Send(Tool):
            async def execute(self, **kwargs):
                if self.method == "send":
                    return await self.send()
                return Response(message="unknown method", break_loop=False)

            async def send(self) -> Response:
        """
        )
        + _block(kind, " " * 8)
    )
    root = make_repo({"tools/send.py": source})
    assert _presence(run_cli, root) == (False, True)


@pytest.mark.parametrize("kind", ["finally", "except", "with"])
def test_a_check_in_a_block_of_a_dispatch_branch_refuses_on_its_calls(
    run_cli, make_repo, kind: str
) -> None:
    source = (
        HEAD
        + "class Send(Tool):\n    async def execute(self, **kwargs):\n"
        + '        if self.method == "send":\n'
        + _block(kind, " " * 12)
        + '        return Response(message="unknown method", break_loop=False)\n'
    )
    root = make_repo({"tools/send.py": source})
    assert _presence(run_cli, root) == (False, True)


def test_a_companion_calling_it_required_is_not_reported(run_cli, make_repo) -> None:
    source = (
        HEAD
        + "class Send(Tool):\n    async def execute(self, **kwargs):\n"
        + _block("with", " " * 8)
    )
    prompt = '### send\nSend.\n~~~json\n{"tool_name": "send", "tool_args": {"name": "x"}}\n~~~\n'
    root = make_repo({"tools/send.py": source, "prompts/agent.system.tool.send.md": prompt})
    assert run_cli(root, "check", "--fix").exit_code == 0
    companion = root / "tools" / "send.py.dox.md"
    assert "  - `name`: required.\n" in companion.read_text(encoding="utf-8")
    result = run_cli(root, "check", "tools/send.py")
    assert "DOX111" not in result.output, result.output


def test_a_finally_that_always_returns_overrides_the_check(run_cli, make_repo) -> None:
    source = HEAD + dedent(
        """\
        class Send(Tool):
            async def execute(self, **kwargs):
                try:
                    name = self.args.get("name")
                    if not name:
                        return Response(message="name is required", break_loop=False)
                finally:
                    return Response(message="done", break_loop=False)
        """
    )
    root = make_repo({"tools/send.py": source})
    assert _presence(run_cli, root) == (False, False)
