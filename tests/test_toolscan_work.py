"""The tool walk reads no more than its answers need: a method, a scope or a
statement whose reading cannot change a fact is not read (the facts are
those a full reading gives)."""

from __future__ import annotations

import ast

import pytest

from doxtool.python import cstpaths
from doxtool.python.extract import extract_module

_SCRATCH = """\
import shutil
import tempfile

from python.helpers.tool import Response, Tool


class Scratch(Tool):
    label = "scratch"

    async def execute(self, **kwargs):
        self.tmpdir = tempfile.mkdtemp()
        shutil.rmtree(self.tmpdir)
        return Response(message="done", break_loop=False)

    def rename(self, title):
        self.label = title
        self.count += 1
{extra}"""


def _read_methods(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The functions whose paths the walk reads (``PathValues``, ``TemporaryPaths``)."""
    read: list[str] = []

    class Paths(cstpaths.PathValues):
        def __init__(self, node: ast.FunctionDef, *args: object, **kwargs: object) -> None:
            read.append(node.name)
            super().__init__(node, *args, **kwargs)  # type: ignore[arg-type]

    class Temporary(cstpaths.TemporaryPaths):
        def __init__(self, node: ast.FunctionDef, *args: object, **kwargs: object) -> None:
            read.append(node.name)
            super().__init__(node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cstpaths, "PathValues", Paths)
    monkeypatch.setattr(cstpaths, "TemporaryPaths", Temporary)
    return read


def test_a_method_setting_only_attributes_left_out_is_not_read_for_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _read_methods(monkeypatch)
    facts = extract_module(_SCRATCH.format(extra=""), "tools/scratch.py", ["python"])
    (tool,) = facts.candidates
    # ``self.tmpdir`` is only ever a directory the tool made: removing it is no deletion
    assert tool.side_effects == ["filesystem write"]
    # ``rename`` sets ``label`` (a class body gives it a value) and ``count``
    # (``+=``): neither can be a path of the tool's own, so it is not read
    assert "execute" in read
    assert "rename" not in read


def test_an_attribute_also_set_elsewhere_is_read_in_every_method_until_one_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = _read_methods(monkeypatch)
    extra = "\n    def reset(self):\n        self.tmpdir = self.args['path']\n"
    facts = extract_module(_SCRATCH.format(extra=extra), "tools/scratch.py", ["python"])
    (tool,) = facts.candidates
    assert "filesystem delete" in tool.side_effects
    assert "reset" in read
    assert "rename" not in read
