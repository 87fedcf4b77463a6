"""An argument needed on some calls only: a read that raises without it
(``self.args["name"]``) or a check that refuses it runs in one method of a
``tool:method`` dispatch, in an arm of a conditional expression, while
other calls do without it (``self.args.get("name", "")``). Whether it is
required is not known: ``required or optional``, no default claimed or
denied, a companion's own word kept. A read whose absence is handled (a
membership test, a ``KeyError`` handler that goes on) stays optional."""

from __future__ import annotations

import json
from typing import Any

from doxtool.rules.examples import WAIT_DOX

#: the scheduler shape: ``create_task`` takes a default, ``delete_task``
#: raises ``KeyError`` without ``name``
SCHEDULER_PY = """\
from helpers.tool import Response, Tool


class SchedulerTool(Tool):
    async def execute(self, **kwargs):
        if self.method == "create_task":
            return await self.create_task(**kwargs)
        elif self.method == "delete_task":
            return await self.delete_task(**kwargs)
        return Response(message=f"Unknown method '{self.name}:{self.method}'", break_loop=False)

    async def create_task(self, **kwargs) -> Response:
        name = self.args.get("name", "")
        return Response(message=f"Task '{name}' created.", break_loop=False)

    async def delete_task(self, **kwargs) -> Response:
        name = self.args["name"]
        return Response(message=f"Task '{name}' deleted.", break_loop=False)
"""


def _companion(line: str) -> str:
    return (
        WAIT_DOX.replace("wait.py", "scheduler.py")
        .replace("WaitTool", "SchedulerTool")
        .replace("  - `seconds`: optional integer, default `0`.\n", line)
    )


def _arguments(run_cli, root, path: str) -> dict[str, tuple[Any, ...]]:
    """name -> (required, required_unknown, has_default, default_unknown)."""
    inspected = run_cli(root, "inspect", path, "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    return {
        a["name"]: (a["required"], a["required_unknown"], a["has_default"], a["default_unknown"])
        for a in tool["arguments"]
    }


def test_a_key_one_dispatched_method_needs_and_another_defaults_is_unknown(
    make_repo, run_cli
) -> None:
    root = make_repo({"tools/scheduler.py": SCHEDULER_PY})
    assert _arguments(run_cli, root, "tools/scheduler.py") == {"name": (False, True, False, True)}
    described = run_cli(root, "inspect", "tools/scheduler.py").output.splitlines()
    assert "      name: required or optional string, default not known (line 13, 17)" in described

    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    companion = (root / "tools/scheduler.py.dox.md").read_text()
    assert "- Arguments of `SchedulerTool`:\n  - `name`: required or optional string.\n" in (
        companion
    )
    for line in (
        "  - `name`: required string.\n",
        "  - `name`: optional string.\n",
        '  - `name`: required string, default `""`.\n',
    ):
        (root / "tools/scheduler.py.dox.md").write_text(_companion(line))
        result = run_cli(root, "check", "--select", "DOX111", "--diff")
        assert (result.exit_code, result.output) == (0, "All checks passed.\n"), line


def test_a_subscript_in_an_arm_of_a_conditional_expression_is_unknown(make_repo, run_cli) -> None:
    source = """\
        from helpers.tool import Response, Tool


        class NotesTool(Tool):
            async def execute(self, **kwargs):
                target = self.args.get("target", "inline")
                path = self.args["path"] if target == "file" else None
                return Response(message=str(path), break_loop=False)
        """
    root = make_repo({"tools/notes.py": source.replace("\n        ", "\n").lstrip()})
    assert _arguments(run_cli, root, "tools/notes.py") == {
        "target": (False, False, True, False),
        "path": (False, True, False, True),
    }


def test_a_read_whose_absence_is_handled_stays_optional(make_repo, run_cli) -> None:
    guarded = {
        # a membership test before the subscript
        "member": 'name = self.args["name"] if "name" in self.args else ""',
        # a handler that goes on
        "handler": 'try:\n            name = self.args["name"]\n'
        '        except KeyError:\n            name = ""',
    }
    for label, read in guarded.items():
        source = SCHEDULER_PY.replace('name = self.args["name"]', read)
        root = make_repo({"tools/scheduler.py": source})
        assert _arguments(run_cli, root, "tools/scheduler.py") == {
            "name": (False, False, True, False)
        }, label


def test_a_key_every_dispatched_method_needs_stays_required(make_repo, run_cli) -> None:
    source = SCHEDULER_PY.replace('self.args.get("name", "")', 'self.args["name"]')
    root = make_repo({"tools/scheduler.py": source})
    assert _arguments(run_cli, root, "tools/scheduler.py") == {"name": (True, False, False, False)}


def test_a_helper_module_needing_it_on_some_calls_leaves_it_unknown(make_repo, run_cli) -> None:
    helper = """\
def removed(args):
    return args["name"]
"""
    source = SCHEDULER_PY.replace('name = self.args["name"]', "name = removed(self.args)").replace(
        "from helpers.tool import", "from helpers.tasks import removed\nfrom helpers.tool import"
    )
    root = make_repo({"helpers/tasks.py": helper, "tools/scheduler.py": source})
    assert _arguments(run_cli, root, "tools/scheduler.py") == {"name": (False, True, False, True)}


def test_a_base_method_needing_it_beside_a_subclass_default_claims_no_default(
    make_repo, run_cli
) -> None:
    base = SCHEDULER_PY.replace("SchedulerTool", "SchedulerBase").replace(
        'name = self.args.get("name", "")', "name = None"
    )
    subclass = """\
from helpers.base import SchedulerBase
from helpers.tool import Response


class SchedulerTool(SchedulerBase):
    async def create_task(self, **kwargs) -> Response:
        name = self.args.get("name", "")
        return Response(message=f"Task '{name}' created.", break_loop=False)
"""
    root = make_repo({"helpers/base.py": base, "tools/scheduler.py": subclass})
    assert _arguments(run_cli, root, "tools/scheduler.py") == {"name": (False, True, False, True)}


SPLAT_PY = """\
from helpers.tool import Response, Tool


class SchedulerTool(Tool):
    async def execute(self, **kwargs):
        if self.method == "create_task":
            {create}
        elif self.method == "delete_task":
            return self.delete_task(**self.args)
        return Response(message=f"unknown method {self.method}", break_loop=False)

    def create_task(self, name):
        return Response(message=name, break_loop=False)

    def delete_task(self, name):
        return Response(message=name, break_loop=False)
"""


def test_a_parameter_a_dispatched_call_fills_from_the_dict(make_repo, run_cli) -> None:
    # ``delete_task(**self.args)`` raises ``TypeError`` without ``name``
    some = SPLAT_PY.replace(
        "{create}", 'return Response(message=self.args.get("name", ""), break_loop=False)'
    )
    root = make_repo({"tools/scheduler.py": some})
    assert _arguments(run_cli, root, "tools/scheduler.py") == {"name": (False, True, False, True)}
    # every arm of the closed dispatch makes such a call: required
    every = SPLAT_PY.replace("{create}", "return self.create_task(**self.args)")
    (root / "tools/scheduler.py").write_text(every)
    assert _arguments(run_cli, root, "tools/scheduler.py") == {"name": (True, False, False, False)}


#: ``handler = getattr(self, f"do_{action}", None)``: ``do_save`` runs on the
#: calls whose ``action`` is ``save`` only
GETATTR_PY = """\
from helpers.tool import Response, Tool


class Memory(Tool):
    async def execute(self, **kwargs):
        stamp = self._stamp()
        action = self.args.get("action", "")
        handler = getattr(self, f"do_{action}", None)
        if handler is None:
            return Response(message=f"unknown action: {action} {stamp}", break_loop=False)
        return await handler()

    async def do_save(self):
        text = self.args["text"]
        return Response(message=f"saved {text}", break_loop=False)

    async def do_load(self):
        limit = int(self.args.get("limit", 5))
        return Response(message=f"last {limit}", break_loop=False)

    def _stamp(self):
        return self.args["stamp"]
"""


def test_a_method_a_computed_getattr_reaches_runs_on_some_calls(make_repo, run_cli) -> None:
    root = make_repo({"tools/memory.py": GETATTR_PY})
    arguments = _arguments(run_cli, root, "tools/memory.py")
    assert arguments["text"] == (False, True, False, True)
    assert arguments["limit"] == (False, False, True, False)
    # a method every call reaches first stays needed on every call
    assert arguments["stamp"] == (True, False, False, False)

    schema = run_cli(root, "schema", "tools/memory.py", "--format", "jsonschema")
    assert schema.exit_code == 0, schema.output
    assert json.loads(schema.output)[0]["required"] == ["stamp"]
    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    companion = (root / "tools/memory.py.dox.md").read_text()
    assert "  - `text`: required or optional.\n" in companion


def test_a_computed_getattr_with_any_name_reaches_every_method(make_repo, run_cli) -> None:
    source = GETATTR_PY.replace('f"do_{action}"', "action")
    root = make_repo({"tools/memory.py": source})
    arguments = _arguments(run_cli, root, "tools/memory.py")
    assert arguments["text"] == (False, True, False, True)
    assert arguments["stamp"] == (True, False, False, False)


STRICT_PY = """\
from helpers.tool import Response, Tool


class LookupTool(Tool):
    async def execute(self, name: str = "", **kwargs):
        if self.agent.config.strict:
            if not name:
                return Response(message="name is required", break_loop=False)
        return Response(message=f"looked up {name or 'all'}", break_loop=False)
"""


def test_a_check_under_a_test_not_about_the_arguments_is_unknown(make_repo, run_cli) -> None:
    """Which calls take ``if self.agent.config.strict:`` is not known: the
    check in it refuses ``""`` on some calls, so the parameter's ``""`` is
    no default claimed, nor is it optional; a check in the ``else`` alike."""
    root = make_repo({"tools/lookup.py": STRICT_PY})
    assert _arguments(run_cli, root, "tools/lookup.py") == {"name": (False, True, False, True)}
    in_else = STRICT_PY.replace(
        "        if self.agent.config.strict:\n",
        "        if self.agent.config.lenient:\n            pass\n        else:\n",
    )
    root = make_repo({"tools/lookup.py": in_else})
    assert _arguments(run_cli, root, "tools/lookup.py") == {"name": (False, True, False, True)}


GIT_PY = """\
from helpers.tool import Response, Tool


class GitTool(Tool):
    async def execute(self, **kwargs):
        if self.method == "merge":
            return await self.merge()
        if self.method == "checkout":
            return await self.checkout()
        return Response(message=f"unknown method {self.method}", break_loop=False)

    async def merge(self) -> Response:
        branch = self.args.get("branch", "")
        if not branch:
            return Response(message="merge needs `branch`", break_loop=False)
        return Response(message=f"merged {branch}", break_loop=False)

    async def checkout(self) -> Response:
        target = self.args.get("target", "") or self.args.get("branch", "")
        if not target:
            return Response(message="checkout needs `target`", break_loop=False)
        return Response(message=f"checked out {target}", break_loop=False)
"""


def test_a_check_of_one_method_is_kept_where_another_method_takes_a_stand_in(
    make_repo, run_cli
) -> None:
    """``merge`` refuses a missing ``branch`` alone; ``checkout`` takes
    ``target`` or ``branch``: ``branch`` is needed on the calls of
    ``merge``, not optional with ``target`` standing in for it; ``target``
    (or ``branch``) is needed on the calls of ``checkout`` only, so it is
    not claimed optional either."""
    root = make_repo({"tools/git.py": GIT_PY})
    arguments = _arguments(run_cli, root, "tools/git.py")
    assert arguments["branch"] == (False, True, False, True)
    assert arguments["target"] == (False, True, False, True)
    described = run_cli(root, "inspect", "tools/git.py").output.splitlines()
    assert (
        "      branch: required or optional string, default not known, or instead target"
        " (line 13, 19)" in described
    )


#: ``handler = getattr(self, name, None)`` of a name bound once to
#: ``f"_do_{method}"``, called in a ``try`` handed the arguments dict
GETATTR_TRIED_PY = """\
from helpers.tool import Response, Tool


class Pointer(Tool):
    async def execute(self, **kwargs):
        payload = {**self.args, **kwargs}
        name = f"_do_{payload.get('method')}"
        handler = getattr(self, name, None)
        if handler is None:
            return Response(message="unknown method", break_loop=False)
        try:
            message = await handler(payload)
        except Exception as exc:
            return Response(message=str(exc), break_loop=False)
        return Response(message=message, break_loop=False)

    async def _do_key(self, payload):
        keys = payload.get("keys")
        if not keys:
            raise ValueError("keys")
        return f"sent {keys}"

    def _ensure(self, env):
        return env.get("DISPLAY")
"""


def test_a_method_a_computed_getattr_reaches_runs_where_it_is_called(make_repo, run_cli) -> None:
    """Called in the ``try`` around it, handed the dict: its reads of the
    dict are the arguments' on some calls, its raise one the ``try`` may
    catch; a method the name cannot give is handed nothing."""
    root = make_repo({"tools/pointer.py": GETATTR_TRIED_PY})
    arguments = _arguments(run_cli, root, "tools/pointer.py")
    assert arguments["keys"] == (False, True, False, True)
    assert "DISPLAY" not in arguments
    inspected = run_cli(root, "inspect", "tools/pointer.py", "--json")
    (tool,) = json.loads(inspected.output)[0]["tools"]
    assert [(r["exception"], r["in_try"]) for r in tool["raises"]] == [("ValueError", True)]


#: ``getattr(self, f"_{method}")`` may give any private method, the class's
#: helpers too (``_load(plan)``, which ``_status`` calls itself)
GETATTR_PRIVATE_PY = """\
from helpers.tool import Response, Tool


class Lifecycle(Tool):
    async def execute(self, **kwargs):
        handler = getattr(self, f"_{self.method}", None)
        if handler is None:
            return Response(message="unknown method", break_loop=False)
        return await handler(**kwargs)

    async def _status(self, **kwargs):
        return Response(message=self._load(self.args.get("plan", "")), break_loop=False)

    async def _archive(self, reason="", **kwargs):
        return Response(message=f"archived: {reason}", break_loop=False)

    def _load(self, name):
        return f"plan {name}"
"""


def test_a_helper_a_bare_computed_getattr_may_give_takes_no_argument(make_repo, run_cli) -> None:
    """The handlers are handed the call's arguments; a method the class
    calls by name itself is its helper, whose parameters are none."""
    root = make_repo({"tools/lifecycle.py": GETATTR_PRIVATE_PY})
    arguments = _arguments(run_cli, root, "tools/lifecycle.py")
    assert set(arguments) == {"plan", "reason"}
    # a family the name spells (``_do_``) is the dispatch's, each may be handed them
    named = GETATTR_PRIVATE_PY.replace('f"_{self.method}"', 'f"_do_{self.method}"')
    named = named.replace("def _", "def _do_").replace("self._load", "self._do_load")
    (root / "tools/lifecycle.py").write_text(named)
    assert set(_arguments(run_cli, root, "tools/lifecycle.py")) == {"plan", "reason", "name"}


def test_a_handler_another_method_calls_too_is_still_handed_the_arguments(
    make_repo, run_cli
) -> None:
    """``_search`` takes ``**kwargs`` as the handlers do: ``_refresh``
    calling it by name does not make it a helper."""
    tool = GETATTR_PRIVATE_PY.replace(
        "    def _load(self, name):\n",
        '    async def _search(self, query="", **kwargs):\n'
        '        return Response(message=f"found {query}", break_loop=False)\n\n'
        "    async def _refresh(self, **kwargs):\n"
        '        return await self._search(query="latest")\n\n'
        "    def _load(self, name):\n",
    )
    assert tool != GETATTR_PRIVATE_PY
    root = make_repo({"tools/lifecycle.py": tool})
    assert set(_arguments(run_cli, root, "tools/lifecycle.py")) == {"plan", "reason", "query"}
