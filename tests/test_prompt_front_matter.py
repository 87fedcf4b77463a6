"""YAML front matter a prompt file opens with is metadata, no Markdown: its
last key over the closing ``---`` is no setext heading, a ``# comment`` in
it no ATX heading, so neither titles the file nor names its tool (also under
the HTML comments a file may open with); a prompt
opening with a thematic break and a tool's section keeps its section."""

from __future__ import annotations

import pytest
from test_prompt_reading_rules import MODE_PY, PROMPT, _check

#: the wait prompt titled below its front matter, teaching ``label`` (required)
BODY = (
    "# wait tool\nPause.\n\n## Arguments\n- `label` (required): what for\n- `seconds`: how long\n"
)


@pytest.mark.parametrize(
    "front",
    [
        "---\nname: wait\ndescription: pause the agent\n---\n",
        "---\n# owned by the ops team\nname: wait\n---\n",
        "\n---\nname: wait\ntags:\n  - time\n  - control\nversion: 2\n...\n",
        "---\ntitle: Wait\n---\n\n",
    ],
)
def test_front_matter_does_not_title_the_prompt(make_repo, run_cli, front: str) -> None:
    """Before, the front matter's heading was the file's first heading, and
    `# wait tool` under it titled nothing: PRM001 said no prompt taught `wait`."""
    assert _check(make_repo, run_cli, front + BODY, MODE_PY) == []


def test_a_key_of_the_front_matter_names_no_tool(make_repo, run_cli) -> None:
    """`tool: wait` over the closing `---` read as a heading named `wait`
    (past its `Tool:` label): a required argument missing was reported twice."""
    prompt = "---\ntool: wait\n---\n### wait\nPause.\nargs: optional `seconds`\n"
    assert _check(make_repo, run_cli, prompt, MODE_PY) == [
        f"{PROMPT}:4:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:8) "
        "is never taught"
    ]


@pytest.mark.parametrize("between", ["\n", "\n---\n"])
def test_a_tool_section_between_thematic_breaks_is_read(make_repo, run_cli, between) -> None:
    """Near miss: a prompt opening with a thematic break holds Markdown, not
    YAML (a `###` line is a heading, a backticked value no YAML): its
    section still teaches `label`, and still misses nothing else."""
    prompt = f"---\n### wait\nPause.\n\nargs: `label`, optional `seconds`\n{between}"
    assert _check(make_repo, run_cli, prompt, MODE_PY) == []
    prompt = prompt.replace("`label`, optional ", "optional ")
    assert _check(make_repo, run_cli, prompt, MODE_PY) == [
        f"{PROMPT}:2:5: PRM004 required argument `label` of `wait` (read at tools/wait.py:8) "
        "is never taught"
    ]


def test_a_separator_under_a_paragraph_is_no_heading(make_repo, run_cli) -> None:
    """`---` right under a paragraph of two lines or more (a separator
    written without a blank line before it) made the paragraph a setext
    heading, its `args:` line heading text: `label` was said never taught.
    The model reads the text, and the framework takes only `#` headings."""
    prompt = "### wait\nPause.\nargs: `label`, optional `seconds`, `hours`\n---\nNote: short.\n"
    assert _check(make_repo, run_cli, prompt, MODE_PY) == [
        f"{PROMPT}:3:37: PRM003 argument `hours` is taught for `wait` but tools/wait.py "
        "never reads it"
    ]


def test_a_one_line_title_over_a_separator_is_still_a_heading(make_repo, run_cli) -> None:
    """Near miss: a setext title of one line (`wait` over `---`) titles the
    prompt; without it the file teaches no tool."""
    prompt = "wait\n---\nPause.\n\nargs: `label`, optional `seconds`\n"
    assert _check(make_repo, run_cli, prompt, MODE_PY) == []
    prompt = "Pause.\n\nargs: `label`, optional `seconds`\n"
    assert _check(make_repo, run_cli, prompt, MODE_PY)[0].startswith(
        "tools/wait.py:4:1: PRM001 tool `wait`"
    )


@pytest.mark.parametrize(
    "comment",
    [
        "<!-- SPDX-License-Identifier: MIT -->\n",
        "<!--\n  owned by the ops team\n-->\n\n",
        "<!-- generated --> <!-- do not edit -->\n",
    ],
)
@pytest.mark.parametrize(
    "front", ["---\n# owned by the ops team\nname: wait\n---\n", "---\ntitle: Wait\n---\n\n"]
)
def test_front_matter_under_html_comments_does_not_title_the_prompt(
    make_repo, run_cli, comment: str, front: str
) -> None:
    """HTML comments before the front matter show nothing: the front matter
    under them is metadata still. Before, its `# comment` or its last key
    over the closing `---` was the file's first heading, and `# wait tool`
    under it titled nothing: PRM001 said no prompt taught `wait`."""
    assert _check(make_repo, run_cli, comment + front + BODY, MODE_PY) == []


@pytest.mark.parametrize(
    "comment", ["<!-- never closed\n", "<!-- note --> Pause first.\n", "Pause.\n<!-- note -->\n"]
)
def test_a_thematic_break_after_words_or_an_open_comment_opens_no_front_matter(
    make_repo, run_cli, comment: str
) -> None:
    """Near miss: after a comment left open, or words beside or before a
    comment, the `---` is no front matter's: its `# comment` line is read
    as Markdown, a heading, and `# wait tool` under it titles nothing."""
    front = "---\n# owned by the ops team\nname: wait\n---\n"
    assert _check(make_repo, run_cli, comment + front + BODY, MODE_PY)[0].startswith(
        "tools/wait.py:4:1: PRM001 tool `wait`"
    )
