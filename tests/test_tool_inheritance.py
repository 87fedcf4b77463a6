"""A tool class that subclasses another tool: what the base's ``execute``
does through ``super().execute()`` or when inherited, with ``self.<method>``
in it resolved to the subclass's override first."""

from __future__ import annotations

from pathlib import Path

from test_resolve import facts_of, only_tool

CODE_EXEC_PY = """\
import asyncio

from helpers.tool import Tool, Response


class RepairableException(Exception):
    pass


class CodeExecution(Tool):
    async def execute(self, **kwargs) -> Response:
        runtime = self.args.get("runtime", "python")
        if runtime not in ("python", "terminal"):
            raise RepairableException(runtime)
        await self.agent.handle_intervention()
        output = await self.run_code(runtime, self.args.get("code", ""))
        return Response(message=output, break_loop=False)

    async def run_code(self, runtime, code):
        proc = await asyncio.create_subprocess_exec("python3", "-c", code)
        out, _ = await proc.communicate()
        return out.decode()
"""

SAFE_PY = """\
from helpers.tool import Response
from tools.code_exec import CodeExecution


class SafeCodeExecution(CodeExecution):
    async def execute(self, **kwargs) -> Response:
        if "rm -rf" in self.args.get("code", ""):
            return Response(message="Refusing.", break_loop=False)
        return await super().execute(**kwargs)
"""

REMOTE_RUN_CODE = """\

    async def run_code(self, runtime, code):
        return "ran remotely"
"""

REMOTE_PY = (
    """\
from tools.code_exec import CodeExecution


class RemoteCodeExecution(CodeExecution):"""
    + REMOTE_RUN_CODE
)


def test_super_execute_brings_the_base_s_effects_raises_and_intervention(tmp_path: Path) -> None:
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/code_exec_safe.py",
            {"tools/code_exec.py": CODE_EXEC_PY, "tools/code_exec_safe.py": SAFE_PY},
        )
    )
    assert tool.side_effects == ["subprocess"]
    assert [e.calls for e in tool.effects] == [
        [
            "tools.code_exec.CodeExecution.execute",
            "tools.code_exec.CodeExecution.run_code",
            "asyncio.create_subprocess_exec",
        ]
    ]
    assert [(r.exception, r.line, r.path) for r in tool.raises] == [
        ("RepairableException", 9, None)
    ]
    assert tool.unknown == []
    assert tool.intervention is True
    assert tool.helpers == ["helpers.tool.Response", "self.agent.handle_intervention"]


def test_super_execute_calls_the_subclass_s_override(tmp_path: Path) -> None:
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/code_exec_safe.py",
            {
                "tools/code_exec.py": CODE_EXEC_PY,
                "tools/code_exec_safe.py": SAFE_PY + REMOTE_RUN_CODE,
            },
        )
    )
    # the base's `execute` calls `self.run_code`: this class's, no subprocess
    assert tool.side_effects == []
    assert tool.effects == []
    assert [r.exception for r in tool.raises] == ["RepairableException"]


def test_an_inherited_execute_calls_the_subclass_s_override(tmp_path: Path) -> None:
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/code_exec_remote.py",
            {"tools/code_exec.py": CODE_EXEC_PY, "tools/code_exec_remote.py": REMOTE_PY},
        )
    )
    assert tool.side_effects == []
    assert tool.effects == []
    assert [r.exception for r in tool.raises] == ["RepairableException"]
    assert tool.intervention is True


BASE_X_PY = """\
from helpers.tool import Tool, Response


class BaseX(Tool):
    async def execute(self, **kwargs) -> Response:
        return await self._run()

    async def _run(self) -> Response:
        text = self._helper()
        return Response(message=text, break_loop=False)

    def _helper(self) -> str:
        with open(self.args["path"], "w") as f:
            f.write("x")
        return str(self.args.get("n", 5))
"""

SUB_X_PY = """\
from helpers.tool import Response
from tools.base_x import BaseX


class SubX(BaseX):
    async def execute(self, **kwargs) -> Response:
        return await self._run()
"""


def _arguments(tool) -> dict[str, tuple[bool, object, str | None]]:
    return {a.name: (a.required, a.default, a.reads[0].path) for a in tool.arguments}


def test_a_base_method_calling_another_reads_the_tool_s_arguments(tmp_path: Path) -> None:
    """``execute`` calls the base's ``_run``, which calls the base's
    ``_helper``: what ``_helper`` reads of ``self.args`` is the tool's."""
    tool = only_tool(
        facts_of(
            tmp_path, "tools/sub_x.py", {"tools/base_x.py": BASE_X_PY, "tools/sub_x.py": SUB_X_PY}
        )
    )
    assert _arguments(tool) == {
        "path": (True, None, "tools/base_x.py"),
        "n": (False, 5, "tools/base_x.py"),
    }
    assert tool.side_effects == ["filesystem write"]


def test_a_base_method_calling_an_overridden_one_reads_the_override_s(tmp_path: Path) -> None:
    override = '\n    def _helper(self) -> str:\n        return str(self.args.get("own", ""))\n'
    tool = only_tool(
        facts_of(
            tmp_path,
            "tools/sub_x.py",
            {"tools/base_x.py": BASE_X_PY, "tools/sub_x.py": SUB_X_PY + override},
        )
    )
    assert _arguments(tool) == {"own": (False, "", None)}  # read in the module itself
    assert tool.side_effects == []
