"""A method called on what a function of the repository returns (``db =
get_store(self.agent)``, then ``db.save(text)``) is followed into the class
the function's returns or its return annotation name; when neither tells
what it returns, the method may do anything and the generated companion
says no "none" for side effects."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WRAPPER

AREAS = "- Observed side-effect areas:"

FETCH_PROMPT = """\
### fetch
Fetch a page.
args: `url`
~~~json
{"thoughts": ["x"], "headline": "Fetching", "tool_name": "fetch", "tool_args": {"url": "u"}}
~~~
"""

STORE_CLASS = """\
import os


class Store:
    def __init__(self, name: str = "default"):
        self.name = name

    def save(self, text: str) -> str:
        with open(os.path.join(self.name, "x.txt"), "w") as f:
            f.write(text)
        return text

    def drop(self, ids: list[str]) -> list[str]:
        for i in ids:
            os.remove(os.path.join(self.name, i))
        return ids


class Other:
    def save(self, text: str) -> str:
        return text

"""

ANNOTATED = (
    STORE_CLASS
    + '_CACHE: dict = {}\n\n\ndef get_store(agent) -> "Store":\n    return _CACHE[agent]\n'
)
CONSTRUCTED = STORE_CLASS + "def get_store(agent):\n    return Store(agent.name or 'default')\n"
THROUGH = CONSTRUCTED + "\n\ndef store_of(agent):\n    return get_store(agent)\n"
OPTIONAL = (
    STORE_CLASS
    + "def get_store(agent) -> Store | None:\n    if not agent:\n        return None\n"
    + "    return _make(agent)\n\n\ndef _make(agent):\n    return agent.cache[0]\n"
)
UNKNOWN = STORE_CLASS + "_CACHE: dict = {}\n\n\ndef get_store(agent):\n    return _CACHE[agent]\n"
TWO_CLASSES = (
    STORE_CLASS
    + "def get_store(agent):\n    if agent:\n        return Store()\n    return Other()\n"
)
NAMED = (
    STORE_CLASS + "_NAMES: dict = {}\n\n\ndef get_store(agent) -> str:\n    return _NAMES[agent]\n"
)


def _tool(body: str, imported: str = "get_store") -> str:
    return (
        f"from helpers.store import {imported}\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class Fetch(Tool):\n"
        '    async def execute(self, url: str = "", **kwargs) -> Response:\n'
        f"{body}"
        '        return Response(message="ok", break_loop=False)\n'
    )


SAVE = _tool("        db = get_store(self.agent)\n        db.save(url)\n")
DROP = _tool("        db = get_store(self.agent)\n        db.drop([url])\n")
CHAINED = _tool("        get_store(self.agent).save(url)\n")
AWAITED_LEAVES = _tool("        db = store_of(self.agent)\n        db.save(url)\n", "store_of")
NAME_ONLY = _tool("        name = get_store(self.agent)\n        name.strip()\n")


def _companion(make_repo, run_cli, files: dict[str, str]) -> str:
    root: Path = make_repo(
        {
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.fetch.md": FETCH_PROMPT,
            **files,
        }
    )
    fixed = run_cli(root, "check", "--fix", "--no-cache", "--ignore", "PRM001")
    companion = root / "tools/fetch.py.dox.md"
    assert companion.is_file(), fixed.output
    return companion.read_text()


def _areas(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(AREAS)]


@pytest.mark.parametrize(
    ("helper", "tool", "areas"),
    [
        # the return annotation names the class (quoted), the result is not told
        (ANNOTATED, SAVE, [f"{AREAS} filesystem writes."]),
        (ANNOTATED, DROP, [f"{AREAS} filesystem deletion."]),
        # the returns construct it
        (CONSTRUCTED, SAVE, [f"{AREAS} filesystem writes."]),
        (CONSTRUCTED, CHAINED, [f"{AREAS} filesystem writes."]),
        # through a function whose return is another's
        (THROUGH, AWAITED_LEAVES, [f"{AREAS} filesystem writes."]),
        # ``Store | None``: None runs no method
        (OPTIONAL, SAVE, [f"{AREAS} filesystem writes."]),
    ],
)
def test_a_method_of_what_a_factory_returns_is_followed(
    make_repo, run_cli, helper: str, tool: str, areas: list[str]
) -> None:
    files = {"tools/fetch.py": tool, "helpers/store.py": helper}
    assert _areas(_companion(make_repo, run_cli, files)) == areas


@pytest.mark.parametrize(
    ("helper", "tool"),
    [
        # what it returns is not told (no annotation, a subscript)
        (UNKNOWN, SAVE),
        (UNKNOWN, CHAINED),
        # one of two classes: which one is not known
        (TWO_CLASSES, SAVE),
    ],
)
def test_no_none_when_what_a_factory_returns_is_not_known(
    make_repo, run_cli, helper: str, tool: str
) -> None:
    files = {"tools/fetch.py": tool, "helpers/store.py": helper}
    assert _areas(_companion(make_repo, run_cli, files)) == []


def test_a_method_of_a_plain_value_a_helper_returns_keeps_none(make_repo, run_cli) -> None:
    files = {"tools/fetch.py": NAME_ONLY, "helpers/store.py": NAMED}
    assert _areas(_companion(make_repo, run_cli, files)) == [f"{AREAS} none."]


REMEMBER = _tool("        remember(self.agent, url)\n", "remember")


@pytest.mark.parametrize(
    ("helper", "areas"),
    [
        (
            CONSTRUCTED + "\n\ndef remember(agent, text):\n    get_store(agent).drop([text])\n",
            [f"{AREAS} filesystem deletion."],
        ),
        (
            UNKNOWN
            + "\n\ndef remember(agent, text):\n    db = get_store(agent)\n    db.drop([text])\n",
            [],
        ),
    ],
)
def test_a_helper_calling_a_method_of_what_a_factory_returns_is_followed(
    make_repo, run_cli, helper: str, areas: list[str]
) -> None:
    files = {"tools/fetch.py": REMEMBER, "helpers/store.py": helper}
    assert _areas(_companion(make_repo, run_cli, files)) == areas
