"""A section a person wrote at another heading level (``### Work Guidance``)
or as a bold line alone (``**Work Guidance**``) is that section: reported
(DOX102) with a fix that changes its line in place, never a second heading."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

PROMPT = "### wait\nPause.\nargs: optional `seconds`\n"


def _repo(make_repo, dox: str) -> Path:
    return make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": dox,
            "prompts/agent.system.tool.wait.md": PROMPT,
        }
    )


@pytest.mark.parametrize(
    "written", ["### Work Guidance", "**Work Guidance**", "#### Work Guidance"]
)
def test_a_section_at_another_level_is_re_levelled_in_place(make_repo, run_cli, written) -> None:
    assert "\n## Work Guidance\n" in WAIT_DOX
    dox = WAIT_DOX.replace("\n## Work Guidance\n", f"\n{written}\n")
    line = dox.splitlines().index(written) + 1
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (
        1,
        f"tools/wait.py.dox.md:{line}:1: DOX102 section `## Work Guidance` is written as "
        f"`{written}`; make it `## Work Guidance` [*]\n"
        "Found 1 finding (1 fixable with `doxtool check --fix`).\n",
    )
    fixed = run_cli(root, "check", "--no-cache", "--fix")
    assert fixed.exit_code == 0
    assert (root / "tools/wait.py.dox.md").read_text() == WAIT_DOX


def test_every_section_at_level_three_gets_no_second_heading(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace("\n## ", "\n### ")
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache")
    assert "is missing" not in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / "tools/wait.py.dox.md").read_text() == WAIT_DOX


def test_fact_lines_under_a_section_at_another_level_are_in_that_section(
    make_repo, run_cli
) -> None:
    # the Runtime Contracts facts under ``### Local Contracts`` are not missing
    # nor out of place: the only finding is the heading's level
    dox = WAIT_DOX.replace("\n## Runtime Contracts\n", "\n### Local Contracts\n")
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache")
    assert result.output.count("DOX") == 1
    assert "written as `### Local Contracts`" in result.output


def test_a_sub_heading_of_a_section_present_at_level_two_is_left_alone(make_repo, run_cli) -> None:
    dox = WAIT_DOX.replace(
        "\n## Work Guidance\n", "\n## Work Guidance\n\n### Verification\n\nRun the tests.\n\n"
    )
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_a_bold_line_over_text_without_a_blank_line_is_that_section(make_repo, run_cli) -> None:
    """``**Child DOX Index**`` then ``No child DOX files.`` on the next line
    (one Markdown paragraph) is the section a person meant: re-levelled in
    place, never a second, empty heading after it."""
    assert WAIT_DOX.endswith("## Child DOX Index\nNo child DOX files.\n")
    dox = WAIT_DOX.replace("## Child DOX Index\n", "**Child DOX Index**\n")
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache")
    assert "written as `**Child DOX Index**`; make it `## Child DOX Index` [*]" in result.output
    assert "is missing" not in result.output
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / "tools/wait.py.dox.md").read_text() == WAIT_DOX
