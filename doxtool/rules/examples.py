"""Building blocks for rule examples: a tiny framework repository."""

from __future__ import annotations

TOOL_PY = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool
    additional: dict | None = None


class Tool:
    def __init__(self, agent, name, method, args, message, loop_data, **kwargs):
        self.agent = agent
        self.name = name
        self.method = method
        self.args = args
        self.message = message
        self.loop_data = loop_data

    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

ERRORS_PY = '''\
class RepairableException(Exception):
    """Turned by the framework into a request for a corrected call."""
'''

#: Agent Zero's reading of a tool request: a call without a ``tool_args``
#: dict (nor ``args``) is rejected, and so is a ``tool:method`` name with an
#: empty part (PRM007, :mod:`doxtool.run.requests`)
EXTRACT_TOOLS_PY = """\
def normalize_tool_request(tool_request):
    if not isinstance(tool_request, dict):
        raise ValueError("Tool request must be a dictionary")
    tool_name = tool_request.get("tool_name")
    if not tool_name or not isinstance(tool_name, str):
        tool_name = tool_request.get("tool")
    if not tool_name or not isinstance(tool_name, str):
        raise ValueError("Tool request must have a tool_name (type string) field")
    tool_args = tool_request.get("tool_args")
    if not isinstance(tool_args, dict):
        tool_args = tool_request.get("args")
    if not isinstance(tool_args, dict):
        raise ValueError("Tool request must have a tool_args (type dictionary) field")
    tool_args = dict(tool_args)
    if ":" in tool_name:
        tool_name, action = tool_name.split(":", 1)
        if not tool_name or not action:
            raise ValueError("tool_name method suffix must include tool and action")
        tool_args.setdefault("action", action)
    return tool_name, tool_args
"""

#: an older fork's reading of a tool request: a call without ``tool_args``
#: runs the tool without arguments (PRM007)
ACCEPTING_AGENT_PY = """\
class Agent:
    async def process_tools(self, tool_request):
        tool_name = tool_request.get("tool_name", "")
        tool_args = tool_request.get("tool_args", {})
        tool = self.get_tool(tool_name, tool_args)
        return await tool.execute(**tool_args)
"""

FRAMEWORK = {
    "helpers/tool.py": TOOL_PY,
    "helpers/errors.py": ERRORS_PY,
    "helpers/extract_tools.py": EXTRACT_TOOLS_PY,
}

#: Agent Zero's tool loader: the tool class whose name sorts last (DOX010)
LOADER_LAST_PY = """\
import inspect


def load_classes_from_file(module, base_class, one_per_file=True):
    classes = []
    class_list = inspect.getmembers(module, inspect.isclass)
    for cls in reversed(class_list):
        if cls[1] is not base_class and issubclass(cls[1], base_class):
            classes.append(cls[1])
            if one_per_file:
                break
    return classes
"""

#: an older fork's tool loader: the tool class whose name sorts first (DOX010)
LOADER_FIRST_PY = """\
import importlib
import inspect


class Agent:
    def get_tool(self, name):
        from helpers.tool import Tool

        module = importlib.import_module("tools." + name)
        for cls in inspect.getmembers(module, inspect.isclass):
            if cls[1] is not Tool and issubclass(cls[1], Tool):
                return cls[1]
        return None
"""

WAIT_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        return Response(message=f"waited {seconds}s", break_loop=False)
"""

WAIT_DOX = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.

## Ownership
- Classes:
- `WaitTool` (`Tool`)
  - `async execute(self, **kwargs) -> Response`

## Runtime Contracts
- `WaitTool` is a `Tool`.
- `WaitTool` defines `execute(...)`.
- Arguments of `WaitTool`:
  - `seconds`: optional integer, default `0`.
- `break_loop` of `WaitTool`: always `false`.
- Observed side-effect areas: none.
- Imported dependency areas include: `helpers.tool`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`.

## Work Guidance
- Keep waits short.

## Verification
- Run the tool with `seconds` 0.

## Child DOX Index
No child DOX files.
"""


def with_files(files: dict[str, str]) -> dict[str, str]:
    """The framework modules plus the given files."""
    return {**FRAMEWORK, **files}


#: a fork's framework: the base's ``execute`` hands the call on to a method
#: the tool defines (``DOX005``'s valid example)
HANDING_BASE_FILES = {
    "helpers/tool.py": TOOL_PY.replace(
        "raise NotImplementedError", "return await self._execute_impl(**kwargs)"
    ),
    "tools/wait.py": (
        "from helpers.tool import Response, Tool\n\n\n"
        "class WaitTool(Tool):\n"
        "    async def _execute_impl(self, **kwargs):\n"
        '        return Response(message="done", break_loop=False)\n'
    ),
}

#: a tools-directory module making its tool class at run time (DOX004)
MADE_PY = 'from helpers.tool import Tool\n\nMade = type("Made", (Tool,), {})\n'

#: a helper whose every path raises, and the wait tool ending with a call of it (DOX007)
REJECTS_PY = "def reject(what):\n    raise ValueError(what)\n"
REJECTING_PY = (
    WAIT_PY.replace(
        "from helpers.tool import", "from helpers.rejects import reject\nfrom helpers.tool import"
    ).replace("        return Response(", "        if seconds >= 0:\n            return Response(")
    + "        reject('negative')\n"
)

#: ... and a helper of another module ending with a call of that one (DOX007)
RELAYS_PY = "from helpers.rejects import reject\n\n\ndef relay(what):\n    reject(what)\n"
RELAYING_PY = REJECTING_PY.replace("rejects import reject", "relays import relay").replace(
    "reject('negative')", "relay('negative')"
)
