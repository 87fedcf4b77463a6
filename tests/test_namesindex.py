"""The index of which module names each Python file writes, kept by file
stamp, gives the modules a run over PATHS follows without reading every
Python file, and the same answer as reading them all.

A file modified within the index's settling time is never kept in it (and
is read again), so the tests date the files they want kept into the past.
"""

from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest
from samples import clean_files

from doxtool.api import load_project
from doxtool.run import dependents
from doxtool.run.namesindex import SETTLE_NS, written

HELPER_PY = "def pick(args):\n    return args.get('text')\n"


def _tool(name: str, imports: str) -> str:
    return (
        f"from helpers.tool import Response, Tool\n{imports}\n\n\n"
        f"class {name.title()}Tool(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        return Response(message=str(self.args), break_loop=False)\n"
    )


def _settle(root: Path, seconds: float = 60.0) -> None:
    """Date every Python file ``seconds`` into the past (an index keeps it)."""
    then = time.time_ns() - int(seconds * 1e9)
    for path in root.rglob("*.py"):
        os.utime(path, ns=(then, then))


def _write_settled(path: Path, text: str, seconds: float) -> None:
    path.write_text(text)
    then = time.time_ns() - int(seconds * 1e9)
    os.utime(path, ns=(then, then))


def _fed(root: Path, modules: list[str], use_cache: bool = True) -> dict[str, set[str]]:
    project = load_project(root, use_cache=use_cache)
    try:
        return dependents.fed(project, modules)
    finally:
        project.close()  # the index is stored with the cache


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    read: list[str] = []
    original = dependents._Modules.read

    def counted(self, path: str):  # type: ignore[no-untyped-def]
        read.append(path)
        return original(self, path)

    monkeypatch.setattr(dependents._Modules, "read", counted)
    return read


@pytest.fixture
def repo(make_repo) -> Path:
    files = {**clean_files(), "helpers/picks.py": HELPER_PY}
    for index in range(6):
        files[f"tools/t{index}.py"] = _tool(f"t{index}", "")
    files["tools/t0.py"] = _tool("t0", "from helpers.picks import pick")
    root = make_repo(files)
    _settle(root)
    return root


def test_an_unchanged_file_is_answered_without_being_read(repo, monkeypatch) -> None:
    expected = {"helpers/picks.py": {"tools/t0.py"}}
    assert _fed(repo, ["helpers/picks.py"]) == expected  # builds the index
    read = _reads(monkeypatch)
    assert _fed(repo, ["helpers/picks.py"]) == expected
    assert read == [], "every file answered from the index"
    _write_settled(repo / "tools/t3.py", _tool("t3", "from helpers import picks"), 30)
    assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t0.py", "tools/t3.py"}}
    assert read == ["tools/t3.py"], "only the edited file is read"


def test_an_import_edited_since_the_index_was_written_is_followed(repo) -> None:
    assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t0.py"}}
    # t0 stops importing the helper and t1 starts, both keeping their sizes
    # and dated into the past, as a checkout or an editor may leave them
    before = (repo / "tools/t0.py").stat().st_size
    _write_settled(repo / "tools/t0.py", _tool("t0", "from helpers.picky import pick"), 20)
    assert (repo / "tools/t0.py").stat().st_size == before
    _write_settled(repo / "tools/t1.py", _tool("t1", "from helpers.picks import pick"), 20)
    assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t1.py"}}
    assert _fed(repo, ["helpers/picks.py"], use_cache=False) == {
        "helpers/picks.py": {"tools/t1.py"}
    }
    # an edit within the same second, of the same size: a new stamp all the same
    _write_settled(repo / "tools/t1.py", _tool("t1", "from helpers.picky import pick"), 19.5)
    assert _fed(repo, ["helpers/picks.py"]) == {}


def test_a_file_modified_just_now_is_read_again_next_time(repo, monkeypatch) -> None:
    (repo / "tools/t2.py").write_text(_tool("t2", "from helpers.picks import pick"))
    expected = {"helpers/picks.py": {"tools/t0.py", "tools/t2.py"}}
    assert _fed(repo, ["helpers/picks.py"]) == expected
    read = _reads(monkeypatch)
    assert _fed(repo, ["helpers/picks.py"]) == expected
    assert read == ["tools/t2.py"], "not kept: an edit could keep its stamp"


def test_a_module_added_since_is_found_by_an_index_built_afresh(repo) -> None:
    assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t0.py"}}
    (repo / "helpers/fresh.py").write_text(HELPER_PY)
    _write_settled(repo / "tools/t4.py", _tool("t4", "from helpers.fresh import pick"), 10)
    assert _fed(repo, ["helpers/fresh.py"]) == {"helpers/fresh.py": {"tools/t4.py"}}
    assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t0.py"}}


def test_a_damaged_index_is_ignored(repo) -> None:
    from doxtool.run.namesindex import _KEY

    assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t0.py"}}
    project = load_project(repo)
    assert project.cache is not None
    key = project.cache.key("index", _KEY)
    for value in (
        {"names": ["picks"], "stamps": "", "by_name": {"other": ["tools/t1.py"]}},
        {"names": "picks", "stamps": "", "by_name": {}},
        [1, 2],
    ):
        project.cache.put_raw(key, value)
        project.cache.flush()
        assert _fed(repo, ["helpers/picks.py"]) == {"helpers/picks.py": {"tools/t0.py"}}
    project.close()


def test_a_name_is_written_as_a_word_exactly_where_the_search_finds_it() -> None:
    names = frozenset({"picks", "t0", "kit"})
    text = b"import picks_more\nfrom kit.picks import x  # t0\n\xffpicks\xe9t0x"
    assert written(text, names) == {"picks", "kit", "t0"}
    assert written(b"picksx kit_ _t0", names) == frozenset()


def test_random_edits_give_the_answer_of_reading_every_file(repo) -> None:
    """Edits of imports (some kept at their size, dated into the past or
    not), compared after each with a run that reads every file."""
    rng = random.Random(15)
    imports = [
        "",
        "from helpers.picks import pick",
        "from helpers import picks",
        "import helpers.picks as p",
        "from helpers.pickz import pick",
        "# picks",
    ]
    for step in range(12):
        name = f"t{rng.randrange(6)}"
        text = _tool(name, rng.choice(imports))
        age = rng.choice([0.0, SETTLE_NS / 1e9 + 5, 100.0])
        path = repo / f"tools/{name}.py"
        if age:
            _write_settled(path, text, age)
        else:
            path.write_text(text)
        got = _fed(repo, ["helpers/picks.py", "tools/t1.py"])
        assert got == _fed(repo, ["helpers/picks.py", "tools/t1.py"], use_cache=False), step
