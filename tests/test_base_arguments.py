"""Arguments a companion documents once, under the base class whose methods
read them (``Arguments of `BaseSearchTool`:``), for the tools deriving from
it: not missing from each tool's block, and never written there again."""

from __future__ import annotations

from pathlib import Path

DOX = "tools/search.py.dox.md"
SEARCH_PY = """\
from helpers.tool import Response, Tool


class BaseSearchTool(Tool):
    def query(self) -> str:
        return self.args.get("query", "")


class WebSearch(BaseSearchTool):
    async def execute(self, **kwargs) -> Response:
        return Response(message=self.query(), break_loop=False)


class NewsSearch(BaseSearchTool):
    async def execute(self, **kwargs) -> Response:
        site = self.args.get("site", "")
        return Response(message=self.query() + site, break_loop=False)
"""
BASE_BLOCK = """\
- Arguments of `BaseSearchTool` (shared by the tools below):
  - `query`: optional string, default `""`.
"""
CONTRACTS = """\
- `WebSearch` is a `BaseSearchTool`.
- `WebSearch` defines `execute(...)`.
- `break_loop` of `WebSearch`: always `false`.
- `NewsSearch` is a `BaseSearchTool`.
- `NewsSearch` defines `execute(...)`.
- Arguments of `NewsSearch` (plus those of the base):
  - `site`: optional string, default `""`.
- `break_loop` of `NewsSearch`: always `false`.
"""


def _repo(make_repo, run_cli, contracts: str) -> Path:
    """The module with a companion ``--fix`` wrote, its Runtime Contracts'
    tool lines replaced by ``contracts``."""
    root = make_repo({"tools/search.py": SEARCH_PY})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    text = (root / DOX).read_text(encoding="utf-8")
    start = text.index("- `WebSearch` is a")
    end = text.index("- Observed side-effect areas")
    (root / DOX).write_text(text[:start] + contracts + text[end:], encoding="utf-8")
    return root


def _dox111(run_cli, root: Path) -> list[str]:
    output = run_cli(root, "check", "--no-cache", "--select", "DOX111").output
    return [line for line in output.splitlines() if ": DOX" in line]


def _fixed(run_cli, root: Path) -> str:
    """The companion after ``--fix``; a second ``--fix`` changes nothing."""
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX111")
    fixed = (root / DOX).read_text(encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX111")
    assert (root / DOX).read_text(encoding="utf-8") == fixed
    return fixed


def test_arguments_documented_under_the_base_are_not_missing(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli, BASE_BLOCK + CONTRACTS)
    before = (root / DOX).read_text(encoding="utf-8")
    assert _dox111(run_cli, root) == []
    assert _fixed(run_cli, root) == before


def test_without_the_base_block_each_tool_lists_them(make_repo, run_cli) -> None:
    """Near miss: with no block of the base's, ``query`` is each tool's."""
    root = _repo(make_repo, run_cli, CONTRACTS)
    found = _dox111(run_cli, root)
    assert len(found) == 2, found
    assert "arguments of `WebSearch` are not documented" in found[0]
    assert "argument `query` is read at tools/search.py:6 but not documented" in found[1]
    fixed = _fixed(run_cli, root)
    assert fixed.count("  - `query`: optional string") == 2


def test_an_argument_the_tool_also_reads_itself_stays_its_own(make_repo, run_cli) -> None:
    """Near miss: ``NewsSearch`` reads ``query`` in its own ``execute`` too:
    the base's block is not all of what it does with it."""
    code = SEARCH_PY.replace(
        '        site = self.args.get("site", "")\n',
        '        site = self.args.get("site", "")\n        self.args.get("query")\n',
    )
    root = _repo(make_repo, run_cli, BASE_BLOCK + CONTRACTS)
    (root / "tools/search.py").write_text(code, encoding="utf-8")
    found = _dox111(run_cli, root)
    assert len(found) == 1 and "argument `query` is read at" in found[0], found
    assert '  - `site`: optional string, default `""`.\n  - `query`: ' in _fixed(run_cli, root)


def test_a_base_item_the_code_contradicts_documents_nothing(make_repo, run_cli) -> None:
    """Near miss: the base's block calls ``query`` required, but the base
    reads it with a default: the item is not the argument's documentation,
    and each tool is asked for it, as with no base block."""
    wrong = BASE_BLOCK.replace('optional string, default `""`', "required")
    root = _repo(make_repo, run_cli, wrong + CONTRACTS)
    found = _dox111(run_cli, root)
    assert len(found) == 2, found
    assert "arguments of `WebSearch` are not documented" in found[0]
    assert "argument `query` is read at tools/search.py:6 but not documented" in found[1]
