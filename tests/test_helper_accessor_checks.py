"""A helper that reads through an accessor of its own module (``def arg(args,
name, default=None): return args.get(name, default)``) and checks what it
gives (``v = arg(args, name)``, then ``if not v: raise ValueError(...)``)
needs the key its caller hands, as the same helper written with
``args.get(name)`` does; and a fallback after a read under a key a parameter
holds (``args.get(name) or "z"``) is what a missing key gives there, as
under a literal key."""

from __future__ import annotations

import pytest
from bothwalks import kind, tool_module

ACCESSOR = "def arg(args, name, default=None):\n    return args.get(name, default)\n\n\n"
TOOL = (
    "from helpers.tool import Response, Tool\nfrom helpers.x import need\n\n\n"
    "class T(Tool):\n    async def execute(self, **kwargs):\n"
    '        to = need(self.args, "to")\n'
    "        return Response(message=str(to), break_loop=False)\n"
)


def _to(make_repo, run_cli, body: str, head: str = ACCESSOR) -> tuple[str, object, bool]:
    helper = head + "def need(args, name):\n" + body + "    return v\n"
    root = make_repo({"helpers/x.py": helper, "tools/t.py": TOOL})
    (to,) = tool_module(run_cli, root)["arguments"]
    return kind(to), to["default"] if to["has_default"] else "-", to["default_unknown"]


CHECK = "    if not v:\n        raise ValueError(f'{name} is required')\n"


@pytest.mark.parametrize(
    ("read", "direct", "expected"),
    [
        ("arg(args, name)", "args.get(name)", ("required", "-", False)),
        ("arg(name=name, args=args)", "args.get(name)", ("required", "-", False)),
        ('arg(args, name, "x")', 'args.get(name, "x")', ("optional", "x", False)),
        ('arg(args, name) or "z"', 'args.get(name) or "z"', ("optional", "z", False)),
    ],
)
def test_a_check_of_what_an_accessor_gives_is_a_check_of_its_read(
    make_repo, run_cli, read, direct, expected
) -> None:
    assert _to(make_repo, run_cli, f"    v = {read}\n" + CHECK) == expected
    assert _to(make_repo, run_cli, f"    v = {direct}\n" + CHECK) == expected


@pytest.mark.parametrize(
    "head",
    [
        # not the module's accessor: a parameter, a name bound again, a coroutine
        ACCESSOR.replace("def arg(", "def _arg(") + "arg = _arg\n\n\n",
        "async " + ACCESSOR,
        "import functools\n\n\n@functools.cache\n" + ACCESSOR,
    ],
    ids=["rebound", "async", "decorated"],
)
def test_a_name_that_may_be_another_function_stays_a_call(make_repo, run_cli, head) -> None:
    assert _to(make_repo, run_cli, "    v = arg(args, name)\n" + CHECK, head)[0] == "optional"


def test_a_parameter_named_as_the_accessor_stays_a_call(make_repo, run_cli) -> None:
    helper = ACCESSOR + "def need(args, name, arg=None):\n    v = arg(args, name)\n" + CHECK
    root = make_repo({"helpers/x.py": helper + "    return v\n", "tools/t.py": TOOL})
    (to,) = tool_module(run_cli, root)["arguments"]
    assert kind(to) == "optional"


def test_an_unchecked_read_through_it_is_optional(make_repo, run_cli) -> None:
    assert _to(make_repo, run_cli, "    v = arg(args, name)\n") == ("optional", "-", False)


@pytest.mark.parametrize("read", ["arg(args, name, default)", "args.get(name, default)"])
@pytest.mark.parametrize("check", [CHECK, "    if v is None:\n        raise ValueError(name)\n"])
def test_a_check_of_a_default_the_caller_hands_needs_the_key_on_some_calls_only(
    make_repo, run_cli, read, check
) -> None:
    # ``need(self.args, "to", 5)`` gives 5 when ``to`` is missing: the check passes it
    helper = ACCESSOR + "def need(args, name, default=None):\n" + f"    v = {read}\n" + check
    tool = TOOL.replace('need(self.args, "to")', 'need(self.args, "to", 5)')
    root = make_repo({"helpers/x.py": helper + "    return v\n", "tools/t.py": tool})
    (to,) = tool_module(run_cli, root)["arguments"]
    assert kind(to) == "unknown"
