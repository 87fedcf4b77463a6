"""Prompt set discovery over a repository laid out like an Agent Zero checkout."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from doxtool.prompts.parse import parse_prompt
from doxtool.prompts.sets import PromptSet, discover_prompt_sets, tool_key

CORE = {
    "prompts/agent.system.tools.md": "## Tools available\n\n{{tools}}\n",
    "prompts/agent.system.tool.response.md": "### response:\nfinal answer\n",
    "prompts/agent.system.tool.call_sub.md": (
        "### call_subordinate\nArguments in `tool_args`:\n- `message`: the subtask\n"
    ),
    "prompts/agent.system.main.role.md": "You are an agent.\n",
    # A template variable provider: Python, not a prompt.
    "prompts/agent.system.tools.py": "def get_variables(agent):\n    return {}\n",
    "prompts/notes.txt": "not a prompt\n",
    "prompts/fragments/agent.system.tool.nested.md": "### nested\n",
}
TINY_LOCAL = {
    "agents/tiny-local/prompts/agent.system.tools.md": "## Tools\nOnly JSON.\n{{tools}}\n",
    "agents/tiny-local/prompts/agent.system.tool.response.md": (
        '### response\n`{"tool_name": "response", "tool_args": {"text": "..."}}`\n'
    ),
    "agents/tiny-local/prompts/agent.system.tool.tiny_only.md": "### tiny_only\n",
    "agents/tiny-local/prompts/variables.py": "x = 1\n",
    "agents/tiny-local/agent.json": "{}\n",
}
TINY = "agents/tiny-local/prompts"
MEMORY = "plugins/memory/prompts"
PLUGIN = {
    "plugins/memory/prompts/agent.system.tool.memory_load.md": "### memory_load\nargs: `query`\n",
    "plugins/memory/prompts/memory_vars.py": "def get_variables(agent):\n    return {}\n",
    "plugins/memory/tools/memory_load.py": "class MemoryLoad: ...\n",
}


def write(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    write(tmp_path, {**CORE, **TINY_LOCAL, **PLUGIN})
    # A profile without prompts of its own is not a prompt set.
    (tmp_path / "agents" / "researcher").mkdir()
    (tmp_path / "agents" / "researcher" / "agent.json").write_text("{}\n")
    return tmp_path


def test_discovers_core_profile_and_plugin_sets(repo: Path) -> None:
    sets = discover_prompt_sets(repo)

    assert sets == [
        PromptSet(
            kind="core",
            name="core",
            directory="prompts",
            files={
                "agent.system.main.role.md": "prompts/agent.system.main.role.md",
                "agent.system.tool.call_sub.md": "prompts/agent.system.tool.call_sub.md",
                "agent.system.tool.response.md": "prompts/agent.system.tool.response.md",
                "agent.system.tools.md": "prompts/agent.system.tools.md",
            },
            overrides=[],
        ),
        PromptSet(
            kind="profile",
            name="tiny-local",
            directory="agents/tiny-local/prompts",
            files={
                "agent.system.main.role.md": "prompts/agent.system.main.role.md",
                "agent.system.tool.call_sub.md": "prompts/agent.system.tool.call_sub.md",
                "agent.system.tool.response.md": f"{TINY}/agent.system.tool.response.md",
                "agent.system.tool.tiny_only.md": f"{TINY}/agent.system.tool.tiny_only.md",
                "agent.system.tools.md": f"{TINY}/agent.system.tools.md",
            },
            overrides=["agent.system.tool.response.md", "agent.system.tools.md"],
        ),
        PromptSet(
            kind="plugin",
            name="memory",
            directory="plugins/memory/prompts",
            files={
                "agent.system.tool.memory_load.md": f"{MEMORY}/agent.system.tool.memory_load.md",
            },
            overrides=[],
        ),
    ]


def test_tool_prompts_and_wrapper_of_each_set(repo: Path) -> None:
    core, tiny, memory = discover_prompt_sets(repo)

    assert core.tool_prompts() == {
        "agent.system.tool.call_sub.md": "prompts/agent.system.tool.call_sub.md",
        "agent.system.tool.response.md": "prompts/agent.system.tool.response.md",
    }
    assert core.wrapper() == "prompts/agent.system.tools.md"
    assert tiny.tool_prompts() == {
        "agent.system.tool.call_sub.md": "prompts/agent.system.tool.call_sub.md",
        "agent.system.tool.response.md": f"{TINY}/agent.system.tool.response.md",
        "agent.system.tool.tiny_only.md": f"{TINY}/agent.system.tool.tiny_only.md",
    }
    assert tiny.wrapper() == "agents/tiny-local/prompts/agent.system.tools.md"
    assert tiny.own_files() == {
        "agent.system.tool.response.md": f"{TINY}/agent.system.tool.response.md",
        "agent.system.tool.tiny_only.md": f"{TINY}/agent.system.tool.tiny_only.md",
        "agent.system.tools.md": f"{TINY}/agent.system.tools.md",
    }
    assert memory.wrapper() is None
    assert list(memory.tool_prompts()) == ["agent.system.tool.memory_load.md"]


def test_effective_files_parse_to_the_profile_contract(repo: Path) -> None:
    # The file key call_sub names the tool call_subordinate; the profile's own
    # response prompt replaces the core one.
    _, tiny, _ = discover_prompt_sets(repo)
    docs = {
        tool_key(name): parse_prompt((repo / path).read_text(encoding="utf-8"), path)
        for name, path in tiny.tool_prompts().items()
    }

    assert {key: doc.tool_names for key, doc in docs.items()} == {
        "call_sub": ["call_subordinate"],
        "response": ["response"],
        "tiny_only": ["tiny_only"],
    }
    assert docs["response"].examples[0].keys == ["tool_name", "tool_args"]
    assert docs["response"].path == "agents/tiny-local/prompts/agent.system.tool.response.md"


@pytest.mark.parametrize(
    ("file_name", "key"),
    [
        ("agent.system.tool.call_sub.md", "call_sub"),
        ("agent.system.tool.response.md", "response"),
        ("agent.system.tool.a2a_chat.md", "a2a_chat"),
        ("agent.system.tools.md", None),
        ("agent.system.tool.md", None),
        ("agent.system.tool.response.py", None),
        ("agent.system.main.md", None),
    ],
)
def test_tool_key(file_name: str, key: str | None) -> None:
    assert tool_key(file_name) == key


def test_profiles_without_core_prompts(tmp_path: Path) -> None:
    write(tmp_path, TINY_LOCAL)

    [tiny] = discover_prompt_sets(tmp_path)

    assert tiny.kind == "profile"
    assert tiny.overrides == []
    assert list(tiny.files) == [
        "agent.system.tool.response.md",
        "agent.system.tool.tiny_only.md",
        "agent.system.tools.md",
    ]


def test_configured_directories_and_precedence(tmp_path: Path) -> None:
    write(
        tmp_path,
        {
            "custom/prompts/agent.system.tool.a.md": "### a\n",
            "base/agent.system.tool.a.md": "### a\n",
            "base/agent.system.tool.b.md": "### b\n",
            "profiles/x/prompts/agent.system.tool.b.md": "### b\n",
            "ext/y/prompts/agent.system.tool.c.md": "### c\n",
        },
    )

    sets = discover_prompt_sets(
        tmp_path,
        prompt_dirs=("missing", "custom/prompts", "base"),
        profiles_glob="profiles/*/prompts",
        plugins_glob="ext/*/prompts",
    )

    assert [(s.kind, s.name, s.directory) for s in sets] == [
        ("core", "core", "custom/prompts"),
        ("profile", "x", "profiles/x/prompts"),
        ("plugin", "y", "ext/y/prompts"),
    ]
    # The directory listed first wins a name both have, like a search path.
    assert sets[0].files == {
        "agent.system.tool.a.md": "custom/prompts/agent.system.tool.a.md",
        "agent.system.tool.b.md": "base/agent.system.tool.b.md",
    }
    assert sets[1].overrides == ["agent.system.tool.b.md"]
    assert sets[1].files["agent.system.tool.b.md"] == "profiles/x/prompts/agent.system.tool.b.md"


def test_empty_or_missing_root(tmp_path: Path) -> None:
    assert discover_prompt_sets(tmp_path) == []
    assert discover_prompt_sets(tmp_path / "does-not-exist") == []


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_links_out_of_the_repository_are_not_followed(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    write(outside, {"prompts/agent.system.tool.secret.md": "### secret\n"})
    repo = tmp_path / "repo"
    write(repo, {"prompts/agent.system.tool.response.md": "### response\n"})
    (repo / "prompts" / "agent.system.tool.secret.md").symlink_to(
        outside / "prompts" / "agent.system.tool.secret.md"
    )
    (repo / "prompts" / "agent.system.tool.inside.md").symlink_to(
        repo / "prompts" / "agent.system.tool.response.md"
    )
    (repo / "agents").mkdir()
    (repo / "agents" / "escape").symlink_to(outside, target_is_directory=True)

    sets = discover_prompt_sets(repo)

    assert [(s.kind, s.name) for s in sets] == [("core", "core")]
    assert sets[0].files == {
        "agent.system.tool.inside.md": "prompts/agent.system.tool.inside.md",
        "agent.system.tool.response.md": "prompts/agent.system.tool.response.md",
    }


@pytest.mark.parametrize(
    "prompt_dirs",
    [("prompts",), ("prompts", "prompts/fragments"), ("prompts", "shared"), (".", "prompts")],
)
def test_own_files_are_the_files_in_the_sets_own_directories(
    repo: Path, prompt_dirs: tuple[str, ...]
) -> None:
    """A profile's own files are those its directory holds; the core set's
    are those of every configured prompt directory (each of its files), a
    plugin's those of its directory (each of its files)."""
    write(repo, {"shared/agent.system.tool.shared.md": "### shared\n", "top.md": "# top\n"})
    write(repo, {"prompts/fragments/agent.system.tool.frag.md": "### frag\n"})
    sets = discover_prompt_sets(repo, prompt_dirs)
    assert {s.kind for s in sets} == {"core", "profile", "plugin"}
    for prompt_set in sets:
        prefix = prompt_set.directory + "/"
        expected = {
            n: p
            for n, p in prompt_set.files.items()
            if prompt_set.kind != "profile" or p.startswith(prefix)
        }
        assert prompt_set.own_files() == expected, prompt_set.directory
        assert list(prompt_set.own_files()) == list(expected)
