"""A dispatch on which arguments are there (``if "open" in A: ... elif
"replace" in A: A["start"] ...``): a read that raises without its key in
the branch an earlier key's absence reaches makes that key and the read's
one of two needed (alternatives) only when nothing else decides the
branch; where another key's presence takes it (an ``elif "b" in A``), a
call with neither key reads nothing there, so no alternative is claimed
and the read is needed on some calls only. The libcst walk of a tool and
the ``ast`` walk of a helper of another module say the same."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import HELPER_TOOL, as_helper, as_tool, kind, tool_module

#: (code reading the dict ``A``, each argument's kind)
SHAPES: dict[str, tuple[str, dict[str, str]]] = {
    "an elif on another key's presence": (
        """\
        if "a" in A:
            r = A["a"]
        elif "b" in A:
            r = A["c"]
        else:
            r = "none"
        """,
        {"a": "optional", "b": "optional", "c": "unknown"},
    ),
    "a presence test nested in the else": (
        """\
        if "a" not in A:
            if "b" in A:
                r = A["c"]
        """,
        {"a": "optional", "b": "optional", "c": "unknown"},
    ),
    "a truthy argument nested in the else": (
        """\
        if "a" in A:
            r = A["a"]
        elif A.get("b"):
            r = A["c"]
        """,
        {"a": "optional", "b": "optional", "c": "unknown"},
    ),
    "the else of a presence test alone": (
        """\
        if "a" in A:
            r = A["a"]
        else:
            r = A["c"]
        """,
        {"a": "one of c", "c": "one of a"},
    ),
}

#: the ``ast`` walk reads no truthiness test as a key's presence
HELPER_ONLY_DIFFERS: set[str] = set()


def _kinds(run_cli, root) -> dict[str, str]:
    return {a["name"]: kind(a) for a in tool_module(run_cli, root)["arguments"]}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_tool_claims_no_alternative_another_key_decides(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"tools/t.py": as_tool(dedent(code), "A")})
    assert _kinds(run_cli, root) == expected


@pytest.mark.parametrize("shape", sorted(set(SHAPES) - HELPER_ONLY_DIFFERS))
def test_a_helper_of_another_module_reads_the_same(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"helpers/fmt.py": as_helper(dedent(code), "A"), "tools/t.py": HELPER_TOOL})
    assert _kinds(run_cli, root) == expected


def test_no_alternative_reaches_the_schema(run_cli, make_repo) -> None:
    code, _ = SHAPES["an elif on another key's presence"]
    root = make_repo({"tools/t.py": as_tool(dedent(code), "A")})
    result = run_cli(root, "schema", "tools/t.py")
    assert result.exit_code == 0, result.output
    assert "anyOf" not in result.output
