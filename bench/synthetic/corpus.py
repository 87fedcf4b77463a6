"""Writing the repository: every file, then the companions by doxtool's own fixer.

``generate`` writes into a staging directory beside the output, runs
``doxtool check --fix`` there to create the companions, requires ``doxtool check``
to pass with no finding, and only then renames the staging directory into place.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from .framework import HELPERS, REFERENCE_HELPERS, REPO, TOOLS_AGENTS, TOOLS_WRAPPER
from .prompts import prompt_text
from .writer import tool_module

DEFAULT_TOOLS = 1000
DEFAULT_SEED = 1


def doxtool_command() -> list[str]:
    """The console script next to this interpreter, or ``python -m doxtool``."""
    script = Path(sys.executable).parent / "doxtool"
    if script.is_file():
        return [str(script)]
    return [sys.executable, "-m", "doxtool"]


def write_corpus(out: Path, tools: int, seed: int) -> None:
    """Write every file except the companions."""
    files: dict[str, str] = dict(HELPERS)
    for name in REFERENCE_HELPERS:
        files[f"helpers/{name}"] = (REPO / "helpers" / name).read_text(encoding="utf-8")
    files["pyproject.toml"] = "[tool.doxtool]\n"
    files["tools/AGENTS.md"] = TOOLS_AGENTS
    files["prompts/agent.system.tools.md"] = TOOLS_WRAPPER
    for index in range(tools):
        plan, text = tool_module(seed, index)
        compile(text, f"tools/{plan.name}.py", "exec")  # a generator bug must fail loudly
        files[f"tools/{plan.name}.py"] = text
        files[f"prompts/agent.system.tool.{plan.name}.md"] = prompt_text(plan, seed)
    for rel, text in files.items():
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def generate(out: Path, tools: int = DEFAULT_TOOLS, seed: int = DEFAULT_SEED) -> None:
    """Generate the corpus in ``out`` (which must not exist or be empty) and check it."""
    if out.exists() and any(out.iterdir()):
        raise SystemExit(f"error: {out} exists and is not empty")
    out.parent.mkdir(parents=True, exist_ok=True)
    staging = out.with_name(f".{out.name}.tmp-{os.getpid()}")
    if staging.exists():
        shutil.rmtree(staging)
    staging.mkdir()
    try:
        write_corpus(staging, tools, seed)
        command = doxtool_command()
        fix = subprocess.run(
            [*command, "check", "--fix"], cwd=staging, capture_output=True, text=True
        )
        if fix.returncode not in (0, 1):
            raise SystemExit(f"error: doxtool check --fix failed:\n{fix.stdout}{fix.stderr}")
        check = subprocess.run([*command, "check"], cwd=staging, capture_output=True, text=True)
        if check.returncode != 0 or "All checks passed." not in check.stdout:
            raise SystemExit(
                f"error: the generated corpus is not clean:\n{check.stdout[-4000:]}{check.stderr}"
            )
        shutil.rmtree(staging / ".doxtool_cache", ignore_errors=True)
        if out.exists():
            out.rmdir()
        staging.rename(out)
    finally:
        if staging.exists():
            shutil.rmtree(staging)
