"""Modules of a tools directory that are not tools: other tools' shared code.

The framework loads ``tools/<name>.py`` only when a model calls the tool
``<name>``; a module other tool modules import (``tools/_common.py``) and no
prompt teaches as a tool is their library, not a tool without a class
(no DOX004). Whether it is turns on the modules that import it, so an
incremental check re-checks it when they change. A shared base class of a
tool module is a tool of the module only when the framework's loader takes
it: under a loader taking the first name, the first.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from samples import clean_files, write_files

from doxtool.rules.examples import LOADER_FIRST_PY, WAIT_PY

COMMON_PY = """\
import json


def fmt(value: object) -> str:
    return json.dumps(value)
"""


def _importing(line: str) -> str:
    """The wait tool, with ``line`` importing the shared module."""
    return WAIT_PY.replace("\n\n\nclass", f"\n{line}\n\n\nclass", 1)


def _dox004(run_cli, root: Path, *paths: str) -> list[str]:
    result = run_cli(root, "check", "--no-cache", "--select", "DOX004", *paths)
    return [line for line in result.output.splitlines() if " DOX004 " in line]


@pytest.mark.parametrize(
    "line",
    [
        "from tools._common import fmt",
        "from ._common import fmt",
        "import tools._common",
        "from . import _common",
        "from tools import _common",
    ],
)
def test_a_module_other_tools_import_is_not_a_tool_without_a_class(
    make_repo, run_cli, line: str
) -> None:
    root = make_repo(
        {**clean_files(), "tools/_common.py": COMMON_PY, "tools/wait.py": _importing(line)}
    )
    assert _dox004(run_cli, root) == []
    assert _dox004(run_cli, root, "tools/_common.py") == []  # a run over the module alone


def test_a_standalone_plugins_module_imported_by_its_package_path(run_cli, tmp_path: Path) -> None:
    write_files(
        tmp_path,
        {
            "plugin.yaml": "name: p\n",
            "tools/_common.py": COMMON_PY,
            "tools/wait.py": _importing("from usr.plugins.p.tools._common import fmt"),
        },
    )
    assert _dox004(run_cli, tmp_path) == []


def test_a_module_no_tool_imports_or_a_prompt_teaches_is_still_reported(make_repo, run_cli) -> None:
    expected = [
        "tools/_common.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`"
    ]
    # nothing imports it: neither a tool nor shared code of one
    root = make_repo({**clean_files(), "tools/_common.py": COMMON_PY})
    assert _dox004(run_cli, root) == expected
    # a name in a string is no import
    write_files(root, {"tools/wait.py": WAIT_PY.replace("waited", "_common waited")})
    assert _dox004(run_cli, root) == expected
    # imported, but a prompt teaches it as a tool: the model calls it, and no tool is there
    write_files(
        root,
        {
            "tools/wait.py": _importing("from tools._common import fmt"),
            "prompts/agent.system.tool._common.md": "### _common\nFormats a value.\n",
        },
    )
    assert _dox004(run_cli, root) == expected


def _incremental(run_cli, root: Path, select: str) -> tuple[list[str], list[str]]:
    """The findings of an incremental check and of a full one."""
    incremental = run_cli(root, "check", "--select", select).output.splitlines()
    full = run_cli(root, "check", "--no-cache", "--select", select).output.splitlines()
    return incremental, full


def test_an_incremental_check_rechecks_the_modules_an_edited_tool_imported(
    make_repo, run_cli
) -> None:
    importing = _importing("from tools._common import fmt")
    root = make_repo({**clean_files(), "tools/_common.py": COMMON_PY, "tools/wait.py": importing})
    assert run_cli(root, "check", "--select", "DOX004").exit_code == 0  # the state
    write_files(root, {"tools/wait.py": WAIT_PY})  # the import is gone
    incremental, full = _incremental(run_cli, root, "DOX004")
    assert incremental == full
    assert any(" DOX004 " in line for line in full), full
    write_files(root, {"tools/wait.py": importing})  # and back
    incremental, full = _incremental(run_cli, root, "DOX004")
    assert incremental == full == ["All checks passed."]


#: shared code of the shared code ``tools/_b.py``
B_PY = "from tools._c import inner\n\n\ndef fmt(value):\n    return inner(value)\n"
C_PY = "def inner(value):\n    return str(value)\n"
C_REPORTED = "tools/_c.py:1:1: DOX004 tool module has no class deriving from `helpers.tool.Tool`"


def test_a_module_shared_code_imports_is_shared_code_too(make_repo, run_cli) -> None:
    """``tools/wait.py`` imports ``tools/_b.py``, which imports
    ``tools/_c.py``: loading the tool loads both."""
    root = make_repo(
        {
            **clean_files(),
            "tools/_b.py": B_PY,
            "tools/_c.py": C_PY,
            "tools/wait.py": _importing("from tools._b import fmt"),
        }
    )
    assert _dox004(run_cli, root) == []
    assert _dox004(run_cli, root, "tools/_c.py") == []
    # a cycle between them changes nothing
    write_files(root, {"tools/_c.py": "from tools._b import fmt\n\n\n" + C_PY})
    assert _dox004(run_cli, root) == []
    # a shim nobody loads imports them: both are shared code of no tool
    write_files(root, {"tools/wait.py": WAIT_PY, "tools/_shim.py": "from tools._b import fmt\n"})
    assert _dox004(run_cli, root) == [
        line.replace("_c.py", name)
        for name in ("_b.py", "_c.py", "_shim.py")
        for line in [C_REPORTED]
    ]


@pytest.mark.parametrize(
    ("path", "importing"),
    [
        ("tools/wait.py", _importing("from tools._b import fmt")),
        ("tools/_b.py", B_PY),
    ],
)
def test_an_incremental_check_follows_the_chain_an_edit_cuts(
    make_repo, run_cli, path: str, importing: str
) -> None:
    """The import of ``_b`` in the tool, or of ``_c`` in ``_b``, dropped and
    restored: ``_c`` is reported exactly while no tool loads it."""
    files = {
        **clean_files(),
        "tools/_b.py": B_PY,
        "tools/_c.py": C_PY,
        "tools/wait.py": _importing("from tools._b import fmt"),
    }
    root = make_repo(files)
    assert run_cli(root, "check", "--select", "DOX004").exit_code == 0  # the state
    dropped = importing.replace("from tools._b import fmt\n", "").replace(
        "from tools._c import inner\n", "inner = str\n"
    )
    write_files(root, {path: dropped})
    incremental, full = _incremental(run_cli, root, "DOX004")
    assert incremental == full
    assert C_REPORTED in full, full
    write_files(root, {path: importing})  # and back
    incremental, full = _incremental(run_cli, root, "DOX004")
    assert incremental == full == ["All checks passed."]


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def _committed_chain(make_repo) -> Path:
    """A git repository (not the marker) whose wait tool imports ``_b``,
    which imports ``_c``, all committed."""
    root = make_repo(
        {
            **clean_files(),
            "tools/_b.py": B_PY,
            "tools/_c.py": C_PY,
            "tools/wait.py": _importing("from tools._b import fmt"),
        }
    )
    (root / ".git").rmdir()  # a real repository instead of the marker
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    return root


@pytest.mark.parametrize("hook", [False, True])
@pytest.mark.parametrize(
    ("path", "importing"),
    [
        ("tools/wait.py", _importing("from tools._b import fmt")),
        ("tools/_b.py", B_PY),
    ],
)
def test_a_run_over_a_module_that_drops_an_import_checks_what_it_loaded(
    make_repo, run_cli, path: str, importing: str, hook: bool
) -> None:
    """A run over the edited module (as pre-commit passes a changed file)
    reports what a whole check reports at the modules it loaded as git's
    ``HEAD`` holds it, and nothing there while it loads them still."""
    root = _committed_chain(make_repo)
    mode = ["--only-paths"] if hook else []
    dropped = importing.replace("from tools._b import fmt\n", "").replace(
        "from tools._c import inner\n", "inner = str\n"
    )
    write_files(root, {path: dropped})
    if hook:
        _git(root, "add", path)
    whole = _dox004(run_cli, root)
    assert C_REPORTED in whole, whole
    assert _dox004(run_cli, root, *mode, path) == whole
    write_files(root, {path: importing})  # as committed: nothing to report
    if hook:
        _git(root, "add", path)
    assert _dox004(run_cli, root, *mode, path) == _dox004(run_cli, root) == []


def test_a_commit_deleting_the_tool_checks_what_it_loaded(make_repo, run_cli) -> None:
    root = _committed_chain(make_repo)
    _git(root, "rm", "-q", "tools/wait.py")
    whole = _dox004(run_cli, root)
    assert C_REPORTED in whole, whole
    assert _dox004(run_cli, root, "--only-paths") == whole


@pytest.mark.parametrize("paths", [["tools/wait.py"], []])
def test_a_commit_leaving_the_shared_code_out_is_not_held_to_it(
    make_repo, run_cli, paths: list[str]
) -> None:
    """The commit drops the import and the shared modules from the
    repository (``git rm --cached``), which stay on disk untracked: the hook
    mode judges the tree the commit holds, where they are not, given the
    changed module or not (its staged deletions are checked either way)."""
    root = _committed_chain(make_repo)
    write_files(root, {"tools/wait.py": WAIT_PY})
    _git(root, "add", "tools/wait.py")
    _git(root, "rm", "-q", "--cached", "tools/_b.py", "tools/_c.py")
    assert _dox004(run_cli, root, "--only-paths", *paths) == []
    # the module the commit holds is still judged
    _git(root, "add", "tools/_c.py")
    assert _dox004(run_cli, root, "--only-paths", "tools/wait.py") == [C_REPORTED]


STUB_BASE_PY = """\
from abc import abstractmethod

from helpers.tool import Response, Tool


class SearchBase(Tool):
    @abstractmethod
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""


def test_an_incremental_check_rechecks_a_base_an_edited_tool_derived_from(
    make_repo, run_cli
) -> None:
    """A stub base other tools derive from needs no prompt (PRM001): once the
    last of them no longer does, it is a tool the model is never told of."""
    deriving = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "from helpers.tool import Response\nfrom tools.search_base import SearchBase\n",
    ).replace("(Tool)", "(SearchBase)")
    root = make_repo(
        {**clean_files(), "tools/search_base.py": STUB_BASE_PY, "tools/wait.py": deriving}
    )
    assert run_cli(root, "check", "--select", "PRM001").exit_code == 0  # the state
    write_files(root, {"tools/wait.py": WAIT_PY})
    incremental, full = _incremental(run_cli, root, "PRM001")
    assert incremental == full
    assert any("tool `search_base` has no prompt" in line for line in full), full


@pytest.mark.parametrize("body", ["pass", "..."])
def test_a_stub_base_other_tools_derive_from_needs_no_response(
    make_repo, run_cli, body: str
) -> None:
    """A base whose own ``execute`` does nothing runs only through its
    subclasses' ``execute``: DOX007 passes it by while a tool derives from it,
    and reports it again, incrementally as in a full run, once none does."""
    base = STUB_BASE_PY.replace("raise NotImplementedError", body)
    deriving = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "from helpers.tool import Response\nfrom tools.search_base import SearchBase\n",
    ).replace("(Tool)", "(SearchBase)")
    root = make_repo({**clean_files(), "tools/search_base.py": base, "tools/wait.py": deriving})
    assert run_cli(root, "check", "--select", "DOX007").output.splitlines() == [
        "All checks passed."
    ]
    write_files(root, {"tools/wait.py": WAIT_PY})
    incremental, full = _incremental(run_cli, root, "DOX007")
    assert incremental == full
    assert any(
        "tools/search_base.py" in line and "`SearchBase.execute` can reach its end" in line
        for line in full
    ), full


ASK_PY = """\
from helpers.tool import Response, Tool


class ZBase(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message=self.args["base"], break_loop=False)


class Ask(ZBase):
    async def execute(self, **kwargs) -> Response:
        return Response(message=self.args["query"], break_loop=False)
"""


def test_a_shared_base_sorting_last_is_no_tool_under_a_loader_taking_the_first(
    make_repo, run_cli
) -> None:
    """``ZBase`` beside ``Ask(ZBase)``: Agent Zero's loader runs ``ZBase``
    (it sorts last), an older one taking the first runs ``Ask``."""
    root = make_repo({**clean_files(), "tools/ask.py": ASK_PY})

    def listed() -> list[str]:
        (module,) = json.loads(run_cli(root, "inspect", "tools/ask.py", "--json").output)
        return [tool["class"] for tool in module["tools"]]

    assert listed() == ["ZBase", "Ask"]
    write_files(root, {"agent.py": LOADER_FIRST_PY})
    assert listed() == ["Ask"]
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    companion = (root / "tools/ask.py.dox.md").read_text()
    assert "- Arguments of `Ask`:" in companion, companion
    assert "`ZBase` is a" not in companion and "of `ZBase`" not in companion, companion


LIB_PY = "from tools._c import inner\n"


@pytest.mark.parametrize(
    ("path", "importing"),
    [
        ("tools/wait.py", _importing("from tools.lib import inner")),
        ("tools/lib/__init__.py", LIB_PY),
    ],
)
def test_a_package_of_the_tools_directory_passes_the_loading_on(
    make_repo, run_cli, path: str, importing: str
) -> None:
    """``tools/wait.py`` imports the package ``tools/lib``, which imports
    ``tools/_c.py``: a whole check, an incremental one and a run over the
    edited module agree on ``_c`` as the import is dropped and restored."""
    root = make_repo(
        {
            **clean_files(),
            "tools/lib/__init__.py": LIB_PY,
            "tools/_c.py": C_PY,
            "tools/wait.py": _importing("from tools.lib import inner"),
        }
    )
    (root / ".git").rmdir()
    _git(root, "init", "-q")
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    assert _dox004(run_cli, root) == []
    assert run_cli(root, "check", "--select", "DOX004").exit_code == 0  # the state
    dropped = importing.replace("from tools.lib import inner\n", "").replace(LIB_PY, "")
    write_files(root, {path: dropped})
    incremental, full = _incremental(run_cli, root, "DOX004")
    assert incremental == full
    assert C_REPORTED in full, full
    assert _dox004(run_cli, root, path) == [C_REPORTED]
    write_files(root, {path: importing})  # and back
    incremental, full = _incremental(run_cli, root, "DOX004")
    assert incremental == full == ["All checks passed."]
    assert _dox004(run_cli, root, path) == []
