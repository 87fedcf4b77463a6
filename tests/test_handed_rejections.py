"""A function of another module handed the tool's arguments refuses what
its checks refuse, as the tool's own code does: a default no test of a
chain (``if``/``elif``/``else: raise``, ``match`` with ``case _: raise``,
``if mode not in (...): raise``) takes makes the key needed, and a key
whose presence a raise refuses (``if "debug" in args: raise ...``) is no
argument. A ``case _`` that answers, a case that takes any value, or a
``try`` that recovers leave the default or the key."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest

TOOL = """\
from helpers.tool import Response, Tool
from helpers.picking import pick


class Pick(Tool):
    async def execute(self, **kwargs):
        return Response(message=pick(self.args), break_loop=False)
"""


def _arguments(run_cli, make_repo, body: str) -> dict[str, dict[str, Any]]:
    helper = "def pick(args):\n" + indent(dedent(body), " " * 4)
    root: Path = make_repo({"tools/pick.py": TOOL, "helpers/picking.py": helper})
    result = run_cli(root, "inspect", "tools/pick.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}


def _claims(argument: dict[str, Any]) -> tuple[Any, ...]:
    return argument["required"], argument["has_default"], argument["enum"]


@pytest.mark.parametrize(
    "check",
    [
        """\
        if mode == "fast":
            return "quick"
        elif mode == "slow":
            return "careful"
        else:
            raise ValueError("bad mode")
        """,
        """\
        match mode:
            case "fast":
                return "quick"
            case "slow":
                return "careful"
            case _:
                raise ValueError("bad mode")
        """,
        """\
        if mode not in ("fast", "slow"):
            raise ValueError("bad mode")
        return mode
        """,
        """\
        if mode == "fast":
            return "quick"
        elif mode == "slow":
            raise ValueError("not now")
        raise ValueError("bad mode")
        """,
    ],
)
def test_a_default_the_helper_refuses_makes_the_key_needed(run_cli, make_repo, check: str) -> None:
    body = 'mode = args.get("mode", "auto")\n' + dedent(check)
    mode = _arguments(run_cli, make_repo, body)["mode"]
    assert _claims(mode) == (True, False, ["fast", "slow"])


@pytest.mark.parametrize(
    ("second", "last"),
    [('"slow"', 'return "other"'), ("str()", 'raise ValueError("bad mode")')],
)
def test_a_match_that_may_take_the_default_leaves_it(
    run_cli, make_repo, second: str, last: str
) -> None:
    body = f"""\
        mode = args.get("mode", "auto")
        match mode:
            case "fast":
                return "quick"
            case {second}:
                return "careful"
            case _:
                {last}
        """
    mode = _arguments(run_cli, make_repo, body)["mode"]
    assert (mode["required"], mode["default"]) == (False, "auto")


@pytest.mark.parametrize(
    "chain",
    [
        # an arm that goes on past the chain: the ``raise`` is not all the rest
        'if mode == "fast":\n    note = "quick"\nelif mode == "slow":\n    return "careful"\n',
        # nothing raises past the chain
        'if mode == "fast":\n    return "quick"\nelif mode == "slow":\n    return "careful"\n',
    ],
)
def test_a_chain_with_no_else_refuses_only_past_arms_that_all_end(
    run_cli, make_repo, chain: str
) -> None:
    last = 'raise ValueError("bad mode")' if "note" in chain else 'return "other"'
    body = 'mode = args.get("mode", "auto")\n' + chain + last + "\n"
    mode = _arguments(run_cli, make_repo, body)["mode"]
    assert (mode["required"], mode["default"], mode["enum"]) == (False, "auto", None)


def test_a_key_the_helper_refuses_when_present_is_not_taken(run_cli, make_repo) -> None:
    body = """\
        if "debug" in args:
            raise ValueError("debug is not accepted")
        return args.get("text", "")
        """
    assert list(_arguments(run_cli, make_repo, body)) == ["text"]


@pytest.mark.parametrize(
    "body",
    [
        """\
        try:
            if "debug" in args:
                raise ValueError("debug is not accepted")
        except ValueError:
            pass
        return "ran"
        """,
        """\
        if "debug" in args:
            return "usage: pick"
        return "ran"
        """,
        """\
        if args.get("mode") == "strict":
            if "debug" in args:
                raise ValueError("debug is not accepted")
        return f"{args.get('debug')}"
        """,
    ],
)
def test_a_key_recovered_answered_or_read_elsewhere_stays_an_argument(
    run_cli, make_repo, body: str
) -> None:
    assert "debug" in _arguments(run_cli, make_repo, body)
