"""A directory below the root that holds a repository of its own (a ``.git``
directory: a plugin's checkout of the framework it extends, kept inside the
plugin's repository and ignored by its git) holds another project's files: no
run checks them or writes into them, as if an exclude glob named it. A
submodule (whose ``.git`` is a file) is part of the project and is checked."""

from __future__ import annotations

from pathlib import Path

from samples import clean_files

from doxtool.rules.examples import WAIT_PY

#: the framework checkout kept inside the project: a tool without a
#: companion, a companion gone stale, and an AGENTS.md no index lists
VENDORED = {
    "agent-zero/tools/AGENTS.md": (
        "# Agent Tools DOX\n\n## Local Contracts\n\n- This directory is a file-documented"
        " DOX profile: every direct `*.py` tool module must have a same-directory"
        " `*.py.dox.md` file.\n"
    ),
    "agent-zero/tools/other.py": WAIT_PY.replace("WaitTool", "OtherTool"),
    "agent-zero/tools/gone.py.dox.md": "# gone.py DOX\n\n## Purpose\n- Nothing.\n",
    "agent-zero/AGENTS.md": "# Agent Zero\n\nNo sections here.\n",
    "agent-zero/prompts/agent.system.tool.missing.md": "### missing\nCall it.\n",
}


def _tree(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and ".doxtool_cache" not in p.parts and ".git" not in p.parts
    }


def test_a_repository_kept_inside_the_project_is_not_checked(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), **VENDORED})
    (root / "agent-zero" / ".git").mkdir()
    result = run_cli(root, "check", "--no-cache")
    assert "agent-zero/" not in result.output


def test_fix_writes_nothing_into_a_repository_kept_inside(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), **VENDORED, "tools/new.py": WAIT_PY.replace("Wait", "New")})
    (root / "agent-zero" / ".git").mkdir()
    before = {k: v for k, v in _tree(root).items() if k.startswith("agent-zero/")}
    result = run_cli(root, "check", "--fix", "--no-cache")
    after = _tree(root)
    assert {k: v for k, v in after.items() if k.startswith("agent-zero/")} == before
    # the project's own module got its companion
    assert "tools/new.py.dox.md" in after, result.output


def test_the_same_directory_without_a_repository_of_its_own_is_checked(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), **VENDORED})
    result = run_cli(root, "check", "--no-cache")
    assert result.exit_code == 1
    assert "agent-zero/tools/other.py:1:1: DOX001" in result.output, result.output


def test_a_submodule_is_part_of_the_project(make_repo, run_cli) -> None:
    root = make_repo(
        {
            **clean_files(),
            "plugins/notes/plugin.yaml": "name: notes\n",
            "plugins/notes/tools/notes.py": WAIT_PY.replace("WaitTool", "NotesTool"),
            # a submodule's ``.git`` is a file pointing into the superproject's
            "plugins/notes/.git": "gitdir: ../../.git/modules/plugins/notes\n",
        }
    )
    result = run_cli(root, "check", "--no-cache", "--select", "DOX001")
    assert "plugins/notes/tools/notes.py:1:1: DOX001" in result.output, result.output


def test_a_path_named_in_a_repository_kept_inside_is_passed_over(make_repo, run_cli) -> None:
    root = make_repo({**clean_files(), **VENDORED})
    (root / "agent-zero" / ".git").mkdir()
    result = run_cli(root, "check", "--no-cache", "agent-zero/tools/other.py")
    assert result.exit_code == 0, result.output
    assert "DOX001" not in result.output


def test_a_repository_kept_deeper_is_not_checked_and_its_siblings_are(make_repo, run_cli) -> None:
    deep = {f"plugins/vendor/{k}": v for k, v in VENDORED.items()}
    sibling = {"plugins/vendor/tools/own.py": WAIT_PY.replace("WaitTool", "OwnTool")}
    root = make_repo({**clean_files(), **deep, **sibling})
    (root / "plugins" / "vendor" / "agent-zero" / ".git").mkdir()
    result = run_cli(root, "check", "--no-cache", "--select", "DOX001")
    assert "plugins/vendor/agent-zero/" not in result.output, result.output
    assert "plugins/vendor/tools/own.py:1:1: DOX001" in result.output, result.output
