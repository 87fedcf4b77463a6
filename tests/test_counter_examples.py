"""Examples a label says are wrong (``Wrong (extra keys, never do this):``,
``Bad example (do not copy):``, ``Not allowed:``, ``Wrong!``, ``❌ Wrong``), through the real CLI: they teach nothing
(PRM001, PRM003) and are not checked as examples (PRM005-PRM008); an
example after prose that only opens with such a word is read as before."""

from __future__ import annotations

from pathlib import Path

from samples import clean_files

from doxtool.prompts.parse import parse_prompt
from doxtool.rules.examples import WAIT_PY

PROMPT = "prompts/agent.system.tool.wait.md"
TINY = "agents/tiny-local/prompts/agent.system.tool.response.md"
HEAD = "### wait\nPause.\n\nArguments in `tool_args`:\n- `seconds`: how long\n\n"
GOOD = '{"tool_name": "wait", "tool_args": {"seconds": 5}}'
BAD = '{"tool_name": "wait", "tool_args": {"ms": 5000}}'


def _prm(make_repo, run_cli, files: dict[str, str], *args: str) -> list[str]:
    result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM", *args)
    return [line for line in result.output.splitlines() if " PRM" in line]


def _wait(make_repo, run_cli, body: str) -> list[str]:
    files = {**clean_files(), PROMPT: HEAD + body}
    return _prm(make_repo, run_cli, files)


def test_an_example_labelled_wrong_is_not_checked_against_the_profile(make_repo, run_cli) -> None:
    response = (
        "### response\nFinal answer to the user.\n\nArguments in `tool_args`:\n"
        "- `text`: concise final answer text\n\nCorrect:\n\n"
        '`{"tool_name":"response","tool_args":{"text":"There are 24 files in /tmp."}}`\n\n'
        "Wrong (extra keys, never do this):\n\n"
        '`{"thoughts":["done"],"headline":"Answering","tool_name":"response",'
        '"tool_args":{"text":"..."}}`\n'
    )
    files = {
        **clean_files(),
        "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool").replace(
            'int(self.args.get("seconds", 0))', 'str(self.args.get("text", ""))'
        ),
        "prompts/agent.system.tool.response.md": "### response\nargs: optional `text`\n",
        "agents/tiny-local/agent.yaml": "title: tiny\n",
        TINY: response,
    }
    assert _prm(make_repo, run_cli, files) == []
    assert _prm(make_repo, run_cli, files, TINY) == []
    # the same example under a label that does not say so is checked
    files[TINY] = response.replace("Wrong (extra keys, never do this):", "Also:")
    assert [line.split(": ", 1)[1] for line in _prm(make_repo, run_cli, files)] == [
        "PRM007 example has `thoughts`, `headline`; profile `tiny-local` allows only "
        "`tool_name`, `tool_args`"
    ]


def test_an_example_labelled_wrong_teaches_no_argument(make_repo, run_cli) -> None:
    for body in (
        f"Wrong: `{BAD}`\n",
        f"Correct: `{GOOD}` Wrong: `{BAD}`\n",
        f"Bad example (do not copy):\n```json\n{BAD}\n```\nGood example:\n```json\n{GOOD}\n```\n",
        f"#### Wrong\n\n```json\n{BAD}\n```\n",
        f"**Incorrect:**\n`{BAD}`\n",
        f"\u274c Never do this:\n\n```json\n{BAD}\n```\n",
        f"Example (do not copy):\n~~~json\n{BAD}\n~~~\n",
        f"This is wrong:\n`{BAD}`\n",
        f"Not allowed:\n```json\n{BAD}\n```\n",
        f"Forbidden: `{BAD}`\n",
        f"Do not wrap in fences like this:\n```json\n{BAD}\n```\n",
        f"Wrong!\n`{BAD}`\n",
        f"\u274c Wrong\n\n```json\n{BAD}\n```\n",
        f"\u274c **Wrong** `{BAD}`\n",
        f"Do not copy this example:\n`{BAD}`\n",
        f"The following is NOT allowed:\n```json\n{BAD}\n```\n",
        f"Invalid for this profile:\n`{BAD}`\n",
        f"Not valid here:\n`{BAD}`\n",
        f"Do not add other keys. This is wrong:\n`{BAD}`\n",
        f"\u274c\n```json\n{BAD}\n```\n",
    ):
        assert _wait(make_repo, run_cli, body) == [], body


def test_an_example_labelled_wrong_may_be_invalid_on_purpose(make_repo, run_cli) -> None:
    body = 'Invalid (missing comma):\n```json\n{"tool_name": "wait" "tool_args": {}}\n```\n'
    assert _wait(make_repo, run_cli, body) == []
    assert _wait(make_repo, run_cli, body.replace("Invalid (missing comma)", "Example")) == [
        f"{PROMPT}:9:22: PRM005 example is not valid JSON: expecting ',' delimiter"
    ]


def test_an_example_under_other_labels_is_still_read(make_repo, run_cli) -> None:
    """A line that only opens with such a word, a label two blocks up, or a
    label of the other example on its line leaves the example a real one."""
    unread = (
        f"{PROMPT}:LINE PRM003 argument `ms` is taught for `wait` but tools/wait.py never reads it"
    )
    for body, at in (
        (f"Never wait longer than needed:\n```json\n{BAD}\n```\n", "9:37:"),
        (f"Do not forget `tool_args`:\n`{BAD}`\n", "8:38:"),
        (f"Wrong input is refused, for example:\n`{BAD}`\n", "8:38:"),
        (f"Wrong:\n```json\n{GOOD}\n```\n```json\n{BAD}\n```\n", "12:37:"),
        (f"Wrong: `{GOOD}` Correct: `{BAD}`\n", "7:"),
        (f"Correct:\n\n`{BAD}`\n", "9:38:"),
        # neither ``broken`` nor ``malformed`` says the example is wrong
        (f"Broken:\n`{BAD}`\n", "8:38:"),
        (f"Malformed:\n```json\n{BAD}\n```\n", "9:37:"),
        (f"Do not be surprised if the reply looks like this:\n`{BAD}`\n", "8:38:"),
        (f"\u274c Never wait longer than needed\n`{BAD}`\n", "8:38:"),
        (f"Wrong\n`{BAD}`\n", "8:38:"),
        (f"This is correct!\n`{BAD}`\n", "8:38:"),
        (f"Valid for this profile:\n`{BAD}`\n", "8:38:"),
        (f"The following is allowed:\n`{BAD}`\n", "8:38:"),
        (f"Do not add other keys. Example:\n`{BAD}`\n", "8:38:"),
    ):
        found = _wait(make_repo, run_cli, body)
        assert len(found) == 1 and found[0].startswith(f"{PROMPT}:{at}"), (body, found)
        assert found[0].endswith(unread.split(" ", 1)[1]), (body, found)


def test_a_tool_only_a_wrong_example_calls_is_not_taught(make_repo, run_cli) -> None:
    files = {
        **clean_files(),
        "tools/sleep.py": WAIT_PY.replace("WaitTool", "SleepTool"),
        "prompts/agent.system.sleeping.md": (
            'Wrong:\n```json\n{"tool_name": "sleep", "tool_args": {}}\n```\n'
        ),
    }
    assert _prm(make_repo, run_cli, files) == [
        "tools/sleep.py:4:1: PRM001 tool `sleep` has no prompt in `prompts/`; the model is "
        "never taught to call it (add `prompts/agent.system.tool.sleep.md`, or list it in "
        "`internal-tools`)"
    ]


def test_the_parse_keeps_a_wrong_example_apart(tmp_path: Path) -> None:
    doc = parse_prompt(HEAD + f"Wrong:\n```json\n{BAD}\n```\n`{GOOD}`\n", "p.md")
    assert [(e.line, e.text) for e in doc.counter_examples] == [(9, BAD)]
    assert [e.tool_name for e in doc.examples] == ["wait"]
    assert [a.name for a in doc.arguments] == ["seconds", "seconds"]


def test_an_example_labelled_wrong_in_another_language_teaches_nothing(make_repo, run_cli) -> None:
    for body in (
        f"Falsch:\n`{BAD}`\n",
        f"Falsches Beispiel (nicht kopieren):\n```json\n{BAD}\n```\n",
        f"So nicht:\n`{BAD}`\n",
        f"Mauvais exemple :\n`{BAD}`\n",
        f"Ejemplo incorrecto:\n`{BAD}`\n",
        "\u9519\u8bef\u793a\u4f8b\uff1a\n" + f"```json\n{BAD}\n```\n",  # 错误示例：
        "\u274c \u9519\u8bef\n" + f"`{BAD}`\n",  # ❌ 错误
        "\u60aa\u3044\u4f8b\uff1a\n" + f"`{BAD}`\n",  # 悪い例：
        "\u0422\u0430\u043a \u043d\u0435\u043b\u044c\u0437\u044f:\n" + f"`{BAD}`\n",  # Так нельзя:
    ):
        assert _wait(make_repo, run_cli, body) == [], body
    # a label in another language that calls nothing wrong leaves it an example
    for body in (f"Beispiel:\n`{BAD}`\n", "\u793a\u4f8b\uff1a\n" + f"`{BAD}`\n"):
        assert len(_wait(make_repo, run_cli, body)) == 1, body


def test_an_example_labelled_an_old_form_teaches_nothing(make_repo, run_cli) -> None:
    """An example its label calls an old form (``Old (no longer works):``,
    ``Before (deprecated):``, ``Deprecated usage:``, ``No longer
    supported:``) shows what was removed: its tool need not exist (PRM002,
    PRM006) and its arguments are not taught (PRM003); ``Before:`` alone or
    a line about old things (``Old files are kept:``) labels nothing."""
    gone = '{"tool_name": "scratch", "tool_args": {"ms": 5}}'
    for label in (
        "Old (no longer works):",
        "Before (deprecated):",
        "Deprecated usage:",
        "Legacy format:",
        "No longer supported:",
        "This no longer works:",
    ):
        assert _wait(make_repo, run_cli, f"{label}\n```json\n{gone}\n```\n") == [], label
        assert _wait(make_repo, run_cli, f"{label} `{gone}`\n") == [], label
    for label in ("Before:", "Old files are kept:"):
        found = _wait(make_repo, run_cli, f"{label}\n```json\n{gone}\n```\n")
        assert [line.split(" ")[1] for line in found] == ["PRM002", "PRM006"], label


def test_an_old_form_its_label_says_still_works_is_taught(make_repo, run_cli) -> None:
    """An old form its label says still works (``Old way, still accepted:``,
    ``Legacy form (still works):``) is a call to follow: its tool is taught
    (no PRM001) and its arguments are checked (PRM003), as any example's."""
    sleep = WAIT_PY.replace("WaitTool", "SleepTool")
    for label in (
        "Old way, still accepted:",
        "Legacy form (still works):",
        "Deprecated (still supported):",
        "Old style (backward compatible):",
        "Old format (works too):",
    ):
        files = {
            **clean_files(),
            "tools/sleep.py": sleep,
            PROMPT: HEAD + f'{label}\n`{{"tool_name": "sleep", "tool_args": {{"ms": 5}}}}`\n',
        }
        found = sorted(line.split(": ", 1)[1] for line in _prm(make_repo, run_cli, files))
        assert found == [
            "PRM003 argument `ms` is taught for `sleep` but tools/sleep.py never reads it",
            "PRM006 example calls `sleep` but the prompt documents `wait`",
        ], label
    # one that says it no longer works, or that is not still accepted, teaches nothing
    for label in ("Old way (no longer accepted):", "Legacy form (still not supported):"):
        files = {
            **clean_files(),
            "tools/sleep.py": sleep,
            PROMPT: HEAD + f'{label}\n`{{"tool_name": "sleep", "tool_args": {{"ms": 5}}}}`\n',
        }
        found = [line.split(" ")[1] for line in _prm(make_repo, run_cli, files)]
        assert found == ["PRM001"], label


def test_an_example_in_a_details_block_titled_wrong_is_not_checked(make_repo, run_cli) -> None:
    """A ``<details>`` block's ``<summary>`` labels what the block holds, as a
    heading does; past ``</details>`` it labels nothing."""
    for body in (
        f"<details>\n<summary>Wrong (do not copy)</summary>\n\n`{BAD}`\n\n</details>\n",
        f"<details><summary><b>\u274c Incorrect</b></summary>\n\n```json\n{BAD}\n```\n</details>\n",
    ):
        assert _wait(make_repo, run_cli, body) == [], body
    for body, at in (
        (f"<details><summary>Example</summary>\n\n`{BAD}`\n</details>\n", "9:38:"),
        (f"<details><summary>Wrong</summary>\n\n`{GOOD}`\n</details>\n\n`{BAD}`\n", "12:38:"),
        (
            f"Wrong:\n\n<details><summary>Usage</summary>\n\n```json\n{BAD}\n```\n</details>\n",
            "12:37:",
        ),
    ):
        found = _wait(make_repo, run_cli, body)
        assert [line.split(" ", 1)[0] for line in found] == [f"{PROMPT}:{at}"], (body, found)


def test_an_example_in_a_table_column_or_row_labelled_wrong_is_not_checked(
    make_repo, run_cli
) -> None:
    """In a pipe table, the header of an example's column (``| Correct |
    Incorrect |``) or a cell before it in its row (``| wrong (extra keys) |
    `{...}` |``) labels it; the header of another column does not, nor a
    cell past a nearer one calling it right (``| ❌ Wrong | `{...}` | ✅ Right
    | `{...}` |``)."""
    for body in (
        f"| Correct | Incorrect |\n|---|---|\n| `{GOOD}` | `{BAD}` |\n",
        f"| Do | Don't |\n| --- | --- |\n| `{GOOD}` | `{BAD}` |\n",
        f"| \u2705 | \u274c |\n|:-:|:-:|\n| `{GOOD}` | `{BAD}` |\n",
        f"| Case | Call |\n|---|---|\n| wrong (extra keys) | `{BAD}` |\n| right | `{GOOD}` |\n",
        f"Case | Call\n---|---\nWrong | `{BAD}`\n",
        f"| Case | Call |\n|---|---|\n| extra | \u274c `{BAD}` |\n| ms | Wrong: `{BAD}` |\n",
    ):
        assert _wait(make_repo, run_cli, body) == [], body
    for body, at in (
        (f"| Incorrect | Correct |\n|---|---|\n| `{GOOD}` | `{BAD}` |\n", "9:"),
        (f"| Case | Call |\n|---|---|\n| wrong | `{GOOD}` |\n| right | `{BAD}` |\n", "10:"),
        (f"| Bad input | Example call |\n|---|---|\n| no unit | `{BAD}` |\n", "9:"),
        (f"| Case | Call |\n|---|---|\n| ms | \u2705 `{BAD}` |\n", "9:"),
        # a nearer cell calls it right: the wrong one before labels only its own
        (f"|A|B|C|D|\n|-|-|-|-|\n| \u274c Wrong | `{BAD}` | \u2705 Right | `{BAD}` |\n", "9:"),
        (f"| Bad | Good |\n|---|---|\n| Wrong: `{BAD}` | Correct: `{BAD}` |\n", "9:"),
    ):
        found = _wait(make_repo, run_cli, body)
        assert [line.split(" ", 1)[0].rsplit(":", 2)[0] + ":" for line in found] == [
            f"{PROMPT}:{at}"
        ], (body, found)


def test_a_label_with_code_spans_before_an_inline_example_labels_it(make_repo, run_cli) -> None:
    """The label before an inline example on its line runs from the previous
    example, past code spans in it (``Wrong (has `thoughts`): `{...}```);
    one that calls nothing wrong leaves the example a real one."""
    for body in (
        f"Wrong (has `thoughts`): `{BAD}`\n",
        f"\u274c Wrong, `ms` is not read: `{BAD}`\n",
        f"Correct: `{GOOD}` Wrong (uses `ms`): `{BAD}`\n",
    ):
        assert _wait(make_repo, run_cli, body) == [], body
    for body in (
        f"Wrong: `{GOOD}` then with `ms`: `{BAD}`\n",
        f"Do not be surprised if `ms` looks like this: `{BAD}`\n",
    ):
        found = _wait(make_repo, run_cli, body)
        assert [line.split(" ")[1] for line in found] == ["PRM003"], (body, found)


def test_more_labels_say_an_example_is_wrong(make_repo, run_cli) -> None:
    """A label saying so after a dash (``Common mistake — do not do this:``),
    calling the example a mistake or saying it will not work, or a line of
    emphasis alone (``**Don't do this**``, read as a heading is, with no
    colon): before, its keys were checked as taught (PRM003)."""
    for body in (
        f"Common mistake \u2014 do not do this:\n```json\n{BAD}\n```\n",
        f"Tempting shortcut - wrong:\n`{BAD}`\n",
        f"Mistake:\n`{BAD}`\n",
        f"A common mistake (args outside `tool_args`):\n`{BAD}`\n",
        f"This won't work:\n```json\n{BAD}\n```\n",
        f"The following will fail:\n`{BAD}`\n",
        f"Does not work for this profile:\n`{BAD}`\n",
        f"**Don't do this**\n```json\n{BAD}\n```\n",
        f"**Wrong**\n`{BAD}`\n",
        f"_Bad example_\n\n```json\n{BAD}\n```\n",
    ):
        assert _wait(make_repo, run_cli, body) == [], body
    # emphasis that does not say so, a dash before words that do not, or
    # words saying the old form still works: the example is read
    for body in (
        f"**Never wait longer than needed**\n`{BAD}`\n",
        f"**Example**\n`{BAD}`\n",
        f"**Do not forget `tool_args`**\n`{BAD}`\n",
        f"Example \u2014 good:\n`{BAD}`\n",
        f"Old \u2014 still works:\n`{BAD}`\n",
        f"This works:\n`{BAD}`\n",
        f"**Wrong** input is refused:\n`{BAD}`\n",
    ):
        found = _wait(make_repo, run_cli, body)
        assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)


def test_a_heading_that_says_so_labels_every_example_of_its_section(make_repo, run_cli) -> None:
    """``#### Common mistakes`` over examples each led by the mistake it
    shows (``Passing milliseconds:``): each one is to avoid, not only the
    first (before, the second was checked: PRM003 on ``ms``). A heading of
    its level, or a deeper one or a label calling an example right, ends it."""
    for body in (
        f"#### Common mistakes\nNo arguments:\n`{GOOD}`\nPassing milliseconds:\n`{BAD}`\n",
        f"## Anti-patterns\n### wait in a loop\nPolling:\n```json\n{BAD}\n```\n",
        f"#### Wrong\n```json\n{GOOD}\n```\nAlso:\n```json\n{BAD}\n```\n",
        f"### Common pitfalls\nPassing milliseconds:\n`{BAD}`\n",
        f"### Mistakes to avoid\nPassing milliseconds:\n`{BAD}`\n",
        f"### What to avoid\n`{BAD}`\n",
    ):
        assert _wait(make_repo, run_cli, body) == [], body
    for body in (
        f"#### Common mistakes\nPassing hours.\n\n#### Usage\nPolling:\n`{BAD}`\n",
        f"#### Common mistakes\nPassing hours.\n\n##### Correct\n`{BAD}`\n",
        f"#### Common mistakes\nPassing hours.\n\nCorrect:\n`{BAD}`\n",
        f"#### Don't poll\n\n### Usage\n`{BAD}`\n",
    ):
        found = _wait(make_repo, run_cli, body)
        assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)


def test_the_fix_shown_in_a_section_of_mistakes_is_read(make_repo, run_cli) -> None:
    """Under ``## Common mistakes``, the mistake is to avoid, but the fix
    shown after it (``Do this:``, ``Fix:``, ``Use a number instead:``, a
    table's ``Right`` column) is taught: its `ms` is reported (PRM003), as
    it was before headings labelled their sections; the mistake is not."""
    mistake = (
        f"## Common mistakes\nPassing a string:\n```json\n{BAD.replace('ms', 'seconds')}\n```\n"
    )
    for fix in ("Do this:", "Fix:", "Use a number instead:", "Instead, write:", "It should be:"):
        body = f"{mistake}{fix}\n```json\n{BAD}\n```\n"
        found = _wait(make_repo, run_cli, body)
        assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)
    # a label telling the mistake, not the fix: still to avoid
    assert _wait(make_repo, run_cli, f"{mistake}Passing `ms` instead:\n`{BAD}`\n") == []
    body = f"## Common mistakes\n| Wrong | Right |\n|---|---|\n| `{GOOD}` | `{BAD}` |\n"
    found = _wait(make_repo, run_cli, body)
    assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)


def test_a_last_sentence_calling_right_or_telling_what_to_always_do_shows_the_fix(
    make_repo, run_cli
) -> None:
    """Under ``### Common pitfalls`` (or ``## Common mistakes``), a lead whose
    last sentence calls the example right (``Forgetting it. Correct:``,
    ``Olvidar `seconds`. Correcto:``) or tells what to always do (``Waiting
    with no end blocks the agent. Always pass it:``) shows the call to
    follow: it was read as a mistake, its `ms` unchecked (PRM003), and an
    argument only it gives was never taught (PRM004). One telling the
    mistake (``Always waiting:``) still leads one to avoid."""
    leads = (
        "Forgetting it waits zero seconds. Always pass it:",
        "Always give one:",
        "Forgetting it waits zero seconds. Correct:",
        "Olvidar `seconds`. Correcto:",
    )
    for heading in ("### Common pitfalls", "## Common mistakes", "### Errores comunes"):
        for lead in leads:
            body = f"{heading}\n{lead}\n```json\n{BAD}\n```\n"
            found = _wait(make_repo, run_cli, body)
            assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)
        body = f"{heading}\nAlways waiting:\n```json\n{BAD}\n```\n"
        assert _wait(make_repo, run_cli, body) == [], body


def test_a_sentence_telling_what_to_always_give_in_other_languages_shows_the_fix(
    make_repo, run_cli
) -> None:
    """Under ``### Häufige Fehler`` (or a title of mistakes in French,
    Spanish, Chinese, Japanese or Russian), a lead telling in its language
    what to always give (``Immer angeben:``, ``Gib immer eine Dauer an:``)
    shows the call to follow: it was read as a mistake, its `ms` unchecked
    (PRM003). One telling the mistake (``Immer warten:``) still leads one
    to avoid."""
    for heading, leads, mistake in (
        (
            "### Häufige Fehler",
            ("Immer angeben:", "Null blockiert. Gib immer eine Dauer an:"),
            "Immer warten:",
        ),
        ("### Erreurs courantes", ("Indiquez toujours une durée :",), "Toujours attendre :"),
        ("### Errores comunes", ("Siempre indica una duración:",), "Siempre esperar:"),
        ("### 常见错误", ("等待会阻塞。务必提供时长：",), "总是等待："),
        ("### よくある間違い", ("必ず時間を指定してください：",), "待つだけ："),
        ("### Типичные ошибки", ("Всегда указывайте время:",), "Всегда ждать:"),
    ):
        for lead in leads:
            body = f"{heading}\n{lead}\n```json\n{BAD}\n```\n"
            found = _wait(make_repo, run_cli, body)
            assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)
        body = f"{heading}\n{mistake}\n```json\n{BAD}\n```\n"
        assert _wait(make_repo, run_cli, body) == [], body


def test_a_sentence_telling_what_was_always_done_or_noted_wrong_shows_a_mistake(
    make_repo, run_cli
) -> None:
    """In a section of mistakes, a lead telling what the model always did
    (``Immer `ms` statt `seconds` angegeben:``, a past participle) or one
    whose note calls it wrong (``Always use `ms` (wrong):``,
    ``总是使用毫秒（错误）：``) leads a call to avoid: PRM003 said its `ms`
    was taught."""
    for heading, lead in (
        ("### Häufige Fehler", "Immer `ms` statt `seconds` angegeben:"),
        ("### Common mistakes", "Always use `ms` (wrong):"),
        ("### 常见错误", "总是使用毫秒（错误）："),
        ("### よくある間違い", "必ず ms を使用する（誤り）："),
    ):
        body = f"{heading}\n{lead}\n```json\n{BAD}\n```\n"
        assert _wait(make_repo, run_cli, body) == [], body


def test_a_question_or_a_word_made_of_mistake_labels_nothing(make_repo, run_cli) -> None:
    """A heading asking a question (``### Doesn't work with long pauses?``,
    a troubleshooting entry whose section shows what to do) and
    ``**Mistake-free usage**``, ``## Bad-request handling`` (a word joined
    to the next by a hyphen) do not say an example is wrong: its `ms` is
    reported (PRM003)."""
    for body in (
        f"### Doesn't work with long pauses?\n\nSplit the pause.\n\n```json\n{BAD}\n```\n",
        f"### Fails?\n```json\n{BAD}\n```\n",
        f"**Mistake-free usage**\n```json\n{BAD}\n```\n",
        f"## Mistake-proof calls\nAlways pass a number:\n```json\n{BAD}\n```\n",
        f"## Bad-request handling\nA call the tool accepts:\n```json\n{BAD}\n```\n",
        f"Invalid-input handling:\n```json\n{BAD}\n```\n",
    ):
        found = _wait(make_repo, run_cli, body)
        assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)


def test_a_section_of_mistakes_in_another_language_labels_its_examples(make_repo, run_cli) -> None:
    """``### Häufige Fehler``, ``### Erreurs courantes``, ``### 常见错误``:
    the title of a section of mistakes, as ``#### Common mistakes`` is; its
    examples were checked as calls to follow (PRM003 on `ms`). The fix shown
    after a mistake in that language (``Richtig:``, ``正确示例：``) is read,
    and a heading of errors alone (``### Fehler``) labels nothing."""
    for heading in (
        "H\u00e4ufige Fehler",
        "Erreurs courantes",
        "Errores comunes",
        "\u5e38\u89c1\u9519\u8bef",  # 常见错误
        "\u3088\u304f\u3042\u308b\u9593\u9055\u3044",  # よくある間違い
        "\u0422\u0438\u043f\u0438\u0447\u043d\u044b\u0435 \u043e\u0448\u0438\u0431\u043a\u0438",
    ):
        body = f"### {heading}\nMillisekunden:\n```json\n{BAD}\n```\n"
        assert _wait(make_repo, run_cli, body) == [], heading
    for body in (
        f"### H\u00e4ufige Fehler\nText:\n`{GOOD}`\n\nRichtig:\n```json\n{BAD}\n```\n",
        f"### \u5e38\u89c1\u9519\u8bef\n`{GOOD}`\n\n\u6b63\u786e\u793a\u4f8b\uff1a\n`{BAD}`\n",
        f"### Erreurs courantes\n`{GOOD}`\n\n\u00c0 la place :\n`{BAD}`\n",
        f"### Fehler\nBei einem Fehler erneut:\n```json\n{BAD}\n```\n",
    ):
        found = _wait(make_repo, run_cli, body)
        assert len(found) == 1 and " PRM003 argument `ms` " in found[0], (body, found)
