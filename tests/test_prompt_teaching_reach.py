"""Which tools and which prompt files the prompt rules reach: an agent
profile's own tool must be taught (PRM001), a prompt file that teaches a
tool under another name than ``agent.system.tool.*.md`` is checked as a
tool prompt is, and a list item that names a tool with its arguments names
one that must exist (PRM002)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from samples import WAIT_PROMPT, clean_files, write_files

from doxtool.rules.examples import FRAMEWORK, WAIT_PY

PORT_SCAN = "agents/hacker/tools/port_scan.py"


def _prm(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _port_scan() -> dict[str, str]:
    return {
        **clean_files(),
        PORT_SCAN: WAIT_PY.replace("WaitTool", "PortScan"),
        "agents/hacker/prompts/agent.system.main.specifics.md": "You are a hacker.\n",
    }


# ---------------------------------------------------------------------------
# PRM001 for an agent profile's own tool


def test_a_profile_tool_no_prompt_teaches_is_reported(make_repo, run_cli) -> None:
    root = make_repo(_port_scan())
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert result.exit_code == 1, result.output
    assert _prm(result.output) == [
        f"{PORT_SCAN}:4:1: PRM001 tool `port_scan` has no prompt in `agents/hacker/prompts/`; "
        "the model is never taught to call it (add "
        "`agents/hacker/prompts/agent.system.tool.port_scan.md`, or list it in "
        "`internal-tools`)"
    ]
    # the same run over the module alone
    alone = run_cli(root, "check", "--no-cache", "--select", "PRM", PORT_SCAN)
    assert _prm(alone.output) == _prm(result.output)


def test_a_profile_without_prompts_is_told_where_its_prompt_goes(make_repo, run_cli) -> None:
    files = _port_scan()
    del files["agents/hacker/prompts/agent.system.main.specifics.md"]
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert "(add `agents/hacker/prompts/agent.system.tool.port_scan.md`" in result.output


def test_a_profile_tool_taught_by_a_prompt_reaching_it_is_not_reported(make_repo, run_cli) -> None:
    taught = WAIT_PROMPT.replace("wait", "port_scan")
    for where in ("agents/hacker/prompts", "prompts", "plugins/net/prompts"):
        files = {**_port_scan(), f"{where}/agent.system.tool.port_scan.md": taught}
        root = make_repo(files)
        result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
        assert result.exit_code == 0, (where, result.output)
        for path in files:
            if path.endswith("port_scan.md"):
                (root / path).unlink()
    # another profile's prompt does not reach the hacker's agents
    files = {**_port_scan(), "agents/other/prompts/agent.system.tool.port_scan.md": taught}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM001")
    assert [line.split(" ")[1] for line in _prm(result.output)] == ["PRM001"]


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def test_a_deleted_profile_tool_prompt_is_checked_by_only_paths(tmp_path, run_cli) -> None:
    prompt = "agents/hacker/prompts/agent.system.tool.port_scan.md"
    files = {**_port_scan(), prompt: WAIT_PROMPT.replace("wait", "port_scan")}
    (tmp_path / ".git").rmdir()
    _git(tmp_path, "init", "-q")
    write_files(tmp_path, {**FRAMEWORK, **files})
    _git(tmp_path, "add", "-A")
    _git(tmp_path, "commit", "-q", "-m", "start")
    _git(tmp_path, "rm", "-q", prompt)
    result = run_cli(tmp_path, "check", "--no-cache", "--only-paths", "--select", "PRM")
    assert result.exit_code == 1, result.output
    assert [line.split(" ", 2)[:2] for line in _prm(result.output)] == [
        [f"{PORT_SCAN}:4:1:", "PRM001"]
    ]


# ---------------------------------------------------------------------------
# a prompt file teaching a tool under another name than a tool prompt's

VISION = "prompts/agent.system.tools_vision.md"
VISION_PROMPT = """\
## multimodal vision tools

### vision_load
load images into the model
args: `paths` list of absolute image paths
example:
```json
{
  "thoughts": ["I need to see it."],
  "headline": "Loading",
  "tool_name": "vision_load",
  "tool_args": {"paths": ["/tmp/a.png"]}
}
```
"""
VISION_PY = """\
from helpers.tool import Response, Tool


class VisionLoad(Tool):
    async def execute(self, **kwargs):
        paths = self.args.get("paths", [])
        return Response(message=str(paths), break_loop=False)
"""


def _vision(prompt: str = VISION_PROMPT, module: str | None = VISION_PY) -> dict[str, str]:
    files = {**clean_files(), VISION: prompt}
    if module is not None:
        files["tools/vision_load.py"] = module
    return files


def test_a_tool_section_in_another_prompt_file_is_checked(make_repo, run_cli) -> None:
    root = make_repo(_vision())
    assert _prm(run_cli(root, "check", "--no-cache", "--select", "PRM").output) == []
    # the tool is gone
    (root / "tools/vision_load.py").unlink()
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert [line.split(" ", 2)[:2] for line in _prm(result.output)] == [
        [f"{VISION}:3:5:", "PRM002"],
        [f"{VISION}:11:16:", "PRM002"],
    ]
    # an argument it never reads, and an example that is no JSON
    (root / "tools/vision_load.py").write_text(VISION_PY.replace('"paths"', '"images"'))
    (root / VISION).write_text(VISION_PROMPT.replace('["/tmp/a.png"]}', '["/tmp/a.png"],,}'))
    result = run_cli(root, "check", "--no-cache", "--select", "PRM")
    assert [line.split(" ", 2)[:2] for line in _prm(result.output)] == [
        [f"{VISION}:5:8:", "PRM003"],
        [f"{VISION}:12:41:", "PRM005"],
    ]
    # the same findings for the file alone, and for the tool's module alone
    alone = run_cli(root, "check", "--no-cache", "--select", "PRM", VISION)
    assert _prm(alone.output) == _prm(result.output)
    module = run_cli(root, "check", "--no-cache", "--select", "PRM", "tools/vision_load.py")
    assert _prm(module.output) == _prm(result.output)


def test_an_edited_tool_section_is_checked_by_the_incremental_run(make_repo, run_cli) -> None:
    root = make_repo(_vision())
    assert run_cli(root, "check", "--select", "PRM").exit_code == 0
    (root / VISION).write_text(VISION_PROMPT.replace("args: `paths`", "args: `paths`, `zoom`"))
    result = run_cli(root, "check", "--select", "PRM")
    assert [line.split(" ", 2)[:2] for line in _prm(result.output)] == [
        [f"{VISION}:5:17:", "PRM003"]
    ]


def test_prompts_without_a_tool_section_are_not_checked(make_repo, run_cli) -> None:
    """A message template showing a reply's format, a heading over included
    text and an example of a tool long gone in a framework message teach no
    tool's use: they are not checked as tool prompts."""
    reply = (
        "# Email session behavior\nusage:\n\n~~~json\n"
        '{"tool_name": "wait", "tool_args": {"seconds": 1, "attachments": ["/a.zip"]}}\n~~~\n'
    )
    files = {
        **clean_files(),
        "plugins/mail/prompts/fw.mail.reply.md": reply,
        "prompts/agent.system.includes.md": "{{if includes}}\n### includes\nobey these\n{{endif}}\n",
        "prompts/fw.msg_timeout.md": (
            '# Example\n~~~json\n{"tool_name": "task_done", "tool_args": {"text": "x"}}\n~~~\n'
        ),
    }
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert result.exit_code == 0, result.output


def test_a_heading_in_another_prompt_file_names_a_tool_only_when_tied_to_a_call(
    make_repo, run_cli
) -> None:
    """A checked file of another name: its other headings are its own text."""
    prompt = "### notes\nkeep it short\n\n" + VISION_PROMPT
    result = run_cli(make_repo(_vision(prompt)), "check", "--no-cache", "--select", "PRM")
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------------------
# a list item naming a tool with its arguments

MEMORY = "prompts/agent.system.tool.memory.md"
MEMORY_PROMPT = """\
## memory tools
- `wait`: args optional `seconds`
- `memory_delete`: arg `ids` comma-separated ids
- `memory_forget`: removes what matches
"""


def test_a_list_item_naming_a_missing_tool_with_its_arguments_is_reported(
    make_repo, run_cli
) -> None:
    root = make_repo({**clean_files(), MEMORY: MEMORY_PROMPT})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM002")
    # `memory_forget` has no arguments after it: it may name anything
    assert _prm(result.output) == [
        f"{MEMORY}:3:4: PRM002 prompt list item names tool `memory_delete`, which does not "
        "exist (no `memory_delete.py` in tools, python/tools, plugins/*/tools)"
    ]
    # the same for the prompt alone
    alone = run_cli(root, "check", "--no-cache", "--select", "PRM002", MEMORY)
    assert _prm(alone.output) == _prm(result.output)


def test_list_items_outside_a_list_of_tools_are_not_reported(make_repo, run_cli) -> None:
    """A tool's methods with their arguments, and arguments, in a list no
    existing tool is an item of (with its arguments): not a list of tools."""
    prompt = WAIT_PROMPT + (
        "\nmethods:\n- `create`: args `name`, `prompt`\n- `delete`: arg `uuid`\n"
        "\n- `seconds`: how long\n- `wait`: see above\n- `until`: arg `time`\n"
    )
    files = {**clean_files(), "prompts/agent.system.tool.wait.md": prompt}
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM002")
    assert result.exit_code == 0, result.output


# ---------------------------------------------------------------------------
# PRM001 and a prompt the configuration excludes

MEM_PROMPTS = "plugins/mem/prompts/agent.system.tool.memory.md"


def _excluded_memory(excluded: str) -> dict[str, str]:
    """Two plugin tools, ``memory_delete`` named by the plugin's prompt and
    ``memory_zap`` by none, and a configuration excluding ``excluded``."""
    tool = WAIT_PY.replace("WaitTool", "MemoryTool")
    return {
        **clean_files(),
        "plugins/mem/tools/memory_delete.py": tool,
        "plugins/mem/tools/memory_zap.py": tool,
        MEM_PROMPTS: "## memory tools\n- `memory_delete`: arg `ids` comma-separated ids\n",
        "plugins/mem/prompts/agent.system.tool.memory_export.md": "### other\n",
        "doxtool.toml": f'extend-exclude = ["{excluded}"]\nselect = ["PRM001"]\n',
    }


def test_a_tool_an_excluded_prompt_names_is_not_reported(make_repo, run_cli) -> None:
    root = make_repo(_excluded_memory("plugins/mem/prompts"))
    expected = [
        "plugins/mem/tools/memory_zap.py:4:1: PRM001 tool `memory_zap` has no prompt in "
        "`prompts/`; the model is never taught to call it (add "
        "`prompts/agent.system.tool.memory_zap.md`, or list it in `internal-tools`)"
    ]
    result = run_cli(root, "check", "--no-cache")
    # memory_delete is named by the excluded prompt: it exists, not checked
    assert _prm(result.output) == expected, result.output
    for module in ("plugins/mem/tools/memory_delete.py", "plugins/mem/tools/memory_zap.py"):
        alone = run_cli(root, "check", "--no-cache", module)
        assert _prm(alone.output) == [f for f in expected if module in f], alone.output


def test_an_excluded_prompt_named_for_the_tool_counts(make_repo, run_cli) -> None:
    files = _excluded_memory("plugins/mem/prompts")
    files["plugins/mem/tools/memory_export.py"] = files.pop("plugins/mem/tools/memory_zap.py")
    result = run_cli(make_repo(files), "check", "--no-cache")
    assert _prm(result.output) == [], result.output


def test_an_excluded_second_prompt_directory_is_not_checked_but_teaches(make_repo, run_cli) -> None:
    """The second ``prompt-dirs`` directory excluded: its prompt teaches
    nothing unread to PRM003, and the tool it names is not reported."""
    files = {
        **clean_files(),
        "tools/sleep.py": WAIT_PY.replace("WaitTool", "SleepTool"),
        "extra/agent.system.tool.sleep.md": WAIT_PROMPT.replace("wait", "sleep").replace(
            "`seconds`", "`seconds`, `hours`"
        ),
        "doxtool.toml": 'prompt-dirs = ["prompts", "extra"]\nextend-exclude = ["extra"]\n'
        'select = ["PRM"]\n',
    }
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache")
    assert _prm(result.output) == [], result.output
    # not excluded, it is checked
    (root / "doxtool.toml").write_text('prompt-dirs = ["prompts", "extra"]\nselect = ["PRM"]\n')
    checked = run_cli(root, "check", "--no-cache")
    assert _prm(checked.output) == [
        "extra/agent.system.tool.sleep.md:3:28: PRM003 argument `hours` is taught for `sleep` "
        "but tools/sleep.py never reads it"
    ], checked.output


# ---------------------------------------------------------------------------
# a profile or plugin whose directory name no import spells (``tiny-local``)


def test_tools_under_a_directory_no_import_spells_are_checked(make_repo, run_cli) -> None:
    """Agent Zero's own ``tiny-local`` profile: its tools' classes are found
    under their module's own name, so their prompts are checked."""
    files = {
        **clean_files(),
        "agents/tiny-local/tools/echo.py": WAIT_PY.replace("WaitTool", "Echo"),
        "agents/tiny-local/prompts/agent.system.tool.echo.md": "### echo\nargs: `seconds`, `loud`\n",
        "plugins/my-mem/tools/recall.py": WAIT_PY.replace("WaitTool", "Recall"),
        "plugins/my-mem/prompts/agent.system.tool.recall.md": "### recall\nargs: `limit`\n",
    }
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM")
    assert _prm(result.output) == [
        "agents/tiny-local/prompts/agent.system.tool.echo.md:2:19: PRM003 argument `loud` is "
        "taught for `echo` but agents/tiny-local/tools/echo.py never reads it",
        "plugins/my-mem/prompts/agent.system.tool.recall.md:2:8: PRM003 argument `limit` is "
        "taught for `recall` but plugins/my-mem/tools/recall.py never reads it",
    ], result.output


def test_a_table_row_opening_with_a_tool_name_teaches_the_tool(make_repo, run_cli) -> None:
    """A table listing tools, a row each (``| `memory_load` | `query` |
    load |``, bare names too), tells the model of them as a list of tools
    does: no PRM001, also in a run over the tool or the prompt alone. A row saying the
    tool is gone, or an argument table's row, teaches no tool."""
    files = {
        **clean_files(),
        "tools/memory_load.py": WAIT_PY.replace("WaitTool", "MemoryLoad"),
        "tools/memory_save.py": WAIT_PY.replace("WaitTool", "MemorySave"),
    }
    table = (
        "## memory tools\n\n| tool | arguments | use |\n|---|---|---|\n"
        "| `memory_load` | `query`, `limit` | load |\n| memory_save | `text` | save |\n"
    )
    memory = "prompts/agent.system.tool.memory.md"
    root = make_repo({**files, memory: table})
    for paths in ([], ["tools/memory_load.py"], [memory]):
        result = run_cli(root, "check", "--no-cache", "--select", "PRM", *paths)
        assert _prm(result.output) == [], paths
    for gone in (
        table.replace("| load |", "| removed |"),
        # an argument table lists arguments, whatever they are named
        "### wait\n\n| argument | type |\n|---|---|\n| `seconds` | int |\n"
        "| `memory_load` | str |\n| memory_save | str |\n",
    ):
        result = run_cli(make_repo({**files, memory: gone}), "check", "--no-cache")
        assert [line.split(" ")[1] for line in _prm(result.output) if " PRM001 " in line] == [
            "PRM001"
        ] * (1 if "removed" in gone else 2), gone


def test_a_list_item_opening_with_a_bold_or_bare_tool_name_teaches_it(make_repo, run_cli) -> None:
    """``- **memory_save** — save a fact``, ``1. **memory_load**: ...`` and
    ``- memory_load: ...`` tell the model of the tool as an item opening
    with its name in backticks does: no PRM001. An item saying it is gone,
    or a bare name with no separator after it, names no tool."""
    files = {
        **clean_files(),
        "tools/memory_load.py": WAIT_PY.replace("WaitTool", "MemoryLoad"),
        "tools/memory_save.py": WAIT_PY.replace("WaitTool", "MemorySave"),
    }
    memory = "prompts/agent.system.tool.memory.md"
    for items in (
        "- **memory_load** — load memories\n- **memory_save** — save a fact\n",
        "1. **memory_load:** load memories\n2. __memory_save__: save a fact\n",
        "- memory_load: load memories\n- memory_save (text): save a fact\n",
    ):
        root = make_repo({**files, memory: f"## Memory tools\n\n{items}"})
        for paths in ([], ["tools/memory_save.py"]):
            result = run_cli(root, "check", "--no-cache", "--select", "PRM", *paths)
            assert _prm(result.output) == [], (items, paths)
    for items in (
        "- **memory_load** (deprecated): load\n- memory_save: removed\n",
        "- memory_load loads memories\n- use memory_save to save\n",
    ):
        result = run_cli(make_repo({**files, memory: f"## Memory tools\n\n{items}"}), "check")
        assert [line.split(" ")[1] for line in _prm(result.output)] == ["PRM001"] * 2, items


def test_a_prompt_listing_tools_bare_or_bold_alone_teaches_them(make_repo, run_cli) -> None:
    """A prompt whose only teaching is items or rows opening with a tool's
    name bare or in bold (no heading, code span or example in the file)
    teaches the tool in a run over the whole repository as in one over the
    tool's module: no PRM001 in either."""
    files = {**clean_files(), "tools/memory_save.py": WAIT_PY.replace("WaitTool", "MemorySave")}
    memory = "prompts/agent.system.tool.memory.md"
    for text in (
        "Tools you can use:\n\n- **memory_save** — save a fact\n",
        "Tools you can use:\n\n- memory_save: save a fact\n",
        "| Tool | Use |\n|---|---|\n| memory_save | save a fact |\n",
    ):
        root = make_repo({**files, memory: text})
        for paths in ([], ["tools/memory_save.py"]):
            result = run_cli(root, "check", "--no-cache", "--select", "PRM001", *paths)
            assert _prm(result.output) == [], (text, paths)


def test_a_core_tool_only_a_profile_teaches_names_that_profile(make_repo, run_cli) -> None:
    files = {k: v for k, v in clean_files().items() if k != "prompts/agent.system.tool.wait.md"}
    files["agents/hacker/prompts/agent.system.tool.wait.md"] = WAIT_PROMPT
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert result.exit_code == 1, result.output
    # the hacker profile's model is told about it; the other agents are not
    assert _prm(result.output) == [
        "tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/`; only the "
        "prompts of profile `hacker` (`agents/hacker/prompts/`) teach it, so agents of "
        "other profiles are never taught to call it (add `prompts/agent.system.tool.wait.md`, "
        "or list it in `internal-tools`)"
    ]


def test_a_profile_teaching_its_own_tool_of_the_name_is_not_named(make_repo, run_cli) -> None:
    """``agents/hacker/tools/wait.py`` replaces the core ``wait`` for that
    profile: its prompt teaches the profile's tool, and no model is told
    about the core one."""
    files = {k: v for k, v in clean_files().items() if k != "prompts/agent.system.tool.wait.md"}
    files["agents/hacker/prompts/agent.system.tool.wait.md"] = WAIT_PROMPT
    files["agents/hacker/tools/wait.py"] = WAIT_PY
    root = make_repo(files)
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert _prm(result.output) == [
        "tools/wait.py:4:1: PRM001 tool `wait` has no prompt in `prompts/`; the model is "
        "never taught to call it (add `prompts/agent.system.tool.wait.md`, or list it in "
        "`internal-tools`)"
    ]
