"""pre-commit: the hook manifest other repositories use, and this repository's own config.

The slow test meets the hooks the way a user does: a temporary git repository
with tools, companions and prompts, and ``pre-commit try-repo`` pointing at
this repository, which builds a virtualenv and pip-installs doxtool into it.
``try-repo`` sees committed and modified tracked files but not new ones, so
while the working tree has new files the test points it at a committed
snapshot of the working tree instead (tracked and new files alike, ignored
ones left out): either way it tests exactly the code being changed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from samples import UNTIL_PY, WAIT_PROMPT, clean_files, tool_named

from doxtool.rules.examples import FRAMEWORK, WAIT_PY

REPO_ROOT = Path(__file__).resolve().parents[1]
HOOK_IDS = ["doxtool", "doxtool-fix"]


def _manifest() -> list[dict]:
    return yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text())


def _pre_commit(*args: str, cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(home),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "NO_COLOR": "1",
    }
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", *args, "--color", "never"],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _git(cwd: Path, *args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }
    subprocess.run(["git", *args], cwd=cwd, env=env, check=True, capture_output=True)


def _user_repo(path: Path, files: dict[str, str]) -> Path:
    path.mkdir(parents=True)
    _git(path, "init", "-q")
    for rel, text in {**FRAMEWORK, **files}.items():
        target = path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    _git(path, "add", "-A")
    return path


# ---------------------------------------------------------------------------
# the manifest


def test_manifest_offers_a_checking_and_a_fixing_hook() -> None:
    hooks = {hook["id"]: hook for hook in _manifest()}
    assert list(hooks) == HOOK_IDS
    # never the whole repository: given no file, what staged deletions reach
    assert hooks["doxtool"]["entry"] == "doxtool check --only-paths"
    # a created companion is new to git: the hook fails so that it is staged
    assert hooks["doxtool-fix"]["entry"] == (
        "doxtool check --fix --exit-non-zero-on-fix --only-paths"
    )
    for hook in hooks.values():
        assert hook["language"] == "python"
        assert hook["pass_filenames"] is True
    for hook in hooks.values():
        # one process: batches would each print the cross-file findings they share
        assert hook["require_serial"] is True
        # pre-commit passes no deleted file: a deletion-only commit passes none
        assert hook["always_run"] is True


@pytest.mark.parametrize(
    ("path", "passed"),
    [
        ("tools/wait.py", True),
        ("plugins/memory/tools/recall.py", True),
        ("helpers/tool.py", True),
        ("tools/wait.py.dox.md", True),
        ("prompts/agent.system.tool.wait.md", True),
        ("agents/researcher/prompts/agent.system.tool.wait.md", True),
        ("plugins/memory/prompts/agent.system.tool.recall.md", True),
        ("README.md", False),
        ("docs/guide.md", False),
        ("tools/AGENTS.md", True),
        ("AGENTS.md", True),
        ("docs/NOT_AGENTS.md", False),
        # every prompt directory doxtool reads: the older layout's
        # prompts/default/ and its profiles' prompts/<profile>/, nested ones
        ("prompts/sub/notes.md", True),
        ("prompts/default/agent.system.tool.wait.md", True),
        ("prompts/research/agent.system.tool.wait.md", True),
        ("plugins/memory/agents/helper/prompts/agent.system.tool.recall.md", True),
        ("docs/prompts.md", False),
        ("prompts.md", False),
        ("pyproject.toml", False),
    ],
)
def test_hook_file_pattern(path: str, passed: bool) -> None:
    for hook in _manifest():
        assert bool(re.search(hook["files"], path)) is passed, (hook["id"], path)


def test_manifest_and_config_pass_pre_commits_own_validation(tmp_path: Path) -> None:
    home = tmp_path / "home"
    manifest = _pre_commit("validate-manifest", ".pre-commit-hooks.yaml", cwd=REPO_ROOT, home=home)
    assert manifest.returncode == 0, manifest.stdout + manifest.stderr
    config = _pre_commit("validate-config", ".pre-commit-config.yaml", cwd=REPO_ROOT, home=home)
    assert config.returncode == 0, config.stdout + config.stderr


@pytest.mark.slow
def test_own_config_runs_the_local_hook(tmp_path: Path) -> None:
    """The repository's .pre-commit-config.yaml (``repo: local``), on a small repository."""
    config = yaml.safe_load((REPO_ROOT / ".pre-commit-config.yaml").read_text())
    (repo,) = config["repos"]
    assert repo["repo"] == "local"
    assert repo["hooks"][0]["entry"] == "doxtool check --only-paths"
    user = _user_repo(tmp_path / "user", clean_files())
    shutil.copy(REPO_ROOT / ".pre-commit-config.yaml", user / ".pre-commit-config.yaml")
    _git(user, "add", "-A")
    home = tmp_path / "home"
    clean = _pre_commit("run", "doxtool", "--all-files", cwd=user, home=home)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    (user / "tools/wait.py").write_text(UNTIL_PY)
    _git(user, "add", "-A")
    drift = _pre_commit("run", "doxtool", "--files", "tools/wait.py", cwd=user, home=home)
    assert drift.returncode == 1
    assert "tools/wait.py.dox.md:14:1: DOX111 argument `until`" in drift.stdout


# ---------------------------------------------------------------------------
# the real thing: pre-commit try-repo, as another repository would use the hooks


def _listed(*options: str) -> list[str]:
    """``git ls-files`` of this repository (skips the test outside a git checkout)."""
    if not (REPO_ROOT / ".git").exists():
        pytest.skip("not a git checkout of doxtool")
    output = subprocess.run(
        ["git", "ls-files", "-z", "--exclude-standard", *options],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    ).stdout
    return [raw.decode() for raw in output.split(b"\0") if raw]


def _hook_repository(tmp_path: Path) -> Path:
    """This repository itself, or a committed snapshot while it has new files."""
    if not _listed("--others"):
        return REPO_ROOT
    return _snapshot(tmp_path / "doxtool-src")


def _snapshot(target: Path) -> Path:
    """A committed copy of this repository's working tree (new files included)."""
    for rel in _listed("--cached", "--others"):
        source = REPO_ROOT / rel
        if not source.is_file():
            continue  # deleted in the working tree
        destination = target / rel
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)
    _git(target, "init", "-q")
    _git(target, "add", "-A")
    _git(target, "commit", "-q", "-m", "snapshot")
    return target


@pytest.mark.slow
@pytest.mark.timeout(1200)  # a cold pip cache downloads doxtool's dependencies
def test_try_repo_hooks_fail_on_drift_and_pass_once_fixed(tmp_path: Path) -> None:
    source = _hook_repository(tmp_path)
    home = tmp_path / "pre-commit-home"
    files = clean_files()
    files["tools/wait.py"] = UNTIL_PY  # `until` is read but not documented
    user = _user_repo(tmp_path / "user", files)

    def try_repo(hook: str) -> subprocess.CompletedProcess[str]:
        result = _pre_commit("try-repo", str(source), hook, "--all-files", cwd=user, home=home)
        _git(user, "add", "-A")
        return result

    drift = try_repo("doxtool")
    assert drift.returncode == 1, drift.stdout + drift.stderr
    assert "DOX111 argument `until` is read at tools/wait.py:7 but not documented" in drift.stdout

    fixing = try_repo("doxtool-fix")
    assert fixing.returncode == 1, "pre-commit fails a hook that modified files"
    assert "files were modified by this hook" in fixing.stdout
    assert "  - `until`: optional string" in (user / "tools/wait.py.dox.md").read_text()

    for hook in HOOK_IDS:
        passed = try_repo(hook)
        assert passed.returncode == 0, passed.stdout + passed.stderr


# ---------------------------------------------------------------------------
# the manifest's hooks run by real pre-commit against commits that delete files


def _manifest_as_local_hooks(user: Path) -> None:
    """The manifest's hooks, run by this environment's doxtool (``language: system``)."""
    hooks = [{**hook, "language": "system"} for hook in _manifest()]
    config = {"repos": [{"repo": "local", "hooks": hooks}]}
    (user / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config, sort_keys=False))


def _committed_repo(path: Path, files: dict[str, str]) -> Path:
    user = _user_repo(path, files)
    _manifest_as_local_hooks(user)
    _git(user, "add", "-A")
    _git(user, "commit", "-q", "--no-verify", "-m", "start")
    return user


@pytest.mark.slow
@pytest.mark.parametrize("with_other_change", [False, True], ids=["only", "with-another-change"])
def test_a_commit_deleting_a_tool_module_is_checked(tmp_path: Path, with_other_change) -> None:
    user = _committed_repo(tmp_path / "user", {**clean_files(), **tool_named("other")})
    home = tmp_path / "home"
    _git(user, "rm", "-q", "tools/other.py")
    if with_other_change:
        (user / "tools/wait.py").write_text(WAIT_PY + "# a comment\n")
        _git(user, "add", "tools/wait.py")
    result = _pre_commit("run", "doxtool", cwd=user, home=home)
    output = result.stdout
    assert result.returncode == 1, output + result.stderr
    assert "(no files to check)" not in output
    assert "tools/other.py.dox.md:1:1: DOX002 " in output
    assert "prompts/agent.system.tool.other.md:1:5: PRM002 " in output


@pytest.mark.slow
def test_a_commit_deleting_a_prompt_is_checked(tmp_path: Path) -> None:
    user = _committed_repo(tmp_path / "user", {**clean_files(), **tool_named("other")})
    _git(user, "rm", "-q", "prompts/agent.system.tool.other.md")
    result = _pre_commit("run", "doxtool", cwd=user, home=tmp_path / "home")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "tools/other.py:4:1: PRM001 tool `other` has no prompt" in result.stdout


@pytest.mark.slow
def test_all_files_is_one_run_with_each_finding_once(tmp_path: Path) -> None:
    files = clean_files()
    for index in range(40):
        files.update(tool_named(f"t{index:02d}"))
    files["tools/wait.py"] = UNTIL_PY  # DOX111
    del files["prompts/agent.system.tool.t07.md"]  # PRM001
    user = _committed_repo(tmp_path / "user", files)
    result = _pre_commit("run", "doxtool", "--all-files", cwd=user, home=tmp_path / "home")
    assert result.returncode == 1, result.stdout + result.stderr
    printed = [line for line in result.stdout.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    direct = subprocess.run(
        [str(Path(sys.executable).with_name("doxtool")), "check"],
        cwd=user,
        capture_output=True,
        text=True,
        timeout=120,
    )
    expected = [line for line in direct.stdout.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    assert printed == expected
    assert len(printed) == len(set(printed)) == 2
    # one run prints one summary line (batches would print one each)
    summaries = re.findall(r"^(?:Found \d+ findings?|All checks passed)", result.stdout, re.M)
    assert summaries == ["Found 2 findings"]


@pytest.mark.slow
def test_a_commit_changing_no_file_doxtool_reads_passes(tmp_path: Path) -> None:
    """Drift already committed holds up no commit that does not touch it."""
    files = {**clean_files(), "tools/wait.py": UNTIL_PY}
    user = _committed_repo(tmp_path / "user", files)
    (user / "README.md").write_text("docs\n")
    (user / "style.css").write_text("body {}\n")
    _git(user, "add", "README.md", "style.css")
    before = (user / "tools/wait.py.dox.md").read_text()
    for hook in HOOK_IDS:
        result = _pre_commit("run", hook, cwd=user, home=tmp_path / "home")
        assert result.returncode == 0, result.stdout + result.stderr
    assert (user / "tools/wait.py.dox.md").read_text() == before
    # touching the drifted module is checked
    (user / "tools/wait.py").write_text(UNTIL_PY + "# a comment\n")
    _git(user, "add", "tools/wait.py")
    result = _pre_commit("run", "doxtool", cwd=user, home=tmp_path / "home")
    assert result.returncode == 1
    assert "tools/wait.py.dox.md:14:1: DOX111 argument `until`" in result.stdout


@pytest.mark.slow
def test_a_deletion_is_checked_without_the_untouched_drift(tmp_path: Path) -> None:
    files = {**clean_files(), **tool_named("other"), "tools/wait.py": UNTIL_PY}
    user = _committed_repo(tmp_path / "user", files)
    _git(user, "rm", "-q", "tools/other.py")
    result = _pre_commit("run", "doxtool", cwd=user, home=tmp_path / "home")
    assert result.returncode == 1, result.stdout + result.stderr
    printed = [line for line in result.stdout.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    assert [line.split(" ", 2)[1] for line in printed] == ["PRM002", "PRM002", "DOX002"]


@pytest.mark.slow
def test_the_fixing_hook_fails_when_it_creates_a_companion(tmp_path: Path) -> None:
    user = _committed_repo(tmp_path / "user", clean_files())
    new = tool_named("clock")
    del new["tools/clock.py.dox.md"]
    for rel, text in new.items():
        (user / rel).write_text(text)
    _git(user, "add", *new)
    home = tmp_path / "home"
    created = _pre_commit("run", "doxtool-fix", cwd=user, home=home)
    assert created.returncode == 1, created.stdout + created.stderr
    assert "--fix wrote (stage them): tools/clock.py.dox.md" in created.stdout
    assert (user / "tools/clock.py.dox.md").is_file()
    _git(user, "add", "tools/clock.py.dox.md")
    staged = _pre_commit("run", "doxtool-fix", cwd=user, home=home)
    assert staged.returncode == 0, staged.stdout + staged.stderr


@pytest.mark.slow
def test_prompts_of_the_older_layout_are_passed(tmp_path: Path) -> None:
    files = {
        "tools/wait.py": WAIT_PY,
        "tools/wait.py.dox.md": clean_files()["tools/wait.py.dox.md"],
        "prompts/default/agent.system.tools.md": clean_files()["prompts/agent.system.tools.md"],
        "prompts/default/agent.system.tool.wait.md": WAIT_PROMPT,
        "doxtool.toml": 'prompt-dirs = ["prompts/default"]\n',
    }
    user = _committed_repo(tmp_path / "user", files)
    prompt = user / "prompts/default/agent.system.tool.wait.md"
    prompt.write_text(WAIT_PROMPT.replace("optional `seconds`", "optional `seconds`, `pin`"))
    (user / "helpers/extra.py").write_text("x = 1\n")  # another file: no whole check
    _git(user, "add", "-A")
    result = _pre_commit("run", "doxtool", cwd=user, home=tmp_path / "home")
    assert result.returncode == 1, result.stdout + result.stderr
    assert (
        "prompts/default/agent.system.tool.wait.md:3:28: PRM003 argument `pin` is taught "
        "for `wait`" in result.stdout
    )


@pytest.mark.slow
def test_a_companion_left_untracked_fails_the_hooks_until_staged(tmp_path: Path) -> None:
    """pre-commit stashes unstaged changes but leaves untracked files on disk:
    a companion never added is there while the hooks run, not in the commit."""
    user = _committed_repo(tmp_path / "user", clean_files())
    new = tool_named("clock")
    for rel, text in new.items():
        (user / rel).write_text(text)
    _git(user, "add", "tools/clock.py", "prompts/agent.system.tool.clock.md")
    home = tmp_path / "home"
    for hook in HOOK_IDS:
        result = _pre_commit("run", hook, cwd=user, home=home)
        assert result.returncode == 1, result.stdout + result.stderr
        assert (
            "tools/clock.py:1:1: DOX001 module has no companion in the commit: "
            "`tools/clock.py.dox.md` exists, but git does not track it" in result.stdout
        )
    assert (user / "tools/clock.py.dox.md").read_text() == new["tools/clock.py.dox.md"]
    _git(user, "add", "tools/clock.py.dox.md")
    for hook in HOOK_IDS:
        result = _pre_commit("run", hook, cwd=user, home=home)
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_a_companion_the_fixing_hook_created_fails_it_until_staged(tmp_path: Path) -> None:
    user = _committed_repo(tmp_path / "user", clean_files())
    new = tool_named("clock")
    del new["tools/clock.py.dox.md"]
    for rel, text in new.items():
        (user / rel).write_text(text)
    _git(user, "add", *new)
    home = tmp_path / "home"
    created = _pre_commit("run", "doxtool-fix", cwd=user, home=home)
    assert "--fix wrote (stage them): tools/clock.py.dox.md" in created.stdout
    # run again without staging it: the commit would still go in without it
    again = _pre_commit("run", "doxtool-fix", cwd=user, home=home)
    assert again.returncode == 1, again.stdout + again.stderr
    assert "tools/clock.py:1:1: DOX001 module has no companion in the commit" in again.stdout


@pytest.mark.slow
def test_a_monorepos_projects_are_each_checked_under_their_own_configuration(
    tmp_path: Path,
) -> None:
    """The hooks run at the git root and pass the files of every project."""
    files: dict[str, str] = {}
    for project, config in (("a", 'ignore = ["PRM"]\n'), ("b", "")):
        for rel, text in {**FRAMEWORK, **clean_files(), "doxtool.toml": config}.items():
            files[f"projects/{project}/{rel}"] = text
    user = _committed_repo(tmp_path / "user", files)
    for project in ("a", "b"):
        (user / f"projects/{project}/tools/wait.py").write_text(UNTIL_PY)
        _git(user, "rm", "-q", f"projects/{project}/prompts/agent.system.tool.wait.md")
    new = {f"projects/a/{rel}": text for rel, text in tool_named("clock").items()}
    for rel, text in new.items():
        (user / rel).write_text(text)
    _git(user, "add", "-A")
    _git(user, "reset", "-q", "projects/a/tools/clock.py.dox.md")  # left untracked
    home = tmp_path / "home"
    result = _pre_commit("run", "doxtool", cwd=user, home=home)
    assert result.returncode == 1, result.stdout + result.stderr
    printed = [line for line in result.stdout.splitlines() if re.match(r"\S+:\d+:\d+: ", line)]
    assert [line.split(" ", 2)[:2] for line in printed] == [
        ["projects/a/tools/clock.py:1:1:", "DOX001"],
        ["projects/a/tools/wait.py.dox.md:14:1:", "DOX111"],
        ["projects/b/tools/wait.py:4:1:", "PRM001"],
        ["projects/b/tools/wait.py.dox.md:14:1:", "DOX111"],
    ]
    fixing = _pre_commit("run", "doxtool-fix", cwd=user, home=home)
    assert "  - `until`: optional string" in (user / "projects/a/tools/wait.py.dox.md").read_text()
    assert "files were modified by this hook" in fixing.stdout
