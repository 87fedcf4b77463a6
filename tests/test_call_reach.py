"""Side-effect areas (DOX133) reached only through the repository's helper
modules a tool calls: counted both ways (missing from a companion that lacks
them, not stale in one that has them), from the functions the tool's calls
reach only, to four calls into other modules past the tool's own code."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WAIT_PROMPT, WRAPPER, write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, WAIT_PY

AREAS = "- Observed side-effect areas:"


def _chain(depth: int, imports: str, effect: str) -> dict[str, str]:
    """``helpers/h1.py`` .. ``helpers/h<depth>.py``: each ``f<i>`` calls the
    next one, the last runs ``effect``."""
    files = {}
    for i in range(1, depth + 1):
        if i < depth:
            body = f"    from helpers.h{i + 1} import f{i + 1}\n\n    f{i + 1}()\n"
        else:
            body = effect
        files[f"helpers/h{i}.py"] = (imports if i == depth else "") + f"\n\ndef f{i}():\n{body}"
    return files


def _tool(body: str, methods: str = "") -> str:
    """``wait.py`` whose ``execute`` runs ``body`` first, with ``methods`` before it."""
    return (
        WAIT_PY.replace(
            "from helpers.tool import Response, Tool\n",
            "from helpers.h1 import f1\nfrom helpers.tool import Response, Tool\n",
        )
        .replace("        seconds = ", body + "        seconds = ")
        .replace("    async def execute", methods + "    async def execute")
    )


def _repo(tmp_path: Path, tool: str, helpers: dict[str, str]) -> Path:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "tools/wait.py": tool,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            **helpers,
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


#: ``execute`` -> ``self._first`` -> ``self._second`` -> ``f1``: the tool's own code
OWN = (
    "    async def _first(self):\n        await self._second()\n\n"
    "    async def _second(self):\n        f1()\n\n"
)


@pytest.mark.parametrize(
    ("depth", "call", "methods"),
    [(4, "        f1()\n", ""), (4, "        await self._first()\n", OWN)],
)
def test_the_areas_reach_as_deep_as_a_loop_is_followed(
    tmp_path: Path, depth: int, call: str, methods: str
) -> None:
    helpers = _chain(depth, "from pathlib import Path\n", "    Path('x').write_text('t')\n")
    root = _repo(tmp_path, _tool(call, methods), helpers)
    assert _areas(root) == f"{AREAS} filesystem writes."
    assert " DOX" not in _check(root)
    # a companion that leaves them out is told so
    companion = root / "tools" / "wait.py.dox.md"
    companion.write_text(
        companion.read_text(encoding="utf-8").replace("filesystem writes", "none"),
        encoding="utf-8",
    )
    assert "DOX133 `tools/wait.py` shows filesystem writes" in _check(root)


def test_areas_past_the_reach_are_not_known_and_not_guessed(tmp_path: Path) -> None:
    helpers = _chain(5, "from pathlib import Path\n", "    Path('x').write_text('t')\n")
    root = _repo(tmp_path, _tool("        f1()\n"), helpers)
    assert _areas(root) is None


FILES = """\
from pathlib import Path


def save(p, t):
    Path(p).write_text(t)


def load(p):
    return Path(p).read_text()
"""


def test_only_the_helper_functions_the_tool_calls_show_areas(tmp_path: Path) -> None:
    tool = _tool("        files.load('a.txt')\n").replace(
        "from helpers.h1 import f1\n", "from helpers import files\n"
    )
    root = _repo(tmp_path, tool, {"helpers/files.py": FILES})
    assert _areas(root) == f"{AREAS} filesystem reads."
    (root / "tools" / "wait.py").write_text(
        tool.replace("files.load('a.txt')", "files.save('a.txt', 'x')"), encoding="utf-8"
    )
    out = _check(root)
    assert "DOX133 `tools/wait.py` shows filesystem writes" in out
    # the helper module still shows reads (``load``): not known to be gone
    assert [line for line in out.splitlines() if " DOX133 " in line] == [
        "tools/wait.py.dox.md:22:1: DOX133 `tools/wait.py` shows filesystem writes "
        "(`write_text` at helpers/files.py:5, through `helpers.files.save` at line 7), "
        "which the "
        "side-effect areas line does not list [*]"
    ]


def test_a_missing_area_cites_the_helper_line_that_does_it(tmp_path: Path) -> None:
    """Two calls deep: the deletion's own line in ``helpers/h2.py`` is cited,
    with the tool's call that reaches it."""
    effect = "    path = Path('/tmp') / 'x'\n    path.unlink()\n"
    helpers = _chain(2, "from pathlib import Path\n", effect)
    root = _repo(tmp_path, _tool("        f1()\n"), helpers)
    assert _areas(root) == f"{AREAS} filesystem deletion."
    companion = root / "tools" / "wait.py.dox.md"
    companion.write_text(
        companion.read_text(encoding="utf-8").replace("filesystem deletion", "none"),
        encoding="utf-8",
    )
    unlink = helpers["helpers/h2.py"].splitlines().index("    path.unlink()") + 1
    found = [line for line in _check(root).splitlines() if " DOX133 " in line]
    assert len(found) == 1, found
    assert (
        f"shows filesystem deletion (`path.unlink` at helpers/h2.py:{unlink}, "
        "through `helpers.h1.f1` at line 7)"
    ) in found[0]
