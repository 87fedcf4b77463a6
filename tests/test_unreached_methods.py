"""A method of a tool that ``execute`` does not call, and the framework does
not call on each call (a handler of a dispatch table, a callback), runs on
some calls or none: a read there that needs its key makes the argument
``required or optional``, never required. The framework's own calls
(``__init__``, ``before_execution``, ``after_execution``, ``get_log_object``)
run on every call."""

from __future__ import annotations

import json

import pytest
from bothwalks import UNKNOWN, presence, tool_module

TABLE = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        action = self.args.get("action", "list")
        handlers = {"list": self._list, "add": self._add}
        return await handlers[action]()

    async def _list(self):
        return Response(message="listing", break_loop=False)

    async def _add(self):
        name = self.args["name"]
        return Response(message=f"added {name}", break_loop=False)
"""

HOOK = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        return Response(message="done", break_loop=False)

    async def METHOD(self, *args, **kwargs):
        return self.args["name"]
"""


def test_a_handler_of_a_dispatch_table_needs_its_keys_on_some_calls(make_repo, run_cli) -> None:
    root = make_repo({"tools/t.py": TABLE})
    arguments = {a["name"]: presence(a) for a in tool_module(run_cli, root)["arguments"]}
    assert arguments["name"] == UNKNOWN
    result = run_cli(root, "schema", "tools/t.py")
    assert result.exit_code == 0, result.output
    (schema,) = json.loads(result.output)
    assert "name" not in schema["function"]["parameters"].get("required", [])


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        ("_callback", UNKNOWN),
        ("before_execution", "required"),
        ("after_execution", "required"),
        ("get_log_object", "required"),
    ],
)
def test_what_the_framework_calls_runs_on_every_call(
    make_repo, run_cli, method: str, expected: str
) -> None:
    root = make_repo({"tools/t.py": HOOK.replace("METHOD", method)})
    arguments = {a["name"]: presence(a) for a in tool_module(run_cli, root)["arguments"]}
    assert arguments["name"] == expected


CHECKING_HOOK = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class T(Tool):
    async def before_execution(self, **kwargs):
        if not self.args.get("url"):
            raise RepairableException("url is required")
        await super().before_execution(**kwargs)

    async def execute(self, **kwargs):
        return Response(message=READ, break_loop=False)
"""


@pytest.mark.parametrize("read", ['"done"', 'self.args.get("url", "https://example.org")'])
def test_a_check_at_the_top_of_before_execution_refuses_on_every_call(
    make_repo, run_cli, read: str
) -> None:
    """``before_execution`` runs before ``execute`` on every call: a raise
    there without the key ends each call that lacks it, so the argument is
    required, and a default ``execute`` reads it with is never what a
    missing key gets."""
    root = make_repo({"tools/t.py": CHECKING_HOOK.replace("READ", read)})
    (url,) = tool_module(run_cli, root)["arguments"]
    assert (url["name"], presence(url), url["has_default"]) == ("url", "required", False)


def test_a_response_before_execution_returns_ends_nothing(make_repo, run_cli) -> None:
    """The framework ignores what ``before_execution`` returns: a check
    there that returns a ``Response`` refuses nothing, in a tool with its
    own ``execute`` or one inheriting it from another module."""
    hook = CHECKING_HOOK.replace("READ", '"done"').replace(
        'raise RepairableException("url is required")',
        'return Response(message="url is required", break_loop=False)',
    )
    base = hook.split("    async def before_execution")[0] + (
        "    async def execute(self, **kwargs):\n"
        "        return Response(message=self.args.get('url', 'x'), break_loop=False)\n"
    )
    subclass = (
        "from helpers.tool import Response\n"
        "from tools.base import T as Base\n\n\n"
        "class T(Base):\n" + hook.split("class T(Tool):\n")[1].split("    async def execute")[0]
    )
    for files in ({"tools/t.py": hook}, {"tools/base.py": base, "tools/t.py": subclass}):
        root = make_repo(files)
        (url,) = tool_module(run_cli, root)["arguments"]
        assert presence(url) != "required", files


@pytest.mark.parametrize(
    ("check", "hook_default"),
    [
        # a missing key gives the default, which the check does not refuse
        ('if self.args.get("url", "") is None:', ""),
        ('if not self.args.get("url", "x"):', "x"),
    ],
)
def test_a_check_in_before_execution_with_a_default_it_passes_refuses_nothing(
    make_repo, run_cli, check: str, hook_default: str
) -> None:
    """A call without ``url`` passes such a check and ``execute`` reads its
    own default: the argument is optional, and the hook's default is not
    what a missing key gets in ``execute``."""
    source = CHECKING_HOOK.replace('if not self.args.get("url"):', check)
    root = make_repo({"tools/t.py": source.replace("READ", 'self.args.get("url", "z")')})
    (url,) = tool_module(run_cli, root)["arguments"]
    assert presence(url) != "required"
    assert (url["has_default"], url["default"]) != (True, hook_default)


def test_a_check_in_before_execution_past_a_rename_refuses_nothing(make_repo, run_cli) -> None:
    """``url`` may come as ``link``, which the hook renames before its
    check: a call without ``url`` goes on to ``execute``, which reads it
    with a default."""
    source = CHECKING_HOOK.replace(
        '        if not self.args.get("url"):',
        '        if "link" in self.args:\n'
        '            self.args["url"] = self.args.pop("link")\n'
        '        if not self.args.get("url"):',
    )
    root = make_repo({"tools/t.py": source.replace("READ", 'self.args.get("url", "z")')})
    arguments = {a["name"]: presence(a) for a in tool_module(run_cli, root)["arguments"]}
    assert arguments["url"] != "required"


def test_a_subclass_overriding_the_checking_hook_does_not_refuse_its_key(
    make_repo, run_cli
) -> None:
    """The base's ``before_execution`` raises without ``url``; a subclass in
    another module overrides the hook without that check: a call without
    ``url`` reaches the inherited ``execute``, whose default is then not
    known (not "no default"), and ``url`` is not required. A subclass
    keeping the hook keeps the check."""
    base = CHECKING_HOOK.replace("READ", 'self.args.get("url", "z")')
    subclass = (
        "from tools.base import T as Base\n\n\n"
        "class T(Base):\n"
        "    async def before_execution(self, **kwargs):\n"
        "        return None\n"
    )
    root = make_repo({"tools/base.py": base, "tools/t.py": subclass})
    (url,) = tool_module(run_cli, root)["arguments"]
    assert presence(url) != "required"
    assert (url["has_default"], url["default_unknown"]) == (False, True)
    keeping = subclass.replace("before_execution(self, **kwargs)", "other(self)")
    root = make_repo({"tools/base.py": base, "tools/t.py": keeping})
    (url,) = tool_module(run_cli, root)["arguments"]
    assert (presence(url), url["has_default"]) == ("required", False)
