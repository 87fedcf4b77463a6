"""Uses that raise on the ``None`` a missing key gives, on both walks: the
tool's (libcst) and a helper's of another module handed the arguments
(``ast``).

``f = args.get("f")``, then ``f.split(",")`` (any attribute but ``None``'s
own dunders), ``len(f)``, ``int(f)`` or ``float(f)`` on every call, or the
same use of the read itself (``args.get("f").strip()``, ``int(args.get("f"))``):
a missing ``f`` raises there, as ``args["f"]`` does: ``f`` is required.
Where the use runs on some calls only (under an ``if``, a conditional
expression, ``and``, a lambda, a comprehension), it is needed on those
calls, as ``args["f"]`` there is: neither required nor optional, unless
the test that leads there takes the value present (``f and f.split()``).
Nothing is needed past a return a missing key takes, in a loop, where a
``try`` or ``with suppress(...)`` may recover from it, where the name is
bound again, nor on a read whose default is not ``None``.
"""

from __future__ import annotations

import pytest
from bothwalks import execute_facts, in_helper, in_tool, kinds_and_defaults

#: code reading the dict ``A`` -> each argument's kind and default (``-``: none)
SHAPES: dict[str, tuple[str, dict[str, tuple[str, object]]]] = {
    "a method of the value": ('f = A.get("f")\nprint(f.split())\n', {"f": ("required", "-")}),
    "the length of the value": ('f = A.get("f")\nn = len(f)\nprint(n)\n', {"f": ("required", "-")}),
    "the length, caught": (
        'f = A.get("f")\ntry:\n    print(len(f))\nexcept TypeError:\n    pass\n',
        {"f": ("optional", "-")},
    ),
    "a method, caught and handled": (
        'f = A.get("f")\ntry:\n    print(f.split())\nexcept AttributeError:\n    f = None\n',
        {"f": ("optional", "-")},
    ),
    "a method under suppress": (
        'import contextlib\nf = A.get("f")\nwith contextlib.suppress(AttributeError):\n'
        "    print(f.split())\n",
        {"f": ("optional", "-")},
    ),
    "a method under another with": (
        'f = A.get("f")\nwith open("x") as fh:\n    print(f.split())\n',
        {"f": ("required", "-")},
    ),
    "a dunder of the value": ('f = A.get("f")\nprint(f.__class__)\n', {"f": ("optional", "-")}),
    "a method of a default string": (
        'f = A.get("f", "")\nprint(f.split())\n',
        {"f": ("optional", "")},
    ),
    "a method past a replacement": (
        'f = A.get("f")\nif f is None:\n    f = "a"\nprint(f.split())\n',
        {"f": ("optional", "a")},
    ),
    "a method past a return": (
        'f = A.get("f")\nif not f:\n    return None\nprint(f.split())\n',
        {"f": ("optional", "-")},
    ),
    "a method in a conditional expression": (
        'f = A.get("f")\nprint(f.split() if f else [])\n',
        {"f": ("optional", "-")},
    ),
    "a method after and": ('f = A.get("f")\nprint(f and f.split())\n', {"f": ("optional", "-")}),
    "a method in a lambda": ('f = A.get("f")\ng = lambda: f.split()\n', {"f": ("unknown", "-")}),
    "a method in a comprehension": (
        'f = A.get("f")\nprint([f.split() for _ in A.get("ks", [])])\n',
        {"f": ("unknown", "-"), "ks": ("optional", [])},
    ),
    "a conversion of the value": (
        'f = A.get("f")\nn = int(f)\nprint(n)\n',
        {"f": ("required", "-")},
    ),
    "a float of the value": ('f = A.get("f")\nprint(float(f))\n', {"f": ("required", "-")}),
    "a conversion of the read": ('n = int(A.get("f"))\nprint(n)\n', {"f": ("required", "-")}),
    "a conversion of a read with a default": (
        'n = int(A.get("f", 3))\nprint(n)\n',
        {"f": ("optional", 3)},
    ),
    "a conversion of the read, caught": (
        'try:\n    n = int(A.get("f"))\nexcept TypeError:\n    n = 0\nprint(n)\n',
        {"f": ("optional", "-")},
    ),
    "a conversion of the read under a test": (
        'if A.get("g"):\n    print(int(A.get("f")))\n',
        {"f": ("unknown", "-"), "g": ("optional", "-")},
    ),
    "the text of the read": ('print(str(A.get("f")))\n', {"f": ("optional", "-")}),
    "a method of the read": ('print(A.get("f").strip())\n', {"f": ("required", "-")}),
    "a method of a read with a default": (
        'print(A.get("f", "").strip())\n',
        {"f": ("optional", "")},
    ),
    "the length of the read": ('print(len(A.get("f")))\n', {"f": ("required", "-")}),
    "a method of the read after and": (
        'print(A.get("g") and A.get("f").strip())\n',
        {"f": ("unknown", "-"), "g": ("optional", "-")},
    ),
    "a method in a branch of a dispatch": (
        'if A.get("action", "list") == "add":\n    print(A.get("f").strip())\n',
        {"action": ("optional", "list"), "f": ("unknown", "-")},
    ),
    "a method of the value in a branch of a dispatch": (
        'f = A.get("f")\nif A.get("action", "list") == "add":\n    print(f.strip())\n',
        {"action": ("optional", "list"), "f": ("unknown", "-")},
    ),
    "a method in the other branch": (
        'f = A.get("f")\nif A.get("g"):\n    pass\nelse:\n    print(f.strip())\n',
        {"f": ("unknown", "-"), "g": ("optional", "-")},
    ),
    "a method under a test of the value": (
        'f = A.get("f")\nif A.get("g") and f:\n    print(f.split())\n',
        {"f": ("optional", "-"), "g": ("optional", "-")},
    ),
    "a method under a test of the value's type": (
        'f = A.get("f")\nif isinstance(f, str):\n    print(f.strip())\n',
        {"f": ("optional", "-")},
    ),
    "a method in the arm a test of the value's type takes": (
        'f = A.get("f")\nprint(f.strip() if isinstance(f, str) else "")\n',
        {"f": ("optional", "-")},
    ),
    "a method in a case of a match on the value": (
        'f = A.get("f")\nmatch f:\n    case str():\n        print(f.strip())\n',
        {"f": ("optional", "-")},
    ),
    "a method under a test of the type in a branch of a dispatch": (
        'f = A.get("f")\nif A.get("action", "list") == "add":\n'
        "    if type(f) is str:\n        print(f.strip())\n",
        {"action": ("optional", "list"), "f": ("optional", "-")},
    ),
    "a method under a test of None": (
        'f = A.get("f")\nif f is not None:\n    print(f.split())\n',
        {"f": ("optional", "-")},
    ),
    "a method of the read under a test of its key": (
        'if "f" in A:\n    print(A.get("f").strip())\n',
        {"f": ("optional", "-")},
    ),
    "a method in a branch, then on every call": (
        'f = A.get("f")\nif A.get("g"):\n    print(f.strip())\nprint(f.split())\n',
        {"f": ("required", "-"), "g": ("optional", "-")},
    ),
    "a method in a branch, caught": (
        'f = A.get("f")\nif A.get("g"):\n    try:\n        print(f.strip())\n'
        "    except AttributeError:\n        pass\n",
        {"f": ("optional", "-"), "g": ("optional", "-")},
    ),
    "a method in a loop": (
        'f = A.get("f")\nfor k in A.get("ks", []):\n    print(f.split())\n',
        {"f": ("optional", "-"), "ks": ("optional", [])},
    ),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_tool_needs_a_key_whose_none_raises(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    # in ``execute``, a return past which a missing key goes on is another method's
    code = code.replace("return None", "return await self.other()")
    root = make_repo(in_tool(code))
    assert kinds_and_defaults(run_cli, root) == expected


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_helper_of_another_module_judges_the_same(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo(in_helper(code))
    assert kinds_and_defaults(run_cli, root) == HANDED_BACK.get(shape, expected)


#: shapes whose check hands a value back from a helper, which the tool may
#: answer with: the key is needed on some calls, neither required nor optional
#: (:mod:`~doxtool.python.asthandedchecks`)
HANDED_BACK = {"a method past a return": {"f": ("unknown", "-")}}


def test_a_use_in_a_branch_is_said_as_a_check_there_is(run_cli, make_repo) -> None:
    # ``name`` is needed on the calls that add, as a check there says it
    branch = (
        '        action = self.args.get("action", "list")\n'
        '        if action == "add":\n'
        "{}"
        '            return Response(message="added", break_loop=False)\n'
        '        return Response(message="listed", break_loop=False)\n'
    )
    used = '            name = self.args.get("name").strip()\n'
    checked = (
        '            name = self.args.get("name")\n'
        "            if not name:\n"
        '                return Response(message="name is needed", break_loop=False)\n'
    )
    facts = [execute_facts(make_repo, run_cli, branch.format(code)) for code in (used, checked)]
    assert facts[0] == facts[1] == {"action": ("optional", "list"), "name": ("unknown", "-")}
