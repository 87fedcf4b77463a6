"""A key a tool writes back under a new name from an old one it still accepts
(``if "q" in self.args: self.args["query"] = self.args.pop("q")``): a later
read that raises without ``query`` needs ``query`` or ``q`` (alternatives),
not ``query`` itself; a key written on some paths that are not understood
leaves such a read in doubt. Both walks agree: the tool's own code, a method
of its module, and a helper of another module read through its summary."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest
from bothwalks import WALKS, kinds_and_defaults, tool_module

TOOL = """\
from helpers.tool import Response, Tool


class Lookup(Tool):
    async def execute(self, **kwargs):
{body}
"""

READ = '        query = self.args["query"]\n        return Response(message=str(query), break_loop=False)'


def _arguments(run_cli, make_repo, files: dict[str, str]) -> dict[str, dict[str, Any]]:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/lookup.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}


def _tool(*lines: str, read: str = READ) -> str:
    body = indent("\n".join(lines), " " * 8)
    return TOOL.format(body=body + "\n" + read)


def _presence(argument: dict[str, Any]) -> tuple[bool, bool, list[str], bool]:
    return (
        argument["required"],
        argument["required_unknown"],
        argument["alternatives"],
        argument["alternatives_optional"],
    )


ALTERNATIVES = {"query": (False, False, ["q"], False), "q": (False, False, ["query"], False)}


@pytest.mark.parametrize(
    "lines",
    [
        (
            'if "q" in self.args and "query" not in self.args:',
            '    self.args["query"] = self.args.pop("q")',
        ),
        ('if "q" in self.args:', '    self.args["query"] = self.args.pop("q")'),
        (
            'if "query" not in self.args and "q" in self.args:',
            '    self.args["query"] = self.args["q"]',
        ),
        ('if self.args.get("q"):', '    self.args["query"] = self.args.get("q")'),
        (
            'if self.args.get("q") is not None and not self.args.get("query"):',
            '    self.args["query"] = self.args.pop("q", None)',
        ),
        ("args = self.args", 'if "q" in args:', '    args["query"] = args.pop("q")'),
    ],
)
def test_a_key_written_back_from_an_old_name_makes_them_alternatives(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines)})
    assert {name: _presence(a) for name, a in arguments.items()} == ALTERNATIVES


def test_the_schema_and_a_prompt_teaching_the_old_name_agree(run_cli, make_repo) -> None:
    tool = _tool(
        'if "q" in self.args and "query" not in self.args:',
        '    self.args["query"] = self.args.pop("q")      # old name still accepted',
    )
    prompt = dedent(
        """\
        ### lookup
        Look a term up.
        args: `q`
        usage:
        ~~~json
        {
            "thoughts": ["look it up"],
            "headline": "Looking up",
            "tool_name": "lookup",
            "tool_args": {"q": "doxtool"}
        }
        ~~~
        """
    )
    root: Path = make_repo({"tools/lookup.py": tool, "prompts/agent.system.tool.lookup.md": prompt})
    result = run_cli(root, "schema", "tools/lookup.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    assert "required" not in schema["function"]["parameters"] or (
        schema["function"]["parameters"]["required"] == []
    )
    result = run_cli(root, "check", "--select", "PRM004")
    assert "PRM004" not in result.output, result.output


def test_a_method_of_the_module_sees_the_write(run_cli, make_repo) -> None:
    source = dedent(
        """\
        from helpers.tool import Response, Tool


        class Lookup(Tool):
            async def execute(self, **kwargs):
                self._compat()
                if "q" in self.args:
                    self.args["query"] = self.args.pop("q")
                return self._run()

            def _compat(self):
                if "k" in self.args and "key" not in self.args:
                    self.args["key"] = self.args.pop("k")

            def _run(self):
                key = self.args["key"]
                return Response(message=self.args["query"] + key, break_loop=False)
        """
    )
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": source})
    assert {name: _presence(a) for name, a in arguments.items()} == {
        **ALTERNATIVES,
        "key": (False, False, ["k"], False),
        "k": (False, False, ["key"], False),
    }


HELPER = """\
from helpers.tool import Response


def run(args):
    return Response(message=args["query"], break_loop=False)


def run_renamed(args):
    if "q" in args and "query" not in args:
        args["query"] = args.pop("q")
    return Response(message=args["query"], break_loop=False)


def run_sometimes(args, short):
    if short:
        args["query"] = "all"
    return Response(message=args["query"], break_loop=False)
"""


def _helper_tool(call: str, *lines: str) -> str:
    return "from helpers.search import run, run_renamed, run_sometimes\n" + _tool(
        *lines, read=f"        return {call}"
    )


def test_a_helper_of_another_module_reads_after_the_tool_wrote_the_key_back(
    run_cli, make_repo
) -> None:
    tool = _helper_tool(
        "run(self.args)", 'if "q" in self.args:', '    self.args["query"] = self.args.pop("q")'
    )
    arguments = _arguments(
        run_cli, make_repo, {"tools/lookup.py": tool, "helpers/search.py": HELPER}
    )
    assert {name: _presence(a) for name, a in arguments.items()} == ALTERNATIVES


def test_a_helper_of_another_module_that_writes_the_key_back_itself(run_cli, make_repo) -> None:
    tool = _helper_tool("run_renamed(self.args)")
    arguments = _arguments(
        run_cli, make_repo, {"tools/lookup.py": tool, "helpers/search.py": HELPER}
    )
    assert {name: _presence(a) for name, a in arguments.items()} == ALTERNATIVES


@pytest.mark.parametrize(
    "tool",
    [
        # the helper writes the key on some paths
        _helper_tool("run_sometimes(self.args, self.agent.short)"),
        # the tool does, before handing the dict on
        _helper_tool("run(self.args)", "if self.agent.short:", '    self.args["query"] = "all"'),
    ],
)
def test_a_key_written_on_some_paths_before_a_helper_reads_it_is_in_doubt(
    run_cli, make_repo, tool: str
) -> None:
    arguments = _arguments(
        run_cli, make_repo, {"tools/lookup.py": tool, "helpers/search.py": HELPER}
    )
    assert _presence(arguments["query"]) == (False, True, [], False)


@pytest.mark.parametrize(
    "lines",
    [
        # a test not about the arguments
        ("if self.agent.config.legacy:", '    self.args["query"] = self.args.pop("q")'),
        # a test of a third key besides the two
        (
            'if "q" in self.args and "mode" in self.args:',
            '    self.args["query"] = self.args.pop("q")',
        ),
        # a test that the old name is not there: not a renaming
        ('if "q" not in self.args and self.agent.x:', '    self.args["query"] = self.agent.x'),
    ],
)
def test_a_write_under_a_test_not_understood_leaves_the_key_in_doubt(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines)})
    assert _presence(arguments["query"])[:3] == (False, True, [])


def test_a_renaming_whose_body_returns_leaves_the_key_in_doubt(run_cli, make_repo) -> None:
    """Past ``if "q" in args: ...; return``, ``q`` was not given and ``query``
    is needed, but a call with ``q`` alone works: it is not claimed required
    (nor are the two claimed alternatives)."""
    lines = (
        'if "q" in self.args:',
        '    self.args["query"] = self.args.pop("q")',
        '    return Response(message="renamed", break_loop=False)',
    )
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines)})
    assert _presence(arguments["query"]) == (False, True, [], False)


def test_a_renaming_read_in_a_branch_of_a_dispatch_is_in_doubt(run_cli, make_repo) -> None:
    lines = (
        'if "q" in self.args:',
        '    self.args["query"] = self.args.pop("q")',
        'if self.args.get("mode") == "exact":',
        '    return Response(message=self.args["query"], break_loop=False)',
        'return Response(message="all", break_loop=False)',
    )
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines, read="")})
    assert _presence(arguments["query"])[:2] == (False, True)


@pytest.mark.parametrize(
    "lines",
    [
        # ``query`` is there on every call past these (None where ``q`` is missing)
        ('self.args.setdefault("query", self.args.get("q"))',),
        ('if "query" not in self.args:', '    self.args["query"] = self.args.get("q")'),
    ],
)
def test_a_key_filled_from_an_old_name_on_every_call_stays_optional(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines)})
    query = arguments["query"]
    assert (query["required"], query["required_unknown"], query["has_default"]) == (
        False,
        False,
        False,
    )
    assert query["default_unknown"] is True
    assert arguments["q"]["required"] is False


@pytest.mark.parametrize(
    "check",
    [
        'if not self.args.get("query"):\n    raise ValueError("query is required")',
        'if "query" not in self.args:\n    return Response(message="query?", break_loop=False)',
        'query = self.args.get("query", "")\nif not query.strip():\n    raise ValueError("query?")',
    ],
)
def test_a_check_past_the_renaming_needs_one_of_the_two(run_cli, make_repo, check: str) -> None:
    # ``q`` alone is written back under ``query`` before the check: the check
    # refuses the call only when both are missing, so neither is required
    lines = (
        'if "q" in self.args and "query" not in self.args:',
        '    self.args["query"] = self.args.pop("q")',
        *check.splitlines(),
    )
    read = '        return Response(message=str(self.args.get("query")), break_loop=False)'
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines, read=read)})
    assert {name: _presence(a) for name, a in arguments.items()} == ALTERNATIVES
    # a default of ``query`` is reached with both missing, and refused there
    assert arguments["query"]["has_default"] is False


@pytest.mark.parametrize(
    "check",
    [
        'if not query:\n    raise ValueError("query is required")',
        'if not query.strip():\n    return Response(message="query?", break_loop=False)',
    ],
)
def test_a_name_bound_before_the_renaming_still_needs_the_key(
    run_cli, make_repo, check: str
) -> None:
    # ``query`` holds what the model sent as ``query`` alone: ``q`` written
    # back under the key later does not reach it, so the check needs ``query``
    lines = (
        'query = self.args.get("query", "")',
        'if "q" in self.args and "query" not in self.args:',
        '    self.args["query"] = self.args.pop("q")',
        *check.splitlines(),
    )
    read = "        return Response(message=query, break_loop=False)"
    arguments = _arguments(run_cli, make_repo, {"tools/lookup.py": _tool(*lines, read=read)})
    assert _presence(arguments["query"]) == (True, False, [], False)
    assert arguments["q"]["alternatives"] == []


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize(
    "write",
    [
        'A["query"] = A.pop("q", "")',
        'A["query"] = A.get("q") or A.get("text", "")',
        'A.update(query=A["q"].strip())',
    ],
)
def test_a_key_written_from_other_keys_on_every_call_is_no_argument(
    run_cli, make_repo, walk: str, write: str
) -> None:
    # what the model sends as ``query`` is written over on every call: the
    # read past it reads the other keys' value, not an argument ``query``
    code = f'{write}\nprint(A.get("query"))\n'
    root = make_repo(WALKS[walk](code))
    assert "query" not in kinds_and_defaults(run_cli, root)


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize(
    "write",
    ['A["query"] = A.pop("q")', 'A["query"] = A["q"].strip()', 'A["query"] = A.get("q").strip()'],
)
def test_a_key_written_from_other_keys_in_a_try_may_still_be_the_argument(
    run_cli, make_repo, walk: str, write: str
) -> None:
    # without ``q`` the read raises before the write, the handler goes on:
    # what the model sent as ``query`` is then read past it
    code = (
        f'try:\n    {write}\nexcept (KeyError, AttributeError):\n    pass\nprint(A.get("query"))\n'
    )
    root = make_repo(WALKS[walk](code))
    assert "query" in kinds_and_defaults(run_cli, root)


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_key_written_from_itself_is_still_the_argument(run_cli, make_repo, walk: str) -> None:
    code = 'A["query"] = A.get("q") or A.get("query")\nprint(A.get("query"))\n'
    root = make_repo(WALKS[walk](code))
    assert "query" in kinds_and_defaults(run_cli, root)


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize(
    "check",
    [
        'if not A.get("url"):\n',
        'if not A["url"]:\n',
        'url = A.get("url")\nif not url:\n',
        'url = A["url"]\nif not url:\n',
    ],
)
def test_a_check_of_a_key_written_with_an_or_of_others_needs_one_of_them(
    run_cli, make_repo, walk: str, check: str
) -> None:
    # ``url`` holds ``link or href``: the check refuses both missing, as a
    # check of ``link or href`` itself does
    code = (
        'A["url"] = A.get("link") or A.get("href")\n'
        f'{check}    raise ValueError("url is required")\n'
        'print(A["url"])\n'
    )
    root = make_repo(WALKS[walk](code))
    arguments = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}
    assert sorted(arguments) == ["href", "link"]
    assert _presence(arguments["link"]) == (False, False, ["href"], False)
    assert _presence(arguments["href"]) == (False, False, ["link"], False)


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize(
    "again", ['A["url"] = "about:blank"\n', 'if A.get("blank"):\n    A["url"] = "about:blank"\n']
)
def test_a_key_written_again_is_no_longer_their_or(
    run_cli, make_repo, walk: str, again: str
) -> None:
    code = (
        'A["url"] = A.get("link") or A.get("href")\n'
        f"{again}"
        'if not A.get("url"):\n    raise ValueError("url is required")\n'
    )
    root = make_repo(WALKS[walk](code))
    arguments = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}
    # ``url`` holds a literal (on some calls): the check needs neither on every call
    assert not (
        arguments["link"]["alternatives"] and not arguments["link"]["alternatives_optional"]
    )
