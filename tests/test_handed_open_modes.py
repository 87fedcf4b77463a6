"""A helper function that opens a file by a mode it is handed (``def
save(path, text, mode="w"): open(path, mode)``): each call decides what it
does, by the literal it passes or, passing nothing there, by the default; a
mode no call lets doxtool read (a value of the arguments, a ``**`` splat, a
call through another function) leaves the side effects not known, never
"none" and never a write guessed."""

from __future__ import annotations

import json
from typing import Any

import pytest

_STORE = """\
def save(path, text, mode="w"):
    with open(path, mode) as handle:
        handle.write(text)


def load(path, *, mode="r"):
    with open(path, mode=mode) as handle:
        return handle.read()


def touch(path, mode):
    with open(path, mode) as handle:
        handle.flush()


def save_through(path, text):
    save(path, text)


def touch_through(path, mode):
    touch(path, mode)


def touch_forced(path, mode, force):
    if force:
        mode = "w"
    touch(path, mode)


def touch_updated(path, mode):
    mode += "+"
    touch(path, mode)
"""


def _tool(call: str) -> str:
    return (
        "import asyncio\nimport threading\n\n"
        "from helpers.store import load, save, save_through, touch, touch_forced\n"
        "from helpers.store import touch_through, touch_updated\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"        {call}\n"
        "        return Response(message='ok', break_loop=False)\n"
    )


def _effects(run_cli: Any, root: Any) -> tuple[list[str], bool]:
    """The tool's side-effect areas, and whether others are not known."""
    inspected = run_cli(root, "inspect", "tools/t.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    return tool["side_effects"], "side-effects" in tool["unknown"]


@pytest.mark.parametrize(
    ("call", "areas"),
    [
        ("save(self.args['path'], 'x')", ["filesystem write"]),
        ("save(self.args['path'], 'x', 'a')", ["filesystem write"]),
        ("save(self.args['path'], 'x', mode='r')", ["filesystem read"]),
        ("load(self.args['path'])", ["filesystem read"]),
        ("load(self.args['path'], mode='w+')", ["filesystem read", "filesystem write"]),
        ("touch_through(self.args['path'], 'a')", ["filesystem write"]),
    ],
)
def test_a_handed_mode_follows_the_call_or_the_default(
    make_repo, run_cli, call: str, areas: list[str]
) -> None:
    root = make_repo({"tools/t.py": _tool(call), "helpers/store.py": _STORE})
    assert _effects(run_cli, root) == (areas, False)


@pytest.mark.parametrize(
    "call",
    [
        "save(self.args['path'], 'x', self.args.get('how', 'w'))",
        "touch(self.args['path'], self.args['mode'])",
        "save(**self.args)",
        "save_through(self.args['path'], 'x')",
        # handed to another call: what it is called with is not written here
        "await asyncio.to_thread(save, self.args['path'], 'x', 'r')",
        "threading.Thread(target=save, args=(self.args['path'], 'x', 'r')).start()",
        # handed on by a function that binds it again first
        "touch_forced(self.args['path'], 'r', self.args.get('force'))",
        "touch_updated(self.args['path'], 'r')",
    ],
)
def test_a_handed_mode_not_read_leaves_the_effects_not_known(make_repo, run_cli, call: str) -> None:
    root = make_repo({"tools/t.py": _tool(call), "helpers/store.py": _STORE})
    assert _effects(run_cli, root) == ([], True)


def test_a_mode_the_helper_cannot_read_leaves_the_effects_not_known(make_repo, run_cli) -> None:
    helper = "MODES = {'a': 'a'}\n\n\ndef log(path):\n    open(path, MODES['a']).write('x')\n"
    module = (
        _tool("log(self.args['path'])")
        .replace("load, save, save_through, touch, touch_forced\n", "log\n")
        .replace("from helpers.store import touch_through, touch_updated\n", "")
    )
    root = make_repo({"tools/t.py": module, "helpers/store.py": helper})
    assert _effects(run_cli, root) == ([], True)
