"""A tool that binds ``self.args`` to a new dict before handing on to code
that reads it reads no argument there (:mod:`doxtool.python.argreplace`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from bothwalks import tool_module
from click.testing import Result
from test_resolve import facts_of, only_tool

BASE_PY = """\
from helpers.tool import Tool, Response


class BaseRun(Tool):
    async def execute(self, **kwargs):
        runtime = self.args.get("runtime", "").lower()
        code = self.args["code"]
        return Response(message=f"{runtime}: {code}", break_loop=False)
"""

CHECKS_PY = """\
def check_arguments(lang, source):
    if not source:
        return None, "source is required"
    return {"runtime": lang, "code": source}, ""
"""

PROMPT = "### runner\nruns code\nargs: `lang`, `source`\n"


def _runner(body: str) -> str:
    return (
        "import json\n\n"
        "from helpers.tool import Response\n"
        "from tools.base_run import BaseRun\n"
        "from tools.checks import check_arguments\n\n\n"
        "class Runner(BaseRun):\n"
        '    async def execute(self, lang: str = "", source: str = "", **kwargs):\n'
        '        lang = lang or self.args.get("lang", "")\n'
        "        if not lang:\n"
        '            return Response(message="lang is required", break_loop=False)\n'
        + "".join(f"        {line}\n" for line in body.splitlines())
    )


REPLACING = [
    # a name bound to a literal dict, a key of it written before
    'arguments = {"runtime": lang, "code": source or self.args.get("source", "")}\n'
    'arguments["session"] = 0\n'
    "self.args = arguments\n"
    "return await super().execute(**arguments)",
    # a literal dict
    'self.args = {"runtime": lang, "code": source}\nreturn await super().execute()',
    # ``dict`` with keywords only
    "self.args = dict(runtime=lang, code=source)\nreturn await super().execute()",
    # a local named ``args``, its keys written from ``self.args`` reads
    "args = {}\n"
    'args["runtime"] = lang\n'
    'args["code"] = source or self.args.get("source", "")\n'
    "self.args = args\n"
    "return await super().execute()",
    # an item of what a function handed values of arguments only made, tested
    'arguments, error = check_arguments(lang, source or self.args.get("source"))\n'
    "if arguments is None:\n"
    '    return Response(message=f"rejected: {error}", break_loop=False)\n'
    "self.args = arguments\n"
    "return await super().execute(**arguments)",
    # what a function handed values of arguments only made, bound at once
    'self.args = json.loads(source or "{}")\nreturn await super().execute()',
]


@pytest.mark.parametrize("body", REPLACING)
def test_the_base_reads_no_argument_past_a_new_dict(tmp_path: Path, body: str) -> None:
    files = {"tools/base_run.py": BASE_PY, "tools/checks.py": CHECKS_PY}
    files["tools/runner.py"] = _runner(body)
    tool = only_tool(facts_of(tmp_path, "tools/runner.py", files))
    assert [a.name for a in tool.arguments] == ["lang", "source"]


@pytest.mark.parametrize(
    "body",
    [
        # the new dict takes the arguments in: the base still reads them
        "arguments = dict(kwargs.items())\nself.args = arguments\nreturn await super().execute()",
        "arguments = check_arguments(json.loads(json.dumps(kwargs)), source)\n"
        "self.args = arguments\nreturn await super().execute()",
        'self.args = {"runtime": lang}\nself.args.update(kwargs)\nreturn await super().execute()',
        'self.args = {"runtime": lang}\nif source:\n    self.args |= kwargs\n'
        "return await super().execute()",
        'saved = self.args\nself.args = {"runtime": lang}\nself.args = saved\n'
        "return await super().execute()",
        "arguments = {}\n"
        "for key, value in self.args.items():\n"
        "    arguments[key.lower()] = value\n"
        "self.args = arguments\n"
        "return await super().execute()",
        'arguments = {"runtime": lang}\n'
        "arguments.update(self.args)\n"
        "self.args = arguments\n"
        "return await super().execute(**arguments)",
        # what a call makes of the arguments is not known
        "self.args = self.normalize(self.args)\nreturn await super().execute()",
        "self.args = json.loads(json.dumps(kwargs))\nreturn await super().execute()",
        "self.args = normalize(self.args)\nreturn await super().execute()",
        # a value handed on that a name holds, which may be the whole dict
        'text = self.args.get("payload") or json.dumps(self.args)\n'
        "self.args = json.loads(text)\nreturn await super().execute()",
        'text = self.args.get("payload")\nif not text:\n    text = json.dumps(kwargs)\n'
        "self.args = json.loads(text)\nreturn await super().execute()",
        "text = str(self.args)\narguments = json.loads(text)\nself.args = arguments\n"
        "return await super().execute()",
        "tool = self\nself.args = json.loads(json.dumps(tool.args))\nreturn await super().execute()",
        # an item of what holds the dict, not a key of it
        "self.args = json.loads(json.dumps([kwargs][0]))\nreturn await super().execute()",
        # a function handed the arguments dict, or reached through the tool
        "arguments, error = check_arguments(lang, self.args)\n"
        "self.args = arguments\n"
        "return await super().execute(**arguments)",
        "arguments = self.prepare(lang)\nself.args = arguments\nreturn await super().execute()",
        # a function of the body's own, which may close over the arguments
        "def build():\n    return dict(kwargs, runtime=lang)\n"
        "arguments = build()\nself.args = arguments\nreturn await super().execute()",
        "build = lambda: kwargs\narguments = build()\nself.args = arguments\n"
        "return await super().execute()",
        # the function's names, the arguments dict among them
        "arguments = check_arguments(lang, locals())\nself.args = arguments\n"
        "return await super().execute()",
        # used otherwise before it replaces the arguments
        'arguments = {"runtime": lang}\n'
        "self.merge_into(arguments)\n"
        "self.args = arguments\n"
        "return await super().execute()",
        # bound on some paths only
        'if source:\n    self.args = {"runtime": lang, "code": source}\n'
        "return await super().execute()",
    ],
)
def test_the_base_still_reads_the_arguments_otherwise(tmp_path: Path, body: str) -> None:
    files = {"tools/base_run.py": BASE_PY, "tools/checks.py": CHECKS_PY}
    files["tools/runner.py"] = _runner(body)
    tool = only_tool(facts_of(tmp_path, "tools/runner.py", files))
    assert "code" in [a.name for a in tool.arguments]


def test_a_method_of_the_same_class_reads_no_argument_past_a_new_dict(tmp_path: Path) -> None:
    source = (
        "from helpers.tool import Tool, Response\n\n\n"
        "class Runner(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        source = self.args.get("source", "")\n'
        '        self.args = {"code": source}\n'
        "        return self._run()\n\n"
        "    def _run(self):\n"
        '        return Response(message=self.args["code"], break_loop=False)\n'
    )
    tool = only_tool(facts_of(tmp_path, "tools/runner.py", {"tools/runner.py": source}))
    assert [a.name for a in tool.arguments] == ["source"]


def test_check_asks_no_teaching_of_the_keys_the_tool_made(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo(
        {
            "tools/base_run.py": BASE_PY,
            "tools/checks.py": CHECKS_PY,
            "tools/runner.py": _runner(REPLACING[-1]),
            "prompts/agent.system.tool.runner.md": PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert "PRM004" not in result.output
    assert "`code`" not in result.output
    run_cli(root, "check", "--fix", "--no-cache")
    companion = (root / "tools/runner.py.dox.md").read_text(encoding="utf-8")
    assert "`code`" not in companion and "`runtime`" not in companion
    assert "`lang`" in companion


def test_init_reads_the_arguments_before_execution_replaces_them(tmp_path: Path) -> None:
    source = (
        "from helpers.tool import Tool, Response\n\n\n"
        "class Runner(Tool):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        '        self.mode = self.args.get("mode", "x")\n\n'
        "    async def before_execution(self, **kwargs):\n"
        '        self.args = {"code": self.args.get("code", "")}\n\n'
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=self.args["code"] + self.mode, break_loop=False)\n'
    )
    tool = only_tool(facts_of(tmp_path, "tools/runner.py", {"tools/runner.py": source}))
    assert sorted(a.name for a in tool.arguments) == ["code", "mode"]


def test_a_key_init_needs_is_required_whatever_before_execution_fills(tmp_path: Path) -> None:
    # ``__init__`` runs first: a missing ``mode`` raises there, before the fill
    source = (
        "from helpers.tool import Tool, Response\n\n\n"
        "class Runner(Tool):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        '        self.mode = self.args["mode"]\n\n'
        "    async def before_execution(self, **kwargs):\n"
        '        self.args.setdefault("mode", "x")\n\n'
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=self.args["mode"] + self.mode, break_loop=False)\n'
    )
    tool = only_tool(facts_of(tmp_path, "tools/runner.py", {"tools/runner.py": source}))
    assert [(a.name, a.required, a.has_default) for a in tool.arguments] == [("mode", True, False)]


#: (``__init__``'s body, ``before_execution``'s body) -> each argument read
#: (required, has a default): a method ``__init__`` calls runs before
#: ``before_execution``, one the hook calls before its fill runs before it
EARLY_CALLS = {
    "__init__ calls a reader, the hook writes": (
        "self._setup()",
        'self.args["mode"] = "fast"',
        {"mode": (True, False)},
    ),
    "__init__ calls a reader, the hook fills where missing": (
        "self._setup()",
        'self.args.setdefault("mode", "x")',
        {"mode": (True, False)},
    ),
    "the hook calls a reader, then replaces the arguments": (
        "pass",
        'self._setup()\n        self.args = {"mode": "fast"}',
        {"mode": (True, False)},
    ),
    # the fill runs first: the reader reads what it wrote
    "the hook replaces the arguments, then calls a reader": (
        "pass",
        'self.args = {"mode": "fast"}\n        self._setup()',
        {},
    ),
    "the hook fills where missing, then calls a reader": (
        "pass",
        'self.args.setdefault("mode", "x")\n        self._setup()',
        {"mode": (False, True)},
    ),
}


@pytest.mark.parametrize("shape", sorted(EARLY_CALLS))
def test_a_method_called_early_reads_before_the_hook_fills(run_cli, make_repo, shape) -> None:
    init, hook, expected = EARLY_CALLS[shape]
    source = (
        "from helpers.tool import Tool, Response\n\n\n"
        "class Runner(Tool):\n"
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        f"        {init}\n\n"
        "    def _setup(self):\n"
        '        self.level = self.args["mode"]\n\n'
        "    async def before_execution(self, **kwargs):\n"
        f"        {hook}\n\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=self.args["mode"], break_loop=False)\n'
    )
    root = make_repo({"tools/t.py": source})
    arguments = tool_module(run_cli, root)["arguments"]
    assert {a["name"]: (a["required"], a["has_default"]) for a in arguments} == expected
