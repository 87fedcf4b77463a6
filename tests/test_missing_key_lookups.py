"""A lookup of an argument's value in a known dict, in a tool's ``execute``.

``kind = args.get("type")``, then ``KINDS[kind]`` of a dict whose keys are
literal strings (a module constant nothing changes, or a name the function
binds once and only reads): the ``None`` a missing key gives, or a default
that is none of its keys, is no key, and the lookup raises ``KeyError`` as
``args["type"]`` does: ``type`` is required where the lookup runs on every
call, needed on some calls where it runs in a branch. Nothing is needed
where a ``try`` may recover, past a test taking the value present, where a
fallback or a default among the keys stands in, or where the dict may
change.
"""

from __future__ import annotations

import pytest
from bothwalks import as_tool, kinds_and_defaults

CONSTANT = 'KINDS = {"a": 1, "b": 2}\n'

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a lookup of the value": (
        'kind = A.get("type")\nprint(KINDS[kind])\n',
        {"type": ("required", "-")},
    ),
    "a lookup of a default that is no key": (
        'kind = A.get("type", "z")\nprint(KINDS[kind])\n',
        {"type": ("required", "-")},
    ),
    "a lookup of a default that is a key": (
        'kind = A.get("type", "a")\nprint(KINDS[kind])\n',
        {"type": ("optional", "a")},
    ),
    "a lookup in a local dict read only": (
        'table = {"a": 1, "b": 2}\nkind = A.get("type")\nprint(table[kind])\n',
        {"type": ("required", "-")},
    ),
    "a lookup in a branch": (
        'if A.get("mode") == "x":\n    k = A.get("k")\n    print(KINDS[k])\n',
        {"mode": ("optional", "-"), "k": ("unknown", "-")},
    ),
    "a lookup, caught": (
        'kind = A.get("type")\ntry:\n    print(KINDS[kind])\nexcept KeyError:\n    pass\n',
        {"type": ("optional", "-")},
    ),
    "a lookup past a test of the value": (
        'kind = A.get("type")\nif kind:\n    print(KINDS[kind])\n',
        {"type": ("optional", "-")},
    ),
    "a lookup in a conditional expression": (
        'kind = A.get("type")\nprint(KINDS[kind] if kind else None)\n',
        {"type": ("optional", "-")},
    ),
    "a lookup past a fallback": (
        'kind = A.get("type") or "a"\nprint(KINDS[kind])\n',
        {"type": ("optional", "a")},
    ),
    "a lookup past a replacement": (
        'kind = A.get("type")\nif kind is None:\n    kind = "a"\nprint(KINDS[kind])\n',
        {"type": ("optional", "a")},
    ),
    "a lookup with get": (
        'kind = A.get("type")\nprint(KINDS.get(kind))\n',
        {"type": ("optional", "-")},
    ),
    "a dict the code changes": (
        'kind = A.get("type")\nKINDS[kind] = 3\nprint(KINDS[kind])\n',
        {"type": ("optional", "-")},
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_tool_needs_a_key_its_lookup_raises_without(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"tools/t.py": CONSTANT + as_tool(code, "A")})
    assert kinds_and_defaults(run_cli, root) == expected
