"""A module's extraction split in two halves gives the facts of the whole extraction.

The first half (``ast``: outline, summaries, pruned text) is pickled, as when
it crosses to the side parser, and finished from the pickle; the facts must
equal those of :func:`~doxtool.python.extract.extract_module` for every kind
of module: pruned or not, long (placed on the tree of the pruned text), too
large, with syntax ``ast`` rejects, and the deeply nested ones the first half
leaves to the whole extraction. ``tests/test_sideparser.py`` runs the second
half in a real side parser, which has not imported the first half's modules.
"""

from __future__ import annotations

import ast
import pickle
import sys
import textwrap
from pathlib import Path

import pytest

from doxtool.core.facts import Problem
from doxtool.core.serde import to_data
from doxtool.python import astparse, extract
from doxtool.python import prepare as prepare_module
from doxtool.python.cstparse import MAX_PARSED_CHARS
from doxtool.python.extract import extract_module, finish_module
from doxtool.python.nesting import MAX_DEPTH, nesting_problem
from doxtool.python.prepare import prepare

REPO = Path(__file__).resolve().parent.parent
#: the read-only Agent Zero checkout beside the repository, when there is one
CORPUS = REPO.parent / "shared" / "corpora" / "agent-zero-2026-07"
ROOTS = ("tools", "helpers", "doxtool", "python")

TOOL = '''\
from helpers.tool import Tool, Response
from helpers import files


def _unused(items):
    """Nothing names this one."""
    return sum(len(item) for item in items)


def _label(name):
    return name.upper()


class Notes(Tool):
    """Keeps notes."""

    async def execute(self, text="", **kwargs):
        if not text:
            return Response(message="nothing to note", break_loop=False)
        files.write_file("notes.txt", _label(text))
        return Response(message="noted", break_loop=True)
'''


def _split(source: str, path: str) -> object:
    """The facts of ``source`` with its first half pickled across, as encoded data."""
    prepared = prepare(source, path, ROOTS)
    assert prepared is not None
    crossed = pickle.loads(pickle.dumps(prepared, pickle.HIGHEST_PROTOCOL))
    return to_data(finish_module(source, path, ROOTS, crossed))


def _noted_parses(monkeypatch: pytest.MonkeyPatch, module: object) -> list[str]:
    """The texts ``module``'s ``parse_ast`` is called with from now on."""
    real = module.parse_ast  # type: ignore[attr-defined]
    parsed: list[str] = []

    def noted(text: str) -> object:
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(module, "parse_ast", noted)
    return parsed


def _same(source: str, path: str = "tools/notes.py") -> None:
    assert _split(source, path) == to_data(extract_module(source, path, ROOTS))


def test_a_pruned_tool_module_keeps_its_facts() -> None:
    prepared = prepare(TOOL, "tools/notes.py", ROOTS)
    assert prepared is not None and prepared.text is not None  # ``_unused`` is stubbed
    assert "sum(len" not in prepared.text
    facts = finish_module(TOOL, "tools/notes.py", ROOTS, prepared)
    assert [tool.class_name for tool in facts.candidates] == ["Notes"]
    _same(TOOL)


@pytest.mark.parametrize(
    "source",
    [
        pytest.param("x = 1\n", id="nothing-to-prune"),
        pytest.param("", id="empty"),
        pytest.param("def f(:\n    pass\n", id="syntax-error"),
        pytest.param("x = 1\ny = 2\x00\n", id="nul-byte"),
        pytest.param("class A:\n  def f(self):\n\treturn 1\n", id="inconsistent-tabs"),
        pytest.param("x = 1\r\ny = 2\rz = 3\n", id="lone-carriage-return"),
        pytest.param(TOOL.replace("\n", "\r\n"), id="crlf"),
        pytest.param(TOOL.replace("        files.write", "\tfiles.write", 1), id="mixed-indent"),
    ],
)
def test_odd_modules_keep_their_facts(source: str) -> None:
    _same(source)


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="this Python parses ``type X = ...``")
def test_syntax_newer_than_this_python_keeps_its_facts() -> None:
    _same("type Pair = tuple[int, int]\n\n" + TOOL)


@pytest.mark.parametrize("pruned", [False, True])
def test_a_module_too_large_to_parse_keeps_its_problem_and_costs_no_second_tree(
    monkeypatch: pytest.MonkeyPatch, pruned: bool
) -> None:
    body = "".join(
        f"value_{index} = [{index}, {index + 1}, {index + 2}]\n" for index in range(9000)
    )
    if pruned:
        body += "\n\ndef _unused():\n    return 1\n"
    assert len(body) > MAX_PARSED_CHARS
    _same(body, "tools/large.py")
    (problem,) = extract_module(body, "tools/large.py", ROOTS).problems
    assert problem.kind == "limit"
    prepared = prepare(body, "tools/large.py", ROOTS)
    assert prepared is not None and (prepared.text is not None) is pruned
    parsed: list[str] = []
    monkeypatch.setattr(extract, "parse_ast", parsed.append)
    assert finish_module(body, "tools/large.py", ROOTS, prepared).problems == [problem]
    assert parsed == []  # the size alone rejects it


def test_a_module_libcst_parses_whole_is_placed_on_the_modules_tree(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """When libcst rejects the pruned text and parses the module itself, the
    statements are placed on ``ast``'s tree of the module, not of the pruned text."""
    prepared = prepare(TOOL, "tools/notes.py", ROOTS)
    assert prepared is not None and prepared.text is not None
    monkeypatch.setattr(extract, "_parse_pruned", lambda text: None)
    parsed = _noted_parses(monkeypatch, extract)
    whole = to_data(extract_module(TOOL, "tools/notes.py", ROOTS))
    assert to_data(finish_module(TOOL, "tools/notes.py", ROOTS, prepared)) == whole
    assert parsed == [TOOL]


def test_long_modules_are_placed_on_the_tree_of_the_pruned_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With every module counted as long, the first half hands over copies
    of its facts and no tree, in both processes."""
    monkeypatch.setattr(prepare_module, "PIECE_CHARS", 0)
    monkeypatch.setattr(astparse, "PIECE_CHARS", 256)
    for path in sorted((REPO / "tools").glob("*.py")):
        _same(path.read_text(encoding="utf-8"), path.relative_to(REPO).as_posix())


def test_a_deeply_nested_module_is_left_to_the_whole_extraction() -> None:
    deep = "x = " + "(" * (MAX_DEPTH + 10) + "1" + ")" * (MAX_DEPTH + 10) + "\n"
    assert prepare(deep, "tools/deep.py", ROOTS) is None


def test_a_module_nested_past_what_libcst_can_afford_is_not_analysed() -> None:
    """CPython compiles a chain of 1,500 conditional expressions, which would
    cost libcst the square of it in time and memory: it is a problem at its
    line; a chain of 800 ``+`` terms (generated code) is still analysed."""
    chain = " else ".join(f"{i} if kwargs == {i}" for i in range(1500))
    problem = nesting_problem(f"def f(kwargs):\n    a = {chain} else -1\n")
    assert isinstance(problem, Problem)
    assert problem.message == "expression nested 1505 levels deep (limit 1000); module not analysed"
    assert problem.line == 2
    terms = " + ".join(f"x{i}" for i in range(800))
    assert nesting_problem(f"def f():\n    return {terms}\n") is True


def test_the_first_half_imports_no_libcst(tmp_path: Path) -> None:
    """So that a process without libcst can do it while another imports it."""
    import subprocess

    module = tmp_path / "notes.py"
    module.write_text(TOOL, encoding="utf-8")
    code = textwrap.dedent(
        f"""
        import sys
        from doxtool.python.prepare import prepare
        prepared = prepare(open({str(module)!r}).read(), "tools/notes.py", ("helpers",))
        assert prepared is not None and prepared.text is not None
        assert [s.name for s in prepared.summaries] == ["_unused", "_label", "Notes.execute"]
        print("libcst" in sys.modules)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert result.stdout.strip() == "False"


def test_every_module_of_the_repository_keeps_its_facts() -> None:
    paths = sorted((REPO / "tools").glob("*.py")) + sorted((REPO / "doxtool").rglob("*.py"))
    pruned = 0
    for path in paths:
        source = path.read_text(encoding="utf-8")
        prepared = prepare(source, path.relative_to(REPO).as_posix(), ROOTS)
        pruned += prepared is not None and prepared.text is not None
        _same(source, path.relative_to(REPO).as_posix())
    assert pruned >= 20  # the comparison covered modules placed on the pruned text


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason="the Agent Zero corpus is not available")
def test_every_module_of_the_real_corpus_keeps_its_facts() -> None:
    paths = sorted(CORPUS.rglob("*.py"))
    for path in paths:
        _same(path.read_text(encoding="utf-8"), path.relative_to(CORPUS).as_posix())
    assert len(paths) > 400


def test_a_side_parser_imports_only_the_second_half(tmp_path: Path) -> None:
    """It finishes what this process prepared; the first half's modules (the
    outline, the summaries, pruning) would only delay its first answer."""
    import subprocess

    code = textwrap.dedent(
        """
        import sys
        from doxtool.run.pool import prepare_facts, side_parser
        side_parser()
        first = {
            "doxtool.python.prepare",
            "doxtool.python.outline",
            "doxtool.python.prune",
            "doxtool.python.summaries",
        }
        print(sorted(first & set(sys.modules)), "doxtool.python.extract" in sys.modules)
        prepare_facts()
        print(sorted(first & set(sys.modules)))
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO
    )
    assert result.stdout.splitlines() == [
        "[] True",
        "['doxtool.python.outline', 'doxtool.python.prepare', 'doxtool.python.prune',"
        " 'doxtool.python.summaries']",
    ]


def test_the_first_half_done_apart_parses_the_module_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tree that places statements is the second half's to make when it
    runs elsewhere: a long module's pruned text is not parsed here too."""
    monkeypatch.setattr(prepare_module, "PIECE_CHARS", 0)  # every module counts as long
    parsed = _noted_parses(monkeypatch, prepare_module)
    prepared = prepare(TOOL, "tools/notes.py", ROOTS)
    assert prepared is not None and prepared.text is not None
    assert parsed == [TOOL]
    _same(TOOL)


def test_extraction_leaves_no_cycle_holding_a_tree() -> None:
    """A run extracts with the collector off: a walker in a reference cycle
    would keep its function's whole tree alive until the run ends (a helper
    deleting its own temporary file once made every such walk a cycle)."""
    import gc

    source = textwrap.dedent(
        """\
        import os
        import tempfile


        def write_atomic(path: str, text: str) -> None:
            fd, tmp = tempfile.mkstemp()
            try:
                with os.fdopen(fd, "w") as handle:
                    handle.write(text)
                os.replace(tmp, path)
            finally:
                if os.path.exists(tmp):
                    os.unlink(tmp)
        """
    )
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        extract_module(source, "helpers/atomic.py", ROOTS)
        gc.collect()
        kept = {type(o).__qualname__ for o in gc.garbage if "doxtool" in type(o).__module__}
        trees = sum(isinstance(o, ast.AST) for o in gc.garbage)
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if enabled:
            gc.enable()
    assert kept == set()
    assert trees == 0
