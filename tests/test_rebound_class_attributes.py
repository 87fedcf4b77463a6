"""A class attribute given another value outside its class body: ``store =
NullStore()`` in the class, then ``Tool.store = FileStore()`` in the module,
``cls.store = ...``, ``type(self).store = ...`` or ``setattr(self, "store",
...)`` (or a ``setattr`` whose name is not a literal). ``self.store`` may hold
either object, so its kind is not known: the side effects are "not known"
and ``check --fix`` writes no "none" for them."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WAIT_PROMPT, WRAPPER, write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, WAIT_PY

AREAS = "- Observed side-effect areas:"

STORES = """\
class NullStore:
    def save(self, text):
        return None


class FileStore:
    def save(self, text):
        with open("/tmp/memo.txt", "a") as fh:
            fh.write(text)
"""


def _tool(body: str = "", after: str = "") -> str:
    """``wait.py`` keeping ``store = NullStore()`` on its class, whose
    ``execute`` runs ``body`` and then saves through ``self.store``."""
    return (
        WAIT_PY.replace(
            "from helpers.tool import Response, Tool\n",
            "from helpers.stores import FileStore, NullStore\n"
            "from helpers.tool import Response, Tool\n",
        )
        .replace(
            "        seconds = ",
            body + '        self.store.save("x")\n        seconds = ',
        )
        .replace("    async def execute", "    store = NullStore()\n\n    async def execute")
        + after
    )


def _repo(tmp_path: Path, tool: str) -> Path:
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "helpers/stores.py": STORES,
            "tools/wait.py": tool,
        },
    )
    return tmp_path


def _areas(root: Path) -> str | None:
    """The areas ``check --fix`` writes into a new companion (None: no line)."""
    CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", "--fix"])
    text = (root / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    line = next((line for line in text.splitlines() if line.startswith(AREAS)), None)
    return line.removeprefix(AREAS).strip() if line is not None else None


def _side_effects(root: Path) -> str:
    out = CliRunner().invoke(cli, ["inspect", "--root", str(root), str(root / "tools/wait.py")])
    return next(line.strip() for line in out.output.splitlines() if "side effects:" in line)


def test_the_class_attribute_alone_is_followed(tmp_path: Path) -> None:
    root = _repo(tmp_path, _tool())
    assert _side_effects(root) == "side effects: none"
    assert _areas(root) == "none."


@pytest.mark.parametrize(
    ("body", "after"),
    [
        # the module sets it on the class
        ("", "\n\nWaitTool.store = FileStore()\n"),
        ("", '\n\nsetattr(WaitTool, "store", FileStore())\n'),
        # a method sets it on the instance, or on the class
        ("        self.store = FileStore()\n", ""),
        ('        setattr(self, "store", FileStore())\n', ""),
        ("        type(self).store = FileStore()\n", ""),
        ("        self.__class__.store = FileStore()\n", ""),
        # a name not read: it may be ``store``
        ('        setattr(self, self.args.get("attr", "x"), FileStore())\n', ""),
    ],
)
def test_a_class_attribute_set_elsewhere_leaves_the_areas_not_known(
    tmp_path: Path, body: str, after: str
) -> None:
    root = _repo(tmp_path, _tool(body, after))
    assert _side_effects(root) == "side effects: not known"
    assert _areas(root) is None


def test_a_setattr_naming_another_attribute_leaves_the_class_attribute_known(
    tmp_path: Path,
) -> None:
    root = _repo(tmp_path, _tool("", '\n\nsetattr(WaitTool, "other", 1)\n'))
    assert _side_effects(root) == "side effects: none"


@pytest.mark.parametrize(
    "after",
    ["\n\nWaitTool.store = NullStore()\n", '\n\nsetattr(WaitTool, "store", NullStore())\n'],
)
def test_a_class_attribute_replaced_claims_none_of_its_class_body_value(
    tmp_path: Path, after: str
) -> None:
    tool = _tool("", after).replace("    store = NullStore()\n", "    store = FileStore()\n")
    root = _repo(tmp_path, tool)
    assert _side_effects(root) == "side effects: not known"
    assert _areas(root) is None


MEMO = """\
from helpers.stores import FileStore, NullStore


class Memo:
    store = FileStore()

    def save(self, text):
        self.store.save(text)


Memo.store = NullStore()
"""


def test_a_helper_class_attribute_replaced_claims_none_of_its_class_body_value(
    tmp_path: Path,
) -> None:
    tool = WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        "from helpers.memo import Memo\nfrom helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", '        Memo().save("x")\n        seconds = ')
    root = _repo(tmp_path, tool)
    (root / "helpers" / "memo.py").write_text(MEMO, encoding="utf-8")
    assert _side_effects(root) == "side effects: not known"
    assert _areas(root) is None
    # the class attribute alone: its object's writes
    (root / "helpers" / "memo.py").write_text(MEMO.rsplit("\n\n\n", 1)[0] + "\n", encoding="utf-8")
    assert _side_effects(root) == "side effects: filesystem write"


REBINDING = """\
import builtins


def configure(name, value):
    Tool.store = FileStore()
    Tool.cache += 1
    del Tool.old
    for Tool.item in range(2):
        pass
    setattr(Tool, "named", value)
    builtins.setattr(Tool, name, value)
    other.store = 1


class Tool:
    store = None

    def reset(self):
        type(self).limit = 3
        self.__class__.mode = "x"
        self.local = 1
        with open("f") as Tool.handle:
            pass
"""


def test_the_outline_reads_the_rebound_attributes_in_its_own_walk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The outline's walk of every node collects what a separate reading
    would (the summaries then ask for the answer it left, and no walk of
    the tree reads it again)."""
    import ast

    from doxtool.python import rebound
    from doxtool.python.outline import module_outline

    expected = [
        rebound.ANY,
        "cache",
        "handle",
        "item",
        "limit",
        "mode",
        "named",
        "old",
        "store",
    ]
    assert rebound.rebound_attributes(ast.parse(REBINDING)) == expected

    def no_second_walk(tree: ast.Module) -> tuple[str, ...]:
        raise AssertionError("the tree is walked again")

    monkeypatch.setattr(rebound, "_read", no_second_walk)
    tree = ast.parse(REBINDING)
    outline = module_outline(tree, REBINDING)
    assert outline is not None
    assert outline.rebound_attributes == expected
    assert rebound.rebound_attributes(tree) == expected
