"""Put the repository root (``helpers``, ``tools``) and this directory (``runtime``) on sys.path."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for directory in (HERE.parents[1], HERE):
    if str(directory) not in sys.path:
        sys.path.insert(0, str(directory))

from runtime import FakeAgent  # noqa: E402


@pytest.fixture
def agent() -> FakeAgent:
    return FakeAgent()
