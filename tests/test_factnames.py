"""The names in a module's facts that may be repository modules, found where
the module is parsed, and the modules they lead to."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from doxtool.core.config import config_at
from doxtool.core.factnames import DOTTED, PY_PATH, candidate_names, named, packed
from doxtool.core.facts import ModuleFacts, Problem
from doxtool.python.extract import extract_module
from doxtool.run.pool import Job, parse
from doxtool.run.project import Project
from doxtool.run.snapshot import references

BASE = """\
from helpers.tool import Response, Tool
from helpers import files


class Base(Tool):
    def read(self, name: str) -> str:
        return files.read_file(name)
"""

TOOL = """\
from helpers.tool import Response
from tools.base import Base
from . import sibling


class Reader(Base):
    async def execute(self, name: str = "", **kwargs) -> Response:
        text = self.read(name)
        sibling.note(text)
        return Response(message=text, break_loop=False)
"""


def _repo(tmp_path: Path) -> Path:
    files = {
        "pyproject.toml": "",
        "helpers/__init__.py": "",
        "helpers/tool.py": "class Tool:\n    pass\n\n\nclass Response:\n    pass\n",
        "helpers/files.py": "def read_file(name):\n    return open(name).read()\n",
        "tools/__init__.py": "",
        "tools/base.py": BASE,
        "tools/sibling.py": "def note(text):\n    return text\n",
        "tools/reader.py": TOOL,
    }
    for rel, text in files.items():
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return tmp_path


def test_dotted_names_and_python_paths_each_once_sorted() -> None:
    facts = extract_module(TOOL, "tools/reader.py", ["helpers", "tools"])
    names = candidate_names(facts)
    assert names == sorted(set(names))
    assert {"tools.base.Base", "helpers.tool.Response", "tools.sibling.note"} <= set(names)
    assert "tools/reader.py" in names  # the facts' own path
    assert all(" " not in name or name.endswith(".py") for name in names)


def test_the_resolved_tools_are_left_out(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    project = Project(root.resolve(), config_at(root))
    facts = project.module_facts("tools/reader.py")
    assert facts.tools  # resolved through tools/base.py
    tool = facts.tools[0]
    facts.tools = [dataclasses.replace(tool, helpers=[*tool.helpers, "elsewhere.module.call"])]
    assert "elsewhere.module.call" not in candidate_names(facts)
    facts.candidates[0].helpers.append("elsewhere.module.call")
    assert "elsewhere.module.call" in candidate_names(facts)


def test_a_parsed_module_carries_its_names_and_they_stay_out_of_equality() -> None:
    facts = parse(Job("facts", "tools/reader.py", TOOL, frozenset({"helpers", "tools"})))
    plain = extract_module(TOOL, "tools/reader.py", ["helpers", "tools"])
    assert plain.module_names is None
    assert facts.module_names == packed(candidate_names(plain))
    assert named(facts) == named(plain)
    assert facts == plain
    assert "module_names" not in repr(facts)


def test_references_follow_the_names_stored_or_found_now(tmp_path: Path) -> None:
    root = _repo(tmp_path)
    found = []
    for stored in (True, False):
        project = Project(root.resolve(), config_at(root))
        facts = project.facts("tools/reader.py")
        facts.module_names = packed(candidate_names(facts)) if stored else None
        found.append(references(project, "tools/reader.py", {}))
    assert found[0] == found[1]
    assert set(found[0]) >= {
        "tools/base.py",  # the base class, by its dotted name
        "helpers/tool.py",  # an import
        "tools/sibling.py",  # a relative import
    }
    assert "tools/reader.py" not in found[0]


def test_names_stored_one_per_line_read_back_whole() -> None:
    facts = extract_module(TOOL, "tools/reader.py", ["helpers", "tools"])
    names = candidate_names(facts)
    assert names and not any("\n" in name for name in names)
    facts.module_names = packed(names)
    assert named(facts) == names
    facts.module_names = packed([])
    assert named(facts) == []
    # a name with a line break in the code is escaped in the facts' repr
    odd = extract_module('from helpers.tool import Tool\n\nX = "a\\nb.py"\n', "tools/odd.py", [])
    assert all("\n" not in name for name in candidate_names(odd))


def _by_repr(facts: ModuleFacts) -> list[str]:
    """The names as the facts' ``repr`` shows them: what :func:`candidate_names`
    finds without writing the ``repr`` out."""
    own = dataclasses.replace(facts, tools=[]) if facts.tools else facts
    text = repr(own)
    return sorted({*PY_PATH.findall(text), *DOTTED.findall(text)})


def test_the_names_are_those_of_the_facts_repr_for_every_module_here() -> None:
    root = Path(__file__).resolve().parent.parent
    paths = sorted(root.glob("doxtool/**/*.py")) + sorted(root.glob("tools/*.py"))
    paths += sorted(root.glob("tests/*.py"))
    assert len(paths) > 200
    for path in paths:
        rel = path.relative_to(root).as_posix()
        facts = extract_module(path.read_text(encoding="utf-8"), rel, ["doxtool", "helpers"])
        facts.tools = []  # resolved tools are left out either way
        assert candidate_names(facts) == _by_repr(facts), rel


def test_the_names_are_those_of_the_repr_whatever_the_values_hold() -> None:
    odd = [
        "helpers.files",
        "helpers/x.py",
        'files.read_file("helpers/y.py")',
        "it's helpers.z",
        "both ' and \" quotes: 'a.b' \"c.d\"",
        "back\\slash 'e.f'",
        "line\nbreak.py",
        "tab\there.py",
        "\x00nul.py",
        "'g.h'",
        '"d/' + "p" * 998 + '.py"',
        '"d/' + "p" * 999 + '.py"',
        "unicode.é",
        "naïve/π.py",
        "\ud800lone.py",
        "",
        "'",
        "''",
        "a.py', 'b.py",
    ]
    facts = ModuleFacts(
        path="tools/odd.py",
        module="tools.odd",
        constants=odd,
        imports=list(reversed(odd)),
        imported_names={f"key{i}.{value}": value[::-1] for i, value in enumerate(odd)},
        problems=[Problem(value, 1, 1) for value in odd],
    )
    found = candidate_names(facts)
    assert found == _by_repr(facts)
    assert {"helpers.files", "helpers/x.py", "helpers/y.py", "g.h", "c.d"} <= set(found)
    assert {"key0.helpers.files", "selif.srepleh"} <= set(found)  # a dict's keys and values
    # a path of up to 1,000 characters before its ``.py``
    assert "d/" + "p" * 998 + ".py" in found and "d/" + "p" * 999 + ".py" not in found
