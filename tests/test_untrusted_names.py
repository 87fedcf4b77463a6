"""Untrusted names and text: nothing a user or an analysed module supplies can
inject code into a scaffolded module or break a companion's structure.

Two sources of crafted text: values given to ``scaffold`` (tool, class and
argument names, descriptions) and names inside analysed code (class names in
any script, argument keys holding backticks, line breaks, ``-->``, bidi
controls, lone surrogates, enumerated values and ``break_loop`` expressions
spanning lines), which ``--fix`` renders into fact lines.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doxtool.cli import cli
from doxtool.companions.factlines import SECTIONS, code, display_name, spans
from doxtool.companions.filters import (
    markdown_code,
    markdown_inline,
    markdown_title,
    prompt_text,
    py_docstring,
)
from doxtool.companions.parsing import parse_companion
from doxtool.prompts.parse import parse_prompt
from doxtool.rules.examples import FRAMEWORK, WAIT_DOX, WAIT_PY

pytestmark = pytest.mark.timeout(180)

CRAFTED_TEXT = [
    '"""; import os; os.system("echo pwned") #',
    '\\""" + __import__(\'os\').system(\'id\') + """\\',
    "line one\n## Purpose\n<!-- hidden\n```python",
    "-->\n# Title\n- Classes:\n  - `x`",
    "\u202eevil\u2066 right-to-left \u05e9\u05dc\u05d5\u05dd",
    "ends with a backslash \\",
    "{{ 7 * 7 }} {% raw %} {# c #}",
    "\x1b[31mred\x1b[0m and a bell \x07",
    "tab\there\r\nand\u2028separator\u0085next",
    "`code` ``two`` ```three```",
]


def _run(root: Path, monkeypatch: pytest.MonkeyPatch, *args: str) -> Result:
    monkeypatch.chdir(root)
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".doxtool_cache" not in p.parts
    }


def _assert_companion_structure(text: str) -> None:
    """The seven sections, each once, in order, under one title."""
    companion = parse_companion(text)
    assert [s.title for s in companion.sections] == list(SECTIONS), [
        s.title for s in companion.sections
    ]
    assert sum(1 for line in text.splitlines() if line.startswith("# ")) == 1
    assert not companion.duplicates


# --- scaffold: user-supplied values ------------------------------------------


@pytest.mark.parametrize("description", CRAFTED_TEXT)
def test_scaffold_description_cannot_inject(
    make_repo, monkeypatch: pytest.MonkeyPatch, description: str
) -> None:
    root = make_repo({})
    result = _run(
        root, monkeypatch, "scaffold", "web_fetch", "--arg", "url", "--description", description
    )
    if "{{" in description:  # Agent Zero would fill it in the prompt: refused
        assert result.exit_code == 2, result.output
        assert not (root / "tools").exists()
        return
    assert result.exit_code == 0, result.output

    module = (root / "tools/web_fetch.py").read_text()
    tree = ast.parse(module)
    # exactly: docstring, two imports, the class; no statement smuggled in
    kinds = [type(node).__name__ for node in tree.body]
    assert kinds == ["Expr", "ImportFrom", "ImportFrom", "ClassDef"], kinds
    cls = tree.body[3]
    assert isinstance(cls, ast.ClassDef)
    assert [type(node).__name__ for node in cls.body] == ["Expr", "AsyncFunctionDef"]
    squashed = " ".join(description.split())
    assert ast.get_docstring(tree, clean=False) == squashed
    assert ast.get_docstring(cls, clean=False) == squashed
    calls = {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }
    assert calls <= {"str", "Response"}, calls
    ast.parse((root / "tests/tools/test_web_fetch.py").read_text())

    prompt = (root / "prompts/agent.system.tool.web_fetch.md").read_text()
    doc = parse_prompt(prompt, "prompts/agent.system.tool.web_fetch.md")
    assert doc.tool_names == ["web_fetch"]
    assert [a.name for a in doc.arguments if a.source == "args-line"] == ["url"]
    assert [e.error for e in doc.examples] == [None]
    # as written (a model reads it), only invisible and control characters escaped
    assert prompt.splitlines()[1] == prompt_text(description)

    _assert_companion_structure((root / "tools/web_fetch.py.dox.md").read_text())
    check = _run(root, monkeypatch, "check")
    assert check.exit_code == 0, check.output


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("name", "web_fetch; import os"),
        ("name", "../escape"),
        ("name", "Class"),
        ("name", "import"),
        ("name", "we\u202eb"),
        ("--class-name", "X(Tool):\n    pass\nclass Y"),
        ("--class-name", "class"),
        ("--arg", 'a", os.system("id"), "b'),
        ("--arg", "a-b"),
        ("--dir", "../../elsewhere"),
        ("--dir", "my-tools"),
        ("--dir", "tools;os"),
    ],
)
def test_scaffold_rejects_crafted_names_and_writes_nothing(
    make_repo, monkeypatch: pytest.MonkeyPatch, option: str, value: str
) -> None:
    root = make_repo({})
    if option == "--dir":
        (root / value).mkdir(parents=True, exist_ok=True) if ".." not in value else None
    before = _tree(root)
    args = [value] if option == "name" else ["web_fetch", option, value]
    result = _run(root, monkeypatch, "scaffold", *args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    assert len(result.stderr.strip().splitlines()) == 1
    assert _tree(root) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=60))
def test_escaping_filters_keep_text_in_its_context(text: str) -> None:
    # Python: the docstring parses as exactly one string, the squashed text
    docstring = py_docstring(text)
    tree = ast.parse(f'"""{docstring}"""\n')
    assert len(tree.body) == 1
    value = ast.literal_eval(tree.body[0].value)  # type: ignore[attr-defined]
    assert value == " ".join(text.split())
    # Markdown: one line, and a code span that reads back as the display form
    for rendered in (markdown_inline(text), markdown_title(text), markdown_code(text)):
        assert "\n" not in rendered and "\r" not in rendered
    parts = spans(markdown_code(text))
    assert len(parts) == 1 and parts[0].code
    assert parts[0].text == display_name(text)


# --- crafted names inside analysed code ---------------------------------------

CRAFTED_TOOL = """\
from helpers.tool import Response, Tool


class \u05e9\u05d0\u05dcTool(Tool):
    async def execute(self, **kwargs) -> Response:
        a = self.args.get("a`b\\n## Purpose\\n-->")
        b = self.args.get("")
        c = self.args.get("x\\u202ey")
        d = self.args.get("e\\x1b[31m", "de\\u2028fault\\n")
        e = self.args.get("\\ud800")
        f = self.args.get("<!-- ``` ~~~")
        action = self.args["action"]
        if action == "li\\nst":
            return Response(message="", break_loop=(a and
                b))
        if action == "<!--":
            return Response(message="", break_loop=False)
        return Response(message=str((b, c, d, e, f)), break_loop=True)
"""


def test_crafted_names_in_code_keep_the_companion_whole(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({"tools/crafted.py": CRAFTED_TOOL})
    first = _run(root, monkeypatch, "check", "--fix")
    assert first.exit_code in (0, 1), first.output
    assert "internal error" not in first.output
    companion_path = root / "tools/crafted.py.dox.md"
    text = companion_path.read_text(encoding="utf-8")
    _assert_companion_structure(text)

    companion = parse_companion(text)
    arguments = companion.block("arguments:\u05e9\u05d0\u05dcTool")
    assert arguments is not None
    names = {a["name"] for a in arguments.values}
    assert names == {
        display_name(n)
        for n in ("a`b\n## Purpose\n-->", "", "x\u202ey", "e\x1b[31m", "\ud800", "<!-- ``` ~~~")
    } | {"action"}
    # every argument line is one line, no raw control or bidi character anywhere
    assert not any(ch in text for ch in "\x1b\u202e\u2028\x85")
    assert '`"a`b\\n## Purpose\\n-->"`' in text or '``"a`b\\n## Purpose\\n-->"``' in text
    # ``break_loop=(a and b)`` may be any value: no line claims what it is
    assert companion.block("break-loop:\u05e9\u05d0\u05dcTool") is None

    second = _run(root, monkeypatch, "check", "--fix")
    assert companion_path.read_text(encoding="utf-8") == text, "a second --fix changes nothing"
    assert "Fixed" not in second.stderr
    check = _run(root, monkeypatch, "check", "--select", "DOX1")
    assert check.exit_code == 0, check.output


def test_rtl_class_name_is_recognised_in_the_companion(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = WAIT_PY.replace("WaitTool", "\u05d4\u05de\u05ea\u05e0\u05d4Tool")
    root = make_repo({"tools/wait.py": source})
    _run(root, monkeypatch, "check", "--fix")
    text = (root / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    _run(root, monkeypatch, "check", "--fix")
    assert (root / "tools/wait.py.dox.md").read_text(encoding="utf-8") == text
    assert _run(root, monkeypatch, "check", "--select", "DOX1").exit_code == 0


def test_unusual_but_plain_file_name_gets_a_whole_companion(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "tools/we`ird *name* <b>.py"
    root = make_repo({name: WAIT_PY})
    _run(root, monkeypatch, "check", "--fix")
    text = (root / (name + ".dox.md")).read_text(encoding="utf-8")
    _assert_companion_structure(text)
    assert text.splitlines()[0] == "# we`ird *name* <b>.py DOX"
    _run(root, monkeypatch, "check", "--fix")
    assert (root / (name + ".dox.md")).read_text(encoding="utf-8") == text
    assert _run(root, monkeypatch, "check", "--select", "DOX1").exit_code == 0


def test_file_name_with_a_line_break_cannot_add_headings(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "tools/evil\n## Purpose.py"
    root = make_repo({name: WAIT_PY})
    _run(root, monkeypatch, "check", "--fix")
    _run(root, monkeypatch, "check", "--fix")
    companion = root / (name + ".dox.md")
    if companion.exists():
        _assert_companion_structure(companion.read_text(encoding="utf-8"))


def test_text_output_is_one_line_per_finding(make_repo, monkeypatch: pytest.MonkeyPatch) -> None:
    root = make_repo(
        {
            "tools/wait.py": WAIT_PY,
            "tools/wait.py.dox.md": WAIT_DOX,
            "prompts/agent.system.tools.md": "{{tools}}\n",
            "prompts/agent.system.tool.wait.md": "### wait\n~~~json\n"
            + json.dumps({"tool_name": "wait", "tool_args": {"x\n::error::forged\x1b[2J": 1}})
            + "\n~~~\n",
        }
    )
    result = _run(root, monkeypatch, "check")
    lines = result.stdout.splitlines()
    assert all(line.startswith(("prompts/", "tools/", "Found ")) for line in lines), lines
    assert "\x1b" not in result.stdout


def test_code_spans_hold_any_backtick_run() -> None:
    for text in ["`", "``", "a`b", "``x``", " `x` ", "```"]:
        (part,) = spans(code(text))
        assert part.code and part.text == text


def test_framework_untouched_by_display_form() -> None:
    # plain names, the overwhelming majority, are shown exactly as written
    for name in ["seconds", "tool_args", "x-y", "שלום", "a.b", "café"]:
        assert display_name(name) == name
    assert FRAMEWORK  # the fixture repository is what make_repo writes


def test_file_name_that_is_not_utf8_is_no_internal_error(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_repo({"tools/wait.py": WAIT_PY})
    (root / "tools/wait.py").rename(root / b"tools/w\xffait.py".decode("utf-8", "surrogateescape"))
    result = _run(root, monkeypatch, "check")
    assert "internal error" not in result.output
    assert result.exit_code == 1


def test_names_too_long_for_the_system_are_a_finding_or_a_one_line_error(
    reference_repo: Path, run_cli
) -> None:
    """A link, a path or a tool name no file system accepts (a name over 255
    bytes) is a dead link in a document, and a one-line error (exit 2, nothing
    written) on the command line: never an internal error."""
    long = "a" * 300
    (reference_repo / "AGENTS.md").write_text(
        f"# Notes\n\nSee [the notes]({long}.md).\n", encoding="utf-8"
    )
    result = run_cli(reference_repo, "check", "--no-cache", "--select", "DOX203")
    assert result.exit_code == 1, result.output
    assert f"DOX203 link `{long}.md`" in result.output
    assert "internal error" not in result.output

    def listing() -> list[Path]:
        paths = (p.relative_to(reference_repo) for p in reference_repo.rglob("*"))
        return sorted(p for p in paths if p.parts[0] != ".doxtool_cache")

    before = listing()
    for args in (
        ("check", f"tools/{long}.py"),
        ("inspect", f"tools/{long}.py"),
        ("check", "--baseline", f"{long}.json"),
        ("scaffold", "b" * 250),
    ):
        result = run_cli(reference_repo, *args)
        assert result.exit_code == 2, (args, result.output)
        (line,) = result.output.splitlines()
        assert line.startswith("doxtool: error: ") and line.endswith("File name too long"), line
    assert listing() == before


def test_module_name_with_no_room_for_a_companion_is_one_finding(
    make_repo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A module name a file may have, whose companion's name (7 bytes longer)
    no file may have, is DOX003 on that module; the rest is checked and fixed
    as usual, and no companion is attempted for it."""
    stem = "w" * 247
    long = f"tools/{stem}.py"  # 250 bytes; its companion would be 257
    root = make_repo({long: WAIT_PY, "tools/wait.py": WAIT_PY})
    before = _tree(root)
    dox003 = (
        f"{long}:1:1: DOX003 file name is too long for a companion: `{stem}.py.dox.md` "
        "would be 257 bytes, over the file system's limit; it cannot be documented "
        "(rename the file)"
    )
    result = _run(root, monkeypatch, "check", "--no-cache", "--select", "DOX0")
    assert (result.exit_code, result.output.splitlines()) == (
        1,
        [
            "tools/wait.py:1:1: DOX001 module has no companion `tools/wait.py.dox.md` [*]",
            dox003,
            "Found 2 findings (1 fixable with `doxtool check --fix`).",
        ],
    )
    result = _run(root, monkeypatch, "check", "--fix", "--select", "DOX0")
    assert (result.exit_code, result.output.splitlines()) == (
        1,
        ["Fixed 1 finding.", dox003, "Found 1 finding."],
    )
    assert sorted(_tree(root)) == sorted([*before, "tools/wait.py.dox.md"])
    # its prompt could not have its name either: PRM001 says where it may go instead
    result = _run(root, monkeypatch, "check", "--no-cache", "--select", "PRM001", long)
    assert result.output.splitlines()[0] == (
        f"{long}:4:1: PRM001 tool `{stem}` has no prompt in `prompts/`; the model is never "
        f"taught to call it (`agent.system.tool.{stem}.md` would be a file name too long: teach "
        f"it with a `### {stem}` heading in another prompt of `prompts/`, or list it in "
        "`internal-tools`)"
    )
