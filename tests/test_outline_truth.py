"""Documented items judged against the code's outline and tool facts: an item
is stale only when the code certainly no longer has it, and ``--fix`` settles
(the companion it writes gives no finding; a second ``--fix`` changes nothing).

Each test writes a real repository, lets ``--fix`` write (or correct) a
companion, then edits one line the way a person would.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from click.testing import Result

HELPERS_AGENTS = (
    "# helpers\n\n## Local Contracts\n\n- This directory is a file-documented DOX profile: "
    "every direct `*.py` helper module must have a same-directory `*.py.dox.md` file.\n"
)
DOXTOOL = 'tool-dirs = ["tools"]\ntest-dirs = ["tests"]\nconvention = "doxtool"\n'
AGENT_ZERO = 'tool-dirs = ["tools"]\ntest-dirs = ["tests"]\nconvention = "agent-zero"\n'

Run = Callable[..., Result]


def _findings(run_cli: Run, root: Path, *paths: str) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX1", *paths)
    assert result.exit_code in (0, 1), result.output
    return [line for line in result.output.splitlines() if ": DOX" in line]


def _fix(run_cli: Run, root: Path, *paths: str) -> None:
    result = run_cli(root, "check", "--no-cache", "--fix", *paths)
    assert result.exit_code in (0, 1), result.output


def _read(root: Path, path: str) -> str:
    return (root / path).read_text(encoding="utf-8")


def _edit(root: Path, path: str, old: str, new: str) -> None:
    text = _read(root, path)
    assert old in text, text
    (root / path).write_text(text.replace(old, new, 1), encoding="utf-8")


def _settled(run_cli: Run, root: Path, path: str) -> str:
    """The companion after a ``--fix``, checked to give no finding and to be
    left alone by a second ``--fix``."""
    _fix(run_cli, root, path.removesuffix(".dox.md"))
    text = _read(root, path)
    assert _findings(run_cli, root, path.removesuffix(".dox.md")) == []
    _fix(run_cli, root, path.removesuffix(".dox.md"))
    assert _read(root, path) == text, "a second fix changes nothing"
    return text


# --- tool facts and the outline agree on what a tool calls -----------------------

ECHO_BASE = """\
from helpers.tool import Response, Tool


class BaseEcho(Tool):
    async def execute(self, **kwargs) -> Response:
        await self.agent.handle_intervention()
        return Response(message=str(self.args.get("text", "")), break_loop=False)
"""
LOUD = '''\
"""Echo, loudly."""

from helpers.echo_base import BaseEcho


class LoudTool(BaseEcho):
    """Echo the text back."""
'''


def test_helpers_a_tool_calls_through_its_base_class_are_not_stale(make_repo, run_cli) -> None:
    root = make_repo(
        {"doxtool.toml": DOXTOOL, "helpers/echo_base.py": ECHO_BASE, "tools/loud.py": LOUD}
    )
    text = _settled(run_cli, root, "tools/loud.py.dox.md")
    assert (
        "- Important called helpers/classes observed in the source: "
        "`Response`, `self.agent.handle_intervention`.\n"
    ) in text
    _edit(root, "tools/loud.py.dox.md", "`Response`, `self.agent.handle_intervention`", "none")
    found = _findings(run_cli, root, "tools/loud.py")
    assert [f.split(": ", 1)[1] for f in found if " DOX130 " in f] == [
        "DOX130 `tools/loud.py` calls `Response`, which the called helpers line does not list [*]",
        "DOX130 `tools/loud.py` calls `self.agent.handle_intervention`, which the called "
        "helpers line does not list [*]",
    ]
    assert _settled(run_cli, root, "tools/loud.py.dox.md") == text


HELLO_PLUGIN = '''\
"""Say hello."""

from helpers.tool import Response, Tool


class HelloTool(Tool):
    """Say hello."""

    async def execute(self, **kwargs) -> Response:
        return Response(message="hello", break_loop=False)
'''
HELLO_SHIM = '''\
"""Compatibility shim: the hello tool lives in the p plugin."""

from plugins.p.tools.hello import HelloTool

__all__ = ["HelloTool"]
'''


def test_a_module_re_exporting_a_tool_settles(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "doxtool.toml": DOXTOOL,
            "plugins/__init__.py": "",
            "plugins/p/__init__.py": "",
            "plugins/p/tools/__init__.py": "",
            "plugins/p/tools/hello.py": HELLO_PLUGIN,
            "tools/hello.py": HELLO_SHIM,
        }
    )
    text = _settled(run_cli, root, "tools/hello.py.dox.md")
    assert "- `HelloTool` is a `helpers.tool.Tool`.\n" in text
    assert "- Important called helpers/classes observed in the source: `Response`.\n" in text


# --- the class outline ------------------------------------------------------------

STORE = """\
import sys


class Store:
    def get(self, key: str) -> str:
        return key

    if sys.version_info >= (3, 11):
        def snapshot(self) -> dict:
            return {}
    else:
        def snapshot(self) -> dict:
            return {"legacy": True}

    try:
        import json

        def dump(self) -> str:
            return json.dumps({})
    except ImportError:
        def dump(self) -> str:
            return ""

    class Error(Exception):
        pass
"""


def _helper_repo(make_repo, config: str, module: str, name: str = "store", **more: str) -> Path:
    return make_repo(
        {
            "doxtool.toml": config,
            "helpers/AGENTS.md": HELPERS_AGENTS,
            "helpers/__init__.py": "",
            f"helpers/{name}.py": module,
            **more,
        }
    )


def test_methods_under_an_if_or_a_try_of_the_class_body_exist(make_repo, run_cli) -> None:
    root = _helper_repo(make_repo, AGENT_ZERO, STORE)
    text = _settled(run_cli, root, "helpers/store.py.dox.md")
    assert "  - `get(self, key: str) -> str`\n- Notable" not in text
    _edit(
        root,
        "helpers/store.py.dox.md",
        "  - `get(self, key: str) -> str`\n",
        "  - `get(self, key: str) -> str`\n  - `snapshot(self) -> dict`\n  - `dump(self) -> str`\n",
    )
    assert _findings(run_cli, root) == []
    _edit(root, "helpers/store.py.dox.md", "`dump(self) -> str`", "`dump(self) -> int`")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX105 `Store.dump` returns `str` now (helpers/store.py:18) [*]"
    ]


def test_a_class_defined_inside_a_class_is_not_called_gone(make_repo, run_cli) -> None:
    root = _helper_repo(make_repo, DOXTOOL, STORE)
    _settled(run_cli, root, "helpers/store.py.dox.md")
    _edit(
        root,
        "helpers/store.py.dox.md",
        "  - `get(self, key: str) -> str`\n",
        "  - `get(self, key: str) -> str`\n- `Error` (`Exception`)\n",
    )
    assert _findings(run_cli, root) == []


NODE = """\
from __future__ import annotations

from typing import Literal


class Node:
    def child(self, name: str) -> "Node":
        return Node()

    def parent(self) -> Node | None:
        return None

    def kids(self) -> list["Node"]:
        return []

    def mode(self) -> Literal["a"]:
        return "a"
"""


def test_a_string_annotation_is_its_contents(make_repo, run_cli) -> None:
    root = _helper_repo(make_repo, DOXTOOL, NODE, "node")
    _settled(run_cli, root, "helpers/node.py.dox.md")
    companion = "helpers/node.py.dox.md"
    _edit(root, companion, '-> "Node"`', "-> Node`")
    _edit(root, companion, '-> list["Node"]`', "-> list[Node]`")
    _edit(root, companion, "-> Node | None`", "-> 'Node | None'`")
    assert _findings(run_cli, root) == []
    # a Literal's string is a value, not a forward reference
    _edit(root, companion, '-> Literal["a"]', "-> Literal[a]")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX105 `Node.mode` returns `Literal['a']` now (helpers/node.py:16) [*]"
    ]


STAMPS = """\
import datetime


class Stamps:
    def stamp(self, when: datetime.datetime, zone: str = "") -> datetime.date:
        return when.date()

    def same(self, data: str, other: str):
        return data == other
"""


def test_a_signature_omitting_types_or_qualifying_a_name_is_true(make_repo, run_cli) -> None:
    root = _helper_repo(make_repo, DOXTOOL, STAMPS, "stamps")
    _settled(run_cli, root, "helpers/stamps.py.dox.md")
    companion = "helpers/stamps.py.dox.md"
    _edit(
        root,
        companion,
        "`stamp(self, when: datetime.datetime, zone: str=...) -> datetime.date`",
        '`stamp(self, when, zone="") -> date`',
    )
    _edit(
        root, companion, "`same(self, data: str, other: str)`", "`same(self, data, other) -> bool`"
    )
    before = _read(root, companion)
    assert _findings(run_cli, root) == []
    _fix(run_cli, root)
    assert _read(root, companion) == before
    # another name, or a default gone, is still a change
    _edit(root, companion, "-> date`", "-> time`")
    _edit(root, companion, 'zone="")', "zone)")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX105 `Stamps.stamp` `zone` has default now, returns `datetime.date` now "
        "(helpers/stamps.py:5) [*]"
    ]


GENERIC = """\
from typing import Generic, TypeVar

T = TypeVar("T")


class Box(Generic[T]):
    pass


class IntBox(Box[int]):
    pass
"""


def test_a_generic_base_may_be_written_without_its_parameters(make_repo, run_cli) -> None:
    root = _helper_repo(make_repo, DOXTOOL, GENERIC, "boxes")
    _settled(run_cli, root, "helpers/boxes.py.dox.md")
    companion = "helpers/boxes.py.dox.md"
    _edit(root, companion, "(`Generic[T]`)", "(`Generic`)")
    _edit(root, companion, "(`Box[int]`)", "(`Box`)")
    assert _findings(run_cli, root) == []
    _edit(root, companion, "(`Box`)", "(`Box[str]`)")
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX105 class `IntBox` derives from `Box[int]` in the code, not `Box[str]` "
        "(helpers/boxes.py:10) [*]"
    ]


MATHX = """\
import functools


def _power(x: float, n: int) -> float:
    return x**n


square = lambda x: x * x  # noqa: E731
cube = functools.partial(_power, n=3)
"""


def test_a_name_bound_to_a_lambda_is_not_a_gone_function(make_repo, run_cli) -> None:
    root = _helper_repo(make_repo, AGENT_ZERO, MATHX, "mathx")
    _settled(run_cli, root, "helpers/mathx.py.dox.md")
    companion = "helpers/mathx.py.dox.md"
    _edit(
        root,
        companion,
        "- `_power(x: float, n: int) -> float`\n",
        "- `_power(x: float, n: int) -> float`\n- `square(x)`\n- `cube(x)`\n- `gone(x)`\n",
    )
    assert [f.split(": ", 1)[1] for f in _findings(run_cli, root)] == [
        "DOX105 `helpers/mathx.py` no longer defines function `gone` (documented at line 17) [*]"
    ]


NOTIFY_PLUGIN = """\
from helpers.notes import Notes
from helpers.tool import Response, Tool


class NotifyTool(Tool):
    async def execute(self, **kwargs):
        message = self.args.get("message", "")
        title = self.args.get("title", "")
        if not message:
            return Response(message="Message is required", break_loop=False)
        Notes.manager().add(title, message)
        return Response(message="sent", break_loop=False)
"""
NOTES = """\
class Notes:
    @classmethod
    def manager(cls) -> "Notes":
        return cls()

    def add(self, title: str, message: str) -> None:
        print(title, message)
"""
NOTIFY_SHIM_DOX = """\
# notify.py DOX

## Purpose

- Own the `notify.py` agent tool.
- This module re-exports the notify plugin tool for the core tool name.

## Runtime Contracts

- Arguments of `NotifyTool`:
  - `message`: required string.
  - `title`: optional string, default `""`.
- `break_loop` of `NotifyTool`: always `false`.
- Imported dependency areas include: `plugins.n.tools.notify`.

## Key Concepts

- Important called helpers/classes observed in the source: `Notes.manager.add`, `Response`.
"""


def test_a_shim_companion_is_judged_against_the_class_it_re_exports(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "doxtool.toml": AGENT_ZERO,
            "helpers/notes.py": NOTES,
            "plugins/n/tools/notify.py": NOTIFY_PLUGIN,
            "tools/notify.py": "from plugins.n.tools.notify import NotifyTool\n",
            "tools/notify.py.dox.md": NOTIFY_SHIM_DOX,
        }
    )
    contract = (" DOX111 ", " DOX120 ", " DOX130 ")

    def found() -> list[str]:
        lines = _findings(run_cli, root, "tools/notify.py")
        return [f.split(": ", 1)[1] for f in lines if any(c in f for c in contract)]

    assert found() == []
    select = ("--select", "DOX111,DOX120,DOX130")
    result = run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes", *select)
    assert result.exit_code in (0, 1), result.output
    assert _read(root, "tools/notify.py.dox.md") == NOTIFY_SHIM_DOX
    # a line the re-exported class makes false is still one
    _edit(root, "tools/notify.py.dox.md", "always `false`", "always `true`")
    assert found() == [
        "DOX120 `break_loop` of `NotifyTool` is documented wrongly; the code returns always "
        "`false` (Responses at plugins/n/tools/notify.py:10, plugins/n/tools/notify.py:12) [*]"
    ]
