"""A file opened by a mode the tool's own method is handed (``def _save(self,
path, text, mode="w"): open(path, mode)``) reads or writes by the literal
each call passes or, passing nothing there, by the default; a mode not read
(a value of the arguments, a name bound again) leaves the side effects not
known, never "none". A path's ``open`` in a helper reads or writes by its
mode as ``open`` does; a method named through its class (``Repo.write(repo,
p, "x", "r")``) takes its ``self`` from the call, so the other values land
where the method's signature puts them."""

from __future__ import annotations

import json
from typing import Any

import pytest


def _tool(call: str, method: str = "        with open(path, mode) as f:\n") -> str:
    # a method no call is seen to reach opens by a mode not known: each is
    # written only where the call reaches it
    save = f"\n    def _save(self, path, text, mode='w'):\n{method}            f.write(text)\n"
    touch = "\n    def _touch(self, path, mode):\n        with open(path, mode) as f:\n"
    return (
        "from pathlib import Path\n\n"
        "from helpers.store import Kinds, Repo, Store, load, save\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"        {call}\n"
        "        return Response(message='ok', break_loop=False)\n"
        + (save if "_save" in call else "")
        + (touch + "            f.flush()\n" if "_touch" in call else "")
    )


def test_a_method_no_call_is_seen_to_reach_leaves_its_handed_mode_not_known(
    make_repo, run_cli
) -> None:
    module = _tool("self._save(self.args['p'], 'x')").replace(
        "        self._save(self.args['p'], 'x')\n", "        pass\n"
    )
    root = make_repo({"tools/t.py": module, "helpers/store.py": _STORE})
    assert _facts(run_cli, root)[:2] == ([], True)


_STORE = """\
from pathlib import Path


def save(path, text, mode="w"):
    with Path(path).open(mode) as handle:
        handle.write(text)


def load(path):
    return Path(path).open().read()


class Repo:
    def __init__(self, root):
        self.root = root

    def write(self, path, text, mode="a"):
        with open(path, mode) as handle:
            handle.write(text)


class Store:
    def save(self, args):
        return args["key"]


class Kinds:
    @staticmethod
    def put(path, text, mode="a"):
        open(path, mode).write(text)

    @classmethod
    def make(cls, path, text, mode="a"):
        open(path, mode).write(text)
"""


def _facts(run_cli: Any, root: Any) -> tuple[list[str], bool, list[str]]:
    """The tool's side-effect areas, whether others are not known, and its arguments."""
    inspected = run_cli(root, "inspect", "tools/t.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    (tool,) = json.loads(inspected.output)[0]["tools"]
    names = [argument["name"] for argument in tool["arguments"]]
    return tool["side_effects"], "side-effects" in tool["unknown"], names


@pytest.mark.parametrize(
    ("call", "areas"),
    [
        ("self._save(self.args['p'], 'x')", ["filesystem write"]),
        ("self._save(self.args['p'], 'x', 'r')", ["filesystem read"]),
        ("self._save(self.args['p'], 'x', mode='a+')", ["filesystem read", "filesystem write"]),
        ("self._touch(self.args['p'], 'w')", ["filesystem write"]),
        # a path's ``open`` in a helper, by its mode or its default
        ("save(self.args['p'], 'x')", ["filesystem write"]),
        ("save(self.args['p'], 'x', 'r')", ["filesystem read"]),
        ("load(self.args['p'])", ["filesystem read"]),
        # a method named through its class takes its ``self`` from the call
        ("Repo.write(Repo('/tmp'), self.args['p'], 'x', 'r')", ["filesystem read"]),
        ("Repo.write(Repo('/tmp'), self.args['p'], 'x')", ["filesystem write"]),
        ("Repo('/tmp').write(self.args['p'], 'x', 'r')", ["filesystem read"]),
        ("Kinds.put(self.args['p'], 'x', 'r')", ["filesystem read"]),
        ("Kinds.make(self.args['p'], 'x', 'r')", ["filesystem read"]),
    ],
)
def test_a_mode_handed_to_a_method_follows_the_call(
    make_repo, run_cli, call: str, areas: list[str]
) -> None:
    root = make_repo({"tools/t.py": _tool(call), "helpers/store.py": _STORE})
    assert _facts(run_cli, root)[:2] == (areas, False)


@pytest.mark.parametrize(
    ("call", "method"),
    [
        ("self._save(self.args['p'], 'x', self.args['m'])", None),
        ("self._touch(self.args['p'], self.args['m'])", None),
        ("open(self.args['p'], self.args['m']).read()", None),
        ("Path(self.args['p']).open(self.args['m']).read()", None),
        # bound again in the method: the literal the call passes may not be the one used
        (
            "self._save(self.args['p'], 'x', 'r')",
            "        if self.args.get('force'):\n"
            "            mode = 'w'\n"
            "        with open(path, mode) as f:\n",
        ),
        ("self._save(self.args['p'], 'x')", "        with Path(path).open(mode.upper()) as f:\n"),
    ],
)
def test_a_mode_not_read_leaves_the_effects_not_known(
    make_repo, run_cli, call: str, method: str | None
) -> None:
    module = _tool(call) if method is None else _tool(call, method)
    root = make_repo({"tools/t.py": module, "helpers/store.py": _STORE})
    assert _facts(run_cli, root)[:2] == ([], True)


def test_an_arguments_dict_handed_through_the_class_lands_on_its_parameter(
    make_repo, run_cli
) -> None:
    call = "store = Store()\n        Store.save(store, self.args)"
    root = make_repo({"tools/t.py": _tool(call), "helpers/store.py": _STORE})
    assert _facts(run_cli, root)[2] == ["key"]


@pytest.mark.parametrize(
    ("body", "areas"),
    [
        ("    Repo.write(Repo('/tmp'), path, 'x', 'r')\n", ["filesystem read"]),
        ("    repo = Repo('/tmp')\n    repo.write(path, 'x', 'r')\n", ["filesystem read"]),
        ("    Kinds.make(path, 'x', 'r')\n", ["filesystem read"]),
    ],
)
def test_a_helper_naming_a_method_through_its_class_hands_it_its_self(
    make_repo, run_cli, body: str, areas: list[str]
) -> None:
    wrap = f"from helpers.store import Kinds, Repo\n\n\ndef put(path):\n{body}"
    module = _tool("put(self.args['p'])").replace(
        "load, save\n", "load, save\nfrom helpers.wrap import put\n"
    )
    files = {"tools/t.py": module, "helpers/store.py": _STORE, "helpers/wrap.py": wrap}
    root = make_repo(files)
    assert _facts(run_cli, root)[:2] == (areas, False)
