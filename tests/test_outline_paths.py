"""With ``convention = "agent-zero"``, the side-effect areas line of a
module is derived from the same path knowledge the tool facts use: a
method whose name says what it does (``unlink``, ``mkdir``, ``open("w")``)
on a name bound only to a path, a module constant bound to one, and a
connection to a file-backed database (``sqlite3.connect``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from test_outline_truth import AGENT_ZERO, _findings, _fix, _read

from doxtool.python.outline import module_outline

AREAS = "- Observed side-effect areas:"

PURGE = """\
from pathlib import Path

from helpers.tool import Tool, Response


class Purge(Tool):
    async def execute(self, path: str = "", **kwargs) -> Response:
        target = Path(path)
        if target.is_file():
            target.unlink()
        return Response(message="deleted", break_loop=False)
"""

EXPORT = """\
from pathlib import Path

from helpers.tool import Tool, Response

OUT_DIR = Path("exports")


class Export(Tool):
    async def execute(self, **kwargs) -> Response:
        OUT_DIR.mkdir(exist_ok=True)
        target = OUT_DIR / "out.csv"
        with target.open("w", newline="") as fh:
            fh.write("x")
        return Response(message="ok", break_loop=False)
"""

KV = """\
import sqlite3

from helpers.tool import Tool, Response

DB_PATH = "memory.db"


class Kv(Tool):
    async def execute(self, **kwargs) -> Response:
        conn = sqlite3.connect(DB_PATH)
        row = conn.execute("select v from kv where k=?", (self.args["key"],)).fetchone()
        conn.close()
        return Response(message=str(row), break_loop=False)
"""


@pytest.mark.parametrize(
    ("name", "module", "areas", "evidence"),
    [
        # asking whether the file is there reads it, as ``os.path.exists`` does
        (
            "purge",
            PURGE,
            "filesystem reads, filesystem deletion",
            "filesystem deletion (`target.unlink` at line 10)",
        ),
        ("export", EXPORT, "filesystem writes", "filesystem writes (`OUT_DIR.mkdir` at line 10)"),
        ("kv", KV, "filesystem writes", "filesystem writes (`sqlite3.connect` at line 10)"),
    ],
)
def test_an_effect_through_a_name_bound_to_a_path_is_derived_and_reported(
    make_repo, run_cli, name: str, module: str, areas: str, evidence: str
) -> None:
    root: Path = make_repo({"doxtool.toml": AGENT_ZERO, f"tools/{name}.py": module})
    _fix(run_cli, root, f"tools/{name}.py")
    text = _read(root, f"tools/{name}.py.dox.md")
    assert f"{AREAS} {areas}." in text.splitlines()
    assert _findings(run_cli, root, f"tools/{name}.py") == []
    # a line that leaves the area out is reported, citing the call
    (root / f"tools/{name}.py.dox.md").write_text(
        text.replace(f"{AREAS} {areas}.", f"{AREAS} filesystem reads."), encoding="utf-8"
    )
    found = _findings(run_cli, root, f"tools/{name}.py")
    assert any(f"shows {evidence}" in line for line in found), found
    # reads a database's queries make are not called gone
    assert not any("no filesystem reads any more" in line for line in found), found


def test_a_name_not_only_bound_to_a_path_shows_no_area() -> None:
    source = (
        "from pathlib import Path\n\n\n"
        "def drop(store, path):\n"
        "    target = Path(path) if path else store\n"
        "    target.unlink()\n"
        "    text = 'a'\n"
        "    text.replace('a', 'b')\n"
    )
    outline = module_outline(ast.parse(source), source)
    assert outline is not None and outline.effects == []


def test_a_path_in_an_inner_function_or_at_the_top_is_read_where_it_is() -> None:
    source = (
        "from pathlib import Path\n\n"
        "LOG = Path('log.txt')\n"
        "LOG.touch()\n\n\n"
        "def outer(name):\n"
        "    def inner():\n"
        "        scratch = Path(name)\n"
        "        scratch.rmdir()\n"
        "    scratch = name\n"
        "    scratch.rmdir()\n"
        "    return inner\n"
    )
    outline = module_outline(ast.parse(source), source)
    assert outline is not None
    assert [(e.area, e.via, e.line) for e in outline.effects] == [
        ("filesystem writes", "LOG.touch", 4),
        ("filesystem deletion", "scratch.rmdir", 10),
    ]


NESTED = """\
from pathlib import Path

TOP = Path("top")
TOP.unlink()


def outer(path):
    target = Path(path)
    target.unlink()

    def inner(target):
        target.unlink()
        return lambda: Path(target).unlink()

    class Local:
        def method(self, target):
            target.unlink()

    return inner
"""


def test_a_call_is_read_in_the_innermost_function_around_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One walk of the module hands each call its function (none is walked
    again for the functions inside it)."""
    from doxtool.python import outlinepaths

    tree = ast.parse(NESTED)
    functions = {
        n.name: n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
    with monkeypatch.context() as patched:
        patched.setattr(ast, "walk", None)  # the owners come from one walk of their own
        owners = outlinepaths._owners(tree)
    named = {(c.lineno, c.col_offset): owners[id(c)].name for c in calls if id(c) in owners}
    assert named == {
        (8, 13): "outer",
        (9, 4): "outer",
        (12, 8): "inner",
        (13, 23): "inner",  # ``Path(target)`` and its ``unlink()``, in the lambda
        (17, 12): "method",
    }
    assert all(owners[id(c)] in functions.values() for c in calls if id(c) in owners)
    paths = outlinepaths.ModulePaths(tree, lambda d: "pathlib.Path" if d[0] == "Path" else None)
    receiver = {(c.lineno, c.col_offset): c for c in calls}
    # ``target`` is a path in ``outer``, a parameter in ``inner`` and ``method``
    assert paths.is_path(receiver[(9, 4)], receiver[(9, 4)].func.value)  # type: ignore[attr-defined]
    assert not paths.is_path(receiver[(12, 8)], receiver[(12, 8)].func.value)  # type: ignore[attr-defined]
    assert not paths.is_path(receiver[(17, 12)], receiver[(17, 12)].func.value)  # type: ignore[attr-defined]
    assert paths.is_path(receiver[(4, 0)], receiver[(4, 0)].func.value)  # type: ignore[attr-defined]
