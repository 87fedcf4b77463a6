"""Pruned function bodies change no fact.

:func:`doxtool.python.prune.prune` gives libcst a copy of a module in which the
bodies of module-level functions nothing names are ``...``. Every test here
holds the facts of a module extracted that way to the facts extracted from
the whole module, and checks what was pruned.
"""

from __future__ import annotations

import ast
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doxtool.core.serde import to_data
from doxtool.python.astparse import parse_ast
from doxtool.python.extract import extract_module
from doxtool.python.prune import prune

REPO = Path(__file__).resolve().parent.parent
ROOTS = ("tools", "helpers", "doxtool")


def _facts(source: str, path: str, pruning: bool) -> object:
    return to_data(extract_module(source, path, ROOTS, pruning=pruning))


def _stubbed(source: str) -> set[str]:
    tree = parse_ast(source)
    assert tree is not None
    pruned = prune(source, tree)
    if pruned is None:
        return set()
    return {node.name for node in pruned.stubbed}  # type: ignore[attr-defined]


def _same_facts(source: str, path: str = "tools/sample.py") -> None:
    assert _facts(source, path, True) == _facts(source, path, False)


TOOL = '''\
from helpers.tool import Tool, Response


def _unused(items):
    """Nothing names this one."""
    total = 0
    for item in items:
        total += len(item)
    return total


def _render(value):
    return _quote(value)


def _quote(value):
    return f"'{value}'"


class Sample(Tool):
    async def execute(self, text="", **kwargs):
        if not text:
            return Response(message="no text", break_loop=False)
        return Response(message=_render(text), break_loop=True)
'''


def test_only_unnamed_bodies_are_pruned_and_lines_are_kept() -> None:
    tree = parse_ast(TOOL)
    assert tree is not None
    pruned = prune(TOOL, tree)
    assert pruned is not None
    assert {node.name for node in pruned.stubbed} == {"_unused"}  # type: ignore[attr-defined]
    before, after = TOOL.split("\n"), pruned.text.split("\n")
    assert len(before) == len(after)
    changed = [n for n, (a, b) in enumerate(zip(before, after, strict=True), 1) if a != b]
    assert changed == [5, 6, 7, 8, 9]  # docstring to return: `...` then empty lines
    assert after[4] == "    ..." and after[5:9] == [""] * 4
    assert ast.parse(pruned.text).body[1].body[0].value.value is Ellipsis  # type: ignore[attr-defined]
    _same_facts(TOOL)


def test_nothing_to_prune_gives_none() -> None:
    source = "def used():\n    return 1\n\nVALUE = used()\n"
    tree = parse_ast(source)
    assert tree is not None
    assert prune(source, tree) is None


@pytest.mark.parametrize(
    ("source", "stubbed"),
    [
        # named in a string, a comment, __all__, a dispatch table; a name in
        # the header of a pruned function keeps nothing (headers are not walked)
        ('def a():\n    return 1\n\nX = "a"\n', set()),
        ("def a():\n    return 1\n# see a\n", set()),
        ('__all__ = ["a"]\n\ndef a():\n    return 1\n', set()),
        ("def a():\n    return 1\n\nTABLE = {'x': a}\n", set()),
        ("def a():\n    return 1\n\ndef b(f=a):\n    return f\n", {"a", "b"}),
        # a word that merely contains the name does not name it
        ("def a():\n    return 1\n\nab = 2\n_a = 3\na_b = 4\n", {"a"}),
        # mutual recursion that nothing enters: both pruned; entered: both kept
        ("def a():\n    return b()\n\ndef b():\n    return a()\n", {"a", "b"}),
        ("def a():\n    return b()\n\ndef b():\n    return a()\n\nX = a()\n", set()),
        # a chain: kept code names a, a names b
        ("def a():\n    return b()\n\ndef b():\n    return 1\n\nY = a\n", set()),
        # left alone: decorated, dunder, one-line, imports in the body
        ("@cache\ndef a():\n    return 1\n", set()),
        ("def __getattr__(name):\n    return name\n", set()),
        ("def a(): return 1\n", set()),
        ("def a(\n    x,\n): return x\n", set()),
        ("def a():\n    import os\n    return os\n", set()),
        ("def a():\n    from os import path\n    return path\n", set()),
        # async functions, methods (never pruned), nested functions
        ("async def a():\n    await b()\n", {"a"}),
        ("class C:\n    def m(self):\n        return 1\n", set()),
        ("def a():\n    def inner():\n        return 1\n    return inner\n", {"a"}),
    ],
)
def test_what_is_pruned(source: str, stubbed: set[str]) -> None:
    assert _stubbed(source) == stubbed
    _same_facts(source)


@pytest.mark.parametrize(
    "source",
    [
        # CRLF line endings are kept on the lines that stay
        TOOL.replace("\n", "\r\n"),
        # tabs, a form feed, non-ASCII text before the body's first column
        "def a():\n\tvalue = 'é'\n\treturn value\n\n" + TOOL,
        "\x0cdef a():\n    return 1\n\n" + TOOL,
        "def a(x: 'é' = 'ü'):\n    return x\n\n" + TOOL,
        # the first statement of the body is decorated
        "def a():\n    @wrap\n    def inner():\n        return 1\n    return inner\n\n" + TOOL,
        # a backslash ends the header: the body joins it
        "def a(): \\\n    return 1\n\n" + TOOL,
        # comments between header and body, a body with a col-0 string line
        'def a():\n    # first\n\n    text = """\nleft\n"""\n    return text\n\n' + TOOL,
        # a trailing comment block indented like the body
        "def a():\n    return 1\n    # trailing\n\n" + TOOL,
        # names defined twice
        "def a():\n    return 1\n\ndef a():\n    return 2\n\n" + TOOL,
    ],
    ids=[
        "crlf",
        "tabs",
        "formfeed",
        "non-ascii",
        "decorated",
        "backslash",
        "string",
        "trail",
        "twice",
    ],
)
def test_awkward_layouts_keep_facts(source: str) -> None:
    assert "a" in _stubbed(source) or "_unused" in _stubbed(source)
    _same_facts(source)


def test_a_long_chain_of_calls_is_followed_in_linear_work() -> None:
    """Each function calls the next; the first is called, the last three are not."""
    chain = "".join(f"def f{i}():\n    return f{i + 1}()\n\n" for i in range(1500))
    unread = "".join(f"def g{i}():\n    return g{i + 1}()\n\n" for i in range(3))
    source = "X = f0()\n" + chain + unread
    started = time.process_time()
    assert _stubbed(source) == {"g0", "g1", "g2"}
    assert time.process_time() - started < 2  # a quadratic search takes tens of seconds


@pytest.mark.parametrize(
    "source",
    [
        # more functions than the search takes on
        "".join(f"def f{i}():\n    return {i}\n\n" for i in range(2001)),
        # a one-letter name occurring a million times
        'def e():\n    return 1\n\nX = """' + "e " * 1_000_000 + '"""\n',
    ],
    ids=["functions", "occurrences"],
)
def test_a_search_too_costly_leaves_the_module_whole(source: str) -> None:
    tree = parse_ast(source)
    assert tree is not None
    started = time.process_time()
    assert prune(source, tree) is None
    assert time.process_time() - started < 2


def test_a_lone_carriage_return_turns_pruning_off() -> None:
    source = "def a():\n    return 1\r\rX = 1\n"
    tree = parse_ast(source)
    assert tree is not None
    assert prune(source, tree) is None


def test_a_pruned_source_libcst_rejects_falls_back_to_the_whole_module() -> None:
    """Pruning never turns an unparseable module into a parsed one, or the reverse."""
    source = TOOL + "\nx = (\n"
    assert _facts(source, "tools/sample.py", True) == _facts(source, "tools/sample.py", False)
    problems = _facts(source, "tools/sample.py", True)["problems"]  # type: ignore[index]
    assert problems and problems[0]["kind"] == "syntax"


def test_real_modules_keep_their_facts() -> None:
    """The reference suite and doxtool's own modules: pruned facts are the same."""
    paths = sorted(REPO.glob("tools/*.py")) + sorted(REPO.glob("helpers/*.py"))
    paths += sorted((REPO / "doxtool").rglob("*.py")) + sorted((REPO / "bench").glob("*.py"))
    pruned = 0
    for path in paths:
        source = path.read_text(encoding="utf-8")
        pruned += bool(_stubbed(source))
        _same_facts(source, path.relative_to(REPO).as_posix())
    assert pruned >= 10  # the comparison covered modules that were pruned


# -- generated modules ---------------------------------------------------------

_NAMES = ["alpha", "beta", "gamma", "delta", "eps"]


@st.composite
def _modules(draw: st.DrawFn) -> str:
    """A tool module whose functions call each other at random."""
    parts = ["from helpers.tool import Tool, Response\n"]
    for name in _NAMES:
        calls = draw(st.lists(st.sampled_from(_NAMES), max_size=2))
        body = [f"    value = {callee}(value)" for callee in calls]
        if draw(st.booleans()):
            body.insert(0, f'    """Docstring of {name}."""')
        if draw(st.booleans()):
            body.append('    text = """\nat column zero\n"""')
        header = f"def {name}(value):"
        if draw(st.booleans()):
            header = f"async def {name}(value):"
        parts.append("\n".join([header, *body, "    return value", ""]))
    called = draw(st.lists(st.sampled_from(_NAMES), max_size=2))
    lines = [f"        text = {callee}(text)" for callee in called]
    parts.append(
        "\n".join(
            [
                "class Generated(Tool):",
                '    async def execute(self, text="", **kwargs):',
                *lines,
                "        return Response(message=text, break_loop=False)",
                "",
            ]
        )
    )
    return "\n\n".join(parts)


@settings(max_examples=60, deadline=None)
@given(_modules())
def test_generated_modules_keep_their_facts(source: str) -> None:
    stubbed = _stubbed(source)
    reached = set()
    todo = [n for n in _NAMES if f" {n}(text)" in source]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            body = textwrap.dedent(source.split(f"def {name}(value):", 1)[1].split("\n\n")[0])
            todo += [n for n in _NAMES if f"{n}(value)" in body]
    assert stubbed == set(_NAMES) - reached
    _same_facts(source)
