"""A method's name shows a filesystem effect only on a receiver the code
shows to be a path: an object handed in (a store the agent keeps, a
parameter, an attribute set elsewhere) whose class doxtool cannot see does
nothing it can name, whatever its methods are called; a path made with
``pathlib``, a parameter annotated ``Path``, what a function annotated to
return one gives, and a listing of a path keep their areas. A tool that
deletes a temporary file or directory it made itself deletes nothing it was
given (DOX302 stays silent), while deleting what its arguments name is
still reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from samples import WAIT_PROMPT, WRAPPER

from doxtool.rules.examples import WAIT_PY

AREAS = "- Observed side-effect areas:"
DELETES = "filesystem writes, filesystem deletion."


def _tool(body: str, imports: str = "", methods: str = "") -> str:
    module = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        imports + "from helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", body + "        seconds = ")
    return module + methods


def _generated(make_repo, run_cli, module: str, extra: dict[str, str] | None = None) -> str:
    root: Path = make_repo(
        {
            "tools/wait.py": module,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            **(extra or {}),
        }
    )
    fixed = run_cli(root, "check", "--fix", "--no-cache")
    companion = root / "tools" / "wait.py.dox.md"
    assert companion.is_file(), fixed.output
    lines = [line for line in companion.read_text().splitlines() if line.startswith(AREAS)]
    assert len(lines) <= 1, companion.read_text()
    # no line: a call doxtool cannot see into leaves the areas unsaid
    return lines[0].removeprefix(AREAS).strip() if lines else ""


_STORE = """\
class Store:
    def __init__(self) -> None:
        self.items: list[str] = []

    def save(self, item: str) -> None:
        self.items.append(item)

    def write(self, item: str) -> None:
        self.items.append(item)

    def delete(self, item: str) -> None:
        self.items.remove(item)
"""


@pytest.mark.parametrize(
    ("body", "imports", "methods"),
    [
        # an object the agent keeps: its class is not known
        (
            "        store = self.agent.get_data('store')\n"
            "        store.save('x')\n        store.unlink('x')\n        store.mkdir('x')\n"
            "        store.write_text('x')\n        store.glob('*')\n",
            "",
            "",
        ),
        (
            "        self.agent.get_data('store').unlink('x')\n"
            "        self.agent.get_data('store').touch('x')\n",
            "",
            "",
        ),
        # an attribute set outside the module
        ("        self.store.rmdir('x')\n        self.store.read_text()\n", "", ""),
        # a parameter of a method of the tool
        (
            "        self.keep(self.agent.get_data('store'))\n",
            "",
            "\n    def keep(self, store):\n        store.unlink('x')\n        store.mkdir('y')\n",
        ),
        # a parameter annotated with a class of the repository that touches no file
        (
            "        self.keep(Store())\n",
            "from helpers.store import Store\n",
            "\n    def keep(self, store: Store):\n"
            "        store.save('x')\n        store.write('x')\n        store.delete('x')\n",
        ),
        # a method of an object of a library that is no path library
        ("        mongo.MongoClient().db.unlink('x')\n", "import mongo\n", ""),
    ],
)
def test_a_method_of_an_unknown_receiver_shows_no_filesystem_area(
    make_repo, run_cli, body: str, imports: str, methods: str
) -> None:
    module = _tool(body, imports, methods)
    assert _generated(make_repo, run_cli, module, {"helpers/store.py": _STORE}) in ("", "none.")


_HELPER_STORE = """\
def remember(store, item):
    store.unlink(item)
    store.mkdir(item)
    store.read_text()
"""


def test_a_helper_calling_methods_of_what_it_is_handed_shows_no_area(make_repo, run_cli) -> None:
    module = _tool(
        "        remember(self.agent.get_data('store'), 'x')\n",
        "from helpers.memory import remember\n",
    )
    areas = _generated(make_repo, run_cli, module, {"helpers/memory.py": _HELPER_STORE})
    assert areas in ("", "none.")


_PATHS = """\
from pathlib import Path


def folder(name: str) -> Path:
    return Path("/srv") / name


def listing(root: Path) -> list[str]:
    return [p.name for p in root.rglob("*.md")]


def clean(name: str) -> None:
    for item in folder(name).iterdir():
        item.unlink()


def store(name: str, data: bytes) -> None:
    path = folder(name) / "data.bin"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
"""


def test_paths_the_code_shows_keep_their_areas(make_repo, run_cli) -> None:
    module = _tool(
        "        listing(Path('/srv'))\n        clean('x')\n        store('x', b'')\n",
        "from pathlib import Path\n\nfrom helpers.paths import clean, listing, store\n\n",
    )
    areas = _generated(make_repo, run_cli, module, {"helpers/paths.py": _PATHS})
    assert areas == "filesystem reads, filesystem writes, filesystem deletion."


@pytest.mark.parametrize(
    ("body", "areas"),
    [
        (
            "        target = Path(self.args.get('path', ''))\n"
            "        if not target.is_absolute():\n            target = Path('/srv') / target\n"
            "        resolved = target.resolve()\n        resolved.read_text()\n",
            "filesystem reads.",
        ),
        ("        (Path.home() / 'x').mkdir()\n", "filesystem writes."),
        ("        Path('/srv/x').parent.rmdir()\n", "filesystem deletion."),
    ],
)
def test_a_tools_own_paths_keep_their_areas(make_repo, run_cli, body: str, areas: str) -> None:
    module = _tool(body, "from pathlib import Path\n\n")
    assert _generated(make_repo, run_cli, module) == areas


_CONSTANTS = """\
from pathlib import Path

STATE_DIR = Path("/srv/state")
BACKUP_DIR = STATE_DIR / "backups"


def ensure_dirs() -> None:
    BACKUP_DIR.mkdir(parents=True, exist_ok=True)
"""


def test_a_modules_path_constants_keep_their_areas(make_repo, run_cli) -> None:
    module = _tool("        ensure_dirs()\n", "from helpers.state import ensure_dirs\n\n")
    assert _generated(make_repo, run_cli, module, {"helpers/state.py": _CONSTANTS}) == (
        "filesystem writes."
    )
    own = _tool(
        "        CACHE.mkdir()\n", "from pathlib import Path\n\nCACHE = Path('/srv') / 'cache'\n\n"
    )
    assert _generated(make_repo, run_cli, own) == "filesystem writes."


_DESTRUCTIVE_DOX = """\
# wait.py DOX

## Purpose
- Own the `wait.py` agent tool.

## Runtime Contracts
- Observed side-effect areas: filesystem writes.

## Work Guidance
- Keep it small.
"""


@pytest.mark.parametrize(
    ("body", "imports", "methods", "findings"),
    [
        # a named temporary file deleted in ``finally``
        (
            "        tmp = tempfile.NamedTemporaryFile(delete=False, suffix='.txt')\n"
            "        try:\n            tmp.write(b'x')\n            tmp.close()\n"
            "        finally:\n            os.unlink(tmp.name)\n",
            "",
            "",
            0,
        ),
        # a directory it made, removed with shutil
        (
            "        tmpdir = tempfile.mkdtemp()\n        shutil.rmtree(tmpdir)\n",
            "",
            "",
            0,
        ),
        # ``mkstemp``'s path, deleted through a ``Path``
        (
            "        fd, tmp = tempfile.mkstemp()\n        try:\n            os.close(fd)\n"
            "        finally:\n            Path(tmp).unlink(missing_ok=True)\n",
            "",
            "",
            0,
        ),
        # ``with ... as`` a temporary file, then its name
        (
            "        with tempfile.NamedTemporaryFile(delete=False) as tmp:\n"
            "            tmp.write(b'x')\n        os.remove(tmp.name)\n",
            "",
            "",
            0,
        ),
        # a path it built under the temporary directory
        (
            "        path = os.path.join(tempfile.gettempdir(), 'wait.txt')\n"
            "        open(path, 'w').close()\n        os.remove(path)\n"
            "        other = Path(tempfile.gettempdir()) / 'wait.lock'\n        other.unlink()\n",
            "",
            "",
            0,
        ),
        # an attribute of the tool only ever set to a temporary directory
        (
            "        self.tmpdir = tempfile.mkdtemp()\n        self.cleanup()\n",
            "",
            "\n    def cleanup(self):\n        shutil.rmtree(self.tmpdir)\n",
            0,
        ),
        # made by a method of the tool or a function of its module
        (
            "        work = self.scratch()\n        shutil.rmtree(work)\n"
            "        other = scratch_dir()\n        shutil.rmtree(other)\n",
            "",
            "\n    def scratch(self):\n        return tempfile.mkdtemp()\n"
            "\n\ndef scratch_dir():\n    return tempfile.mkdtemp(prefix='wait-')\n",
            0,
        ),
        # the temporary directory itself is not the tool's own
        ("        shutil.rmtree(tempfile.gettempdir())\n", "", "", 1),
        # what its arguments name
        ("        os.unlink(self.args['path'])\n", "", "", 1),
        (
            "        tmp = tempfile.mkdtemp()\n        tmp = self.args['path']\n"
            "        shutil.rmtree(tmp)\n",
            "",
            "",
            1,
        ),
        # an attribute also set to what the arguments name
        (
            "        self.tmpdir = tempfile.mkdtemp()\n        self.cleanup()\n",
            "",
            "\n    def cleanup(self):\n        shutil.rmtree(self.tmpdir)\n"
            "\n    def reset(self):\n        self.tmpdir = self.args['path']\n",
            1,
        ),
    ],
)
def test_a_tools_own_temporary_files_are_not_destructive(
    make_repo, run_cli, body: str, imports: str, methods: str, findings: int
) -> None:
    module = _tool(
        body,
        "import os\nimport shutil\nimport tempfile\nfrom pathlib import Path\n\n" + imports,
        methods,
    )
    root: Path = make_repo(
        {
            "tools/wait.py": module,
            "tools/wait.py.dox.md": _DESTRUCTIVE_DOX,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX302")
    assert result.output.count(" DOX302 ") == findings, result.output


_CONVERT = """\
import os
import shutil
import tempfile


def scratch() -> str:
    return tempfile.mkdtemp(prefix="convert-")


def convert(data: bytes) -> None:
    work = scratch()
    try:
        with open(os.path.join(work, "in.bin"), "wb") as fh:
            fh.write(data)
    finally:
        shutil.rmtree(work)
    lock = os.path.join(tempfile.gettempdir(), "convert.lock")
    os.remove(lock)
"""


def test_a_helpers_own_temporary_files_show_no_deletion(make_repo, run_cli) -> None:
    module = _tool("        convert(b'x')\n", "from helpers.convert import convert\n\n")
    areas = _generated(make_repo, run_cli, module, {"helpers/convert.py": _CONVERT})
    assert areas == "filesystem writes."


_SCRATCH = """\
import shutil
import tempfile
from pathlib import Path


class Scratch:
    def __init__(self):
        self.tmpdir = tempfile.mkdtemp(prefix="agent-")

    def path(self, name: str) -> Path:
        return Path(self.tmpdir) / name

    def close(self) -> None:
        shutil.rmtree(self.tmpdir, ignore_errors=True)
"""


@pytest.mark.parametrize(
    ("extra", "areas"),
    [
        ("", "filesystem writes."),
        # also set to what a caller hands in: it may name any directory
        ("\n    def reuse(self, root: str) -> None:\n        self.tmpdir = root\n", DELETES),
        # a class attribute gives it another value
        ("\n    tmpdir = '/srv/cache'\n", DELETES),
    ],
)
def test_a_helper_class_removing_its_own_temporary_directory_deletes_nothing(
    make_repo, run_cli, extra: str, areas: str
) -> None:
    module = _tool(
        "        s = Scratch()\n        s.path('in.txt').write_text('x')\n        s.close()\n",
        "from helpers.scratch import Scratch\n\n",
    )
    helper = _SCRATCH + extra
    assert _generated(make_repo, run_cli, module, {"helpers/scratch.py": helper}) == areas


@pytest.mark.parametrize(
    ("setter", "areas"),
    [
        ("        self.root = Path('/srv') / 'cache'\n", "filesystem writes."),
        # also set to what the framework hands in: its kind is not known
        (
            "        self.root = Path('/srv')\n"
            "        if self.agent:\n            self.root = self.agent.get_data('root')\n",
            "",
        ),
    ],
)
def test_an_attribute_of_the_tool_is_a_path_when_only_ever_set_to_one(
    make_repo, run_cli, setter: str, areas: str
) -> None:
    module = _tool(
        "        self.prepare()\n        self.root.mkdir()\n",
        "from pathlib import Path\n\n",
        "\n    def prepare(self):\n" + setter,
    )
    assert _generated(make_repo, run_cli, module) == areas


@pytest.mark.parametrize(
    ("setter", "areas"),
    [
        # made of an attribute only ever set to a path, in the same method
        (
            "        self.root = Path('/srv')\n        self.file = self.root / 'todo.txt'\n",
            "filesystem reads.",
        ),
        # ... or in another one, set first or later
        ("        self.file = self.root / 'todo.txt'\n", "filesystem reads."),
        # the attribute it is made of also holds what the framework hands in
        (
            "        self.file = self.root / 'todo.txt'\n"
            "        if self.agent:\n            self.root = self.agent.get_data('root')\n",
            "",
        ),
    ],
)
def test_an_attribute_made_of_a_path_attribute_is_a_path(
    make_repo, run_cli, setter: str, areas: str
) -> None:
    module = _tool(
        "        self.prepare()\n        self.file.read_text()\n",
        "from pathlib import Path\n\n",
        "\n    def setup(self):\n        self.root = Path('/srv')\n"
        "\n    def prepare(self):\n" + setter,
    )
    assert _generated(make_repo, run_cli, module) == areas


def test_reading_a_tools_paths_leaves_no_cycle_holding_a_tree() -> None:
    """A run extracts with the collector off: the paths of a tool's
    functions, read again with ``ast``, must not keep its walk alive."""
    import ast
    import gc
    import textwrap

    from doxtool.python.extract import extract_module

    source = textwrap.dedent(
        """\
        import shutil
        import tempfile
        from pathlib import Path

        from helpers.tool import Response, Tool


        class Scratch(Tool):
            async def execute(self, **kwargs):
                work = self.scratch()
                self.tmp = tempfile.mkdtemp()
                Path(work).mkdir()
                self.agent.get_data("x").unlink()
                shutil.rmtree(work)
                shutil.rmtree(self.tmp)
                return Response(message="", break_loop=False)

            def scratch(self):
                return tempfile.mkdtemp()
        """
    )
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        facts = extract_module(source, "tools/scratch.py", ("tools", "helpers"))
        gc.collect()
        kept = {type(o).__qualname__ for o in gc.garbage if "doxtool" in type(o).__module__}
        trees = sum(isinstance(o, ast.AST) for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()
    (candidate,) = facts.candidates
    assert candidate.side_effects == ["filesystem write"]
    assert kept == set()
    assert trees == 0
