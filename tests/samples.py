"""Small repositories shared by the CLI tests: a clean one and ways to break it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from doxtool.rules.examples import TOOL_PY, WAIT_DOX, WAIT_PY


def write_files(root: Path, files: dict[str, str | bytes]) -> None:
    """Write ``files`` (repository-relative path -> text or bytes) under ``root``."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8", newline="")


WRAPPER = "## Tools\n{{tools}}\n"
WAIT_PROMPT = """\
### wait
Pause.
args: optional `seconds`
~~~json
{"thoughts": ["x"], "headline": "Waiting", "tool_name": "wait", "tool_args": {"seconds": 1}}
~~~
"""

#: ``wait.py`` reading one more argument, ``until``, that nothing documents
UNTIL_PY = WAIT_PY.replace(
    "        return Response(",
    '        until = self.args.get("until", "")\n        return Response(',
)
ARGUMENTS_LINE = "- Arguments of `WaitTool`:\n"


def clean_files() -> dict[str, str]:
    """One tool with its companion and prompt: ``doxtool check`` passes."""
    return {
        "tools/wait.py": WAIT_PY,
        "tools/wait.py.dox.md": WAIT_DOX,
        "prompts/agent.system.tools.md": WRAPPER,
        "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
    }


def tool_named(name: str) -> dict[str, str]:
    """Another clean tool, ``name``, with its companion and prompt."""
    cls = name.title().replace("_", "") + "Tool"
    return {
        f"tools/{name}.py": WAIT_PY.replace("WaitTool", cls),
        f"tools/{name}.py.dox.md": WAIT_DOX.replace("wait.py", f"{name}.py").replace(
            "WaitTool", cls
        ),
        f"prompts/agent.system.tool.{name}.md": WAIT_PROMPT.replace("wait", name),
    }


def dox_with_line_before_arguments(line: str) -> str:
    """The clean companion with ``line`` just above its ``Arguments of`` fact line."""
    return WAIT_DOX.replace(ARGUMENTS_LINE, line + "\n" + ARGUMENTS_LINE)


def wait_example_findings(
    make_repo: Any, run_cli: Any, files: dict[str, str], value: object, code: str = "PRM008"
) -> list[str]:
    """The ``code`` lines of a check of ``files`` whose wait prompt teaches
    ``x`` with one example giving it ``value``."""
    example = json.dumps({"tool_name": "wait", "tool_args": {"x": value}})
    files = {
        **files,
        "prompts/agent.system.tool.wait.md": f"### wait\nPause.\nargs: `x`\n~~~json\n{example}\n~~~\n",
    }
    result = run_cli(make_repo(files), "check", "--select", code)
    return [line for line in result.output.splitlines() if f" {code} " in line]


#: the wait tool defined in the body of a module-level ``try`` that guards the
#: import of its base (the module also runs as a script outside Agent Zero)
TRY_WAIT_PY = """\
try:
    from helpers.tool import Response, Tool

    class WaitTool(Tool):
        async def execute(self, **kwargs) -> Response:
            seconds = int(self.args.get("seconds", 0))
            return Response(message=f"waited {seconds}s", break_loop=False)

except ImportError:
    pass
"""


def two_frameworks() -> dict[str, str]:
    """A monorepo of two Agent Zero checkouts side by side, each run from its
    own directory: ``alpha/`` (``helpers/tool.py``, its tools importing
    ``helpers.tool``) and ``beta/`` of the older layout (``python.helpers.tool``)."""
    alpha = WAIT_PY
    beta = WAIT_PY.replace("helpers.tool", "python.helpers.tool").replace("Wait", "Ping")
    return {
        "alpha/helpers/tool.py": TOOL_PY,
        "alpha/tools/wait.py": alpha,
        "alpha/prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        "beta/python/helpers/tool.py": TOOL_PY,
        "beta/python/tools/ping.py": beta,
        "beta/prompts/agent.system.tool.ping.md": WAIT_PROMPT.replace("wait", "ping"),
    }
