"""A key ``execute`` (or a function it calls) fills where it is missing before
a call, on every path, is there in what the call reaches: a read there that
raises without it cannot raise, and the argument is optional with the value
filled as its default. So for a method of the tool, a function of its module
handed the tool or its arguments, and a helper of another module, sync or
async. A fill after the call, or only under a condition, fills nothing the
call sees."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest

TOOL = """\
from helpers.tool import Response, Tool
from helpers.limits import alimit_of, limit_kw, limit_of, limit_of_tool


def module_limit(tool):
    return tool.args["limit"]


def module_limit_of(args):
    return args["limit"]


def module_limit_kw(limit, **kwargs):
    return limit


class Limit(Tool):
{hook}
    async def execute(self, **kwargs):
{body}
        return Response(message=str(n), break_loop=False)
"""

#: the methods of the tool a call may reach (each other method is read as
#: one the framework may call, reading the arguments as they come)
METHODS = {
    "self._limit(": '\n    def _limit(self):\n        return self.args["limit"]\n',
    "self._alimit(": '\n    async def _alimit(self):\n        return self.args["limit"]\n',
    "self._limit_of(": '\n    def _limit_of(self, args):\n        return args["limit"]\n',
}

HELPERS = """\
def limit_of(args):
    return args["limit"]


async def alimit_of(args):
    return args["limit"]


def limit_of_tool(tool):
    return tool.args["limit"]


def limit_kw(limit, **kwargs):
    return limit
"""

#: fills of ``self.args`` that hold on every path past them
FILLS = {
    "if not in": 'if "limit" not in self.args:\n    self.args["limit"] = 20',
    "if not get": 'if not self.args.get("limit"):\n    self.args["limit"] = 20',
    "setdefault": 'self.args.setdefault("limit", 20)',
}

#: calls whose callee reads ``limit`` so that it raises without it
CALLS = {
    "method": "n = self._limit()",
    "async method": "n = await self._alimit()",
    "method handed the dict": "n = self._limit_of(self.args)",
    "function of the module handed the tool": "n = module_limit(self)",
    "function of the module handed the dict": "n = module_limit_of(self.args)",
    "helper of another module": "n = limit_of(self.args)",
    "async helper of another module": "n = await alimit_of(self.args)",
    "helper of another module handed the tool": "n = limit_of_tool(self)",
    "function of the module the dict is splatted into": "n = module_limit_kw(**self.args)",
    "helper of another module the dict is splatted into": "n = limit_kw(**self.args)",
}


def _methods(code: str) -> str:
    return "".join(method for call, method in METHODS.items() if call in code)


def _repo(make_repo, body: str, hook: str = "") -> Path:
    source = TOOL.format(
        body=indent(dedent(body).strip("\n"), " " * 8),
        hook=indent(dedent(hook).strip("\n"), " " * 4) + "\n" if hook else "",
    )
    source += _methods(body)
    root: Path = make_repo({"tools/limit.py": source, "helpers/limits.py": HELPERS})
    return root


def _limit(run_cli, root: Path) -> tuple[Any, ...]:
    """(required, required_unknown, has_default, default) of ``limit``."""
    result = run_cli(root, "inspect", "tools/limit.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (limit,) = [a for a in tool["arguments"] if a["name"] == "limit"]
    return limit["required"], limit["required_unknown"], limit["has_default"], limit["default"]


OPTIONAL_20 = (False, False, True, 20)


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
@pytest.mark.parametrize("fill", FILLS.values(), ids=list(FILLS))
def test_a_fill_before_the_call_holds_in_the_callee(make_repo, run_cli, fill, call) -> None:
    root = _repo(make_repo, f"{fill}\n{call}")
    assert _limit(run_cli, root) == OPTIONAL_20


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
def test_a_fill_a_called_function_makes_holds_in_what_it_calls(make_repo, run_cli, call) -> None:
    """``execute`` calls ``self._prepare()``, which fills and then calls."""
    source = TOOL.format(body="        n = await self._prepare()", hook="")
    source += (
        "\n    async def _prepare(self):\n"
        '        if "limit" not in self.args:\n'
        '            self.args["limit"] = 20\n'
        f"        {call}\n"
        "        return n\n"
    ) + _methods(call)
    root = make_repo({"tools/limit.py": source, "helpers/limits.py": HELPERS})
    assert _limit(run_cli, root) == OPTIONAL_20


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
def test_a_fill_of_before_execution_holds_in_the_callee(make_repo, run_cli, call) -> None:
    hook = """
        async def before_execution(self, **kwargs):
            if "limit" not in self.args:
                self.args["limit"] = 20
        """
    assert _limit(run_cli, _repo(make_repo, call, hook)) == OPTIONAL_20


#: fills the call does not see: after it, into another dict
UNSEEN = {
    "after the call": '{call}\nif "limit" not in self.args:\n    self.args["limit"] = 20',
    "into kwargs, not self.args": 'if "limit" not in kwargs:\n    kwargs["limit"] = 20\n{call}',
}
#: fills the call sees on some calls only: the others may lack the key
SOMETIMES = {
    "under a test not about the arguments": (
        "if self.agent.config.verbose:\n"
        '    if "limit" not in self.args:\n'
        '        self.args["limit"] = 20\n'
        "{call}"
    ),
    "under a test of an argument": (
        'if self.args.get("mode") == "x":\n    self.args["limit"] = 20\n{call}'
    ),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
@pytest.mark.parametrize("shape", UNSEEN.values(), ids=list(UNSEEN))
def test_a_fill_the_call_does_not_see_leaves_the_read_raising(
    make_repo, run_cli, shape, call
) -> None:
    root = _repo(make_repo, shape.format(call=call))
    required, unknown, has_default, _ = _limit(run_cli, root)
    assert (required, unknown, has_default) == (True, False, False)


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
@pytest.mark.parametrize("shape", SOMETIMES.values(), ids=list(SOMETIMES))
def test_a_fill_on_some_calls_leaves_the_read_in_doubt(make_repo, run_cli, shape, call) -> None:
    """A call where the fill runs works without ``limit``: it is not known
    to be needed (it was called required before)."""
    root = _repo(make_repo, shape.format(call=call))
    required, unknown, has_default, _ = _limit(run_cli, root)
    assert (required, unknown, has_default) == (False, True, False)


def test_a_fill_of_kwargs_holds_in_a_callee_handed_kwargs(make_repo, run_cli) -> None:
    body = 'kwargs.setdefault("limit", 20)\nn = self._limit_of(kwargs)'
    assert _limit(run_cli, _repo(make_repo, body)) == OPTIONAL_20
    body = 'if "limit" not in kwargs:\n    kwargs["limit"] = 20\nn = limit_of(kwargs)'
    assert _limit(run_cli, _repo(make_repo, body)) == OPTIONAL_20
    # handed both dicts, one of them filled: the other may lack it
    body = 'if "limit" not in kwargs:\n    kwargs["limit"] = 20\nn = limit_of(self.args)'
    assert _limit(run_cli, _repo(make_repo, body))[0] is True


@pytest.mark.parametrize("call", CALLS.values(), ids=list(CALLS))
def test_a_key_written_before_the_call_is_no_argument_in_the_callee(
    make_repo, run_cli, call
) -> None:
    root = _repo(make_repo, f'self.args["limit"] = 20\n{call}')
    result = run_cli(root, "inspect", "tools/limit.py", "--json")
    (tool,) = json.loads(result.output)[0]["tools"]
    assert [a["name"] for a in tool["arguments"]] == []


TAIL_PY = '''\
from helpers.tool import Response, Tool


class TailFile(Tool):
    """Show the last lines of a file."""

    async def execute(self, **kwargs) -> Response:
        if "lines" not in self.args:
            self.args["lines"] = 20
        path = self.args.get("path", "")
        if not path:
            return Response(message="`path` is required.", break_loop=False)
        return Response(message="".join(self._tail(path)), break_loop=False)

    def _tail(self, path: str) -> list[str]:
        with open(path) as f:
            return f.readlines()[-int(self.args["lines"]) :]
'''

TAIL_DOX = """\
# tail_file.py DOX

## Purpose
- Own the `tail_file.py` agent tool.
- Show the last lines of a file.
- Keep this file-level DOX profile synchronized with `tail_file.py` when the module is added, removed, renamed or its behaviour changes.

## Ownership
- `tail_file.py` owns the runtime implementation.
- `tail_file.py.dox.md` owns durable notes about its contract.
- Classes:
- `TailFile` (`Tool`)
  - `async execute(self, **kwargs) -> Response`
  - `_tail(self, path: str) -> list[str]`

## Runtime Contracts
- Tool modules must define `helpers.tool.Tool` subclasses and return `helpers.tool.Response` from `execute`.
- `TailFile` is a `Tool`.
- `TailFile` defines `execute(...)`.
- Arguments of `TailFile`:
  - `lines`: optional integer, default `20`.
  - `path`: required string.
- `break_loop` of `TailFile`: always `false`.
- Observed side-effect areas: filesystem reads.
- Imported dependency areas include: `helpers.tool`.

## Key Concepts
- Important called helpers/classes observed in the source: `Response`.

## Work Guidance
- Change `tail_file.py` and this file together: `doxtool check` compares the fact lines here with the code.

## Verification
- No test imports `tail_file.py` yet: add one under `tests/`; until then, `doxtool check tools/tail_file.py` compares this file with the code.

## Child DOX Index
No child DOX files.
"""


def test_the_companion_line_of_a_key_filled_before_a_method_reads_it(make_repo, run_cli) -> None:
    """``check`` finds nothing in the true "optional, default 20" line,
    ``--fix`` leaves the companion as written and the schema does not list
    the key as required."""
    call = {
        "thoughts": ["x"],
        "headline": "x",
        "tool_name": "tail_file",
        "tool_args": {"path": "a.log"},
    }
    prompt = (
        "### tail_file\nShow the last lines of a file.\n"
        f"args: `path`, optional `lines`\n~~~json\n{json.dumps(call)}\n~~~\n"
    )
    root: Path = make_repo(
        {
            "tools/tail_file.py": TAIL_PY,
            "tools/tail_file.py.dox.md": TAIL_DOX,
            "prompts/agent.system.tool.tail_file.md": prompt,
        }
    )
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 0, result.output
    run_cli(root, "check", "--fix", "--no-cache")
    assert (root / "tools/tail_file.py.dox.md").read_text() == TAIL_DOX
    result = run_cli(root, "schema", "--format", "jsonschema", "tools/tail_file.py")
    (schema,) = json.loads(result.output)
    assert schema["required"] == ["path"]
    assert schema["properties"]["lines"] == {"type": "integer", "default": 20}
