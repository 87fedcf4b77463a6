"""The description a prompt gives its tool (a new companion's purpose, the
schema's `description`) is the prose under the tool's heading: an HTML
comment there shows the model nothing and is passed over, and a table or an
ordered list there is no prose, as a `- ` list is none."""

from __future__ import annotations

import json

import pytest
from samples import WAIT_PROMPT, clean_files

PROMPT = "prompts/agent.system.tool.wait.md"


def _purpose_and_description(make_repo, run_cli, prompt: str) -> tuple[str, str]:
    root = make_repo({**clean_files(), PROMPT: prompt})
    (root / "tools/wait.py.dox.md").unlink()
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/wait.py.dox.md").read_text()
    purpose = text.split("## Purpose\n", 1)[1].split("\n## ", 1)[0].strip().splitlines()[1]
    schema = run_cli(root, "schema", "tools/wait.py")
    assert schema.exit_code == 0, schema.output
    return purpose, json.loads(schema.output)[0]["function"]["description"]


@pytest.mark.parametrize(
    "comment",
    [
        "<!-- keep in sync with tools/wait.py -->\n",
        "<!--\nowner: ops team\n-->\n",
    ],
)
def test_a_comment_over_the_prose_is_passed_over(make_repo, run_cli, comment: str) -> None:
    prompt = WAIT_PROMPT.replace("Pause.\n", comment + "Pause before the next step.\n")
    purpose, description = _purpose_and_description(make_repo, run_cli, prompt)
    assert purpose == "- Pause before the next step."
    assert description == "Pause before the next step."


def test_a_comment_inside_the_prose_is_left_out(make_repo, run_cli) -> None:
    prompt = WAIT_PROMPT.replace("Pause.\n", "Pause <!-- TODO: say more --> briefly.\n")
    assert _purpose_and_description(make_repo, run_cli, prompt) == (
        "- Pause briefly.",
        "Pause briefly.",
    )


@pytest.mark.parametrize(
    "block",
    [
        "| argument | meaning |\n|---|---|\n| `seconds` | how long |\n",
        "argument | meaning\n--- | ---\n`seconds` | how long\n",
        "1. Pick a duration.\n2. Call the tool.\n",
        "+ pick a duration\n+ call the tool\n",
    ],
)
def test_a_table_or_a_list_under_the_heading_is_no_description(
    make_repo, run_cli, block: str
) -> None:
    prompt = WAIT_PROMPT.replace("Pause.\n", block)
    assert _purpose_and_description(make_repo, run_cli, prompt) == (
        "- Provide the `wait` tool.",
        "",
    )
    # prose over it stays the description
    prompt = WAIT_PROMPT.replace("Pause.\n", "Pause before the next step.\n" + block)
    assert _purpose_and_description(make_repo, run_cli, prompt) == (
        "- Pause before the next step.",
        "Pause before the next step.",
    )


@pytest.mark.parametrize(
    "prose",
    [
        "The pause defaults to\n30. Longer pauses are refused.\n",
        "Pause for at most\n| the given | limit.\n",
    ],
)
def test_a_line_carrying_the_sentence_on_is_no_list_nor_table(
    make_repo, run_cli, prose: str
) -> None:
    # only an ordered list starting at 1 breaks into a paragraph, and a row
    # with no delimiter row under it is no table
    prompt = WAIT_PROMPT.replace("Pause.\n", prose)
    assert _purpose_and_description(make_repo, run_cli, prompt)[1] == " ".join(prose.split())


@pytest.mark.parametrize(
    "prose",
    [
        "Removes every `<!-- draft -->` marker from the page.",
        "Opens a comment with `<!--`.\n\nCloses it with `-->`.",
        "Opens a comment with <!-- written in a line.\n\nCloses it with -->.",
    ],
)
def test_a_comment_in_a_code_span_or_past_its_paragraph_is_words(
    make_repo, run_cli, prose: str
) -> None:
    prompt = WAIT_PROMPT.replace("Pause.\n", prose + "\n")
    description = prose.split("\n", 1)[0]
    assert _purpose_and_description(make_repo, run_cli, prompt)[1] == description
