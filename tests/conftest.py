"""Shared fixtures: small framework repositories written to temporary directories."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK

REPO_ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _project_marker(request: pytest.FixtureRequest) -> None:
    """A test's ``tmp_path`` is a project root, as a checkout is (an empty ``.git``).

    doxtool refuses to run where no ``pyproject.toml``, ``doxtool.toml`` or
    ``.git`` marks a project; tests of that use ``tmp_path_factory`` instead.
    """
    if "tmp_path" in request.fixturenames:
        request.getfixturevalue("tmp_path").joinpath(".git").mkdir(exist_ok=True)


@pytest.fixture
def make_repo(tmp_path: Path) -> Callable[[dict[str, str | bytes]], Path]:
    """Write the framework (helpers/tool.py, helpers/errors.py) plus ``files``."""

    def make(files: dict[str, str | bytes]) -> Path:
        write_files(tmp_path, {**FRAMEWORK, **files})
        return tmp_path

    return make


@pytest.fixture
def reference_repo(tmp_path: Path) -> Path:
    """A copy of the shipped reference suite (tools, companions, prompts, tests)."""
    for name in ("helpers", "tools", "prompts", "agents"):
        shutil.copytree(
            REPO_ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__")
        )
    shutil.copytree(
        REPO_ROOT / "tests" / "reference",
        tmp_path / "tests" / "reference",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    shutil.copy(REPO_ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


@pytest.fixture
def run_cli(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run the real CLI in a directory, as a user would."""

    def run(root: Path, *args: str) -> Result:
        monkeypatch.chdir(root)
        return CliRunner().invoke(cli, list(args), catch_exceptions=False)

    return run
