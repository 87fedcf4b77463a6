"""A tool module whose class only fails in ``execute`` (``raise
NotImplementedError``), or defines no method at all, and that tools of other
modules derive from is a shared base, not a tool the model must be taught (PRM001)."""

from __future__ import annotations

from samples import WRAPPER

PAGE_PY = """\
from helpers.tool import Response, Tool


class Page(Tool):
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError

    def note(self, text: str) -> None:
        self.agent.context.log.log(type="info", content=text)
"""

PAGE_OPEN_PY = """\
from helpers.tool import Response
from tools.page import Page


class PageOpen(Page):
    async def execute(self, url: str = "", **kwargs) -> Response:
        self.note(url)
        return Response(message=url, break_loop=False)
"""

OPEN_PROMPT = """\
### page_open
Open a page.
args: `url`
~~~json
{"thoughts": ["x"], "headline": "Opening", "tool_name": "page_open", "tool_args": {"url": "a"}}
~~~
"""


def _repo(make_repo, page: str = PAGE_PY):
    return make_repo(
        {
            "tools/page.py": page,
            "tools/page_open.py": PAGE_OPEN_PY,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.page_open.md": OPEN_PROMPT,
        }
    )


def _prm001(result) -> list[str]:
    return [line for line in result.output.splitlines() if " PRM001 " in line]


def test_a_stub_base_of_other_tools_needs_no_prompt(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    assert _prm001(run_cli(root, "check", "--no-cache")) == []
    assert _prm001(run_cli(root, "check", "--no-cache", "tools/page.py")) == []


def test_a_base_that_runs_something_is_still_a_tool(make_repo, run_cli) -> None:
    page = PAGE_PY.replace(
        "raise NotImplementedError", 'return Response(message="page", break_loop=False)'
    )
    root = _repo(make_repo, page)
    found = _prm001(run_cli(root, "check", "--no-cache"))
    assert len(found) == 1 and found[0].startswith("tools/page.py:4:1: PRM001 tool `page`")


def test_a_stub_no_tool_derives_from_is_still_reported(make_repo, run_cli) -> None:
    root = _repo(make_repo)
    (root / "tools/page_open.py").unlink()
    found = _prm001(run_cli(root, "check", "--no-cache"))
    assert len(found) == 1 and found[0].startswith("tools/page.py:4:1: PRM001 tool `page`")


# a tool, a class of another module that defines nothing (a step between the
# tool and the tools deriving from it), and a tool deriving from the step
RUN_PY = """\
from helpers.tool import Response, Tool


class RunCode(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message=self.args["code"], break_loop=False)
"""

STEP_PY = """\
from tools.run_code import RunCode


class ZRunCode(RunCode):
    pass
"""

EDITOR_PY = """\
from helpers.tool import Response
from tools.z_run_code import ZRunCode


class Editor(ZRunCode):
    async def execute(self, path: str = "", **kwargs) -> Response:
        self.args["code"] = f"open {path}"
        return await super().execute()
"""


def _prompt(name: str, arg: str) -> str:
    return (
        f"### {name}\nRun it.\n~~~json\n"
        f'{{"thoughts": ["x"], "headline": "Running", "tool_name": "{name}", '
        f'"tool_args": {{"{arg}": "a"}}}}\n~~~\n'
    )


def _step_repo(make_repo, step: str = STEP_PY, editor: bool = True):
    files = {
        "tools/run_code.py": RUN_PY,
        "tools/z_run_code.py": step,
        "prompts/agent.system.tools.md": WRAPPER,
        "prompts/agent.system.tool.run_code.md": _prompt("run_code", "code"),
    }
    if editor:
        files["tools/editor.py"] = EDITOR_PY
        files["prompts/agent.system.tool.editor.md"] = _prompt("editor", "path")
    return make_repo(files)


def test_a_step_defining_nothing_between_tools_needs_no_prompt(make_repo, run_cli) -> None:
    root = _step_repo(make_repo)
    assert _prm001(run_cli(root, "check", "--no-cache")) == []
    assert _prm001(run_cli(root, "check", "--no-cache", "tools/z_run_code.py")) == []


def test_a_class_defining_nothing_no_tool_derives_from_is_a_tool(make_repo, run_cli) -> None:
    root = _step_repo(make_repo, editor=False)
    found = _prm001(run_cli(root, "check", "--no-cache"))
    assert len(found) == 1 and found[0].startswith("tools/z_run_code.py:4:1: PRM001")


def test_a_step_with_methods_of_its_own_is_still_a_tool(make_repo, run_cli) -> None:
    step = STEP_PY.replace("    pass\n", "    def note(self) -> str:\n        return 'z'\n")
    root = _step_repo(make_repo, step)
    found = _prm001(run_cli(root, "check", "--no-cache"))
    assert len(found) == 1 and found[0].startswith("tools/z_run_code.py:4:1: PRM001")
