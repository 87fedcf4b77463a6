"""Running the ``doxtool`` console script by subprocess.

Owns ``find_doxtool`` (the console script, else this checkout's package),
``Doxtool`` (one runner that records every run's arguments, exit status and
time), ``RunError`` (a run that did not complete) and ``findings_of`` (the
findings of ``--format json`` output).
"""

from __future__ import annotations

import importlib.util
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


#: where the checkout is installed when this interpreter lacks doxtool's libraries
BENCH_VENV = Path("bench") / "results" / "venv"


def find_doxtool() -> str | list[str] | None:
    """The installed console script, else this checkout's doxtool run by this
    interpreter (``python -m doxtool`` with the checkout on the path) when it
    has doxtool's libraries, else the checkout installed (editable) in a
    virtual environment under ``bench/results/venv``, else None."""
    beside = Path(sys.executable).parent / "doxtool"
    if beside.is_file():
        return str(beside)
    installed = shutil.which("doxtool")
    if installed is not None:
        return installed
    checkout = Path(__file__).resolve().parents[2]
    if not (checkout / "doxtool" / "__main__.py").is_file():
        return None
    absent = _missing_libraries(checkout)
    if not absent:
        return [sys.executable, "-m", "doxtool"]
    return _bench_venv(checkout, absent)


def _missing_libraries(checkout: Path) -> list[str]:
    """What the checkout's own dependency check says this interpreter lacks
    (``doxtool/run/dependencies.py`` imports only ``os`` and ``sys``)."""
    spec = importlib.util.spec_from_file_location(
        "_doxtool_dependencies", checkout / "doxtool" / "run" / "dependencies.py"
    )
    if spec is None or spec.loader is None:
        return []
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return list(module.missing())


def _bench_venv(checkout: Path, absent: list[str]) -> str | None:
    """The console script of the checkout installed in ``bench/results/venv``
    (made once; editable, so later changes to the checkout count)."""
    venv = checkout / BENCH_VENV
    script = venv / ("Scripts" if os.name == "nt" else "bin") / "doxtool"
    if script.is_file():
        return str(script)
    print(
        f"this Python lacks {', '.join(absent)}: installing the checkout in {BENCH_VENV}",
        file=sys.stderr,
    )
    python = venv / ("Scripts" if os.name == "nt" else "bin") / "python"
    for command in (
        [sys.executable, "-m", "venv", str(venv)],
        [str(python), "-m", "pip", "install", "--quiet", "-e", str(checkout)],
    ):
        if subprocess.run(command, check=False).returncode != 0:
            return None
    return str(script) if script.is_file() else None


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
