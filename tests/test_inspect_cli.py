"""``doxtool inspect PATH... [--json]``: the facts of tool modules, as a user sees them."""

from __future__ import annotations

import json
import shutil
import textwrap
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from doxtool.cli import cli

REPO_ROOT = Path(__file__).resolve().parents[1]

TOOL_PY = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

SEARCH_PY = """\
import requests

from helpers.errors import RepairableException as Repairable
from helpers.tool import Response, Tool

MODES = ("web", "news")


class Search(Tool):
    async def execute(self, limit: int = 5, **kwargs):
        query = self.args["query"]
        mode = str(self.args.get("mode", "web")).strip().lower()
        if mode not in MODES:
            raise Repairable(f"unknown mode {mode}")
        await self.agent.handle_intervention()
        found = requests.get("https://example.invalid", params={"q": query}, timeout=5)
        if not found:
            return
        return Response(message=found.text, break_loop=should_stop)
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    files = {
        "helpers/__init__.py": "",
        "helpers/tool.py": TOOL_PY,
        "helpers/errors.py": "class RepairableException(Exception):\n    pass\n",
        "tools/search.py": SEARCH_PY,
        "tools/broken.py": "def oops(:\n    pass\n",
        "tools/notes.py": "NOTES = 'not a tool'\n",
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def inspect(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["inspect", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def test_json_of_one_module_has_the_stable_shape(repo: Path) -> None:
    code, output = inspect("tools/search.py", "--json")

    assert code == 0
    (data,) = json.loads(output)  # always an array, even of one module
    assert isinstance(data, dict)
    assert data["path"] == "tools/search.py"
    assert data["problems"] == []
    (tool,) = data["tools"]
    summary: dict[str, Any] = {
        "name": tool["name"],
        "class": tool["class"],
        "bases": tool["bases"],
        "line": tool["line"],
        "execute": {k: tool["execute"][k] for k in ("async", "line", "params")},
        "arguments": [
            {
                "name": a["name"],
                "required": a["required"],
                "default": a["default"],
                "type": a["type"],
                "enum": a["enum"],
                "reads": [{"line": r["line"]} for r in a["reads"]],
            }
            for a in tool["arguments"]
        ],
        "outcomes": [{"break_loop": o["break_loop"], "line": o["line"]} for o in tool["outcomes"]],
        "raises": [{"exception": r["exception"], "line": r["line"]} for r in tool["raises"]],
        "helpers": tool["helpers"],
        "imports": tool["imports"],
        "intervention": tool["intervention"],
        "side_effects": tool["side_effects"],
    }
    assert summary == {
        "name": "search",
        "class": "Search",
        "bases": ["helpers.tool.Tool"],
        "line": 9,
        "execute": {"async": True, "line": 10, "params": ["self", "limit", "**kwargs"]},
        "arguments": [
            {
                "name": "limit",
                "required": False,
                "default": 5,
                "type": "integer",
                "enum": None,
                "reads": [{"line": 10}],
            },
            {
                "name": "query",
                "required": True,
                "default": None,
                "type": None,
                "enum": None,
                "reads": [{"line": 11}],
            },
            {
                "name": "mode",
                "required": False,
                "default": "web",
                "type": "string",
                "enum": ["web", "news"],
                "reads": [{"line": 12}],
            },
        ],
        "outcomes": [{"break_loop": "dynamic", "line": 19}],
        "raises": [{"exception": "RepairableException", "line": 14}],
        "helpers": [
            "helpers.errors.RepairableException",
            "self.agent.handle_intervention",
            "helpers.tool.Response",
        ],
        "imports": ["helpers.errors", "helpers.tool", "requests"],
        "intervention": True,
        "side_effects": ["network"],
    }
    assert tool["outcomes"][0]["expression"] == "should_stop"
    assert [(m["kind"], m["line"]) for m in tool["missing_responses"]] == [("bare-return", 18)]
    assert tool["raises"][0]["repairable"] is True


def test_json_of_several_paths_is_an_array_in_the_given_order(repo: Path) -> None:
    code, output = inspect("tools/notes.py", "tools/search.py", "--json")

    assert code == 0
    data = json.loads(output)
    assert [m["path"] for m in data] == ["tools/notes.py", "tools/search.py"]
    assert data[0]["tools"] == [] and data[0]["problems"] == []
    assert [t["class"] for t in data[1]["tools"]] == ["Search"]


def test_a_directory_means_its_modules(repo: Path) -> None:
    code, output = inspect("tools", "--json")

    assert code == 0
    data = json.loads(output)
    assert [m["path"] for m in data] == ["tools/broken.py", "tools/notes.py", "tools/search.py"]


def test_a_module_that_does_not_parse_is_a_problem_with_line_and_column(repo: Path) -> None:
    code, output = inspect("tools/broken.py", "--json")

    assert code == 0
    (data,) = json.loads(output)
    assert data["tools"] == []
    assert [(p["line"], p["column"]) for p in data["problems"]] == [(1, 10)]
    assert data["problems"][0]["message"].startswith("syntax error")


def test_text_output_names_the_facts(repo: Path) -> None:
    code, output = inspect("tools/search.py", "tools/broken.py")

    assert code == 0
    assert "tool search: class Search(helpers.tool.Tool) at line 9" in output
    assert 'mode: optional string, default "web", one of "web", "news" (line 12)' in output
    assert "query: required (line 11)" in output
    assert "break_loop dynamic `should_stop` (line 19, Search.execute)" in output
    assert "no Response: bare-return (line 18, Search.execute)" in output
    assert "raises RepairableException (line 14)" in output
    assert "side effects: network" in output
    assert "problem at 1:10: syntax error" in output


def test_text_output_says_other_side_effects_are_not_known_past_an_unseen_call(
    repo: Path,
) -> None:
    (repo / "tools/post.py").write_text(
        textwrap.dedent(
            """\
            import requests

            from helpers.tool import Response, Tool
            from vendor.hooks import notify


            class Post(Tool):
                async def execute(self, **kwargs):
                    requests.post("https://example.com", json=kwargs)
                    notify(kwargs)
                    return Response(message="ok", break_loop=False)
            """
        ),
        encoding="utf-8",
    )

    code, output = inspect("tools/post.py")

    assert code == 0
    assert "    side effects: network, others not known\n" in output


OPENER_PY = """\
import os

from helpers.tool import Response, Tool


class Note(Tool):
    async def execute(self, **kwargs):
        path = "/tmp/note.txt"
        if os.path.exists(path):
            return Response(message="exists", break_loop=False)
        with open(path, "w") as handle:
            handle.write(kwargs.get("text", ""))
        return Response(message="written", break_loop=False)
"""


def test_text_output_claims_no_other_side_effect_when_an_open_may_only_do_those_found(
    repo: Path,
) -> None:
    # an ``open`` whose mode may not be read may read or write: both found
    (repo / "tools/note.py").write_text(OPENER_PY, encoding="utf-8")

    code, output = inspect("tools/note.py")

    assert code == 0
    assert "    side effects: filesystem read, filesystem write\n" in output


def test_text_output_says_other_side_effects_are_not_known_past_an_open_not_all_found(
    repo: Path,
) -> None:
    # without the test of the path, only the write is found; the open may read
    text = OPENER_PY.replace(
        '        if os.path.exists(path):\n            return Response(message="exists", break_loop=False)\n',
        "",
    ).replace("import os\n\n", "")
    (repo / "tools/note.py").write_text(text, encoding="utf-8")

    code, output = inspect("tools/note.py")

    assert code == 0
    assert "    side effects: filesystem write, others not known\n" in output


def test_text_output_says_a_raise_in_a_try_may_be_caught(repo: Path) -> None:
    (repo / "tools/fetch.py").write_text(
        textwrap.dedent(
            """\
            from helpers.tool import Response, Tool


            class Fetch(Tool):
                async def execute(self, **kwargs):
                    try:
                        if not kwargs:
                            raise ValueError("nothing to fetch")
                    except Exception:
                        return Response(message="fallback", break_loop=False)
                    return Response(message="ok", break_loop=False)
            """
        ),
        encoding="utf-8",
    )

    code, output = inspect("tools/fetch.py")

    assert code == 0
    assert "raises ValueError (line 8, in a try whose handlers may catch it)" in output


def test_a_missing_path_is_a_usage_error(repo: Path) -> None:
    result = CliRunner().invoke(cli, ["inspect", "tools/absent.py", "--json"])

    assert result.exit_code != 0
    assert "absent.py" in str(result.exception) + result.output


def test_the_reference_tools_of_this_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each reference tool module yields exactly one tool, named after its file."""
    for directory in ("tools", "helpers"):
        shutil.copytree(REPO_ROOT / directory, tmp_path / directory)
    monkeypatch.chdir(tmp_path)
    code, output = inspect("tools", "--json")

    assert code == 0
    modules = json.loads(output)
    assert modules, "the reference suite has tool modules"
    for module in modules:
        stem = module["path"].rsplit("/", 1)[-1].removesuffix(".py")
        assert module["problems"] == [], module["path"]
        assert [t["name"] for t in module["tools"]] == [stem]
        (tool,) = module["tools"]
        assert tool["execute"]["async"] is True
        assert tool["outcomes"], module["path"]
        assert tool["missing_responses"] == [], module["path"]


def test_json_is_an_array_whatever_the_paths(repo: Path) -> None:
    shapes = []
    for args in (["tools/search.py"], ["tools/notes.py", "tools/search.py"], ["tools"]):
        code, output = inspect(*args, "--json")
        assert code == 0
        data = json.loads(output)
        assert isinstance(data, list) and all(isinstance(m, dict) for m in data)
        shapes.append(sorted(data[0]))
    assert shapes[0] == shapes[1] == shapes[2]


@pytest.mark.parametrize("command", [["inspect", "--json"], ["schema"]])
@pytest.mark.parametrize("name", ["README.md", "pyproject.toml", "tools/search.py.dox.md"])
def test_a_file_that_is_not_a_python_module_is_refused(
    repo: Path, name: str, command: list[str]
) -> None:
    """The same words for both commands (`schema` was told what `inspect` reads)."""
    (repo / name).touch()
    result = CliRunner().invoke(cli, [command[0], name, *command[1:]])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"doxtool: error: {name}: not a Python module (give `.py` files, or directories of them)\n"
    )


def test_a_directory_link_out_of_the_root_is_refused_as_its_files_are(
    repo: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Through a link to a directory outside the root no file is read: the
    directory, a file in it and the directory's contents are refused alike;
    a link to a file outside is read as a whole run reads it (not followed)."""
    outside = tmp_path_factory.mktemp("outside")
    (outside / "vault.py").write_text(SEARCH_PY.replace('"web")', '"sk-live-1234")'))
    (repo / "tools/vendor").symlink_to(outside, target_is_directory=True)
    (repo / "tools/linked.py").symlink_to(outside / "vault.py")
    for command in ("inspect", "schema"):
        for name in ("tools/vendor", "tools/vendor/", "tools/vendor/vault.py"):
            result = CliRunner().invoke(cli, [command, name])
            shown = name.rstrip("/")
            assert (result.exit_code, result.stdout, result.stderr) == (
                2,
                "",
                f"doxtool: error: {shown}: outside the project root {repo.resolve()}\n",
            ), (command, name)
    code, output = inspect("tools/linked.py")
    assert (code, output.splitlines()) == (
        0,
        [
            "tools/linked.py",
            "  problem at 1:1: link points outside the repository; not read",
            "  imports: none",
        ],
    )


def test_text_output_says_other_outcomes_are_not_known_past_an_unevaluated_return(
    repo: Path,
) -> None:
    (repo / "tools/relay.py").write_text(
        textwrap.dedent(
            """\
            from helpers.tool import Response, Tool


            class Relay(Tool):
                async def execute(self, text: str = "", **kwargs):
                    if not text:
                        return Response(message="text is required", break_loop=False)
                    other = self.agent.get_tool("other", None, {}, "", self.loop_data)
                    return await other.execute(text=text)
            """
        ),
        encoding="utf-8",
    )

    code, output = inspect("tools/relay.py")

    assert code == 0
    assert "    outcomes: others not known\n      break_loop false (line 7," in output


def test_text_names_a_line_read_twice_once(repo: Path) -> None:
    (repo / "tools/either.py").write_text(
        textwrap.dedent(
            """\
            from helpers.tool import Response, Tool


            class Either(Tool):
                async def execute(self, **kwargs):
                    mode = str(self.args.get("mode") or kwargs.get("mode") or "fast")
                    return Response(message=mode, break_loop=False)
            """
        ),
        encoding="utf-8",
    )
    code, output = inspect("tools/either.py")

    assert code == 0
    assert 'mode: optional string, default "fast" (line 6)\n' in output
    code, output = inspect("tools/either.py", "--json")
    (data,) = json.loads(output)
    (mode,) = data["tools"][0]["arguments"]
    assert [r["line"] for r in mode["reads"]] == [6, 6]  # the JSON keeps both reads


def test_text_output_places_the_lines_of_an_inherited_execute_in_its_module(repo: Path) -> None:
    (repo / "tools/recall.py").write_text(
        textwrap.dedent(
            """\
            from helpers.tool import Response, Tool


            class Recall(Tool):
                async def execute(self, query="", **kwargs):
                    if not query:
                        return
                    return Response(message=query, break_loop=False)
            """
        ),
        encoding="utf-8",
    )
    (repo / "tools/alias.py").write_text(
        "from tools.recall import Recall\n\n\nclass Alias(Recall):\n    pass\n", encoding="utf-8"
    )

    code, output = inspect("tools/alias.py")

    assert code == 0
    # the lines are of tools/recall.py, not of the five-line alias module
    assert "    execute: async (self, query, **kwargs) at line tools/recall.py:5\n" in output
    assert "      break_loop false (line tools/recall.py:8, Recall.execute)\n" in output
    assert "      no Response: bare-return (line tools/recall.py:7, Recall.execute)\n" in output
    code, output = inspect("tools/recall.py")
    assert "    execute: async (self, query, **kwargs) at line 5\n" in output
    assert "      break_loop false (line 8, Recall.execute)\n" in output
