"""An argument block in a person's layout is read whole, and a fix adding an
item keeps every line a person wrote: numbered items, ``*`` and ``+``
bullets, deeper indentation, blank lines and paragraphs between the items
(a loose list), and the person's order of the items."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from samples import clean_files

DOX = "tools/countdown.py.dox.md"

COUNTDOWN_PY = """\
from helpers.tool import Response, Tool


class Countdown(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 3))
        label = self.args.get("label") or "countdown"
        return Response(message=f"{label} {seconds}", break_loop=False)
"""

#: the code reading a third argument after the two
WITH_QUIET = COUNTDOWN_PY.replace(
    "        return Response(",
    '        quiet = bool(self.args.get("quiet", False))\n        return Response(',
)

BLOCK = (
    "- Arguments of `Countdown`:\n"
    "  - `seconds`: optional integer, default `3`.\n"
    '  - `label`: optional string, default `"countdown"`.\n'
)
QUIET = "optional boolean, default `false`."

CONVENTIONS = ["doxtool", "agent-zero"]


def _generated(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    convention: str,
) -> tuple[Path, str]:
    """A repository with the countdown tool and the companion ``--fix`` writes."""
    root = make_repo(
        {
            **clean_files(),
            "doxtool.toml": f'convention = "{convention}"\n',
            "tools/countdown.py": COUNTDOWN_PY,
        }
    )
    run_cli(root, "check", "--no-cache", "--fix")
    text = (root / DOX).read_text(encoding="utf-8")
    assert BLOCK in text
    return root, text


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(DOX)]


# how a person may write the block; every one says what the code does
TRUE_BLOCKS = {
    "numbered": (
        "- Arguments of `Countdown`:\n"
        "  1. `seconds`: optional integer, default `3`.\n"
        '  2. `label`: optional string, default `"countdown"`.\n'
    ),
    "numbered with parentheses": (
        "- Arguments of `Countdown`:\n"
        "  1) `seconds`: optional integer, default `3`.\n"
        '  2) `label`: optional string, default `"countdown"`.\n'
    ),
    "a blank line between the items": BLOCK.replace("`3`.\n", "`3`.\n\n"),
    "a blank line after the lead": BLOCK.replace(":\n", ":\n\n", 1),
    "a paragraph under an item past a blank line": (
        "- Arguments of `Countdown`:\n\n"
        "  - `seconds`: optional integer, default `3`.\n\n"
        "    How long to count, in whole seconds.\n\n"
        '  - `label`: optional string, default `"countdown"`.\n\n'
        "    Shown in front of every progress line.\n"
    ),
    "a note continuing an item at the margin": BLOCK.replace(
        "`3`.\n", "`3`.\nWhole seconds only.\n"
    ),
    "star bullets": BLOCK.replace("  - ", "  * "),
    "plus bullets": BLOCK.replace("  - ", "  + "),
    "indented by four": BLOCK.replace("  - ", "    - "),
}


@pytest.mark.parametrize("convention", CONVENTIONS)
@pytest.mark.parametrize("layout", sorted(TRUE_BLOCKS))
def test_a_true_argument_block_in_a_persons_layout_has_no_finding_and_no_fix(
    layout: str, convention: str, make_repo, run_cli
) -> None:
    root, generated = _generated(make_repo, run_cli, convention)
    text = generated.replace(BLOCK, TRUE_BLOCKS[layout])
    (root / DOX).write_text(text, encoding="utf-8")
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


# the person's block -> the line a fix adds for `quiet`, after the last item
ADDED = {
    "numbered": (TRUE_BLOCKS["numbered"], f"  3. `quiet`: {QUIET}\n"),
    "numbered alike": (
        TRUE_BLOCKS["numbered"].replace("  2. ", "  1. "),
        f"  1. `quiet`: {QUIET}\n",
    ),
    "numbered with parentheses": (
        TRUE_BLOCKS["numbered with parentheses"],
        f"  3) `quiet`: {QUIET}\n",
    ),
    "star bullets": (TRUE_BLOCKS["star bullets"], f"  * `quiet`: {QUIET}\n"),
    "plus bullets": (TRUE_BLOCKS["plus bullets"], f"  + `quiet`: {QUIET}\n"),
    "indented by four": (TRUE_BLOCKS["indented by four"], f"    - `quiet`: {QUIET}\n"),
    "a loose list": (
        TRUE_BLOCKS["a paragraph under an item past a blank line"],
        f"  - `quiet`: {QUIET}\n",
    ),
    "the person's order": (
        "- Arguments of `Countdown`:\n"
        '  * `label`: optional string, default `"countdown"`. Shown first.\n'
        "  * `seconds`: optional integer, default `3`.\n",
        f"  * `quiet`: {QUIET}\n",
    ),
}


@pytest.mark.parametrize("convention", CONVENTIONS)
@pytest.mark.parametrize("layout", sorted(ADDED))
def test_an_added_argument_follows_the_block_and_keeps_every_line(
    layout: str, convention: str, make_repo, run_cli
) -> None:
    root, generated = _generated(make_repo, run_cli, convention)
    block, added = ADDED[layout]
    text = generated.replace(BLOCK, block)
    (root / DOX).write_text(text, encoding="utf-8")
    (root / "tools/countdown.py").write_text(WITH_QUIET, encoding="utf-8")
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{text.splitlines().index('- Arguments of `Countdown`:') + 1}:1: DOX111 "
        "argument `quiet` is read at tools/countdown.py:8 but not documented [*]"
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text.replace(block, block + added)
    assert _findings(run_cli(root, "check", "--no-cache").output) == []


def test_an_added_argument_goes_before_a_note_on_the_whole_list(make_repo, run_cli) -> None:
    root, generated = _generated(make_repo, run_cli, "doxtool")
    note = "\n  _All of them are optional._\n"
    text = generated.replace(BLOCK, BLOCK + note)
    (root / DOX).write_text(text, encoding="utf-8")
    (root / "tools/countdown.py").write_text(WITH_QUIET, encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == generated.replace(
        BLOCK, f"{BLOCK}  - `quiet`: {QUIET}\n{note}"
    )


def test_an_argument_that_cannot_follow_the_persons_numbers_is_reported_without_a_fix(
    make_repo, run_cli
) -> None:
    root, generated = _generated(make_repo, run_cli, "doxtool")
    block = TRUE_BLOCKS["numbered"].replace("  2. ", "  5. ")
    text = generated.replace(BLOCK, block)
    (root / DOX).write_text(text, encoding="utf-8")
    (root / "tools/countdown.py").write_text(WITH_QUIET, encoding="utf-8")
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:{text.splitlines().index('- Arguments of `Countdown`:') + 1}:1: DOX111 "
        "argument `quiet` is read at tools/countdown.py:8 but not documented"
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_drifted_item_keeps_its_mark_and_the_blank_lines_around_it(make_repo, run_cli) -> None:
    root, generated = _generated(make_repo, run_cli, "doxtool")
    block = TRUE_BLOCKS["a paragraph under an item past a blank line"].replace("  - ", "  * ")
    text = generated.replace(BLOCK, block.replace("default `3`", "default `5`"))
    (root / DOX).write_text(text, encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == generated.replace(BLOCK, block)


def test_removing_an_argument_of_a_loose_list_takes_its_paragraph_along(make_repo, run_cli) -> None:
    root, generated = _generated(make_repo, run_cli, "doxtool")
    block = TRUE_BLOCKS["a paragraph under an item past a blank line"]
    (root / DOX).write_text(generated.replace(BLOCK, block), encoding="utf-8")
    (root / "tools/countdown.py").write_text(
        COUNTDOWN_PY.replace('self.args.get("seconds", 3)', "3"), encoding="utf-8"
    )
    result = run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert _findings(result.output) == []
    assert (root / DOX).read_text(encoding="utf-8") == generated.replace(
        BLOCK,
        "- Arguments of `Countdown`:\n\n"
        '  - `label`: optional string, default `"countdown"`.\n\n'
        "    Shown in front of every progress line.\n",
    )


# a lead phrase followed by a person's words, with no item under it
PERSONS_LINES = [
    "- Arguments of `Countdown`: keep them few.\n",
    "- Arguments of Countdown: keep them few.\n",
    "- Arguments of `Countdown`: see `prompts/agent.system.tool.countdown.md`.\n",
    "- Imported dependency areas include: only the standard library and `helpers.tool`.\n",
]


@pytest.mark.parametrize("line", PERSONS_LINES)
@pytest.mark.parametrize("place", ["notes", "after break_loop"])
def test_a_lead_phrase_followed_by_prose_and_no_item_is_a_persons_line(
    line: str, place: str, make_repo, run_cli
) -> None:
    root, generated = _generated(make_repo, run_cli, "doxtool")
    if place == "notes":
        text = generated.replace("## Work Guidance\n", f"## Notes\n{line}\n## Work Guidance\n")
    else:
        anchor = "- `break_loop` of `Countdown`: always `false`.\n"
        text = generated.replace(anchor, anchor + line)
    assert text != generated
    (root / DOX).write_text(text, encoding="utf-8")
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_lead_phrase_with_words_and_items_under_it_is_the_block(make_repo, run_cli) -> None:
    root, generated = _generated(make_repo, run_cli, "doxtool")
    block = BLOCK.replace(":\n", ": all optional.\n", 1)
    text = generated.replace(BLOCK, block)
    (root / DOX).write_text(text, encoding="utf-8")
    (root / "tools/countdown.py").write_text(WITH_QUIET, encoding="utf-8")
    assert len(_findings(run_cli(root, "check", "--no-cache").output)) == 1
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text.replace(
        block, block + f"  - `quiet`: {QUIET}\n"
    )
