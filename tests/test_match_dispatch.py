"""``match`` on an argument says what the same ``if``/``elif`` says: a case
is a branch of a dispatch (its checks refuse defaults on the calls that take
it), and cases that take no empty value, before an error ``case _`` (or an
error ``case "":``), make the argument required whatever its default."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HEAD = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


"""


def _arguments(run_cli, make_repo, source: str) -> dict[str, tuple[Any, ...]]:
    root: Path = make_repo({"tools/notes.py": HEAD + source})
    result = run_cli(root, "inspect", "tools/notes.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: (
            a["required"],
            a["required_unknown"],
            a["has_default"],
            a["default"],
            a["default_unknown"],
        )
        for a in tool["arguments"]
    }


MATCH_NOTES = """\
class Notes(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "list")
        match action:
            case "add":
                text = self.args.get("text", "")
                if not text:
                    return Response(message="A note needs `text`.", break_loop=False)
                return Response(message="Saved.", break_loop=False)
            case "list":
                return Response(message="x", break_loop=False)
            case _:
                return Response(message=f"Unknown action {action!r}.", break_loop=False)
"""

IF_NOTES = """\
class Notes(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "list")
        if action == "add":
            text = self.args.get("text", "")
            if not text:
                return Response(message="A note needs `text`.", break_loop=False)
            return Response(message="Saved.", break_loop=False)
        elif action == "list":
            return Response(message="x", break_loop=False)
        else:
            return Response(message=f"Unknown action {action!r}.", break_loop=False)
"""


@pytest.mark.parametrize(
    "change",
    [
        {},
        # a raise instead of a returned error
        {
            'return Response(message="A note needs `text`.", break_loop=False)': (
                'raise RepairableException("A note needs `text`.")'
            )
        },
        # an open dispatch: other actions fall through
        {
            'return Response(message=f"Unknown action {action!r}.", break_loop=False)': "pass",
        },
    ],
)
def test_a_check_in_a_case_says_what_it_says_in_an_elif(
    run_cli, make_repo, change: dict[str, str]
) -> None:
    match_source, if_source = MATCH_NOTES, IF_NOTES
    for old, new in change.items():
        match_source, if_source = match_source.replace(old, new), if_source.replace(old, new)
    facts = _arguments(run_cli, make_repo, match_source)
    assert facts == _arguments(run_cli, make_repo, if_source)
    assert facts["text"][:3] == (False, True, False)  # required or optional, no default


FINISH = """\
class Finish(Tool):
    async def execute(self, {params}**kwargs) -> Response:
{read}        match text:
{cases}
"""


def _finish(params: str, read: str, cases: str) -> str:
    return FINISH.format(params=params, read=read, cases=cases)


REFUSING_CASES = [
    (
        "            case str() if text.strip():\n"
        "                return Response(message=text, break_loop=True)\n"
        "            case _:\n"
        '                raise RepairableException("`text` must not be empty.")'
    ),
    (
        "            case str(t) if t:\n"
        "                return Response(message=t, break_loop=True)\n"
        "            case _:\n"
        '                raise RepairableException("`text` must not be empty.")'
    ),
    (
        '            case "":\n'
        '                raise RepairableException("`text` must not be empty.")\n'
        "            case _:\n"
        "                return Response(message=text, break_loop=True)"
    ),
    (
        '            case "" | None:\n'
        '                return Response(message="`text` must not be empty.", break_loop=False)\n'
        "            case _:\n"
        "                return Response(message=text, break_loop=True)"
    ),
]


@pytest.mark.parametrize("cases", REFUSING_CASES)
@pytest.mark.parametrize(
    ("params", "read"),
    [('text: str = "", ', ""), ("", '        text = self.args.get("text", "")\n')],
)
def test_cases_that_refuse_an_empty_value_make_it_required(
    run_cli, make_repo, params: str, read: str, cases: str
) -> None:
    facts = _arguments(run_cli, make_repo, _finish(params, read, cases))
    assert facts["text"][:3] == (True, False, False)


@pytest.mark.parametrize(
    "cases",
    [
        # ``str()`` takes ``""``: the error is for other types
        (
            "            case str():\n"
            "                return Response(message=text, break_loop=True)\n"
            "            case _:\n"
            '                raise RepairableException("`text` must be a string.")'
        ),
        # a case before it may take ``""``
        (
            "            case str() if len(text) < 3:\n"
            "                return Response(message=text, break_loop=True)\n"
            '            case "":\n'
            '                raise RepairableException("`text` must not be empty.")\n'
            "            case _:\n"
            "                return Response(message=text, break_loop=True)"
        ),
    ],
)
def test_cases_that_take_an_empty_value_keep_the_default(run_cli, make_repo, cases: str) -> None:
    facts = _arguments(run_cli, make_repo, _finish('text: str = "", ', "", cases))
    assert facts["text"] == (False, False, True, "", False)
