"""An argument's missing value handed to a helper of another module that
replaces it (:mod:`doxtool.python.replacedvalues`): ``execute(self,
limit=None)`` then ``run(query, limit)``, where ``run`` starts with ``limit
= int(limit) if limit else 10``, is ``None`` in the tool and ``10`` in the
helper: no default is claimed, neither ``null`` nor ``10``."""

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


UNKNOWN = (False, None, True)


@pytest.mark.parametrize(
    ("params", "lines", "expected"),
    [
        # handed on every call: the tool's None, the helper's 10
        (
            'query="", limit=None',
            ("return Response(message=run(query, limit), break_loop=False)",),
            UNKNOWN,
        ),
        (
            'query="", limit=None',
            ("text = run(query, limit=limit)", "return Response(message=text, break_loop=False)"),
            UNKNOWN,
        ),
        # handed on some calls only
        (
            'query="", limit=None',
            (
                "if query:",
                "    return Response(message=run(query, limit), break_loop=False)",
                "return Response(message=str(limit), break_loop=False)",
            ),
            UNKNOWN,
        ),
        # another empty literal
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


@pytest.mark.parametrize("stated", ["optional integer, default `10`", "optional, default `null`"])
def test_a_person_s_default_is_kept_by_the_fix(run_cli, make_repo, stated: str) -> None:
    """A companion stating the helper's ``10`` or the tool's ``null`` is not
    called wrong, and ``check --fix`` leaves the line as written."""
    tool = _tool(
        'query="", limit=None',
        "return Response(message=run(query, limit), break_loop=False)",
    )
    root = make_repo({"helpers/search.py": HELPER, "tools/search.py": tool})
    run_cli(root, "check", "--fix", "--select", "DOX")
    companion = root / "tools/search.py.dox.md"
    text = companion.read_text()
    assert "  - `limit`: optional.\n" in text, text
    text = text.replace("  - `limit`: optional.", f"  - `limit`: {stated}.")
    companion.write_text(text)
    result = run_cli(root, "check", "--select", "DOX111", "tools/search.py")
    assert result.exit_code == 0, result.output
    run_cli(root, "check", "--fix", "--select", "DOX")
    assert f"  - `limit`: {stated}.\n" in companion.read_text()
