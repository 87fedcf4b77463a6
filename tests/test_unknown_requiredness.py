"""An argument whose missing or empty value is answered with what a call
returns (``if not note: return self.fail("note is required")``), where a
``Response`` built at the check would make it required.

When the call always gives a ``Response``, it may refuse the value (``fail``)
or handle it (``return await self.default()``): doxtool cannot tell which,
so it claims neither "required" nor "optional", nor a default. Through
``inspect``, the companion's line (``required or optional``), DOX111, PRM004
and ``schema``. A ``Response`` built at the check stays an error exit.
"""

from __future__ import annotations

import json

from doxtool.rules.examples import WAIT_DOX

TASK_TOOL_PY = """\
from helpers.tool import Response, Tool


class TaskTool(Tool):
    def respond(self, text: str, final: bool = False) -> Response:
        return Response(message=text, break_loop=final)

    def fail(self, text: str) -> Response:
        return Response(message=f"Error: {text}", break_loop=False)
"""

#: the base's ``fail`` is in another module (helpers/task_tool.py)
NOTE_PY = """\
from helpers.task_tool import TaskTool


class ProgressNote(TaskTool):
    async def execute(self, **kwargs):
        note = self.args.get("note")
        if not note:
            return self.fail("note is required")
        return self.respond(note)
"""

#: plugins/_text_editor/tools/text_editor.py: ``_error`` builds the Response
EDITOR_PY = """\
from helpers.tool import Response, Tool


class EditTool(Tool):
    async def execute(self, **kwargs) -> Response:
        path = kwargs.get("path", "")
        if not path:
            return self._error("read", path, "path is required")
        return Response(message=path, break_loop=False)

    def _error(self, action: str, path: str, error: str) -> Response:
        msg = self.agent.read_prompt(f"fw.{action}_error.md", path=path, error=error)
        return Response(message=msg, break_loop=False)
"""

#: the same check in a method a dispatch calls: needed on the calls that
#: come this way if ``_error`` refuses, optional if it handles the value;
#: either way not known, nor the default
EDITOR_BRANCH_PY = """\
from helpers.tool import Response, Tool


class EditTool(Tool):
    async def execute(self, **kwargs) -> Response:
        if self.args.get("action") == "read":
            return await self._read(**kwargs)
        return Response(message="unknown action", break_loop=False)

    async def _read(self, path: str = "", **kwargs) -> Response:
        if not path:
            return self._error("path is required")
        return Response(message=path, break_loop=False)

    def _error(self, error: str) -> Response:
        return Response(message=error, break_loop=False)
"""

#: a Response built at the check, a default the check passes, a function
#: of the module that always gives a Response, a Response built at a check
#: after that one, a handling method, a method that may give None
SHAPES_PY = """\
from helpers.tool import Response, Tool


def refuse(text: str) -> Response:
    return Response(message=f"Error: {text}", break_loop=False)


class ShapeTool(Tool):
    async def execute(self, **kwargs) -> Response:
        inline = self.args.get("inline", "")
        if not inline:
            return Response(message="inline is required", break_loop=False)
        plain = self.args.get("plain", "all")
        if not plain:
            return refuse("plain is required")
        func = self.args.get("func", "")
        if not func:
            return refuse("func is required")
        after = self.args.get("after")
        if after is None:
            return Response(message="after is required", break_loop=False)
        handled = self.args.get("handled")
        if handled is None:
            return await self.default()
        maybe = self.args.get("maybe")
        if not maybe:
            return self.maybe(maybe)
        return Response(message=f"{inline}{plain}{func}{after}{handled}{maybe}", break_loop=False)

    async def default(self) -> Response:
        return Response(message="the default listing", break_loop=False)

    def maybe(self, text):
        if text is None:
            return Response(message="maybe is required", break_loop=False)
"""

PROMPT = """\
### edit
Read a file.
args: `other`
"""


def _arguments(run_cli, root, path: str) -> dict[str, tuple[bool, bool, bool, object]]:
    """name -> (required, required_unknown, default_unknown, default or None)."""
    inspected = run_cli(root, "inspect", path, "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    assert not [a for a in tool["arguments"] if "absence_calls" in a]
    return {
        a["name"]: (
            a["required"],
            a.get("required_unknown", False),
            a["default_unknown"],
            a["default"] if a["has_default"] else None,
        )
        for a in tool["arguments"]
    }


def _companion(name: str, cls: str, line: str) -> str:
    return (
        WAIT_DOX.replace("wait.py", f"{name}.py")
        .replace("WaitTool", cls)
        .replace("  - `seconds`: optional integer, default `0`.\n", line)
    )


def test_a_base_method_elsewhere_that_always_responds_leaves_requiredness_unknown(
    make_repo, run_cli
) -> None:
    """r13: ``fail`` of a base in helpers/task_tool.py. The companion's
    "required" (or "optional") stays; the generated line claims neither."""
    root = make_repo(
        {
            "helpers/task_tool.py": TASK_TOOL_PY,
            "tools/note.py": NOTE_PY,
        }
    )
    assert _arguments(run_cli, root, "tools/note.py") == {"note": (False, True, True, None)}
    described = run_cli(root, "inspect", "tools/note.py").output.splitlines()
    assert "      note: required or optional, default not known (line 6)" in described

    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    companion = (root / "tools/note.py.dox.md").read_text()
    assert "- Arguments of `ProgressNote`:\n  - `note`: required or optional.\n" in companion
    assert run_cli(root, "check", "--select", "DOX111").output == "All checks passed.\n"

    for word in ("required", "optional"):
        line = f"  - `note`: {word} string. A missing or empty note returns an error message.\n"
        (root / "tools/note.py.dox.md").write_text(
            companion.replace("  - `note`: required or optional.\n", line)
        )
        result = run_cli(root, "check", "--select", "DOX111", "--diff")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), word


def test_a_method_building_the_response_claims_no_default_nor_requiredness(
    make_repo, run_cli
) -> None:
    """text_editor: ``kwargs.get("path", "")``, then ``return self._error(...)``."""
    companion = _companion("edit", "EditTool", '  - `path`: required string, default `""`.\n')
    root = make_repo(
        {
            "tools/edit.py": EDITOR_PY,
            "tools/edit.py.dox.md": companion,
            "prompts/agent.system.tool.edit.md": PROMPT,
            "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
        }
    )
    assert _arguments(run_cli, root, "tools/edit.py") == {"path": (False, True, True, None)}
    result = run_cli(root, "check", "--select", "DOX111")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")

    # PRM004: the argument is not known to be required (the prompt teaches another)
    prompts = run_cli(root, "check", "--select", "PRM004")
    assert (prompts.exit_code, prompts.output) == (0, "All checks passed.\n")
    # the schema asks for it neither as required nor with a default
    schema = run_cli(root, "schema", "--format", "jsonschema", "tools/edit.py")
    (params,) = json.loads(schema.output)
    assert {k: v for k, v in params.items() if k not in ("$schema", "description")} == {
        "title": "edit",
        "type": "object",
        "properties": {"path": {"type": "string"}},
        "additionalProperties": False,
    }

    # a companion that says `required or optional` where the code knows
    known = EDITOR_PY.replace(
        'return self._error("read", path, "path is required")',
        'return Response(message="path is required", break_loop=False)',
    )
    (root / "tools/edit.py").write_text(known)
    (root / "tools/edit.py.dox.md").write_text(
        _companion("edit", "EditTool", "  - `path`: required or optional string.\n")
    )
    assert _arguments(run_cli, root, "tools/edit.py") == {"path": (True, False, True, None)}
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.output.splitlines()[0] == (
        "tools/edit.py.dox.md:15:1: DOX111 argument `path` is documented as required or "
        "optional but the code treats it as required (read at tools/edit.py:6) [*]"
    )


def test_in_a_method_a_dispatch_calls_requiredness_is_in_doubt(make_repo, run_cli) -> None:
    root = make_repo({"tools/edit.py": EDITOR_BRANCH_PY})
    assert _arguments(run_cli, root, "tools/edit.py") == {
        "action": (False, False, False, None),
        "path": (False, True, True, None),
    }


def test_only_a_call_that_always_responds_makes_it_unknown(make_repo, run_cli) -> None:
    root = make_repo({"tools/shapes.py": SHAPES_PY})
    assert _arguments(run_cli, root, "tools/shapes.py") == {
        # a Response built at the check: required, its refused default unclaimed
        "inline": (True, False, True, None),
        # the default passes the check: the call is never reached on it
        "plain": (False, False, False, "all"),
        # a function of the module (one only wrapping the message it is handed
        # refuses as a Response built there: tests/test_message_wrappers.py)
        "func": (False, True, True, None),
        # a check past ``func``'s runs on every call only if ``refuse`` refuses
        "after": (False, True, True, None),
        # a method that may handle the value (a listing)
        "handled": (False, True, True, None),
        # ``maybe`` may give None, but refuses a missing value (``text is
        # None``) on the calls that get past ``handled``'s check: needed on
        # some calls, its requiredness and default not known
        "maybe": (False, True, True, None),
    }
