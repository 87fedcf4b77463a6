"""Argument, effect and schema facts for the ways real tools are written.

Each fixture is shaped after a tool of a real Agent Zero checkout: a tool that
hands ``self.args`` to a helper module, one that inherits a reading method
from a base class in another module, loops over literal keys, falls back from
one argument to another, returns an error when an argument is missing, tests
truthiness or spellings of booleans, or reaches files and the network only
through the repository's own helpers. Facts are compared exactly.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import pytest
from samples import write_files

from doxtool.core.config import Config
from doxtool.core.facts import ToolFacts
from doxtool.prompts.schema import parameters
from doxtool.rules.examples import FRAMEWORK
from doxtool.run.project import Project


def _tool(root: Path, files: dict[str, str], rel: str) -> ToolFacts:
    write_files(
        root,
        {
            "helpers/__init__.py": "",
            **FRAMEWORK,
            **{k: textwrap.dedent(v) for k, v in files.items()},
        },
    )
    facts = Project(root, Config()).module_facts(rel)
    assert facts.problems == []
    (only,) = facts.tools
    return only


def _args(tool: ToolFacts) -> dict[str, dict[str, Any]]:
    return {
        a.name: {
            "required": a.required,
            "type": a.type,
            "enum": a.enum,
            "alternatives": a.alternatives,
            "reads": [(r.path, r.line, r.function) for r in a.reads],
        }
        for a in tool.arguments
    }


def _arg(
    reads: list[tuple[str | None, int, str]],
    required: bool = False,
    type: str | None = None,
    enum: list[Any] | None = None,
    alternatives: list[str] | None = None,
) -> dict[str, Any]:
    return {
        "required": required,
        "type": type,
        "enum": enum,
        "alternatives": alternatives or [],
        "reads": reads,
    }


# ---------------------------------------------------------------------------
# through the repository's helper modules


PARALLEL_TOOLS = """\
from typing import Any


def extract_tool_calls(args: dict[str, Any]) -> Any:
    for key in ("tool_calls", "calls"):
        if key in args:
            return args.get(key)
    return None


def job_ids(options):
    return _ids(options)


def _ids(values):
    return values["job_ids"]
"""

PARALLEL = """\
from helpers.tool import Tool, Response
from helpers import parallel_tools


class ParallelTool(Tool):
    async def execute(self, **kwargs) -> Response:
        args = {**self.args, **kwargs}
        calls = parallel_tools.extract_tool_calls(args)
        ids = parallel_tools.job_ids(self.args)
        return Response(message=f"{calls}{ids}", break_loop=False)
"""


def test_keys_read_by_helper_modules_are_arguments_with_their_place(tmp_path: Path) -> None:
    tool = _tool(
        tmp_path,
        {"helpers/parallel_tools.py": PARALLEL_TOOLS, "tools/parallel.py": PARALLEL},
        "tools/parallel.py",
    )

    where = "helpers/parallel_tools.py"
    assert _args(tool) == {
        "tool_calls": _arg([(where, 6, "extract_tool_calls"), (where, 7, "extract_tool_calls")]),
        "calls": _arg([(where, 6, "extract_tool_calls"), (where, 7, "extract_tool_calls")]),
        # two calls deep, read with a subscript: required
        "job_ids": _arg([(where, 16, "_ids")], required=True),
    }
    assert tool.dynamic_reads == []


MEMORY_BASE = """\
from helpers.tool import Tool


class MemoryTool(Tool):
    def area(self):
        return self.args.get("area", "main")
"""

MEMORY_SAVE = """\
from helpers.tool import Response
from helpers.memory_tool import MemoryTool


class MemorySave(MemoryTool):
    async def execute(self, text="", **kwargs):
        return Response(message=f"{text}{self.area()}", break_loop=False)
"""


def test_a_method_inherited_from_a_base_in_another_module_reads_arguments(
    tmp_path: Path,
) -> None:
    tool = _tool(
        tmp_path,
        {"helpers/memory_tool.py": MEMORY_BASE, "tools/memory_save.py": MEMORY_SAVE},
        "tools/memory_save.py",
    )

    assert _args(tool) == {
        "text": _arg([(None, 6, "MemorySave.execute")], type="string"),
        "area": _arg([("helpers/memory_tool.py", 6, "MemoryTool.area")], type="string"),
    }
    assert [a.default for a in tool.arguments] == ["", "main"]


# ---------------------------------------------------------------------------
# loops, alternatives, contracts


def test_a_loop_over_literal_keys_reads_known_keys(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool, Response

        FIELDS = ("name", "prompt")


        class Update(Tool):
            async def execute(self, **kwargs):
                text = ""
                for key in ("text", "message"):
                    text = self.args.get(key) or text
                params = {}
                for field in FIELDS:
                    if field in kwargs:
                        params[field] = kwargs[field]
                return Response(message=f"{text}{params}", break_loop=False)
        """
    tool = _tool(tmp_path, {"tools/update.py": source}, "tools/update.py")

    assert _args(tool) == {
        "text": _arg([(None, 10, "Update.execute")]),
        "message": _arg([(None, 10, "Update.execute")]),
        "name": _arg([(None, 13, "Update.execute"), (None, 14, "Update.execute")]),
        "prompt": _arg([(None, 13, "Update.execute"), (None, 14, "Update.execute")]),
    }
    assert tool.dynamic_reads == []


def test_a_fallback_makes_alternatives_and_schema_any_of(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool, Response


        class ResponseTool(Tool):
            async def execute(self, **kwargs):
                return Response(
                    message=self.args["text"] if "text" in self.args else self.args["message"],
                    break_loop=True,
                )
        """
    tool = _tool(tmp_path, {"tools/response.py": source}, "tools/response.py")

    read = [(None, 7, "ResponseTool.execute")]
    assert _args(tool) == {
        "text": _arg(read + read, alternatives=["message"]),
        "message": _arg(read, alternatives=["text"]),
    }
    assert parameters(tool) == {
        "type": "object",
        "properties": {"text": {}, "message": {}},
        "anyOf": [{"required": ["text"]}, {"required": ["message"]}],
        "additionalProperties": False,
    }


def test_a_checked_fallback_in_a_variable_is_one_of_two(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool, Response
        from helpers.errors import RepairableException


        class ResponseTool(Tool):
            async def execute(self, **kwargs):
                text = str(self.args.get("text") or "").strip()
                if not text:
                    text = str(self.args.get("message") or "").strip()
                if not text:
                    raise RepairableException("send `text`")
                return Response(message=text, break_loop=True)
        """
    tool = _tool(tmp_path, {"tools/response.py": source}, "tools/response.py")

    assert {a.name: (a.required, a.alternatives) for a in tool.arguments} == {
        "text": (False, ["message"]),
        "message": (False, ["text"]),
    }


def test_an_error_response_for_a_missing_argument_makes_it_required(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool, Response


        def is_client_available():
            return True


        class A2AChatTool(Tool):
            async def execute(self, **kwargs):
                if not is_client_available():
                    return Response(message="client not available", break_loop=False)
                agent_url: str | None = kwargs.get("agent_url")
                user_message = kwargs.get("message")
                attachments = kwargs.get("attachments", None)
                if not agent_url or not isinstance(agent_url, str):
                    return Response(message="agent_url argument missing", break_loop=False)
                if user_message is None:
                    return Response(message="message argument missing", break_loop=False)
                if attachments == "none":
                    return Response(message="nothing attached", break_loop=False)
                level = kwargs.get("level")
                if not level:
                    return Response(message="level argument missing", break_loop=False)
                return Response(message=f"{agent_url}{user_message}", break_loop=False)
        """
    tool = _tool(tmp_path, {"tools/a2a_chat.py": source}, "tools/a2a_chat.py")

    # ``level`` is checked only after a return that depends on ``attachments``
    assert {a.name: a.required for a in tool.arguments} == {
        "agent_url": True,
        "message": True,
        "attachments": False,
        "level": False,
    }


# ---------------------------------------------------------------------------
# types and values


def test_truthiness_and_boolean_spellings_say_nothing_about_type(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool, Response


        def _truthy(value) -> bool:
            if isinstance(value, bool):
                return value
            return str(value).strip().lower() in {"1", "true", "yes"}


        class Delegation(Tool):
            async def execute(self, message="", reset="", ratio: float = 0, **kwargs):
                until = self.args.get("until")
                waiting = not bool(until)
                fresh = str(reset).lower().strip() == "true"
                canvas = _truthy(self.args.get("open_in_canvas"))
                keep = bool(self.args.get("keep"))
                return Response(message=f"{message}{waiting}{fresh}{canvas}{keep}{ratio}", break_loop=False)
        """
    tool = _tool(tmp_path, {"tools/call_subordinate.py": source}, "tools/call_subordinate.py")

    assert {a.name: a.type for a in tool.arguments} == {
        "message": "string",
        "reset": None,  # a string, or a JSON boolean
        "ratio": "number",  # the annotation, ahead of the default ``0``
        "until": None,
        "open_in_canvas": None,
        "keep": None,
    }


# ---------------------------------------------------------------------------
# side effects through helpers


FILES = """\
import os
import shutil


def get_abs_path(path):
    return os.path.join("/a0", path)


def delete_dir(relative_path: str):
    abs_path = get_abs_path(relative_path)
    shutil.rmtree(abs_path, ignore_errors=True)
"""

PERSIST_CHAT = """\
from helpers import files


def remove_chat(ctxid):
    files.delete_dir(f"chats/{ctxid}")
"""

SEARXNG = """\
import aiohttp
from helpers import runtime


async def search(query: str):
    return await runtime.call_development_function(_search, query=query)


async def _search(query: str):
    async with aiohttp.ClientSession() as session:
        return await session.post("http://searxng", data={"q": query})
"""

RUNTIME = """\
async def call_development_function(func, *args, **kwargs):
    return await func(*args, **kwargs)
"""

SCHEDULER = """\
from helpers.tool import Tool, Response
from helpers import persist_chat
from helpers.searxng import search


class SchedulerTool(Tool):
    async def execute(self, **kwargs):
        persist_chat.remove_chat(self.args.get("uuid", ""))
        found = await search("tasks")
        return Response(message=str(found), break_loop=False)
"""


def test_effects_reached_through_helpers_keep_their_path_of_calls(
    tmp_path: Path, run_cli: Any
) -> None:
    files = {
        "helpers/files.py": FILES,
        "helpers/persist_chat.py": PERSIST_CHAT,
        "helpers/searxng.py": SEARXNG,
        "helpers/runtime.py": RUNTIME,
        "tools/scheduler.py": SCHEDULER,
    }
    tool = _tool(tmp_path, files, "tools/scheduler.py")

    assert tool.side_effects == ["filesystem delete", "network"]
    assert [(e.area, e.calls, e.line) for e in tool.effects] == [
        (
            "filesystem delete",
            ["helpers.persist_chat.remove_chat", "helpers.files.delete_dir", "shutil.rmtree"],
            8,
        ),
        (
            "network",
            ["helpers.searxng.search", "helpers.searxng._search", "aiohttp.ClientSession"],
            9,
        ),
    ]

    text = run_cli(tmp_path, "inspect", "tools/scheduler.py")
    assert text.exit_code == 0, text.output
    assert (
        "      filesystem delete: helpers.persist_chat.remove_chat -> helpers.files.delete_dir "
        "-> shutil.rmtree (line 8)"
    ) in text.output
    data = json.loads(run_cli(tmp_path, "inspect", "tools/scheduler.py", "--json").output)
    module = data[0] if isinstance(data, list) else data
    assert module["tools"][0]["effects"][0] == {
        "area": "filesystem delete",
        "calls": ["helpers.persist_chat.remove_chat", "helpers.files.delete_dir", "shutil.rmtree"],
        "line": 8,
        "column": 9,
        "function": "SchedulerTool.execute",
        "path": None,
        # the ``shutil.rmtree`` call itself, in the helper module
        "reached_line": 11,
        "reached_path": "helpers/files.py",
        "unless": [],
    }
    assert "helper_calls" not in module["tools"][0]
    assert "summaries" not in module


def test_helpers_are_followed_to_a_bounded_depth(tmp_path: Path) -> None:
    chain = {
        f"helpers/h{n}.py": f"from helpers import h{n + 1}\n\n\ndef run():\n    h{n + 1}.run()\n"
        for n in range(6)
    }
    chain["helpers/h6.py"] = "import os\n\n\ndef run():\n    os.remove('x')\n"
    chain["helpers/h2.py"] = (
        "import os\nfrom helpers import h3\n\n\ndef run():\n    os.listdir('.')\n    h3.run()\n"
    )
    source = """\
        from helpers.tool import Tool, Response
        from helpers import h0


        class Deep(Tool):
            async def execute(self, **kwargs):
                h0.run()
                return Response(message="", break_loop=False)
        """
    tool = _tool(tmp_path, {**chain, "tools/deep.py": source}, "tools/deep.py")

    # h0 -> h1 -> h2 is within reach; h6, six calls away, is not
    assert tool.side_effects == ["filesystem read"]
    assert tool.effects[0].calls == [
        "helpers.h0.run",
        "helpers.h1.run",
        "helpers.h2.run",
        "os.listdir",
    ]


def test_calls_into_helpers_that_loop_back_terminate(tmp_path: Path) -> None:
    files = {
        "helpers/a.py": "from helpers import b\n\n\ndef run(args):\n    return b.run(args)\n",
        "helpers/b.py": (
            "from helpers import a\n\n\ndef run(options):\n"
            "    options.get('depth')\n    return a.run(options)\n"
        ),
        "tools/loop.py": (
            "from helpers.tool import Tool, Response\nfrom helpers import a\n\n\n"
            "class Loop(Tool):\n    async def execute(self, **kwargs):\n"
            "        return Response(message=str(a.run(self.args)), break_loop=False)\n"
        ),
    }
    tool = _tool(tmp_path, files, "tools/loop.py")

    assert [(a.name, a.reads[0].path) for a in tool.arguments] == [("depth", "helpers/b.py")]


# ---------------------------------------------------------------------------
# valid Python is analysed


def test_an_expression_chain_cpython_compiles_is_analysed(tmp_path: Path) -> None:
    chain = " + ".join(f"'{n}'" for n in range(800))
    source = (
        "from helpers.tool import Tool, Response\n\n"
        f"GENERATED = {chain}\n\n\n"
        "class Generated(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=GENERATED + self.args["topic"], break_loop=False)\n'
    )
    compile(source, "generated.py", "exec")  # valid: CPython compiles it
    tool = _tool(tmp_path, {"tools/generated.py": source}, "tools/generated.py")

    assert [(a.name, a.required) for a in tool.arguments] == [("topic", True)]


def test_what_cpython_refuses_as_too_deep_is_not_analysed(tmp_path: Path) -> None:
    source = "x = " + "not " * 5000 + "True\n"
    write_files(tmp_path, {**FRAMEWORK, "tools/deep.py": source})
    facts = Project(tmp_path, Config()).module_facts("tools/deep.py")

    assert [(p.kind, "CPython" in p.message) for p in facts.problems] == [("limit", True)]


def test_reads_of_one_action_are_not_required_for_every_call(tmp_path: Path) -> None:
    source = """\
        from helpers.tool import Tool, Response


        class SchedulerTool(Tool):
            async def execute(self, **kwargs):
                action = self.args.get("action", "")
                if action == "create_task":
                    return await self.create(**kwargs)
                elif action == "run_task":
                    uuid = self.args["uuid"]
                    return Response(message=uuid, break_loop=False)
                else:
                    return Response(message=f"unknown action {action}", break_loop=False)

            async def create(self, **kwargs):
                name = kwargs["name"]
                return Response(message=name, break_loop=False)

            async def before_execution(self, **kwargs):
                self.title = self.args["title"]
        """
    tool = _tool(tmp_path, {"tools/scheduler.py": source}, "tools/scheduler.py")

    assert {a.name: (a.required, a.enum) for a in tool.arguments} == {
        # a missing ``action`` is ``""``, which the closed dispatch answers
        # with its error: the empty default is refused, ``action`` is required
        "action": (True, ["create_task", "run_task"]),
        "name": (False, None),
        "uuid": (False, None),
        # the framework calls ``before_execution`` on every call
        "title": (True, None),
    }


def test_a_list_filled_only_when_the_argument_is_there_makes_it_required(
    tmp_path: Path,
) -> None:
    source = """\
        from helpers.tool import Tool, Response


        class DocumentQueryTool(Tool):
            async def execute(self, **kwargs):
                document_uri = kwargs.get("document")
                document_uris = []
                if isinstance(document_uri, list):
                    document_uris = document_uri
                elif isinstance(document_uri, str):
                    document_uris = [document_uri]
                if not document_uris:
                    return Response(message="Error: no document provided", break_loop=False)
                pages = []
                if kwargs.get("pages"):
                    pages = [1]
                else:
                    pages = [2]
                if not pages:
                    return Response(message="Error: no pages", break_loop=False)
                return Response(message=f"{document_uris}{pages}", break_loop=False)
        """
    tool = _tool(tmp_path, {"tools/document_query.py": source}, "tools/document_query.py")

    # ``pages`` is filled on both branches: its emptiness says nothing about the argument
    assert {a.name: a.required for a in tool.arguments} == {"document": True, "pages": False}


TTY_SESSION = """\
import asyncio


class TTYSession:
    def __init__(self, cmd):
        self.cmd = cmd

    async def start(self):
        self.proc = await _spawn(self.cmd)


async def _spawn(cmd):
    return await asyncio.create_subprocess_shell(cmd)
"""

SHELL_LOCAL = """\
from helpers import tty_session


class LocalInteractiveSession:
    async def connect(self):
        self.session = tty_session.TTYSession("/bin/bash")
        await self.session.start()
"""

SHELL_SSH = """\
import paramiko


class SSHInteractiveSession:
    async def connect(self):
        self.client = paramiko.SSHClient()
"""

CODE_EXECUTION = """\
from helpers.tool import Tool, Response
from helpers.shell_local import LocalInteractiveSession
from helpers.shell_ssh import SSHInteractiveSession


class CodeExecution(Tool):
    async def execute(self, **kwargs):
        if self.args.get("ssh"):
            shell = SSHInteractiveSession()
        else:
            shell = LocalInteractiveSession()
        await shell.connect()
        return Response(message="", break_loop=False)
"""


def test_methods_of_objects_the_code_makes_are_followed(tmp_path: Path) -> None:
    files = {
        "helpers/tty_session.py": TTY_SESSION,
        "helpers/shell_local.py": SHELL_LOCAL,
        "helpers/shell_ssh.py": SHELL_SSH,
        "tools/code_execution_tool.py": CODE_EXECUTION,
    }
    tool = _tool(tmp_path, files, "tools/code_execution_tool.py")

    assert tool.side_effects == ["network", "subprocess"]
    assert [(e.area, e.calls) for e in tool.effects] == [
        (
            "subprocess",
            [
                "helpers.shell_local.LocalInteractiveSession.connect",
                "helpers.tty_session.TTYSession.start",
                "helpers.tty_session._spawn",
                "asyncio.create_subprocess_shell",
            ],
        ),
        (
            "network",
            ["helpers.shell_ssh.SSHInteractiveSession.connect", "paramiko.SSHClient"],
        ),
    ]


def test_arguments_taken_as_a_whole_open_the_schema(tmp_path: Path) -> None:
    save = """\
        from helpers.tool import Tool, Response


        class MemorySave(Tool):
            async def execute(self, text="", area="", **kwargs):
                metadata = {"area": area, **kwargs}
                return Response(message=f"{text}{metadata}", break_loop=False)
        """
    logged = """\
        from helpers.tool import Tool, Response


        class Office(Tool):
            async def execute(self, **kwargs):
                return Response(message=self.args.get("title", ""), break_loop=False)

            def get_log_object(self):
                return self.agent.context.log.log(kvps={**self.args, "_tool_name": self.name})
        """
    tool = _tool(tmp_path, {"tools/memory_save.py": save}, "tools/memory_save.py")
    office = _tool(tmp_path, {"tools/office.py": logged}, "tools/office.py")

    assert [(r.expression, r.line) for r in tool.other_arguments] == [
        ('{"area": area, **kwargs}', 6)
    ]
    assert "additionalProperties" not in parameters(tool)
    # logging every argument in a method the framework calls takes none of them
    assert office.other_arguments == []
    assert parameters(office)["additionalProperties"] is False


def test_a_method_of_a_value_a_function_returned_keeps_its_own_effect(tmp_path: Path) -> None:
    images = """\
        from pathlib import Path


        def resolve_ref(url):
            return Path(url).expanduser()


        def to_data_url(url):
            path = resolve_ref(url)
            return path.read_bytes()
        """
    source = """\
        from helpers.tool import Tool, Response
        from helpers import images


        class VisionLoad(Tool):
            async def execute(self, paths: list[str] = [], **kwargs):
                return Response(message=str(images.to_data_url(paths[0])), break_loop=False)
        """
    tool = _tool(
        tmp_path,
        {"helpers/images.py": images, "tools/vision_load.py": source},
        "tools/vision_load.py",
    )

    assert [(e.area, e.calls) for e in tool.effects] == [
        ("filesystem read", ["helpers.images.to_data_url", "path.read_bytes"])
    ]


@pytest.mark.parametrize(
    ("test", "required"),
    [
        ("not text", True),
        ("len(text) == 0", True),
        ("0 == len(text)", True),
        ("len(text) < 1", True),
        ("not len(text)", True),
        ("len(text.strip()) == 0", True),
        ('text.strip() == ""', True),
        ("len(text) > 0", False),
        ("len(text) == 2", False),
        ("text.strip() is None", False),
    ],
)
def test_every_spelling_of_an_emptiness_check_makes_an_argument_required(
    tmp_path: Path, test: str, required: bool
) -> None:
    source = f"""\
        from helpers.tool import Tool, Response


        class ConvertTool(Tool):
            async def execute(self, **kwargs):
                text = self.args.get("text", "")
                if {test}:
                    return Response(message="`text` is required", break_loop=False)
                return Response(message=text.upper(), break_loop=False)
        """
    tool = _tool(tmp_path / "tool", {"tools/convert.py": source}, "tools/convert.py")
    assert {a.name: a.required for a in tool.arguments} == {"text": required}

    # the same check in a helper module the tool hands its arguments to
    helper = f"""\
        def need_text(args):
            text = args.get("text", "")
            if {test}:
                raise ValueError("text is required")
            return text
        """
    tool_source = """\
        from helpers.checks import need_text
        from helpers.tool import Tool, Response


        class ConvertTool(Tool):
            async def execute(self, **kwargs):
                text = need_text(self.args)
                return Response(message=text.upper(), break_loop=False)
        """
    files = {"helpers/checks.py": helper, "tools/convert.py": tool_source}
    tool = _tool(tmp_path / "helper", files, "tools/convert.py")
    assert {a.name: a.required for a in tool.arguments} == {"text": required}
