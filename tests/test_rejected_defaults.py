"""A default outside the values a rejecting test lists (``mode =
args.get("mode", "auto")``, then ``if mode not in ("fast", "slow"): return
Response(error)``): every call that leaves the key out reaches the error,
so the key is needed where the test runs on every call; on some calls
only, whether it is needed is not known. A default the test lists, or one
a handler of the raise recovers from, stays a default."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Pick(Tool):
    async def execute(self, **kwargs):
"""

BAD = 'return Response(message="bad mode", break_loop=False)'
DONE = 'return Response(message=f"{mode}", break_loop=False)'


def _mode(run_cli, make_repo, body: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/pick.py": HEAD + indent(dedent(body), " " * 8)})
    result = run_cli(root, "inspect", "tools/pick.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == "mode"]
    return argument


def _claims(argument: dict[str, Any]) -> tuple[Any, ...]:
    return (
        argument["required"],
        argument["required_unknown"],
        argument["has_default"],
        argument["default"],
        argument["enum"],
    )


@pytest.mark.parametrize(
    "check",
    [
        f'if mode not in ("fast", "slow"):\n    {BAD}',
        f'if mode not in {{"fast", "slow"}}:\n    {BAD}',
        f'if mode != "fast" and mode != "slow":\n    {BAD}',
        'if mode not in ("fast", "slow"):\n    raise ValueError("bad mode")',
        'assert mode in ("fast", "slow")',
    ],
)
def test_a_default_the_rejecting_test_refuses_on_every_call_is_none(
    run_cli, make_repo, check: str
) -> None:
    body = f'mode = self.args.get("mode", "auto")\n{check}\n{DONE}\n'
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow"])


def test_a_fallback_the_rejecting_test_refuses_makes_the_key_needed(run_cli, make_repo) -> None:
    body = f'mode = self.args.get("mode") or "auto"\nif mode not in ("fast", "slow"):\n    {BAD}\n{DONE}\n'
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow"])


def test_a_rejecting_test_on_some_calls_leaves_requiredness_in_doubt(run_cli, make_repo) -> None:
    body = f"""\
        mode = self.args.get("mode", "auto")
        if self.agent.config.strict:
            if mode not in ("fast", "slow"):
                {BAD}
        {DONE}
        """
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (False, True, False, None, ["fast", "slow"])


def test_a_rejecting_elif_after_a_test_of_one_value(run_cli, make_repo) -> None:
    body = f"""\
        mode = self.args.get("mode", "auto")
        if mode == "fast":
            return Response(message="quick", break_loop=False)
        elif mode not in ("slow", "medium"):
            {BAD}
        {DONE}
        """
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow", "medium"])


@pytest.mark.parametrize(
    ("default", "test"),
    [('"fast"', "mode"), ('"FAST"', "mode.strip().lower()")],
)
def test_a_default_the_test_lists_stays_a_default(
    run_cli, make_repo, default: str, test: str
) -> None:
    body = f'mode = self.args.get("mode", {default})\nif {test} not in ("fast", "slow"):\n    {BAD}\n{DONE}\n'
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (False, False, True, json.loads(default), ["fast", "slow"])


def test_a_raise_a_handler_recovers_from_refuses_nothing(run_cli, make_repo) -> None:
    body = f"""\
        mode = self.args.get("mode", "auto")
        try:
            if mode not in ("fast", "slow"):
                raise ValueError("bad mode")
        except ValueError:
            mode = "fast"
        {DONE}
        """
    argument = _mode(run_cli, make_repo, body)
    assert (argument["required"], argument["has_default"], argument["default"]) == (
        False,
        True,
        "auto",
    )


def test_a_test_joined_with_another_condition_rejects_nothing(run_cli, make_repo) -> None:
    body = f"""\
        mode = self.args.get("mode", "auto")
        if mode != "fast" and mode != "slow" and self.agent.config.strict:
            {BAD}
        {DONE}
        """
    argument = _mode(run_cli, make_repo, body)
    assert (argument["required"], argument["default"]) == (False, "auto")


def test_unequal_tests_of_one_value_close_the_dispatch_before_another_return(
    run_cli, make_repo
) -> None:
    body = f"""\
        mode = self.args.get("mode")
        if mode != "fast" and mode != "slow":
            {BAD}
        if self.agent.config.strict:
            return Response(message="strict", break_loop=False)
        {DONE}
        """
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow"])


@pytest.mark.parametrize(
    ("read", "test", "default"),
    [
        ('self.args.get("mode")', 'mode and mode not in ("fast", "slow")', None),
        ('self.args.get("mode", "")', 'mode and mode not in ("fast", "slow")', ""),
        ('self.args.get("mode")', 'mode and mode != "fast" and mode != "slow"', None),
    ],
)
def test_a_rejecting_test_past_a_test_of_truth_lets_the_empty_values_pass(
    run_cli, make_repo, read: str, test: str, default: str | None
) -> None:
    body = f"mode = {read}\nif {test}:\n    {BAD}\n{DONE}\n"
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (False, False, default is not None, default, ["fast", "slow"])


def test_a_default_outside_the_list_past_a_test_of_truth_is_refused(run_cli, make_repo) -> None:
    body = f'mode = self.args.get("mode", "auto")\nif mode and mode not in ("fast", "slow"):\n    {BAD}\n{DONE}\n'
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow"])


def test_a_default_no_test_of_a_chain_ending_in_a_raise_takes_is_refused(
    run_cli, make_repo
) -> None:
    body = """\
        mode = self.args.get("mode", "auto")
        if mode == "fast":
            return Response(message="quick", break_loop=False)
        elif mode == "slow":
            return Response(message="careful", break_loop=False)
        else:
            raise ValueError("bad mode")
        """
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow"])


@pytest.mark.parametrize(
    "taking",
    ["mode is not None", "len(mode) > 3", 'mode > "m"', "mode in self.extra", "mode in MODES"],
)
def test_a_chain_with_a_test_taking_unlisted_values_refuses_nothing_by_its_raise(
    run_cli, make_repo, taking: str
) -> None:
    # ``elif mode is not None`` takes the default: the raise refuses none of it
    body = f"""\
        mode = self.args.get("mode", "x-auto")
        if mode in ("fast", "slow"):
            return Response(message="quick", break_loop=False)
        elif {taking}:
            return Response(message="other", break_loop=False)
        else:
            raise ValueError("bad mode")
        """
    argument = _mode(run_cli, make_repo, body)
    assert (argument["required"], argument["required_unknown"], argument["default"]) == (
        False,
        False,
        "x-auto",
    )


def test_a_chain_ending_in_a_response_leaves_a_default_outside_it(run_cli, make_repo) -> None:
    # the ``else`` may answer the default: which values are taken is not known
    body = f"""\
        mode = self.args.get("mode", "auto")
        if mode == "fast":
            return Response(message="quick", break_loop=False)
        elif mode == "slow":
            return Response(message="careful", break_loop=False)
        else:
            {DONE}
        """
    argument = _mode(run_cli, make_repo, body)
    assert (argument["required"], argument["default"], argument["enum"]) == (False, "auto", None)


def test_a_rejecting_test_joined_with_a_test_of_no_argument_needs_nothing(
    run_cli, make_repo
) -> None:
    # the check runs when the agent is strict only: a missing key passes elsewhere
    body = f"""\
        mode = self.args.get("mode")
        if self.agent.config.strict and mode not in ("fast", "slow"):
            {BAD}
        {DONE}
        """
    argument = _mode(run_cli, make_repo, body)
    assert (argument["required"], argument["required_unknown"]) == (False, False)


def test_a_default_no_case_of_a_match_ending_in_a_raise_takes_is_refused(
    run_cli, make_repo
) -> None:
    body = """\
        mode = self.args.get("mode", "auto")
        match mode:
            case "fast":
                return Response(message="quick", break_loop=False)
            case "slow":
                return Response(message="careful", break_loop=False)
            case _:
                raise ValueError("bad mode")
        """
    claims = _claims(_mode(run_cli, make_repo, body))
    assert claims == (True, False, False, None, ["fast", "slow"])


@pytest.mark.parametrize(
    ("second", "last"),
    [
        ('"slow"', DONE),  # the ``case _`` may answer the default
        ("str()", 'raise ValueError("bad mode")'),  # a case that takes any string
    ],
)
def test_a_match_that_may_take_the_default_leaves_it(
    run_cli, make_repo, second: str, last: str
) -> None:
    body = f"""\
        mode = self.args.get("mode", "auto")
        match mode:
            case "fast":
                return Response(message="quick", break_loop=False)
            case {second}:
                return Response(message="careful", break_loop=False)
            case _:
                {last}
        """
    argument = _mode(run_cli, make_repo, body)
    assert (argument["required"], argument["has_default"], argument["default"]) == (
        False,
        True,
        "auto",
    )
