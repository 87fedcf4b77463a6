"""The console script run through a test's wrapper, and the processes it forks."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


def wrapper_env(**extra: str) -> dict[str, str]:
    """This environment without colour settings, plus ``extra``."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env.update(extra)
    return env


def run_wrapper(
    wrapper: str, root: Path, env: dict[str, str], *args: str
) -> subprocess.CompletedProcess[str]:
    """``python -c wrapper args...`` in ``root``, its output captured."""
    return subprocess.run(
        [sys.executable, "-c", wrapper, *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


def gone(pid: int, within: float = 10.0) -> bool:
    """Whether process ``pid`` has ended within ``within`` seconds (a zombie,
    which only its reaper can take away, counts as ended)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{pid}/stat", "rb") as handle:
                if handle.read().rsplit(b")", 1)[1].split()[0] == b"Z":
                    return True
        except (FileNotFoundError, ProcessLookupError):
            return True
        time.sleep(0.05)
    return False
