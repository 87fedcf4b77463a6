"""A configuration that does not set ``convention`` is read with the one the
repository's companions follow, as ``doxtool init`` would write it, and the
run's answer is the same with the facts cache as without it."""

from __future__ import annotations

from pathlib import Path

from test_agent_zero_convention import AGENTS, HISTORY_DOX, HISTORY_PY, TEST_PY

from doxtool.api import load_project
from doxtool.run import convention
from doxtool.run.convention import detected_convention

NOTES_PY = "def note(text: str) -> str:\n    return text\n"
#: a companion written by hand: neither convention's generated lines
NOTES_BY_HAND = "# notes.py\n\nKeeps notes.\n"
#: one with a line of doxtool's own layout
NOTES_DOXTOOL = (
    "# notes.py DOX\n\n## Work Guidance\n\n- Change `notes.py` and this file together: "
    "`doxtool check` compares the fact lines here with the code.\n"
)
#: the same module's companion as the agent-zero generator writes it
NOTES_GENERATED = (
    HISTORY_DOX.replace("history.py", "notes.py")
    .replace("conversation history", "notes")
    .split("- Classes:")[0]
    + "- Top-level functions:\n- `note(text: str) -> str`\n\n"
    "## Local Contracts\n\n"
    "- Helper modules own reusable framework APIs and must preserve public callers unless "
    "all callers, tests, and docs are updated together.\n"
    "- Update this file whenever public functions, classes, persistence behavior, "
    "path/security assumptions, side effects, or cross-module contracts change.\n\n"
    "## Work Guidance\n\n- Keep it small.\n\n"
    "## Verification\n\n- Run targeted tests for changed helper behavior.\n"
    "- Related tests observed by source search: none found.\n"
)


def _repo(make_repo, config: str = "", **more: str) -> Path:
    return make_repo(
        {
            "pyproject.toml": '[project]\nname = "x"\n' + config,
            "helpers/AGENTS.md": AGENTS,
            "helpers/__init__.py": "",
            "helpers/files.py": "def save(text):\n    return text\n",
            "helpers/localization.py": "class Localization:\n    pass\n",
            "helpers/history.py": HISTORY_PY,
            "helpers/history.py.dox.md": HISTORY_DOX,
            "tests/test_history.py": TEST_PY,
            **more,
        }
    )


def _findings(run_cli, root: Path, *args: str) -> list[str]:
    result = run_cli(root, "check", "--select", "DOX1", *args)
    assert result.exit_code in (0, 1), result.output
    return [line for line in result.output.splitlines() if ": DOX" in line]


def test_agent_zero_companions_are_checked_by_their_convention_without_configuration(
    make_repo, run_cli
) -> None:
    root = _repo(make_repo)
    assert _findings(run_cli, root, "--no-cache") == []
    assert detected_convention(load_project(root, use_cache=False)).name == "agent-zero"


def test_a_configured_convention_is_used_as_it_is(make_repo, run_cli) -> None:
    root = _repo(make_repo, '\n[tool.doxtool]\nconvention = "doxtool"\n')
    findings = _findings(run_cli, root, "--no-cache")
    # doxtool's convention lists private methods: `_private` is missing there
    assert any("`Topic._private`" in line and "DOX105" in line for line in findings), findings
    assert load_project(root, use_cache=False).config.convention == "doxtool"


def test_companions_by_hand_count_for_neither_and_a_tie_is_doxtool(make_repo, run_cli) -> None:
    notes = {"helpers/notes.py": NOTES_PY}
    by_hand = {**notes, "helpers/notes.py.dox.md": NOTES_BY_HAND}
    root = _repo(make_repo, **by_hand)
    assert load_project(root, use_cache=False).config.convention == "agent-zero"
    assert not any("`Topic._private`" in line for line in _findings(run_cli, root, "--no-cache"))
    (root / "helpers/notes.py.dox.md").write_text(NOTES_DOXTOOL, encoding="utf-8")
    assert load_project(root, use_cache=False).config.convention == "doxtool"
    assert any("`Topic._private`" in line for line in _findings(run_cli, root, "--no-cache"))


def test_an_edited_companion_changes_the_convention_with_the_cache_as_without(
    make_repo, run_cli
) -> None:
    root = _repo(
        make_repo, **{"helpers/notes.py": NOTES_PY, "helpers/notes.py.dox.md": NOTES_DOXTOOL}
    )
    before = _findings(run_cli, root)
    assert before == _findings(run_cli, root, "--no-cache")
    assert any("`Topic._private`" in line for line in before)
    # doxtool's companion becomes a generated agent-zero one: two of two
    (root / "helpers/notes.py.dox.md").write_text(NOTES_GENERATED, encoding="utf-8")
    assert load_project(root).config.convention == "agent-zero"
    after = _findings(run_cli, root)
    assert after == _findings(run_cli, root, "--no-cache")
    assert not any("`Topic._private`" in line for line in after), after
    # and back
    (root / "helpers/notes.py.dox.md").write_text(NOTES_DOXTOOL + "\nMore.\n", encoding="utf-8")
    again = _findings(run_cli, root)
    assert again == _findings(run_cli, root, "--no-cache")
    assert any("`Topic._private`" in line for line in again)


def test_a_large_repository_is_decided_on_companions_spread_over_it(make_repo, monkeypatch) -> None:
    # six generated companions and four of doxtool's, a sample of five
    files = {}
    for index in range(10):
        name = f"helpers/m{index}.py"
        files[name] = NOTES_PY
        files[name + ".dox.md"] = NOTES_DOXTOOL if index % 5 in (1, 3) else NOTES_GENERATED
    root = _repo(make_repo, **files)
    read: list[str] = []
    real = convention._mark
    monkeypatch.setattr(convention, "_mark", lambda p, rel: read.append(rel) or real(p, rel))
    monkeypatch.setattr(convention, "SAMPLE", 5)
    assert load_project(root, use_cache=False).config.convention == "agent-zero"
    # every other one of the eleven, in path order, from the first
    assert read == [
        "helpers/history.py.dox.md",
        "helpers/m1.py.dox.md",
        "helpers/m3.py.dox.md",
        "helpers/m5.py.dox.md",
        "helpers/m7.py.dox.md",
    ]


def test_no_companions_means_doxtool_and_scaffold_follows_the_companions_there(
    make_repo, run_cli
) -> None:
    wrapper = {"prompts/agent.system.tools.md": "## Tools\n{{tools}}\n"}
    root = make_repo({"pyproject.toml": '[project]\nname = "x"\n', **wrapper})
    assert load_project(root, use_cache=False).config.convention == "doxtool"
    # a first tool scaffolded under a configured agent-zero convention ...
    (root / "doxtool.toml").write_text('convention = "agent-zero"\n', encoding="utf-8")
    assert run_cli(root, "scaffold", "web_fetch", "--arg", "url").exit_code == 0
    # ... and a second one with the configuration gone: the same layout
    (root / "doxtool.toml").unlink()
    assert run_cli(root, "scaffold", "web_search", "--arg", "query").exit_code == 0
    text = (root / "tools/web_search.py.dox.md").read_text(encoding="utf-8")
    assert "\n- Update this file whenever tool arguments, output shape" in text
    assert "when the module is added, removed, renamed" not in text  # doxtool's layout
    assert run_cli(root, "check").output == "All checks passed.\n"
