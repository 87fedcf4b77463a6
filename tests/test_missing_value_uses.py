"""What a missing key gives a name before a check judges it, on both walks:
the tool's (libcst) and a helper's of another module handed the arguments
(``ast``).

``items = args.get("x") or []`` (or ``items = items or []`` past the read),
then ``items.append("all")`` (``items.extend(...)``, ``items[k] = ...``) and
``if not items: raise ...``: the container a missing key leaves is filled
before the check, which judges what is not known: ``x`` is not required.
Without the fill, the check refuses the ``[]`` and ``x`` is required.

``n = len(f)`` (``f = args.get("f", [])``), then ``if n == 0: raise ...`` or
``if not n: raise ...``: the test of ``n`` is one of ``len(f)``, which the
``[]`` a missing key gives fails: ``f`` is required.
"""

from __future__ import annotations

import pytest
from bothwalks import WALKS, kinds_and_defaults

RAISE = '    raise ValueError("x is needed")\n'

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "or fallback filled by append": (
        'items = A.get("x")\nitems = items or []\nitems.append("all")\nif not items:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "or fallback filled by item": (
        'items = A.get("x")\nitems = items or {}\nitems["k"] = 1\nif not items:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "or fallback filled by extend": (
        'items = A.get("x")\nitems = items or []\nitems.extend(["a"])\nif not items:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "inline or fallback filled by append": (
        'items = A.get("x") or []\nitems.append("all")\nif not items:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "or fallback not filled": (
        'items = A.get("x")\nitems = items or []\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    # ``n = len(f)``: a test of ``n`` is one of ``len(f)``, which ``[]`` fails
    "a length tested equal to 0": (
        'f = A.get("f", [])\nn = len(f)\nif n == 0:\n' + RAISE,
        {"f": ("required", "-")},
    ),
    "a length tested false": (
        'f = A.get("f", [])\nn = len(f)\nif not n:\n' + RAISE,
        {"f": ("required", "-")},
    ),
    "a length tested below 1, mirrored": (
        'f = A.get("f", [])\nn = len(f)\nif 1 > n:\n' + RAISE,
        {"f": ("required", "-")},
    ),
    "a length whose default passes": (
        'f = A.get("f", ["a"])\nn = len(f)\nif n == 0:\n' + RAISE,
        {"f": ("optional", ["a"])},
    ),
    "a length rebound before the test": (
        'f = A.get("f", [])\nn = len(f)\nn = 3\nif n == 0:\n' + RAISE,
        {"f": ("optional", [])},
    ),
    # ``n += len(g)``: ``n`` is 0 only when both are empty
    "a length added to before the test": (
        'f = A.get("f", [])\ng = A.get("g", [])\nn = len(f)\nn += len(g)\nif n == 0:\n' + RAISE,
        {"f": ("optional", []), "g": ("optional", [])},
    ),
    "the length of a read": (
        'n = len(A.get("f", []))\nif not n:\n' + RAISE,
        {"f": ("required", "-")},
    ),
}


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_both_walks_judge_what_a_missing_key_gives(
    run_cli, make_repo, shape: str, walk: str
) -> None:
    code, expected = SHAPES[shape]
    assert kinds_and_defaults(run_cli, make_repo(WALKS[walk](code))) == expected
