"""Sections a person titled in other words or another language (``##
Zweck``, ``## Überprüfung``): a required section missing by its title may be
one of them, so no English heading is written beside them."""

from __future__ import annotations

from pathlib import Path

import pytest

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

PROMPT = "### wait\nPause.\nargs: optional `seconds`\n"
DOX = "tools/wait.py.dox.md"
GERMAN = {
    "Purpose": "Zweck",
    "Ownership": "Zuständigkeit",
    "Runtime Contracts": "Laufzeitverträge",
    "Key Concepts": "Schlüsselkonzepte",
    "Work Guidance": "Arbeitshinweise",
    "Verification": "Überprüfung",
    "Child DOX Index": "Untergeordnete DOX-Dateien",
}
BREAK_LOOP = "- `break_loop` of `WaitTool`: always `false`.\n"


def _repo(make_repo, dox: str) -> Path:
    return make_repo(
        {"tools/wait.py": WAIT_PY, DOX: dox, "prompts/agent.system.tool.wait.md": PROMPT}
    )


def _retitled(titles: dict[str, str]) -> str:
    dox = WAIT_DOX
    for title, other in titles.items():
        dox = dox.replace(f"\n## {title}\n", f"\n## {other}\n")
    return dox


def _fixed(run_cli, root: Path) -> str:
    """The companion after ``--fix``; a second ``--fix`` changes nothing."""
    run_cli(root, "check", "--no-cache", "--fix")
    fixed = (root / DOX).read_text(encoding="utf-8")
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == fixed
    return fixed


def test_sections_titled_in_another_language_are_not_called_missing(make_repo, run_cli) -> None:
    dox = _retitled(GERMAN)
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache")
    assert result.output == "All checks passed.\n"
    assert _fixed(run_cli, root) == dox


def test_a_missing_fact_line_goes_beside_its_neighbours_under_the_persons_heading(
    make_repo, run_cli
) -> None:
    """The ``break_loop`` line goes after the arguments block under ``##
    Laufzeitverträge``: no ``## Runtime Contracts`` heading is added for it,
    nor, after it, the other sections' English headings."""
    dox = _retitled(GERMAN)
    root = _repo(make_repo, dox.replace(BREAK_LOOP, ""))
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX120" in found and "DOX102" not in found, found
    assert _fixed(run_cli, root) == dox


def test_fewer_headings_in_other_words_than_missing_sections_get_no_fix(make_repo, run_cli) -> None:
    """Two sections in other words, seven missing by title: some are
    missing, but not known which, and no heading is written beside them."""
    titles = {**GERMAN, "Purpose": "Overview", "Ownership": "Usage"}
    dox = _retitled(titles)
    for title in ("Runtime Contracts", "Key Concepts", "Work Guidance", "Verification"):
        dox = dox.replace(f"\n## {GERMAN[title]}\n", "\n")
    dox = dox.replace(f"\n## {GERMAN['Child DOX Index']}\n", "\n## Notes\n")
    root = _repo(make_repo, dox)
    found = [f for f in run_cli(root, "check", "--no-cache").output.splitlines() if "DOX102" in f]
    assert len(found) == 7, found
    assert all(
        "(unless one of `## Overview`, `## Usage`, `## Notes` is it in other words)" in f
        and not f.endswith("[*]")
        for f in found
    ), found
    assert "\n## Purpose\n" not in _fixed(run_cli, root)


def test_a_heading_in_other_words_elsewhere_keeps_the_missing_section_fixed(
    make_repo, run_cli
) -> None:
    """Near miss: ``## Notes`` after the last section is not where
    Verification goes: the section is missing, and the fix writes it."""
    dox = WAIT_DOX.replace("## Verification\n- Run the tool with `seconds` 0.\n\n", "")
    root = _repo(make_repo, dox + "\n## Notes\n- Run the tool with `seconds` 0.\n")
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX102 section `## Verification` is missing [*]" in found, found
    assert "\n## Verification\n" in _fixed(run_cli, root)


def test_a_section_none_of_whose_fact_lines_are_written_is_missing_beside_other_headings(
    make_repo, run_cli
) -> None:
    """Near miss: ``## Examples`` stands where Runtime Contracts goes, but
    the companion has none of that section's fact lines anywhere: its
    content is nowhere, so the section is missing, and the fix writes it."""
    start, end = WAIT_DOX.index("## Runtime Contracts\n"), WAIT_DOX.index("## Key Concepts\n")
    examples = "## Examples\n- Wait with `seconds` 5.\n\n"
    root = _repo(make_repo, WAIT_DOX[:start] + examples + WAIT_DOX[end:])
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX102 section `## Runtime Contracts` is missing [*]" in found, found
    assert _fixed(run_cli, root) == WAIT_DOX[:start] + examples + WAIT_DOX[start:]


def test_a_lead_under_another_known_section_holds_no_missing_section(make_repo, run_cli) -> None:
    """A label over the class under ``## Work Guidance`` (``**When
    extending:**`` then `` - `WaitTool`: keep it stateless.``) is not
    Ownership's content: the ``## Zuständigkeit`` in its place is not taken
    for it, and ``## Ownership`` is still reported missing."""
    dox = WAIT_DOX.replace(
        "## Ownership\n- Classes:\n- `WaitTool` (`Tool`)\n"
        "  - `async execute(self, **kwargs) -> Response`\n",
        "## Zuständigkeit\n- Owned by the scheduling team.\n",
    ).replace(
        "## Work Guidance\n- Keep waits short.\n",
        "## Work Guidance\n- Keep waits short.\n\n**When extending:**\n\n"
        "- `WaitTool`: keep it stateless.\n",
    )
    root = _repo(make_repo, dox)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX102")
    assert f"{DOX}:9:1: DOX102 section `## Ownership` is missing [*]" in result.output
    assert "\n## Ownership\n" in _fixed(run_cli, root)


SPANISH = {
    "Purpose": "Propósito",
    "Ownership": "Responsabilidad",
    "Runtime Contracts": "Contratos de ejecución",
    "Key Concepts": "Conceptos clave",
    "Work Guidance": "Guía de trabajo",
    "Verification": "Verificación",
    "Child DOX Index": "Índice de DOX hijos",
}
RUSSIAN = {
    "Purpose": "Назначение",
    "Ownership": "Ответственность",
    "Runtime Contracts": "Контракты выполнения",
    "Key Concepts": "Ключевые понятия",
    "Work Guidance": "Рекомендации",
    "Verification": "Проверка",
    "Child DOX Index": "Дочерние DOX",
}
JAPANESE = {
    "Purpose": "目的",
    "Ownership": "担当",
    "Runtime Contracts": "実行時の契約",
    "Key Concepts": "主要な概念",
    "Work Guidance": "作業の指針",
    "Verification": "検証",
    "Child DOX Index": "子DOX一覧",
}


def _in_own_words(titles: dict[str, str]) -> str:
    """The companion retitled, with the Runtime Contracts and Key Concepts
    bodies written wholly in the person's words: doxtool reads none of
    those sections' fact lines."""
    dox = _retitled(titles)
    start = dox.index(f"## {titles['Runtime Contracts']}\n")
    end = dox.index(f"## {titles['Work Guidance']}\n")
    body = (
        f"## {titles['Runtime Contracts']}\n- Wartet `seconds` Sekunden.\n\n"
        f"## {titles['Key Concepts']}\n- Keine Nebenwirkungen.\n\n"
    )
    return dox[:start] + body + dox[end:]


@pytest.mark.parametrize("titles", [GERMAN, SPANISH, RUSSIAN, JAPANESE])
def test_sections_in_other_words_whose_fact_lines_are_unread_get_no_english_heading(
    make_repo, run_cli, titles: dict[str, str]
) -> None:
    """Every heading in another language: Runtime Contracts and Key Concepts
    share their place with the five sections titled in other words, so no
    English heading is written for them (at the end it would split that
    place, and the next pass would add the five others empty); the fact
    lines stand without a fix, and ``--fix`` changes nothing."""
    dox = _in_own_words(titles)
    root = _repo(make_repo, dox)
    found = run_cli(root, "check", "--no-cache").output
    missing = [f for f in found.splitlines() if "DOX102" in f]
    assert len(missing) == 2, found
    assert all("is it in other words)" in f and not f.endswith("[*]") for f in missing), found
    assert "[*]" not in found, found
    assert _fixed(run_cli, root) == dox


def test_sections_in_other_words_in_another_order_get_no_english_heading(
    make_repo, run_cli
) -> None:
    """The person's headings stand in an order of their own (Key Concepts'
    words before Runtime Contracts', Verification's before Work
    Guidance's): still no English heading is written beside them."""
    dox = _in_own_words(GERMAN)
    parts = dox.split("\n## ")
    head, sections = parts[0], parts[1:]
    order = [3, 2, 1, 0, 5, 4, 6]
    dox = "\n## ".join([head] + [sections[i] for i in order])
    root = _repo(make_repo, dox)
    found = run_cli(root, "check", "--no-cache").output
    assert "[*]" not in found, found
    assert _fixed(run_cli, root) == dox


def test_a_half_english_companion_gets_no_english_heading_beside_its_other_words(
    make_repo, run_cli
) -> None:
    """Purpose, Ownership and the last three sections in English; Runtime
    Contracts and Key Concepts in German, none of their fact lines read:
    both share the place of the two German headings, and no English
    heading is written beside them."""
    titles = {t: GERMAN[t] for t in ("Runtime Contracts", "Key Concepts")}
    dox = _in_own_words({**{t: t for t in GERMAN}, **titles})
    root = _repo(make_repo, dox)
    found = run_cli(root, "check", "--no-cache").output
    assert "## Laufzeitverträge" in found and "[*]" not in found, found
    assert _fixed(run_cli, root) == dox


def _runtime_contracts_as(heading: str, body: str) -> str:
    """WAIT_DOX with its Runtime Contracts section replaced by ``heading``
    over ``body`` (the other sections in English)."""
    start, end = WAIT_DOX.index("## Runtime Contracts\n"), WAIT_DOX.index("## Key Concepts\n")
    return WAIT_DOX[:start] + f"## {heading}\n{body}\n" + WAIT_DOX[end:]


@pytest.mark.parametrize(
    ("heading", "line"),
    [
        ("Laufzeitverträge", "- `WaitTool` ist ein `Tool`.\n- Keine Nebenwirkungen.\n"),
        ("Contrats d'exécution", "- `WaitTool` est un `Tool`.\n"),
        ("运行时约定", "- `WaitTool` 是一个 `Tool`。\n"),
    ],
)
def test_a_heading_whose_is_a_line_is_in_other_words_holds_its_section(
    make_repo, run_cli, heading: str, line: str
) -> None:
    """The one heading in Runtime Contracts' place says the ``is a`` line in
    the person's words: it is that section, so no English section is
    written beside it (with an ``is a`` line repeating theirs); the lines
    doxtool cannot read there stand without a fix."""
    dox = _runtime_contracts_as(heading, line)
    root = _repo(make_repo, dox)
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX102" not in found and "[*]" not in found, found
    said = "DOX106 the companion does not say that `WaitTool` is a `Tool` in a form doxtool reads"
    assert f"{DOX}:12:1: {said} (it cannot read line 12 as that line)" in found, found
    assert _fixed(run_cli, root) == dox


@pytest.mark.parametrize(
    "line",
    [
        "- `WaitTool` (`Tool`)\n",  # the names alone, no words: a class item
        "- `WaitTool` ist ein `Tool` mit `seconds`.\n",  # a third name
    ],
)
def test_a_heading_without_an_is_a_line_in_other_words_keeps_the_section_fixed(
    make_repo, run_cli, line: str
) -> None:
    """Near miss: the line under the one heading names more or less than
    the class and its base with words between: it is not the ``is a`` line,
    and the missing section is written as before."""
    root = _repo(make_repo, _runtime_contracts_as("Beispiele", line))
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX102 section `## Runtime Contracts` is missing [*]" in found, found
    assert "\n## Runtime Contracts\n" in _fixed(run_cli, root)


def test_a_heading_whose_is_a_line_is_in_other_words_holds_its_section_out_of_place(
    make_repo, run_cli
) -> None:
    """The person's Runtime Contracts stands after Work Guidance, out of
    doxtool's order: its ``is a`` line in their words still makes it the
    section, and no English one is written where Runtime Contracts goes."""
    start, end = WAIT_DOX.index("## Runtime Contracts\n"), WAIT_DOX.index("## Key Concepts\n")
    theirs = "## Laufzeitverträge\n- `WaitTool` ist ein `Tool`.\n\n"
    dox = WAIT_DOX[:start] + WAIT_DOX[end:]
    at = dox.index("## Verification\n")
    dox = dox[:at] + theirs + dox[at:]
    root = _repo(make_repo, dox)
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX102" not in found and "[*]" not in found, found
    assert _fixed(run_cli, root) == dox


def test_a_missing_line_goes_under_the_persons_heading_but_no_second_is_a_line(
    make_repo, run_cli
) -> None:
    """Under ``## Laufzeitverträge`` the person says the ``is a`` line in
    German beside fact lines doxtool reads: the missing ``break_loop`` line
    goes beside them, but no English ``is a`` line repeats theirs."""
    start, end = WAIT_DOX.index("## Runtime Contracts\n"), WAIT_DOX.index("## Key Concepts\n")
    body = WAIT_DOX[start:end].replace("## Runtime Contracts\n", "## Laufzeitverträge\n")
    body = body.replace("- `WaitTool` is a `Tool`.\n", "- `WaitTool` ist ein `Tool`.\n")
    dox = WAIT_DOX[:start] + body + WAIT_DOX[end:]
    root = _repo(make_repo, dox.replace(BREAK_LOOP, ""))
    found = run_cli(root, "check", "--no-cache").output
    assert "DOX120" in found and "DOX102" not in found, found
    assert _fixed(run_cli, root) == dox


def _missing(run_cli, root: Path) -> dict[str, bool]:
    """Each section DOX102 reports missing, and whether with a fix."""
    found = run_cli(root, "check", "--no-cache", "--select", "DOX102").output
    return {
        line.split("`## ")[1].split("`")[0]: line.endswith("[*]")
        for line in found.splitlines()
        if "DOX102" in line
    }


@pytest.mark.parametrize(
    ("headings", "kept"),
    [
        # the person's headings after Purpose: Work Guidance and the rest may be them
        (("Purpose", "Inputs", "Returns"), {"Work Guidance", "Verification", "Child DOX Index"}),
        # every heading in Chinese: Purpose may be one of them too
        (
            ("目的", "运行时约定", "示例"),
            {"Purpose", "Work Guidance", "Verification", "Child DOX Index"},
        ),
    ],
)
def test_sections_the_fix_writes_keep_the_persons_headings_for_the_others(
    make_repo, run_cli, headings: tuple[str, ...], kept: set[str]
) -> None:
    """The sections whose fact lines are nowhere are written among the
    person's headings so that each section reported without a fix (one of
    the person's headings may be it) still has some of them in its place:
    written at the end, they would leave Work Guidance, Verification and
    Child DOX Index nothing but themselves there, and the next round would
    write them as empty headings. ``--fix`` writes no section it said it
    would not, and the check after it reports none the first did not."""
    dox = "# wait.py DOX\n" + "".join(f"\n## {h}\n- Words of theirs.\n" for h in headings)
    root = _repo(make_repo, dox)
    before = _missing(run_cli, root)
    assert {title for title, fixed in before.items() if not fixed} == kept, before
    fixed = _fixed(run_cli, root)
    for title in kept:
        assert f"## {title}\n" not in fixed, fixed
    after = _missing(run_cli, root)
    assert not any(after.values()) and set(after) <= kept, after
    assert all(f"\n## {h}\n- Words of theirs.\n" in fixed for h in headings), fixed
