"""The options the pre-commit hooks run ``check`` with, through the real CLI in
real git repositories: ``--only-paths`` (given no PATHS, check what the
deletions staged for the next commit reach, never the whole repository) and
``--exit-non-zero-on-fix`` (a fix that wrote a file fails the run)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from samples import UNTIL_PY, clean_files, tool_named, write_files

from doxtool.rules.examples import FRAMEWORK


def _git(root: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True)


def _committed(root: Path, files: dict[str, str]) -> Path:
    """A git repository holding the framework and ``files``, all committed."""
    (root / ".git").rmdir()  # the marker every test's root gets: a real repository instead
    _git(root, "init", "-q")
    write_files(root, {**FRAMEWORK, **files})
    _git(root, "add", "-A")
    _git(root, "commit", "-q", "-m", "start")
    return root


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": DOX" in line or ": PRM" in line]


DRIFT = "tools/wait.py.dox.md:14:1: DOX111 argument `until`"


def test_only_paths_with_no_deletion_checks_nothing(tmp_path, run_cli) -> None:
    files = {**clean_files(), "tools/wait.py": UNTIL_PY}  # drift, committed
    root = _committed(tmp_path, files)
    (root / "README.md").write_text("docs\n")
    _git(root, "add", "README.md")
    whole = run_cli(root, "check", "--no-cache")
    assert whole.exit_code == 1 and _findings(whole.output)[0].startswith(DRIFT)
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 0, result.output
    assert _findings(result.output) == []
    assert "nothing checked" in result.output
    # PATHS given: the same run over them as without the option
    given = run_cli(root, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert given.exit_code == 1 and _findings(given.output)[0].startswith(DRIFT)


def test_only_paths_in_the_first_commit_checks_nothing(tmp_path, run_cli) -> None:
    """A branch with no commit yet: the first commit deletes nothing, so a
    hook given no PATHS checks nothing, not the whole working tree."""
    (tmp_path / ".git").rmdir()
    _git(tmp_path, "init", "-q")
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    (tmp_path / "README.md").write_text("docs\n")
    _git(tmp_path, "add", "README.md")  # the drifted tool is not even staged
    whole = run_cli(tmp_path, "check", "--no-cache")
    assert whole.exit_code == 1 and _findings(whole.output)[0].startswith(DRIFT)
    result = run_cli(tmp_path, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 0, result.output
    assert _findings(result.output) == []
    assert "nothing checked" in result.output
    given = run_cli(tmp_path, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert given.exit_code == 1 and _findings(given.output)[0].startswith(DRIFT)


def test_only_paths_checks_what_staged_deletions_reach(tmp_path, run_cli) -> None:
    files = {**clean_files(), **tool_named("other"), **tool_named("third")}
    files["tools/wait.py"] = UNTIL_PY  # drift in a file no deletion reaches
    root = _committed(tmp_path, files)
    _git(root, "rm", "-q", "tools/other.py", "prompts/agent.system.tool.third.md")
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 1
    assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == [
        ["prompts/agent.system.tool.other.md:1:5:", "PRM002"],
        ["prompts/agent.system.tool.other.md:5:57:", "PRM002"],
        ["tools/other.py.dox.md:1:1:", "DOX002"],
        ["tools/third.py:4:1:", "PRM001"],
    ]
    # a deleted companion: its module has none
    _git(root, "reset", "-q", "--hard")
    _git(root, "rm", "-q", "tools/third.py.dox.md")
    result = run_cli(root, "check", "--no-cache", "--only-paths")
    assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == [
        ["tools/third.py:1:1:", "DOX001"]
    ]


def test_only_paths_given_paths_checks_what_staged_deletions_reach_too(tmp_path, run_cli) -> None:
    """pre-commit passes the files a commit changes and never those it
    deletes: a commit deleting a companion or a tool prompt beside another
    change is judged as the deletion alone is (it passed)."""
    files = {**clean_files(), **tool_named("other"), **tool_named("third")}
    root = _committed(tmp_path, files)
    for deleted, expected in (
        ("tools/third.py.dox.md", [["tools/third.py:1:1:", "DOX001"]]),
        ("prompts/agent.system.tool.third.md", [["tools/third.py:4:1:", "PRM001"]]),
    ):
        _git(root, "reset", "-q", "--hard")
        _git(root, "rm", "-q", deleted)
        with (root / "tools/other.py").open("a") as handle:
            handle.write("# a change beside the deletion\n")
        _git(root, "add", "tools/other.py")
        alone = run_cli(root, "check", "--no-cache", "--only-paths")
        given = run_cli(root, "check", "--no-cache", "--only-paths", "tools/other.py")
        for result in (alone, given):
            assert result.exit_code == 1, result.output
            assert [line.split(" ", 2)[:2] for line in _findings(result.output)] == expected


def test_only_paths_outside_git_checks_the_whole_repository(tmp_path, run_cli) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), "tools/wait.py": UNTIL_PY})
    result = run_cli(tmp_path, "check", "--no-cache", "--only-paths")
    assert result.exit_code == 1 and _findings(result.output)[0].startswith(DRIFT)


def test_exit_non_zero_on_fix_fails_a_run_that_wrote_a_file(tmp_path, run_cli) -> None:
    files = {**clean_files(), **tool_named("clock")}
    del files["tools/clock.py.dox.md"]
    write_files(tmp_path, {**FRAMEWORK, **files})
    fixing = ["check", "--no-cache", "--fix", "--exit-non-zero-on-fix"]
    created = run_cli(tmp_path, *fixing, "tools/clock.py")
    assert created.exit_code == 1, created.output
    assert (tmp_path / "tools/clock.py.dox.md").is_file()
    assert "doxtool: --fix wrote (stage them): tools/clock.py.dox.md" in created.output
    assert _findings(created.output) == []
    # nothing left to write: the run passes
    again = run_cli(tmp_path, *fixing, "tools/clock.py")
    assert (again.exit_code, again.output) == (0, "All checks passed.\n")
    # without the option, a fix that leaves no finding passes
    (tmp_path / "tools/clock.py.dox.md").unlink()
    plain = run_cli(tmp_path, "check", "--no-cache", "--fix", "tools/clock.py")
    assert plain.exit_code == 0, plain.output
    refused = run_cli(tmp_path, "check", "--exit-non-zero-on-fix")
    assert refused.exit_code == 2
    assert "--exit-non-zero-on-fix goes with --fix" in refused.output


# ---------------------------------------------------------------------------
# --only-paths judges the tree the next commit holds: pre-commit stashes the
# unstaged changes of tracked files, but leaves untracked files on disk


def _clock_staged_without(root: Path, left_out: str) -> None:
    """The clock tool written, and all of it staged but ``left_out``."""
    new = tool_named("clock")
    write_files(root, new)
    _git(root, "add", *(rel for rel in new if rel != left_out))


def test_only_paths_reports_a_companion_the_commit_leaves_out(tmp_path, run_cli) -> None:
    root = _committed(tmp_path, clean_files())
    _clock_staged_without(root, "tools/clock.py.dox.md")
    written = (root / "tools/clock.py.dox.md").read_bytes()
    result = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert result.exit_code == 1, result.output
    assert _findings(result.output) == [
        "tools/clock.py:1:1: DOX001 module has no companion in the commit: "
        "`tools/clock.py.dox.md` exists, but git does not track it and it is not staged "
        "(`git add` it)"
    ]
    # no fix: the file is there, and what a person wrote in it is kept
    fixing = run_cli(
        root, "check", "--no-cache", "--fix", "--exit-non-zero-on-fix", "--only-paths",
        "tools/clock.py",
    )  # fmt: skip
    assert fixing.exit_code == 1, fixing.output
    assert "--fix wrote" not in fixing.output
    assert (root / "tools/clock.py.dox.md").read_bytes() == written
    # the tree on disk is what a check without the option judges
    assert run_cli(root, "check", "--no-cache", "tools/clock.py").exit_code == 0
    _git(root, "add", "tools/clock.py.dox.md")
    staged = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert (staged.exit_code, staged.output) == (0, "All checks passed.\n")


def test_only_paths_reports_a_prompt_the_commit_leaves_out(tmp_path, run_cli) -> None:
    root = _committed(tmp_path, clean_files())
    _clock_staged_without(root, "prompts/agent.system.tool.clock.md")
    result = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert result.exit_code == 1, result.output
    assert _findings(result.output) == [
        "tools/clock.py:4:1: PRM001 tool `clock` has no prompt in the commit: only "
        "`prompts/agent.system.tool.clock.md` teaches it, and git neither tracks it nor has "
        "it staged (`git add` it)"
    ]
    # a tracked prompt teaching it too is enough
    write_files(root, {"prompts/agent.system.tool.wait.md": "### clock\nargs: `seconds`\n"})
    _git(root, "add", "prompts/agent.system.tool.wait.md")
    taught = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert "PRM001" not in taught.output


def test_only_paths_reports_a_module_the_commit_leaves_out(tmp_path, run_cli) -> None:
    root = _committed(tmp_path, clean_files())
    _clock_staged_without(root, "tools/clock.py")
    result = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py.dox.md")
    assert result.exit_code == 1, result.output
    # the staged prompt teaches it too: the commit holds it without the tool
    prm002 = (
        "prompts/agent.system.tool.clock.md:{}: PRM002 prompt {} names tool `clock`, whose "
        "module `tools/clock.py` is not in the commit: it exists, but git does not track it "
        "and it is not staged (`git add` it)"
    )
    assert _findings(result.output) == [
        prm002.format("1:5", "heading"),
        prm002.format("5:57", "example"),
        "tools/clock.py.dox.md:1:1: DOX002 companion of `tools/clock.py`, which is not in the "
        "commit: it exists, but git does not track it and it is not staged (`git add` it)",
    ]


def test_only_paths_reports_a_prompt_teaching_a_tool_the_commit_leaves_out(
    tmp_path, run_cli
) -> None:
    """The prompt staged alone: the commit teaches a tool it does not hold."""
    root = _committed(tmp_path, clean_files())
    write_files(root, tool_named("clock"))
    _git(root, "add", "prompts/agent.system.tool.clock.md")
    prompt = "prompts/agent.system.tool.clock.md"
    assert run_cli(root, "check", "--no-cache", prompt).exit_code == 0
    result = run_cli(root, "check", "--no-cache", "--only-paths", prompt)
    assert result.exit_code == 1, result.output
    found = (
        "PRM002 prompt {} names tool `clock`, whose module `tools/clock.py` is not in the "
        "commit: it exists, but git does not track it and it is not staged (`git add` it)"
    )
    assert _findings(result.output) == [
        f"{prompt}:1:5: {found.format('heading')}",
        f"{prompt}:5:57: {found.format('example')}",
    ]
    # a module git ignores is kept out of the repository on purpose: not known
    (root / ".git/info/exclude").write_text("tools/clock.py\n")
    assert run_cli(root, "check", "--no-cache", "--only-paths", prompt).exit_code == 0
    (root / ".git/info/exclude").write_text("")
    _git(root, "add", "tools/clock.py", "tools/clock.py.dox.md")
    staged = run_cli(root, "check", "--no-cache", "--only-paths", prompt)
    assert (staged.exit_code, staged.output) == (0, "All checks passed.\n")


def test_a_tool_in_a_repository_of_its_own_is_not_reported_left_out(tmp_path, run_cli) -> None:
    """A plugin cloned into the work tree, not a submodule: whether the
    commit is meant to hold it is not known."""
    root = _committed(tmp_path, clean_files())
    plugin = root / "plugins/clock"
    write_files(plugin, {"tools/clock.py": tool_named("clock")["tools/clock.py"]})
    _git(plugin, "init", "-q")
    _git(plugin, "add", "-A")
    _git(plugin, "commit", "-q", "-m", "plugin")
    prompt = "prompts/agent.system.tool.clock.md"
    write_files(root, {prompt: tool_named("clock")[prompt]})
    _git(root, "add", prompt)
    result = run_cli(root, "check", "--no-cache", "--only-paths", prompt)
    assert "PRM002" not in result.output, result.output


@pytest.mark.parametrize("kept_out", ["ignored", "own repository"])
def test_a_prompt_git_would_not_add_is_not_reported_left_out(tmp_path, run_cli, kept_out) -> None:
    """A tool taught only by a plugin's prompt kept out of the repository on
    purpose (git ignores it, or it is a repository of its own): whether the
    commit is meant to hold it is not known."""
    files = clean_files()
    prompt = files.pop("prompts/agent.system.tool.wait.md")
    root = _committed(tmp_path, files)
    plugin = root / "plugins/extra"
    write_files(plugin, {"prompts/agent.system.tool.wait.md": prompt})
    if kept_out == "ignored":
        (root / ".git/info/exclude").write_text("plugins/extra/\n")
    else:
        _git(plugin, "init", "-q")
        _git(plugin, "add", "-A")
        _git(plugin, "commit", "-q", "-m", "plugin")
    assert run_cli(root, "check", "--no-cache").exit_code == 0
    result = run_cli(root, "check", "--no-cache", "--only-paths", "tools/wait.py")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_files_the_commit_leaves_out_together_are_not_reported(tmp_path, run_cli) -> None:
    """A module and its companion both untracked: the commit holds neither."""
    root = _committed(tmp_path, clean_files())
    write_files(root, tool_named("clock"))
    result = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_only_paths_without_git_judges_the_files_on_disk(tmp_path, run_cli, monkeypatch) -> None:
    write_files(tmp_path, {**FRAMEWORK, **clean_files(), **tool_named("clock")})
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path.parent))
    not_a_repository = run_cli(tmp_path, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert (not_a_repository.exit_code, not_a_repository.output) == (0, "All checks passed.\n")
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    root = _committed(tmp_path / "repo", {})
    write_files(root, tool_named("clock"))
    _git(root, "add", "tools/clock.py")
    monkeypatch.setenv("PATH", str(tmp_path / "no-git-here"))
    no_git = run_cli(root, "check", "--no-cache", "--only-paths", "tools/clock.py")
    assert (no_git.exit_code, no_git.output) == (0, "All checks passed.\n")


def test_a_companion_fix_creates_in_the_hook_mode_is_reported_until_staged(
    tmp_path, run_cli
) -> None:
    root = _committed(tmp_path, clean_files())
    _clock_staged_without(root, "tools/clock.py.dox.md")
    (root / "tools/clock.py.dox.md").unlink()
    created = run_cli(root, "check", "--no-cache", "--fix", "--only-paths", "tools/clock.py")
    assert created.exit_code == 1, created.output
    assert (root / "tools/clock.py.dox.md").is_file()
    assert [line.split(" ", 2)[:2] for line in _findings(created.output)] == [
        ["tools/clock.py:1:1:", "DOX001"]
    ]
    _git(root, "add", "tools/clock.py.dox.md")
    staged = run_cli(root, "check", "--no-cache", "--fix", "--only-paths", "tools/clock.py")
    assert (staged.exit_code, staged.output) == (0, "All checks passed.\n")


def test_a_deleted_prompt_brings_in_the_listings_that_include_it(tmp_path: Path, run_cli) -> None:
    """The listing includes a prompt the commit deletes: the hook and a run
    over the deleted file check the listing as it renders now, as a whole
    run does."""
    wrapper = (
        '## Tools\n{{ include "agent.system.tool.wait.md" }}\n'
        '{{ include "agent.system.tool.extra.md" }}\n'
    )
    files = {
        **clean_files(),
        "prompts/agent.system.tools.md": wrapper,
        "prompts/agent.system.tool.extra.md": "### extra notes\nSome text.\n",
        "pyproject.toml": "[tool.doxtool.profiles.default]\nbudget = 50\n",
    }
    root = _committed(tmp_path, files)
    _git(root, "rm", "-q", "prompts/agent.system.tool.extra.md")
    whole = _findings(run_cli(root, "check", "--select", "PRM009").output)
    assert len(whole) == 1 and "at least" in whole[0], whole
    assert _findings(run_cli(root, "check", "--only-paths", "--select", "PRM009").output) == whole
    given = run_cli(root, "check", "--select", "PRM009", "prompts/agent.system.tool.extra.md")
    assert _findings(given.output) == whole
    # deleted from the tree only, not from git's index: the same
    _git(root, "reset", "-q")
    given = run_cli(root, "check", "--select", "PRM009", "prompts/agent.system.tool.extra.md")
    assert _findings(given.output) == whole
    # a name git never held is a typo
    typo = run_cli(root, "check", "prompts/agent.system.tool.extr.md")
    assert typo.exit_code == 2 and "no such file" in typo.output


def test_a_file_staged_apart_from_a_commit_of_named_paths_is_not_told_to_be_added(
    tmp_path, run_cli, monkeypatch
) -> None:
    """``git commit <paths>`` gives its hook an index of ``HEAD`` and those
    paths alone (``GIT_INDEX_FILE``): a prompt staged but not named is left
    out of the commit, and ``git add`` would do nothing for it."""
    root = _committed(tmp_path, clean_files())
    write_files(root, tool_named("sleep"))
    _git(root, "add", "-A")
    monkeypatch.setenv("GIT_INDEX_FILE", str(root / ".git" / "next-index-1.lock"))
    _git(root, "read-tree", "HEAD")
    _git(root, "add", "tools/sleep.py", "tools/sleep.py.dox.md")
    named = ("tools/sleep.py", "tools/sleep.py.dox.md")
    result = run_cli(root, "check", "--no-cache", "--only-paths", *named)
    lead = "tools/sleep.py:4:1: PRM001 tool `sleep` has no prompt in the commit: only "
    lead += "`prompts/agent.system.tool.sleep.md` teaches it, and "
    assert _findings(result.output) == [
        lead + "git has it staged apart from this commit of named paths (name it too)"
    ]
    monkeypatch.delenv("GIT_INDEX_FILE")
    _git(root, "rm", "-q", "--cached", "prompts/agent.system.tool.sleep.md")
    monkeypatch.setenv("GIT_INDEX_FILE", str(root / ".git" / "next-index-1.lock"))
    result = run_cli(root, "check", "--no-cache", "--only-paths", *named)
    assert _findings(result.output) == [
        lead + "git neither tracks it nor has it staged (`git add` it)"
    ]
