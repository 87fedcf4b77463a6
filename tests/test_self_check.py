"""The README's first promise: `doxtool check` passes on the repository itself.

The reference tool suite (tools/, their companions, prompts/, agents/) is
checked with the repository's own configuration, by the console entry point a
user runs, and must print exactly `All checks passed.`. `internal-tools` is
what keeps `tools/unknown.py` (which has no prompt, by design) out of PRM001;
its behaviour is tested on its own below.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from samples import clean_files

from doxtool.rules.examples import WAIT_DOX, WAIT_PY

#: a tool the model never calls: the framework's answer to an unknown tool name
FALLBACK_PY = WAIT_PY.replace("WaitTool", "FallbackTool")
FALLBACK_DOX = WAIT_DOX.replace("wait.py", "fallback.py").replace("WaitTool", "FallbackTool")
REPO_ROOT = Path(__file__).resolve().parents[1]


def test_check_on_the_repository_itself_passes() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    # --no-cache: the run writes nothing into the checkout under test
    result = subprocess.run(
        [sys.executable, "-m", "doxtool", "check", "--no-cache"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert (result.returncode, result.stdout) == (0, "All checks passed.\n"), (
        result.stdout[-3000:] + result.stderr[-3000:]
    )


def _fallback_repo(make_repo, config: str | None):
    files = {
        **clean_files(),
        "tools/fallback.py": FALLBACK_PY,
        "tools/fallback.py.dox.md": FALLBACK_DOX,
    }
    if config is not None:
        files["pyproject.toml"] = f"[tool.doxtool]\n{config}\n"
    return make_repo(files)


def test_a_tool_without_a_prompt_is_prm001_unless_it_is_internal(make_repo, run_cli) -> None:
    root = _fallback_repo(make_repo, None)
    result = run_cli(root, "check")
    assert result.exit_code == 1
    assert result.output.splitlines()[:-1] == [
        "tools/fallback.py:4:1: PRM001 tool `fallback` has no prompt in `prompts/`; the model "
        "is never taught to call it (add `prompts/agent.system.tool.fallback.md`, or list it in "
        "`internal-tools`)"
    ]
    listed = _fallback_repo(make_repo, 'internal-tools = ["fallback"]')
    result = run_cli(listed, "check")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")


def test_internal_tools_names_tools_not_patterns_or_other_tools(make_repo, run_cli) -> None:
    """Only the tools listed are exempt: `wait`'s prompt still counts, and
    listing `fall` (a prefix) or `wait` exempts nothing else."""
    for config in ('internal-tools = ["fall"]', 'internal-tools = ["wait"]'):
        root = _fallback_repo(make_repo, config)
        result = run_cli(root, "check", "--select", "PRM001")
        assert result.exit_code == 1, config
        assert "PRM001 tool `fallback` has no prompt" in result.output, config


def test_unknown_is_internal_by_default_and_only_by_default(make_repo, run_cli) -> None:
    unknown = {
        "tools/unknown.py": WAIT_PY.replace("WaitTool", "Unknown"),
        "tools/unknown.py.dox.md": WAIT_DOX.replace("wait.py", "unknown.py").replace(
            "WaitTool", "Unknown"
        ),
    }
    root = make_repo({**clean_files(), **unknown})
    result = run_cli(root, "check")
    assert (result.exit_code, result.output) == (0, "All checks passed.\n")
    (root / "pyproject.toml").write_text("[tool.doxtool]\ninternal-tools = []\n")
    result = run_cli(root, "check")
    assert result.exit_code == 1
    assert "tools/unknown.py:4:1: PRM001 tool `unknown` has no prompt" in result.output
