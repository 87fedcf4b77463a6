"""A ``#`` comment in a companion's YAML front matter is no title; the
modules, names and constants nested under an imports, called helpers or
constants lead (`` - `asyncio` `` under ``- Imported dependency areas
include:``) are that line's list, read and judged, never rewritten into a
second copy."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import clean_files

from doxtool.rules.examples import WAIT_DOX

DOX = "tools/wait.py.dox.md"
TITLE = "# wait.py DOX\n"
IMPORTS = "- Imported dependency areas include: `helpers.tool`.\n"
HELPERS = "- Important called helpers/classes observed in the source: `Response`.\n"
ASYNC_PY = clean_files()["tools/wait.py"].replace(
    "from helpers.tool import Response, Tool\n",
    "import asyncio\nfrom helpers.tool import Response, Tool\n",
)


def _repo(make_repo, text: str, py: str | None = None) -> Path:
    files = {**clean_files(), DOX: text}
    if py is not None:
        files["tools/wait.py"] = py
    return make_repo(files)


def _findings(run_cli, root: Path) -> list[str]:
    return [
        line for line in run_cli(root, "check", "--no-cache").output.splitlines() if ": DOX" in line
    ]


def _fixed(run_cli, root: Path) -> str:
    """The companion after a fix, unsafe fixes included; a second changes nothing."""
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    fixed = (root / DOX).read_text(encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert (root / DOX).read_text(encoding="utf-8") == fixed
    return fixed


FRONT = "---\n# docs-site metadata\ntitle: Wait tool\n---\n"


@pytest.mark.parametrize("between", ["", "\n"])
def test_a_comment_in_the_front_matter_is_no_title(make_repo, run_cli, between: str) -> None:
    text = FRONT + between + WAIT_DOX
    root = _repo(make_repo, text)
    assert _findings(run_cli, root) == []
    assert _fixed(run_cli, root) == text


def test_the_title_after_the_front_matter_is_still_judged(make_repo, run_cli) -> None:
    """Near miss: a wrong title after the front matter is reported at its line."""
    text = FRONT + WAIT_DOX.replace(TITLE, "# sleep.py DOX\n")
    root = _repo(make_repo, text)
    assert _findings(run_cli, root) == [
        f"{DOX}:5:1: DOX101 title `# sleep.py DOX` should be `# wait.py DOX` [*]"
    ]
    assert _fixed(run_cli, root) == FRONT + WAIT_DOX


def test_a_companion_with_only_a_comment_in_the_front_matter_gets_its_title(
    make_repo, run_cli
) -> None:
    text = FRONT + WAIT_DOX.replace(TITLE, "")
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert found == [f"{DOX}:1:1: DOX101 companion has no title; expected `# wait.py DOX` [*]"]
    assert _fixed(run_cli, root) == FRONT + "\n" + WAIT_DOX


NESTED_IMPORTS = "- Imported dependency areas include:\n  - `asyncio`\n  - `helpers.tool`\n"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (IMPORTS, NESTED_IMPORTS),
        (
            IMPORTS,
            "- Imported dependency areas include:\n  * `asyncio` for the sleep\n  * `helpers.tool`\n",
        ),
        (HELPERS, "- Important called helpers/classes observed in the source:\n  - `Response`\n"),
    ],
)
def test_items_nested_under_a_list_lead_are_its_list(
    make_repo, run_cli, old: str, new: str
) -> None:
    text = WAIT_DOX.replace(old, new)
    root = _repo(make_repo, text, ASYNC_PY if old == IMPORTS else None)
    assert _findings(run_cli, root) == []
    assert _fixed(run_cli, root) == text


def test_a_missing_or_stale_nested_item_is_reported_and_never_rewritten(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(
        IMPORTS, "- Imported dependency areas include:\n  - `helpers.tool`\n  - `os`\n"
    )
    root = _repo(make_repo, text, ASYNC_PY)
    found = _findings(run_cli, root)
    assert len(found) == 2, found
    assert "imports `asyncio`" in found[0] and "does not list" in found[0]
    assert "no longer imports `os` (documented at line 20)" in found[1]
    assert not any(f.endswith(("[*]", "[!]")) for f in found)
    assert _fixed(run_cli, root) == text


def test_a_stale_nested_helper_is_reported(make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(
        HELPERS,
        "- Important called helpers/classes observed in the source:\n  - `Response`\n  - `gone`\n",
    )
    root = _repo(make_repo, text)
    found = _findings(run_cli, root)
    assert len(found) == 1 and "no longer calls or names `gone`" in found[0], found
    assert _fixed(run_cli, root) == text


def test_a_lead_with_nothing_after_its_colon_is_completed_with_a_space(make_repo, run_cli) -> None:
    """Near miss: no item under it; the fix writes the list after the colon."""
    text = WAIT_DOX.replace(IMPORTS, "- Imported dependency areas include:\n")
    root = _repo(make_repo, text)
    assert _fixed(run_cli, root) == WAIT_DOX


def test_a_list_written_on_the_line_is_still_rewritten(make_repo, run_cli) -> None:
    """Near miss: the grammar's own line gains a missing import in place."""
    root = _repo(make_repo, WAIT_DOX, ASYNC_PY)
    assert _fixed(run_cli, root) == WAIT_DOX.replace(
        IMPORTS, "- Imported dependency areas include: `asyncio`, `helpers.tool`.\n"
    )
