"""A class of the repository used in ``with`` (``async with``): its
``__enter__`` and ``__exit__`` (``__aenter__``, ``__aexit__``) run, and
their side-effect areas are the statement's, in the tool's own code as in a
helper function; a ``with`` over what a ``contextmanager`` function gives
runs that function, as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import WAIT_PROMPT, WRAPPER, write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, WAIT_PY

AREAS = "- Observed side-effect areas:"

LOCKFILE = """\
import os


class LockFile:
    def __init__(self, path: str):
        self.path = path

    def __enter__(self):
        open(self.path, "x").close()
        return self

    def __exit__(self, *exc):
        os.remove(self.path)
        return False


class Remote:
    async def __aenter__(self):
        import httpx

        self.client = httpx.AsyncClient()
        return self

    async def __aexit__(self, *exc):
        return False


def locked(path: str) -> str:
    with LockFile(path):
        return "done"
"""

CONTEXT = """\
import contextlib


@contextlib.contextmanager
def quiet():
    yield None
"""


def _tool(imports: str, body: str) -> str:
    return WAIT_PY.replace(
        "from helpers.tool import Response, Tool\n",
        f"{imports}\nfrom helpers.tool import Response, Tool\n",
    ).replace("        seconds = ", body + "        seconds = ")


def _areas(tmp_path: Path, files: dict[str, str]) -> str | None:
    """The areas line ``check --fix`` writes into a new companion (None: none written)."""
    write_files(
        tmp_path,
        {
            **FRAMEWORK,
            "prompts/agent.system.tools.md": WRAPPER,
            "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
            "helpers/lockfile.py": LOCKFILE,
            "helpers/context.py": CONTEXT,
            **files,
        },
    )
    CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--no-cache", "--fix"])
    text = (tmp_path / "tools" / "wait.py.dox.md").read_text(encoding="utf-8")
    line = next((line for line in text.splitlines() if line.startswith(AREAS)), None)
    return line.removeprefix(AREAS).strip() if line is not None else None


@pytest.mark.parametrize(
    ("imports", "body", "areas"),
    [
        # in the tool's own execute
        (
            "from helpers.lockfile import LockFile",
            "        with LockFile('/tmp/agent.lock'):\n            pass\n",
            "filesystem writes, filesystem deletion.",
        ),
        # in a helper function the tool calls
        (
            "from helpers.lockfile import locked",
            "        locked('/tmp/agent.lock')\n",
            "filesystem writes, filesystem deletion.",
        ),
        # ``async with``: ``__aenter__`` makes a network client
        (
            "from helpers.lockfile import Remote",
            "        async with Remote():\n            pass\n",
            "network.",
        ),
        # a ``contextmanager`` function of the repository, and a library's
        (
            "import threading\nfrom helpers.context import quiet",
            "        with quiet():\n            pass\n"
            "        with threading.Lock():\n            pass\n",
            "none.",
        ),
    ],
)
def test_a_repository_context_manager_runs_its_enter_and_exit(
    tmp_path: Path, imports: str, body: str, areas: str
) -> None:
    files = {"tools/wait.py": _tool(imports, body)}
    assert _areas(tmp_path, files) == areas
