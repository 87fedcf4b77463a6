"""PRM001 and a tool prompt the repository's own code loads from outside the
prompt directories: a plugin keeps ``assets/prompts/agent.system.tool.wiki.md``
and an extension adds it to the system prompt (perhaps only when a setting is
on). Whether the model is taught the tool turns on that code: it is not
reported; nor after an incremental check, when an edit takes the name out of
the code it is again."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

TOOL = """\
from helpers.tool import Response, Tool


class Wiki(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message=str(self.args.get("page", "")), break_loop=False)
"""

PROMPT = """\
# Wiki Template Tool

The `wiki` tool lists wiki pages.

```json
{"tool_name": "wiki", "tool_args": {"page": "home"}}
```
"""

EXTENSION = """\
from pathlib import Path

_PROMPT = Path(__file__).resolve().parents[3] / "assets" / "prompts" / "agent.system.tool.wiki.md"


class WikiPrompt:
    async def execute(self, system_prompt=None, **kwargs):
        if system_prompt is not None and _PROMPT.exists():
            system_prompt.append(_PROMPT.read_text(encoding="utf-8"))
"""

LOADER = "extensions/python/system_prompt/_42_wiki.py"


def _prm001(root: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> list[str]:
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--format", "json", *extra])
    assert result.exit_code in (0, 1), result.output
    return [f["path"] for f in json.loads(result.stdout) if f["code"] == "PRM001"]


def _repo(root: Path, files: dict[str, str]) -> None:
    write_files(root, {**FRAMEWORK, "prompts/agent.system.main.md": "# main\n", **files})
    for directory, _, names in os.walk(root):  # a minute old: none racy for the next run
        for name in names:
            path = os.path.join(directory, name)
            stat = os.lstat(path)
            os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns - 60 * 10**9))


def test_a_prompt_the_code_loads_teaches_the_tool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _repo(
        tmp_path,
        {
            "tools/wiki.py": TOOL,
            "assets/prompts/agent.system.tool.wiki.md": PROMPT,
            LOADER: EXTENSION,
        },
    )
    assert _prm001(tmp_path, monkeypatch, "--no-cache") == []


@pytest.mark.parametrize(
    "files",
    [
        # the code names a file the repository does not hold
        {LOADER: EXTENSION},
        # a file no code names
        {"assets/prompts/agent.system.tool.wiki.md": PROMPT},
        # only a test names it
        {
            "assets/prompts/agent.system.tool.wiki.md": PROMPT,
            "tests/test_wiki.py": EXTENSION,
        },
        # the file the code names does not name the tool
        {
            "assets/prompts/agent.system.tool.wiki.md": "# Notes\n\nNothing here.\n",
            LOADER: EXTENSION,
        },
    ],
)
def test_anything_less_is_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, files: dict[str, str]
) -> None:
    _repo(tmp_path, {"tools/wiki.py": TOOL, **files})
    assert _prm001(tmp_path, monkeypatch, "--no-cache") == ["tools/wiki.py"]


def test_a_prompt_in_the_prompt_directory_is_judged_as_before(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``prompts/agent.system.tool.wiki.md`` teaching no tool is reported
    even where code names it: the framework reads it, and it teaches nothing."""
    loader = EXTENSION.replace('"assets" / "prompts"', '"prompts"')
    _repo(
        tmp_path,
        {
            "tools/wiki.py": TOOL,
            "prompts/agent.system.tool.wiki.md": "# Notes\n\nSee the wiki tool.\n",
            LOADER: loader,
        },
    )
    assert _prm001(tmp_path, monkeypatch, "--no-cache") == ["tools/wiki.py"]


def test_an_incremental_check_follows_the_code(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    unnamed = EXTENSION.replace("agent.system.tool.wiki.md", "wiki_prompt.md")
    _repo(
        tmp_path,
        {
            "tools/wiki.py": TOOL,
            "assets/prompts/agent.system.tool.wiki.md": PROMPT,
            LOADER: unnamed,
        },
    )
    assert _prm001(tmp_path, monkeypatch) == ["tools/wiki.py"]
    _repo(tmp_path, {LOADER: EXTENSION})
    assert _prm001(tmp_path, monkeypatch) == []
    _repo(tmp_path, {LOADER: unnamed})
    assert _prm001(tmp_path, monkeypatch) == ["tools/wiki.py"]
    assert _prm001(tmp_path, monkeypatch, "--no-cache") == ["tools/wiki.py"]


TEACHING = """\
class WikiContext:
    async def execute(self, system_prompt=None, **kwargs):
        if system_prompt is not None:
            system_prompt.append("- Use the `wiki` tool with `page` to read a wiki page")
"""

#: an extension that names the tool only as a value it compares with
COMPARING = """\
class WikiLog:
    async def execute(self, tool_name="", **kwargs):
        if tool_name == "wiki":
            print("a wiki page was read")
"""


@pytest.mark.parametrize(
    ("path", "code", "reported"),
    [
        ("extensions/python/system_prompt/_40_wiki.py", TEACHING, []),
        ("plugins/wiki/extensions/python/system_prompt/_40_wiki.py", TEACHING, []),
        ("extensions/python/tool_execute_before/_10_log.py", COMPARING, ["tools/wiki.py"]),
        # prose naming it outside an extension directory teaches nothing
        ("helpers/wiki_text.py", TEACHING, ["tools/wiki.py"]),
        # nor does a test's
        ("tests/extensions/test_wiki.py", TEACHING, ["tools/wiki.py"]),
        # nor an extension that does not parse
        ("extensions/python/system_prompt/_40_wiki.py", TEACHING + "def (:\n", ["tools/wiki.py"]),
    ],
)
def test_an_extension_writing_the_teaching_into_the_prompt_teaches_the_tool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, path: str, code: str, reported: list[str]
) -> None:
    _repo(tmp_path, {"tools/wiki.py": TOOL, path: code})
    assert _prm001(tmp_path, monkeypatch, "--no-cache") == reported


def test_an_incremental_check_follows_the_extension_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = "extensions/python/system_prompt/_40_wiki.py"
    silent = TEACHING.replace("`wiki` tool", "`pages` tool")
    _repo(tmp_path, {"tools/wiki.py": TOOL, path: silent})
    assert _prm001(tmp_path, monkeypatch) == ["tools/wiki.py"]
    _repo(tmp_path, {path: TEACHING})
    assert _prm001(tmp_path, monkeypatch) == []
    _repo(tmp_path, {path: silent})
    assert _prm001(tmp_path, monkeypatch) == ["tools/wiki.py"]
