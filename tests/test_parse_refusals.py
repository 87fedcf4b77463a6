"""A parse of an argument's value that every call runs, inside a ``try``
whose handler answers its failure with an error.

``execute(self, task: str = "")`` then ``try: payload = json.loads(task)``
``except json.JSONDecodeError: return Response(error)`` at the top of
``execute``: ``json.loads("")`` raises on every call without ``task``, and
the handler refuses it, so ``task`` is required and ``""`` is no default,
as ``if not task: return Response(error)`` makes it. A parse the missing
value never reaches (a fallback before it, a test around it), a default the
parse takes (``"{}"``), and an error a handler recovers from or no handler
takes leave the argument as it was.
"""

from __future__ import annotations

import json

import pytest
from bothwalks import kind, tool_module

HEAD = (
    "import json\n"
    "from datetime import datetime\n"
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, {params}**kwargs):\n"
)
REFUSED = '            return Response(message="bad value", break_loop=False)\n'
DONE = "        return Response(message=str(value), break_loop=False)\n"


def _facts(make_repo, run_cli, body: str, params: str = "") -> tuple[str, object]:  # type: ignore[no-untyped-def]
    root = make_repo({"tools/t.py": HEAD.format(params=params) + body + DONE})
    (arg,) = tool_module(run_cli, root)["arguments"]
    return kind(arg), arg["default"] if arg["has_default"] else "-"


def _tried(
    read: str, parse: str, caught: str = "json.JSONDecodeError", handler: str = REFUSED
) -> str:
    return f"{read}        try:\n            value = {parse}\n        except {caught}:\n{handler}"


def test_a_parameter_whose_default_json_loads_refuses_is_required(make_repo, run_cli) -> None:
    # the a0-parallel-swarm shape
    body = _tried("", "json.loads(task)") + (
        "        if not isinstance(value, dict):\n"
        '            return Response(message="task must be an object", break_loop=False)\n'
    )
    assert _facts(make_repo, run_cli, body, 'task: str = "", ') == ("required", "-")


@pytest.mark.parametrize(
    ("read", "parse", "caught"),
    [
        ('        task = self.args.get("task", "")\n', "json.loads(task)", "json.JSONDecodeError"),
        ('        task = self.args.get("task", "")\n', "json.loads(task)", "Exception"),
        ('        task = self.args.get("task", "")\n', "json.loads(task)", "ValueError"),
        ("", 'json.loads(self.args.get("task", ""))', "(TypeError, ValueError)"),
        ('        task = self.args.get("task", "")\n', "int(task)", "ValueError"),
        ('        task = self.args.get("task", "")\n', "float(task)", "ValueError"),
        ('        task = self.args.get("task")\n', "int(task)", "(ValueError, TypeError)"),
        (
            '        task = self.args.get("task", "")\n',
            "datetime.fromisoformat(task)",
            "ValueError",
        ),
        ('        task = self.args.get("task")\n', "task.strip()", "AttributeError"),
    ],
)
def test_a_default_the_parse_fails_on_and_the_handler_refuses_is_required(
    make_repo, run_cli, read: str, parse: str, caught: str
) -> None:
    assert _facts(make_repo, run_cli, _tried(read, parse, caught)) == ("required", "-")


def test_a_handler_that_raises_refuses_too(make_repo, run_cli) -> None:
    handler = '            raise ValueError("task must be JSON")\n'
    body = _tried('        task = self.args.get("task", "")\n', "json.loads(task)", handler=handler)
    assert _facts(make_repo, run_cli, body) == ("required", "-")


def test_a_json_error_imported_by_name_is_taken_by_its_handler(make_repo, run_cli) -> None:
    read = '        from json import JSONDecodeError, loads\n        task = self.args.get("task", "")\n'
    body = _tried(read, "loads(task)", "JSONDecodeError")
    assert _facts(make_repo, run_cli, body) == ("required", "-")


OPTIONAL_SHAPES = {
    # a default the parse takes
    "parsed default": ('        task = self.args.get("task", "{}")\n', "json.loads(task)", "{}"),
    "converted default": ('        task = self.args.get("task", "5")\n', "int(task)", "5"),
    "method of the default": ('        task = self.args.get("task", "")\n', "task.strip()", ""),
}


@pytest.mark.parametrize("shape", sorted(OPTIONAL_SHAPES))
def test_a_default_the_parse_takes_stands(make_repo, run_cli, shape: str) -> None:
    read, parse, default = OPTIONAL_SHAPES[shape]
    caught = "AttributeError" if parse.endswith(".strip()") else "ValueError"
    assert _facts(make_repo, run_cli, _tried(read, parse, caught)) == ("optional", default)


@pytest.mark.parametrize("parse", ['json.loads(task or "{}")', "json.loads(task) if task else {}"])
def test_a_fallback_before_the_parse_refuses_nothing(make_repo, run_cli, parse: str) -> None:
    body = _tried('        task = self.args.get("task", "")\n', parse, "ValueError")
    assert _facts(make_repo, run_cli, body)[0] == "optional"


def test_an_error_a_handler_recovers_from_refuses_nothing(make_repo, run_cli) -> None:
    body = _tried(
        '        task = self.args.get("task", "")\n',
        "json.loads(task)",
        handler="            value = {}\n",
    )
    assert _facts(make_repo, run_cli, body) == ("optional", "")


def test_the_first_handler_that_takes_the_error_decides(make_repo, run_cli) -> None:
    read = '        task = self.args.get("task", "")\n'
    body = _tried(read, "json.loads(task)", "Exception", "            value = {}\n") + (
        f"        except ValueError:\n{REFUSED}"
    )
    assert _facts(make_repo, run_cli, body) == ("optional", "")


def test_an_error_no_handler_takes_is_not_claimed(make_repo, run_cli) -> None:
    # ``int(None)`` raises a ``TypeError`` past ``except ValueError``
    body = _tried('        task = self.args.get("task")\n', "int(task)", "ValueError")
    assert _facts(make_repo, run_cli, body)[0] == "optional"


def test_a_parse_on_some_calls_only_refuses_nothing(make_repo, run_cli) -> None:
    body = (
        '        value = self.args.get("items", "")\n'
        "        if isinstance(value, str):\n"
        "            try:\n"
        "                value = json.loads(value)\n"
        "            except ValueError:\n"
        f"    {REFUSED}"
    )
    assert _facts(make_repo, run_cli, body)[0] != "required"


def test_the_schema_lists_the_refused_argument_as_required(make_repo, run_cli) -> None:
    body = _tried("", "json.loads(task)")
    root = make_repo({"tools/t.py": HEAD.format(params='task: str = "", ') + body + DONE})
    result = run_cli(root, "schema", "tools/t.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    parameters = schema["function"]["parameters"]
    assert parameters["required"] == ["task"], schema
    assert "default" not in parameters["properties"]["task"], schema


BOTH = """\
import json
task = A.get("task", DEFAULT)
try:
    payload = PARSE
except json.JSONDecodeError:
HANDLER
print(payload)
"""


def _both(make_repo, run_cli, walk: str, default: str, parse: str, handler: str) -> str:  # type: ignore[no-untyped-def]
    from bothwalks import WALKS, arguments

    code = BOTH.replace("DEFAULT", default).replace("PARSE", parse).replace("HANDLER", handler)
    return arguments(run_cli, make_repo(WALKS[walk](code)))["task"]


@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_parse_whose_failure_is_raised_again_needs_the_key_in_both_walks(
    make_repo, run_cli, walk: str
) -> None:
    raised = '    raise ValueError("task must be JSON")'
    assert _both(make_repo, run_cli, walk, '""', "json.loads(task)", raised) == "required"


@pytest.mark.parametrize("walk", ["tool", "helper"])
@pytest.mark.parametrize(
    ("default", "parse", "handler"),
    [
        ('"{}"', "json.loads(task)", '    raise ValueError("task must be JSON")'),
        ('""', 'json.loads(task or "{}")', '    raise ValueError("task must be JSON")'),
        ('""', "json.loads(task)", "    payload = {}"),
    ],
)
def test_a_parse_the_missing_value_passes_needs_nothing_in_both_walks(
    make_repo, run_cli, walk: str, default: str, parse: str, handler: str
) -> None:
    assert _both(make_repo, run_cli, walk, default, parse, handler) == "optional"


def test_a_helper_handler_that_hands_a_value_back_refuses_nothing(make_repo, run_cli) -> None:
    # ``return "bad"`` hands a value back to the tool, which may answer with it or not
    assert _both(make_repo, run_cli, "helper", '""', "json.loads(task)", '    return "bad"') != (
        "required"
    )


@pytest.mark.parametrize(
    "bound",
    [
        "        int = lambda value: 0 if not value else round(float(value))\n",
        "        def int(value):\n            return 0\n",
        '        json = self.agent.get_data("json_module")\n',
    ],
)
def test_a_parse_name_execute_binds_itself_is_not_that_parse(
    make_repo, run_cli, bound: str
) -> None:
    # ``int`` here is the tool's own function: whether it fails on ``""`` is its own
    parse = "json.loads(task)" if "json" in bound else "int(task)"
    read = bound + '        task = self.args.get("task", "")\n'
    body = _tried(read, parse, "ValueError")
    assert _facts(make_repo, run_cli, body)[0] != "required"


@pytest.mark.parametrize(
    "bound",
    ["    int = lambda value: 0 if not value else round(float(value))", "    int = A.get('parse')"],
)
def test_a_parse_name_a_helper_binds_itself_is_not_that_parse(
    make_repo, run_cli, bound: str
) -> None:
    raised = '    raise ValueError("task must be a number")'
    code = BOTH.replace("task = A", bound.strip() + "\ntask = A")
    code = code.replace("DEFAULT", '""').replace("PARSE", "int(task)")
    code = code.replace("except json.JSONDecodeError", "except ValueError").replace(
        "HANDLER", raised
    )
    from bothwalks import WALKS, arguments

    assert arguments(run_cli, make_repo(WALKS["helper"](code)))["task"] != "required"
