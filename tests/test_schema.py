"""``doxtool schema``: function-calling schemas from static facts and prompts."""

from __future__ import annotations

import json
import subprocess
import sys

import jsonschema

from doxtool.prompts.parse import parse_prompt

TOOL = """\
from helpers.tool import Response, Tool


class FetchTool(Tool):
    async def execute(self, url: str, retries: int = 2, **kwargs) -> Response:
        mode = self.args.get("mode", "text").strip().lower()
        if mode not in ("text", "html"):
            return Response(message="bad mode", break_loop=False)
        return Response(message=url, break_loop=False)
"""

PROMPT = """\
### fetch
Fetch a web page and return its text.
args: `url`, optional `retries`, `mode`
"""


def test_openai_format(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/fetch.py": TOOL,
            "tools/unknown.py": TOOL.replace("FetchTool", "Unknown"),
            "prompts/agent.system.tool.fetch.md": PROMPT,
        }
    )
    result = run_cli(root, "schema")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output) == [
        {
            "type": "function",
            "function": {
                "name": "fetch",
                "description": "Fetch a web page and return its text.",
                "parameters": {
                    "type": "object",
                    "properties": {
                        "url": {"type": "string"},
                        "retries": {"type": "integer", "default": 2},
                        "mode": {"type": "string", "enum": ["text", "html"], "default": "text"},
                    },
                    "required": ["url"],
                    "additionalProperties": False,
                },
            },
        }
    ]


def test_jsonschema_format_for_one_path(make_repo, run_cli) -> None:
    root = make_repo({"tools/fetch.py": TOOL, "prompts/agent.system.tool.fetch.md": PROMPT})
    result = run_cli(root, "schema", "tools/fetch.py", "--format", "jsonschema")
    (schema,) = json.loads(result.output)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["title"] == "fetch"
    assert schema["required"] == ["url"]
    assert schema["properties"]["retries"] == {"type": "integer", "default": 2}


def test_reference_suite_schemas_validate_their_prompt_examples(run_cli, reference_repo) -> None:
    result = run_cli(reference_repo, "schema", "--format", "jsonschema")
    schemas = {s["title"]: s for s in json.loads(result.output)}
    assert set(schemas) >= {"response", "wait", "scheduler", "notify_user", "call_subordinate"}
    assert "unknown" not in schemas
    checked = 0
    for path in sorted((reference_repo / "prompts").glob("agent.system.tool.*.md")):
        doc = parse_prompt(path.read_text(), path.name)
        for example in doc.examples:
            if example.tool_name in schemas and isinstance(example.tool_args, dict):
                jsonschema.validate(example.tool_args, schemas[example.tool_name])
                checked += 1
    assert checked >= 5


def test_a_compatibility_shim_and_the_tool_it_re_exports_are_one_tool(make_repo, run_cli) -> None:
    """``tools/fetch.py`` re-exporting a plugin's ``FetchTool``: one tool
    ``fetch``, given by the plugin's module, described by the plugin's prompt."""
    root = make_repo(
        {
            "plugins/web/tools/fetch.py": TOOL,
            "plugins/web/prompts/agent.system.tool.fetch.md": PROMPT,
            "tools/fetch.py": (
                '"""Compatibility shim."""\n\n'
                "from plugins.web.tools.fetch import FetchTool\n\n"
                '__all__ = ["FetchTool"]\n'
            ),
        }
    )
    result = run_cli(root, "schema")
    assert result.exit_code == 0, result.output
    functions = [entry["function"] for entry in json.loads(result.output)]
    assert [(f["name"], f["description"]) for f in functions] == [
        ("fetch", "Fetch a web page and return its text.")
    ]
    # the shim alone names the same tool, described where its class lives
    alone = run_cli(root, "schema", "tools/fetch.py")
    assert json.loads(alone.output) == json.loads(result.output)
    # a shim under another name is a tool of its own
    (root / "tools/get_page.py").write_text((root / "tools/fetch.py").read_text())
    names = [entry["function"]["name"] for entry in json.loads(run_cli(root, "schema").output)]
    assert sorted(names) == ["fetch", "get_page"]


def _tool(name: str, cls: str) -> str:
    return TOOL.replace("FetchTool", cls).replace('"mode"', f'"{name}_mode"')


def test_the_description_is_the_prose_under_the_heading_naming_the_tool(make_repo, run_cli) -> None:
    """A tool prompt titled `# fetch tool`, a plugin's tool taught by a core
    prompt, a tool taught in `agent.system.tools_flags.md`: each described
    by the prose under its heading. A method's section (`### todo:add`) is
    not the tool's description."""
    root = make_repo(
        {
            "tools/fetch.py": TOOL,
            "prompts/agent.system.tool.fetch.md": "# fetch tool\n\n" + PROMPT.split("\n", 1)[1],
            "plugins/notes/tools/note_save.py": _tool("note", "NoteSave"),
            "plugins/notes/prompts/README.md": "Notes.\n",
            "prompts/agent.system.tool.note_save.md": (
                "### note_save\nSave a note.\narg: `url` where to keep it\n"
            ),
            "tools/toggle.py": _tool("toggle", "Toggle"),
            "prompts/agent.system.tools_flags.md": (
                "## flag tools\n\n### toggle\nSwitch a flag.\n"
                '```json\n{"tool_name": "toggle", "tool_args": {"url": "x"}}\n```\n'
            ),
            "tools/todo.py": _tool("todo", "Todo"),
            "prompts/agent.system.tool.todo.md": (
                "### todo:add\nAdd an item to the todo list.\nargs: `url`\n"
            ),
        }
    )
    result = run_cli(root, "schema")
    assert result.exit_code == 0, result.output
    described = {
        e["function"]["name"]: e["function"]["description"] for e in json.loads(result.output)
    }
    assert described == {
        "fetch": "Fetch a web page and return its text.",
        "note_save": "Save a note.",
        "toggle": "Switch a flag.",
        "todo": "",
    }


KV_TOOL = """\
from typing import Optional

from pydantic import BaseModel, Field

from helpers.tool import Response, Tool


class KvArgs(BaseModel):
    key: str
    value: str | None = None
    note: Optional[str] = None
    ttl: int = Field(default=3600)


class KvStore(Tool):
    async def execute(self, tag: str | None = None, **kwargs) -> Response:
        args = KvArgs.model_validate(self.args)
        return Response(message=f"{args.key}{args.value}{args.note}{args.ttl}{tag}", break_loop=False)
"""


def test_a_null_default_of_an_optional_field_claims_no_type_that_excludes_it(
    make_repo, run_cli
) -> None:
    """``value: str | None = None``: the default ``null`` is no string, so
    no type is claimed, as for any union; every default fits its schema."""
    root = make_repo({"tools/kv.py": KV_TOOL})
    result = run_cli(root, "schema", "tools/kv.py", "--format", "jsonschema")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    properties = schema["properties"]
    assert properties["value"] == properties["note"] == properties["tag"] == {"default": None}
    assert properties["ttl"] == {"type": "integer", "default": 3600}
    assert properties["key"] == {"type": "string"}
    for prop in properties.values():
        if "default" in prop:
            jsonschema.validate(prop["default"], prop)  # raises when it does not fit


def test_a_module_doxtool_cannot_read_gives_no_schema_and_says_why(make_repo) -> None:
    root = make_repo(
        {
            "tools/fetch.py": TOOL,
            "tools/broken.py": TOOL.replace("class FetchTool(Tool):", "class Broken(Tool:"),
            "prompts/agent.system.tool.fetch.md": PROMPT,
        }
    )
    result = subprocess.run(
        [sys.executable, "-m", "doxtool", "schema"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert [s["function"]["name"] for s in json.loads(result.stdout)] == ["fetch"]
    (warning,) = result.stderr.splitlines()  # (the column is the interpreter's)
    assert warning.startswith("doxtool: warning: tools/broken.py: not read at 4:")
    assert ": syntax error: " in warning and warning.endswith("; it has no schema")
