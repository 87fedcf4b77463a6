"""Objects the classes of a module keep on ``self``, read by the ``ast``
half of the extraction (:mod:`doxtool.python.astheld`) as the tool walk reads
a tool's ``self.service``: a helper class's ``self.client =
httpx.AsyncClient()`` makes ``self.client.get(...)`` in another method a
network call, a ``self.shell = ShellState()`` makes ``self.shell.read()`` a
call followed into ``ShellState``, for the side-effect areas (DOX133) and for
the loops that repeat an effect (DOX301), in a helper class as in the tool's
own ``execute``; an object of a kind not known says nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WAIT_PROMPT, WRAPPER, write_files

from doxtool.cli import cli
from doxtool.python import astheld
from doxtool.python.astheld import held_objects
from doxtool.python.summaries import summarise
from doxtool.rules.examples import FRAMEWORK, WAIT_PY

AREAS = "- Observed side-effect areas:"

SHELL = """\
import asyncio


class ShellState:
    async def read_output(self) -> str:
        proc = await asyncio.create_subprocess_exec("tail", "-n1", "log")
        out, _ = await proc.communicate()
        return str(out)
"""

POLLER = """\
from helpers.shell import ShellState


class Poller:
    def __init__(self) -> None:
        self.shell = {value}

    async def poll(self) -> str:
        return await self.shell.read_output()
"""

REMOTE = """\
import httpx


class Remote:
{held}
    async def read_output(self) -> str:
        response = await self.client.get("http://localhost/out")
        return response.text
"""


def _tool(imports: str, body: str, init: str = "") -> str:
    """``wait.py`` importing ``imports``, whose ``execute`` runs ``body`` first."""
    return (
        WAIT_PY.replace(
            "from helpers.tool import Response, Tool\n",
            f"{imports}\nfrom helpers.tool import Response, Tool\n",
        )
        .replace("        seconds = ", body + "        seconds = ")
        .replace("    async def execute", init + "    async def execute")
    )


def _repo(tmp_path: Path, files: dict[str, str]) -> Path:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            **files,
        },
    )
    return tmp_path


def _check(root: Path, *args: str) -> str:
    return CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args]).output


def _areas(root: Path) -> str | None:
    """The areas line ``check --fix`` writes into a new companion (None: none written)."""
    _check(root, "--fix")
    text = (root / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    return next((line for line in text.splitlines() if line.startswith(AREAS)), None)


LOOP = "        while True:\n            if await {call}:\n                break\n"


def test_a_method_of_an_object_a_helper_class_keeps_is_followed(tmp_path: Path) -> None:
    body = "        poller = Poller()\n" + LOOP.format(call="poller.poll()")
    tool = _tool("from helpers.poller import Poller", body)
    root = _repo(
        tmp_path,
        {
            "tools/wait.py": tool,
            "helpers/poller.py": POLLER.format(value="ShellState()"),
            "helpers/shell.py": SHELL,
        },
    )
    # not "none": ``poll`` runs a subprocess through the shell it keeps
    assert _areas(root) == f"{AREAS} subprocess."
    found = [line for line in _check(root).splitlines() if " DOX" in line]
    assert len(found) == 1 and " DOX301 " in found[0], found
    assert (
        "`asyncio.create_subprocess_exec` (a subprocess, line 6 of helpers/shell.py) through "
        "`helpers.poller.Poller.poll` (line 9) -> `helpers.shell.ShellState.read_output` "
        "(line 9) again after an earlier turn of it"
    ) in found[0]


@pytest.mark.parametrize(
    "value",
    [
        # handed in: which object it is is not known
        "shell",
        # made by one class here, handed in elsewhere
        "ShellState()\n\n    def swap(self, other) -> None:\n        self.shell = other",
    ],
)
def test_an_object_of_a_kind_not_known_is_not_followed(tmp_path: Path, value: str) -> None:
    poller = POLLER.format(value=value).replace(
        "(self) -> None:\n", "(self, shell=None) -> None:\n", 1
    )
    body = "        poller = Poller()\n" + LOOP.format(call="poller.poll()")
    tool = _tool("from helpers.poller import Poller", body)
    root = _repo(
        tmp_path,
        {"tools/wait.py": tool, "helpers/poller.py": poller, "helpers/shell.py": SHELL},
    )
    assert " DOX301 " not in _check(root)
    assert "subprocess" not in (_areas(root) or "")


def test_a_loop_over_a_method_of_an_object_the_tool_keeps_is_followed(tmp_path: Path) -> None:
    init = (
        "    def __init__(self, *args, **kwargs):\n"
        "        super().__init__(*args, **kwargs)\n"
        "        self.state = ShellState()\n\n"
    )
    body = LOOP.format(call="self.state.read_output()")
    tool = _tool("from helpers.shell import ShellState", body, init)
    root = _repo(tmp_path, {"tools/wait.py": tool, "helpers/shell.py": SHELL})
    found = [line for line in _check(root).splitlines() if " DOX301 " in line]
    assert len(found) == 1, found
    assert "through `helpers.shell.ShellState.read_output` (line 12) again after" in found[0]
    # with a check on each turn, nothing
    checked = tool.replace(
        "                break\n",
        "                break\n            await self.agent.handle_intervention()\n",
        1,
    )
    (root / "tools" / "wait.py").write_text(checked, encoding="utf-8")
    assert " DOX301 " not in _check(root)


@pytest.mark.parametrize(
    ("held", "areas"),
    [
        # a class attribute
        ("    client = httpx.AsyncClient()\n", "network"),
        # made by another method than the one that uses it
        (
            "    def __init__(self) -> None:\n        self.client = None\n\n"
            "    async def open(self) -> None:\n        self.client = httpx.AsyncClient()\n",
            "network",
        ),
    ],
)
def test_a_client_a_helper_class_keeps_calls_the_network(
    tmp_path: Path, held: str, areas: str
) -> None:
    tool = _tool("from helpers.remote import Remote", "        await Remote().read_output()\n")
    root = _repo(tmp_path, {"tools/wait.py": tool, "helpers/remote.py": REMOTE.format(held=held)})
    assert _areas(root) == f"{AREAS} {areas}."
    assert " DOX" not in _check(root)


def _held(source: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    tree = ast.parse(source)
    names = {"httpx": "httpx", "ShellState": "helpers.shell.ShellState", "Path": "pathlib.Path"}

    def resolve(dotted: list[str]) -> str | None:
        root = names.get(dotted[0])
        return ".".join([root, *dotted[1:]]) if root else None

    held = held_objects(tree, resolve, lambda q: q.startswith("helpers."))
    return held.instances, held.libraries


@pytest.mark.parametrize(
    ("body", "instances", "libraries"),
    [
        (
            "    def __init__(self):\n        self.a = ShellState()\n",
            {"a": "helpers.shell.ShellState"},
            {},
        ),
        (
            "    def __init__(self):\n        s = ShellState()\n        self.a = s\n",
            {"a": "helpers.shell.ShellState"},
            {},
        ),
        (
            "    def __init__(self):\n        self.a = httpx.Client()\n",
            {},
            {"a": ("httpx.Client",)},
        ),
        (
            "    @property\n    def a(self):\n        return ShellState()\n",
            {"a": "helpers.shell.ShellState"},
            {},
        ),
        # bound any other way, or to two kinds: nothing
        ("    def __init__(self):\n        self.a, self.b = ShellState(), 1\n", {}, {}),
        ("    def __init__(self, a):\n        self.a = a\n", {}, {}),
        (
            "    def __init__(self):\n        self.a = ShellState()\n        self.a = httpx.Client()\n",
            {},
            {},
        ),
        (
            "    def __init__(self):\n        for self.a in []:\n            pass\n        self.a = ShellState()\n",
            {},
            {},
        ),
        (
            "    def __init__(self):\n        self.a = ShellState()\n        setattr(self, 'x', 1)\n",
            {},
            {},
        ),
        (
            "    def __init__(self):\n        self.a = ShellState()\n\n    def a(self):\n        pass\n",
            {},
            {},
        ),
        ("    def __init__(self):\n        self.a = self.make()\n", {}, {}),
    ],
)
def test_what_an_attribute_holds(
    body: str, instances: dict[str, str], libraries: dict[str, tuple[str, ...]]
) -> None:
    assert _held(f"class C:\n{body}") == (instances, libraries)


def test_the_summaries_follow_what_a_helper_class_keeps() -> None:
    source = POLLER.format(value="ShellState()") + REMOTE.format(
        held="    client = httpx.AsyncClient()\n"
    ).replace("import httpx\n", "import httpx  # noqa\n")
    source = "import httpx\n" + source
    summaries = {
        s.name: s for s in summarise(ast.parse(source), "helpers.poller", False, ["helpers"])
    }
    poll = summaries["Poller.poll"]
    assert [c.target for c in poll.calls] == ["helpers.shell.ShellState.read_output"]
    assert [s.what for s in poll.flow if s.kind == "call"] == [
        "helpers.shell.ShellState.read_output"
    ]
    read = summaries["Remote.read_output"]
    assert [(e.area, e.call) for e in read.effects] == [("network", "self.client.get")]


SEARCH = """\
import httpx


class SearchService:
    _inst: "SearchService | None" = None

    def __init__(self):
        self._client = httpx.AsyncClient(base_url="https://search.example.com")

    @classmethod
    def instance(cls) -> "SearchService":
        if cls._inst is None:
            cls._inst = cls()
        return cls._inst

    async def fetch(self, q: str) -> str:
        r = await self._client.get("/search", params={"q": q})
        return r.text
"""


def test_a_client_kept_by_an_instance_a_classmethod_gives_is_a_network_call(
    tmp_path: Path,
) -> None:
    body = "        await SearchService.instance().fetch('q')\n"
    tool = _tool("from helpers.search import SearchService", body)
    root = _repo(tmp_path, {"tools/wait.py": tool, "helpers/search.py": SEARCH})
    assert _areas(root) == f"{AREAS} network."


LIMITED = """\
@register(kind="x")
class Base(object, metaclass=Meta):
    size: int = 1

    def __init__(self):
        self.a = ShellState()


class C(Base):
    @staticmethod
    def make(n=[1, 2]):
        return n
"""


def test_classes_past_the_node_limit_say_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The limit counts every node ``ast.walk`` meets in the module's classes
    (decorators, bases and keywords among them)."""
    from doxtool.python import astheld

    tree = ast.parse(LIMITED)
    count = sum(1 for c in tree.body for _ in ast.walk(c))
    monkeypatch.setattr(astheld, "_MAX_NODES", count)
    assert _held(LIMITED) == ({"a": "helpers.shell.ShellState"}, {})
    monkeypatch.setattr(astheld, "_MAX_NODES", count - 1)
    assert _held(LIMITED) == ({}, {})


def test_each_method_is_walked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Counted, searched for ``setattr`` and for what it sets on ``self``
    from one walk of the method."""
    walked: list[str] = []
    walk, walk_split = astheld.walk, astheld.walk_split

    def counting(node: ast.AST) -> list[ast.AST]:
        if isinstance(node, ast.FunctionDef):
            walked.append(node.name)
        return walk(node)

    def counting_split(node: ast.AST, field: str) -> tuple[list[ast.AST], list[ast.AST]]:
        if isinstance(node, ast.FunctionDef):
            walked.append(node.name)
        return walk_split(node, field)

    monkeypatch.setattr(astheld, "walk", counting)
    monkeypatch.setattr(astheld, "walk_split", counting_split)
    assert _held(LIMITED) == ({"a": "helpers.shell.ShellState"}, {})
    assert sorted(walked) == ["__init__", "make"]
