"""A ``Response`` kept in a name and handed to a call before ``execute``
returns it: a function of the module that sets the parameter's
``break_loop`` changes what is returned, as the same change in ``execute``
does; a builtin or a library's function changes nothing; any other callee
(another module, an object whose class is not known) leaves it unknown.
A helper of another module that builds a Response, changes it and returns
it is not known either (its summary records no value)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from doxtool.rules.examples import FRAMEWORK

HELPERS = """\
import logging

from helpers.tool import Response


def finalize(response):
    response.break_loop = True


def build(text):
    response = Response(message=text, break_loop=False)
    finalize(response)
    return response


def build_logged(text):
    response = Response(message=text, break_loop=False)
    logging.info("%s", response)
    return response
"""

TOOL = """\
import logging

from helpers.fin import build, build_logged, finalize
from helpers.tool import Response, Tool


class TaskDone(Tool):
    async def execute(self, **kwargs):
        response = Response(message=self.args.get("summary", ""), break_loop=False)
        {line}
        return response

    def _finalize(self, response: Response) -> None:
        if self.args.get("final", True):
            response.break_loop = True
            response.message += "(task closed)"

    def _read_only(self, response):
        self.agent.log(response.message)

    def _hand_on(self, r):
        self._set(r)

    def _set(self, resp):
        setattr(resp, "break_loop", True)


def _finish(response, stop=False):
    response.break_loop = stop
"""


def _outcomes(run_cli, make_repo, line: str) -> tuple[list[tuple[Any, int]], list[str]]:
    root: Path = make_repo(
        {"tools/task_done.py": TOOL.format(line=line), "helpers/fin.py": HELPERS}
    )
    result = run_cli(root, "inspect", "tools/task_done.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return [(o["break_loop"], o["line"]) for o in tool["outcomes"]], tool["unknown"]


@pytest.mark.parametrize(
    "line",
    [
        # a method of the tool that may set it
        "self._finalize(response)",
        # a function of the module, handed True
        "_finish(response, stop=True)",
        # a method that hands it on to one that sets it with setattr
        "self._hand_on(response)",
        # a function of another module: not read here
        "finalize(response)",
        # a method of an object whose class is not known
        "self.agent.hist_add_tool_result(response)",
    ],
)
def test_a_response_handed_to_a_call_that_may_change_it_is_not_the_built_value(
    run_cli, make_repo, line: str
) -> None:
    outcomes, unknown = _outcomes(run_cli, make_repo, line)
    assert outcomes == [("dynamic", 11)]
    assert unknown == []


@pytest.mark.parametrize(
    "line",
    [
        # builtins and a library's functions know nothing of the Response
        'print(response); logging.info("%s", response); str(response)',
        # a method that only reads it
        "self._read_only(response)",
        # a function of the module that sets it to its default, False
        "_finish(response)",
    ],
)
def test_a_response_handed_to_a_call_that_does_not_change_it_keeps_its_value(
    run_cli, make_repo, line: str
) -> None:
    outcomes, unknown = _outcomes(run_cli, make_repo, line)
    assert outcomes == [(False, 11)]
    assert unknown == []


@pytest.mark.parametrize("line", ['response = build("x")', 'response = build_logged("x")'])
def test_a_response_a_helper_of_another_module_builds_and_keeps_in_a_name_is_unknown(
    run_cli, make_repo, line: str
) -> None:
    """The summaries record a ``Response`` returned from a name as no known
    value: ``break_loop`` is unknown, never the value it was built with."""
    outcomes, unknown = _outcomes(run_cli, make_repo, line)
    assert outcomes == []
    assert unknown == ["break-loop"]


def test_a_true_line_about_a_response_a_method_finishes_is_kept(run_cli, make_repo) -> None:
    root: Path = make_repo(
        {
            "tools/task_done.py": TOOL.format(line="self._finalize(response)"),
            "helpers/fin.py": HELPERS,
        }
    )
    run_cli(root, "check", "--fix")
    companion = root / "tools/task_done.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    assert "`break_loop` of `TaskDone`" not in text, text
    line = "- `break_loop` of `TaskDone`: `true` unless `final` is false (then `false`).\n"
    text = text.replace("- Observed side-effect", line + "- Observed side-effect")
    companion.write_text(text, encoding="utf-8")
    result = run_cli(root, "check", "--select", "DOX120")
    assert "DOX120" not in result.output, result.output


REBOUND = """\
from helpers.tool import Response, Tool


class Saver(Tool):
    async def execute(self, **kwargs):
        {body}
        return response

    def _stop(self):
        return Response(message="stopped", break_loop=True)
"""


@pytest.mark.parametrize(
    "body, kind",
    [
        # a helper's result in one arm, a Response in another
        (
            'if self.args.get("stop"):\n            response = self._stop()\n'
            '        else:\n            response = Response(message="ok", break_loop=False)',
            "dynamic",
        ),
        # a helper's result, replaced on some calls only
        (
            'response = self._stop()\n        if self.args.get("go"):\n'
            '            response = Response(message="ok", break_loop=False)',
            "dynamic",
        ),
        # replaced on every call: the Response alone
        (
            'response = self._stop()\n        response = Response(message="ok", break_loop=False)',
            False,
        ),
        # ``None`` first: what reaches the return is a Response
        (
            'response = None\n        if self.args.get("go"):\n'
            '            response = Response(message="ok", break_loop=False)\n'
            '        else:\n            response = Response(message="no", break_loop=False)',
            False,
        ),
    ],
)
def test_a_name_a_response_is_bound_to_on_some_calls_may_hold_what_it_held(
    run_cli, make_repo, body: str, kind: Any
) -> None:
    root: Path = make_repo({"tools/saver.py": REBOUND.format(body=body)})
    result = run_cli(root, "inspect", "tools/saver.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    assert [o["break_loop"] for o in tool["outcomes"]] == [kind]


HOOKED = """\
from helpers.tool import Response, Tool


class Closer(Tool):
    async def execute(self, **kwargs):
        return Response(message="ok", break_loop={returned})

    async def after_execution(self, response, **kwargs):
        {body}
        await super().after_execution(response, **kwargs)

    def _close(self, r):
        if self.args.get("final"):
            setattr(r, "break_loop", True)
"""


@pytest.mark.parametrize(
    "returned, body, kinds",
    [
        # the framework reads ``break_loop`` past the hook, which sets it
        ("False", "response.break_loop = True", ["dynamic"]),
        (
            "False",
            'if self.args.get("final"):\n            response.break_loop = True',
            ["dynamic"],
        ),
        ("False", "self._close(response)", ["dynamic"]),
        ("True", "response.break_loop = self.agent.config.stop", ["dynamic"]),
        # a method of another object may change it
        ("False", "self.agent.finish(response)", ["dynamic"]),
        # the one value every Response gives: as it was
        ("False", "response.break_loop = False", [False]),
        # only read, and handed to the framework's own hook
        ("True", "self.agent.log(response.message)", [True]),
    ],
)
def test_after_execution_that_sets_break_loop_makes_it_unknown(
    run_cli, make_repo, returned: str, body: str, kinds: list[Any]
) -> None:
    source = HOOKED.format(returned=returned, body=body)
    root: Path = make_repo({"tools/closer.py": source})
    result = run_cli(root, "inspect", "tools/closer.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    assert [o["break_loop"] for o in tool["outcomes"]] == kinds
    run_cli(root, "check", "--fix", "--no-cache", "tools/closer.py")
    companion = (root / "tools/closer.py.dox.md").read_text()
    assert ("`break_loop` of `Closer`" in companion) == (kinds != ["dynamic"]), companion


BASE_HOOK = """\
from helpers.tool import Response, Tool


class StoppingTool(Tool):
    async def after_execution(self, response: Response, **kwargs):
        {body}
        await super().after_execution(response, **kwargs)
"""

HOOKED_ELSEWHERE = """\
from helpers.tool import Response
from {module} import StoppingTool


class Mixin:
    pass


class Stopper({bases}):
    async def execute(self, **kwargs):
        return Response(message="ok", break_loop={returned})
"""

RELAY = """\
from helpers.tool import Response
from python.helpers.my_base import StoppingTool


class Relay(StoppingTool):
    async def after_execution(self, response: Response, **kwargs):
        self.agent.note(response.message)
        await super().after_execution(response, **kwargs)
"""


@pytest.mark.parametrize(
    "returned, body, module, bases, kinds",
    [
        # a base of another module whose hook sets it: the loop reads its value
        (
            "False",
            "response.break_loop = True",
            "python.helpers.my_base",
            "StoppingTool",
            ["dynamic"],
        ),
        ("False", "response.break_loop = True", "tools._base", "Mixin, StoppingTool", ["dynamic"]),
        (
            "False",
            'if self.args.get("final"):\n            setattr(response, "break_loop", True)',
            "python.helpers.my_base",
            "StoppingTool",
            ["dynamic"],
        ),
        ("True", "self.finish(response)", "python.helpers.my_base", "StoppingTool", ["dynamic"]),
        # the hook reaches it through a base of a third module, by ``super()``
        ("False", "response.break_loop = True", "python.helpers.relay", "Relay", ["dynamic"]),
        # the one value every Response gives, or only read: as it was
        ("False", "response.break_loop = False", "python.helpers.my_base", "StoppingTool", [False]),
        ("True", "print(response.message)", "python.helpers.my_base", "StoppingTool", [True]),
        ("False", "self.seen = response.break_loop", "tools._base", "StoppingTool", [False]),
        # kept where another name changes it later
        (
            "False",
            "self.last = response\n        self.last.break_loop = True",
            "tools._base",
            "StoppingTool",
            ["dynamic"],
        ),
        ("False", "pending = [response]", "tools._base", "StoppingTool", ["dynamic"]),
        (
            "False",
            "if response:\n            print(f'{response}')",
            "tools._base",
            "StoppingTool",
            [False],
        ),
    ],
)
def test_after_execution_of_a_base_elsewhere_that_sets_break_loop_makes_it_unknown(
    run_cli, make_repo, returned: str, body: str, module: str, bases: str, kinds: list[Any]
) -> None:
    hook = BASE_HOOK.format(body=body)
    bases = bases.replace("StoppingTool", "Relay" if module.endswith("relay") else "StoppingTool")
    tool = HOOKED_ELSEWHERE.format(module=module, bases=bases, returned=returned)
    if module.endswith("relay"):
        tool = tool.replace("import StoppingTool", "import Relay")
    files = {
        "python/__init__.py": "",
        "python/helpers/__init__.py": "",
        "python/helpers/my_base.py": hook,
        "python/helpers/relay.py": RELAY,
        "tools/_base.py": hook,
        "tools/stopper.py": tool,
    }
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/stopper.py", "--json")
    assert result.exit_code == 0, result.output
    (module_facts,) = json.loads(result.output)
    (found,) = module_facts["tools"]
    assert [o["break_loop"] for o in found["outcomes"]] == kinds
    run_cli(root, "check", "--fix", "--no-cache", "tools/stopper.py")
    companion = (root / "tools/stopper.py.dox.md").read_text()
    assert ("`break_loop` of `Stopper`" in companion) == (kinds != ["dynamic"]), companion


MIXIN_HOOK = """\
class FinalMixin:
    async def after_execution(self, response, **kwargs):
        response.break_loop = True
        await super().after_execution(response, **kwargs)
"""


@pytest.mark.parametrize(
    "bases, framework_hook, kinds",
    [
        ("FinalMixin, Tool", True, ["dynamic"]),
        # the framework's ``Tool`` comes first in the method order: its hook
        # runs, and the mixin's never does
        ("Tool, FinalMixin", True, [False]),
        # ... unless it has none
        ("Tool, FinalMixin", False, ["dynamic"]),
    ],
)
def test_a_mixin_hook_counts_only_before_the_framework_base(
    run_cli, make_repo, bases: str, framework_hook: bool, kinds: list[Any]
) -> None:
    tool = (
        "from helpers.mixins import FinalMixin\n"
        "from helpers.tool import Response, Tool\n\n\n"
        f"class Stopper({bases}):\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(message="ok", break_loop=False)\n'
    )
    files = {"helpers/mixins.py": MIXIN_HOOK, "tools/stopper.py": tool}
    if framework_hook:
        files["helpers/tool.py"] = FRAMEWORK["helpers/tool.py"] + (
            "\n    async def after_execution(self, response, **kwargs):\n        pass\n"
        )
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/stopper.py", "--json")
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.output)[0]["tools"]
    assert [o["break_loop"] for o in found["outcomes"]] == kinds


def test_a_base_hook_taking_the_response_in_star_args_makes_it_unknown(run_cli, make_repo) -> None:
    hook = (
        BASE_HOOK.format(body="args[0].break_loop = True")
        .replace("self, response: Response, **kwargs", "self, *args, **kwargs")
        .replace("(response, **kwargs)", "(*args, **kwargs)")
    )
    tool = HOOKED_ELSEWHERE.format(module="tools._base", bases="StoppingTool", returned="False")
    root: Path = make_repo({"tools/_base.py": hook, "tools/stopper.py": tool})
    result = run_cli(root, "inspect", "tools/stopper.py", "--json")
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.output)[0]["tools"]
    assert [o["break_loop"] for o in found["outcomes"]] == ["dynamic"]


PASSING_HOOK = """\
from helpers.{parent_module} import {parent}


class {name}({parent}):
    async def after_execution(self, response, **kwargs):
        {body}
        await super().after_execution(response, **kwargs)
"""


@pytest.mark.parametrize(
    "b_body, kinds",
    [
        ("response.break_loop = True", ["dynamic"]),
        ("print(response.message)", [False]),
    ],
)
def test_a_diamond_of_base_hooks_is_read_in_the_method_order(
    run_cli, make_repo, b_body: str, kinds: list[Any]
) -> None:
    """``class Stopper(A, B)`` with ``A(Root)`` and ``B(Root)``: ``A``'s
    ``super()`` is ``B``'s hook, not ``Root``'s."""
    files = {
        "helpers/tool.py": FRAMEWORK["helpers/tool.py"]
        + "\n    async def after_execution(self, response, **kwargs):\n        pass\n",
        "helpers/root.py": PASSING_HOOK.format(
            parent_module="tool", parent="Tool", name="Root", body="pass"
        ),
        "helpers/a.py": PASSING_HOOK.format(
            parent_module="root", parent="Root", name="A", body="pass"
        ),
        "helpers/b.py": PASSING_HOOK.format(
            parent_module="root", parent="Root", name="B", body=b_body
        ),
        "tools/stopper.py": "from helpers.a import A\nfrom helpers.b import B\n"
        "from helpers.tool import Response\n\n\nclass Stopper(A, B):\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(message="ok", break_loop=False)\n',
    }
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "tools/stopper.py", "--json")
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.output)[0]["tools"]
    assert [o["break_loop"] for o in found["outcomes"]] == kinds
