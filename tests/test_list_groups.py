"""A list written in groups on one line, a ``;`` between them and each with
its parenthetical (`` `a`, `b` (public); `_c` (private). ``), is one list:
every group's names are read, none is reported missing, and ``--fix``
writes none of them again. A ``;`` followed by prose still ends the list."""

from __future__ import annotations

from pathlib import Path

from samples import WAIT_PROMPT, WRAPPER

from doxtool.companions.factlines import split_list
from doxtool.rules.examples import WAIT_PY

MODULE = (
    WAIT_PY.replace("        seconds = ", "        self.agent.get_data('k')\n        seconds = ")
    + """

LIMIT = 3
OTHER = 4
_SECRET = 5


def alpha():
    return 1


def beta():
    return 2


def _gamma():
    return 3
"""
)


def _repo(make_repo, run_cli) -> Path:
    root: Path = make_repo(
        {
            "tools/wait.py": MODULE,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    run_cli(root, "check", "--fix", "--no-cache")
    return root


def _rewrite(companion: Path, lead: str, line: str) -> None:
    lines = companion.read_text().splitlines(keepends=True)
    at = next(i for i, text in enumerate(lines) if text.startswith(lead))
    end = at + 1
    while end < len(lines) and lines[end].startswith("- `") and lead.endswith("functions:"):
        end += 1  # the generated list's items under its lead
    lines[at:end] = [line + "\n"]
    companion.write_text("".join(lines))


def test_groups_of_one_list_are_all_read(make_repo, run_cli) -> None:
    root = _repo(make_repo, run_cli)
    companion = root / "tools" / "wait.py.dox.md"
    _rewrite(
        companion,
        "- Notable constants/configuration names:",
        "- Notable constants/configuration names: `LIMIT`, `OTHER`; `_SECRET` (private).",
    )
    _rewrite(
        companion,
        "- Top-level functions:",
        "- Top-level functions: `alpha`, `beta` (public); `_gamma` (private).",
    )
    _rewrite(
        companion,
        "- Important called helpers/classes observed in the source:",
        "- Important called helpers/classes observed in the source: `Response` (the result); "
        "`self.agent.get_data` (agent state).",
    )
    written = companion.read_text()
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    run_cli(root, "check", "--fix", "--no-cache")
    assert companion.read_text() == written


def test_a_clause_after_a_semicolon_ends_the_list() -> None:
    assert split_list("`a`, `b`; `json` was dropped.") == (
        "`a`, `b`",
        "; `json` was dropped.",
        True,
    )
    assert split_list("`a`, `b` (public); `_c` (private). More.") == (
        "`a`, `b` (public); `_c` (private)",
        " More.",
        True,
    )
    assert split_list("`a`; `b`, and `c`") == ("`a`; `b`, and `c`", "", False)
