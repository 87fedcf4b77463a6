"""Which directories an ``AGENTS.md`` declares file-documented: its own, one it
names below it, or none when it only mentions the phrase."""

from __future__ import annotations

import pytest
from samples import clean_files

from doxtool.agents.declarations import declared_directories

#: the phrasing of the corpus's tools/, api/ and helpers/ AGENTS.md
CORPUS_LINE = (
    "- This directory is a file-documented DOX profile: every direct `*.py` tool module "
    "must have a same-directory `*.py.dox.md` file named by appending `.dox.md` to the "
    "full Python filename.\n"
)


@pytest.mark.parametrize(
    ("text", "directory", "expected"),
    [
        (CORPUS_LINE, "tools", ["tools"]),
        ("## Purpose\n- This directory is file-documented.\n", "api", ["api"]),
        ("# tools\n\nThis folder is file-documented.\n", "tools", ["tools"]),
        ("- **This directory is file-documented.**\n", "api", ["api"]),
        ("- This directory holds helpers; it is file-documented.\n", "helpers", ["helpers"]),
        ("- Helpers live here, so this directory is file-documented.\n", "helpers", ["helpers"]),
        # a directory below it, named as a path
        (
            "- `tools/` is a file-documented DOX profile: every direct `*.py` tool module "
            "in `tools/` must have a same-directory `*.py.dox.md` file.\n",
            "agents/developer",
            ["agents/developer/tools"],
        ),
        (
            "- `tools/` holds the memory tools; it is file-documented: every direct "
            "`*.py` module there must have a same-directory `*.py.dox.md` companion.\n",
            "plugins/_memory",
            ["plugins/_memory/tools"],
        ),
        ("- `tools/` and `api/` are file-documented.\n", ".", ["tools", "api"]),
        # a sentence over two lines of a list item
        (
            "- Helpers are documented here as a group; only the `tools/` directory is\n"
            "  file-documented, so helper modules have no `*.py.dox.md` companions.\n",
            "helpers",
            ["helpers/tools"],
        ),
        # mentions that declare nothing
        ("- This directory is not file-documented.\n", "lib", []),
        ("- This directory isn't file-documented.\n", "lib", []),
        ("- This directory is no longer file-documented.\n", "lib", []),
        ("- If this directory is file-documented, add companions.\n", "lib", []),
        ("- The file-documented directories are listed in the root.\n", "lib", []),
        ("- It is file-documented.\n", "lib", []),
        ("- Every helper module is file-documented.\n", "lib", []),
        ("```\nThis directory is file-documented.\n```\n", "lib", []),
        ("- `../tools/` is file-documented.\n", "lib", []),
        ("- `tool.py` is file-documented.\n", "lib", []),
        # the root's own directory is not declared by its AGENTS.md
        ("- This directory is file-documented.\n", ".", []),
    ],
)
def test_declared_directories(text: str, directory: str, expected: list[str]) -> None:
    assert declared_directories(text, directory) == expected


HELPERS_AGENTS = (
    "# helpers\n\n## Local Contracts\n\n"
    "- Helpers are documented here as a group; only the `tools/` directory is "
    "file-documented, so helper modules have no `*.py.dox.md` companions.\n"
)


def test_an_agents_md_pointing_elsewhere_does_not_document_its_directory(
    make_repo, run_cli
) -> None:
    root = make_repo(
        {
            **clean_files(),
            "tools/AGENTS.md": "# tools\n\n" + CORPUS_LINE,
            "helpers/AGENTS.md": HELPERS_AGENTS,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX001")
    assert result.exit_code == 0, result.output
    fixed = run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    assert sorted(p.name for p in (root / "helpers").iterdir()) == [
        "AGENTS.md",
        "errors.py",
        "extract_tools.py",
        "tool.py",
    ]


def test_an_agents_md_naming_its_tools_subdirectory_documents_that(make_repo, run_cli) -> None:
    tool = clean_files()["tools/wait.py"]
    root = make_repo(
        {
            **clean_files(),
            "tools/AGENTS.md": "# tools\n\n" + CORPUS_LINE,
            "plugins/_memory/AGENTS.md": (
                "# memory\n\n- `tools/` holds the memory tools; it is file-documented: every "
                "direct `*.py` module there must have a same-directory `*.py.dox.md` companion.\n"
            ),
            "plugins/_memory/tools/memory_load.py": tool.replace("WaitTool", "MemoryLoad"),
            "plugins/_memory/prompts/agent.system.tool.memory_load.md": "### memory_load\n",
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX001")
    assert result.output.splitlines()[0] == (
        "plugins/_memory/tools/memory_load.py:1:1: DOX001 module has no companion "
        "`plugins/_memory/tools/memory_load.py.dox.md` [*]"
    )
    assert "DOX001" not in "\n".join(result.output.splitlines()[1:-1])
    init = run_cli(root, "init", "--dry-run")
    assert "declared in AGENTS.md" not in init.output, "plugins/*/tools is a tool directory"
