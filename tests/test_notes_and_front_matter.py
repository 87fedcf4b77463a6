"""A ``.`` or ``;`` inside a person's parenthetical does not end an item
list; a missing title goes after the YAML front matter, not above it."""

from __future__ import annotations

from samples import clean_files

from doxtool.companions.factlines import split_list
from doxtool.rules.examples import WAIT_DOX

DOX = "tools/wait.py.dox.md"
IMPORTS = "- Imported dependency areas include: `helpers.tool`.\n"


def test_a_separator_inside_parentheses_does_not_end_the_list() -> None:
    assert split_list("`a` (i.e. `b`), `c`. Words") == ("`a` (i.e. `b`), `c`", " Words", True)
    assert split_list("`a` (x; y), `c`; more") == ("`a` (x; y), `c`", "; more", True)
    # a parenthesis never closed: its first separator ends the list
    assert split_list("`a` (see. `b`") == ("`a` (see", " `b`", True)


def test_items_after_a_note_with_a_full_stop_are_listed(make_repo, run_cli) -> None:
    py = clean_files()["tools/wait.py"].replace(
        "from helpers.tool import Response, Tool\n",
        "import asyncio\nfrom helpers.tool import Response, Tool\n",
    )
    lines = [
        "- Imported dependency areas include: `asyncio` (i.e. `sleep`), `helpers.tool`.\n",
        "- Imported dependency areas include: `asyncio` (loop; sleep), `helpers.tool`.\n",
    ]
    for line in lines:
        root = make_repo(
            {**clean_files(), "tools/wait.py": py, DOX: WAIT_DOX.replace(IMPORTS, line)}
        )
        assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"


def test_a_missing_title_goes_after_the_front_matter(make_repo, run_cli) -> None:
    front = "---\nowner: ops-team\n---\n"
    text = front + WAIT_DOX.replace("# wait.py DOX\n", "")
    root = make_repo({**clean_files(), DOX: text})
    output = run_cli(root, "check", "--no-cache").output
    assert output.splitlines()[0] == (
        f"{DOX}:1:1: DOX101 companion has no title; expected `# wait.py DOX` [*]"
    )
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == front + "\n" + WAIT_DOX
    assert run_cli(root, "check", "--no-cache").output == "All checks passed.\n"
