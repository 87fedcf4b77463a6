"""What an object of the repository does when it is reached through a name:
``with self.lock:``, ``with lock:`` and ``with LOCK:`` run the ``__enter__``
and ``__exit__`` of the class that made the object, as ``with
LockFile(path):`` does; ``self.runner.sub.run()`` and ``runner.sub.run()``
follow one attribute of a held object into the class its ``__init__`` makes
it of (``self.sub = SubRunner()``), and ``outer.mid.inner.run()``, ``mid =
Outer().mid`` and ``with db.lock:`` go on through what each class keeps. A library's object (``threading.Lock``)
has no area; a chain doxtool cannot resolve leaves the side effects not
known, never "none". In the tool's own code as in a helper module, for the
side-effect areas (DOX133) and for the loops that repeat an effect
(DOX301)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WAIT_PROMPT, WRAPPER, write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, WAIT_PY

AREAS = "- Observed side-effect areas:"

LOCKS = """\
import os
import threading


class LockFile:
    def __init__(self, path: str):
        self.path = path

    def __enter__(self):
        open(self.path, "x").close()
        return self

    def __exit__(self, *exc):
        os.remove(self.path)
        return False


LOCK = LockFile("/tmp/module.lock")


class Holder:
    def __init__(self) -> None:
        self.lock = {held}

    def held(self) -> str:
        with self.lock:
            return "done"

    def local(self) -> str:
        lock = LockFile("/tmp/local.lock")
        with lock:
            return "done"

    def module(self) -> str:
        with LOCK:
            return "done"
"""

RUNNERS = """\
import subprocess
import threading

import httpx


class SubRunner:
    async def run(self) -> str:
        return subprocess.run(["ls"], capture_output=True, text=True).stdout


class Runner:
    def __init__(self) -> None:
        self.sub = {sub}
        self.mutex = threading.Lock()

    def connect(self) -> None:
        self.client = httpx.Client()


class Outer:
    def __init__(self) -> None:
        self.runner = Runner()

    async def work(self) -> str:
        return await self.runner.sub.run()

    def fetch(self) -> str:
        return self.runner.client.get("http://localhost/x").text

    def lock(self) -> None:
        self.runner.mutex.acquire()


async def local_chain() -> str:
    runner = Runner()
    return await runner.sub.run()


async def made_chain() -> str:
    return await Runner().sub.run()


RUNNER = Runner()
"""

KEEP = (
    "    def __init__(self, *args, **kwargs):\n"
    "        super().__init__(*args, **kwargs)\n"
    "        self.{attr} = {value}\n\n"
)


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


def _repo(tmp_path: Path, tool: str, held: str = "LockFile('/tmp/a.lock')", sub: str = "") -> Path:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "helpers/locks.py": LOCKS.format(held=held),
            "helpers/runners.py": RUNNERS.format(sub=sub or "SubRunner()"),
            "tools/wait.py": tool,
        },
    )
    return tmp_path


def _check(root: Path, *args: str) -> str:
    return CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *args]).output


def _areas(root: Path) -> str | None:
    """The areas ``check --fix`` writes into a new companion (None: no line)."""
    _check(root, "--fix")
    text = (root / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    line = next((line for line in text.splitlines() if line.startswith(AREAS)), None)
    return line.removeprefix(AREAS).strip() if line is not None else None


def _side_effects(root: Path) -> str:
    out = CliRunner().invoke(cli, ["inspect", "--root", str(root), str(root / "tools/wait.py")])
    return next(line.strip() for line in out.output.splitlines() if "side effects:" in line)


LOCKED = "filesystem writes, filesystem deletion."


@pytest.mark.parametrize(
    ("imports", "body", "init"),
    [
        # an object the tool keeps
        (
            "from helpers.locks import LockFile",
            "        with self.lock:\n            pass\n",
            KEEP.format(attr="lock", value="LockFile('/tmp/a.lock')"),
        ),
        # a local name, the module's object, an imported module object
        (
            "from helpers.locks import LockFile",
            "        lock = LockFile('/tmp/a.lock')\n        with lock:\n            pass\n",
            "",
        ),
        (
            "from helpers.locks import LockFile\n\nMINE = LockFile('/tmp/b.lock')",
            "        with MINE:\n            pass\n",
            "",
        ),
        ("from helpers.locks import LOCK", "        with LOCK:\n            pass\n", ""),
        # in a helper class: held, local, the module's object
        ("from helpers.locks import Holder", "        Holder().held()\n", ""),
        ("from helpers.locks import Holder", "        Holder().local()\n", ""),
        ("from helpers.locks import Holder", "        Holder().module()\n", ""),
    ],
)
def test_a_repository_object_used_in_with_runs_its_enter_and_exit(
    tmp_path: Path, imports: str, body: str, init: str
) -> None:
    root = _repo(tmp_path, _tool(imports, body, init))
    assert _areas(root) == LOCKED


@pytest.mark.parametrize(
    ("imports", "body", "init", "held"),
    [
        # a library's lock, kept by the tool or by a helper class: no area
        (
            "import threading",
            "        with self.lock:\n            pass\n",
            KEEP.format(attr="lock", value="threading.Lock()"),
            "LockFile('/tmp/a.lock')",
        ),
        ("from helpers.locks import Holder", "        Holder().held()\n", "", "threading.Lock()"),
    ],
)
def test_a_library_lock_used_in_with_has_no_area(
    tmp_path: Path, imports: str, body: str, init: str, held: str
) -> None:
    root = _repo(tmp_path, _tool(imports, body, init), held=held)
    assert _areas(root) == "none."


def test_an_object_of_a_class_not_known_used_in_with_leaves_the_areas_not_known(
    tmp_path: Path,
) -> None:
    init = KEEP.format(attr="lock", value="LockFile('/tmp/a.lock')") + (
        "    def swap(self, other) -> None:\n        self.lock = other\n\n"
    )
    tool = _tool("from helpers.locks import LockFile", "        with self.lock:\n", init)
    root = _repo(
        tmp_path,
        tool.replace("        with self.lock:\n", "        with self.lock:\n            pass\n"),
    )
    assert _areas(root) is None
    assert _side_effects(root) == "side effects: not known"


@pytest.mark.parametrize(
    ("imports", "body", "init"),
    [
        (
            "from helpers.runners import Runner",
            "        await self.runner.sub.run()\n",
            KEEP.format(attr="runner", value="Runner()"),
        ),
        (
            "from helpers.runners import Runner",
            "        runner = Runner()\n        await runner.sub.run()\n",
            "",
        ),
        ("from helpers.runners import Runner", "        await Runner().sub.run()\n", ""),
        # the module's object, and one imported
        (
            "from helpers.runners import Runner\n\nMINE = Runner()",
            "        await MINE.sub.run()\n",
            "",
        ),
        ("from helpers.runners import RUNNER", "        await RUNNER.sub.run()\n", ""),
        ("from helpers.runners import Outer", "        await Outer().work()\n", ""),
        ("from helpers.runners import local_chain", "        await local_chain()\n", ""),
        ("from helpers.runners import made_chain", "        await made_chain()\n", ""),
    ],
)
def test_a_method_of_what_a_held_object_keeps_is_followed(
    tmp_path: Path, imports: str, body: str, init: str
) -> None:
    root = _repo(tmp_path, _tool(imports, body, init))
    assert _areas(root) == "subprocess."


@pytest.mark.parametrize(
    ("imports", "body", "init"),
    [
        (
            "from helpers.runners import Runner",
            "        await self.runner.sub.run()\n",
            KEEP.format(attr="runner", value="Runner()"),
        ),
        ("from helpers.runners import Outer", "        await Outer().work()\n", ""),
    ],
)
def test_a_chain_that_cannot_be_resolved_leaves_the_areas_not_known(
    tmp_path: Path, imports: str, body: str, init: str
) -> None:
    # ``self.sub`` is handed in: which class runs is not known
    sub = "SubRunner()\n\n    def swap(self, other) -> None:\n        self.sub = other"
    root = _repo(tmp_path, _tool(imports, body, init), sub=sub)
    assert _areas(root) is None
    assert _side_effects(root) == "side effects: not known"


@pytest.mark.parametrize(("method", "areas"), [("fetch", "network."), ("lock", "none.")])
def test_a_library_object_a_held_object_keeps_shows_what_it_does(
    tmp_path: Path, method: str, areas: str
) -> None:
    root = _repo(
        tmp_path, _tool("from helpers.runners import Outer", f"        Outer().{method}()\n")
    )
    assert _areas(root) == areas


def test_a_loop_over_a_method_of_what_a_held_object_keeps_is_followed(tmp_path: Path) -> None:
    body = (
        "        while True:\n            if await self.runner.sub.run():\n                break\n"
    )
    init = KEEP.format(attr="runner", value="Runner()")
    root = _repo(tmp_path, _tool("from helpers.runners import Runner", body, init))
    found = [line for line in _check(root).splitlines() if " DOX301 " in line]
    assert len(found) == 1, found
    assert "`subprocess.run` (a subprocess, line 9 of helpers/runners.py)" in found[0]


def test_a_context_manager_of_a_kind_not_known_leaves_the_areas_not_known(
    tmp_path: Path,
) -> None:
    # a helper class's ``self.lock`` is also set to what it is handed
    held = (
        "LockFile('/tmp/a.lock')\n\n    def swap(self, other) -> None:\n        self.lock = other"
    )
    root = _repo(
        tmp_path, _tool("from helpers.locks import Holder", "        Holder().held()\n"), held
    )
    assert _areas(root) is None
    assert _side_effects(root) == "side effects: not known"
    # the tool's own method entering what it is handed: no "none" either
    method = "    def _locked(self, lock):\n        with lock:\n            pass\n\n"
    tool = _tool(
        "from helpers.locks import LockFile", "        self._locked(LockFile('x'))\n", method
    )
    (root / "tools" / "wait.py").write_text(tool, encoding="utf-8")
    (root / "tools" / "wait.py.dox.md").unlink()
    assert _areas(root) is None


DEEP = """\
import subprocess

from helpers.locks import LockFile


class Inner:
    def run(self) -> str:
        return subprocess.run(["ls"], capture_output=True, text=True).stdout


class Mid:
    def __init__(self) -> None:
        self.inner = {inner}


class Outer:
    def __init__(self) -> None:
        self.mid = Mid()


class Db:
    def __init__(self) -> None:
        self.lock = {lock}


def deep_local() -> str:
    outer = Outer()
    return outer.mid.inner.run()


def deep_attr() -> str:
    mid = Outer().mid
    return mid.inner.run()


def deep_made() -> str:
    return Outer().mid.inner.run()


def db_lock() -> None:
    db = Db()
    with db.lock:
        pass


def made_lock() -> None:
    with Db().lock:
        pass
"""
DEEP_NAMES = "Db, Outer, db_lock, deep_attr, deep_local, deep_made, made_lock"
SWAP = "\n\n    def swap(self, other) -> None:\n        self.{attr} = other"
DEEP_CALLS = [
    ("        outer = Outer()\n        outer.mid.inner.run()\n", "", "subprocess."),
    ("        Outer().mid.inner.run()\n", "", "subprocess."),
    ("        mid = Outer().mid\n        mid.inner.run()\n", "", "subprocess."),
    (
        "        self.outer.mid.inner.run()\n",
        KEEP.format(attr="outer", value="Outer()"),
        "subprocess.",
    ),
    ("        db = Db()\n        with db.lock:\n            pass\n", "", LOCKED),
    ("        with Db().lock:\n            pass\n", "", LOCKED),
    ("        lock = Db().lock\n        with lock:\n            pass\n", "", LOCKED),
    # in a helper module's functions
    ("        deep_local()\n", "", "subprocess."),
    ("        deep_attr()\n", "", "subprocess."),
    ("        deep_made()\n", "", "subprocess."),
    ("        db_lock()\n", "", LOCKED),
    ("        made_lock()\n", "", LOCKED),
]


def _deep(tmp_path: Path, body: str, init: str, swap: bool) -> Path:
    inner, lock = "Inner()", "LockFile('/tmp/db.lock')"
    if swap:  # what ``self.inner``, ``self.lock`` hold is also handed in
        inner, lock = inner + SWAP.format(attr="inner"), lock + SWAP.format(attr="lock")
    root = _repo(tmp_path, _tool(f"from helpers.deep import {DEEP_NAMES}", body, init))
    write_files(root, {"helpers/deep.py": DEEP.format(inner=inner, lock=lock)})
    return root


@pytest.mark.parametrize(("body", "init", "areas"), DEEP_CALLS)
def test_a_chain_of_attributes_over_a_made_object_is_followed(
    tmp_path: Path, body: str, init: str, areas: str
) -> None:
    root = _deep(tmp_path, body, init, swap=False)
    assert _areas(root) == areas
    # inspect names the areas it found (its own words): neither "none" nor "not known"
    assert _side_effects(root) not in ("side effects: none", "side effects: not known")


@pytest.mark.parametrize(("body", "init", "areas"), DEEP_CALLS)
def test_a_chain_of_attributes_not_resolved_leaves_the_areas_not_known(
    tmp_path: Path, body: str, init: str, areas: str
) -> None:
    root = _deep(tmp_path, body, init, swap=True)
    assert _areas(root) is None
    assert _side_effects(root) == "side effects: not known"


def test_a_loop_over_a_method_two_attributes_down_a_held_object_is_followed(
    tmp_path: Path,
) -> None:
    body = (
        "        while True:\n            if self.outer.mid.inner.run():\n                break\n"
    )
    root = _deep(tmp_path, body, KEEP.format(attr="outer", value="Outer()"), swap=False)
    found = [line for line in _check(root).splitlines() if " DOX301 " in line]
    assert len(found) == 1, found
    assert "`subprocess.run` (a subprocess, line 8 of helpers/deep.py)" in found[0]
    assert "through `helpers.deep.Outer.mid.inner.run`" in found[0]


CLASS_LOCK = "    lock = threading.Lock()\n\n"


def test_a_library_lock_kept_as_a_class_attribute_has_no_area(tmp_path: Path) -> None:
    tool = _tool("import threading", "        with self.lock:\n            pass\n", CLASS_LOCK)
    root = _repo(tmp_path, tool)
    assert _areas(root) == "none."
    assert _side_effects(root) == "side effects: none"
    # so a companion's false area is stale, as with the lock set in ``__init__``
    companion = root / "tools" / "wait.py.dox.md"
    text = companion.read_text(encoding="utf-8")
    companion.write_text(
        text.replace(f"{AREAS} none.", f"{AREAS} filesystem writes."), encoding="utf-8"
    )
    found = [line for line in _check(root, "--select", "DOX133").splitlines() if "DOX133" in line]
    assert len(found) == 1, found
    assert "shows no filesystem writes any more" in found[0]


def test_a_class_attribute_also_set_to_what_is_handed_in_leaves_the_areas_not_known(
    tmp_path: Path,
) -> None:
    init = CLASS_LOCK + "    def swap(self, other) -> None:\n        self.lock = other\n\n"
    tool = _tool("import threading", "        with self.lock:\n            pass\n", init)
    root = _repo(tmp_path, tool)
    assert _areas(root) is None
    assert _side_effects(root) == "side effects: not known"
