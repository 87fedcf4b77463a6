"""An argument item that says its argument is gone (``(removed in v2)``,
``deprecated, ignored since v2``, ``no longer read``, ``(veraltet)``) states
what the code does: DOX111 does not call it an argument the code never
reads, and no fix removes it; the arguments its block lacks are added
after its last item. An argument the code reads is judged as ever."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.companions.goneitems import says_gone
from doxtool.rules.examples import WAIT_DOX, with_files

DOX = "tools/wait.py.dox.md"
SECONDS = "  - `seconds`: optional integer, default `0`.\n"

WAIT_PY = """\
from helpers.tool import Response, Tool


class WaitTool(Tool):
    async def execute(self, **kwargs) -> Response:
        seconds = int(self.args.get("seconds", 0))
        minutes = int(self.args.get("minutes", 0))
        return Response(message=f"{seconds} {minutes}", break_loop=False)
"""
MINUTES = "  - `minutes`: optional integer, default `0`.\n"

GONE = [
    "  - `hours`: optional integer (deprecated, ignored since v2).\n",
    "  - `hours`: removed; use `minutes`.\n",
    "  - `hours`: no longer read.\n",
    "  - `hours`: optional integer. Deprecated.\n",
    "  - `hours` (removed in v2)\n",
    "  - `hours` — veraltet\n",
    "  - `hours` (已弃用)\n",
    "  - **hours** (obsoleto)\n",
]


def _repo(make_repo, dox: str) -> Path:
    return make_repo(with_files({"tools/wait.py": WAIT_PY, DOX: dox}))


def _findings(run_cli, root: Path) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    return [line for line in result.output.splitlines() if "DOX111" in line]


@pytest.mark.parametrize("gone", GONE)
def test_an_item_saying_its_argument_is_gone_is_no_finding(make_repo, run_cli, gone) -> None:
    root = _repo(make_repo, WAIT_DOX.replace(SECONDS, SECONDS + MINUTES + gone))
    assert _findings(run_cli, root) == []


@pytest.mark.parametrize("gone", GONE[:4])
def test_a_fix_keeps_the_gone_item_and_adds_the_missing_one(make_repo, run_cli, gone) -> None:
    root = _repo(make_repo, WAIT_DOX.replace(SECONDS, SECONDS + gone))
    (finding,) = _findings(run_cli, root)
    assert "argument `minutes` is read" in finding and finding.endswith("[*]")
    run_cli(root, "check", "--no-cache", "--fix")
    text = (root / DOX).read_text(encoding="utf-8")
    assert SECONDS + gone + MINUTES in text
    assert _findings(run_cli, root) == []
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize("gone", GONE[4:])
def test_no_fix_removes_a_gone_item_of_a_persons_spelling(make_repo, run_cli, gone) -> None:
    # (an item in a person's spelling: the block gains no item by a fix)
    dox = WAIT_DOX.replace(SECONDS, SECONDS + gone)
    root = _repo(make_repo, dox)
    (finding,) = _findings(run_cli, root)
    assert "argument `minutes` is read" in finding
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes")
    assert (root / DOX).read_text(encoding="utf-8") == dox


@pytest.mark.parametrize(
    "item",
    [
        "  - `hours`: optional integer.\n",
        "  - `hours`: removed files are kept.\n",
        "  - `hours`: active, deprecated or done.\n",
        "  - `hours`: not deprecated.\n",
        # (when the code sets a value aside, not a version it went in)
        "  - `hours`: list of ids; removed after use.\n",
        "  - `hours`: optional boolean (ignored for local files).\n",
        "  - `hours`: optional boolean. Ignored in dry runs.\n",
        "  - `hours`: optional integer; dropped after 3 retries.\n",
        # (words saying the argument is still read, or when it is not)
        "  - `hours`: optional integer (deprecated, still read as a fallback).\n",
        "  - `hours`: deprecated, but honoured until v3.\n",
        "  - `hours`: ignored, unless `minutes` is zero.\n",
    ],
)
def test_an_item_not_saying_so_is_still_unread(make_repo, run_cli, item) -> None:
    root = _repo(make_repo, WAIT_DOX.replace(SECONDS, SECONDS + MINUTES + item))
    (finding,) = _findings(run_cli, root)
    assert "argument `hours` is documented but `WaitTool` never reads it" in finding


@pytest.mark.parametrize("cell", ["removed in v2", "(deprecated)", "**Obsolete**"])
def test_a_table_row_saying_its_argument_is_gone_is_no_finding(make_repo, run_cli, cell) -> None:
    table = (
        "| Name | Type | Notes |\n|---|---|---|\n| `seconds` | integer | |\n"
        f"| `minutes` | integer | |\n| `hours` | integer | {cell} |\n"
    )
    lead = "- Arguments of `WaitTool`:\n"
    root = _repo(make_repo, WAIT_DOX.replace(lead + SECONDS, lead + "\n" + table + "\n"))
    assert _findings(run_cli, root) == []


def test_an_argument_read_is_judged_whatever_its_item_says(make_repo, run_cli) -> None:
    item = "  - `minutes`: required string. Deprecated.\n"
    root = _repo(make_repo, WAIT_DOX.replace(SECONDS, SECONDS + item))
    assert any("`minutes` is documented as required" in f for f in _findings(run_cli, root))


@pytest.mark.parametrize(
    ("prose", "gone"),
    [
        (" (removed in 2.0)", True),
        (": deprecated in favour of `url`", True),
        (" (устарел)", True),
        (": deprecated as of version 1.4", True),
        (": unsupported in async mode.", False),
        (": one of `active`, `removed`.", False),
        (": the removed entries.", False),
    ],
)
def test_says_gone(prose: str, gone: bool) -> None:
    assert says_gone(prose) is gone
