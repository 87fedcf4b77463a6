"""A key held in a local name the function binds once to a string literal
(``name = "limit"``, then ``self.args.get(name)``) is read as the literal is,
in a tool's ``execute`` (libcst) and in a helper it hands its arguments
(``ast``): no computed key (DOX008), and the same requiredness, default and
type. A name bound again (twice, in a branch, a loop, by ``+=``, ``:=``, a
nested function's parameter or ``nonlocal``) stays a computed key."""

from __future__ import annotations

import pytest
from bothwalks import WALKS, kinds_and_defaults, tool_module

LITERAL = """\
to = A.get("to")
if not to:
    raise ValueError("send to")
limit = int(A.get("limit", 10))
mode = A["mode"]
verbose = "verbose" in A
"""
NAMED = """\
to_key = "to"
limit_key = "limit"
mode_key = "mo" "de"
flag = "verbose"
to = A.get(to_key)
if not to:
    raise ValueError("send to")
limit = int(A.get(limit_key, 10))
mode = A[mode_key]
verbose = flag in A
"""


@pytest.mark.parametrize("walk", list(WALKS))
def test_a_name_bound_once_to_a_string_reads_that_key(make_repo, run_cli, walk) -> None:
    named_root = make_repo(WALKS[walk](NAMED))
    named = kinds_and_defaults(run_cli, named_root)
    tool = tool_module(run_cli, named_root)
    assert tool["dynamic_reads"] == []
    types = {a["name"]: a["type"] for a in tool["arguments"]}
    literal_root = make_repo(WALKS[walk](LITERAL))
    assert named == kinds_and_defaults(run_cli, literal_root)
    assert named["to"] == ("required", "-")
    assert named["limit"] == ("optional", 10)
    assert types == {a["name"]: a["type"] for a in tool_module(run_cli, literal_root)["arguments"]}


REBOUND = {
    "twice": 'key = "alpha"\nkey = "beta"\nvalue = A.get(key)\n',
    "branch": 'key = "alpha"\nif len(A) > 2:\n    key = "beta"\nvalue = A.get(key)\n',
    "loop": 'for key in ("alpha", "beta"):\n    pass\nkey = "gamma"\nvalue = A.get(key)\n',
    "augmented": 'key = "alpha"\nkey += "_v2"\nvalue = A.get(key)\n',
    "walrus": 'key = "alpha"\nvalue = A.get(key) if (key := "beta") else None\n',
    "nested parameter": (
        'key = "alpha"\n\ndef inner(key):\n    return A.get(key)\n\nvalue = inner(str(A))\n'
    ),
    "nonlocal": (
        'key = "alpha"\n\ndef inner():\n    nonlocal key\n    key = "beta"\n\n'
        "inner()\nvalue = A.get(key)\n"
    ),
    "f-string": 'part = "al"\nkey = f"{part}pha"\nvalue = A.get(key)\n',
}


@pytest.mark.parametrize("walk", list(WALKS))
@pytest.mark.parametrize("shape", list(REBOUND))
def test_a_name_bound_otherwise_stays_a_computed_key(make_repo, run_cli, walk, shape) -> None:
    tool = tool_module(run_cli, make_repo(WALKS[walk](REBOUND[shape])))
    assert [r["expression"] for r in tool["dynamic_reads"]] == ["key"]
    assert {a["name"] for a in tool["arguments"]} & {"alpha", "beta", "gamma"} == set()


def test_the_check_finds_no_computed_key_and_the_companion_agrees(make_repo, run_cli) -> None:
    source = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        key = "to"
        to = self.args.get(key)
        if not to:
            return Response(message="Error: send `to`", break_loop=False)
        return Response(message=to, break_loop=False)
"""
    root = make_repo({"tools/t.py": source})
    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    assert "  - `to`: required." in (root / "tools/t.py.dox.md").read_text()
    result = run_cli(root, "check", "--select", "DOX")
    assert result.exit_code == 0, result.output
    rebound = source.replace("        to = self", "        key = key.strip()\n        to = self")
    (root / "tools/t.py").write_text(rebound)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX008")
    assert "DOX008" in result.output and "computed key `key`" in result.output


def test_a_local_name_hides_a_module_constant_of_that_name(make_repo, run_cli) -> None:
    """``KEY = "mode"`` at module level, ``KEY = compute()`` in the function:
    the read is of a computed key, not ``mode``."""
    source = """\
from helpers.tool import Response, Tool

KEY = "mode"


class T(Tool):
    async def execute(self, **kwargs):
        KEY = str(len(self.args))
        value = self.args.get(KEY)
        return Response(message=str(value), break_loop=False)
"""
    tool = tool_module(run_cli, make_repo({"tools/t.py": source}))
    assert [a["name"] for a in tool["arguments"]] == []
    assert [r["expression"] for r in tool["dynamic_reads"]] == ["KEY"]


def test_a_helper_parameter_hides_a_module_constant_of_that_name(make_repo, run_cli) -> None:
    """``def pick(args, KEY): return args.get(KEY)`` beside ``KEY = "mode"``,
    called ``pick(self.args, "size")``: the read is of ``size``."""
    helper = 'KEY = "mode"\n\n\ndef pick(args, KEY):\n    return args.get(KEY)\n'
    source = """\
from helpers.fmt import pick
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        return Response(message=str(pick(self.args, "size")), break_loop=False)
"""
    tool = tool_module(run_cli, make_repo({"helpers/fmt.py": helper, "tools/t.py": source}))
    assert [a["name"] for a in tool["arguments"]] == ["size"]
