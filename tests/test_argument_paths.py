"""Arguments read along less direct paths, through the real CLI: a dict merged
with defaults, a dataclass the arguments are splatted into, the
``before_execution`` hook, a helper that takes the key as a parameter, a base
class in another module that coerces what it reads; and the arguments block of
a tool that takes arguments it does not name."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any


def _dox(cls: str, arguments: list[str]) -> str:
    block = "\n".join(f"  - {line}" for line in arguments)
    lead = f"- Arguments of `{cls}`:" + ("" if arguments else " none.")
    return f"# DOX\n\n## Runtime Contracts\n{lead}\n{block}\n".replace("\n\n\n", "\n\n")


def _prompt(name: str, args_line: str, example: dict[str, Any]) -> str:
    call = {"thoughts": ["x"], "headline": "x", "tool_name": name, "tool_args": example}
    return f"### {name}\nDo it.\nargs: {args_line}\n~~~json\n{json.dumps(call)}\n~~~\n"


def _facts(run_cli, root: Path, path: str) -> dict[str, Any]:
    result = run_cli(root, "inspect", path, "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool


def _arguments(tool: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    return {
        a["name"]: (a["required"], a["type"], a.get("default"), a["reads"][0].get("path"))
        for a in tool["arguments"]
    }


SEARCH = """\
    from helpers.tool import Response, Tool

    DEFAULTS = {"lang": "en", "limit": 5}


    class SearchTool(Tool):
        async def execute(self, **kwargs) -> Response:
            args = {**DEFAULTS, **self.args, "mode": "web"}
            query = str(args.get("query", ""))
            lang = str(args["lang"])
            limit = int(args["limit"])
            mode = args["mode"]
            return Response(message=f"{query} {lang} {limit} {mode}", break_loop=False)
    """


def test_a_dict_merged_over_defaults_is_read_key_by_key(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/search.py": dedent(SEARCH),
            "tools/search.py.dox.md": _dox(
                "SearchTool",
                [
                    '`query`: optional string, default `""`.',
                    '`lang`: optional string, default `"en"`.',
                    "`limit`: optional integer, default `5`.",
                ],
            ),
            "prompts/agent.system.tool.search.md": _prompt(
                "search", "`query`, optional `lang`, `limit`", {"query": "q", "limit": 3}
            ),
        }
    )
    tool = _facts(run_cli, root, "tools/search.py")
    assert _arguments(tool) == {
        "query": (False, "string", "", None),
        "lang": (False, "string", "en", None),
        "limit": (False, "integer", 5, None),
    }  # ``mode`` is written over the arguments: no argument
    assert tool["other_arguments"] == []
    result = run_cli(root, "check", "--select", "DOX111,PRM003,PRM004,PRM008")
    assert result.exit_code == 0, result.output


CRAWL = """\
    from dataclasses import dataclass, field

    from helpers.tool import Response, Tool


    @dataclass
    class CrawlParams:
        url: str
        depth: int = 1
        tags: list = field(default_factory=list)


    class CrawlTool(Tool):
        async def execute(self, **kwargs) -> Response:
            params = CrawlParams(**kwargs)
            return Response(message=f"{params.url} {params.depth}", break_loop=False)
    """


def test_the_fields_of_a_dataclass_the_arguments_are_splatted_into(make_repo, run_cli) -> None:
    root = make_repo({"tools/crawl.py": dedent(CRAWL)})
    tool = _facts(run_cli, root, "tools/crawl.py")
    assert _arguments(tool) == {
        "url": (True, "string", None, None),
        "depth": (False, "integer", 1, None),
        "tags": (False, "array", None, None),
    }
    assert tool["other_arguments"] == []


OPEN = """\
    from helpers.overrides import load_overrides
    from helpers.tool import Response, Tool


    class SearchTool(Tool):
        async def execute(self, **kwargs) -> Response:
            args = {**self.args, **load_overrides()}
            return Response(message=str(args.get("query", "")), break_loop=False)
    """

OPEN_FILES = {
    "helpers/overrides.py": "def load_overrides():\n    return {}\n",
    "tools/search.py": dedent(OPEN),
    "tools/search.py.dox.md": _dox(
        "SearchTool",
        [
            '`query`: optional string, default `""`.',
            "`lang`: optional string. Read after the overrides are applied.",
            "`limit`: optional integer.",
        ],
    ),
}


def test_a_tool_taking_arguments_it_does_not_name_keeps_the_documented_ones(
    make_repo, run_cli
) -> None:
    root = make_repo(OPEN_FILES)
    tool = _facts(run_cli, root, "tools/search.py")
    assert [a["name"] for a in tool["arguments"]] == []  # the merge is not followed
    assert tool["other_arguments"]
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.exit_code == 0, result.output
    before = (root / "tools/search.py.dox.md").read_text()
    run_cli(root, "check", "--select", "DOX111", "--fix", "--unsafe-fixes")
    assert (root / "tools/search.py.dox.md").read_text() == before


def test_a_fix_of_an_open_tool_adds_what_it_reads_and_keeps_the_rest(make_repo, run_cli) -> None:
    files = dict(OPEN_FILES)
    files["tools/search.py"] = dedent(OPEN).replace(
        "return Response(", 'mode = self.args["mode"]\n        return Response('
    )
    root = make_repo(files)
    result = run_cli(root, "check", "--select", "DOX111")
    assert "argument `mode` is read at tools/search.py:8 but not documented" in result.output
    assert "never reads" not in result.output
    run_cli(root, "check", "--select", "DOX111", "--fix")
    text = (root / "tools/search.py.dox.md").read_text()
    assert "  - `mode`: required." in text
    assert "  - `lang`: optional string. Read after the overrides are applied." in text
    assert "  - `limit`: optional integer." in text
    assert run_cli(root, "check", "--select", "DOX111").exit_code == 0


def test_a_new_companion_of_an_open_tool_does_not_say_none(make_repo, run_cli) -> None:
    files = {k: v for k, v in OPEN_FILES.items() if not k.endswith(".dox.md")}
    files["tools/search.py"] = dedent(OPEN).replace('str(args.get("query", ""))', "str(args)")
    root = make_repo(files)
    run_cli(root, "check", "--select", "DOX001,DOX111", "--fix")
    text = (root / "tools/search.py.dox.md").read_text()
    assert "Arguments of `SearchTool`: none named in the code" in text
    assert "Arguments of `SearchTool`: none." not in text


NOTE = """\
    from helpers.tool import Response, Tool


    class NoteTool(Tool):
        async def before_execution(self, pinned=False, **kwargs) -> None:
            await super().before_execution(**kwargs)
            self.label = str(kwargs.get("label", "note"))

        async def execute(self, **kwargs) -> Response:
            text = str(kwargs.get("text", ""))
            return Response(message=f"{self.label}: {text}", break_loop=False)
    """


def test_the_keyword_arguments_of_before_execution_are_the_tools(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/note.py": dedent(NOTE),
            "tools/note.py.dox.md": _dox(
                "NoteTool",
                [
                    '`text`: optional string, default `""`.',
                    '`label`: optional string, default `"note"`.',
                    "`pinned`: optional boolean, default `false`.",
                ],
            ),
            "prompts/agent.system.tool.note.md": _prompt(
                "note", "`text`, optional `label`, `pinned`", {"text": "t", "label": "todo"}
            ),
        }
    )
    tool = _facts(run_cli, root, "tools/note.py")
    assert set(_arguments(tool)) == {"text", "label", "pinned"}
    assert tool["other_arguments"] == []  # handing them to the base's hook takes none
    result = run_cli(root, "check", "--select", "DOX111,PRM003")
    assert result.exit_code == 0, result.output


REQUIRE = """\
    from helpers.errors import RepairableException


    def require(args: dict, key: str) -> str:
        value = str(args.get(key) or "").strip()
        if not value:
            raise RepairableException(f"The tool needs `{key}`.")
        return value


    def lookup(args: dict, key: str) -> str:
        return args.get("x_" + key)
    """

RENAME = """\
    from helpers.args import lookup, require
    from helpers.tool import Response, Tool


    class RenameTool(Tool):
        async def execute(self, **kwargs) -> Response:
            title = require(self.args, "title")
            return Response(message=f"Renamed to {title}.", break_loop=False)
    """


def test_a_helper_elsewhere_reads_the_key_its_caller_passes(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "helpers/args.py": dedent(REQUIRE),
            "tools/rename.py": dedent(RENAME),
            "tools/rename.py.dox.md": _dox("RenameTool", ["`title`: required string."]),
            "prompts/agent.system.tool.rename.md": _prompt("rename", "`title`", {"title": "t"}),
        }
    )
    tool = _facts(run_cli, root, "tools/rename.py")
    assert _arguments(tool) == {"title": (True, "string", None, "helpers/args.py")}
    assert tool["dynamic_reads"] == []
    result = run_cli(root, "check", "--select", "DOX111,PRM003,PRM004")
    assert result.exit_code == 0, result.output


def test_the_same_helper_in_the_tools_module_reads_the_key(make_repo, run_cli) -> None:
    source = (
        dedent(REQUIRE)
        + "\n\n"
        + dedent(RENAME).replace("from helpers.args import lookup, require\n", "")
    )
    root = make_repo({"tools/rename.py": source})
    tool = _facts(run_cli, root, "tools/rename.py")
    assert _arguments(tool) == {"title": (True, "string", None, None)}
    assert tool["dynamic_reads"] == []


def test_a_key_a_helper_elsewhere_computes_is_a_dynamic_read(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "helpers/args.py": dedent(REQUIRE),
            "tools/rename.py": dedent(RENAME).replace(
                'require(self.args, "title")', 'lookup(self.args, "title")'
            ),
            "tools/rename.py.dox.md": _dox("RenameTool", ["`x_title`: optional."]),
            "prompts/agent.system.tool.rename.md": _prompt("rename", "`x_title`", {}),
        }
    )
    tool = _facts(run_cli, root, "tools/rename.py")
    assert tool["arguments"] == []
    assert [(r["expression"], r["path"]) for r in tool["dynamic_reads"]] == [
        ("'x_' + key", "helpers/args.py")
    ]
    result = run_cli(root, "check", "--select", "DOX111,PRM003,DOX008")
    assert result.exit_code == 0, result.output


FETCH_BASE = """\
    from helpers.tool import Tool


    class FetchBase(Tool):
        def common_timeout(self) -> float:
            return float(self.args.get("timeout", 30))
    """

FETCH = """\
    from helpers.fetch_base import FetchBase
    from helpers.tool import Response


    class FetchTool(FetchBase):
        async def execute(self, **kwargs) -> Response:
            t = self.common_timeout()
            return Response(message=f"waited {t}", break_loop=False)
    """


def test_a_base_class_elsewhere_coerces_what_it_reads(make_repo, run_cli) -> None:
    files = {
        "helpers/fetch_base.py": dedent(FETCH_BASE),
        "tools/fetch.py": dedent(FETCH),
        "tools/fetch.py.dox.md": _dox("FetchTool", ["`timeout`: optional number, default `30`."]),
        "prompts/agent.system.tool.fetch.md": _prompt(
            "fetch", "optional `timeout`", {"timeout": 2.5}
        ),
    }
    root = make_repo(files)
    tool = _facts(run_cli, root, "tools/fetch.py")
    assert _arguments(tool) == {"timeout": (False, "number", 30, "helpers/fetch_base.py")}
    result = run_cli(root, "check", "--select", "DOX111,PRM008")
    assert result.exit_code == 0, result.output
    # a disagreement points at the read where it is
    (root / "tools/fetch.py.dox.md").write_text(
        _dox("FetchTool", ["`timeout`: optional string, default `30`."])
    )
    result = run_cli(root, "check", "--select", "DOX111")
    assert "(read at helpers/fetch_base.py:6)" in result.output, result.output
