"""A read tested against ``None`` where a missing key gives ``None``
(``args.get("k") is not None``, or a name bound to such a read): the key is
present where the test is true (``is None``: where it is false), so a read
that raises without it there (``args["k"]``) does not. A read whose default
is not ``None`` (``args.get("k", 5) is not None``) tests nothing of the key;
in a helper of another module, a read so tested (not a name) guards alike."""

from __future__ import annotations

import pytest
from bothwalks import in_helper, in_tool, kinds_and_defaults

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a read tested not None in a conditional expression": (
        'x = int(A["p"]) if A.get("p") is not None else None\nprint(x)\n',
        {"p": ("optional", "-")},
    ),
    "a read with None default tested not None": (
        'x = A["p"] if A.get("p", None) is not None else None\nprint(x)\n',
        {"p": ("optional", None)},
    ),
    "a name tested not None in an if": (
        'p = A.get("p")\nif p is not None:\n    print(A["p"])\n',
        {"p": ("optional", "-")},
    ),
    "a read tested None, read in the else": (
        'if A.get("p") is None:\n    x = 0\nelse:\n    x = A["p"]\nprint(x)\n',
        {"p": ("optional", "-")},
    ),
    "the other arm of a not None test is the default": (
        'x = A["p"] if A.get("p") is not None else 5\nprint(x)\n',
        {"p": ("optional", 5)},
    ),
    "the arm of a None test is the default": (
        'x = 5 if A.get("p") is None else A["p"]\nprint(x)\n',
        {"p": ("optional", 5)},
    ),
    "a None arm beside another path's default": (
        'if A.get("a") == "c":\n    print(int(A.get("p", 0)))\nelse:\n'
        '    print(A["p"] if A.get("p") is not None else None)\n',
        {"a": ("optional", "-"), "p": ("optional", "-")},
    ),
    "a read with another default tested not None": (
        'x = A["p"] if A.get("p", 5) is not None else 0\nprint(x)\n',
        {"p": ("unknown", "-")},
    ),
    "a read tested None, read where it is": (
        'x = A["p"] if A.get("p") is None else 0\nprint(x)\n',
        {"p": ("unknown", "-")},
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_none_test_guards_a_read_that_raises(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo(in_tool(code))
    assert kinds_and_defaults(run_cli, root) == expected


#: shapes a helper of another module judges alike (its walk takes no name,
#: nor the ``else`` of a test, as one of a key's presence, and states no
#: default from the other arm)
IN_HELPER = sorted(
    set(SHAPES)
    - {"a name tested not None in an if", "a read tested None, read in the else"}
    - {"the other arm of a not None test is the default", "the arm of a None test is the default"}
    - {"a None arm beside another path's default"}
)


@pytest.mark.parametrize("shape", IN_HELPER)
def test_a_helper_of_another_module_judges_the_same(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo(in_helper(code))
    assert kinds_and_defaults(run_cli, root) == expected
