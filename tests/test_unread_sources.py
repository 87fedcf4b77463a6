"""A tool whose facts are built in part from code doxtool cannot read: a
mixin of an installed package or of a repository module that does not
exist, the module a shim re-exports from when it cannot be parsed or
decoded. What that code adds is not known, so nothing is said of the fact
lines of the companion, no fix rewrites them, and neither DOX005 nor PRM003
says the tool has no ``execute`` or never reads what its prompt teaches.
What the module's own text shows (its classes and their bases, its imports:
DOX105, DOX131) is still judged, as for any module. Bases whose behaviour is
known (the standard library's) change nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from hooked import git
from samples import write_files
from test_sparse_checkout import _doxtool
from test_sparse_sources import _PROMPT

from doxtool.api import load_project
from doxtool.rules.examples import FRAMEWORK, WAIT_PY
from doxtool.run.context import Context
from doxtool.run.leftdeps import reaches_unknown, unparsed_dependency

_DOX = "tools/wait.py.dox.md"
#: the findings of what the module's own text shows, judged whatever code
#: its facts are built from
_OWN = {"DOX105", "DOX131"}
#: the companion's fact lines doxtool writes for the wait tool
_FACT_LINES = (
    "- Arguments of `WaitTool`:",
    "  - `seconds`: optional integer, default `0`.",
    "- `break_loop` of `WaitTool`: always `false`.",
    "- Observed side-effect areas: none.",
    "- Important called helpers/classes observed in the source: `Response`.",
)


def _codes(stdout: str) -> list[str]:
    return [
        line.split(" ")[1] for line in stdout.splitlines() if ": DOX" in line or ": PRM" in line
    ]


def _facts_unjudged_and_kept(root: Path, also: frozenset[str] = frozenset()) -> str:
    """Only findings of the module's own text (and ``also``) are reported, and
    ``--fix`` keeps every fact line of the companion; the check's output."""
    text = (root / _DOX).read_text(encoding="utf-8")
    assert all(line in text.splitlines() for line in _FACT_LINES), text
    done = _doxtool(root, "check", "--no-cache")
    assert set(_codes(done.stdout)) <= _OWN | also, done.stdout + done.stderr
    _doxtool(root, "check", "--no-cache", "--fix")
    fixed = (root / _DOX).read_text(encoding="utf-8").splitlines()
    assert all(line in fixed for line in _FACT_LINES), "\n".join(fixed)
    return done.stdout


def _documented_then(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    """The wait tool with the companion ``--fix`` writes for it, then ``files``
    written over the tree."""
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    write_files(
        root, {**FRAMEWORK, "prompts/agent.system.tool.wait.md": _PROMPT, "tools/wait.py": WAIT_PY}
    )
    assert _doxtool(root, "check", "--no-cache", "--fix").returncode == 0
    assert "Arguments of `WaitTool`" in (root / _DOX).read_text(encoding="utf-8")
    write_files(root, files)
    return root


_MIXED = "from helpers.tool import Response, Tool\nfrom {module} import WaitMixin\n\n\n"


@pytest.mark.parametrize("module", ["vendorpkg.mixins", "helpers.waitmixin"])
def test_a_tool_whose_execute_is_in_an_unread_mixin_is_not_reported(
    tmp_path: Path, module: str
) -> None:
    """An installed package's mixin, or a repository module that is not there,
    may define ``execute`` and read what the prompt teaches."""
    code = _MIXED.format(module=module) + "class WaitTool(WaitMixin, Tool):\n    pass\n"
    root = _documented_then(tmp_path, {"tools/wait.py": code})
    out = _facts_unjudged_and_kept(root)
    assert "derives from `WaitMixin`, `Tool` in the code" in out, out


@pytest.mark.parametrize(
    "body",
    [
        "        return Response(message=self._describe(), break_loop=False)\n",
        "        return await super().execute(**kwargs)\n",
    ],
)
def test_an_execute_calling_into_an_unread_mixin_is_not_judged(tmp_path: Path, body: str) -> None:
    """The mixin's method may read ``seconds``: no PRM003, no DOX111."""
    code = (
        _MIXED.format(module="vendorpkg.mixins")
        + "class WaitTool(WaitMixin, Tool):\n    async def execute(self, **kwargs):\n"
        + body
    )
    root = _documented_then(tmp_path, {"tools/wait.py": code})
    _facts_unjudged_and_kept(root)


def test_standard_library_bases_keep_the_tool_judged(tmp_path: Path) -> None:
    code = WAIT_PY.replace("class WaitTool(Tool)", "class WaitTool(ABC, Generic[T], Tool)")
    code = "from abc import ABC\nfrom typing import Generic, TypeVar\n" + code
    code = code.replace("break_loop=False", "break_loop=True") + "\n\nT = TypeVar('T')\n"
    root = _documented_then(tmp_path, {"tools/wait.py": code})
    done = _doxtool(root, "check", "--no-cache")
    assert "DOX120 `break_loop` of `WaitTool` is documented wrongly" in done.stdout, done.stdout


_SHIM = "from .impl.waiting import WaitTool\n\n__all__ = ['WaitTool']\n"


@pytest.mark.parametrize(
    "broken",
    [
        WAIT_PY + "\ndef broken(:\n",
        WAIT_PY.encode() + b"\n# caf\xe9\n",
        WAIT_PY.encode() + b"\nx = '\x00'\n",
    ],
    ids=["syntax", "undecodable", "nul"],
)
def test_a_shim_whose_tool_module_cannot_be_parsed_keeps_its_companion(
    tmp_path: Path, broken: str | bytes
) -> None:
    """The module is unknown, not empty: its own DOX003 is reported, no
    DOX004 for the shim, and no fix deletes the lines of its companion."""
    files = {"tools/impl/waiting.py": broken, "tools/wait.py": _SHIM}
    root = _documented_then(tmp_path, files)
    _only_unreadable_and_kept(root, "tools/impl/waiting.py")


def _only_unreadable_and_kept(root: Path, unreadable: str) -> None:
    out = _facts_unjudged_and_kept(root, frozenset({"DOX003"}))
    assert out.startswith(f"{unreadable}:") and " DOX003 " in out.splitlines()[0], out


def test_a_conditional_import_with_one_side_unparsed_keeps_the_companion(tmp_path: Path) -> None:
    shim = (
        "try:\n    from .impl.waiting import WaitTool\n"
        "except ImportError:\n    from .impl.fallback import WaitTool\n\n"
        "__all__ = ['WaitTool']\n"
    )
    files = {
        "tools/impl/waiting.py": WAIT_PY + "\ndef broken(:\n",
        "tools/impl/fallback.py": WAIT_PY.replace("break_loop=False", "break_loop=True"),
        "tools/wait.py": shim,
    }
    root = _documented_then(tmp_path, files)
    _only_unreadable_and_kept(root, "tools/impl/waiting.py")


@pytest.mark.parametrize(
    "shim",
    [
        "import importlib\n\nWaitTool = importlib.import_module('tools.impl.waiting').WaitTool\n",
        "from pathlib import Path\n\nexec((Path(__file__).parent / 'impl/waiting.py').read_text())\n",
        "from .impl import waiting\n\nWaitTool = getattr(waiting, 'Wait' + 'Tool')\n",
    ],
    ids=["import_module", "exec", "getattr"],
)
def test_a_module_binding_its_tool_dynamically_keeps_its_companion(
    tmp_path: Path, shim: str
) -> None:
    """The class it binds is not read: no DOX004, and no fix deletes the
    lines of its companion."""
    files = {"tools/impl/waiting.py": WAIT_PY, "tools/wait.py": shim}
    root = _documented_then(tmp_path, files)
    assert "DOX004" not in _facts_unjudged_and_kept(root)


def test_a_cycle_of_shims_keeps_its_companion(tmp_path: Path) -> None:
    """No module binds a class: DOX004 stands, but what the shims stand for
    is not known, so no fix deletes the companion's lines."""
    files = {"tools/impl/waiting.py": "from ..wait import WaitTool\n", "tools/wait.py": _SHIM}
    root = _documented_then(tmp_path, files)
    out = _facts_unjudged_and_kept(root, frozenset({"DOX004"}))
    assert out.startswith(
        "tools/wait.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`"
    ), out


@pytest.mark.parametrize(
    "utility",
    [
        "def describe(obj):\n    return getattr(obj, 'name', None) or type(obj).__name__\n",
        "import importlib\n\n\ndef load(name):\n    return importlib.import_module(f'plugins.{name}')\n",
    ],
    ids=["getattr", "import_module"],
)
def test_a_tools_utility_calling_getattr_in_a_function_keeps_dox004(
    tmp_path: Path, utility: str
) -> None:
    """A call in a function of a module binding nothing but functions and
    imports gives its caller a value: the module binds no tool, and says so."""
    root = _documented_then(tmp_path, {"tools/utils.py": utility})
    done = _doxtool(root, "check", "--no-cache")
    expected = (
        "tools/utils.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`"
    )
    assert expected in done.stdout.splitlines(), done.stdout


def test_an_unparsed_helper_asked_first_stays_unread_for_its_callers(tmp_path: Path) -> None:
    """The helper's own walk (for its DOX003) finds nothing past it; it is
    still unread for the tool calling into it, whichever is asked first."""
    tool = WAIT_PY.replace(
        "from helpers.tool import Response, Tool",
        "from helpers.fmt import fmt_seconds\nfrom helpers.tool import Response, Tool",
    ).replace('f"waited {seconds}s"', "fmt_seconds(seconds)")
    files = {"helpers/fmt.py": "def fmt_seconds(s):\n    return f'{s}s'\n\n\ndef broken(:\n"}
    root = _documented_then(tmp_path, {**files, "tools/wait.py": tool})
    ctx = Context(load_project(root))
    assert unparsed_dependency(ctx, "helpers/fmt.py") is None
    assert unparsed_dependency(ctx, "tools/wait.py") == "helpers/fmt.py"
    assert reaches_unknown(ctx, "tools/wait.py")


def test_an_unparsed_module_the_facts_never_need_hides_nothing(tmp_path: Path) -> None:
    """A broken module only a helper's module imports, which working out the
    tool's facts never asks for, leaves them known: a wrong ``break_loop``
    line is still reported."""
    tool = WAIT_PY.replace(
        "from helpers.tool import Response, Tool",
        "from helpers.fmt import fmt_seconds\nfrom helpers.tool import Response, Tool",
    ).replace('f"waited {seconds}s"', "fmt_seconds(seconds)")
    files = {
        "helpers/fmt.py": "from helpers import other\n\n\ndef fmt_seconds(s):\n    return f'{s}s'\n",
        "helpers/other.py": "def broken(:\n",
    }
    root = _documented_then(tmp_path, {**files, "tools/wait.py": tool})
    dox = (root / _DOX).read_text(encoding="utf-8")
    (root / _DOX).write_text(dox.replace("always `false`", "always `true`"), encoding="utf-8")
    done = _doxtool(root, "check", "--no-cache")
    assert "DOX120 `break_loop` of `WaitTool` is documented wrongly" in done.stdout, done.stdout
