"""Companions `check --fix` and `scaffold` write: in the words of the code and prompt,
laid out as the repository's own companions are, naming the tests that exist."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, clean_files, write_files

from doxtool.rules.examples import WAIT_PY

DOCUMENTED_WAIT = WAIT_PY.replace(
    "class WaitTool(Tool):\n",
    'class WaitTool(Tool):\n    """Pause the agent for `seconds`, then hand the turn back.\n\n'
    '    Longer text that is not the summary.\n    """\n\n',
)


def _generated(root: Path, run_cli, module: str = "tools/wait.py") -> str:
    companion = root / (module + ".dox.md")
    companion.unlink(missing_ok=True)
    fixed = run_cli(root, "check", "--fix")
    assert companion.is_file(), fixed.output
    return companion.read_text()


def _section(text: str, title: str) -> list[str]:
    body = text.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
    return [line for line in body.splitlines() if line]


def _assert_clean_and_stable(root: Path, run_cli, module: str = "tools/wait.py") -> None:
    checked = run_cli(root, "check")
    assert checked.exit_code == 0, checked.output
    before = (root / (module + ".dox.md")).read_bytes()
    run_cli(root, "check", "--fix")
    assert (root / (module + ".dox.md")).read_bytes() == before


def test_purpose_is_the_tool_class_docstring(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), "tools/wait.py": DOCUMENTED_WAIT})
    text = _generated(root, run_cli)
    assert (
        _section(text, "Purpose")[1] == "- Pause the agent for `seconds`, then hand the turn back."
    )
    assert "Provide the" not in text
    _assert_clean_and_stable(root, run_cli)


def test_purpose_is_the_whole_sentence_a_docstring_wraps(make_repo, run_cli) -> None:
    # the first line alone ends mid-sentence ("that lets users"); the
    # sentence ends on the next line, and the one after it is left out
    wrapped = WAIT_PY.replace(
        "class WaitTool(Tool):\n",
        'class WaitTool(Tool):\n    """Pause the agent for a while, a bot that lets users\n'
        '    wait with Agent Zero. A second sentence\n    is not the summary.\n    """\n\n',
    )
    root = make_repo({**clean_files(), "tools/wait.py": wrapped})
    text = _generated(root, run_cli)
    assert _section(text, "Purpose")[1] == (
        "- Pause the agent for a while, a bot that lets users wait with Agent Zero."
    )
    _assert_clean_and_stable(root, run_cli)


def test_purpose_is_the_prompts_first_line_when_the_class_has_no_docstring(
    make_repo, run_cli
) -> None:
    prompt = WAIT_PROMPT.replace("Pause.\n", "pause for a number of seconds\nthen go on\n")
    root = make_repo({**clean_files(), "prompts/agent.system.tool.wait.md": prompt})
    text = _generated(root, run_cli)
    assert _section(text, "Purpose")[1] == "- Pause for a number of seconds."
    _assert_clean_and_stable(root, run_cli)


def test_each_new_companion_takes_the_line_of_the_prompt_teaching_its_tool(
    make_repo, run_cli
) -> None:
    """Many tools at once: each purpose comes from the prompt whose heading
    names its tool (some prompts teach two of them)."""
    files = clean_files()
    names = [f"wait{index}" for index in range(12)]
    for index, name in enumerate(names):
        files[f"tools/{name}.py"] = WAIT_PY.replace("WaitTool", f"Wait{index}Tool")
        if index % 4 == 3:
            continue  # taught with the previous tool, below
        text = WAIT_PROMPT.replace("wait", name).replace("Pause.", f"pause number {index}")
        if index % 4 == 2:
            following = names[index + 1]
            text += WAIT_PROMPT.replace("wait", following).replace("Pause.", f"rest {following}")
        files[f"prompts/agent.system.tool.{name}.md"] = text
    del files["prompts/agent.system.tool.wait.md"]
    root = make_repo(files)
    fixed = run_cli(root, "check", "--fix")
    for index, name in enumerate(names):
        purpose = _section((root / f"tools/{name}.py.dox.md").read_text(), "Purpose")[1]
        expected = f"Rest {name}" if index % 4 == 3 else f"Pause number {index}"
        assert purpose == f"- {expected}.", (name, fixed.output)


def test_new_companions_list_a_sets_tool_prompts_once(
    make_repo, run_cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The prompt teaching each new companion's tool is looked up in an index
    built once per prompt set, not by going through every prompt file for
    every new companion (quadratic in a large repository)."""
    from doxtool.prompts.sets import PromptSet

    files = clean_files()
    for index in range(12):
        name = f"wait{index}"
        files[f"tools/{name}.py"] = WAIT_PY.replace("WaitTool", f"Wait{index}Tool")
        files[f"prompts/agent.system.tool.{name}.md"] = WAIT_PROMPT.replace("wait", name)
    root = make_repo(files)
    listed = PromptSet.tool_prompts
    calls: list[str] = []

    def counted(self: PromptSet) -> dict[str, str]:
        calls.append(self.directory)
        return listed(self)

    monkeypatch.setattr(PromptSet, "tool_prompts", counted)
    run_cli(root, "check", "--fix", "--no-cache")
    assert all((root / f"tools/wait{index}.py.dox.md").is_file() for index in range(12))
    assert 1 <= len(calls) <= 2, calls


#: a module holding two tool classes, neither the base of the other: the
#: framework's loader runs the one whose name sorts last, ``Beta``
TWO_TOOLS_PY = '''from helpers.tool import Tool, Response


class Alpha(Tool):
    """Search the index."""

    async def execute(self, query="", **kwargs):
        return Response(message=query, break_loop=False)


class Beta(Tool):
    """Ingest a file into the index."""

    async def execute(self, path="", **kwargs):
        return Response(message=path, break_loop=False)
'''


def test_purpose_of_a_module_with_two_tool_classes_is_the_one_a_call_runs(
    make_repo, run_cli
) -> None:
    """A call of ``multi`` runs ``Beta``: ``Alpha``'s docstring, the first
    in the file, is not what the tool does."""
    files = {**clean_files(), "tools/multi.py": TWO_TOOLS_PY}
    files["prompts/agent.system.tool.multi.md"] = "### multi\nIngest or search.\n"
    root = make_repo(files)
    text = _generated(root, run_cli, "tools/multi.py")
    assert _section(text, "Purpose")[1] == "- Ingest a file into the index."
    assert "Search the index" not in text


def test_purpose_says_plainly_what_it_cannot_derive(make_repo, run_cli) -> None:
    files = clean_files()
    del files["prompts/agent.system.tool.wait.md"]
    root = make_repo(files)
    text = _generated(root, run_cli)
    assert _section(text, "Purpose")[1] == "- Provide the `wait` tool."


def test_untrusted_docstring_markup_is_escaped(make_repo, run_cli) -> None:
    hostile = WAIT_PY.replace(
        "class WaitTool(Tool):\n",
        'class WaitTool(Tool):\n    """Wait `<!--` here <b>bold</b> # [x](y)"""\n\n',
    )
    root = make_repo({**clean_files(), "tools/wait.py": hostile})
    line = _section(_generated(root, run_cli), "Purpose")[1]
    assert line == r"- Wait \`\<\!--\` here \<b\>bold\</b\> \# \[x\](y)."


def test_layout_follows_the_repositorys_companions(make_repo, run_cli) -> None:
    files = clean_files()
    # the existing companion puts a blank line after each heading, as Agent Zero's do
    files["tools/wait.py.dox.md"] = "".join(
        line + ("\n" if line.startswith("#") else "")
        for line in files["tools/wait.py.dox.md"].splitlines(keepends=True)
    )
    files["tools/other.py"] = DOCUMENTED_WAIT.replace("WaitTool", "OtherTool")
    files["prompts/agent.system.tool.other.md"] = WAIT_PROMPT.replace("wait", "other")
    root = make_repo(files)
    text = _generated(root, run_cli, "tools/other.py")
    lines = text.splitlines()
    headings = [i for i, line in enumerate(lines) if line.startswith("#")]
    assert len(headings) == 8
    assert all(lines[i + 1] == "" for i in headings), text
    assert "\n\n\n" not in text
    _assert_clean_and_stable(root, run_cli, "tools/other.py")


def test_layout_is_doxtools_own_without_companions_to_follow(make_repo, run_cli) -> None:
    files = clean_files()
    del files["tools/wait.py.dox.md"]
    root = make_repo(files)
    text = _generated(root, run_cli)
    assert "## Purpose\n- Own the `wait.py` agent tool.\n" in text
    assert "## Child DOX Index\nNo child DOX files.\n" in text


def test_verification_names_the_tests_that_exercise_the_module(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    write_files(
        root,
        {
            "tests/test_wait.py": "from tools.wait import WaitTool\n",
            "tests/helpers_for_wait.py": "from tools.wait import WaitTool\n",
            "tests/test_other.py": "def test_x():\n    assert 'wait'\n",
        },
    )
    verification = _section(_generated(root, run_cli), "Verification")
    assert verification[0] == (
        "- Run `pytest tests/test_wait.py` after changing `wait.py`, "
        "and `doxtool check tools/wait.py` to keep this file in step."
    )
    assert verification[1:] == [
        "- Related tests observed by source search:",
        "  - `tests/helpers_for_wait.py`",
        "  - `tests/test_wait.py`",
    ]
    _assert_clean_and_stable(root, run_cli)


def test_verification_without_tests_says_so(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    verification = _section(_generated(root, run_cli), "Verification")
    assert verification == [
        "- No test imports `wait.py` yet: add one under `tests/`; "
        "until then, `doxtool check tools/wait.py` compares this file with the code.",
    ]


@pytest.mark.parametrize("description", [None, "Fetch a web page."])
def test_scaffolded_companion_names_its_purpose_and_its_test(
    make_repo, run_cli, description: str | None
) -> None:
    root = make_repo({"prompts/agent.system.tools.md": "## Tools\n{{tools}}\n"})
    args = ["--description", description] if description else []
    assert run_cli(root, "scaffold", "web_fetch", *args).exit_code == 0
    text = (root / "tools/web_fetch.py.dox.md").read_text()
    purpose = description or "The `web_fetch` tool."
    assert _section(text, "Purpose")[1] == f"- {purpose}"
    assert _section(text, "Verification")[0] == (
        "- Run `pytest tests/tools/test_web_fetch.py` after changing `web_fetch.py`, "
        "and `doxtool check tools/web_fetch.py` to keep this file in step."
    )
    assert run_cli(root, "check").exit_code == 0


def test_purpose_of_a_module_without_a_tool_is_its_docstring(make_repo, run_cli) -> None:
    root = make_repo(clean_files())
    write_files(
        root,
        {
            "pyproject.toml": '[tool.doxtool]\ndocumented-dirs = ["lib"]\n',
            "lib/clock.py": '"""monotonic time for waits"""\n\n\nclass Clock:\n    """A clock."""\n',
            "lib/other.py": 'class Other:\n    """Hold other things."""\n',
        },
    )
    text = _generated(root, run_cli, "lib/clock.py")
    assert _section(text, "Purpose")[:2] == [
        "- Own the `clock.py` module.",
        "- Monotonic time for waits.",
    ]
    other = (root / "lib/other.py.dox.md").read_text()
    assert _section(other, "Purpose")[1] == "- Hold other things."
    _assert_clean_and_stable(root, run_cli, "lib/clock.py")


def test_purpose_is_never_a_methods_section(make_repo, run_cli) -> None:
    """`### wait:short` teaches a method: its prose is not the tool's purpose.
    A tool prompt titled `# wait tool` gives the prose under that title."""
    method = WAIT_PROMPT.replace("### wait\nPause.\n", "### wait:short\nPause briefly.\n")
    root = make_repo({**clean_files(), "prompts/agent.system.tool.wait.md": method})
    assert _section(_generated(root, run_cli), "Purpose")[1] == "- Provide the `wait` tool."
    titled = WAIT_PROMPT.replace("### wait\nPause.\n", "# wait tool\n\nPause for a while.\n")
    (root / "prompts/agent.system.tool.wait.md").write_text(titled)
    assert _section(_generated(root, run_cli), "Purpose")[1] == "- Pause for a while."


def test_purpose_names_a_module_no_import_can_spell_by_its_path(make_repo, run_cli) -> None:
    """A file name with a space (a copy left in a documented directory) is no
    module name: the plain Purpose line names the file, not a dotted name."""
    root = make_repo(clean_files())
    write_files(
        root,
        {
            "pyproject.toml": '[tool.doxtool]\ndocumented-dirs = ["lib"]\n',
            "lib/clock copy.py": "def tick():\n    return 1\n",
            "lib/clock.py": "def tick():\n    return 1\n",
        },
    )
    text = _generated(root, run_cli, "lib/clock copy.py")
    assert _section(text, "Purpose")[1] == "- Provide the `lib/clock copy.py` module."
    plain = (root / "lib/clock.py.dox.md").read_text()
    assert _section(plain, "Purpose")[1] == "- Provide the `lib.clock` module."
    _assert_clean_and_stable(root, run_cli, "lib/clock copy.py")
