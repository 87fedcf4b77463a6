"""PRM rules on prompt sets shaped like a real Agent Zero checkout.

One prompt teaching several tools, a prompt file whose key is not the tool's
name, a prompt outside the ``agent.system.tool.*`` names, a shim whose tool
its plugin teaches, agent profiles with tools of their own, schematic
examples, argument lines that list values, and budgets. Each case has a
finding where one is due and none where it is not. When the shared corpus is
at hand, the whole checkout is checked too.
"""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from samples import write_files

from doxtool.prompts.parse import parse_prompt
from doxtool.rules.examples import FRAMEWORK

REPO = Path(__file__).resolve().parents[1]
WRAPPER = "## Tools\n{{tools}}\n"

MEMORY_TOOL = """\
from helpers.tool import Tool, Response


class {cls}(Tool):
    async def execute(self, {param}="", **kwargs):
        return Response(message={param}, break_loop=False)
"""

MEMORY_PROMPT = """\
## memory tools
use when durable recall or storage is useful
- `memory_load`: args `query`
- `memory_save`: args `text`
- `memory_delete`: arg `ids` comma-separated ids

example:
~~~json
{
  "thoughts": ["I should search memory."],
  "headline": "Loading related memories",
  "tool_name": "memory_load",
  "tool_args": {"query": "tool argument format"}
}
~~~
"""


def _memory_plugin() -> dict[str, str]:
    files = {}
    for name, cls, param in (
        ("memory_load", "MemoryLoad", "query"),
        ("memory_save", "MemorySave", "text"),
        ("memory_delete", "MemoryDelete", "ids"),
    ):
        files[f"plugins/_memory/tools/{name}.py"] = MEMORY_TOOL.format(cls=cls, param=param)
    files["plugins/_memory/prompts/agent.system.tool.memory.md"] = MEMORY_PROMPT
    return files


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "prompts/agent.system.tools.md": WRAPPER,
            **{k: textwrap.dedent(v) for k, v in files.items()},
        },
    )
    return tmp_path


def _prm(run_cli: Any, root: Path, *extra: str) -> list[str]:
    result = run_cli(root, "check", "--select", "PRM", "--format", "json", *extra)
    assert result.exit_code in (0, 1), result.output
    return [
        f"{f['path']}:{f['line']}: {f['code']} {f['message']}" for f in json.loads(result.output)
    ]


# ---------------------------------------------------------------------------
# where a tool is taught


def test_one_prompt_file_teaches_several_tools(tmp_path: Path, run_cli: Any) -> None:
    root = _repo(tmp_path, _memory_plugin())

    assert _prm(run_cli, root) == []


def test_a_tool_no_prompt_teaches_still_has_no_prompt(tmp_path: Path, run_cli: Any) -> None:
    files = _memory_plugin()
    files["plugins/_memory/tools/memory_forget.py"] = MEMORY_TOOL.format(
        cls="MemoryForget", param="query"
    )
    root = _repo(tmp_path, files)

    (finding,) = _prm(run_cli, root)
    assert finding.startswith("plugins/_memory/tools/memory_forget.py:4: PRM001 ")


def test_a_prompt_whose_key_or_name_differs_from_the_tool(tmp_path: Path, run_cli: Any) -> None:
    files = {
        "plugins/_memory/tools/behaviour_adjustment.py": MEMORY_TOOL.format(
            cls="UpdateBehaviour", param="adjustments"
        ),
        "prompts/agent.system.tool.behaviour.md": (
            "### behaviour_adjustment\nupdate persistent behavioral rules\n"
            "arg: `adjustments` text describing what to add or remove\n"
        ),
        "tools/vision_load.py": MEMORY_TOOL.format(cls="VisionLoad", param="paths"),
        "prompts/agent.system.tools_vision.md": (
            "## multimodal vision tools\n\n### vision_load\nload images\n"
            "args: `paths` list of absolute image paths\n"
        ),
    }
    root = _repo(tmp_path, files)

    assert _prm(run_cli, root) == []


def test_a_shim_is_taught_by_the_plugin_that_owns_its_tool(tmp_path: Path, run_cli: Any) -> None:
    files = {
        "plugins/__init__.py": "",
        "plugins/_document_query/__init__.py": "",
        "plugins/_document_query/tools/__init__.py": "",
        "plugins/_document_query/tools/document_query.py": MEMORY_TOOL.format(
            cls="DocumentQueryTool", param="document"
        ),
        "tools/document_query.py": (
            '"""Compatibility shim."""\n\n'
            "from plugins._document_query.tools.document_query import DocumentQueryTool\n\n"
            '__all__ = ["DocumentQueryTool"]\n'
        ),
        "plugins/_document_query/prompts/agent.system.tool.document_query.md": (
            "### document_query\nread documents\nargs: `document`\n"
        ),
    }
    root = _repo(tmp_path, files)

    assert _prm(run_cli, root) == []


CORE_RESPONSE = """\
from helpers.tool import Tool, Response


class ResponseTool(Tool):
    async def execute(self, **kwargs):
        return Response(message=self.args["text"], break_loop=True)
"""

EXAMPLE_RESPONSE = """\
from helpers.tool import Tool, Response


class ResponseTool(Tool):
    async def execute(self, **kwargs):
        return Response(message=self.args["answer"], break_loop=True)
"""


def test_a_profile_tool_shadows_the_core_tool_for_its_profile_only(
    tmp_path: Path, run_cli: Any
) -> None:
    files = {
        "tools/response.py": CORE_RESPONSE,
        "prompts/agent.system.tool.response.md": "### response\nfinal answer\nargs: `text`\n",
        "agents/_example/tools/response.py": EXAMPLE_RESPONSE,
        "agents/_example/prompts/agent.system.tool.response.md": (
            "### response\nfinal answer\nargs: `text`\n"
        ),
        "agents/agent0/prompts/agent.system.tool.response.md": (
            "### response\nfinal answer\nargs: `text`\n"
        ),
    }
    root = _repo(tmp_path, files)

    # the core prompts and agent0 answer to tools/response.py; _example's own
    # prompt to its own tool, which needs `answer`
    assert _prm(run_cli, root) == [
        "agents/_example/prompts/agent.system.tool.response.md:1: PRM004 required argument "
        "`answer` of `response` (read at agents/_example/tools/response.py:6) is never taught",
        "agents/_example/prompts/agent.system.tool.response.md:3: PRM003 argument `text` is "
        "taught for `response` but agents/_example/tools/response.py never reads it",
    ]


def test_init_keeps_profile_tool_folders_apart(tmp_path: Path, run_cli: Any) -> None:
    files = {
        "tools/response.py": CORE_RESPONSE,
        "plugins/_memory/tools/memory_save.py": MEMORY_TOOL.format(cls="MemorySave", param="text"),
        "agents/_example/tools/response.py": EXAMPLE_RESPONSE,
        "agents/_example/prompts/agent.system.tool.response.md": "### response\n",
    }
    root = _repo(tmp_path, files)

    result = run_cli(root, "init")

    assert result.exit_code == 0, result.output
    written = (root / "doxtool.toml").read_text()
    assert 'tool-dirs = ["tools", "plugins/*/tools"]  # 2 modules' in written
    assert 'profile-tool-dirs = ["agents/*/tools"]' in written
    assert "detected profile tool directories: agents/*/tools" in result.output


# ---------------------------------------------------------------------------
# alternatives and contracts


RESPONSE_ALTERNATIVES = """\
from helpers.tool import Tool, Response


class ResponseTool(Tool):
    async def execute(self, **kwargs):
        return Response(
            message=self.args["text"] if "text" in self.args else self.args["message"],
            break_loop=True,
        )
"""


@pytest.mark.parametrize(
    ("args_line", "expected"),
    [
        ("args: `text`", []),
        ("args: `message`", []),
        (
            "args: none",
            [
                "prompts/agent.system.tool.response.md:1: PRM004 one of `text`, `message` of "
                "`response` is required (read at tools/response.py) but none is taught"
            ],
        ),
    ],
)
def test_prm004_asks_for_one_of_the_alternatives(
    tmp_path: Path, run_cli: Any, args_line: str, expected: list[str]
) -> None:
    files = {
        "tools/response.py": RESPONSE_ALTERNATIVES,
        "prompts/agent.system.tool.response.md": f"### response\nfinal answer\n{args_line}\n",
    }
    root = _repo(tmp_path, files)

    assert _prm(run_cli, root) == expected


# ---------------------------------------------------------------------------
# examples and argument lines


PARALLEL = """\
from helpers.tool import Tool, Response


class ParallelTool(Tool):
    async def execute(self, **kwargs):
        calls = self.args.get("tool_calls")
        wait = self.args.get("wait", True)
        action = self.args.get("action", "start")
        return Response(message=f"{calls}{wait}{action}", break_loop=False)
"""

PARALLEL_PROMPT = """\
### parallel
run independent tool calls concurrently.

Each `tool_calls` item is a normal tool request: `{ "tool_name": "...", "tool_args": { ... } }`.
A full reply is shaped like { "tool_name": ..., "tool_args": { ... } } in prose.

Args: `tool_calls`, `wait` default `true`, `action` as `start|await|cancel`.

~~~json
{
  "tool_name": "parallel",
  "tool_args": {
    "tool_calls": [{"tool_name": "...", "tool_args": { ... }}, ...],
    "wait": true
  }
}
~~~
"""


def test_schematic_examples_and_value_spans_raise_nothing(tmp_path: Path, run_cli: Any) -> None:
    files = {
        "tools/parallel.py": PARALLEL,
        "prompts/agent.system.tool.parallel.md": PARALLEL_PROMPT,
    }
    root = _repo(tmp_path, files)

    assert _prm(run_cli, root) == []


def test_an_error_after_a_placeholder_is_placed_exactly(tmp_path: Path, run_cli: Any) -> None:
    prompt = PARALLEL_PROMPT.replace('"wait": true', '"wait": true,,')
    files = {"tools/parallel.py": PARALLEL, "prompts/agent.system.tool.parallel.md": prompt}
    root = _repo(tmp_path, files)

    findings = _prm(run_cli, root)
    assert findings == [
        "prompts/agent.system.tool.parallel.md:14: PRM005 example is not valid JSON: "
        "expecting property name enclosed in double quotes"
    ]
    result = run_cli(root, "check", "--select", "PRM005")
    assert "prompts/agent.system.tool.parallel.md:14:18: PRM005" in result.output


def test_a_value_the_code_accepts_as_a_spelled_boolean_is_not_a_type_error(
    tmp_path: Path, run_cli: Any
) -> None:
    source = """\
        from helpers.tool import Tool, Response


        class Delegation(Tool):
            async def execute(self, message="", reset="", **kwargs):
                fresh = str(reset).lower().strip() == "true"
                return Response(message=f"{message.strip()}{fresh}", break_loop=False)
        """
    prompt = (
        "### call_subordinate\ndelegate\nargs: `message`, `reset`\n"
        '~~~json\n{"tool_name": "call_subordinate", "tool_args": '
        '{"message": "do it", "reset": true}}\n~~~\n'
    )
    files = {
        "tools/call_subordinate.py": source,
        "prompts/agent.system.tool.call_sub.md": prompt,
    }
    root = _repo(tmp_path, files)

    assert _prm(run_cli, root) == []
    # a list is still no value ``message.strip()`` takes
    (root / "prompts/agent.system.tool.call_sub.md").write_text(
        prompt.replace('"reset": true', '"message": ["x"]')
    )
    assert [f.split(": ", 1)[1][:6] for f in _prm(run_cli, root)] == ["PRM008"]


# ---------------------------------------------------------------------------
# budgets


def _tiny_local(size: int) -> dict[str, str]:
    return {
        "tools/response.py": CORE_RESPONSE,
        "prompts/agent.system.tool.response.md": "### response\nargs: `text`\n",
        "agents/tiny-local/prompts/agent.system.tools.md": WRAPPER,
        "agents/tiny-local/prompts/agent.system.tool.response.md": (
            "### response\nargs: `text`\n" + "Answer briefly.\n" * (size // 16)
        ),
    }


def test_no_budget_fires_unless_one_is_configured(tmp_path: Path, run_cli: Any) -> None:
    root = _repo(tmp_path, _tiny_local(12000))

    assert _prm(run_cli, root) == []

    (root / "doxtool.toml").write_text("[profiles.tiny-local]\nbudget = 6000\n")
    (finding,) = _prm(run_cli, root)
    assert finding.startswith("agents/tiny-local/prompts/agent.system.tools.md:1: PRM009 ")
    assert f"budget of 6000 (`profiles.tiny-local.budget` in {root / 'doxtool.toml'})" in finding


# ---------------------------------------------------------------------------
# the shared corpus


def _corpus() -> Path | None:
    for candidate in (REPO.parent / "shared" / "corpora", Path("/work/shared/corpora")):
        found = candidate / "agent-zero-2026-07"
        if found.is_dir():
            return found
    return None


@pytest.mark.slow
def test_the_real_checkout_has_no_prompt_findings_and_valid_examples(
    tmp_path: Path, run_cli: Any
) -> None:
    corpus = _corpus()
    if corpus is None:
        pytest.skip("the shared Agent Zero corpus is not here")
    jsonschema = pytest.importorskip("jsonschema")
    root = tmp_path / "agent-zero"
    shutil.copytree(corpus, root, symlinks=True)
    for path in [root, *root.rglob("*")]:
        if not path.is_symlink():
            path.chmod(path.stat().st_mode | 0o200)
    (root / ".git").mkdir()  # a checkout, its own project root
    assert run_cli(root, "init").exit_code == 0

    assert _prm(run_cli, root) == []

    result = run_cli(root, "schema", "--format", "jsonschema")
    assert result.exit_code == 0, result.output
    schemas = {s["title"]: s for s in json.loads(result.output)}
    checked = 0
    prompts = [
        *sorted((root / "prompts").glob("agent.system.tool*.md")),
        *sorted(root.glob("plugins/*/prompts/agent.system.tool*.md")),
        *sorted(root.glob("agents/tiny-local/prompts/agent.system.tool*.md")),
    ]
    for prompt in prompts:
        doc = parse_prompt(prompt.read_text(encoding="utf-8"), prompt.name)
        for example in doc.examples:
            assert example.error is None, (prompt.name, example.error)
            if example.tool_name in schemas and isinstance(example.tool_args, dict):
                jsonschema.validate(example.tool_args, schemas[example.tool_name])
                checked += 1
    assert checked >= 25


DOCUMENT_QUERY = """\
from helpers.tool import Tool, Response


class DocumentQueryTool(Tool):
    async def execute(self, **kwargs):
        document = kwargs.get("document")
        if not document:
            return Response(message="Error: no document provided", break_loop=False)
        return Response(message=str(document), break_loop=False)
"""


@pytest.mark.parametrize(
    ("listing", "expected"),
    [
        ("- `document`: one local path/URL or a list of paths/URLs\n", []),
        (
            "- `queries`: optional list of questions\n",
            [
                "prompts/agent.system.tool.document_query.md:1: PRM004 required argument "
                "`document` of `document_query` (read at tools/document_query.py:6) is never "
                "taught",
                # the list under "Minimal args ...:" teaches it, and this tool never reads it
                "prompts/agent.system.tool.document_query.md:5: PRM003 argument `queries` is "
                "taught for `document_query` but tools/document_query.py never reads it",
            ],
        ),
    ],
)
def test_a_required_argument_taught_in_a_list_item(
    tmp_path: Path, run_cli: Any, listing: str, expected: list[str]
) -> None:
    files = {
        "tools/document_query.py": DOCUMENT_QUERY,
        "prompts/agent.system.tool.document_query.md": (
            "### document_query\nread documents\n\nMinimal args after loading the skill:\n"
            + listing
        ),
    }
    root = _repo(tmp_path, files)

    assert _prm(run_cli, root) == expected
