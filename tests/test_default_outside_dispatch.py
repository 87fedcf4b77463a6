"""A default the closed dispatch does not take: the dispatch falls through to
an answer, so which values the argument takes is not known."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result

MATCH_TOOL = """\
from helpers.tool import Response, Tool


class Render(Tool):
    async def execute(self, **kwargs):
        content = self.args.get("content", "")
        fmt = self.args.get("format", {default})
        match fmt:
            case "json":
                return Response(message="{{}}", break_loop=False)
            case "markdown" | "md":
                return Response(message="# " + content, break_loop=False)
        return Response(message=content, break_loop=False)
"""

PROMPT = """\
### render
renders the content
usage:
~~~json
{
    "thoughts": ["..."],
    "headline": "Rendering",
    "tool_name": "render",
    "tool_args": {
        "content": "hello",
        "format": "text"
    }
}
~~~
"""


def _argument(run_cli: Callable[..., Result], root: Path, name: str) -> dict:
    result = run_cli(root, "inspect", "tools/render.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == name]
    return argument


def test_a_default_the_match_does_not_take_leaves_the_values_unknown(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    root = make_repo(
        {
            "tools/render.py": MATCH_TOOL.format(default='"text"'),
            "prompts/agent.system.tool.render.md": PROMPT,
        }
    )

    argument = _argument(run_cli, root, "format")
    assert (argument["default"], argument["enum"], argument["values_unknown"]) == (
        "text",
        None,
        True,
    )
    schema = run_cli(root, "schema", "tools/render.py")
    assert schema.exit_code == 0, schema.output
    properties = json.loads(schema.output)[0]["function"]["parameters"]["properties"]
    assert properties["format"] == {"type": "string", "default": "text"}
    # the prompt teaches the default itself: no value is refused
    check = run_cli(root, "check", "--no-cache", "--select", "PRM008")
    assert "PRM008" not in check.output, check.output


@pytest.mark.parametrize(
    ("default", "enum"),
    [('"json"', ["json", "markdown", "md"]), ('"md"', ["json", "markdown", "md"])],
)
def test_a_default_among_the_values_keeps_them(
    make_repo: Callable[[dict[str, str]], Path],
    run_cli: Callable[..., Result],
    default: str,
    enum: list[str],
) -> None:
    root = make_repo({"tools/render.py": MATCH_TOOL.format(default=default)})

    argument = _argument(run_cli, root, "format")
    assert (argument["enum"], argument["values_unknown"]) == (enum, False)


def test_a_folded_default_among_the_values_keeps_them(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    source = MATCH_TOOL.format(default='"JSON"').replace("match fmt:", "match fmt.strip().lower():")
    root = make_repo({"tools/render.py": source})

    argument = _argument(run_cli, root, "format")
    assert (argument["enum"], argument["values_unknown"]) == (["json", "markdown", "md"], False)


def test_a_check_that_refuses_the_default_keeps_the_values(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    source = textwrap.dedent(
        """\
        from helpers.tool import Response, Tool


        class Render(Tool):
            async def execute(self, **kwargs):
                fmt = self.args.get("format", "")
                if fmt not in ("json", "md"):
                    return Response(message="format must be json or md", break_loop=False)
                return Response(message=fmt, break_loop=False)
        """
    )
    root = make_repo({"tools/render.py": source})

    argument = _argument(run_cli, root, "format")
    assert (argument["enum"], argument["values_unknown"], argument["required"]) == (
        ["json", "md"],
        False,
        True,
    )


PARAMETER_TOOL = """\
from helpers.tool import Response, Tool


class Vault(Tool):
    async def execute(self, path: str = "", mode: str = {default}, **kwargs):
        if mode == "set" and path:
            return Response(message="set to " + path, break_loop=False)
        elif mode == "test":
            return Response(message="tested", break_loop=False)
        else:
            return Response(message="status: fine", break_loop=False)
"""

PARAMETER_PROMPT = """\
### vault
shows the vault's status
usage:
~~~json
{
    "thoughts": ["..."],
    "headline": "Vault status",
    "tool_name": "vault",
    "tool_args": {
        "mode": "status"
    }
}
~~~
"""


def test_a_parameter_default_the_dispatch_does_not_take_leaves_the_values_unknown(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    # ``execute``'s parameter holds the value as given: its default reaches
    # the ``else``, which answers it rather than refusing it
    root = make_repo(
        {
            "tools/vault.py": PARAMETER_TOOL.format(default='"status"'),
            "prompts/agent.system.tool.vault.md": PARAMETER_PROMPT,
        }
    )

    result = run_cli(root, "inspect", "tools/vault.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (mode,) = [a for a in tool["arguments"] if a["name"] == "mode"]
    assert (mode["default"], mode["enum"], mode["values_unknown"]) == ("status", None, True)
    check = run_cli(root, "check", "--no-cache")
    assert "PRM008" not in check.output, check.output


def test_a_parameter_default_among_the_values_keeps_them(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    # how a caller folds the parameter is not known: " Test " may reach the
    # dispatch as "test"
    for default in ('"test"', '" Test "'):
        root = make_repo({"tools/vault.py": PARAMETER_TOOL.format(default=default)})

        result = run_cli(root, "inspect", "tools/vault.py", "--json")
        assert result.exit_code == 0, result.output
        (tool,) = json.loads(result.output)[0]["tools"]
        (mode,) = [a for a in tool["arguments"] if a["name"] == "mode"]
        assert (mode["enum"], mode["values_unknown"]) == (["set", "test"], False)


@pytest.mark.parametrize(
    "source",
    [
        MATCH_TOOL.format(default='"text"').replace(
            'fmt = self.args.get("format", "text")', 'fmt = str(self.args.get("format", "text"))'
        ),
        PARAMETER_TOOL.format(default='"status"').replace(
            "        if mode ==",
            '        mode = str(mode or "status").strip().lower()\n        if mode ==',
            1,
        ),
    ],
)
def test_str_of_a_string_default_the_dispatch_does_not_take_leaves_the_values_unknown(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result], source: str
) -> None:
    # ``str()`` of a string is the string itself: the default still reaches
    # what the dispatch falls through to, an answer
    assert "str(" in source
    root = make_repo({"tools/render.py": source})

    result = run_cli(root, "inspect", "tools/render.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] in ("format", "mode")]
    assert (argument["enum"], argument["values_unknown"]) == (None, True)


def test_str_of_a_string_default_among_the_values_keeps_them(
    make_repo: Callable[[dict[str, str]], Path], run_cli: Callable[..., Result]
) -> None:
    source = MATCH_TOOL.format(default='"md"').replace(
        'fmt = self.args.get("format", "md")', 'fmt = str(self.args.get("format", "md"))'
    )
    root = make_repo({"tools/render.py": source})

    argument = _argument(run_cli, root, "format")
    assert (argument["enum"], argument["values_unknown"]) == (["json", "markdown", "md"], False)
