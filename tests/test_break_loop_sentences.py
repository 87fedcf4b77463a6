"""How a person's ``break_loop`` sentence is read: a negation is never read
as the value it negates, and a sentence in a person's spelling (a
parenthetical, bold) is compared but never rewritten (a rewrite would drop
their words or their emphasis)."""

from __future__ import annotations

import pytest
from samples import clean_files

from doxtool.companions.breakloop import read_break_loop
from doxtool.rules.examples import WAIT_DOX, WAIT_PY

DOX = "tools/wait.py.dox.md"
LINE = "- `break_loop` of `WaitTool`: always `false`.\n"
NUMBER = WAIT_DOX[: WAIT_DOX.index(LINE)].count("\n") + 1
WRONG = (
    f"{DOX}:{NUMBER}:1: DOX120 `break_loop` of `WaitTool` is documented wrongly; "
    "the code returns always `{value}` (Responses at tools/wait.py:7)"
)

# (sentence, the code's break_loop, the findings: a ``[*]`` one is fixed)
CASES = {
    "never true, code false": ("never `true`.", "False", []),
    "never true, code true": ("never `true`.", "True", [WRONG.format(value="true")]),
    "never ends the loop (false)": ("never ends the loop (`false`).", "True", []),
    "not always true": ("not always `true`.", "False", []),
    "words only": ("depends on the timer.", "True", []),
    "a parenthetical after the value": (
        "always `false` (the agent continues).",
        "True",
        [WRONG.format(value="true")],
    ),
    "the value in bold": ("always **`false`**.", "True", [WRONG.format(value="true")]),
    "a parenthetical, true": ("always `false` (the agent continues).", "False", []),
    "the value in bold, true": ("always **`false`**.", "False", []),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_persons_break_loop_sentence_is_read_and_kept(case: str, make_repo, run_cli) -> None:
    sentence, value, findings = CASES[case]
    text = WAIT_DOX.replace(LINE, f"- `break_loop` of `WaitTool`: {sentence}\n")
    code = WAIT_PY.replace("break_loop=False", f"break_loop={value}")
    assert code != WAIT_PY or value == "False"
    root = make_repo({**clean_files(), "tools/wait.py": code, DOX: text})
    output = run_cli(root, "check", "--no-cache").output
    assert [line for line in output.splitlines() if "DOX" in line] == findings
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_the_canonical_sentence_is_still_rewritten(make_repo, run_cli) -> None:
    code = WAIT_PY.replace("break_loop=False", "break_loop=True")
    root = make_repo({**clean_files(), "tools/wait.py": code})
    output = run_cli(root, "check", "--no-cache").output
    assert WRONG.format(value="true") + " [*]" in output.splitlines()
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == WAIT_DOX.replace(
        LINE, "- `break_loop` of `WaitTool`: always `true`.\n"
    )


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        ("always `false`", (["false"], True)),
        ("`true` or `false`", (["true", "false"], True)),
        ("none", ([], True)),
        ("never `true`", (["false"], False)),
        ("Never `FALSE`", (["true"], False)),
        ("always `true` (it does not matter)", (["true"], False)),
        ("`false`, no matter what", (None, False)),
        ("it doesn't end the loop (`false`)", (None, False)),
        ("`false` unless the text starts with `FINAL:`", (None, False)),
        ("usually `false`", (None, False)),
        ("always `false` except for `FINAL:` text (`true`)", (["false", "true"], False)),
        (
            "ends the loop (`true`) only for `FINAL:` text, otherwise `false`",
            (["false", "true"], False),
        ),
        ("always `false` (`true` for a `FINAL:` answer)", (["false", "true"], False)),
        ("always `false` (never `true`)", (None, False)),
        ("`true` when `final` is set, else `false`", (["true", "false"], False)),
        ("`false` until the job ends", (None, False)),
        ("`false` while the job runs, `true` after it", (["false", "true"], False)),
        # a word of time in a parenthesis tells what happens, not when
        ("always `false` (the agent keeps working after the timer)", (["false"], False)),
        ("always `false` (the agent keeps working, unless stopped)", (None, False)),
        # a value that holds on some calls, may hold, or held once
        ("`false` for most waits", (None, False)),
        ("`false` apart from long waits", (None, False)),
        ("can be `true`", (None, False)),
        ("may be `true` or `false`", (["true", "false"], False)),
        ("always `false`, so the agent can go on", (["false"], False)),
        ("hardly ever `true`", (None, False)),
        ("`true` (was `false` in older versions)", (None, False)),
        ("`false` (was `true`)", (None, False)),
        ("`false` in legacy mode", (None, False)),
        # a verb in the past after the value is of what the value follows
        ("always `true`: the answer was sent to the user", (["true"], False)),
        ("`false` for reads, `true` for most writes", (["false", "true"], False)),
    ],
)
def test_read_break_loop(sentence: str, read: tuple[list[str] | None, bool]) -> None:
    assert read_break_loop(sentence) == read


#: ``wait.py`` ending the loop after a long wait: ``break_loop`` is a name
#: bound to ``False``, then to ``True`` in a branch (both at one Response)
STOP_PY = WAIT_PY.replace(
    "        return Response(",
    "        stop = False\n"
    "        if seconds > 60:\n"
    "            stop = True\n"
    "        return Response(",
).replace("break_loop=False", "break_loop=stop")


def test_a_code_span_in_a_condition_is_a_persons_words(make_repo, run_cli) -> None:
    """Only a boolean is a ``break_loop`` value: `` `60` `` in the person's
    condition is not read as a third value."""
    text = WAIT_DOX.replace(
        LINE, "- `break_loop` of `WaitTool`: `true` when `seconds` is over `60`, else `false`.\n"
    )
    root = make_repo({**clean_files(), "tools/wait.py": STOP_PY, DOX: text})
    output = run_cli(root, "check", "--no-cache").output
    assert [line for line in output.splitlines() if "DOX" in line] == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_response_is_named_once_in_the_finding(make_repo, run_cli) -> None:
    """A Response giving either value is one place, named once."""
    root = make_repo({**clean_files(), "tools/wait.py": STOP_PY})
    output = run_cli(root, "check", "--no-cache").output
    assert [line for line in output.splitlines() if "DOX" in line] == [
        f"{DOX}:{NUMBER}:1: DOX120 `break_loop` of `WaitTool` is documented wrongly; "
        "the code returns `true` or `false` (Responses at tools/wait.py:10) [*]"
    ]


#: sentences that qualify their value, or name both: the code returning
#: both values (``STOP_PY``) is what each states, or nothing to compare
QUALIFIED = [
    "`false` unless the text starts with `FINAL:`.",
    "always `false` except for `FINAL:` text (`true`).",
    "ends the loop (`true`) only for `FINAL:` text, otherwise `false`.",
    "usually `false`; `true` ends the turn for a long wait.",
    "`true` if the wait is over a minute.",
    "always `false` (`true` after a long wait).",
]


@pytest.mark.parametrize("sentence", QUALIFIED)
def test_a_qualified_value_is_no_finding_against_both(sentence: str, make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(LINE, f"- `break_loop` of `WaitTool`: {sentence}\n")
    root = make_repo({**clean_files(), "tools/wait.py": STOP_PY, DOX: text})
    output = run_cli(root, "check", "--no-cache").output
    assert [line for line in output.splitlines() if "DOX" in line] == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "sentence",
    [
        "always `false`.",
        "always `false` (the agent goes on).",
        "always `false` (the agent keeps working after the wait).",
    ],
)
def test_one_value_unqualified_is_a_finding_against_both(sentence: str, make_repo, run_cli) -> None:
    text = WAIT_DOX.replace(LINE, f"- `break_loop` of `WaitTool`: {sentence}\n")
    root = make_repo({**clean_files(), "tools/wait.py": STOP_PY, DOX: text})
    output = run_cli(root, "check", "--no-cache").output
    assert [line.removesuffix(" [*]") for line in output.splitlines() if "DOX" in line] == [
        f"{DOX}:{NUMBER}:1: DOX120 `break_loop` of `WaitTool` is documented wrongly; "
        "the code returns `true` or `false` (Responses at tools/wait.py:10)"
    ]


#: five Responses, the last one ending the loop: the finding names four
FIVE_PY = WAIT_PY.replace(
    "        return Response(",
    "".join(
        f"        if seconds == {n}:\n"
        f'            return Response(message="{n}", break_loop=False)\n'
        for n in range(1, 5)
    )
    + "        return Response(",
).replace('s", break_loop=False)', 's", break_loop=True)')


def test_the_responses_not_named_are_counted(make_repo, run_cli) -> None:
    """Past the four Responses it names, the finding says how many more
    there are; the first Response of each value is among those named, so
    the one giving the other value is named even when it comes last."""
    root = make_repo({**clean_files(), "tools/wait.py": FIVE_PY})
    output = run_cli(root, "check", "--no-cache").output
    assert [line.removesuffix(" [*]") for line in output.splitlines() if "DOX120" in line] == [
        f"{DOX}:{NUMBER}:1: DOX120 `break_loop` of `WaitTool` is documented wrongly; "
        "the code returns `true` or `false` (Responses at tools/wait.py:8, tools/wait.py:10, "
        "tools/wait.py:12, tools/wait.py:15 and 1 more)"
    ]
