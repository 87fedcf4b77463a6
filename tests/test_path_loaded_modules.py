"""Shared code of a tools directory that tool modules load from its file.

A tool module may load ``tools/_common.py`` by its path instead of importing
it (``importlib.util.spec_from_file_location("x", Path(__file__).parent /
"_common.py")``, ``SourceFileLoader``, ``runpy.run_path``,
``imp.load_source``): the module is their shared code, not a tool without a
class (no DOX004), in a whole check and in a run over PATHS alike. Which file
such a call loads is known only at run time; a string literal naming the
file that the path is built from is enough for doxtool to say nothing. A
module no tool loads, by import or by path, is still reported.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hooked import git as _git
from samples import clean_files, write_files

from doxtool.rules.examples import WAIT_PY

COMMON_PY = "def fmt(value: object) -> str:\n    return str(value)\n"
REPORTED = "tools/_common.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`"


def _loading(code: str) -> str:
    """The wait tool, with ``code`` (top-level statements) before its class."""
    return WAIT_PY.replace("\n\n\nclass", f"\n{code}\n\n\nclass", 1)


def _dox004(run_cli, root: Path, *paths: str) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX004", *paths)
    return [line for line in result.output.splitlines() if " DOX004 " in line]


LOADS = {
    "spec_from_file_location": (
        "import importlib.util\nimport sys\nfrom pathlib import Path\n\n"
        "_spec = importlib.util.spec_from_file_location(\n"
        '    "_shared", Path(__file__).resolve().parent / "_common.py"\n)\n'
        "_shared = importlib.util.module_from_spec(_spec)\n"
        'sys.modules["_shared"] = _shared\n'
        "_spec.loader.exec_module(_shared)\n"
    ),
    "SourceFileLoader": (
        "import importlib.machinery\nimport os\n\n"
        "_shared = importlib.machinery.SourceFileLoader(\n"
        '    "_shared", os.path.join(os.path.dirname(__file__), "_common.py")\n'
        ").load_module()\n"
    ),
    "run_path, constant": (
        "import runpy\nfrom pathlib import Path\n\n"
        '_COMMON = "_common.py"\n_HERE = Path(__file__).parent\n'
        "_shared = runpy.run_path(path_name=str(_HERE / _COMMON))\n"
    ),
    "load_source": (
        "import imp\nimport os\n\n"
        '_shared = imp.load_source("_shared", f"{os.path.dirname(__file__)}/_common.py")\n'
    ),
    "aliased loader in a helper": (
        "from importlib.util import module_from_spec\n"
        "from importlib.util import spec_from_file_location as _spec_of\n"
        "from pathlib import Path\n\n\n"
        "def _load(file_name):\n"
        "    spec = _spec_of(file_name, Path(__file__).parent / file_name)\n"
        "    module = module_from_spec(spec)\n"
        "    spec.loader.exec_module(module)\n"
        "    return module\n\n\n"
        '_shared = _load("_common.py")\n'
    ),
}


@pytest.mark.parametrize("code", LOADS.values(), ids=LOADS.keys())
def test_a_module_a_tool_loads_by_path_is_not_a_tool_without_a_class(
    make_repo, run_cli, code: str
) -> None:
    root = make_repo(
        {**clean_files(), "tools/_common.py": COMMON_PY, "tools/wait.py": _loading(code)}
    )
    assert _dox004(run_cli, root) == []
    assert _dox004(run_cli, root, "tools/_common.py") == []  # a run over the module alone
    assert _dox004(run_cli, root, "tools/wait.py") == []


def test_a_module_no_tool_loads_by_path_is_still_reported(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), "tools/_common.py": COMMON_PY})
    # a file name in a string that no loader is handed loads nothing
    write_files(root, {"tools/wait.py": _loading('_NOTE = "see _common.py"\n')})
    assert _dox004(run_cli, root) == [REPORTED]
    assert _dox004(run_cli, root, "tools/_common.py") == [REPORTED]
    # a tool loading another file by path, naming this one elsewhere
    other = LOADS["spec_from_file_location"].replace('"_common.py"', '"_other.py"')
    write_files(root, {"tools/wait.py": _loading(other + '_NOTE = "see _common.py"\n')})
    assert _dox004(run_cli, root) == [REPORTED]
    # loaded by a module no tool loads, which is reported as well
    write_files(
        root, {"tools/wait.py": WAIT_PY, "tools/_shim.py": LOADS["spec_from_file_location"]}
    )
    assert _dox004(run_cli, root) == [REPORTED, REPORTED.replace("_common.py", "_shim.py")]


def test_shared_code_loaded_by_path_passes_the_loading_on(make_repo, run_cli) -> None:
    """``tools/wait.py`` imports ``tools/_b.py``, which loads ``tools/_common.py``
    by path: loading the tool loads both."""
    root = make_repo(
        {
            **clean_files(),
            "tools/_common.py": COMMON_PY,
            "tools/_b.py": LOADS["run_path, constant"],
            "tools/wait.py": _loading("from tools._b import _shared"),
        }
    )
    assert _dox004(run_cli, root) == []
    assert _dox004(run_cli, root, "tools/_common.py") == []


def _committed(make_repo, wait_py: str) -> Path:
    """A git repository whose wait tool, as committed, is ``wait_py``."""
    root = make_repo({**clean_files(), "tools/_common.py": COMMON_PY, "tools/wait.py": wait_py})
    (root / ".git").rmdir()  # a real repository instead of the marker
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    return root


@pytest.mark.parametrize("hook", [False, True])
def test_a_run_over_a_tool_that_drops_a_load_by_path_checks_what_it_loaded(
    make_repo, run_cli, hook: bool
) -> None:
    """As pre-commit passes a changed file: the run over the tool reports what a
    whole check reports at the module it loaded by path as ``HEAD`` holds it."""
    loading = _loading(LOADS["spec_from_file_location"])
    root = _committed(make_repo, loading)
    mode = ["--only-paths"] if hook else []
    write_files(root, {"tools/wait.py": WAIT_PY})  # the load is gone
    if hook:
        _git(root, "add", "tools/wait.py")
    assert _dox004(run_cli, root) == [REPORTED]
    assert _dox004(run_cli, root, *mode, "tools/wait.py") == [REPORTED]


@pytest.mark.parametrize("hook", [False, True])
def test_a_run_over_a_tool_that_turns_an_import_into_a_load_by_path(
    make_repo, run_cli, hook: bool
) -> None:
    """``HEAD``'s tool imports the shared code; the edited one loads it by path:
    it is still the tool's shared code."""
    root = _committed(make_repo, _loading("from tools._common import fmt"))
    mode = ["--only-paths"] if hook else []
    write_files(root, {"tools/wait.py": _loading(LOADS["SourceFileLoader"])})
    if hook:
        _git(root, "add", "tools/wait.py")
    assert _dox004(run_cli, root) == []
    assert _dox004(run_cli, root, *mode, "tools/wait.py") == []


def test_an_incremental_check_rechecks_what_an_edited_tool_loaded_by_path(
    make_repo, run_cli
) -> None:
    loading = _loading(LOADS["run_path, constant"])
    root = make_repo({**clean_files(), "tools/_common.py": COMMON_PY, "tools/wait.py": loading})
    assert run_cli(root, "check", "--select", "DOX004").exit_code == 0  # the state
    for wait_py, expected in [(WAIT_PY, [REPORTED]), (loading, [])]:  # dropped, and back
        write_files(root, {"tools/wait.py": wait_py})
        incremental = run_cli(root, "check", "--select", "DOX004").output.splitlines()
        assert [line for line in incremental if " DOX004 " in line] == expected
        assert _dox004(run_cli, root) == expected
