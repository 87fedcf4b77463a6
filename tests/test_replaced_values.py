"""An argument's missing value handed to a helper of another module that
replaces it (:mod:`doxtool.python.replacedvalues`): ``execute(self,
limit=None)`` then ``run(query, limit)``, where ``run`` starts with ``limit
= int(limit) if limit else 10``, has the default ``10``, not ``null``;
a hand-off the helper's value cannot be told of states none."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HELPER = """\
def run(query, limit=None):
    limit = int(limit) if limit else 10
    return query * limit


def keep(query, limit=None):
    return f"{query} {limit}"
"""


def _tool(params: str, *lines: str) -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        "from helpers.search import keep, run\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class Search(Tool):\n"
        f"    async def execute(self, {params}, **kwargs) -> Response:\n"
        f"{body}"
    )


def _limit(run_cli, root: Path) -> tuple[Any, ...]:
    result = run_cli(root, "inspect", "tools/search.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (limit,) = [a for a in tool["arguments"] if a["name"] == "limit"]
    return limit["has_default"], limit["default"], limit["default_unknown"]


KNOWN_10 = (True, 10, False)
UNKNOWN = (False, None, True)


@pytest.mark.parametrize(
    ("params", "lines", "expected"),
    [
        # handed on every call: the helper's value
        (
            'query="", limit=None',
            ("return Response(message=run(query, limit), break_loop=False)",),
            KNOWN_10,
        ),
        (
            'query="", limit=None',
            ("text = run(query, limit=limit)", "return Response(message=text, break_loop=False)"),
            KNOWN_10,
        ),
        # handed on some calls only: which one a missing value gives is not known
        (
            'query="", limit=None',
            (
                "if query:",
                "    return Response(message=run(query, limit), break_loop=False)",
                "return Response(message=str(limit), break_loop=False)",
            ),
            UNKNOWN,
        ),
        # another empty literal than the one the helper replaces: not evaluated here
        (
            'query="", limit=""',
            ("return Response(message=run(query, limit), break_loop=False)",),
            UNKNOWN,
        ),
        # a value a caller may pass is no mark of a missing one: it stays
        (
            'query="", limit=5',
            ("return Response(message=run(query, limit), break_loop=False)",),
            (True, 5, False),
        ),
        # a helper that keeps what it is handed: the tool's ``null`` holds
        (
            'query="", limit=None',
            ("return Response(message=keep(query, limit), break_loop=False)",),
            (True, None, False),
        ),
    ],
)
def test_a_missing_value_a_helper_replaces(
    run_cli, make_repo, params: str, lines: tuple[str, ...], expected: tuple[Any, ...]
) -> None:
    root = make_repo({"helpers/search.py": HELPER, "tools/search.py": _tool(params, *lines)})
    assert _limit(run_cli, root) == expected


def test_a_person_s_default_is_kept_by_the_fix(run_cli, make_repo) -> None:
    """The companion that states the helper's ``10`` is right: no finding, and
    ``check --fix`` leaves the line as written."""
    tool = _tool(
        'query="", limit=None',
        "return Response(message=run(query, limit), break_loop=False)",
    )
    root = make_repo({"helpers/search.py": HELPER, "tools/search.py": tool})
    result = run_cli(root, "check", "--fix", "--select", "DOX")
    companion = root / "tools/search.py.dox.md"
    text = companion.read_text()
    assert "  - `limit`: optional, default `10`.\n" in text, text
    text = text.replace(
        "  - `limit`: optional, default `10`.", "  - `limit`: optional integer, default `10`."
    )
    companion.write_text(text)
    result = run_cli(root, "check", "--select", "DOX111", "tools/search.py")
    assert result.exit_code == 0, result.output
    assert "DOX111" not in result.output
