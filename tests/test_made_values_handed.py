"""An argument's value remade by a call before it is tested or handed on
(``channel = validate(channel, "channel")``, then ``self._list(channel)``
whose first line is ``if not channel: return error``): what the call makes
of a missing value is not known, so the test may refuse it or not. The
argument is required or optional, never claimed optional with its default,
whether the test is in ``execute``, in a method of the tool, in a function
of the module or in a helper of another module; and whether the call is
handed the value alone or beside values standing for no argument."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

from bothwalks import OPTIONAL, REQUIRED, UNKNOWN, presence

CHECKS_PY = """\
def need(value):
    if not value:
        raise ValueError("value is required")
    return value
"""


def _tool(body: str, methods: str = "") -> str:
    return (
        "from helpers.checks import need\n"
        "from helpers.ids import validate\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class Lister(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        channel = self.args.get("channel", "")\n'
        f"{indent(dedent(body), ' ' * 8)}"
        '        return Response(message="done", break_loop=False)\n'
        f"{indent(dedent(methods), ' ' * 4)}"
        "\n\ndef finish(channel):\n"
        "    if not channel:\n"
        '        return Response(message="channel is required", break_loop=False)\n'
        "    return Response(message=channel, break_loop=False)\n"
    )


LIST_METHOD = """\

async def _list(self, channel):
    if not channel:
        return Response(message="channel is required", break_loop=False)
    return Response(message=channel, break_loop=False)
"""


def _channel(make_repo, run_cli, body: str, methods: str = "") -> dict[str, Any]:
    root: Path = make_repo(
        {"tools/lister.py": _tool(body, methods), "helpers/checks.py": CHECKS_PY}
    )
    result = run_cli(root, "inspect", "--json", "tools/lister.py")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == "channel"]
    return argument  # type: ignore[no-any-return]


def _in_doubt(argument: dict[str, Any]) -> None:
    assert presence(argument) == UNKNOWN, argument
    assert argument["has_default"] is False, argument


def test_a_method_testing_a_remade_value_leaves_the_argument_in_doubt(make_repo, run_cli) -> None:
    body = "channel = validate(channel)\nreturn await self._list(channel)\n"
    _in_doubt(_channel(make_repo, run_cli, body, LIST_METHOD))


def test_a_module_function_testing_a_remade_value_leaves_it_in_doubt(make_repo, run_cli) -> None:
    body = "channel = validate(channel)\nreturn finish(channel)\n"
    _in_doubt(_channel(make_repo, run_cli, body))


def test_a_value_remade_beside_literals_is_still_the_arguments(make_repo, run_cli) -> None:
    # the call is handed a literal too (the name of the argument for its message)
    body = """\
    channel = validate(channel, "channel")
    if not channel:
        return Response(message="channel is required", break_loop=False)
    """
    _in_doubt(_channel(make_repo, run_cli, body))
    body = "channel = validate(channel, strict=True)\nreturn await self._list(channel)\n"
    _in_doubt(_channel(make_repo, run_cli, body, LIST_METHOD))


def test_a_value_validated_only_when_given_then_handed_on(make_repo, run_cli) -> None:
    # the shape of a Slack plugin's ``slack_members``
    body = """\
    try:
        if channel:
            channel = validate(channel, "channel")
    except ValueError as e:
        return Response(message=str(e), break_loop=False)
    return await self._list(channel)
    """
    _in_doubt(_channel(make_repo, run_cli, body, LIST_METHOD))


def test_a_helper_of_another_module_refusing_a_remade_value(make_repo, run_cli) -> None:
    _in_doubt(_channel(make_repo, run_cli, "channel = validate(channel)\nneed(channel)\n"))
    # handed as it is, the helper's check refuses the missing value: required
    assert presence(_channel(make_repo, run_cli, "need(channel)\n")) == REQUIRED


def test_what_the_tool_knew_before_stands(make_repo, run_cli) -> None:
    # refused before the call remakes it: required, as before
    body = """\
    if not channel:
        return Response(message="channel is required", break_loop=False)
    channel = validate(channel, "channel")
    return await self._list(channel)
    """
    assert presence(_channel(make_repo, run_cli, body, LIST_METHOD)) == REQUIRED
    # a remade value no check refuses: optional, its default claimed
    body = 'channel = validate(channel, "channel")\nprint(channel)\n'
    argument = _channel(make_repo, run_cli, body)
    assert presence(argument) == OPTIONAL
    assert (argument["has_default"], argument["default"]) == (True, "")


def test_a_lookup_that_is_never_empty_is_no_remake(make_repo, run_cli) -> None:
    # every value of the table and the fallback are true: what the lookup
    # gives is never empty, so the check refuses no channel
    refuse = 'if not found:\n    return Response(message="no channel", break_loop=False)\n'
    table = 'names = {"news": "news-feed", "ops": "ops-feed"}\n'
    body = table + 'channel = names.get(channel, "general")\nreturn await self._list(channel)\n'
    argument = _channel(make_repo, run_cli, body, LIST_METHOD)
    assert presence(argument) == OPTIONAL
    assert (argument["has_default"], argument["default"]) == (True, "")
    body = table + 'found = names.get(channel, "general")\n' + refuse
    assert presence(_channel(make_repo, run_cli, body)) == OPTIONAL
    # a method of the tool is true too, as a table's value or its fallback
    body = 'handlers = {"news": self._list}\nfound = handlers.get(channel, self._list)\n'
    assert presence(_channel(make_repo, run_cli, body + refuse, LIST_METHOD)) == OPTIONAL
    # an empty fallback: the check refuses a channel the table lacks, the missing one too
    body = table + 'channel = names.get(channel, "")\nreturn await self._list(channel)\n'
    _in_doubt(_channel(make_repo, run_cli, body, LIST_METHOD))
    body = table + 'found = names.get(channel, "")\n' + refuse
    _in_doubt(_channel(make_repo, run_cli, body))
