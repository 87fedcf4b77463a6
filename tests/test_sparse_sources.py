"""A sparse checkout leaving out a module other modules' facts are built
from: what those facts would hold is not known, so nothing is said of the
fact lines of their companions, and no fix rewrites them."""

from __future__ import annotations

from pathlib import Path

from hooked import git
from samples import write_files
from test_sparse_checkout import _doxtool

from doxtool.rules.examples import FRAMEWORK, LOADER_LAST_PY, WAIT_PY

_PROMPT = (
    "### wait\nWait a while.\nusage:\n~~~json\n"
    '{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~\n'
)

_BASE = (
    "from helpers.tool import Response, Tool\n\n\n"
    "class WaitBase(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    "        seconds = int(self.args.get('seconds', 0))\n"
    "        return Response(message=self.text(seconds), break_loop=True)\n"
)
_TOOL = (
    "from helpers.waitbase import WaitBase\n\n\n"
    "class WaitTool(WaitBase):\n"
    "    def text(self, seconds):\n"
    "        return f'waited {seconds}s'\n"
)


def _clone_leaving_out(tmp_path: Path, files: dict[str, str], *left: str) -> Path:
    """A repository of ``files`` (the framework too, and companions ``--fix``
    writes from the whole tree), cloned with ``left`` out of the work tree."""
    origin = tmp_path / "origin"
    origin.mkdir()
    git(origin, "init", "-q")
    write_files(origin, {**FRAMEWORK, "prompts/agent.system.tool.wait.md": _PROMPT, **files})
    assert _doxtool(origin, "check", "--no-cache", "--fix").returncode == 0
    git(origin, "add", "-A")
    git(origin, "commit", "-q", "-m", "tools")
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(origin), str(clone))
    git(clone, "sparse-checkout", "set", "--no-cone", "/*", *(f"!/{p}" for p in left))
    assert not any((clone / p).exists() for p in left)
    return clone


def _silent_and_kept(root: Path, companion: str) -> None:
    before = (root / companion).read_bytes()
    done = _doxtool(root, "check", "--no-cache")
    assert done.stdout == "All checks passed.\n", done.stdout + done.stderr
    fixed = _doxtool(root, "check", "--no-cache", "--fix")
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert (root / companion).read_bytes() == before


def test_a_shim_whose_tool_module_is_left_out_keeps_its_companion(tmp_path: Path) -> None:
    root = _clone_leaving_out(
        tmp_path,
        {
            "tools/impl/waiting.py": WAIT_PY,
            "tools/wait.py": "from .impl.waiting import WaitTool\n\n__all__ = ['WaitTool']\n",
        },
        "tools/impl/waiting.py",
    )
    text = (root / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    assert "`Response`" in text and "Arguments of `WaitTool`" in text
    _silent_and_kept(root, "tools/wait.py.dox.md")


def test_a_tool_whose_base_is_left_out_keeps_its_companion(tmp_path: Path) -> None:
    """The base's ``execute`` returns the ``Response`` the companion names."""
    files = {"helpers/waitbase.py": _BASE, "tools/wait.py": _TOOL}
    root = _clone_leaving_out(tmp_path, files, "helpers/waitbase.py")
    assert "observed in the source: `Response`" in (root / "tools/wait.py.dox.md").read_text()
    _silent_and_kept(root, "tools/wait.py.dox.md")


def test_a_shim_whose_tool_module_is_deleted_is_still_judged(tmp_path: Path) -> None:
    root = _clone_leaving_out(
        tmp_path,
        {
            "tools/impl/waiting.py": WAIT_PY,
            "tools/wait.py": "from .impl.waiting import WaitTool\n\n__all__ = ['WaitTool']\n",
        },
        "tools/impl/waiting.py",
    )
    git(root, "rm", "-q", "--cached", "--sparse", "tools/impl/waiting.py")
    done = _doxtool(root, "check", "--no-cache")
    assert "DOX106 `tools/wait.py` no longer has class `WaitTool`" in done.stdout, done.stdout


def test_a_tool_whose_execute_is_in_a_mixin_left_out_is_not_reported(tmp_path: Path) -> None:
    """The mixin may define ``execute`` and read what the prompt teaches:
    no `DOX005`, no `PRM003`."""
    mixin = (
        "from helpers.tool import Response\n\n\n"
        "class WaitMixin:\n"
        "    async def execute(self, **kwargs):\n"
        "        seconds = int(self.args.get('seconds', 0))\n"
        "        return Response(message=f'waited {seconds}s', break_loop=True)\n"
    )
    tool = (
        "from helpers.tool import Tool\n"
        "from helpers.waitmixin import WaitMixin\n\n\n"
        "class WaitTool(WaitMixin, Tool):\n"
        "    pass\n"
    )
    files = {"helpers/waitmixin.py": mixin, "tools/wait.py": tool}
    root = _clone_leaving_out(tmp_path, files, "helpers/waitmixin.py")
    _silent_and_kept(root, "tools/wait.py.dox.md")


def test_the_module_own_items_are_judged_while_its_base_is_left_out(tmp_path: Path) -> None:
    """Its functions, imports and the tests naming it come from its own
    text and the tests', not from the base: `DOX105`, `DOX131`, `DOX140`."""
    files = {"helpers/waitbase.py": _BASE, "tools/wait.py": _TOOL}
    root = _clone_leaving_out(tmp_path, files, "helpers/waitbase.py")
    added = "\nimport json\n\n\ndef dumped():\n    return json.dumps({})\n"
    with (root / "tools/wait.py").open("a", encoding="utf-8") as module:
        module.write(added)
    write_files(root, {"tests/test_wait.py": "from tools.wait import WaitTool\n"})
    done = _doxtool(root, "check", "--no-cache")
    codes = sorted(line.split()[1] for line in done.stdout.splitlines() if ": DOX" in line)
    assert codes == ["DOX105", "DOX131", "DOX140"], done.stdout + done.stderr


def _with_break_loop(root: Path, companion: str, said: str) -> None:
    path = root / companion
    text = path.read_text(encoding="utf-8")
    assert "`break_loop` of `WaitTool`: always `false`." in text
    path.write_text(text.replace("always `false`", f"always `{said}`"), encoding="utf-8")


def test_a_module_imported_but_never_needed_being_left_out_hides_nothing(
    tmp_path: Path,
) -> None:
    """The tool imports the left-out module (directly, and through a module
    whose function it calls) but its facts never need it: they are known,
    and a companion's wrong ``break_loop`` line is still reported. The name
    ``unrelated``, sorting after ``WaitTool``, is bound to a module (a file
    git holds), not to a class the loader could take instead."""
    helper = (
        "from helpers import unrelated  # noqa\n\n\ndef label(seconds):\n    return f'{seconds}s'\n"
    )
    tool = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "from helpers import unrelated  # noqa\nfrom helpers.labels import label\n"
        "from helpers.tool import Response, Tool\n",
    ).replace('f"waited {seconds}s"', "label(seconds)")
    files = {
        "helpers/modules.py": LOADER_LAST_PY,  # ``unrelated`` sorts last: not a tool class
        "helpers/unrelated.py": "VALUE = 1\n",
        "helpers/labels.py": helper,
        "tools/wait.py": tool,
    }
    root = _clone_leaving_out(tmp_path, files, "helpers/unrelated.py")
    _with_break_loop(root, "tools/wait.py.dox.md", "true")
    done = _doxtool(root, "check", "--no-cache")
    assert "DOX120 `break_loop` of `WaitTool`" in done.stdout, done.stdout + done.stderr
    assert "always `false`" in done.stdout, done.stdout


def test_a_helper_followed_into_a_module_left_out_leaves_the_facts_unknown(
    tmp_path: Path,
) -> None:
    """The tool's ``Response`` is made by a helper of a module it reaches
    through a module of the work tree: what it returns is not known."""
    made = (
        "from helpers.tool import Response\n\n\n"
        "def waited(args):\n"
        "    seconds = int(args.get('seconds', 0))\n"
        "    return Response(message=f'waited {seconds}s', break_loop=False)\n"
    )
    through = (
        "from helpers.responses import waited\n\n\ndef respond(args):\n    return waited(args)\n"
    )
    tool = (
        "from helpers.through import respond\n"
        "from helpers.tool import Tool\n\n\n"
        "class WaitTool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        return respond(self.args)\n"
    )
    files = {"helpers/responses.py": made, "helpers/through.py": through, "tools/wait.py": tool}
    root = _clone_leaving_out(tmp_path, files, "helpers/responses.py")
    assert "Arguments of `WaitTool`" in (root / "tools/wait.py.dox.md").read_text()
    _with_break_loop(root, "tools/wait.py.dox.md", "true")
    _silent_and_kept(root, "tools/wait.py.dox.md")
