"""Tools called by a `tool:method` name, through the real CLI: the framework
fills `action` from the method, and a dispatch on `self.method` needs an
argument read in one method's branch for that method only."""

from __future__ import annotations

import json
from textwrap import dedent, indent

PROMPT = "prompts/agent.system.tool.scheduler.md"

ON_ACTION = """\
    from helpers.tool import Response, Tool


    class SchedulerTool(Tool):
        async def execute(self, **kwargs):
            action = self.args["action"]
            if action == "list_tasks":
                return Response(message="tasks", break_loop=False)
            elif action == "delete_task":
                uuid = self.args["uuid"]
                return Response(message=f"deleted {uuid}", break_loop=False)
            return Response(message=f"Unknown action {action}", break_loop=False)
    """

ON_METHOD = """\
    from helpers.tool import Response, Tool


    class SchedulerTool(Tool):
        async def execute(self, **kwargs) -> Response:
            if self.method == "list_tasks":
                return Response(message="tasks", break_loop=False)
            if self.method == "create_task":
                name = self.args["name"]
                return Response(message=f"created {name}", break_loop=False)
            if self.method == "delete_task":
                uuid = self.args["uuid"]
                return Response(message=f"deleted {uuid}", break_loop=False)
            return Response(message=f"unknown method {self.method}", break_loop=False)
    """

METHODS = """\
### scheduler:list_tasks
list all tasks
`{"tool_name": "scheduler:list_tasks", "tool_args": {}}`

### scheduler:create_task
args: `name`
`{"tool_name": "scheduler:create_task", "tool_args": {"name": "daily"}}`

### scheduler:delete_task
args: `uuid`
`{"tool_name": "scheduler:delete_task", "tool_args": {"uuid": "abc"}}`
"""


def _prm004(make_repo, run_cli, tool: str, prompt: str) -> list[str]:
    root = make_repo({"tools/scheduler.py": dedent(tool), PROMPT: prompt})
    result = run_cli(root, "check", "--select", "PRM004")
    return [line.split(" PRM004 ", 1)[1] for line in result.output.splitlines() if "PRM004" in line]


def test_the_method_of_a_tool_name_teaches_action(make_repo, run_cli) -> None:
    on_action = ON_ACTION.replace('self.args["uuid"]', 'self.args.get("uuid", "")')
    assert _prm004(make_repo, run_cli, on_action, METHODS) == []
    plain = METHODS.replace("scheduler:", "scheduler_").replace(
        "### scheduler_list_tasks", "### scheduler"
    )
    assert _prm004(make_repo, run_cli, on_action, plain) == [
        "required argument `action` of `scheduler` (read at tools/scheduler.py:6) is never taught"
    ]


def test_a_read_in_one_branch_of_a_dispatch_on_the_method_is_not_needed_by_all(
    make_repo, run_cli
) -> None:
    assert _prm004(make_repo, run_cli, ON_METHOD, METHODS) == []


ON_METHOD_NAME = """\
    from helpers.tool import Response, Tool


    class LookupTool(Tool):
        async def execute(self, **kwargs) -> Response:
            method = (self.method or "list").strip().lower()
            if method == "list":
                return Response(message="entries", break_loop=False)
            {show}
            return Response(message=f"unknown method '{{method}}'", break_loop=False)
    """

IN_BRANCH = """\
if method == "show":
    name = str(kwargs.get("name", "")).strip()
    if not name:
        return Response(message="show requires `name`", break_loop=False)
    return Response(message=name, break_loop=False)"""

PAST_RETURN = """\
name = kwargs.get("name", "")
if not name:
    return Response(message="show requires `name`", break_loop=False)
if method == "show":
    return Response(message=name, break_loop=False)"""


def test_a_local_name_holding_the_method_is_a_dispatch_on_the_method(make_repo, run_cli) -> None:
    """`method = (self.method or "list").lower()`: a check in its `show`
    branch, or past the `list` branch's return, needs `name` on some calls
    only: neither optional with default `""` nor required."""
    for show in (IN_BRANCH, PAST_RETURN):
        code = dedent(ON_METHOD_NAME).format(show=indent(show, " " * 8).lstrip())
        root = make_repo({"tools/lookup.py": code})
        result = run_cli(root, "inspect", "tools/lookup.py", "--json")
        assert result.exit_code == 0, result.output
        (tool,) = json.loads(result.output)[0]["tools"]
        (name,) = tool["arguments"]
        assert (name["required"], name["required_unknown"]) == (False, True), show
        assert name["default_unknown"], show


EITHER_METHOD = """\
    from helpers.tool import Response, Tool


    class PointerTool(Tool):
        async def execute(self, **kwargs) -> Response:
            method = ({read}).lower()
            if not method:
                return Response(message="name a method", break_loop=False)
            return Response(message=method, break_loop=False)
    """


def test_a_check_of_what_the_method_may_give_needs_the_argument_on_some_calls(
    make_repo, run_cli
) -> None:
    """`method = self.method or self.args.get("method")`; `if not method:`
    refuses only the calls that name no method: `method` is needed on some
    calls, not on all; an `action` after it is never needed alone."""
    for read, expected in (
        ('self.method or self.args.get("method") or ""', {"method": (False, True)}),
        (
            'self.method or self.args.get("method") or self.args.get("action") or ""',
            {"method": (False, True), "action": (False, False)},
        ),
    ):
        root = make_repo({"tools/pointer.py": dedent(EITHER_METHOD).format(read=read)})
        result = run_cli(root, "inspect", "tools/pointer.py", "--json")
        assert result.exit_code == 0, result.output
        (tool,) = json.loads(result.output)[0]["tools"]
        got = {a["name"]: (a["required"], a["required_unknown"]) for a in tool["arguments"]}
        assert got == expected, read


OTHER_NEEDED = """\
    from helpers.tool import Response, Tool


    class PointerTool(Tool):
        async def execute(self, **kwargs) -> Response:
            query = self.args.get("query")
            if not query and self.method != "list":
                return Response(message="query is required", break_loop=False)
            return Response(message=str(query), break_loop=False)
    """


def test_a_check_beside_a_test_of_the_method_needs_its_argument_on_some_calls(
    make_repo, run_cli
) -> None:
    """`if not query and self.method != "list":` refuses a missing `query` on
    the calls naming no method or another: needed on some calls, not optional."""
    root = make_repo({"tools/pointer.py": dedent(OTHER_NEEDED)})
    result = run_cli(root, "inspect", "tools/pointer.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (query,) = tool["arguments"]
    assert (query["required"], query["required_unknown"]) == (False, True), query
