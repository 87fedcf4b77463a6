"""Extraction is static and total: it never runs the analysed code, never raises.

Broken input of every kind yields a ``problems`` entry with a line and a
column, or full facts where the file is valid. Files are real files in a
temporary repository, read through :class:`doxtool.run.project.Project` (which
decodes them, see :mod:`doxtool.core.source`) or through the installed ``doxtool``
command.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from doxtool.core.config import Config
from doxtool.core.facts import ModuleFacts
from doxtool.python.extract import extract_module
from doxtool.python.formfeeds import feeds_reset
from doxtool.run.project import Project

DOXTOOL = Path(sys.executable).parent / "doxtool"

TOOL_PY = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool


class Tool:
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

VALID_TOOL = """\
from helpers.tool import Response, Tool


class Echo(Tool):
    async def execute(self, **kwargs):
        text = self.args["text"]
        return Response(message=text, break_loop=True)
"""


def write_repo(root: Path, files: dict[str, str | bytes]) -> Project:
    for rel, content in {"helpers/__init__.py": "", "helpers/tool.py": TOOL_PY, **files}.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return Project(root, Config())


def facts_of(root: Path, content: str | bytes, rel: str = "tools/x.py") -> ModuleFacts:
    return write_repo(root, {rel: content}).module_facts(rel)


def problems(facts: ModuleFacts) -> list[tuple[int, int, str]]:
    return [(p.line, p.column, p.kind) for p in facts.problems]


def run_doxtool(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(DOXTOOL), *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )


# ---------------------------------------------------------------------------
# static only


HOSTILE_TOOL = """\
import pathlib
import sys

pathlib.Path({marker!r}).write_text("module body ran")
sys.modules.setdefault("hostile_marker", None)

from helpers.tool import Response, Tool


class Hostile(Tool):
    pathlib.Path({marker!r}).write_text("class body ran")

    async def execute(self, **kwargs):
        pathlib.Path({marker!r}).write_text("execute ran")
        return Response(self.args.get("x", ""), False)


if __name__ == "__main__":
    pathlib.Path({marker!r}).write_text("main ran")
"""


def test_extraction_never_imports_or_executes_the_module(tmp_path: Path) -> None:
    marker = tmp_path / "executed.txt"
    source = HOSTILE_TOOL.format(marker=str(marker))
    project = write_repo(tmp_path, {"tools/hostile.py": source, "tools/__init__.py": ""})

    facts = project.module_facts("tools/hostile.py")
    result = run_doxtool(tmp_path, "inspect", "tools/hostile.py", "--json")

    assert [t.class_name for t in facts.tools] == ["Hostile"]
    assert [a.name for a in facts.tools[0].arguments] == ["x"]
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)[0]["tools"][0]["class"] == "Hostile"
    assert not marker.exists()
    assert "tools.hostile" not in sys.modules
    assert "hostile_marker" not in sys.modules


# ---------------------------------------------------------------------------
# broken files


def test_syntax_error_is_a_problem_at_its_line_and_column(tmp_path: Path) -> None:
    source = (
        "from helpers.tool import Tool\n"
        "\n"
        "class X(Tool):\n"
        "    async def execute(self, **kwargs)\n"
        "        return None\n"
    )
    facts = facts_of(tmp_path, source)

    assert facts.tools == []
    assert [(p.line, p.column, p.kind, p.message) for p in facts.problems] == [
        (4, 38, "syntax", "syntax error: expected ':'")
    ]


def test_unclosed_bracket_is_reported_where_it_opens(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, "x = compute(1,\ny = 2\nz = 3\n")

    assert [(p.line, p.column, p.message) for p in facts.problems] == [
        (1, 12, "syntax error: '(' was never closed")
    ]


@pytest.mark.parametrize(
    ("source", "place", "message"),
    [
        (
            "import os\nfrom __future__ import annotations\n",
            (2, 1),
            "from __future__ imports must occur at the beginning of the file",
        ),
        ("from __future__ import braces_please\n", (1, 1), "future feature"),
        ("x = 1\nreturn x\n", (2, 1), "'return' outside function"),
        # (a function no call by name reaches is never analysed, nor compiled)
        ("def f():\n    await g()\n\n\nf()\n", (2, 5), "'await' outside async function"),
        ("def f(a, a):\n    pass\n", (1, 10), "duplicate argument 'a'"),
    ],
)
def test_code_the_compiler_refuses_is_a_syntax_problem(
    tmp_path: Path, source: str, place: tuple[int, int], message: str
) -> None:
    facts = facts_of(tmp_path, source + VALID_TOOL)

    assert facts.tools == []
    ((line, column, kind, said),) = [(p.line, p.column, p.kind, p.message) for p in facts.problems]
    assert (line, column, kind) == (*place, "syntax")
    assert said.startswith("syntax error: ") and message in said


def test_a_module_the_compiler_refuses_is_reported_by_check(tmp_path: Path) -> None:
    source = "import os\nfrom __future__ import annotations\n" + VALID_TOOL
    write_repo(tmp_path, {"tools/echo.py": source})
    (tmp_path / "pyproject.toml").write_text("")
    result = run_doxtool(tmp_path, "check", "--no-cache", "--select", "DOX003")

    assert "tools/echo.py:2:1: DOX003 syntax error: from __future__ imports" in result.stdout


def test_undecodable_bytes_are_a_problem_at_their_position(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, b"x = 1\ny = '\xff\xfe'\n")

    assert facts.tools == []
    assert problems(facts) == [(2, 6, "decode")]
    assert "0xff" in facts.problems[0].message


def test_nul_byte_is_a_problem_at_its_position(tmp_path: Path) -> None:
    facts = facts_of(tmp_path, b"x = 1\nclass A:\n    y = 2\x00\n")

    assert problems(facts) == [(3, 10, "decode")]
    assert "NUL" in facts.problems[0].message


def test_nul_byte_handed_straight_to_the_extractor(tmp_path: Path) -> None:
    facts = extract_module("x = 1\ny = 2\x00\n", "tools/x.py")

    assert problems(facts) == [(2, 6, "syntax")]


def test_bom_and_crlf_give_full_facts_with_right_lines(tmp_path: Path) -> None:
    content = b"\xef\xbb\xbf" + VALID_TOOL.replace("\n", "\r\n").encode()
    facts = facts_of(tmp_path, content)

    assert facts.problems == []
    (tool,) = facts.tools
    assert (tool.class_name, tool.line) == ("Echo", 4)
    assert tool.execute is not None and tool.execute.line == 5
    assert [
        (a.name, a.required, [(r.line, r.column) for r in a.reads]) for a in tool.arguments
    ] == [("text", True, [(6, 16)])]
    assert [(o.break_loop, o.line) for o in tool.outcomes] == [(True, 7)]


def test_form_feeds_in_indentation_are_read_as_cpython_reads_them(tmp_path: Path) -> None:
    # CPython starts the column count again at a form feed in a line's
    # indentation; one opening a line of a triple-quoted string is text
    content = (
        "from helpers.tool import Response, Tool\n"
        "\f\n"
        "\fclass Paged(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '\f        text = self.args.get("text", """a\n'
        '\f    b""")\n'
        "  \f        if text:\n"
        "\f            return Response(message=text, break_loop=True)\n"
        "        return Response(message=text, break_loop=False)\n"
    )
    facts = facts_of(tmp_path, content)

    assert facts.problems == []
    (tool,) = facts.tools
    assert (tool.class_name, tool.line) == ("Paged", 3)
    assert [(a.name, a.default, [(r.line, r.column) for r in a.reads]) for a in tool.arguments] == [
        ("text", "a\n\f    b", [(5, 17)])
    ]
    assert [(o.break_loop, o.line) for o in tool.outcomes] == [(True, 8), (False, 9)]


@pytest.mark.parametrize(
    "text",
    ['f"""a\n\f    {x} b"""', 'f"""a\n\f    {x!r:>{x}}"""', '"""a\n\f    b"""'],
)
def test_form_feeds_opening_a_line_of_text_are_kept(text: str) -> None:
    # Python 3.12 tokenizes an f-string in parts: ``{`` starts a token after
    # the form feed, but the line opens inside the string's text
    source = f"def f(x):\n\f    return {text}\n"
    assert feeds_reset(source) == f"def f(x):\n    return {text}\n"


def test_python_312_syntax_under_the_running_interpreter(tmp_path: Path) -> None:
    source = textwrap.dedent(
        """\
        from helpers.tool import Response, Tool

        type Mode = str


        def first[T](items: list[T]) -> T:
            return items[0]


        class Generic[T](Tool):
            async def execute(self, **kwargs):
                mode = self.args.get("mode", "a")
                if mode in ("b", "c"):
                    return Response(f"{self.args["text"]}", False)
                return Response(first([mode]), True)
        """
    )
    facts = facts_of(tmp_path, source)

    assert facts.problems == []
    (tool,) = facts.tools
    assert (tool.class_name, tool.line, tool.bases) == ("Generic", 10, ["helpers.tool.Tool"])
    assert [(a.name, a.enum, [r.line for r in a.reads]) for a in tool.arguments] == [
        # the default "a" falls through to the last Response: no closed list
        ("mode", None, [12]),
        ("text", None, [14]),
    ]
    assert [(o.break_loop, o.line) for o in tool.outcomes] == [(False, 14), (True, 15)]
    assert [f.name for f in facts.functions] == ["first"]


@pytest.mark.parametrize(
    ("name", "expression"),
    [
        ("parentheses", "(" * 3000 + "1" + ")" * 3000),
        ("lists", "[" * 3000 + "]" * 3000),
        ("calls", "f" + "(1)" * 5000),
        ("subscripts", "a" + "[0]" * 5000),
        ("attributes", "a" + ".b" * 5000),
        ("unary minus", "-" * 5000 + "1"),
        ("additions", "1 + " * 5000 + "1"),
        ("nots", "not " * 5000 + "True"),
        ("lambdas", "lambda: " * 3000 + "1"),
        ("conditionals", "1 if y else " * 3000 + "1"),
        ("attributes over lines", "(a\n" + "    .b\n" * 5000 + ")"),
        ("attributes over continuations", "a \\\n" + "    .b \\\n" * 5000 + "    .c"),
    ],
)
def test_expression_nested_thousands_deep_is_a_problem(
    tmp_path: Path, name: str, expression: str
) -> None:
    source = f"import os\n\n\ndef f():\n    x = {expression}\n"
    started = time.perf_counter()
    facts = facts_of(tmp_path, source)

    assert time.perf_counter() - started < 5
    assert [(p.line, p.kind) for p in facts.problems] == [(5, "limit")], name
    assert facts.problems[0].column >= 1
    assert facts.tools == []


def test_deep_nesting_through_the_cli_never_crashes(tmp_path: Path) -> None:
    files: dict[str, str | bytes] = {
        "tools/calls.py": "x = f" + "(1)" * 20000 + "\n",
        "tools/additions.py": "x = " + "1 + " * 20000 + "1\n",
        "tools/brackets.py": "x = " + "[" * 20000 + "]" * 20000 + "\n",
        "tools/echo.py": VALID_TOOL,
    }
    write_repo(tmp_path, files)

    result = run_doxtool(tmp_path, "inspect", "tools", "--json")

    assert result.returncode == 0, result.stderr
    data = {module["path"]: module for module in json.loads(result.stdout)}
    deep = ["tools/additions.py", "tools/brackets.py", "tools/calls.py"]
    assert sorted(data) == [*deep, "tools/echo.py"]
    for path in deep:
        assert [(p["line"], p["column"]) for p in data[path]["problems"]] == [(1, 1)]
        assert data[path]["tools"] == []
    assert data["tools/echo.py"]["problems"] == []
    assert [t["class"] for t in data["tools/echo.py"]["tools"]] == ["Echo"]


def test_long_but_shallow_code_is_analysed(tmp_path: Path) -> None:
    prompt = "".join(f'    "line {n} of a long prompt\\n"\n' for n in range(1500))
    table = "".join(f'    "key{n}": [-{n}, {n}.5, "v{n}"],\n' for n in range(1500))
    source = (
        "from helpers.tool import Response, Tool\n\n"
        f"PROMPT = (\n{prompt})\n\n"
        f"TABLE = {{\n{table}}}\n\n"
        "class Long(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(PROMPT + self.args["topic"], False)\n'
    )
    facts = facts_of(tmp_path, source)

    assert facts.problems == []
    (tool,) = facts.tools
    assert [(a.name, [r.line for r in a.reads]) for a in tool.arguments] == [("topic", [3011])]
    assert facts.constants == ["PROMPT", "TABLE"]


@pytest.mark.parametrize(
    "source",
    [
        "",
        "# only a comment",
        "\n\n\n",
        "x = '''never closed\n",
        "def f():\nreturn 1\n",
        "if True:\n\tx = 1\n        y = 2\n",
        "\\",
        "\x0c\x0cx = 1\r",
        "class A(metaclass=Meta, **extra): pass\n",
        "x = 1" + " " * 100_000 + "\n",
        "@" * 10 + "\n",
        "λ = 1\nπ = λ\n",
        "from . import *\nfrom .. import x\n",
        "'\\N{BOGUS NAME}'\n",
        "x = '\udc80'\n",
    ],
)
def test_odd_input_never_raises(source: str) -> None:
    facts = extract_module(source, "tools/odd.py", ("helpers",))

    assert isinstance(facts, ModuleFacts)
    assert facts.tools == []
    for problem in facts.problems:
        assert problem.line >= 1 and problem.column >= 1
        assert "\n" not in problem.message
