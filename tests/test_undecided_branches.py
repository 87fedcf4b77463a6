"""A read that raises without its key (``self.args["level"]``) in a branch of
an ``if`` whose test is not about the arguments (``if
self.agent.config.verbose:``), or a case of such a ``match``, runs on the calls that take the branch, which
doxtool cannot tell: the argument is needed on some calls only, its
requiredness not known (``required or optional``). So for a method or helper
called there, and for a read under such a test inside a helper of another
module. A key every way through the ``if`` needs (read before or after it,
in both branches, past a guard that ends the call) stays required."""

from __future__ import annotations

import json
from textwrap import dedent, indent
from typing import Any

TOOL = """\
from helpers.tool import Response, Tool


class LevelTool(Tool):
    async def execute(self, **kwargs):
{body}
        return Response(message="ok", break_loop=False)
"""

#: a method of the tool / a helper of the module, for a body that calls it
#: (a method no call reaches is walked too: the framework may call it)
METHOD = """
    def _level(self):
        return self.args["level"]
"""
HELPER_OF_MODULE = """

def level_of(args):
    return args["level"]
"""


def _tool(body: str) -> str:
    source = TOOL.format(body=indent(dedent(body).strip("\n"), " " * 8))
    source += METHOD if "_level(" in body else ""
    return source + (HELPER_OF_MODULE if "level_of(" in body else "")


def _presence(run_cli, root, path: str = "tools/level.py") -> dict[str, tuple[bool, bool]]:
    """name -> (required, required_unknown)."""
    inspected = run_cli(root, "inspect", path, "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    return {a["name"]: (a["required"], a["required_unknown"]) for a in tool["arguments"]}


REQUIRED, UNKNOWN = (True, False), (False, True)


def test_a_read_under_a_test_not_about_the_arguments_is_needed_on_some_calls(
    make_repo, run_cli
) -> None:
    root = make_repo(
        {
            "tools/level.py": _tool(
                """
                if self.agent.config.verbose:
                    level = self.args["level"]
                """
            )
        }
    )
    assert _presence(run_cli, root) == {"level": UNKNOWN}
    described = run_cli(root, "inspect", "tools/level.py").output
    assert "level: required or optional" in described
    # the schema asks for it neither as required nor with a default
    schema = run_cli(root, "schema", "--format", "jsonschema", "tools/level.py")
    (params,) = json.loads(schema.output)
    assert "level" in params["properties"] and "level" not in params.get("required", [])
    assert "default" not in params["properties"]["level"]


def test_every_shape_of_such_a_branch_leaves_it_unknown(make_repo, run_cli) -> None:
    shapes = {
        "elif": """
            if self.agent.config.quiet:
                pass
            elif self.agent.config.verbose:
                level = self.args["level"]
            """,
        "one branch of two": """
            if self.agent.config.verbose:
                level = self.args["level"]
            else:
                level = 0
            """,
        "a branch that returns": """
            if self.agent.config.verbose:
                return Response(message=self.args["level"], break_loop=False)
            """,
        "nested": """
            if self.agent.config.a:
                if self.agent.config.b:
                    level = self.args["level"]
                else:
                    level = self.args["level"]
            """,
        "a method called there": """
            if self.agent.config.verbose:
                self._level()
            """,
        "a helper of the module": """
            if self.agent.config.verbose:
                level_of(self.args)
            """,
        "a case of a match": """
            match self.agent.config.mode:
                case "fast":
                    level = self.args["level"]
                case _:
                    level = 0
            """,
        "every case, none irrefutable": """
            match self.agent.config.mode:
                case "fast":
                    level = self.args["level"]
                case "slow":
                    level = self.args["level"]
            """,
        "both branches end the call, one reads": """
            if self.agent.config.verbose:
                return Response(message=self.args["level"], break_loop=False)
            else:
                return Response(message="quiet", break_loop=False)
            """,
    }
    for label, body in shapes.items():
        root = make_repo({"tools/level.py": _tool(body)})
        assert _presence(run_cli, root) == {"level": UNKNOWN}, label


def test_a_key_every_way_through_the_if_needs_stays_required(make_repo, run_cli) -> None:
    shapes = {
        "before": """
            level = self.args["level"]
            if self.agent.config.verbose:
                print(level)
            """,
        "after": """
            if self.agent.config.verbose:
                print("verbose")
            level = self.args["level"]
            """,
        "both branches": """
            if self.agent.config.verbose:
                level = self.args["level"]
            else:
                level = int(self.args["level"])
            """,
        "every branch of an elif chain": """
            if self.agent.config.a:
                level = self.args["level"]
            elif self.agent.config.b:
                level = self.args["level"] + 1
            else:
                level = self.args["level"] + 2
            """,
        "nested in both branches": """
            if self.agent.config.a:
                if self.agent.config.b:
                    level = self.args["level"]
                else:
                    level = self.args["level"]
            else:
                level = self.args["level"]
            """,
        # a guard that ends the call: every call that goes on reads it
        "past a guard": """
            if not self.agent:
                return Response(message="no agent", break_loop=False)
            level = self.args["level"]
            """,
        "an else past a guard": """
            if self.agent.config.disabled:
                return Response(message="disabled", break_loop=False)
            else:
                level = self.args["level"]
            """,
        "a body beside a raising else": """
            if self.agent.config.enabled:
                self._level()
            else:
                raise ValueError("disabled")
            """,
        "every case of a match with a wildcard": """
            match self.agent.config.mode:
                case "fast":
                    level = self.args["level"]
                case _:
                    level = self.args["level"] * 2
            """,
        "the one case that goes on": """
            match self.agent.config.mode:
                case "off":
                    return Response(message="off", break_loop=False)
                case _:
                    level = self.args["level"]
            """,
        "a literal test": """
            if True:
                level = self.args["level"]
            """,
        "a try body": """
            try:
                level = self.args["level"]
            except ValueError:
                pass
            """,
        "a with block": """
            with open("x") as f:
                level = self.args["level"]
            """,
        "a loop over a literal": """
            for name in ("level",):
                level = self.args[name]
            """,
    }
    for label, body in shapes.items():
        root = make_repo({"tools/level.py": _tool(body)})
        assert _presence(run_cli, root) == {"level": REQUIRED}, label


def test_a_test_of_another_argument_keeps_the_dispatch_reading(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/level.py": _tool(
                """
                if self.args.get("mode") == "fast":
                    level = self.args["level"]
                else:
                    level = self.args["level"]
                """
            )
        }
    )
    assert _presence(run_cli, root)["level"] == UNKNOWN


HELPER = """\
from helpers import settings


def level_of(args):
{body}
    return 0
"""

CALLER = """\
from helpers.levels import level_of
from helpers.tool import Response, Tool


class LevelTool(Tool):
    async def execute(self, **kwargs):
{call}
        return Response(message="ok", break_loop=False)
"""


def _helper_repo(make_repo, body: str, call: str = "level_of(self.args)") -> Any:
    return make_repo(
        {
            "helpers/settings.py": "VERBOSE = True\n",
            "helpers/levels.py": HELPER.format(body=indent(dedent(body).strip("\n"), " " * 4)),
            "tools/level.py": CALLER.format(call=indent(dedent(call).strip("\n"), " " * 8)),
        }
    )


def test_a_helper_of_another_module_reading_under_such_a_test(make_repo, run_cli) -> None:
    some = {
        "if": """
            if settings.VERBOSE:
                return args["level"]
            """,
        "match": """
            match settings.VERBOSE:
                case True:
                    return args["level"]
            """,
    }
    for label, body in some.items():
        assert _presence(run_cli, _helper_repo(make_repo, body)) == {"level": UNKNOWN}, label
    every = {
        "both branches": """
            if settings.VERBOSE:
                level = args["level"]
            else:
                level = args["level"] * 2
            """,
        "past a guard": """
            if not settings.VERBOSE:
                raise ValueError("off")
            level = args["level"]
            """,
        "every case of a match": """
            match settings.VERBOSE:
                case True:
                    level = args["level"]
                case _:
                    level = args["level"] * 2
            """,
    }
    for label, body in every.items():
        assert _presence(run_cli, _helper_repo(make_repo, body)) == {"level": REQUIRED}, label


def test_a_helper_of_another_module_called_under_such_a_test(make_repo, run_cli) -> None:
    call = """
        if self.agent.config.verbose:
            level_of(self.args)
        """
    root = _helper_repo(make_repo, 'level = args["level"]', call)
    assert _presence(run_cli, root) == {"level": UNKNOWN}
    root = _helper_repo(make_repo, 'level = args["level"]')
    assert _presence(run_cli, root) == {"level": REQUIRED}


MODEL_TOOL = """\
from pydantic import BaseModel

from helpers.tool import Response, Tool


class Params(BaseModel):
    level: int


class LevelTool(Tool):
    async def execute(self, **kwargs):
        {build}
        return Response(message="ok", break_loop=False)
"""


def test_a_model_built_under_such_a_test(make_repo, run_cli) -> None:
    build = "if self.agent.config.verbose:\n            params = Params(**self.args)"
    root = make_repo({"tools/level.py": MODEL_TOOL.format(build=build)})
    assert _presence(run_cli, root) == {"level": UNKNOWN}
    (root / "tools/level.py").write_text(MODEL_TOOL.format(build="params = Params(**self.args)"))
    assert _presence(run_cli, root) == {"level": REQUIRED}


CHAIN = """\
from helpers import settings


def read_level(args):
    return args["level"]


async def aread_level(args):
    return args["level"]


{kind}def level_of(args):
{body}
    return 0
"""

CHAIN_CALLER = """\
from helpers.levels import level_of
from helpers.tool import Response, Tool


class LevelTool(Tool):
    async def execute(self, **kwargs):
        {call}
        return Response(message="ok", break_loop=False)
"""


def _chain_repo(make_repo, body: str, kind: str = "") -> Any:
    call = "await level_of(self.args)" if kind else "level_of(self.args)"
    return make_repo(
        {
            "helpers/settings.py": "VERBOSE = True\n",
            "helpers/levels.py": CHAIN.format(
                kind=kind, body=indent(dedent(body).strip("\n"), " " * 4)
            ),
            "tools/level.py": CHAIN_CALLER.format(call=call),
        }
    )


def test_a_helper_of_another_module_calling_one_under_such_a_test(make_repo, run_cli) -> None:
    """The second helper's read runs on the calls that take the branch, as
    the same read written in the branch does."""
    some = {
        "if": ("", "if settings.VERBOSE:\n    read_level(args)"),
        "async": ("async ", "if settings.VERBOSE:\n    await aread_level(args)"),
        "else": ("", "if settings.VERBOSE:\n    pass\nelse:\n    read_level(args)"),
        "match": ("", "match settings.VERBOSE:\n    case True:\n        read_level(args)"),
        "conditional expression": ("", "x = read_level(args) if settings.VERBOSE else 0"),
        "after and": ("", "x = settings.VERBOSE and read_level(args)"),
    }
    for label, (kind, body) in some.items():
        root = _chain_repo(make_repo, body, kind)
        assert _presence(run_cli, root) == {"level": UNKNOWN}, label
    every = {
        "past a guard": "if not settings.VERBOSE:\n    raise ValueError('off')\nread_level(args)",
        "unconditional": "read_level(args)",
        "both branches": "if settings.VERBOSE:\n    read_level(args)\nelse:\n    read_level(args)",
        "every case of a match": (
            "match settings.VERBOSE:\n"
            "    case True:\n"
            "        read_level(args)\n"
            "    case _:\n"
            "        x = read_level(args)"
        ),
        "nested, both branches": (
            "if settings.VERBOSE:\n"
            "    if settings.QUIET:\n"
            "        read_level(args)\n"
            "    else:\n"
            "        read_level(args)\n"
            "else:\n"
            "    read_level(args)"
        ),
    }
    for label, body in every.items():
        assert _presence(run_cli, _chain_repo(make_repo, body)) == {"level": REQUIRED}, label


def test_a_helper_of_another_module_calling_one_under_a_test_of_an_argument(
    make_repo, run_cli
) -> None:
    """As the read written in the branch: needed on some calls only."""
    called = _chain_repo(make_repo, 'if args.get("mode") == "x":\n    read_level(args)')
    through_call = _presence(run_cli, called)
    direct = _chain_repo(make_repo, 'if args.get("mode") == "x":\n    args["level"]')
    assert through_call == _presence(run_cli, direct)
    assert through_call["level"] == UNKNOWN


def test_methods_and_functions_of_the_module_calling_one_under_such_a_test(
    make_repo, run_cli
) -> None:
    """The walk of the tool's module hands the branch on to what it calls."""
    bodies = {
        "method": (
            "n = self._outer()",
            "\n    def _outer(self):\n"
            "        if self.agent.config.verbose:\n"
            "            return self._inner()\n"
            "        return None\n"
            "\n    def _inner(self):\n"
            '        return self.args["level"]\n',
        ),
        "async method under an argument test": (
            "n = await self._outer()",
            "\n    async def _outer(self):\n"
            '        if self.args.get("mode") == "x":\n'
            "            return await self._inner()\n"
            "        return None\n"
            "\n    async def _inner(self):\n"
            '        return self.args["level"]\n',
        ),
    }
    for label, (call, methods) in bodies.items():
        root = make_repo({"tools/level.py": _tool(call) + methods})
        assert _presence(run_cli, root)["level"] == UNKNOWN, label
    functions = (
        "\n\ndef inner(args):\n"
        '    return args["level"]\n'
        "\n\ndef outer(args, verbose):\n"
        "    if verbose:\n"
        "        return inner(args)\n"
        "    return None\n"
    )
    call = "n = outer(self.args, self.agent.config.verbose)"
    root = make_repo({"tools/level.py": _tool(call) + functions})
    assert _presence(run_cli, root) == {"level": UNKNOWN}
