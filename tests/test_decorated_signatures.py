"""A method or function item written with the decorators the code puts on it
(`` `@classmethod from_text(cls, text: str) -> Note` ``) is that method: it
is neither missing nor written a second time, its signature is compared
after them, and a rewrite keeps them."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

NOTES_PY = '''\
"""Notes."""

from __future__ import annotations

import functools


class Note:
    @classmethod
    def from_text(cls, text: str) -> Note:
        return cls()

    @staticmethod
    def clean(value: str) -> str:
        return value.strip()

    @property
    def size(self) -> int:
        return 0


@functools.cache
def load(path: str) -> Note:
    return Note()
'''

COMPANION = """\
# notes.py DOX

## Purpose
- Own the `notes.py` module.
- Notes.
- Keep this file-level DOX profile synchronized with `notes.py` when it changes.

## Ownership
- `notes.py` owns the runtime implementation.
- Classes:
- `Note`
  - `from_text(cls, text: str) -> Note`
  - `clean(value: str) -> str`
  - `size(self) -> int`
- Top-level functions:
- `load(path: str) -> Note`

## Runtime Contracts
- Imported dependency areas include: `functools`.

## Key Concepts

## Work Guidance
- Change `notes.py` and this file together.

## Verification
- Related tests observed by source search:
  - `tests/test_notes.py`

## Child DOX Index
No child DOX files.
"""

TEST_PY = """\
from helpers import notes


def test_load():
    assert notes.load("a")
"""

DOX = "helpers/notes.py.dox.md"


def _repo(make_repo: Callable[[dict[str, str]], Path], companion: str) -> Path:
    return make_repo(
        {
            "pyproject.toml": '[tool.doxtool]\ndocumented-dirs = ["helpers"]\n',
            "helpers/__init__.py": "",
            "helpers/notes.py": NOTES_PY,
            "tests/test_notes.py": TEST_PY,
            DOX: companion,
        }
    )


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.startswith(DOX)]


# (what the canonical companion writes, how a person writes it with its decorator)
DECORATED = {
    "classmethod": (
        "  - `from_text(cls, text: str) -> Note`\n",
        "  - `@classmethod from_text(cls, text: str) -> Note`\n",
    ),
    "classmethod with def": (
        "  - `from_text(cls, text: str) -> Note`\n",
        "  - `@classmethod def from_text(cls, text: str) -> Note`: parses.\n",
    ),
    "staticmethod word": (
        "  - `clean(value: str) -> str`\n",
        "  - `staticmethod clean(value: str) -> str`\n",
    ),
    "property": ("  - `size(self) -> int`\n", "  - `@property size(self) -> int`\n"),
    "dotted decorator on a function": (
        "- `load(path: str) -> Note`\n",
        "- `@functools.cache load(path: str) -> Note`\n",
    ),
    "decorator with arguments": (
        "- `load(path: str) -> Note`\n",
        "- `@functools.lru_cache(maxsize=None) def load(path: str) -> Note`\n",
    ),
}


@pytest.mark.parametrize("shape", sorted(DECORATED))
def test_an_item_written_with_its_decorator_is_the_method(make_repo, run_cli, shape) -> None:
    canonical, written = DECORATED[shape]
    text = COMPANION.replace(canonical, written)
    assert text != COMPANION
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == []
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == text


def test_a_signature_rewrite_keeps_the_decorator_a_person_wrote(make_repo, run_cli) -> None:
    text = COMPANION.replace(
        "  - `from_text(cls, text: str) -> Note`\n",
        "  - `@classmethod from_text(cls, text: int) -> Note`: parses.\n",
    ).replace("- `load(path: str) -> Note`\n", "- `@functools.cache def load() -> Note`\n")
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:12:1: DOX105 `Note.from_text` `text` is annotated `str` now "
        "(helpers/notes.py:10) [*]",
        f"{DOX}:16:1: DOX105 `load` gained `path` (helpers/notes.py:23) [*]",
    ]
    run_cli(root, "check", "--no-cache", "--fix")
    assert (root / DOX).read_text(encoding="utf-8") == COMPANION.replace(
        "  - `from_text(cls, text: str) -> Note`\n",
        "  - `@classmethod from_text(cls, text: str) -> Note`: parses.\n",
    ).replace("- `load(path: str) -> Note`\n", "- `@functools.cache def load(path: str) -> Note`\n")


def test_a_decorated_item_of_a_method_gone_is_still_stale(make_repo, run_cli) -> None:
    text = COMPANION.replace(
        "  - `size(self) -> int`\n",
        "  - `size(self) -> int`\n  - `@classmethod parse(cls, raw: str)`\n",
    )
    root = _repo(make_repo, text)
    assert _findings(run_cli(root, "check", "--no-cache").output) == [
        f"{DOX}:15:1: DOX105 `Note` no longer has method `parse` (documented at line 15) [*]"
    ]
