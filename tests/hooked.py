"""Shared set-up of the tests that run git and pre-commit for real: git
with a fixed identity and none of the caller's ``GIT_*`` settings, and the
manifest's checking hook installed as a local hook."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import yaml

REPO_ROOT = Path(__file__).resolve().parents[1]

GIT_IDENTITY = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
}


def git(root: Path, *args: str, env: dict[str, str] | None = None) -> str:
    """What ``git <args>`` prints in ``root``, with the test identity; the
    caller's ``GIT_*`` settings are dropped unless ``env`` is given."""
    base = (
        env
        if env is not None
        else {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    )
    done = subprocess.run(
        ["git", *args], cwd=root, env={**base, **GIT_IDENTITY}, check=True, capture_output=True
    )
    return done.stdout.decode()


def local_hook_config() -> str:
    """A ``.pre-commit-config.yaml`` running the manifest's ``doxtool`` hook
    as a local one, with the interpreter's ``doxtool``."""
    hooks = [
        {**hook, "language": "system"}
        for hook in yaml.safe_load((REPO_ROOT / ".pre-commit-hooks.yaml").read_text())
        if hook["id"] == "doxtool"
    ]
    return yaml.safe_dump({"repos": [{"repo": "local", "hooks": hooks}]}, sort_keys=False)


def hook_env(home: Path) -> dict[str, str]:
    """The environment to run pre-commit (or a commit that runs it) in:
    none of the caller's git or pre-commit settings, pre-commit's store in
    ``home``, the interpreter's scripts first on ``PATH``."""
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))},
        **GIT_IDENTITY,
        "PRE_COMMIT_HOME": str(home),
        "PATH": os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]),
        "NO_COLOR": "1",
    }


def install_hook(root: Path, env: dict[str, str]) -> None:
    """Write and stage :func:`local_hook_config` in ``root`` and install it
    as the repository's pre-commit hook."""
    (root / ".pre-commit-config.yaml").write_text(local_hook_config())
    git(root, "add", ".pre-commit-config.yaml")
    subprocess.run([sys.executable, "-m", "pre_commit", "install"], cwd=root, env=env, check=True)
