"""What a missing key leaves in a name past the statement that replaces it,
judged by a check after that, and a read whose value the name drops unused:
on both walks, the tool's (libcst) and a helper's of another module handed
the arguments (``ast``).

``items = args.get("x")``, ``if not items: items = []``, then ``if not
items: raise ...``: a missing ``x`` leaves ``[]``, which the check refuses
as well, so ``x`` is required; a fallback the check passes (``items =
["all"]``) is the default, and ``x`` optional. A name each arm of an ``if``
binds to a read of ``x`` (``if a: items = args.get("x")``, ``else: items =
args.get("x", [])``) holds either read's value: a check refusing both needs
``x``; one refusing a single one needs it on the calls taking that arm
(``required or optional``, no default claimed). ``v = args.get("b", "y")``
then ``v = args.get("b")``: the first value reaches nothing, so ``"y"`` is
no default of ``b``.
"""

from __future__ import annotations

import pytest
from bothwalks import WALKS, kinds_and_defaults

RAISE = '    raise ValueError("x is needed")\n'

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a refused fallback": (
        'items = A.get("x")\nif not items:\n    items = []\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    "a refused fallback for None": (
        'items = A.get("x")\nif items is None:\n    items = ""\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    "a refused fallback past a use": (
        'items = A.get("x")\nprint(items)\nif not items:\n    items = []\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    "a fallback the check passes": (
        'items = A.get("x")\nif not items:\n    items = ["all"]\nif not items:\n' + RAISE,
        {"x": ("optional", ["all"])},
    ),
    "a fallback a check of None passes": (
        'items = A.get("x")\nif not items:\n    items = []\nif items is None:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "a falsy default replaced": (
        'items = A.get("x", "")\nif not items:\n    items = "all"\nif not items:\n' + RAISE,
        {"x": ("optional", "all")},
    ),
    # each arm binds the name to a read of the key: the check judges each
    "a read in each arm, both missing values refused": (
        'if A.get("a"):\n    items = A.get("x")\nelse:\n    items = A.get("x", [])\n'
        "if not items:\n" + RAISE,
        {"a": ("optional", "-"), "x": ("required", "-")},
    ),
    "a read in each arm, one missing value passing": (
        'if A.get("a"):\n    items = A.get("x")\nelse:\n    items = A.get("x", ["all"])\n'
        "if not items:\n" + RAISE,
        {"a": ("optional", "-"), "x": ("unknown", "-")},
    ),
    "a read in each arm, a check of None": (
        'if A.get("a"):\n    items = A.get("x")\nelse:\n    items = A.get("x", [])\n'
        "if items is None:\n" + RAISE,
        {"a": ("optional", "-"), "x": ("unknown", "-")},
    ),
    "a default dropped unused": (
        'v = A.get("b", "y")\nv = A.get("b")\nprint(v)\n',
        {"b": ("optional", "-")},
    ),
    "a default used before the name is bound again": (
        'v = A.get("b", "y")\nprint(v)\nv = A.get("b")\nprint(v)\n',
        {"b": ("optional", "y")},
    ),
}


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_both_walks_judge_what_a_missing_key_leaves(
    run_cli, make_repo, shape: str, walk: str
) -> None:
    code, expected = SHAPES[shape]
    assert kinds_and_defaults(run_cli, make_repo(WALKS[walk](code))) == expected
