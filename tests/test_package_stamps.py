"""The lines a replay keys doxtool's own files by (``replay.package_stamps``):
one per ``.py`` and ``.j2`` file of every subpackage, in ``os.walk``'s order, with
its modification time and size; bytecode caches and other files are not
listed, and any edit of a listed file changes them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from doxtool.run import replay


def _walked(package: str) -> list[str]:
    """What ``os.walk`` in name order gives for the same files."""
    stamps = []
    for directory, subdirectories, files in os.walk(package):
        subdirectories.sort()
        for name in sorted(files):
            if name.endswith((".py", ".j2")):
                stat = os.stat(os.path.join(directory, name))
                stamps.append(f"{directory}/{name}:{stat.st_mtime_ns}:{stat.st_size}")
    return stamps


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    root = tmp_path / "doxtool"
    files = {
        "__init__.py": "",
        "cli.py": "x = 1\n",
        "b/__init__.py": "",
        "b/z.py": "",
        "b/a/deep.py": "y = 2\n",
        "a/t.j2": "{{ x }}\n",
        "a/notes.txt": "not code\n",
        "__pycache__/cli.cpython-311.pyc": "",
        "b/__pycache__/z.cpython-311.pyc": "",
    }
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    monkeypatch.setattr(replay, "_PACKAGE", str(root))
    return root


def test_the_stamps_list_the_code_and_templates_in_name_order(package: Path) -> None:
    stamps = replay.package_stamps()
    assert stamps == _walked(str(package))
    listed = [line.split(":", 1)[0].removeprefix(str(package) + "/") for line in stamps]
    # a directory's files, then its subdirectories, each in name order
    assert listed == ["__init__.py", "cli.py", "a/t.j2", "b/__init__.py", "b/z.py", "b/a/deep.py"]


def test_an_edit_of_a_listed_file_changes_them(package: Path) -> None:
    before = replay.package_stamps()
    (package / "__pycache__" / "cli.cpython-311.pyc").write_text("changed")
    (package / "a" / "notes.txt").write_text("changed too")
    assert replay.package_stamps() == before
    (package / "b" / "a" / "deep.py").write_text("y = 3  # edited\n")
    assert replay.package_stamps() != before


def test_the_installed_package_gives_what_a_walk_gives() -> None:
    assert replay.package_stamps() == _walked(replay._PACKAGE)
