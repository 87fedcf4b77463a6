"""A read whose default is another read (``args.get("a", args.get("b"))``)
holds either argument's value: a test of its type or a conversion of it is
one of each, as for ``args.get("a") or args.get("b")``."""

from __future__ import annotations

from bothwalks import EXECUTE_HEAD, tool_module


def _arguments(run_cli, make_repo, body: str) -> dict[str, dict]:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}


def test_a_type_test_of_the_value_covers_the_inner_read(run_cli, make_repo) -> None:
    """``isinstance(x, list)`` else ``str(x)``: the inner read's ``[]`` makes it no list only."""
    body = (
        '        x = self.args.get("profiles", self.args.get("profile", []))\n'
        "        if isinstance(x, list):\n"
        "            found = x\n"
        "        else:\n"
        "            found = [str(x)]\n"
        "        return Response(message=str(found), break_loop=False)\n"
    )
    found = _arguments(run_cli, make_repo, body)
    assert found["profile"]["type"] is None
    assert found["profile"]["default"] == []


def test_a_conversion_of_the_value_converts_either_argument(run_cli, make_repo) -> None:
    body = (
        '        x = self.args.get("count", self.args.get("n"))\n'
        "        return Response(message=str(int(x) + 1), break_loop=False)\n"
    )
    found = _arguments(run_cli, make_repo, body)
    assert found["count"]["type"] == "integer"
    assert found["n"]["type"] == "integer"


def test_a_check_refusing_the_chain_leaves_its_last_default_unclaimed(run_cli, make_repo) -> None:
    """``q`` gives its ``""`` only with ``query`` missing too, and the check
    refuses that: one of the two is needed and ``""`` is no default, as for
    ``args.get("query") or args.get("q", "")``."""
    body = (
        '        q = self.args.get("query", self.args.get("q", ""))\n'
        "        if not q:\n"
        '            raise ValueError("query is required")\n'
        "        return Response(message=q.strip(), break_loop=False)\n"
    )
    found = _arguments(run_cli, make_repo, body)
    assert found["q"]["has_default"] is False
    assert (found["q"]["alternatives"], found["query"]["alternatives"]) == (["query"], ["q"])
    assert not found["q"]["required"] and not found["q"]["alternatives_optional"]
