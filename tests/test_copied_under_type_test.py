"""A conversion under a test of the value for that very type, beside a test
for another (``if isinstance(s, str): data = {"minute": s}``, ``elif
isinstance(s, dict): data = dict(s)``), copies what is already of that
type: the other types are taken as they are, so no type is claimed. A
conversion under a test for another type (``if isinstance(n, str): n =
int(n)``) still makes the one type. Both walks say the same."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import WALKS, tool_module

COPIES = {
    "a dict copied beside a string": ('A.get("s", {})', "dict", "dict"),
    "a list copied beside a string": ('A.get("s", [])', "list", "list"),
    "a tuple made a list beside a string": ('A.get("s", [])', "tuple", "list"),
    "an integer converted beside a string": ('A.get("s", 0)', "int", "int"),
}


def _code(read: str, tested: str, made: str) -> str:
    return dedent(
        f"""\
        s = {read}
        if isinstance(s, str):
            data = {{"minute": s}}
        elif isinstance(s, {tested}):
            data = {made}(s)
        else:
            data = None
        """
    )


def _type(run_cli, root) -> object:
    (s,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == "s"]
    return s["type"]


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(COPIES))
def test_a_copy_under_its_own_type_test_claims_no_type(
    run_cli, make_repo, walk: str, shape: str
) -> None:
    root = make_repo(WALKS[walk](_code(*COPIES[shape])))
    assert _type(run_cli, root) is None


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_conversion_of_another_type_still_makes_one(run_cli, make_repo, walk: str) -> None:
    code = dedent(
        """\
        n = A.get("n", 0)
        if isinstance(n, str):
            n = int(n)
        data = n + 1
        """
    )
    root = make_repo(WALKS[walk](code))
    (n,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == "n"]
    assert n["type"] == "integer"


def test_the_companion_line_names_no_type(run_cli, make_repo) -> None:
    root = make_repo(WALKS["tool"](_code(*COPIES["a dict copied beside a string"])))
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert "  - `s`: optional, default `{}`.\n" in text, text
