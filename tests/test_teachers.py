"""Who teaches each tool is indexed once per prompt set: a whole-repository
check asks each prompt file for its tools once, not once per tool."""

from __future__ import annotations

from samples import clean_files, tool_named

from doxtool.prompts.sets import PromptSet
from doxtool.run.teachers import teachers
from doxtool.run.teaching import Teaching


def test_each_tool_lists_its_teaching_files_in_the_sets_order() -> None:
    own = {
        "agent.system.tool.b.md": "p/agent.system.tool.b.md",
        "AGENTS.md": "p/AGENTS.md",
        "agent.system.tools.md": "p/agent.system.tools.md",
        "agent.system.tool.a.md": "p/agent.system.tool.a.md",
    }
    names = {
        "p/agent.system.tool.b.md": frozenset({"b"}),
        "p/AGENTS.md": frozenset({"a", "b"}),  # documentation, never a prompt
        "p/agent.system.tools.md": frozenset({"a", "b"}),
        "p/agent.system.tool.a.md": frozenset({"a"}),
    }
    prompt_set = PromptSet(kind="core", name="core", directory="p", files=own)
    index = teachers(prompt_set, names.__getitem__)
    assert index == {
        "b": ["p/agent.system.tool.b.md", "p/agent.system.tools.md"],
        "a": ["p/agent.system.tools.md", "p/agent.system.tool.a.md"],
    }


def test_a_whole_check_asks_each_prompt_for_its_tools_a_bounded_number_of_times(
    make_repo, run_cli, monkeypatch
) -> None:
    files = clean_files()
    for number in range(40):
        files.update(tool_named(f"tool{number}"))
    root = make_repo(files)
    prompts = sum(path.startswith("prompts/") for path in files)
    asked: list[str] = []
    real = Teaching.taught_names

    def counted(self: Teaching, path: str) -> frozenset[str]:
        asked.append(path)
        return real(self, path)

    monkeypatch.setattr(Teaching, "taught_names", counted)
    result = run_cli(root, "check", "--no-cache", "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert "All checks passed" in result.output
    assert len(set(asked)) == prompts
    # each tool asking every prompt file would make 41 x 42 questions
    assert len(asked) <= 4 * prompts, len(asked)


def test_tools_no_prompt_teaches_look_only_at_files_read_in_part(
    make_repo, run_cli, monkeypatch
) -> None:
    files = clean_files()
    for number in range(30):
        files.update(tool_named(f"taught{number}"))
        files[f"tools/untaught{number}.py"] = tool_named(f"untaught{number}")[
            f"tools/untaught{number}.py"
        ]
    root = make_repo(files)
    prompts = sum(path.startswith("prompts/") for path in files)
    read: list[str] = []
    real = Teaching.prompt_text

    def counted(self: Teaching, path: str) -> str:
        read.append(path)
        return real(self, path)

    monkeypatch.setattr(Teaching, "prompt_text", counted)
    result = run_cli(root, "check", "--no-cache", "--jobs", "1", "--select", "PRM001")
    assert result.output.count("PRM001") == 30, result.output
    assert "untaught0` has no prompt" in result.output
    # each untaught tool reading every prompt file would make 30 x 32 reads
    assert len(read) <= 6 * prompts, len(read)
    # a scoped check asks the files whose text names the tool, and agrees
    scoped = run_cli(root, "check", "--no-cache", "--select", "PRM001", "tools/untaught7.py")
    assert scoped.output.count("PRM001") == 1, scoped.output
