"""A closed dispatch (anything else is an error) whose every arm needs a key:
every call the tool accepts needs it, so the argument is required, whether the
arms test ``self.method`` or an argument and whether they read the key
themselves or in a method they call. One arm that can do without it leaves it
optional."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

HEAD = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


"""


def _required(run_cli, make_repo, source: str) -> dict[str, bool | str]:
    """Whether each argument is required; ``"unknown"`` for one needed on
    some calls only, whose requiredness is not known."""
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    arguments: list[dict[str, Any]] = tool["arguments"]
    return {a["name"]: "unknown" if a["required_unknown"] else a["required"] for a in arguments}


METHODS = """\
    class NotesTool(Tool):
        async def execute(self, **kwargs):
            if self.method == "create":
                return self.create()
            if self.method == "remove":
                return self.remove()
            return Response(message=f"unknown method {self.method}", break_loop=False)

        def create(self):
            name = self.args["name"]
            return Response(message=f"created {name}", break_loop=False)

        def remove(self):
    {remove}
            return Response(message="removed", break_loop=False)
    """


def test_a_key_every_dispatched_method_reads_is_required(run_cli, make_repo) -> None:
    source = METHODS.replace("{remove}", '        self.args["name"]')
    assert _required(run_cli, make_repo, source) == {"name": True}


def test_a_dispatched_method_that_does_without_the_key_leaves_it_unknown(
    run_cli, make_repo
) -> None:
    # ``create`` needs it, ``remove`` may do without it: required on some
    # calls, optional on others
    for remove in (
        "        pass",
        '        self.args.get("name")',
        '        if self.agent:\n                self.args["name"]',
        '        if self.agent:\n                return Response(message="", break_loop=False)\n'
        '            self.args["name"]',
        '        x = self.agent or self.args["name"]',
    ):
        source = METHODS.replace("{remove}", remove)
        assert _required(run_cli, make_repo, source) == {"name": "unknown"}, remove


def test_an_if_elif_chain_and_a_match_on_an_argument_alike(run_cli, make_repo) -> None:
    chain = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action")
                if action == "add":
                    title = self.args["title"]
                    return Response(message=title, break_loop=False)
                elif action == "get":
                    return await self.get()
                else:
                    raise RepairableException("unknown action")

            async def get(self):
                if not self.args.get("title"):
                    return Response(message="title is required", break_loop=False)
                return Response(message="found", break_loop=False)
        """
    assert _required(run_cli, make_repo, chain)["title"] is True
    match = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs):
                match self.args.get("action"):
                    case "add":
                        title = self.args["title"]
                    case "get":
                        title = self.args["title"]
                        body = self.args["body"]
                    case _:
                        raise RepairableException("unknown action")
                return Response(message=title, break_loop=False)
        """
    # a missing ``action`` is an error (``case _``), as ever; ``body`` is
    # needed by ``get`` only
    assert _required(run_cli, make_repo, match) == {
        "action": True,
        "title": True,
        "body": "unknown",
    }


def test_an_open_dispatch_or_a_check_with_a_default_leaves_it_unknown(run_cli, make_repo) -> None:
    # anything else is answered, not refused (the answer does not name the
    # value it would refuse): a call may take no arm at all
    open_dispatch = """\
        class NotesTool(Tool):
            async def execute(self, **kwargs):
                if self.method == "create":
                    return Response(message=self.args["name"], break_loop=False)
                if self.method == "remove":
                    return Response(message=self.args["name"], break_loop=False)
                return Response(message="listed", break_loop=False)
        """
    assert _required(run_cli, make_repo, open_dispatch) == {"name": "unknown"}
    # a default or a fallback may pass the arm's check, ``remove`` still
    # raises without it
    for read in ('self.args.get("name", "x")', 'self.args.get("name") or self.agent'):
        checked = f"""\
            class NotesTool(Tool):
                async def execute(self, **kwargs):
                    if self.method == "create":
                        name = {read}
                        if not name:
                            return Response(message="name?", break_loop=False)
                        return Response(message=name, break_loop=False)
                    if self.method == "remove":
                        return Response(message=self.args["name"], break_loop=False)
                    return Response(message="unknown method", break_loop=False)
            """
        assert _required(run_cli, make_repo, checked) == {"name": "unknown"}, read


def test_the_companion_required_line_of_a_method_dispatch_stands(run_cli, make_repo) -> None:
    source = METHODS.replace("{remove}", '        self.args["name"]')
    root: Path = make_repo({"tools/notes.py": HEAD + dedent(source)})
    (root / "tools/notes.py.dox.md").write_text(
        "# notes.py DOX\n\n## Runtime Contracts\n- Arguments of `NotesTool`:\n"
        "  - `name`: required.\n"
    )
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.output.splitlines() == ["All checks passed."]


def test_arms_that_return_their_response_themselves(run_cli, make_repo) -> None:
    # every arm builds its ``Response`` where it reads ``name``; an arm that
    # answers without it (an error or not, the code does not say) leaves its
    # requiredness unknown
    for legacy, required in (("", True), (LEGACY, "unknown")):
        source = ARMS.replace("{legacy}", legacy)
        assert _required(run_cli, make_repo, source)["name"] == required, legacy


ARMS = """\
class NotesTool(Tool):
    async def execute(self, **kwargs):
        action = self.args.get("action", "")
        if action == "create":
            return Response(message=self.args["name"], break_loop=False)
{legacy}        elif action == "remove":
            return Response(message=self.args["name"], break_loop=False)
        else:
            return Response(message=f"unknown action {action}", break_loop=False)
"""

LEGACY = """\
        elif action == "purge":
            return Response(message="purge is gone", break_loop=False)
"""
