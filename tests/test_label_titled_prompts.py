"""A tool prompt that opens with a label alone on its first line and an
outline indented under it (``file_tool:``, ``Description: ...``,
``Arguments:``, ``path (string): ...``), with no heading and no example:
the framework shows its text to the model, so the label names the tool it
teaches (no PRM001), and the outline's ``name (type): ...`` lines teach
its arguments (no PRM004 for a required one; PRM003 for one the tool never
reads). A first line that names no tool, or one after other text, teaches
nothing, and so does one with nothing indented under it. Through the real
CLI.
"""

from __future__ import annotations

from typing import Any

import pytest

TOOL = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class FileTool(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        path = self.args.get("path")\n'
    "        if not path:\n"
    '            return Response(message="path is required", break_loop=False)\n'
    '        append = self.args.get("append", False)\n'
    "        return Response(message=f'{path} {append}', break_loop=False)\n"
)

OUTLINE = (
    "file_tool:\n"
    "  Description: Writes to a file.\n"
    "  Arguments:\n"
    "    path (string): The path to the file.\n"
    "    append (boolean, optional): Append instead of overwriting.\n"
)


def check(make_repo: Any, run_cli: Any, prompt: str) -> str:
    root = make_repo({"tools/file_tool.py": TOOL, "prompts/agent.system.tool.file.md": prompt})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001,PRM002,PRM003,PRM004")
    return str(result.output)


def test_an_opening_label_teaches_its_tool_and_the_outline_its_arguments(
    make_repo: Any, run_cli: Any
) -> None:
    output = check(make_repo, run_cli, OUTLINE)
    assert "PRM00" not in output, output


def test_an_outline_argument_the_tool_never_reads_is_reported(make_repo: Any, run_cli: Any) -> None:
    output = check(make_repo, run_cli, OUTLINE + "    mode (string, optional): How.\n")
    assert "PRM003 argument `mode` is taught for `file_tool`" in output, output
    assert "prompts/agent.system.tool.file.md:6:5:" in output, output


@pytest.mark.parametrize(
    "prompt",
    [
        # a label that names no tool
        OUTLINE.replace("file_tool:", "Tool:"),
        # the label is not the file's first line
        "Writes to a file.\n\n" + OUTLINE,
        # nothing is indented under it
        OUTLINE.replace("\n  Description", "\nDescription"),
    ],
)
def test_other_openings_teach_nothing(make_repo: Any, run_cli: Any, prompt: str) -> None:
    output = check(make_repo, run_cli, prompt)
    assert "PRM001 tool `file_tool` has no prompt" in output, output


@pytest.mark.parametrize(
    "first",
    ["file_tool: write to a file", "`file_tool` writes to a file", "Tool file_tool - writes"],
)
def test_a_first_line_opening_with_the_files_tool_teaches_it(
    make_repo: Any, run_cli: Any, first: str
) -> None:
    """A short prompt (a tiny model's) whose first line opens with the name
    its file is for, with no heading and no outline: the model is shown
    that tool (before, PRM001 said no prompt taught it), and the arguments
    after it are its own."""
    root = make_repo(
        {
            "tools/file_tool.py": TOOL,
            "prompts/agent.system.tool.file_tool.md": f"{first}\nargs: `path`, optional `mode`\n",
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001,PRM002,PRM003,PRM004")
    assert result.output.splitlines()[:-1] == [
        "prompts/agent.system.tool.file_tool.md:2:25: PRM003 argument `mode` is taught for "
        "`file_tool` but tools/file_tool.py never reads it"
    ]


@pytest.mark.parametrize(
    "prompt",
    [
        # the first line opens with another word, or names the tool in prose
        "Use file_tool to write a file\nargs: `path`\n",
        # the name is another file's
        "file_tool: write to a file\nargs: `path`\n",
    ],
)
def test_a_first_line_naming_another_tool_teaches_nothing(
    make_repo: Any, run_cli: Any, prompt: str
) -> None:
    name = "file" if prompt.startswith("file_tool:") else "file_tool"
    root = make_repo({"tools/file_tool.py": TOOL, f"prompts/agent.system.tool.{name}.md": prompt})
    result = run_cli(root, "check", "--no-cache", "--select", "PRM001")
    assert "PRM001 tool `file_tool` " in result.output, result.output


@pytest.mark.parametrize(
    "prompt",
    [
        "file_tool: write to a file. args path, optional append\n",
        "file_tool - writes files\n",
        "file_tool(path, append?) - writes files\n",
    ],
)
def test_a_first_line_opening_with_the_files_tool_teaches_it_without_any_markup(
    make_repo: Any, run_cli: Any, prompt: str
) -> None:
    """A tiny model's prompt of plain words, with no heading, code span, list
    or table: the whole-repository check passed over it as a file that could
    teach no tool, and PRM001 said no prompt taught `file_tool`, which a
    check of the tool's module alone did not say."""
    root = make_repo({"tools/file_tool.py": TOOL, "prompts/agent.system.tool.file_tool.md": prompt})
    for paths in ((), ("tools/file_tool.py",)):
        result = run_cli(root, "check", "--no-cache", "--select", "PRM001", *paths)
        assert "PRM001" not in result.output, (paths, result.output)
