"""A person's sentence that tells ``break_loop`` where doxtool looks for its
line (``It never ends the turn: `break_loop` is always false.``): read as a
``break_loop`` line's sentence is, a plain ``true``/``false`` counting as one
in backticks. A sentence that agrees with the code is no finding; one that
does not is reported as documented wrongly, with no fix; one doxtool cannot
read keeps the old finding, with no fix either."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.companions.breakloop import read_prose_break_loop

ECHO_PY = """\
from helpers.tool import Response, Tool


class Echo(Tool):
    async def execute(self, text: str = "", **kwargs) -> Response:
        return Response(message=text or "nothing", break_loop=False)
"""

COMPANION = """\
# echo.py DOX

## Purpose
- Own the `echo.py` agent tool.

## Runtime Contracts
- `Echo` is a `Tool`.
- `Echo` defines `execute(...)`. SENTENCE
- Arguments of `Echo`:
  - `text`: optional string, default `""`.
"""


@pytest.mark.parametrize(
    ("sentence", "values"),
    [
        ("It never ends the turn: `break_loop` is always false.", ["false"]),
        ("`break_loop` is always True.", ["true"]),
        ("break_loop stays `false` (the agent continues).", ["false"]),
        ("break_loop is true or false.", ["true", "false"]),
        ("`break_loop` is false; the text is always true to the input.", ["false"]),
        # words that may turn the value around, or qualify it: not read
        ("`break_loop` is never true.", None),
        ("`break_loop` is not true.", None),
        ("`break_loop` is `true` when the task is done.", None),
        ("break_loop: false unless the answer is final.", None),
        ("`break_loop` is set by the handler.", None),
        # two mentions: which one a value belongs to is not known
        ("`break_loop` is false here, `break_loop` is true there.", None),
        # ``break_loop`` the object of a verb the words before it turn
        # around, qualify or put in the past
        ("The tool never sets `break_loop` to `true`.", None),
        ("`Wait` does not set `break_loop` to true.", None),
        ("`Wait`: no code path sets `break_loop` to `true`.", None),
        ("It used to set `break_loop` to `true`.", None),
        ("It never ends the turn, so it sets `break_loop` to `false`.", None),
        # a clause of its own before the mention says nothing of the value
        ("It never ends the turn: `break_loop` is always `false`.", ["false"]),
        ("`Wait` sets `break_loop` to `false`.", ["false"]),
        # a value that holds on some calls, may hold, or held once
        ("`break_loop` is rarely true.", None),
        ("`break_loop` can be `true`.", None),
        ("`break_loop` is `false` for most actions.", None),
        ("`break_loop` is `false` apart from finish.", None),
        ("`break_loop` is `false`, though a long wait ends the loop.", None),
        ("`break_loop` is false (previously true).", None),
        ("`break_loop` was `true`.", None),
        # a verb in the past after the value: of what happened before it
        ("`break_loop` is `true`: the answer was sent to the user.", ["true"]),
        ("`break_loop` is `true` once the file was saved.", ["true"]),
    ],
)
def test_a_sentence_is_read_as_a_break_loop_line_is(
    sentence: str, values: list[str] | None
) -> None:
    assert read_prose_break_loop(sentence) == values


def _check(run_cli, make_repo, sentence: str) -> tuple[list[str], Path]:
    root = make_repo(
        {
            "tools/echo.py": ECHO_PY,
            "tools/echo.py.dox.md": COMPANION.replace("SENTENCE", sentence),
        }
    )
    result = run_cli(root, "check", "--select", "DOX120", "tools/echo.py")
    return [line for line in result.output.splitlines() if "DOX120" in line], root


def test_a_sentence_that_agrees_is_no_finding(run_cli, make_repo) -> None:
    found, _ = _check(run_cli, make_repo, "It never ends the turn: `break_loop` is always false.")
    assert found == []


def test_a_sentence_that_disagrees_is_reported_and_kept(run_cli, make_repo) -> None:
    sentence = "It ends the turn: `break_loop` is always true."
    (line,) = _check(run_cli, make_repo, sentence)[0]
    assert "is documented wrongly (line 8 says true)" in line
    assert "[*]" not in line
    root = make_repo({})
    run_cli(root, "check", "--fix", "tools/echo.py")
    after = (root / "tools/echo.py.dox.md").read_text()
    # the person's sentence stays, and no second break_loop line is written
    assert f"- `Echo` defines `execute(...)`. {sentence}\n" in after
    assert "`break_loop` of `Echo`" not in after


@pytest.mark.parametrize(
    "sentence",
    [
        "`Echo` never sets `break_loop` to `true`.",
        "`Echo` used to set `break_loop` to `true`.",
        "In `Echo`, `break_loop` can be `true`.",
        "`Echo` keeps `break_loop` at `false` (it was `true` before v2).",
    ],
)
def test_a_sentence_turned_around_or_of_the_past_is_not_called_wrong(
    run_cli, make_repo, sentence: str
) -> None:
    """``never sets `break_loop` to `true` `` agrees with a tool that always
    answers `false`: read from the mention on, it said `true`, and the
    person's right sentence was called wrong."""
    (line,) = _check(run_cli, make_repo, sentence)[0]
    assert "not documented in a form doxtool reads (line 8)" in line
    assert "documented wrongly" not in line
    assert "[*]" not in line


def test_a_sentence_doxtool_cannot_read_keeps_the_finding(run_cli, make_repo) -> None:
    (line,) = _check(run_cli, make_repo, "`break_loop` depends on the handler.")[0]
    assert "not documented in a form doxtool reads (line 8)" in line
    assert "[*]" not in line


# a paragraph of its own, naming no class: the companion's one tool is its subject
_PARAGRAPH = COMPANION.replace(" SENTENCE", "") + "\nSENTENCE\n"


def _paragraph(run_cli, make_repo, sentence: str) -> tuple[list[str], Path]:
    root = make_repo(
        {
            "tools/echo.py": ECHO_PY,
            "tools/echo.py.dox.md": _PARAGRAPH.replace("SENTENCE", sentence),
        }
    )
    result = run_cli(root, "check", "--select", "DOX120", "tools/echo.py")
    return [line for line in result.output.splitlines() if "DOX120" in line], root


@pytest.mark.parametrize(
    "sentence",
    ["`break_loop` is always `false`.", "Returns the text; `break_loop` is always `false`."],
)
def test_a_paragraph_naming_no_class_that_agrees_is_no_finding(
    run_cli, make_repo, sentence: str
) -> None:
    assert _paragraph(run_cli, make_repo, sentence)[0] == []


def test_a_paragraph_naming_no_class_that_disagrees_is_reported_and_kept(
    run_cli, make_repo
) -> None:
    (line,), root = _paragraph(run_cli, make_repo, "`break_loop` is always `true`.")
    assert "is documented wrongly (line 12 says true)" in line
    assert "[*]" not in line
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    after = (root / "tools/echo.py.dox.md").read_text()
    assert after == _PARAGRAPH.replace("SENTENCE", "`break_loop` is always `true`.")


def test_a_paragraph_that_only_names_break_loop_is_no_statement(run_cli, make_repo) -> None:
    # the words a convention's boilerplate has (`` `break_loop` behavior ``) say no value
    sentence = "Update this file whenever tool arguments or `break_loop` behavior change."
    (line,), _ = _paragraph(run_cli, make_repo, sentence)
    assert "is not documented;" in line
    assert "[*]" in line


@pytest.mark.parametrize(
    "sentence",
    [
        "When `break_loop` is `true` the agent stops and answers; this tool never does.",
        "Unlike `response`, whose `break_loop` is always `true`, it keeps the loop going.",
        "Callers should not assume `break_loop` stays `false` in later versions.",
        "Set `break_loop` = `true` only in a tool that answers the user.",
    ],
)
def test_a_sentence_about_break_loop_in_general_is_no_statement_of_its_value(
    run_cli, make_repo, sentence: str
) -> None:
    """Such a sentence states no value of the tool's own: the block is not
    documented, and the fix writes it."""
    (line,), _ = _paragraph(run_cli, make_repo, sentence)
    assert "is not documented;" in line
    assert "[*]" in line


@pytest.mark.parametrize(
    "sentence",
    [
        "The tool never ends the loop (`break_loop=False`).",
        "Returns `break_loop=False` in every case.",
        "Devuelve siempre `break_loop = False`.",
    ],
)
def test_the_value_as_the_code_writes_it_in_any_words_gets_no_second_line(
    run_cli, make_repo, sentence: str
) -> None:
    """``break_loop=False`` in one code span says the tool's value in the
    code's own spelling: the line is not read, but no fix writes a second
    ``break_loop`` line beside it."""
    (line,), root = _paragraph(run_cli, make_repo, sentence)
    assert "not documented in a form doxtool reads (line 12)" in line
    assert "[*]" not in line
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    after = (root / "tools/echo.py.dox.md").read_text()
    assert after == _PARAGRAPH.replace("SENTENCE", sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Before v2 it returned `break_loop=True`.",
        "The `finish` tool instead returns `break_loop=True`.",
    ],
)
def test_the_code_form_of_a_value_the_code_never_gives_is_no_statement_of_it(
    run_cli, make_repo, sentence: str
) -> None:
    """``break_loop=True`` in code form where the tool only returns ``False``
    is about another tool or an old version: the value is missing, and the
    fix writes its line."""
    (line,), root = _paragraph(run_cli, make_repo, sentence)
    assert "`break_loop` of `Echo` is not documented; the code returns always `false`" in line
    assert "[*]" in line
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    after = (root / "tools/echo.py.dox.md").read_text()
    assert "- `break_loop` of `Echo`: always `false`.\n" in after
    assert sentence in after


_TWO_PY = (
    ECHO_PY
    + """

class Finish(Tool):
    async def execute(self, **kwargs) -> Response:
        return Response(message="done", break_loop=True)
"""
)


def _two_classes(run_cli, make_repo, sentence: str) -> list[str]:
    """The DOX120 lines of a companion of two tools ending in ``sentence``."""
    companion = COMPANION.replace(" SENTENCE", "") + (
        "- `Finish` is a `Tool`.\n"
        "- `Finish` defines `execute(...)`.\n"
        "- Arguments of `Finish`: none.\n"
        f"\n{sentence}\n"
    )
    root = make_repo({"tools/echo.py": _TWO_PY, "tools/echo.py.dox.md": companion})
    result = run_cli(root, "check", "--select", "DOX120", "tools/echo.py")
    return sorted(line for line in result.output.splitlines() if "DOX120" in line)


def test_a_sentence_naming_another_class_of_the_companion_is_not_its_own(
    run_cli, make_repo
) -> None:
    sentence = "- `Finish` ends the task; `break_loop` is always `true`."
    (line,) = _two_classes(run_cli, make_repo, sentence)
    assert "`break_loop` of `Echo` is not documented;" in line
    assert "[*]" in line


def test_a_sentence_naming_no_class_in_a_companion_of_several_is_no_ones(
    run_cli, make_repo
) -> None:
    sentence = "The finishing tool ends the task; `break_loop` is always `true`."
    found = _two_classes(run_cli, make_repo, sentence)
    assert len(found) == 2
    assert all("is not documented;" in line and "[*]" in line for line in found)


# a companion in another language states the value in its own words
_FOREIGN = [
    "- `break_loop` ist immer `false`.",
    "Siempre devuelve `break_loop` = `false`.",
    "- `break_loop` est toujours `false`.",
    "- `break_loop` 始终为 `false`。",
    # words other languages borrow from English
    "Das Tool setzt `break_loop` immer auf `false`.",
]


@pytest.mark.parametrize("sentence", _FOREIGN)
def test_a_statement_in_another_language_that_agrees_is_no_finding(
    run_cli, make_repo, sentence: str
) -> None:
    """It was reported as not documented, and the fix wrote a second,
    English ``break_loop`` line beside the person's."""
    found, root = _paragraph(run_cli, make_repo, sentence)
    assert found == []
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    assert (root / "tools/echo.py.dox.md").read_text() == _PARAGRAPH.replace("SENTENCE", sentence)


_FINISH_PY = ECHO_PY.replace('"nothing", break_loop=False', '"nothing", break_loop=True')


@pytest.mark.parametrize("sentence", _FOREIGN)
def test_a_statement_in_another_language_that_disagrees_is_reported_and_kept(
    run_cli, make_repo, sentence: str
) -> None:
    root = make_repo(
        {
            "tools/echo.py": _FINISH_PY,
            "tools/echo.py.dox.md": _PARAGRAPH.replace("SENTENCE", sentence),
        }
    )
    result = run_cli(root, "check", "--select", "DOX120", "tools/echo.py")
    (line,) = [line for line in result.output.splitlines() if "DOX120" in line]
    assert "is documented wrongly (line 12 says false)" in line
    assert "[*]" not in line
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    assert (root / "tools/echo.py.dox.md").read_text() == _PARAGRAPH.replace("SENTENCE", sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        # negated or qualified in the words of a language doxtool knows
        "- `break_loop` ist nie `true`.",
        "- `break_loop` n'est jamais `true`.",
        "`break_loop` no es `true`.",
        "- `break_loop` 不是 `true`。",
        "- `break_loop` ist nur `true`, wenn die Aufgabe fertig ist.",
        "- `break_loop` est `true` pour la plupart des actions.",
        # both values
        "- `break_loop` ist `true` oder `false`.",
        "- `break_loop` ist `true` oder false.",
        # another name the value may be of
        "- Anders als bei `response` ist `break_loop` hier `true`.",
    ],
)
def test_a_statement_in_another_language_doxtool_cannot_compare_gets_no_second_line(
    run_cli, make_repo, sentence: str
) -> None:
    (line,), root = _paragraph(run_cli, make_repo, sentence)
    assert "not documented in a form doxtool reads (line 12)" in line
    assert "documented wrongly" not in line
    assert "[*]" not in line
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    assert (root / "tools/echo.py.dox.md").read_text() == _PARAGRAPH.replace("SENTENCE", sentence)


def test_a_statement_in_another_language_naming_no_class_of_several_is_no_ones(
    run_cli, make_repo
) -> None:
    found = _two_classes(run_cli, make_repo, "- `break_loop` ist immer `true`.")
    assert len(found) == 2
    assert all("is not documented;" in line and "[*]" in line for line in found)


@pytest.mark.parametrize(
    "sentence",
    ["`Echo` setzt `break_loop` nie auf `true`.", "`Echo` ne met jamais `break_loop` à `true`."],
)
def test_a_sentence_naming_the_class_turned_around_in_another_language_is_not_called_wrong(
    run_cli, make_repo, sentence: str
) -> None:
    """``nie`` turns the value around: read as `true`, the person's right
    sentence was called wrong."""
    (line,) = _check(run_cli, make_repo, sentence)[0]
    assert "not documented in a form doxtool reads (line 8)" in line
    assert "documented wrongly" not in line
    assert "[*]" not in line


@pytest.mark.parametrize(
    "sentence",
    [
        "It gives no answer of its own: `break_loop` is always false.",
        "If the text is empty it says nothing, and `break_loop` is always `false`.",
    ],
)
def test_an_english_sentence_holding_a_word_of_another_language_is_read_as_english(
    run_cli, make_repo, sentence: str
) -> None:
    """``no`` is Spanish too: a line in English words is read as English,
    whose words turning a value around doxtool knows (``no answer`` turns
    nothing here), and its statement agrees."""
    found, _ = _check(run_cli, make_repo, sentence)
    assert found == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Never ends the loop (`break_loop` is false).",
        "- Keeps the loop going (`break_loop` stays `false`).",
        "Answers with the text (**`break_loop` is always `false`**), nothing more.",
    ],
)
def test_a_value_stated_in_parentheses_that_agrees_is_no_finding(
    run_cli, make_repo, sentence: str
) -> None:
    """``Never ends the loop (`break_loop` is false).``: the parenthesis
    states the value as the line would; no finding, and no second line."""
    found, root = _paragraph(run_cli, make_repo, sentence)
    assert found == []
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    after = (root / "tools/echo.py.dox.md").read_text()
    assert after == _PARAGRAPH.replace("SENTENCE", sentence)


def test_a_value_in_parentheses_the_code_never_gives_is_no_statement_of_it(
    run_cli, make_repo
) -> None:
    """``Unlike `response` (`break_loop` is true), ...``: of another tool;
    the block is not documented, as before, and the fix writes it."""
    sentence = "Unlike `response` (`break_loop` is true), it keeps the loop going."
    (line,), _ = _paragraph(run_cli, make_repo, sentence)
    assert "is not documented;" in line
    assert "documented wrongly" not in line
    assert "[*]" in line


#: an echo that ends the loop on ``done`` only: the code gives both values
_ENDS_ON_DONE_PY = ECHO_PY.replace(
    '        return Response(message=text or "nothing", break_loop=False)',
    '        if text == "done":\n'
    '            return Response(message="bye", break_loop=True)\n'
    '        return Response(message=text or "nothing", break_loop=False)',
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Saying `done` ends the loop (`break_loop` is true).",
        "Until the answer is final the loop goes on (`break_loop` is false).",
        "Unlike `response` (`break_loop` is true), it may keep the loop going.",
    ],
)
def test_one_value_in_parentheses_of_a_tool_giving_both_is_no_statement_of_it(
    run_cli, make_repo, sentence: str
) -> None:
    """``Saying `done` ends the loop (`break_loop` is true).`` of a tool that
    ends the loop on some calls only: the value on one path, or another
    tool's; not documented wrongly, and the fix writes the block's line."""
    root = make_repo(
        {
            "tools/echo.py": _ENDS_ON_DONE_PY,
            "tools/echo.py.dox.md": _PARAGRAPH.replace("SENTENCE", sentence),
        }
    )
    result = run_cli(root, "check", "--select", "DOX120", "tools/echo.py")
    (line,) = [line for line in result.output.splitlines() if "DOX120" in line]
    assert "is not documented;" in line
    assert "documented wrongly" not in line
    run_cli(root, "check", "--fix", "--select", "DOX120", "tools/echo.py")
    after = (root / "tools/echo.py.dox.md").read_text()
    assert sentence in after
    assert after.count("- `break_loop` of `Echo`: `true` or `false`.") == 1
