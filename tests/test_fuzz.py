"""Fuzzing the parsers and the fixer with hypothesis (and atheris, when it installs).

- ``parse_prompt`` over arbitrary text and over mutated real prompts: no
  exception escapes, and none is swallowed either (a swallowed one shows as a
  problem of kind ``internal``); positions point into the file.
- ``parse_companion`` + ``fix_companion`` over arbitrary text and over mutated
  real companions, with expected blocks whose names are arbitrary text: no
  exception, the fix is idempotent, and every line a person wrote outside the
  fact blocks survives byte for byte.
- ``extract_module`` over mutated real tool modules: no exception, problems
  placed inside the file, and the modules are never imported or run (each
  carries a tripwire that would create a file if executed).

The atheris harness (``tests/hostile/atheris_harness.py``) runs in a
subprocess when ``atheris`` is importable; the CI environment does not
install it, so that test is skipped there.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from doxtool.companions.edits import fix_companion
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.parsing import parse_companion
from doxtool.companions.rendering import expected_blocks
from doxtool.core.edits import line_content, split_lines
from doxtool.core.facts import Argument, ExecuteFacts, ModuleFacts, Outcome, ToolFacts
from doxtool.prompts.parse import parse_prompt
from doxtool.python.extract import extract_module

pytestmark = pytest.mark.timeout(300)

REPO = Path(__file__).resolve().parents[1]
PROMPTS = sorted((REPO / "prompts").glob("*.md"))
COMPANIONS = sorted((REPO / "tools").glob("*.py.dox.md"))
MODULES = sorted((REPO / "tools").glob("*.py"))
FAST = settings(
    max_examples=80,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

# text rich in what Markdown, JSON and the fact grammar care about
_SPECIAL = st.sampled_from(
    [
        "\n", "\r\n", "\r", "\t", " ", "`", "```", "~~~", "#", "## ", "- ", "  - ", "*",
        "<!--", "-->", "{", "}", "[", "]", '"', ":", ",", "{{", "}}", "\x00", "\u2028",
        "\u202e", "\ufeff", "\ud800", "json", "tool_name", "tool_args", "args:",
        "Arguments of `X`:", "`break_loop` of `X`:", "Classes:", "optional", "required",
        "default ", "one of ", "\\", "> ", "1. ", "|", "<div>", "\n\n",
    ]
)  # fmt: skip
MARKUP_TEXT = st.lists(st.one_of(_SPECIAL, st.text(max_size=8)), max_size=40).map("".join)


def _mutate(text: str, data: st.DataObject) -> str:
    """A few random edits: delete, insert or replace a slice, or duplicate a line."""
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(0, len(text)))
        action = data.draw(st.sampled_from(["delete", "insert", "replace", "duplicate"]))
        if action == "delete":
            text = text[:position] + text[position + data.draw(st.integers(1, 40)) :]
        elif action == "insert":
            text = text[:position] + data.draw(MARKUP_TEXT) + text[position:]
        elif action == "replace":
            text = text[:position] + data.draw(MARKUP_TEXT) + text[position + 5 :]
        else:
            lines = text.splitlines(keepends=True)
            if lines:
                index = data.draw(st.integers(0, len(lines) - 1))
                lines.insert(index, lines[index])
                text = "".join(lines)
    return text


# --- prompts ------------------------------------------------------------------


def _check_prompt(text: str) -> None:
    doc = parse_prompt(text, "prompts/fuzz.md")
    assert not [p for p in doc.problems if p.kind == "internal"], doc.problems
    line_count = len(split_lines(text)) + 1
    for item in [*doc.tools, *doc.arguments, *doc.examples]:
        assert 1 <= item.line <= line_count and item.column >= 1, item
    for example in doc.examples:
        if example.error is not None:
            assert 1 <= example.error.line <= line_count and example.error.column >= 1


@FAST
@given(MARKUP_TEXT)
def test_parse_prompt_on_arbitrary_text(text: str) -> None:
    _check_prompt(text)


@FAST
@given(st.text(max_size=300))
def test_parse_prompt_on_arbitrary_unicode(text: str) -> None:
    _check_prompt(text)


@FAST
@given(st.sampled_from(PROMPTS), st.data())
def test_parse_prompt_on_mutated_real_prompts(path: Path, data: st.DataObject) -> None:
    _check_prompt(_mutate(path.read_text(encoding="utf-8"), data))


# --- companions and the fixer -------------------------------------------------

NAMES = st.one_of(
    st.sampled_from(["seconds", "", "a`b", "x\n## Purpose", "-->", "\u202e", "\ud800", "é"]),
    st.text(max_size=12),
)


@st.composite
def crafted_module(draw: st.DrawFn) -> ModuleFacts:
    """A tool module whose argument names, enumerated values, defaults and
    ``break_loop`` expressions are arbitrary text."""
    arguments = [
        Argument(
            name=name,
            required=draw(st.booleans()),
            default=draw(st.one_of(st.none(), NAMES, st.integers())),
            has_default=draw(st.booleans()),
            type=draw(st.sampled_from([None, "integer", "string"])),
            enum=draw(st.one_of(st.none(), st.lists(NAMES, min_size=1, max_size=3))),
        )
        for name in draw(st.lists(NAMES, max_size=4, unique=True))
    ]
    outcomes = [
        Outcome(break_loop="dynamic", line=1, column=1, expression=expression)
        for expression in draw(st.lists(NAMES, max_size=2))
    ] + [Outcome(break_loop=draw(st.booleans()), line=1, column=1)]
    return _wait_module(
        arguments=arguments,
        outcomes=outcomes,
        helpers=draw(st.lists(NAMES, max_size=2)),
        imports=["helpers.tool"],
    )


def _wait_module(**fields: Any) -> ModuleFacts:
    """``tools/wait.py`` holding the tool class ``WaitTool`` with ``fields``."""
    tool = ToolFacts(
        name="wait",
        class_name="WaitTool",
        line=1,
        bases=["helpers.tool.Tool"],
        execute=ExecuteFacts(is_async=True, line=1, params=["self"], defined_in="WaitTool.execute"),
        **fields,
    )
    return ModuleFacts(path="tools/wait.py", module="tools.wait", tools=[tool])


def _person_lines(text: str) -> list[str]:
    """Lines outside every fact block: what a person wrote."""
    companion = parse_companion(text)
    owned = {
        index
        for block in [*companion.blocks, *companion.duplicates]
        for index in range(block.start, block.end)
    }
    return [line_content(line) for i, line in enumerate(companion.lines) if i not in owned]


def _check_fix(text: str, expected: list[ExpectedBlock]) -> None:
    parse_companion(text)  # never raises
    fixed = fix_companion(text, expected)
    assert fix_companion(fixed, expected) == fixed, "a second fix changes nothing"
    kept = _person_lines(fixed)
    position = 0
    for line in _person_lines(text):
        # the person's lines survive, in order (fixes only insert around them)
        while position < len(kept) and kept[position] != line:
            position += 1
        assert position < len(kept), f"lost line {line!r}"
        position += 1


def test_a_blank_helper_name_gets_no_item_and_the_fix_converges() -> None:
    """A blank helper name beside one ending in a backtick: an empty code span
    would run into its neighbour, and a second fix would write it again (an
    input hypothesis found)."""
    expected = expected_blocks(
        _wait_module(
            outcomes=[Outcome(break_loop=False, line=1, column=1)],
            helpers=["", "0`"],
            imports=["helpers.tool"],
        )
    )
    fixed = fix_companion("", expected)
    assert "observed in the source: `` 0` ``.\n" in fixed
    _check_fix("", expected)


def test_a_blank_argument_name_gets_no_item_and_the_fix_converges() -> None:
    """A key no item can name (`` ` ` `` is no argument) is written as one the
    tool takes without naming it, never as an item a second fix would add
    again (an input the atheris harness found)."""
    expected = expected_blocks(
        _wait_module(
            arguments=[Argument(name=" ", default="", has_default=True, enum=[""])],
        )
    )
    _check_fix("", expected)
    fixed = fix_companion("", expected)
    assert "- Arguments of `WaitTool`: none named in the code" in fixed
    assert "` `" not in fixed


def test_words_left_after_no_item_keep_their_line_and_the_fix_converges() -> None:
    """A person's clause after the items (`` when set``, or ``, pathlib` ``
    where a name lost a backtick) once the code has none of the items: the
    rewrite ``none when set`` would be no fact line, and a second fix would
    insert the block beside it (a mutated real companion found it). The line
    is kept as written, and the fix converges."""
    expected = expected_blocks(
        _wait_module(
            outcomes=[Outcome(break_loop=False, line=1, column=1)],
        )
    )
    imports = "- Imported dependency areas include:"
    helpers = "- Important called helpers/classes observed in the source:"
    for line in (
        f"{imports} `helpers.tool`, pathlib`.",
        f"{imports} `helpers.tool` when set.",
        f"{imports} `helpers.tool` \u2014 see `helpers/tool.py`.",
        f"{helpers} `Response`, foo`.",
        f"{helpers} `Response` when set.",
    ):
        section = "Key Concepts" if line.startswith(helpers) else "Runtime Contracts"
        text = f"# wait.py DOX\n\n## {section}\n{line}\n"
        _check_fix(text, expected)
        fixed = fix_companion(text, expected)
        assert f"\n{line}\n" in fixed, fixed
        assert f"\n{line.split(':')[0]}: none.\n" not in fixed, fixed


@FAST
@given(MARKUP_TEXT, crafted_module())
def test_fix_on_arbitrary_text_with_crafted_names(text: str, module: ModuleFacts) -> None:
    _check_fix(text, expected_blocks(module, ["tests/test_wait.py"]))


@FAST
@given(st.sampled_from(COMPANIONS), st.data(), crafted_module())
def test_fix_on_mutated_real_companions(
    path: Path, data: st.DataObject, module: ModuleFacts
) -> None:
    text = _mutate(path.read_text(encoding="utf-8"), data)
    _check_fix(text, expected_blocks(module))


@FAST
@given(st.text(max_size=400), crafted_module())
def test_fix_on_arbitrary_unicode(text: str, module: ModuleFacts) -> None:
    _check_fix(text, expected_blocks(module))


# --- the extractor: mutated real modules, never executed -------------------------

_TRIPWIRE = "import pathlib as _p; _p.Path({path!r}).write_text('executed')\n"


@FAST
@given(st.sampled_from(MODULES), st.data())
def test_extract_mutated_real_modules(path: Path, data: st.DataObject) -> None:
    tripwire = Path(os.environ.get("TMPDIR", "/tmp")) / f"doxtool-tripwire-{os.getpid()}"
    source = _TRIPWIRE.format(path=str(tripwire)) + path.read_text(encoding="utf-8")
    source = _mutate(source, data)
    assume("\x00" not in source or len(source) < 50_000)
    facts = extract_module(source, "tools/" + path.name, ("helpers", "tools"))
    assert isinstance(facts, ModuleFacts)
    line_count = source.count("\n") + 2
    for problem in facts.problems:
        assert 1 <= problem.line <= line_count and problem.column >= 1, problem
        assert "\n" not in problem.message
    # (sys.modules is no witness here: the reference suite's runtime tests
    # import the tools on purpose, in the same worker)
    assert not tripwire.exists(), "analysed code was executed"


# --- atheris (coverage-guided), when it is installed --------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("target", ["prompt", "companion", "extract"])
def test_atheris_harness(target: str, tmp_path: Path) -> None:
    pytest.importorskip("atheris")
    harness = Path(__file__).parent / "hostile" / "atheris_harness.py"
    runs = os.environ.get("DOXTOOL_ATHERIS_RUNS", "1500")
    proc = subprocess.run(
        [sys.executable, str(harness), target, f"-runs={runs}", "-max_len=4096", "-seed=1"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-4000:]
    assert "Done" in proc.stderr or "done" in proc.stderr.lower(), proc.stderr[-2000:]
