"""Pruned function bodies change no fact.

:func:`doxtool.python.prune.prune` gives libcst a copy of a module in which the
bodies of module-level functions no call by name reaches are stubbed. Every test here
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
#: the read-only Agent Zero checkout beside the repository, when there is one
CORPUS = REPO.parent / "shared" / "corpora" / "agent-zero-2026-07"
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
    # docstring to return: one string of empty lines, so libcst builds one node
    assert changed == [5, 6, 7, 8, 9]
    assert after[4] == '    """' and after[5:8] == [""] * 3 and after[8] == '"""'
    assert pruned.parsed == len(pruned.text) - len('    """\n\n\n\n"""\n')
    stub = ast.parse(pruned.text).body[1].body  # type: ignore[attr-defined]
    assert len(stub) == 1 and stub[0].value.value == "\n\n\n\n"
    _same_facts(TOOL)


def test_nothing_to_prune_gives_none() -> None:
    source = "def used():\n    return 1\n\nVALUE = used()\n"
    tree = parse_ast(source)
    assert tree is not None
    assert prune(source, tree) is None


def test_calls_that_could_keep_no_function_are_not_looked_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The calls of module-level code and of the classes the walk reads
    only keep functions alive: without a module-level function whose body
    could be pruned, they are not read, and the result is the same."""
    from doxtool.python import prune as pruning

    source = textwrap.dedent(
        """\
        from helpers.tool import Tool


        class Notes(Tool):
            async def execute(self, **kwargs):
                return save(self.args)


        class Ledger:
            def add(self, x):
                return record(x)


        VALUE = compute()
        """
    )
    tree = parse_ast(source)
    assert tree is not None
    read: list[ast.AST] = []
    calls = pruning._calls

    def recording(node: ast.AST) -> tuple[set[str], bool]:
        read.append(node)
        return calls(node)

    monkeypatch.setattr(pruning, "_calls", recording)
    pruned = prune(source, tree, "tools.notes")
    assert pruned is not None and {type(n).__name__ for n in pruned.stubbed} == {"FunctionDef"}
    assert [n.name for n in pruned.stubbed] == ["add"]  # type: ignore[attr-defined]
    assert all(node is not tree.body[1] and node is not tree.body[3] for node in read)
    # with a function to keep or prune, they are read: ``compute`` keeps it
    source += "\n\ndef compute():\n    return 1\n"
    tree = parse_ast(source)
    assert tree is not None
    read.clear()
    assert prune(source, tree, "tools.notes") is not None
    assert tree.body[3] in read
    assert [n.name for n in prune(source, tree, "tools.notes").stubbed] == ["add"]  # type: ignore[union-attr, attr-defined]


@pytest.mark.parametrize(
    ("source", "stubbed"),
    [
        # named but never called by name: a string, a comment, __all__, a
        # dispatch table, an argument, an alias, an attribute
        ('def a():\n    return 1\n\nX = "a"\n', {"a"}),
        ("def a():\n    return 1\n# see a()\n", {"a"}),
        ('__all__ = ["a"]\n\ndef a():\n    return 1\n', {"a"}),
        ("def a():\n    return 1\n\nTABLE = {'x': a}\n", {"a"}),
        ("def a():\n    return 1\n\nX = run([a])\n", {"a"}),
        # handed to a call, which calls it (``asyncio.to_thread(a)``): kept
        ("def a():\n    return 1\n\nX = run(a)\n", set()),
        ("def a():\n    return 1\n\nX = run(x, key=a)\n", set()),
        ("def a():\n    return 1\n\nf = a\nX = f()\n", {"a"}),
        ("def a():\n    return 1\n\nX = self.a()\n", {"a"}),
        # called anywhere outside the pruned bodies: kept
        ("def a():\n    return 1\n\nX = a()\n", set()),
        ("def a():\n    return 1\n\nX = (a)()\n", set()),
        ('def a():\n    return 1\n\nX = f"{a()}"\n', set()),
        ("def a():\n    return 1\n\nX = lambda: a()\n", set()),
        ("def a():\n    return 1\n\nclass C:\n    X = a()\n", set()),
        (
            "def a():\n    return 1\n\nclass C:\n    @wrap(a())\n    def m(self):\n        return 1\n",
            set(),
        ),
        ("def a():\n    return 1\n\nclass C:\n    def m(self, x=a()):\n        return x\n", set()),
        (
            "def a():\n    return 1\n\nclass C:\n    def m(self):\n        def inner():\n            return a()\n        return inner\n",
            set(),
        ),
        # a local name shadows it there: kept all the same
        ("def a():\n    return 1\n\nclass C:\n    def m(self, a):\n        return a()\n", set()),
        # a call in the header of a pruned function keeps nothing (headers are not walked)
        ("def a():\n    return 1\n\ndef b(f=a()):\n    return f\n", {"a", "b"}),
        ("def a():\n    return 1\n\n@wrap(a())\ndef b():\n    return 1\n", {"a", "b"}),
        # a word that merely contains the name does not name it
        ("def a():\n    return 1\n\nab()\n_a()\na_b()\n", {"a"}),
        # recursion and mutual recursion that nothing enters: pruned; entered: kept
        ("def a():\n    return a()\n", {"a"}),
        ("def a():\n    return a()\n\nX = a()\n", set()),
        ("def a():\n    return b()\n\ndef b():\n    return a()\n", {"a", "b"}),
        ("def a():\n    return b()\n\ndef b():\n    return a()\n\nX = a()\n", set()),
        # a chain: kept code calls a, a calls b; c is only named by a
        (
            "def a():\n    return b([c])\n\ndef b(x):\n    return 1\n\ndef c():\n    return 2\n\nY = a()\n",
            {"c"},
        ),
        # ... or handed by a to b, which calls it
        (
            "def a():\n    return b(c)\n\ndef b(x):\n    return 1\n\ndef c():\n    return 2\n\nY = a()\n",
            set(),
        ),
        # decorated and dunder functions are pruned like any other
        ("@cache\ndef a():\n    return 1\n", {"a"}),
        ("def __getattr__(name):\n    return name\n", {"__getattr__"}),
        # left alone: one-line bodies, imports in the body
        ("def a(): return 1\n", set()),
        ("def a(\n    x,\n): return x\n", set()),
        ("def a():\n    import os\n    return os\n", set()),
        ("def a():\n    from os import path\n    return path\n", set()),
        # a ``global`` declaration in the body: kept (it makes the name's value unknown)
        ("X = 1\n\ndef a():\n    global X\n    X = 2\n", set()),
        ("class C:\n    def m(self):\n        global X\n        X = 2\n", set()),
        # async functions, methods (never pruned), nested functions
        ("async def a():\n    await b()\n", {"a"}),
        ("async def a():\n    return 1\n\nasync def b():\n    await a()\n\nX = b()\n", set()),
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
    ("source", "stubbed"),
    [
        # thousands of functions, none called
        (
            "".join(f"def f{i}():\n    return {i}\n\n" for i in range(5000)),
            {f"f{i}" for i in range(5000)},
        ),
        # a one-letter name occurring a million times, never called
        ('def e():\n    return 1\n\nX = """' + "e " * 1_000_000 + '"""\n', {"e"}),
    ],
    ids=["functions", "occurrences"],
)
def test_the_search_stays_cheap_on_any_input(source: str, stubbed: set[str]) -> None:
    tree = parse_ast(source)
    assert tree is not None
    started = time.process_time()
    pruned = prune(source, tree)
    assert time.process_time() - started < 2
    assert pruned is not None
    assert {node.name for node in pruned.stubbed} == stubbed  # type: ignore[attr-defined]


# -- in a tool: what the walk follows ------------------------------------------

#: ``a`` reads an argument when the walk follows a call to it; ``b`` calls ``a``
_CALLED = '''\
from helpers.tool import Tool, Response


def a(args):
    """Read one argument."""
    secret = args.get("secret", "")
    if not secret:
        raise ValueError("no secret")
    return secret


def b(args):
    return a(args)


TABLE = {{"a": a}}


class Other:
    VALUE = {other_class}


class Sample(Tool):
    {decorator}
    def helper(self, value={default}):
        return value

    async def execute(self, **kwargs):
        {line}
        return Response(message=str(value), break_loop=False)
'''


@pytest.mark.parametrize(
    ("line", "extra", "stubbed"),
    [
        ("value = a(kwargs)", {}, {"b"}),
        ("value = (a)(kwargs)", {}, {"b"}),
        ("value = b(kwargs)", {}, set()),
        ("value = TABLE['a'](kwargs)", {}, {"a", "b"}),
        ("value = run(a, kwargs)", {}, {"b"}),
        ("f = a; value = f(kwargs)", {}, {"a", "b"}),
        ("value = self.a(kwargs)", {}, {"a", "b"}),
        ("value = await asyncio.to_thread(a, kwargs)", {}, {"b"}),
        ("value = (lambda: a(kwargs))()", {}, {"b"}),
        ("value = [a(k) for k in kwargs]", {}, {"b"}),
        ("from helpers.other import a; value = a(kwargs)", {}, {"b"}),
        ("value = 1", {"other_class": "a({})"}, {"b"}),
        ("value = 1", {"decorator": "@wrap(a({}))"}, {"b"}),
        ("value = 1", {"default": "b({})"}, set()),
        ("value = 1", {}, {"a", "b"}),
    ],
)
def test_what_the_walk_follows_is_kept(line: str, extra: dict[str, str], stubbed: set[str]) -> None:
    fields = {"other_class": "None", "decorator": "", "default": "None", **extra}
    source = _CALLED.format(line=line, **fields)
    assert _stubbed(source) == stubbed
    _same_facts(source)


def test_a_call_in_a_nested_function_keeps_the_body() -> None:
    source = _CALLED.format(
        line="def inner():\n            return a(kwargs)\n        value = inner()",
        other_class="None",
        decorator="",
        default="None",
    )
    assert _stubbed(source) == {"b"}
    _same_facts(source)


# -- large modules ---------------------------------------------------------------

_LARGE_HEAD = '''\
"""One large tool."""

from helpers.tool import Response, Tool


class Big(Tool):
    async def execute(self, **kwargs) -> Response:
        step = str(self.args.get("step", ""))
        if step not in STEPS:
            return Response(message="unknown step", break_loop=False)
        return Response(message=fold(self.args), break_loop=False)


def fold(args: dict) -> str:
    return ",".join(sorted(str(key) for key in args if args.get("verbose")))

'''

_STEP = '''
def step_{i}(args: dict) -> str:
    """Step {i}: fold the values."""
    total = 0
    for key, value in sorted(args.items()):
        if isinstance(value, int) and value > {i} % 7:
            total += value * {i}
    return f"{{total}}:{i}"
'''


def _large(functions: int) -> str:
    steps = "".join(_STEP.format(i=i) for i in range(functions))
    table = "".join(f'    "{i}": step_{i},\n' for i in range(functions))
    return _LARGE_HEAD + steps + "\n\nSTEPS = {\n" + table + "}\n"


def test_a_large_module_is_analysed_as_a_small_one_is(tmp_path: Path) -> None:
    """600 KB of functions nothing calls: the tool's facts are those of the same
    tool with three of them, parsed whole."""
    from doxtool.python.cstparse import MAX_PARSED_CHARS

    large, small = tmp_path / "large.py", tmp_path / "small.py"
    large.write_text(_large(2600), encoding="utf-8")
    small.write_text(_large(3), encoding="utf-8")
    large_source = large.read_text(encoding="utf-8")
    assert 600 * 1024 < len(large_source) < 1024 * 1024
    assert len(large_source) > MAX_PARSED_CHARS  # parsed whole, it would be refused
    big = extract_module(large_source, "tools/big.py", ROOTS)
    whole = extract_module(small.read_text(encoding="utf-8"), "tools/big.py", ROOTS, pruning=False)
    assert big.problems == [] and whole.problems == []
    # ``step not in STEPS``: the values accepted are the table's keys, as many
    # as there are steps; every other fact is the same
    assert big.candidates[0].arguments[0].enum == [str(i) for i in range(2600)]
    assert whole.candidates[0].arguments[0].enum == ["0", "1", "2"]
    for facts in (big, whole):
        facts.candidates[0].arguments[0].enum = None
    assert to_data(big.candidates) == to_data(whole.candidates)
    assert big.candidates[0].arguments[0].name == "step"
    assert "verbose" in {a.name for a in big.candidates[0].arguments}
    assert len(big.functions) == 2601
    assert to_data(big.functions[:4]) == to_data(whole.functions)
    assert to_data(big.summaries[:5]) == to_data(whole.summaries)
    assert big.constants == whole.constants == ["STEPS"]


def test_a_large_module_is_checked_through_the_cli(make_repo, monkeypatch) -> None:
    from click.testing import CliRunner

    from doxtool.cli import cli

    root = make_repo({"tools/big.py": _large(2600)})
    monkeypatch.chdir(root)
    result = CliRunner().invoke(cli, ["check", "--jobs", "1"])
    # true findings: the tool has no companion and no prompt; nothing else
    codes = sorted({line.split(" ")[1] for line in result.stdout.splitlines() if ": " in line})
    assert codes == ["DOX001", "PRM001"], result.stdout
    assert result.exit_code == 1


def test_a_module_whose_called_code_is_over_the_bound_is_refused() -> None:
    """Every function is called: what libcst would parse is the whole module."""
    from doxtool.python.cstparse import MAX_PARSED_CHARS

    functions = 1000
    calls = "".join(f"        step_{i}(self.args)\n" for i in range(functions))
    source = _large(functions).replace(
        "        return Response(message=fold", calls + "        return Response(message=fold"
    )
    assert len(source) > MAX_PARSED_CHARS
    facts = extract_module(source, "tools/big.py", ROOTS)
    (problem,) = facts.problems
    assert problem.kind == "limit" and (problem.line, problem.column) == (1, 1)
    assert problem.message == (
        f"module not analysed: its {len(source)} characters would be parsed,"
        f" over the {MAX_PARSED_CHARS}-character limit of one syntax tree"
    )
    assert facts.candidates == [] and facts.outline is None


def test_a_module_whose_kept_part_is_over_the_bound_says_so() -> None:
    """Some bodies are stubbed, what is left is still too large."""
    from doxtool.python.cstparse import MAX_PARSED_CHARS

    functions = 1500
    calls = "".join(f"        step_{i}(self.args)\n" for i in range(functions))
    source = _large(functions + 200).replace(
        "        return Response(message=fold", calls + "        return Response(message=fold"
    )
    tree = parse_ast(source)
    assert tree is not None
    pruned = prune(source, tree)
    assert pruned is not None and MAX_PARSED_CHARS < pruned.parsed < len(pruned.text)
    (problem,) = extract_module(source, "tools/big.py", ROOTS).problems
    assert problem.message == (
        f"module not analysed: {pruned.parsed} characters of it would be parsed (all but"
        " the bodies of the functions nothing calls and of the methods of classes that"
        " cannot be tools), over the"
        f" {MAX_PARSED_CHARS}-character limit of one syntax tree"
    )


def test_a_large_module_with_a_syntax_error_gets_the_error() -> None:
    source = _large(3000) + "\nx = (\n"
    (problem,) = extract_module(source, "tools/big.py", ROOTS).problems
    assert problem.kind == "syntax" and problem.message.startswith("syntax error: ")
    assert problem.line == source.count("\n")


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


def test_long_modules_keep_their_facts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long module (here: any) is parsed by ``ast`` in pieces, its facts are
    copied anew and its statements placed on the tree of the pruned text."""
    from doxtool.python import astparse, prepare

    monkeypatch.setattr(prepare, "PIECE_CHARS", 0)
    monkeypatch.setattr(astparse, "PIECE_CHARS", 256)
    paths = sorted(REPO.glob("tools/*.py")) + sorted((REPO / "doxtool" / "python").glob("*.py"))
    pruned = 0
    for path in paths:
        source = path.read_text(encoding="utf-8")
        pruned += bool(_stubbed(source))
        _same_facts(source, path.relative_to(REPO).as_posix())
    assert pruned >= 10


@pytest.mark.slow
@pytest.mark.skipif(not CORPUS.is_dir(), reason="the Agent Zero corpus is not available")
def test_every_module_of_the_real_corpus_and_the_tests_keeps_its_facts() -> None:
    """Every module of a real Agent Zero checkout and of doxtool's tests."""
    paths = [(CORPUS, p) for p in sorted(CORPUS.rglob("*.py"))]
    paths += [(REPO, p) for p in sorted((REPO / "tests").glob("*.py"))]
    pruned = 0
    for root, path in paths:
        source = path.read_text(encoding="utf-8")
        pruned += parse_ast(source) is not None and bool(_stubbed(source))
        _same_facts(source, path.relative_to(root).as_posix())
    assert len(paths) > 400 and pruned > 200


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


@pytest.mark.parametrize(
    ("line", "reads"),
    [
        ("value = a(kwargs)", True),
        ("value = b(kwargs)", True),
        ("value = TABLE['a'](kwargs)", False),
    ],
)
def test_a_followed_call_reads_what_the_body_reads(line: str, reads: bool) -> None:
    """The cases above compare facts that depend on the bodies kept."""
    source = _CALLED.format(line=line, other_class="None", decorator="", default="None")
    (tool,) = extract_module(source, "tools/sample.py", ROOTS).candidates
    assert ("secret" in {a.name for a in tool.arguments}) is reads


# -- methods of classes that cannot be tools ----------------------------------

CLASSES = """\
from dataclasses import dataclass

from helpers.tool import Tool, Response


@dataclass
class Options:
    width: int = 72

    def describe(self) -> str:
        parts = [str(self.width)]
        return " ".join(_fold(parts))


def _fold(parts):
    return [part.strip() for part in parts]


class Mixin:
    def shout(self, text):
        return text.upper()


class Base(Mixin):
    async def execute(self, **kwargs):
        return Response(message=self.shout("x"), break_loop=False)


class Child(Base):
    def extra(self):
        return 1


class Plain:
    @staticmethod
    def helper(value: int = 3) -> int:
        total = value
        return total * 2


class Wrapped(Tool):
    def prepare(self):
        return Plain.helper()
"""


def _stubbed_in(source: str, module: str | None) -> set[str]:
    tree = parse_ast(source)
    assert tree is not None
    pruned = prune(source, tree, module)
    if pruned is None:
        return set()
    return {node.name for node in pruned.stubbed}  # type: ignore[attr-defined]


def test_the_methods_of_classes_that_cannot_be_tools_are_stubbed() -> None:
    # Options and Plain have no execute and no base from elsewhere, and no such
    # class derives from them; Mixin is a base of Base (which has execute);
    # Wrapped derives from an imported class (which may be the tool base)
    assert _stubbed_in(CLASSES, "tools.sample") == {"describe", "helper", "_fold"}
    # _fold is called only from a stubbed method: nothing the walk reads calls it
    assert _stubbed_in(CLASSES, None) == set()  # without the module's name: functions only
    _same_facts(CLASSES)


@pytest.mark.parametrize(
    "importing",
    [
        "from tools.sample import Options as Imported\n",
        "from tools import sample\n",
        "import tools.sample as sample\n",
        "import tools\n",
        "from . import sample\n",
        "from .sample import Options as Imported\n",
        "try:\n    from tools.sample import Options as Imported\nexcept ImportError:\n    pass\n",
    ],
)
def test_a_base_that_may_lead_back_to_the_module_keeps_every_method(importing: str) -> None:
    base = "Imported" if "Imported" in importing else "sample.Options"
    if importing.startswith("import tools\n"):
        base = "tools.sample.Options"
    source = (
        importing
        + "from helpers.tool import Tool, Response\n\n\n"
        + "class Options:\n    def describe(self):\n        return self.helper()\n\n"
        + "    def helper(self):\n        return 1\n\n\n"
        + f"class Sample({base}):\n"
        + "    async def execute(self, **kwargs):\n"
        + "        return Response(message=self.describe(), break_loop=False)\n"
    )
    assert _stubbed_in(source, "tools.sample") == set()
    _same_facts(source, "tools/sample.py")
    # the same module under another name: the import leads elsewhere
    if (
        not importing.startswith(("from .", "import tools\n"))
        and "from tools import" not in importing
    ):
        assert _stubbed_in(source, "tools.other") == {"describe", "helper"}


def test_a_class_name_defined_twice_keeps_every_method() -> None:
    source = (
        "class A:\n    def run(self):\n        return 1\n\n\n"
        "class A:\n    def run(self):\n        return 2\n"
    )
    assert _stubbed_in(source, "tools.sample") == set()
    single = "class A:\n    def run(self):\n        return 1\n"
    assert _stubbed_in(single, "tools.sample") == {"run"}


def test_methods_with_imports_or_one_line_bodies_are_kept() -> None:
    source = (
        "class A:\n"
        "    def loads(self):\n        import json\n        return json\n\n"
        "    def short(self): return 1\n\n"
        "    def long(self):\n        value = 1\n        return value\n"
    )
    assert _stubbed_in(source, "tools.sample") == {"long"}
    _same_facts(source)


def test_calls_in_a_stubbed_methods_header_still_keep_functions() -> None:
    source = (
        "def default():\n    return 3\n\n\n"
        "def decorate(name):\n    return lambda fn: fn\n\n\n"
        "class A:\n"
        "    @decorate('run')\n"
        "    def run(self, value=default()):\n        return value\n"
    )
    assert _stubbed_in(source, "tools.sample") == {"run"}
    _same_facts(source)


@pytest.mark.parametrize(
    "source",
    [
        # a bare name of a class defined further down is the imported one
        "from tools.base import Base\n\n\n"
        "class A(Base):\n    def helper(self):\n        return self.args['path']\n\n\n"
        "class Base:\n    pass\n",
        # ``class Tool(Tool)``: the base is the imported class, not itself
        "from tools.base import Tool\n\n\n"
        "class Tool(Tool):\n    def helper(self):\n        return self.args['path']\n",
        # a dotted base written from the package down, bound or not
        "class Base:\n    def helper(self):\n        return self.args['path']\n\n\n"
        "class A(tools.x.Base):\n    def execute(self):\n        return self.helper()\n",
        "import tools.other\n\n\n"
        "class Base:\n    def helper(self):\n        return self.args['path']\n\n\n"
        "class A(tools.x.Base):\n    def execute(self):\n        return self.helper()\n",
    ],
)
def test_bases_resolved_as_the_outline_resolves_them(source: str) -> None:
    tree = parse_ast(source)
    assert tree is not None
    pruned = prune(source, tree, "tools.x")
    assert pruned is None or "helper" not in {
        node.name  # type: ignore[attr-defined]
        for node in pruned.stubbed
    }
    _same_facts(source, "tools/x.py")
