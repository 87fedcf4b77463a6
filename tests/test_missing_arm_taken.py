"""What a missing key leaves in a name past the statement a missing value
takes, judged by a check after it, on both walks: the tool's (libcst) and a
helper's of another module handed the arguments (``ast``).

``items = args.get("x")``, then ``if not items: items = []``, ``else: items =
items.split(",")``: a missing ``x`` takes the first arm and leaves ``[]``,
which ``if not items: raise ...`` refuses as well: ``x`` is required (with
``items = ["all"]`` there, optional, default ``["all"]``). ``items = items or
[]`` at the top of a helper leaves ``[]`` the same way. A name each arm of an
``if``/``elif``/``else`` chain binds to a read of ``x`` holds one of the
reads' values: a check refusing every one needs ``x``, one that some arm's
default passes needs it on some calls only. A read bound by ``:=`` in the
test of a helper's check (``if not (x := args.get("x"))``, ``if (x :=
args.get("x")) is None``) is checked as the read itself. What a method
makes of a read (``args.get("t", "").split(",")``) is not the read: a check
of it does not judge the read's default. A container left so and filled in
place before the check (``items.append("all")``, ``items += ["all"]``, a call
handed it other than ``len``-like builtins) is not judged either.
"""

from __future__ import annotations

import pytest
from bothwalks import WALKS, kinds_and_defaults

RAISE = '    raise ValueError("x is needed")\n'

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a refused fallback with an else": (
        'items = A.get("x")\nif not items:\n    items = []\nelse:\n'
        '    items = items.split(",")\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    "a fallback with an else the check passes": (
        'items = A.get("x")\nif not items:\n    items = ["all"]\nelse:\n'
        '    items = items.split(",")\nif not items:\n' + RAISE,
        {"x": ("optional", ["all"])},
    ),
    "a refused fallback in the else": (
        'items = A.get("x")\nif items:\n    items = items.split(",")\nelse:\n'
        "    items = []\nif not items:\n" + RAISE,
        {"x": ("required", "-")},
    ),
    "a refused fallback in an elif chain": (
        'items = A.get("x")\nif items is None:\n    items = []\nelif isinstance(items, str):\n'
        '    items = items.split(",")\nelse:\n    items = list(items)\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    "arms not about the name": (
        'items = A.get("x")\nif A.get("cfg"):\n    items = []\nelse:\n'
        '    items = items.split(",")\nif not items:\n' + RAISE,
        {"cfg": ("optional", "-"), "x": ("optional", "-")},
    ),
    "a refused fallback by or": (
        'items = A.get("x")\nitems = items or []\nif not items:\n' + RAISE,
        {"x": ("required", "-")},
    ),
    # the ``[]`` left is filled before the check: what it sees is not known
    "a refused fallback filled in place": (
        'items = A.get("x")\nif not items:\n    items = []\nitems.append("all")\n'
        "if not items:\n" + RAISE,
        {"x": ("optional", "-")},
    ),
    "a refused fallback with an else, filled in place": (
        'items = A.get("x")\nif not items:\n    items = []\nelse:\n'
        '    items = items.split(",")\nitems.append("all")\nif not items:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "a refused fallback filled by +=": (
        'items = A.get("x")\nif not items:\n    items = []\nitems += ["all"]\n'
        "if not items:\n" + RAISE,
        {"x": ("optional", "-")},
    ),
    "a refused fallback filled by |=": (
        'items = A.get("x")\nif not items:\n    items = {}\nitems |= {"all": 1}\n'
        "if not items:\n" + RAISE,
        {"x": ("optional", "-")},
    ),
    "a refused fallback handed to a call": (
        'items = A.get("x")\nif not items:\n    items = []\nadd_defaults(items)\n'
        "if not items:\n" + RAISE,
        {"x": ("optional", "-")},
    ),
    "a refused fallback only measured": (
        'items = A.get("x")\nif not items:\n    items = []\nprint(len(items))\n'
        "if not items:\n" + RAISE,
        {"x": ("required", "-")},
    ),
    "a refused fallback by or, filled by +=": (
        'items = A.get("x")\nitems = items or []\nitems += ["all"]\nif not items:\n' + RAISE,
        {"x": ("optional", "-")},
    ),
    "a fallback by or the check passes": (
        'items = A.get("x")\nitems = items or ["all"]\nif not items:\n' + RAISE,
        {"x": ("optional", ["all"])},
    ),
    "a read in each arm of a chain, every missing value refused": (
        'if A.get("a") == "1":\n    items = A.get("x")\nelif A.get("a") == "2":\n'
        '    items = A.get("x", "")\nelse:\n    items = A.get("x", [])\nif not items:\n' + RAISE,
        {"a": ("optional", "-"), "x": ("required", "-")},
    ),
    "a read in each arm of a chain, one missing value passing": (
        'if A.get("a") == "1":\n    items = A.get("x")\nelif A.get("a") == "2":\n'
        '    items = A.get("x", "all")\nelse:\n    items = A.get("x", [])\nif not items:\n' + RAISE,
        {"a": ("optional", "-"), "x": ("unknown", "-")},
    ),
    # ``"".split(",")`` is ``[""]``, which ``not t`` passes: not the read's ``""``
    "a list a method makes of the read": (
        't = A.get("t", "").split(",")\nif not t:\n' + RAISE,
        {"t": ("optional", "")},
    ),
    "a walrus read refused": (
        'if not (x := A.get("x")):\n' + RAISE + "print(x)\n",
        {"x": ("required", "-")},
    ),
    "a walrus read tested for None": (
        'if (x := A.get("x")) is None:\n' + RAISE + "print(x)\n",
        {"x": ("required", "-")},
    ),
    "a walrus read whose default passes": (
        'if not (x := A.get("x", "all")):\n' + RAISE + "print(x)\n",
        {"x": ("optional", "all")},
    ),
}


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_both_walks_judge_the_arm_a_missing_key_takes(
    run_cli, make_repo, shape: str, walk: str
) -> None:
    code, expected = SHAPES[shape]
    assert kinds_and_defaults(run_cli, make_repo(WALKS[walk](code))) == expected
