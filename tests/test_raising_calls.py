"""A check ended by a call that never returns (``if not A.get("q"):
reject("q")``, every path of ``reject`` raising) refuses what ``raise`` in
its place does: the argument is required, whether ``reject`` is the
module's own, another module's (settled once the modules are joined), or
one of another module that ends with a call of such a function. A call
that may return (one path raising, a coroutine made and not awaited)
refuses nothing. The libcst walk of a tool and the ``ast`` walk of a
helper of another module say the same."""

from __future__ import annotations

from pathlib import Path
from textwrap import dedent, indent

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED, as_tool, kind, tool_module
from bothwalks import arguments as _arguments
from samples import write_files

from doxtool.cli import cli

ERRS = """\
def reject(what):
    raise ValueError(what)


async def areject(what):
    raise ValueError(what)


def maybe(what):
    if what:
        raise ValueError(what)


def relay(what):
    reject(what)
"""

#: imports and the module's own functions, above the tool or the helper
HEAD = (
    "from helpers.errs import areject, maybe, reject, relay\n\n\n"
    "def own(what):\n    raise ValueError(what)\n\n\n"
    "def logged(what):\n    print(what)\n\n\n"
)

#: (how the check ends, whether ``q`` is required)
ENDS: dict[str, tuple[str, str]] = {
    "a raise": ('raise ValueError("q")', REQUIRED),
    "another module's function that always raises": ('reject("q")', REQUIRED),
    "the module's own that always raises": ('own("q")', REQUIRED),
    "a function ending with a call of one that always raises": ('relay("q")', REQUIRED),
    "a call that returns, then one that always raises": ('maybe("")\n    reject("q")', REQUIRED),
    "a function that may return": ('maybe("q")', OPTIONAL),
    "the module's own that returns": ('logged("q")', OPTIONAL),
    "an async function not awaited": ('areject("q")', OPTIONAL),
}

CHECK = """\
if not A.get("q"):
    END
x = A.get("x")
"""


def _code(end: str) -> str:
    return CHECK.replace("END", end)


@pytest.mark.parametrize("end", sorted(ENDS))
def test_a_tool_check_ended_by_a_call(run_cli, make_repo, end: str) -> None:
    call, expected = ENDS[end]
    tool = HEAD + as_tool(_code(call), "A")
    root = make_repo({"helpers/__init__.py": "", "helpers/errs.py": ERRS, "tools/t.py": tool})
    assert _arguments(run_cli, root) == {"q": expected, "x": OPTIONAL}


@pytest.mark.parametrize("end", sorted(ENDS))
def test_a_helper_check_ended_by_a_call(run_cli, make_repo, end: str) -> None:
    call, expected = ENDS[end]
    helper = HEAD + "def run(args):\n" + indent(_code(call).replace("A", "args"), " " * 4)
    files = {"helpers/errs.py": ERRS, "helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL}
    root = make_repo({"helpers/__init__.py": "", **files})
    assert _arguments(run_cli, root) == {"q": expected, "x": OPTIONAL}


PAIR = """\
if not A.get("a") and not A.get("b"):
    END
"""


@pytest.mark.parametrize(
    ("end", "expected"),
    [
        ('raise ValueError("a or b")', ("one of b", "one of a")),
        ('reject("a or b")', ("one of b", "one of a")),
        ('own("a or b")', ("one of b", "one of a")),
        ('maybe("a or b")', ("optional", "optional")),
    ],
)
@pytest.mark.parametrize("walk", ["tool", "helper"])
def test_a_check_of_several_arguments_ended_by_a_call(
    run_cli, make_repo, walk: str, end: str, expected: tuple[str, str]
) -> None:
    """``if not a and not b: reject(...)`` makes ``a`` and ``b`` stand in
    for each other as ``raise`` there does, when the call never returns."""
    code = PAIR.replace("END", end)
    if walk == "tool":
        files = {"tools/t.py": HEAD + as_tool(code, "A")}
    else:
        helper = HEAD + "def run(args):\n" + indent(code.replace("A", "args"), " " * 4)
        files = {"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL}
    root = make_repo({"helpers/__init__.py": "", "helpers/errs.py": ERRS, **files})
    found = {a["name"]: kind(a) for a in tool_module(run_cli, root)["arguments"]}
    assert (found["a"], found["b"]) == expected


def test_an_awaited_async_function_that_always_raises_ends_a_tool_check(run_cli, make_repo) -> None:
    tool = HEAD + as_tool(_code('await areject("q")'), "A")
    root = make_repo({"helpers/__init__.py": "", "helpers/errs.py": ERRS, "tools/t.py": tool})
    assert _arguments(run_cli, root) == {"q": REQUIRED, "x": OPTIONAL}


def _picking(last: str) -> str:
    return dedent(
        """\
        from helpers.errs import maybe, relay
        from helpers.tool import Response, Tool


        class PickTool(Tool):
            async def execute(self, **kwargs) -> Response:
                colour = str(self.args.get("colour", "red"))
                if colour in ("red", "blue"):
                    return Response(message=colour, break_loop=False)
                LAST
        """
    ).replace("LAST", last)


@pytest.mark.parametrize(("last", "found"), [("relay(colour)", False), ("maybe(colour)", True)])
def test_a_function_of_another_module_ending_with_a_raising_call_ends_execute(
    tmp_path: Path, last: str, found: bool
) -> None:
    """DOX007: ``execute`` ending with a call of a function that ends with
    a call of one whose every path raises does not reach its end."""
    from click.testing import CliRunner

    from doxtool.rules.examples import FRAMEWORK

    files = {"helpers/__init__.py": "", "helpers/errs.py": ERRS, "tools/pick.py": _picking(last)}
    write_files(tmp_path, {**FRAMEWORK, **files})
    result = CliRunner().invoke(cli, ["check", "--root", str(tmp_path), "--no-cache"])
    assert result.exit_code in (0, 1), result.output
    assert ("DOX007" in result.output) is found


def _past(call: str) -> str:
    return dedent(
        """\
        import os

        from helpers.errs import maybe, reject, relay
        from helpers.tool import Response, Tool


        class T(Tool):
            async def execute(self, **kwargs):
                colour = self.args.get("colour", "red")
                if colour not in ("red", "blue"):
                    CALL
                    os.remove(colour)
                    return Response(message="bad", break_loop=True)
                return Response(message=colour, break_loop=False)
        """
    ).replace("CALL", call)


@pytest.mark.parametrize(
    ("call", "reached"),
    [
        ("reject(colour)", False),
        ("relay(colour)", False),
        ("raise ValueError(colour)", False),
        ("maybe(colour)", True),
        ("print(colour)", True),
    ],
)
def test_what_follows_a_call_of_another_module_that_never_returns_is_no_outcome(
    run_cli, make_repo, call: str, reached: bool
) -> None:
    """A ``Response`` and a side effect after a call of another module's
    function that never returns, in its block, are reached by no path, as
    after a ``raise``; after one that may return they are."""
    root = make_repo(
        {"helpers/__init__.py": "", "helpers/errs.py": ERRS, "tools/t.py": _past(call)}
    )
    tool = tool_module(run_cli, root)
    assert sorted(o["break_loop"] for o in tool["outcomes"]) == [False, True][: 1 + reached]
    assert tool["side_effects"] == (["filesystem delete"] if reached else [])
    assert bool(tool["effects"]) is reached


def test_a_generated_companion_gives_the_alternatives_of_a_check_ended_by_a_call(
    run_cli, make_repo
) -> None:
    tool = HEAD + as_tool(PAIR.replace("END", 'reject("a or b")'), "A")
    root = make_repo({"helpers/__init__.py": "", "helpers/errs.py": ERRS, "tools/t.py": tool})
    run_cli(root, "check", "--fix", "--no-cache")
    text = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `a`: optional, alternative to `b`.\n" in text
