"""Code shapes read by both walks: written as a tool's ``execute`` (the
libcst walk) and as a helper of another module the tool hands its arguments
(the ``ast`` walk of summaries), with what each argument read is."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

REQUIRED, UNKNOWN, OPTIONAL = "required", "required or optional", "optional"

HELPER_TOOL = """\
from helpers.fmt import run
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        run(self.args)
        return Response(message="done", break_loop=False)
"""


def presence(argument: dict[str, Any]) -> str:
    if argument["required"]:
        return REQUIRED
    return UNKNOWN if argument["required_unknown"] else OPTIONAL


def kind(argument: dict[str, Any]) -> str:
    """``required``, ``unknown``, ``one of`` the alternatives, or ``optional``."""
    if argument["required"]:
        return "required"
    if argument["required_unknown"]:
        return "unknown"
    if argument["alternatives"]:
        return "one of " + ", ".join(argument["alternatives"])
    return "optional"


def tool_module(run_cli: Any, root: Path) -> dict[str, Any]:
    """The one tool of ``tools/t.py``, as ``inspect --json`` gives it."""
    result = run_cli(root, "inspect", "tools/t.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def stated_default(run_cli: Any, root: Path, module: str, name: str) -> dict[str, Any]:
    """What ``inspect --json`` of ``module`` states of the default and type of
    its one tool's argument ``name``."""
    result = run_cli(root, "inspect", module, "--json")
    assert result.exit_code == 0, result.output
    (facts,) = json.loads(result.output)
    (arg,) = [a for a in facts["tools"][0]["arguments"] if a["name"] == name]
    return {k: arg[k] for k in ("has_default", "default", "default_unknown", "type")}


def in_tool(code: str) -> dict[str, str]:
    """A repository whose tool's ``execute`` runs ``code`` (``A`` its arguments)."""
    return {"tools/t.py": as_tool(code, "A")}


def in_helper(code: str) -> dict[str, str]:
    """A repository whose tool hands its arguments to a helper of another
    module running ``code`` (``A`` the dict it is handed)."""
    return {"helpers/fmt.py": as_helper(code, "A"), "tools/t.py": HELPER_TOOL}


#: the two walks by name: a tool's ``execute``, and a helper it hands its arguments
WALKS = {"tool": in_tool, "helper": in_helper}


def kinds_and_defaults(run_cli: Any, root: Path) -> dict[str, tuple[str, object]]:
    """Each argument of ``tools/t.py``'s tool: its :func:`kind`, and its
    default (``-`` when it has none)."""
    return {
        a["name"]: (kind(a), a["default"] if a["has_default"] else "-")
        for a in tool_module(run_cli, root)["arguments"]
    }


#: a tool module up to the body of its ``execute`` (``**kwargs`` taken)
EXECUTE_HEAD = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n    async def execute(self, **kwargs):\n"
)


def execute_facts(make_repo: Any, run_cli: Any, body: str) -> dict[str, tuple[str, object]]:
    """Each argument of a tool whose ``execute`` body is ``body``: its
    :func:`kind` and its default (``-`` for none)."""
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    return {
        a["name"]: (kind(a), a["default"] if a["has_default"] else "-")
        for a in tool_module(run_cli, root)["arguments"]
    }


def arguments(run_cli: Any, root: Path) -> dict[str, str]:
    return {a["name"]: presence(a) for a in tool_module(run_cli, root)["arguments"]}


def as_tool(code: str, placeholder: str) -> str:
    """``code`` as the body of ``execute``, ``placeholder`` standing for ``self.args``."""
    body = indent(dedent(code).replace(placeholder, "self.args"), " " * 8)
    return (
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"{body}"
        "        return Response(message='done', break_loop=False)\n"
    )


def as_helper(code: str, placeholder: str) -> str:
    """``code`` as the body of ``helpers/fmt.py``'s ``run(args)``."""
    return "def run(args):\n" + indent(dedent(code).replace(placeholder, "args"), " " * 4)
