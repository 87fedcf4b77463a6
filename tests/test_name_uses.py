"""How a function uses a name holding a container: both walks agree on
whether it only looks in it (doxtool.python.nameuses, doxtool.python.astreadonly)."""

from __future__ import annotations

import ast
from textwrap import indent

import libcst as cst
import pytest

from doxtool.python import astreadonly, nameuses

#: a function body using ``x`` -> whether ``x`` is only looked in
BODIES = {
    "if not x:\n    return\n": True,
    "while x and y:\n    y = 0\n": True,
    "v = 1 if x else 2\n": True,
    "assert not (x or y)\n": True,
    "flag = not x\n": True,
    "n = len(x)\ns = ' '.join(x)\nt = str(x)\n": True,
    "for item in x:\n    print(item)\n": True,
    "ys = [i for i in x]\n": True,
    "y = ['a'] + x\n": True,
    "print(f'{x}')\n": True,
    "v = x['k']\nw = x.get('k')\nz = 'k' in x\n": True,
    "x.append(1)\n": False,
    "fill(x)\n": False,
    "y = x\n": False,
    "y = x or []\n": False,
    "return x\n": False,
    "self.items = x\n": False,
    "x[0] = 1\n": False,
    "y = x * 2\n": False,
    "print(x)\n": False,
}


@pytest.mark.parametrize("body", sorted(BODIES))
def test_both_walks_tell_a_container_only_looked_in(body: str) -> None:
    source = "def f(y):\n    x = make()\n" + indent(body, "    ")
    function_cst = cst.parse_module(source).body[0]
    function_ast = ast.parse(source).body[0]
    expected = BODIES[body]
    assert nameuses.looked_in(function_cst, "x") is expected
    assert astreadonly.looked_in(function_ast, "x") is expected


def test_only_read_still_takes_no_truth_test() -> None:
    source = "def f():\n    x = make()\n    if x:\n        return x['k']\n"
    assert nameuses.only_read(cst.parse_module(source).body[0], "x") is False
    assert astreadonly.only_read(ast.parse(source).body[0], "x") is False
