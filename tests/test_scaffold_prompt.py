"""``doxtool scaffold``: the prompt says the description as it is written."""

from __future__ import annotations

import json

import pytest

WRAPPER = "## Tools\n{{tools}}\n"
PROMPT = "prompts/agent.system.tool.my_tool.md"


def test_prompt_and_schema_hold_the_description_without_escapes(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    description = "Read a file_name with *care*, `a_b` and [x] <y>."
    result = run_cli(
        root, "scaffold", "my_tool", "--arg", "file_path", "--description", description
    )
    assert result.exit_code == 0, result.output
    lines = (root / PROMPT).read_text().splitlines()
    assert lines[:3] == ["### my_tool", description, "args: `file_path`"]
    assert "\\" not in "\n".join(lines)
    schema = run_cli(root, "schema", "tools/my_tool.py")
    assert json.loads(schema.output)[0]["function"]["description"] == description
    assert run_cli(root, "check").output == "All checks passed.\n"


def test_the_default_description_names_the_tool_in_a_code_span(make_repo, run_cli) -> None:
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    assert run_cli(root, "scaffold", "my_tool").exit_code == 0
    assert (root / PROMPT).read_text().splitlines()[1] == "The `my_tool` tool."
    assert run_cli(root, "check").output == "All checks passed.\n"


@pytest.mark.parametrize(
    "description",
    [
        *("# Title", "- a list item", "1. first", "> quoted", "```", "~~~ x", "<div>"),
        *("***", "_ _ _", "Usage: call it", "args: x", "{ not prose }", "Fill {{name}} in"),
    ],
)
def test_a_description_that_would_not_read_as_itself_is_refused(
    make_repo, run_cli, description: str
) -> None:
    root = make_repo({})
    result = run_cli(root, "scaffold", "my_tool", "--description", description)
    assert result.exit_code == 2
    assert result.output.startswith("doxtool: error: description ")
    assert not (root / "tools").exists() and not (root / "prompts").exists()


@pytest.mark.parametrize(
    "description",
    [
        "Example tool that fetches a page.",
        "Usage statistics of the current chat.",
        "Arguments of a call are checked first.",
        "Examples of use follow below.",
    ],
)
def test_prose_that_starts_with_a_lead_word_is_a_description(
    make_repo, run_cli, description: str
) -> None:
    """Only a lead (``Usage:``, ``Example call:``, ``Arguments``) ends the
    description, not a sentence that starts with one of those words."""
    root = make_repo({"prompts/agent.system.tools.md": WRAPPER})
    result = run_cli(root, "scaffold", "my_tool", "--description", description)
    assert result.exit_code == 0, result.output
    schema = run_cli(root, "schema", "tools/my_tool.py")
    assert json.loads(schema.output)[0]["function"]["description"] == description
    assert run_cli(root, "check").output == "All checks passed.\n"


@pytest.mark.parametrize(
    "lead", ["usage:", "Example usage:", "**Example:**", "Arguments", "example call", "Examples"]
)
def test_a_lead_line_ends_the_description(lead: str) -> None:
    from doxtool.prompts.schema import prompt_description

    text = f"### my_tool\nFetch a page.\n{lead}\nmore\n"
    assert prompt_description(text, "my_tool") == "Fetch a page."
