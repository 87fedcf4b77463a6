"""The patterns that find a module's changed and aliased names match what
their plain spellings match, anywhere in any text."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from doxtool.python import names
from doxtool.python.names import may_change

REPO = Path(__file__).resolve().parent.parent

#: the patterns as first written: the assertion before the first character
PLAIN = {
    "_STATEMENTS": re.compile(r"\bdel\b([^\n]*)|\bglobal\s+((?:\w+\s*,\s*)*\w+)"),
    "_ALIASES": re.compile(rf"(?<![=!<>])=\s*{names._NAME}(?!\s*[.\[(+\-*/%&|^<>=!@])"),
}

_ALPHABET = "ab_1 .=+-*/%&|^@<>:![]()\n\t\u00e9\u0661xdelglobaappend,"


def _texts() -> list[str]:
    texts = [path.read_text(encoding="utf-8") for path in sorted(REPO.rglob("*.py"))[:400]]
    pick = random.Random(15)
    texts += [
        "".join(pick.choice(_ALPHABET) for _ in range(pick.randint(0, 60))) for _ in range(4000)
    ]
    tokens = ["del", "global", " ", "x", "=", ",", "\n", ".", "\u00e9", "1", "==", "!=", "a_b", "<"]
    texts += ["".join(pick.choice(tokens) for _ in range(pick.randint(0, 12))) for _ in range(4000)]
    texts += ["del x", "xdel y", "_del z", "global a, b", "églobal c", "a == b", "a <= b", "=a"]
    texts += ["a != b", "x=y", "x = y.z", "a = b[1]", "a = b", "f(a=b)", "é=b", "=\u0661b"]
    return texts


@pytest.mark.parametrize("name", sorted(PLAIN))
def test_same_matches_as_the_plain_spelling(name: str) -> None:
    fast = getattr(names, name)
    texts = _texts()
    assert sum(bool(PLAIN[name].findall(text)) for text in texts) > 100  # they do match
    for text in texts:
        assert fast.findall(text) == PLAIN[name].findall(text), text


def test_deletions_declarations_and_aliases_still_change_a_name() -> None:
    assert may_change("MODES = []\ndel MODES\n", "MODES")
    assert may_change("MODES = []\ndef f():\n    global MODES, X\n", "MODES")
    assert may_change("MODES = []\nkept = MODES\nkept.append(1)\n", "MODES")
    assert not may_change("MODES = []\nkept = MODES\n", "MODES", mutable=False)
    assert not may_change("MODES = []\nmodel = 1  # xdel MODES\nok = MODES == 1\n", "MODES")
