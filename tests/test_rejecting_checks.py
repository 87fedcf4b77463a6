"""A test that rejects the values a dispatch does not list (``if outcome not
in OUTCOMES: ...``) takes them in its body; the code after it is the path of
the values it lists, which says nothing of the others. Its body decides:
an error closes the dispatch; what a call gives (``return self.fail(...)``)
closes it only if the call refuses, so the values listed and the
argument's requiredness are in doubt unless the call only wraps the
message in a ``Response``. A test of the value's type beside it (``not
isinstance(outcome, str) or ...``) rejects too."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

HEAD = """\
from helpers.tool import Response, Tool

OUTCOMES = frozenset({"pass", "fail"})


"""


def _outcome(run_cli, make_repo, source: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/review.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/review.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == "outcome"]
    return argument


def _claims(argument: dict[str, Any]) -> tuple[Any, ...]:
    return (
        argument["required"],
        argument["required_unknown"],
        argument["has_default"],
        argument["enum"],
    )


def test_a_type_test_beside_the_rejection_still_closes_the_dispatch(run_cli, make_repo) -> None:
    source = """\
        class Review(Tool):
            async def execute(self, outcome: str = "", **kwargs) -> Response:
                if not isinstance(outcome, str) or outcome not in OUTCOMES:
                    return Response(message="invalid outcome", break_loop=False)
                note = "recorded"
                return Response(message=f"{note}: {outcome}", break_loop=False)
        """
    assert _claims(_outcome(run_cli, make_repo, source)) == (True, False, False, ["pass", "fail"])


def test_a_rejection_answered_by_a_call_leaves_requiredness_and_values_in_doubt(
    run_cli, make_repo
) -> None:
    # the statement after the check is the path of the listed values: it
    # neither closes the dispatch (a plain `return Response(...)` after it
    # did) nor opens it (a `pass` after it did, claiming the default `""`)
    for between in ("", "        pass\n"):
        source = (
            dedent(
                """\
                def _rejected(message: str) -> Response:
                    return Response(message=f"Checkpoint rejected: {message}", break_loop=False)


                class Review(Tool):
                    async def execute(self, outcome: str = "", **kwargs) -> Response:
                        if outcome not in OUTCOMES:
                            return _rejected("invalid outcome")
                """
            )
            + between
            + "        return Response(message=outcome, break_loop=False)\n"
        )
        argument = _outcome(run_cli, make_repo, source)
        assert _claims(argument) == (False, True, False, None), between
        assert argument["values_unknown"] is True
        assert argument["default_unknown"] is True


def test_a_rejection_answered_by_a_call_that_wraps_the_message_refuses(run_cli, make_repo) -> None:
    source = """\
        class Review(Tool):
            def fail(self, text: str) -> Response:
                return Response(message=text, break_loop=False)

            async def execute(self, outcome: str = "", **kwargs) -> Response:
                if outcome not in OUTCOMES:
                    return self.fail("invalid outcome")
                note = "recorded"
                return Response(message=f"{note}: {outcome}", break_loop=False)
        """
    assert _claims(_outcome(run_cli, make_repo, source)) == (True, False, False, ["pass", "fail"])


def test_a_rejection_a_call_may_handle_claims_no_list_of_values(run_cli, make_repo) -> None:
    source = """\
        class Review(Tool):
            async def other(self) -> Response:
                return Response(message="reviewed another way", break_loop=False)

            async def execute(self, outcome: str = "pass", **kwargs) -> Response:
                if outcome not in OUTCOMES:
                    return await self.other()
                return Response(message=outcome, break_loop=False)
        """
    argument = _outcome(run_cli, make_repo, source)
    assert argument["enum"] is None
    assert argument["required"] is False


def test_a_value_built_into_a_class_after_the_rejection_stays_refused(run_cli, make_repo) -> None:
    # the class may refuse listed values too (none is claimed), but it cannot
    # take the empty value the rejection before it refused
    source = """\
        class Review(Tool):
            async def execute(self, outcome: str = "", **kwargs) -> Response:
                if outcome not in OUTCOMES:
                    return Response(message="invalid outcome", break_loop=False)
                checkpoint = Checkpoint(outcome=outcome)
                if not self.agent.registry.record(checkpoint):
                    return Response(message="state changed", break_loop=False)
                return Response(message=outcome, break_loop=False)
        """
    argument = _outcome(run_cli, make_repo, source)
    assert _claims(argument) == (True, False, False, None)
    assert argument["values_unknown"] is True


def test_a_model_field_of_an_enum_after_the_rejection_stays_refused(run_cli, make_repo) -> None:
    # the enum field (with a default of its own) may refuse listed values,
    # but the key missing gives "" to the rejection before it, which refuses
    source = """\
        from enum import Enum

        from pydantic import BaseModel


        class Outcome(str, Enum):
            PASS = "pass"
            FAIL = "fail"


        class Params(BaseModel):
            outcome: Outcome = Outcome.PASS


        class Review(Tool):
            async def execute(self, **kwargs) -> Response:
                outcome = self.args.get("outcome", "")
                if outcome not in OUTCOMES:
                    return Response(message="invalid outcome", break_loop=False)
                params = Params.model_validate(self.args)
                return Response(message=str(params.outcome), break_loop=False)
        """
    argument = _outcome(run_cli, make_repo, source)
    assert _claims(argument) == (True, False, False, None)
    assert argument["values_unknown"] is True


def test_a_test_comparing_nothing_beside_the_rejection_still_closes_the_dispatch(
    run_cli, make_repo
) -> None:
    # a value outside the list makes the test true whatever `not note.strip()`
    # says; the returning check after it is about state, not the arguments
    source = """\
        class Review(Tool):
            async def execute(self, outcome: str = "", note: str = "", **kwargs) -> Response:
                if outcome not in OUTCOMES or not note.strip():
                    return Response(message="invalid outcome or note", break_loop=False)
                if self.agent.data.get("busy"):
                    return Response(message="busy", break_loop=False)
                return Response(message=f"{note}: {outcome}", break_loop=False)
        """
    assert _claims(_outcome(run_cli, make_repo, source)) == (True, False, False, ["pass", "fail"])


def test_a_comparison_of_another_argument_beside_the_rejection_names_no_value(
    run_cli, make_repo
) -> None:
    source = """\
        class Review(Tool):
            async def execute(self, outcome: str = "", note: str = "", **kwargs) -> Response:
                if outcome not in OUTCOMES or note == "skip":
                    return Response(message="invalid outcome or note", break_loop=False)
                if self.agent.data.get("busy"):
                    return Response(message="busy", break_loop=False)
                return Response(message=f"{note}: {outcome}", break_loop=False)
        """
    root: Path = make_repo({"tools/review.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/review.py", "--json")
    (module,) = json.loads(result.output)
    (note,) = [a for a in module["tools"][0]["arguments"] if a["name"] == "note"]
    assert note["enum"] is None
