"""Running the ``doxtool`` console script by subprocess.

Owns ``find_doxtool`` (the console script, else this checkout's package),
``Doxtool`` (one runner that records every run's arguments, exit status and
time), ``RunError`` (a run that did not complete) and ``findings_of`` (the
findings of ``--format json`` output).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class RunError(Exception):
    """A doxtool run that did not complete."""


def find_doxtool() -> str | list[str] | None:
    """The installed console script, else this checkout's doxtool run by this
    interpreter (``python -m doxtool`` with the checkout on the path), else None."""
    beside = Path(sys.executable).parent / "doxtool"
    if beside.is_file():
        return str(beside)
    installed = shutil.which("doxtool")
    if installed is not None:
        return installed
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "doxtool" / "__main__.py").is_file():
        return [sys.executable, "-m", "doxtool"]
    return None


@dataclass
class Doxtool:
    #: the console script, or the command that runs doxtool
    executable: str | list[str]
    runs: list[dict[str, Any]] = field(default_factory=list)

    def run(self, root: Path, *args: str, ok: tuple[int, ...] = (0, 1)) -> str:
        if isinstance(self.executable, str):
            command, env = [self.executable, *args], None
        else:
            # this checkout's package, whatever the working directory
            checkout = str(Path(__file__).resolve().parents[2])
            path = os.environ.get("PYTHONPATH")
            env = {**os.environ, "PYTHONPATH": checkout + (os.pathsep + path if path else "")}
            command = [*self.executable, *args]
        start = time.perf_counter()
        completed = subprocess.run(
            command,
            cwd=root,
            capture_output=True,
            text=True,
            encoding="utf-8",
            check=False,
            env=env,
        )
        seconds = time.perf_counter() - start
        self.runs.append(
            {"args": list(args), "exit": completed.returncode, "seconds": round(seconds, 3)}
        )
        if completed.returncode not in ok:
            last = (completed.stderr.strip() or completed.stdout.strip()).splitlines()
            detail = last[-1] if last else "no output"
            raise RunError(f"`doxtool {' '.join(args)}` exited {completed.returncode}: {detail}")
        return completed.stdout


def findings_of(output: str) -> list[dict[str, Any]]:
    try:
        data = json.loads(output) if output.strip() else []
    except json.JSONDecodeError as error:
        raise RunError(f"doxtool's JSON output does not parse: {error}") from None
    if isinstance(data, dict):
        data = data.get("findings", [])
    if not isinstance(data, list):
        raise RunError("doxtool's JSON output is not a list of findings")
    return [entry for entry in data if isinstance(entry, dict)]
