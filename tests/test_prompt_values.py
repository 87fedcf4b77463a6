"""List items that name values of a tool's argument (``Set `action` to one
of:`` then ``- `open`: args `url```; ``Arguments by action:`` then ``- `add`:
`text```): no tool, no argument taught, and the arguments after them are
the section tool's."""

from __future__ import annotations

from pathlib import Path

from samples import clean_files
from test_prompts import args, parse_file

from doxtool.rules.examples import WAIT_PY

BROWSER_PY = """\
from helpers.tool import Response, Tool


class Browser(Tool):
    async def execute(self, action: str = "", url: str = "", ref: int = 0, seconds: int = 1, **kwargs) -> Response:
        if action == "open":
            return Response(message=f"opened {url}", break_loop=False)
        if action == "click":
            return Response(message=f"clicked {ref}", break_loop=False)
        if action == "wait":
            return Response(message=f"waited {seconds}", break_loop=False)
        return Response(message="unknown action", break_loop=False)
"""

TODO_PY = """\
from helpers.tool import Response, Tool


class Todo(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.method or self.args.get("action", "")
        if action == "add":
            return await self.add()
        elif action == "list":
            return await self.list_items()
        elif action == "done":
            return await self.done()
        return Response(message="unknown action", break_loop=False)

    async def add(self) -> Response:
        text = self.args.get("text", "")
        priority = self.args.get("priority", "normal")
        return Response(message=f"added {text} {priority}", break_loop=False)

    async def list_items(self) -> Response:
        status = self.args.get("status", "open")
        return Response(message=f"list {status}", break_loop=False)

    async def done(self) -> Response:
        return Response(message=f"done {self.args['id']}", break_loop=False)
"""

BROWSER_PROMPT = "prompts/agent.system.tool.browser.md"
TODO_PROMPT = "prompts/agent.system.tool.todo.md"


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if not line.startswith(("Found ", "All "))]


def _check(make_repo, run_cli, files: dict[str, str]) -> list[str]:
    root = make_repo({**clean_files(), **files})
    return _findings(run_cli(root, "check", "--select", "PRM").output)


# ---------------------------------------------------------------------------
# values of the section tool's dispatch argument, one tool named like a value


def test_values_after_a_lead_naming_the_argument_are_no_tools(make_repo, run_cli) -> None:
    prompt = (
        "### browser\nDrive a headless browser. Set `action` to one of:\n"
        "- `open`: args `url`\n- `click`: args `ref`\n- `wait`: args `seconds`\n"
    )
    files = {"tools/browser.py": BROWSER_PY, BROWSER_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == []


def test_values_of_the_dispatch_are_no_tools_under_any_lead(make_repo, run_cli) -> None:
    prompt = "### browser\nargs: `action`\n\nActions:\n\n- `open`: args `url`\n- `wait`: args `seconds`\n"
    files = {"tools/browser.py": BROWSER_PY, BROWSER_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == []


def test_the_arguments_of_a_value_are_the_section_tools(make_repo, run_cli) -> None:
    prompt = "### browser\nSet `action` to one of:\n- `open`: args `url`\n- `wait`: args `hours`\n"
    files = {"tools/browser.py": BROWSER_PY, BROWSER_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == [
        f"{BROWSER_PROMPT}:4:17: PRM003 argument `hours` is taught for `browser` but "
        "tools/browser.py never reads it"
    ]


def test_a_list_of_tools_is_still_one(make_repo, run_cli) -> None:
    """Outside the section of a tool whose values they are, the items name tools."""
    prompt = "### browser\nargs: `action`\n\n## Other tools\n\n- `wait`: args `seconds`\n- `open`: args `url`\n"
    files = {"tools/browser.py": BROWSER_PY, BROWSER_PROMPT: prompt}
    assert [line.split()[1] for line in _check(make_repo, run_cli, files)] == ["PRM002"]


def test_a_values_lead_names_its_argument(tmp_path: Path) -> None:
    text = "### browser\nSet `action` to one of:\n- `open`: args `url`\n"
    doc = parse_file(tmp_path, "p.md", text)
    assert [(t.name, t.section, t.value_of) for t in doc.listed] == [("open", "browser", "action")]
    assert [(a.name, a.tool, a.key, a.section) for a in doc.arguments] == [
        ("url", "open", "open", "browser")
    ]


# ---------------------------------------------------------------------------
# arguments grouped by the value they go with


def test_arguments_grouped_by_action_are_the_tools(make_repo, run_cli) -> None:
    prompt = (
        "### todo\nKeep a todo list.\n\nArguments by action:\n"
        "- `add`: `text` (required), `priority`\n- `list`: `status`\n- `done`: `id`\n"
    )
    files = {"tools/todo.py": TODO_PY, TODO_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == []
    unread = prompt.replace("`status`", "`status`, `colour`").replace("by action", "per action")
    assert _check(make_repo, run_cli, {**files, TODO_PROMPT: unread}) == [
        f"{TODO_PROMPT}:6:22: PRM003 argument `colour` is taught for `todo` but "
        "tools/todo.py never reads it"
    ]


def test_a_required_argument_only_a_group_teaches_is_taught(make_repo, run_cli) -> None:
    """``id`` (read with ``args["id"]``) is taught by the ``done`` group."""
    prompt = "### todo\nArguments per action:\n\n- `add`: `text`\n- `done`: `id`\n"
    files = {"tools/todo.py": TODO_PY, TODO_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == []


def test_an_argument_item_with_values_after_it_stays_an_argument(make_repo, run_cli) -> None:
    """``- `action`: `add`, `list``` names an argument (one the tool reads)
    with its values: the values are not taught as arguments."""
    prompt = "### todo\nOptional arguments by action:\n\n- `action`: `add`, `list` or `done`\n"
    files = {"tools/todo.py": TODO_PY, TODO_PROMPT: prompt}
    lines = _check(make_repo, run_cli, files)
    assert not [line for line in lines if "PRM003" in line], lines


def test_group_names_wait_for_the_tools_code(tmp_path: Path) -> None:
    """The reader keeps the names after an item's name apart: what the
    section tool reads decides whether they are arguments."""
    text = "### todo\nArguments by action:\n- `add`: `text` (required), `priority`\n"
    doc = parse_file(tmp_path, "p.md", text)
    assert args(doc) == [("add", 3, 4, False, "arguments-list", "todo")]
    assert [(a.name, a.key, a.tool, a.optional) for a in doc.keyed] == [
        ("text", "add", "todo", False),
        ("priority", "add", "todo", False),
    ]


def test_a_values_lead_counts_for_a_tool_reading_keys_it_cannot_name(make_repo, run_cli) -> None:
    """The tool reads its action through a computed key: the lead says the
    items are its values, and no list of tools is read into them."""
    code = BROWSER_PY.replace('action: str = "", ', "").replace(
        'if action == "open"',
        'action = self.args.get(self.name + "_action")\n        if action == "open"',
    )
    prompt = (
        "### browser\nSet `action` to one of:\n- `open`: args `url`\n- `wait`: args `seconds`\n"
    )
    files = {"tools/browser.py": code, BROWSER_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == []


def test_names_after_prose_in_a_value_item_are_not_arguments(make_repo, run_cli) -> None:
    """``- `list`: items whose status is `open```: ``open`` is a value of
    ``status``, not an argument of ``todo``."""
    prompt = (
        "### todo\nargs: `action`, `text`, `status`, `id`\n\nArguments by action:\n"
        "- `add`: `text`\n- `list`: items whose status is `open`\n"
    )
    files = {"tools/todo.py": TODO_PY, TODO_PROMPT: prompt}
    assert _check(make_repo, run_cli, files) == []


# ---------------------------------------------------------------------------
# who teaches a tool (PRM001): a value named like it does not


def test_a_tool_named_like_a_value_is_not_taught_by_it(make_repo, run_cli) -> None:
    prompt = (
        "### browser\nSet `action` to one of:\n- `open`: args `url`\n- `wait`: args `seconds`\n"
    )
    open_py = WAIT_PY.replace("WaitTool", "OpenTool")
    files = {"tools/browser.py": BROWSER_PY, BROWSER_PROMPT: prompt, "tools/open.py": open_py}
    root = make_repo({**clean_files(), **files})
    expected = ["tools/open.py:4:1: PRM001 tool `open` has no prompt in `prompts/`"]

    def prm001(*paths: str) -> list[str]:
        output = run_cli(root, "check", "--select", "PRM001", *paths).output
        return [line.split(";")[0] for line in _findings(output)]

    assert prm001() == expected
    assert prm001() == expected  # the prompt index of the run before answers
    assert prm001("tools/open.py") == expected
    assert prm001(BROWSER_PROMPT, "tools/open.py") == expected
    # a list of tools outside browser's section teaches it
    make_repo({BROWSER_PROMPT: prompt + "\n## Other tools\n\n- `open`: args `seconds`\n"})
    assert prm001() == []
    assert prm001("tools/open.py") == []


GETATTR_PY = """\
from helpers.tool import Response, Tool


class Browser(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "open")
        handler = getattr(self, f"do_{action}", None)
        if handler is None:
            return Response(message=f"unknown action {action}", break_loop=False)
        return await handler()

    async def do_open(self) -> Response:
        return Response(message=self.args.get("url", ""), break_loop=False)

    async def do_click(self) -> Response:
        return Response(message=str(self.args.get("ref", 0)), break_loop=False)
"""


def test_a_lead_naming_the_argument_lists_its_values(make_repo, run_cli) -> None:
    """``Actions:`` under a tool that reads ``action`` (its values not known:
    the code dispatches through ``getattr``) lists values, not tools."""
    for lead in ("Actions:", "Available actions:", "**Actions**:", "Actions (one per call):"):
        prompt = f"### browser\nDrive a browser.\n\n{lead}\n- `open`: args `url`\n- `click`: args `ref`\n- `wait`: args `seconds`\n"
        files = {"tools/browser.py": GETATTR_PY, BROWSER_PROMPT: prompt}
        assert _check(make_repo, run_cli, files) == [
            f"{BROWSER_PROMPT}:7:17: PRM003 argument `seconds` is taught for `browser` but "
            "tools/browser.py never reads it"
        ], lead
    # under a tool that does not read ``mode``, ``Modes:`` leads a list of tools
    prompt = (
        "### browser\nargs: `action`\n\nModes:\n- `open`: args `url`\n- `wait`: args `seconds`\n"
    )
    files = {"tools/browser.py": GETATTR_PY, BROWSER_PROMPT: prompt}
    assert [line.split()[1] for line in _check(make_repo, run_cli, files)] == ["PRM002"]


def test_a_lead_naming_an_argument_ending_in_s_lists_its_values(make_repo, run_cli) -> None:
    """``Status:`` names ``status`` (not ``statu``), ``Statuses:`` and
    ``Queries:`` name ``status`` and ``query``: the items after them are
    values of the argument the tool reads, not tools that do not exist."""
    for argument, lead in (
        ("status", "Status:"),
        ("status", "Statuses:"),
        ("query", "Queries:"),
        ("box", "Boxes:"),
        ("class", "Class:"),
        ("action", "Actions:"),
    ):
        code = GETATTR_PY.replace('"action", "open"', f'"{argument}", "open"')
        prompt = f"### browser\nDrive a browser.\n\n{lead}\n- `open`: args `url`\n- `click`: args `ref`\n- `wait`: args `seconds`\n"
        files = {"tools/browser.py": code, BROWSER_PROMPT: prompt}
        assert _check(make_repo, run_cli, files) == [
            f"{BROWSER_PROMPT}:7:17: PRM003 argument `seconds` is taught for `browser` but "
            "tools/browser.py never reads it"
        ], lead
