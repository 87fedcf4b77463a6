"""Keys a tool writes into its own arguments before reading them: a key
filled where it is missing is optional, with the value written as its
default when that is a literal; a key written on every path is no longer
the argument."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool

DEFAULTS = {"lines": 20, "order": "asc"}


"""


def _tool(run_cli, make_repo, source: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/tail.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/tail.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _facts(tool: dict[str, Any]) -> dict[str, tuple[Any, ...]]:
    """name -> (required, has_default, default, default_unknown)"""
    return {
        a["name"]: (a["required"], a["has_default"], a["default"], a["default_unknown"])
        for a in tool["arguments"]
    }


def _execute(*lines: str) -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        "class Tail(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        f"{body}"
        '        return Response(message=str(self.args["lines"]), break_loop=False)\n'
    )


@pytest.mark.parametrize(
    "lines",
    [
        ('if "lines" not in self.args:', '    self.args["lines"] = 20'),
        ('if not self.args.get("lines"):', '    self.args["lines"] = 20'),
        ('if self.args.get("lines") is None:', '    self.args.update({"lines": 20})'),
        ('self.args.setdefault("lines", 20)',),
        ("self.args = {**DEFAULTS, **self.args}",),
        ('self.args = {"lines": 20, **self.args}',),
        ("for key, value in DEFAULTS.items():", "    self.args.setdefault(key, value)"),
        (
            "for key, value in DEFAULTS.items():",
            "    if key not in self.args:",
            "        self.args[key] = value",
        ),
    ],
)
def test_a_key_filled_where_missing_is_optional_with_the_value_written(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    tool = _tool(run_cli, make_repo, _execute(*lines))
    assert _facts(tool)["lines"] == (False, True, 20, False)
    assert tool["dynamic_reads"] == []
    assert tool["other_arguments"] == []


def test_a_value_written_that_is_no_literal_is_no_default(run_cli, make_repo) -> None:
    tool = _tool(
        run_cli,
        make_repo,
        _execute('if "lines" not in self.args:', '    self.args["lines"] = self.agent.lines'),
    )
    assert _facts(tool)["lines"] == (False, False, None, True)


def test_a_key_read_before_it_is_filled_stays_required(run_cli, make_repo) -> None:
    lines = (
        'n = self.args["lines"]',
        'if "lines" not in self.args:',
        '    self.args["lines"] = 20',
    )
    tool = _tool(run_cli, make_repo, _execute(*lines))
    assert _facts(tool)["lines"][0] is True


@pytest.mark.parametrize(
    "lines",
    [
        # written only on some calls, not where it is missing
        ('if self.args.get("tail"):', '    self.args["lines"] = 20'),
        # the test is of another key
        ('if "count" not in self.args:', '    self.args["lines"] = 20'),
        ("if self.agent.config.short:", '    self.args["lines"] = 20'),
        ("for _ in range(2):", '    self.args.setdefault("lines", 20)'),
        # an arm that goes on without writing it
        (
            "if self.agent.config.short:",
            '    self.args["lines"] = 5',
            "elif self.agent.config.long:",
            "    pass",
            "else:",
            '    raise ValueError("no size")',
        ),
        # the arm that raises is caught, and the call goes on past the ``if``
        (
            "try:",
            "    if self.agent.config.short:",
            '        self.args["lines"] = 5',
            "    else:",
            '        raise ValueError("no size")',
            "except ValueError:",
            "    pass",
        ),
    ],
)
def test_a_key_written_on_some_paths_before_a_read_is_required_or_optional(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    """A call without ``lines`` works where the write runs: it is not known
    to be needed (it was called required before)."""
    tool = _tool(run_cli, make_repo, _execute(*lines))
    (lines_arg,) = [a for a in tool["arguments"] if a["name"] == "lines"]
    assert (lines_arg["required"], lines_arg["required_unknown"]) == (False, True)
    assert (lines_arg["has_default"], lines_arg["default_unknown"]) == (False, True)


@pytest.mark.parametrize(
    "lines",
    [
        # the value written reads the key so that it raises without it
        ("if self.agent.config.short:", '    self.args["lines"] = self.args["lines"] // 2'),
        ("if self.agent.config.short:", '    self.args["lines"] = int(self.args.pop("lines"))'),
    ],
)
def test_a_key_rewritten_from_itself_on_some_paths_stays_required(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    tool = _tool(run_cli, make_repo, _execute(*lines))
    assert _facts(tool)["lines"][0] is True


@pytest.mark.parametrize(
    "line",
    ['self.args["lines"] = 20', "self.args.update(lines=20)", "self.args.update({'lines': 20})"],
)
def test_a_key_written_on_every_path_is_no_argument(run_cli, make_repo, line: str) -> None:
    tool = _tool(run_cli, make_repo, _execute(line))
    assert "lines" not in _facts(tool)


@pytest.mark.parametrize(
    "lines",
    [
        (
            "if self.agent.config.short:",
            '    self.args["lines"] = 5',
            "else:",
            '    self.args["lines"] = 50',
        ),
        # an arm that ends writes for none that go on
        (
            "if self.agent.config.short:",
            '    self.args["lines"] = 5',
            "elif self.agent.config.long:",
            "    self.args.update(lines=500)",
            "else:",
            '    raise ValueError("no size")',
        ),
        (
            "if self.agent.config.short:",
            "    if self.agent.config.tiny:",
            '        self.args["lines"] = 1',
            "    else:",
            '        self.args["lines"] = 5',
            "else:",
            '    self.args["lines"] = 50',
        ),
    ],
)
def test_a_key_written_in_every_arm_that_goes_on_is_no_argument(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    tool = _tool(run_cli, make_repo, _execute(*lines))
    assert "lines" not in _facts(tool)


def test_a_key_a_method_writes_in_every_arm_before_the_base_reads_it(run_cli, make_repo) -> None:
    """``scroll`` writes ``code`` in each arm that goes on, then hands on to
    the base's ``execute``, which reads it: the caller's ``code`` is never read."""
    base = HEAD + (
        "class Runner(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return Response(message=self.args["code"], break_loop=False)\n'
    )
    tool = HEAD.replace("\n\n", "\nfrom helpers.runner import Runner\n\n") + (
        "class Tail(Runner):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        return await self.scroll(self.args.get("way", "up"))\n\n'
        "    async def scroll(self, way: str) -> Response:\n"
        '        if way == "up":\n'
        '            self.args["code"] = "scroll_up"\n'
        '        elif way == "down":\n'
        '            self.args["code"] = "scroll_down"\n'
        "        else:\n"
        '            raise ValueError("way")\n'
        "        return await super().execute()\n"
    )
    root: Path = make_repo({"helpers/runner.py": base, "tools/tail.py": tool})
    result = run_cli(root, "inspect", "tools/tail.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (found,) = module["tools"]
    assert [a["name"] for a in found["arguments"]] == ["way"]


def test_a_key_rewritten_from_itself_is_still_the_argument(run_cli, make_repo) -> None:
    tool = _tool(
        run_cli, make_repo, _execute('self.args["lines"] = int(self.args.get("lines", 5))')
    )
    assert _facts(tool)["lines"] == (False, True, 5, False)


BEFORE = """\
class Tail(Tool):
    async def before_execution(self, **kwargs):
{hook}
        await super().before_execution(**kwargs)

    async def execute(self, **kwargs) -> Response:
        return Response(message=f"{{self.args['lines']}} {{self.args['order']}}", break_loop=False)
"""


def test_before_execution_fills_defaults_before_execute(run_cli, make_repo) -> None:
    hook = (
        "        for key, value in DEFAULTS.items():\n            self.args.setdefault(key, value)"
    )
    tool = _tool(run_cli, make_repo, BEFORE.format(hook=hook))
    assert _facts(tool) == {"lines": (False, True, 20, False), "order": (False, True, "asc", False)}
    assert tool["dynamic_reads"] == []


def test_before_execution_that_may_return_first_fills_nothing(run_cli, make_repo) -> None:
    hook = (
        "        if self.agent is None:\n"
        "            return\n"
        '        if "lines" not in self.args:\n'
        '            self.args["lines"] = 20'
    )
    tool = _tool(run_cli, make_repo, BEFORE.format(hook=hook))
    assert _facts(tool)["lines"][0] is True


TAIL_FILE_PY = '''\
from helpers.tool import Response, Tool


class TailFile(Tool):
    """Show the last lines of a file."""

    async def execute(self, **kwargs) -> Response:
        if "lines" not in self.args:
            self.args["lines"] = 20
        path = self.args.get("path", "")
        if not path:
            return Response(message="`path` is required.", break_loop=False)
        with open(path) as f:
            rows = f.readlines()[-int(self.args["lines"]):]
        return Response(message="".join(rows), break_loop=False)
'''

TAIL_FILE_DOX = """\
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


def test_the_companion_line_of_a_filled_key_is_left_as_written(run_cli, make_repo) -> None:
    """``check`` finds nothing in the true "optional, default" line, ``--fix``
    leaves it alone and the schema does not list the key as required."""
    root: Path = make_repo(
        {"tools/tail_file.py": TAIL_FILE_PY, "tools/tail_file.py.dox.md": TAIL_FILE_DOX}
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert result.exit_code == 0, result.output
    run_cli(root, "check", "--fix", "--no-cache")
    assert (root / "tools/tail_file.py.dox.md").read_text() == TAIL_FILE_DOX
    result = run_cli(root, "schema", "--format", "jsonschema", "tools/tail_file.py")
    (schema,) = json.loads(result.output)
    assert schema["required"] == ["path"]
    assert schema["properties"]["lines"] == {"type": "integer", "default": 20}


@pytest.mark.parametrize(
    "line",
    [
        "self.args.setdefault(key, None)",
        "self.args.pop(key, None)",
        "del self.args[key]",
        "del kwargs[key], self.args[key]",
    ],
)
def test_a_write_with_a_computed_key_is_no_read(run_cli, make_repo, line: str) -> None:
    source = (
        "class Tail(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        for key in self.agent.keys:\n"
        f"            {line}\n"
        '        return Response(message="", break_loop=False)\n'
    )
    assert _tool(run_cli, make_repo, source)["dynamic_reads"] == []
