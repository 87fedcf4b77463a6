"""An arguments block a person wrote in other words: its lead (``-
Parameters of `X`:``, ``- Args:``, ``## Inputs``), or a default told in a
sentence of its own (`` optional integer. Default: `0`. ``). What doxtool
reads is compared and never rewritten; what it does not read is reported as
not read; no fix writes a second block or a second default beside them."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"
WAIT_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        return Response(message=str(seconds), break_loop=False)
"""
LEAD = "- Arguments of `WaitTool`:\n"
ITEM = "  - `seconds`: optional integer, default `0`.\n"


def _repo(make_repo, text: str) -> Path:
    return make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: text}))


def _findings(run_cli, root: Path) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    return [line for line in result.output.splitlines() if ": DOX" in line]


def _fixed(run_cli, root: Path) -> str:
    """The companion after a fix, unsafe fixes included; a second changes nothing."""
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    fixed = (root / DOX).read_text(encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert (root / DOX).read_text(encoding="utf-8") == fixed
    return fixed


NAMED = [
    "- Parameters of `WaitTool`:\n",
    "- Args of `WaitTool`:\n",
    "- Inputs of the `WaitTool` tool:\n",
    "- Params (`WaitTool`):\n",
    "- **Parameters of `WaitTool`:**\n",
]


@pytest.mark.parametrize("lead", NAMED)
def test_a_lead_in_other_words_naming_the_class_is_read(make_repo, run_cli, lead: str) -> None:
    text = WAIT_DOX.replace(LEAD, lead)
    root = _repo(make_repo, text)
    assert _findings(run_cli, root) == []
    assert _fixed(run_cli, root) == text


@pytest.mark.parametrize("lead", NAMED[:2])
def test_its_wrong_items_are_reported_and_never_rewritten(make_repo, run_cli, lead: str) -> None:
    text = WAIT_DOX.replace(LEAD, lead).replace(ITEM, "  - `seconds`: required string.\n")
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert len(found) == 3 and all("argument `seconds`" in f for f in found), found
    assert _fixed(run_cli, root) == text


def test_a_lead_in_other_words_naming_another_name_is_not_called_stale(make_repo, run_cli) -> None:
    """``Inputs of `requests.post`:`` may not be meant as a fact line."""
    text = WAIT_DOX.replace(
        "- Observed side-effect areas: none.\n",
        "- Observed side-effect areas: none.\n- Inputs of `requests.post`:\n  - `url`: the address.\n",
    )
    root = _repo(make_repo, text)
    assert run_cli(root, "check", "--no-cache").output.count(": DOX") == 0
    assert _fixed(run_cli, root) == text


@pytest.mark.parametrize(
    "lead",
    ["- Args:\n", "- Inputs:\n", "- Parameters:\n", "## Args\n", "### Inputs\n", "## Parameters\n"],
)
def test_a_lead_in_other_words_naming_no_class_gets_no_second_block(
    make_repo, run_cli, lead: str
) -> None:
    text = WAIT_DOX.replace(LEAD, lead)
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "not documented in a form doxtool reads" in found[0], found
    assert _fixed(run_cli, root) == text


def test_the_arguments_lead_itself_is_still_rewritten_with_its_items(make_repo, run_cli) -> None:
    """Near miss: the grammar's own lead stays the grammar's (fixed in place)."""
    text = WAIT_DOX.replace(ITEM, "  - `seconds`: required string.\n")
    assert _fixed(run_cli, _repo(make_repo, text)) == WAIT_DOX


@pytest.mark.parametrize(
    "item",
    [
        "optional integer. Default: `0`.",
        "optional integer. Default `0`.",
        "optional integer. Defaults to `0`.",
        "optional. Integer, default `0`.",
        "optional integer. By default `0`. Waits that long.",
    ],
)
def test_a_default_told_in_its_own_sentence_is_read(make_repo, run_cli, item: str) -> None:
    text = WAIT_DOX.replace(ITEM, f"  - `seconds`: {item}\n")
    root = _repo(make_repo, text)
    assert _findings(run_cli, root) == []
    assert _fixed(run_cli, root) == text


@pytest.mark.parametrize(
    ("item", "said"),
    [
        ("optional integer. Default: `5`.", "has `0` in the code"),
        ("optional string. Default: `0`.", "with type string"),
        ("optional. Integer.", "has `0` in the code"),
    ],
)
def test_a_wrong_fact_told_in_a_sentence_is_reported_and_never_rewritten(
    make_repo, run_cli, item: str, said: str
) -> None:
    text = WAIT_DOX.replace(ITEM, f"  - `seconds`: {item}\n")
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert len(found) == 1 and said in found[0], found
    assert _fixed(run_cli, root) == text


def test_a_default_told_in_words_not_read_is_not_compared(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(ITEM, "  - `seconds`: optional integer. Defaults to zero.\n")
    root = _repo(make_repo, text)
    assert _findings(run_cli, root) == []
    assert _fixed(run_cli, root) == text


def test_a_sentence_telling_no_default_is_a_persons_words(make_repo, run_cli) -> None:
    """Near miss: a sentence not about the default leaves it unsaid; the fix
    states the default in the fact sentence and keeps the words."""
    text = WAIT_DOX.replace(ITEM, "  - `seconds`: optional integer. Wait time.\n")
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "has `0` in the code" in found[0], found
    assert _fixed(run_cli, root) == WAIT_DOX.replace(
        ITEM, "  - `seconds`: optional integer, default `0`. Wait time.\n"
    )


def test_facts_followed_by_a_note_after_a_semicolon_are_read_and_fixed_around_it(
    make_repo, run_cli
) -> None:
    # the note stays after the facts a fix writes
    item = "  - `seconds`: optional integer, default `5`; how long to pause.\n"
    root = _repo(make_repo, WAIT_DOX.replace(ITEM, item))
    (found,) = _findings(run_cli, root)
    assert "argument `seconds` has `0` in the code" in found
    fixed = "  - `seconds`: optional integer, default `0`; how long to pause.\n"
    assert _fixed(run_cli, root) == WAIT_DOX.replace(ITEM, fixed)


@pytest.mark.parametrize(
    "item",
    [
        # what the note leaves out is not said: no finding for the default
        "  - `seconds`: optional integer; how long to pause.\n",
        "  - `seconds`: optional; how long to pause.\n",
        # a note that may tell a fact (a value, a fact's word) is not read
        "  - `seconds`: required string; `0` when left out.\n",
        "  - `seconds`: required; an integer works too.\n",
    ],
)
def test_a_note_after_the_facts_says_nothing_it_does_not_state(
    make_repo, run_cli, item: str
) -> None:
    text = WAIT_DOX.replace(ITEM, item)
    root = _repo(make_repo, text)
    assert _findings(run_cli, root) == []
    assert _fixed(run_cli, root) == text


# --- a list of the arguments under a heading in any words or language --------

TWO_PY = WAIT_PY.replace(
    "        return Response(",
    '        minutes = int(self.args.get("minutes", 0))\n        return Response(',
)
TWO_ITEMS = ITEM + "  - `minutes`: optional integer, default `0`.\n"


def _headed(heading: str, items: str) -> str:
    """The wait companion with its arguments under ``heading`` of their own."""
    text = WAIT_DOX.replace(LEAD + ITEM, "")
    return text.replace("## Work Guidance", f"{heading}\n{items}\n## Work Guidance")


@pytest.mark.parametrize(
    "heading",
    ["## Argumente", "## Parámetros", "## 参数", "### Входные данные", "**Argumente:**"],
)
@pytest.mark.parametrize("colon", [":", "\uff1a"])  # (the full-width colon of CJK text)
def test_the_arguments_under_a_heading_in_another_language_get_no_second_list(
    make_repo, run_cli, heading: str, colon: str
) -> None:
    text = _headed(heading, f"- `seconds`{colon} Sekunden.\n- `minutes`{colon} Minuten.\n")
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    line = text.splitlines().index(heading) + 1
    assert _findings(run_cli, root) == [
        f"{DOX}:11:1: DOX111 arguments of `WaitTool` are not documented in a form doxtool "
        f"reads (it cannot read line {line} as an `Arguments of `WaitTool`:` line with the "
        "arguments under it)"
    ]
    assert _fixed(run_cli, root) == text


DASHED_PY = WAIT_PY.replace(
    "        return Response(",
    '        path = self.args.get("file-path", "")\n'
    '        depth = self.args.get("options.depth", 1)\n'
    "        return Response(",
)


@pytest.mark.parametrize(
    "items",
    [
        "- `file-path`: Pfad.\n- `options.depth`: Tiefe.\n",
        "| Name | Pflicht |\n|---|---|\n| `file-path` | nein |\n| `options.depth` | nein |\n",
    ],
)
def test_arguments_named_with_dashes_or_dots_under_a_heading_get_no_second_list(
    make_repo, run_cli, items: str
) -> None:
    """Keys that are no Python names (`file-path`, `options.depth`) are the
    terms of the list under ``## Argumente`` as much as `seconds` is."""
    text = _headed("## Argumente", "- `seconds`: Sekunden.\n" * items.startswith("-") + items)
    root = make_repo(with_files({"tools/wait.py": DASHED_PY, DOX: text}))
    assert "(it cannot read line" in " ".join(_findings(run_cli, root))
    assert _fixed(run_cli, root) == text


def test_a_missing_section_is_written_without_the_arguments_a_heading_lists(
    make_repo, run_cli
) -> None:
    text = _headed("## Argumente", "- `seconds`: Sekunden.\n- `minutes`: Minuten.\n")
    start = text.index("## Runtime Contracts")
    text = text[:start] + text[text.index("## Key Concepts") :]
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    fixed = _fixed(run_cli, root)
    assert "## Runtime Contracts\n- `WaitTool` is a `Tool`.\n" in fixed
    assert "Arguments of" not in fixed
    assert fixed.count("`minutes`") == 1


def test_a_heading_over_a_list_naming_one_argument_of_two_is_no_lead(make_repo, run_cli) -> None:
    text = _headed("## Prüfung", "- `seconds` ist 0.\n- `pytest` läuft.\n")
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    assert [f.split(" DOX111 ")[1] for f in _findings(run_cli, root)] == [
        "arguments of `WaitTool` are not documented (no `Arguments of `WaitTool`:` line) [*]"
    ]
    assert LEAD + TWO_ITEMS in _fixed(run_cli, root)


def test_a_heading_of_its_own_for_each_argument_gets_no_second_list(make_repo, run_cli) -> None:
    text = _headed("## Argumente\n\n### `seconds`\n\nSekunden.\n\n### `minutes`\n", "Minuten.\n")
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    line = text.splitlines().index("### `seconds`") + 1
    assert _findings(run_cli, root) == [
        f"{DOX}:11:1: DOX111 arguments of `WaitTool` are not documented in a form doxtool "
        f"reads (it cannot read line {line} as an `Arguments of `WaitTool`:` line with the "
        "arguments under it)"
    ]
    assert _fixed(run_cli, root) == text


@pytest.mark.parametrize("heading", ["### `seconds`", "#### **`seconds`**"])
def test_a_heading_of_its_own_for_one_argument_of_two_gets_no_second_copy(
    make_repo, run_cli, heading: str
) -> None:
    """``### `seconds` `` alone over the person's text documents that
    argument: an ``Arguments of`` block written beside it would state
    `seconds` a second time (optional, where the person says required).
    The block is reported without a fix; `minutes` is theirs to add."""
    text = WAIT_DOX.replace(LEAD + ITEM, "").replace(
        "## Key Concepts", f"{heading}\nSekunden; required.\n\n## Key Concepts"
    )
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    line = text.splitlines().index(heading) + 1
    assert _findings(run_cli, root) == [
        f"{DOX}:11:1: DOX111 arguments of `WaitTool` are not documented in a form doxtool "
        f"reads (it cannot read line {line} as an `Arguments of `WaitTool`:` line with the "
        "arguments under it)"
    ]
    assert _fixed(run_cli, root) == text


def test_a_heading_saying_more_than_one_arguments_name_is_no_lead(make_repo, run_cli) -> None:
    """Near miss: ``### `seconds` handling`` is about more than the
    argument: the block is missing, and the fix writes it."""
    text = WAIT_DOX.replace(LEAD + ITEM, "").replace(
        "## Key Concepts", "### `seconds` handling\nRounded down.\n\n## Key Concepts"
    )
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    assert [f.split(" DOX111 ")[1] for f in _findings(run_cli, root)] == [
        "arguments of `WaitTool` are not documented (no `Arguments of `WaitTool`:` line) [*]"
    ]
    assert LEAD + TWO_ITEMS in _fixed(run_cli, root)


@pytest.mark.parametrize(
    ("heading", "items"),
    [
        ("## Verification", "- `seconds` 0 returns at once.\n- `minutes` 0 too.\n"),
        ("## Work Guidance", "- `seconds` and `minutes` add up.\n- `minutes` is rare.\n"),
        ("**Notes:**", "- `seconds` is capped.\n- `minutes` is rare.\n"),
        ("**Pitfalls:**", "- `seconds`: never above 60.\n- `minutes`: rarely needed.\n"),
        ("### Examples", "- `seconds`: `5`.\n- `minutes`: `1`.\n"),
        ("**See also:**", "- `seconds`: the wait.\n- `minutes`: the wait.\n"),
    ],
)
def test_a_heading_over_sentences_opening_with_the_arguments_is_no_lead(
    make_repo, run_cli, heading: str, items: str
) -> None:
    """Guidance whose sentences open with the arguments (`` - `seconds` 0
    returns at once.``) lists no arguments: the block is missing, and the
    fix writes it."""
    text = _headed(heading, items)
    root = make_repo(with_files({"tools/wait.py": TWO_PY, DOX: text}))
    assert [f.split(" DOX111 ")[1] for f in _findings(run_cli, root)] == [
        "arguments of `WaitTool` are not documented (no `Arguments of `WaitTool`:` line) [*]"
    ]
    assert LEAD + TWO_ITEMS in _fixed(run_cli, root)


WEB_PY = """\
from helpers.tool import Response, Tool


class FetchTool(Tool):
    async def execute(self, **kwargs) -> Response:
        url = self.args.get("url", "")
        timeout = int(self.args.get("timeout", 10))
        return Response(message=f"{url}{timeout}", break_loop=False)


class PostTool(Tool):
    async def execute(self, **kwargs) -> Response:
        url = self.args.get("url", "")
        timeout = int(self.args.get("timeout", 10))
        return Response(message=f"{url}{timeout}", break_loop=False)
"""
WEB_ITEMS = (
    '  - `url`: optional string, default `""`.\n  - `timeout`: optional integer, default `10`.\n'
)


def test_headings_of_the_arguments_under_another_class_are_not_this_ones(
    make_repo, run_cli
) -> None:
    """``### `url` `` under ``## FetchTool arguments`` documents FetchTool's
    arguments: PostTool's, of the same names, are still missing, with a fix."""
    root = make_repo(with_files({"tools/web.py": WEB_PY, "tools/web.py.dox.md": "# web.py DOX\n"}))
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    path = root / "tools/web.py.dox.md"
    text = path.read_text(encoding="utf-8")
    for owner in ("FetchTool", "PostTool"):
        text = text.replace(f"- Arguments of `{owner}`:\n{WEB_ITEMS}", "")
    text = text.replace(
        "## Key Concepts",
        "## FetchTool arguments\n\n### `url`\nThe page.\n\n### `timeout`\nSeconds.\n\n"
        "## Key Concepts",
    )
    path.write_text(text, encoding="utf-8")
    found = [line.split(" DOX111 ")[1] for line in _findings(run_cli, root)]
    assert found == [
        "arguments of `FetchTool` are not documented in a form doxtool reads (it cannot read "
        f"line {text.splitlines().index('### `url`') + 1} as an `Arguments of `FetchTool`:` "
        "line with the arguments under it)",
        "arguments of `PostTool` are not documented (no `Arguments of `PostTool`:` line) [*]",
    ]
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert f"- Arguments of `PostTool`:\n{WEB_ITEMS}" in path.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "fields",
    [
        "\n:param seconds: how long to wait.\n:type seconds: int\n\n",
        "\nseconds : int, optional\n    How long to wait.\n\n",
        "\nseconds (int, optional): how long to wait.\n\n",
    ],
)
def test_a_docstring_field_list_with_no_lead_gets_no_second_block(
    make_repo, run_cli, fields: str
) -> None:
    """The arguments written as another project's docstring fields (reST,
    numpy, Google), with no lead: reported as not read, and no block is
    written beside them."""
    text = WAIT_DOX.replace(LEAD + ITEM, fields)
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "not documented in a form doxtool reads" in found[0], found
    assert _fixed(run_cli, root) == text


def test_a_label_with_a_colon_is_no_field_list(make_repo, run_cli) -> None:
    """Near miss: ``seconds: ...`` may be a person's label as much as a
    field: with no lead, the block is missing and written."""
    text = WAIT_DOX.replace(LEAD + ITEM, "\nseconds: keep them short.\n\n")
    root = _repo(make_repo, text)
    (found,) = _findings(run_cli, root)
    assert found.endswith("(no `Arguments of `WaitTool`:` line) [*]"), found
    assert LEAD + ITEM in _fixed(run_cli, root)
