"""What a missing key leaves in a name bound to what a literal fallback or a
string method of literals makes of a read, judged by a check of the name,
on both walks: the tool's (libcst) and a helper's of another module handed
the arguments (``ast``).

``t = args.get("t", "ally").split(",")`` leaves ``["ally"]``, which ``if
"all" not in t: raise ...`` refuses: ``t`` is required, not optional with
the default ``"ally"`` (``"all"`` is in the string ``"ally"``, not in the
list). ``m = args.get("m", " ").strip()`` leaves ``""``, which ``if not m``
refuses. Where what is made cannot be computed (a method not known, a
fallback not a literal), the check judges nothing.
"""

from __future__ import annotations

import pytest
from bothwalks import EXECUTE_HEAD, WALKS, kinds_and_defaults

RAISE = '    raise ValueError("bad")\n'

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a split default lacking the item": (
        't = A.get("t", "ally").split(",")\nif "all" not in t:\n' + RAISE,
        {"t": ("required", "-")},
    ),
    "a split default holding the item": (
        't = A.get("t", "all,b").split(",")\nif "all" not in t:\n' + RAISE,
        {"t": ("optional", "all,b")},
    ),
    "a strip then split default lacking the item": (
        't = A.get("t", " all , b").strip().split(",")\nif "all" not in t:\n' + RAISE,
        {"t": ("required", "-")},
    ),
    "a literal fallback lacking the item": (
        'items = A.get("i") or ["ally"]\nif "all" not in items:\n' + RAISE,
        {"i": ("required", "-")},
    ),
    "a literal fallback holding the item": (
        'items = A.get("i") or ["all"]\nif "all" not in items:\n' + RAISE,
        {"i": ("optional", ["all"])},
    ),
    "a stripped default left empty": (
        'm = A.get("m", " ").strip()\nif not m:\n' + RAISE,
        {"m": ("required", "-")},
    ),
    "a lowered default left full": (
        'm = A.get("m", "X").lower()\nif not m:\n' + RAISE,
        {"m": ("optional", "X")},
    ),
    # ``"".split()`` is ``[]``: a truth test of the list refuses a missing key,
    # as ``if not keys`` of ``strip()``'s ``""`` does
    "a whitespace split of a blank default tested for truth": (
        'keys = A.get("keys", "").split()\nif not keys:\n'
        + RAISE
        + 'print(" ".join(keys), len(keys), f"{keys}", ["x"] + keys)\n'
        + "for key in keys:\n    print(key)\n",
        {"keys": ("required", "-")},
    ),
    "a whitespace split of a stripped default tested with others": (
        'keys = A.get("keys", " ").strip().split()\nif not keys or not len(keys):\n' + RAISE,
        {"keys": ("required", "-")},
    ),
    "a whitespace split of a full default": (
        'keys = A.get("keys", "a b").split()\nif not keys:\n' + RAISE,
        {"keys": ("optional", "a b")},
    ),
    # ``"".split(",")`` is ``[""]``, never empty: the check lets a missing key by
    "a comma split of a blank default tested for truth": (
        'keys = A.get("keys", "").split(",")\nif not keys:\n' + RAISE,
        {"keys": ("optional", "")},
    ),
    "a split list handed on before the check": (
        'keys = A.get("keys", "").split()\nfill(keys)\nif not keys:\n' + RAISE,
        {"keys": ("optional", "")},
    ),
    "a split list bound to another name": (
        'keys = A.get("keys", "").split()\nmore = keys or []\nmore.append("x")\n'
        "if not keys:\n" + RAISE,
        {"keys": ("optional", "")},
    ),
    # not computed: what the check sees is not known from the code here
    "a method not computed": (
        't = A.get("t", "ally").partition(",")\nif "all" not in t:\n' + RAISE,
        {"t": ("optional", "ally")},
    ),
    "a split list filled before the check": (
        't = A.get("t", "ally").split(",")\nt.append("all")\nif "all" not in t:\n' + RAISE,
        {"t": ("optional", "ally")},
    ),
    "a split list bound twice": (
        't = A.get("t", "ally").split(",")\nif A.get("x"):\n    t = ["all"]\n'
        'if "all" not in t:\n' + RAISE,
        {"t": ("optional", "ally"), "x": ("optional", "-")},
    ),
}


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_both_walks_judge_what_a_missing_key_leaves(
    run_cli, make_repo, shape: str, walk: str
) -> None:
    code, expected = SHAPES[shape]
    assert kinds_and_defaults(run_cli, make_repo(WALKS[walk](code))) == expected


def test_an_error_response_refuses_the_split_default(run_cli, make_repo) -> None:
    body = (
        '        t = self.args.get("t", "ally").split(",")\n'
        '        if "all" not in t:\n'
        '            return Response(message="error: t", break_loop=False)\n'
        '        return Response(message="done", break_loop=False)\n'
    )
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    assert kinds_and_defaults(run_cli, root) == {"t": ("required", "-")}


#: the read bound to a name first, the method called on the name
NAMED_SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a whitespace split of a named blank default": (
        'raw = A.get("keys", "")\nkeys = raw.split()\nif not keys:\n' + RAISE,
        {"keys": ("required", "-")},
    ),
    "a strip then split of a named blank default": (
        'raw = A.get("keys", " ")\nkeys = raw.strip().split()\nif not keys:\n' + RAISE,
        {"keys": ("required", "-")},
    ),
    "a comma split of a named blank default": (
        'raw = A.get("keys", "")\nkeys = raw.split(",")\nif not keys:\n' + RAISE,
        {"keys": ("optional", "")},
    ),
    "a whitespace split of a named full default": (
        'raw = A.get("keys", "a b")\nkeys = raw.split()\nif not keys:\n' + RAISE,
        {"keys": ("optional", "a b")},
    ),
    "a split of a name bound twice": (
        'raw = A.get("keys", "")\nif A.get("x"):\n    raw = "a b"\nkeys = raw.split()\n'
        "if not keys:\n" + RAISE,
        {"keys": ("optional", "-"), "x": ("optional", "-")},
    ),
}


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(NAMED_SHAPES))
def test_a_method_of_a_name_bound_to_the_read_is_judged(
    run_cli, make_repo, shape: str, walk: str
) -> None:
    code, expected = NAMED_SHAPES[shape]
    assert kinds_and_defaults(run_cli, make_repo(WALKS[walk](code))) == expected


#: a test of truth of a whitespace split: empty exactly when the text stripped is
SPLIT_TESTS: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a split of a blank default tested for truth": (
        'if not A.get("keys", "").split():\n' + RAISE,
        {"keys": ("required", "-")},
    ),
    "a split of a name holding a blank default tested for truth": (
        'raw = A.get("keys", "")\nif not raw.rsplit():\n' + RAISE,
        {"keys": ("required", "-")},
    ),
    "a split of a full default tested for truth": (
        'raw = A.get("keys", "a b")\nif not raw.split():\n' + RAISE,
        {"keys": ("optional", "a b")},
    ),
    "a split compared with blank text": (
        'raw = A.get("keys", "")\nif raw.split() == "":\n' + RAISE,
        {"keys": ("optional", "")},
    ),
    "a comma split tested for truth": (
        'raw = A.get("keys", "")\nif not raw.split(","):\n' + RAISE,
        {"keys": ("optional", "")},
    ),
}


@pytest.mark.parametrize("walk", sorted(WALKS))
@pytest.mark.parametrize("shape", sorted(SPLIT_TESTS))
def test_a_whitespace_split_tested_for_truth_refuses_blank_text(
    run_cli, make_repo, shape: str, walk: str
) -> None:
    code, expected = SPLIT_TESTS[shape]
    assert kinds_and_defaults(run_cli, make_repo(WALKS[walk](code))) == expected
