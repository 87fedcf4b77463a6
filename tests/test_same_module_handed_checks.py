"""A function of the tool's own module (or a method of its class) whose
check hands a value back (``if not args.get("k"): return "k is required"``,
``except KeyError: return "no k"``): the function ends, not the tool's call,
and the tool may answer with the value or go on. The key is needed on some
calls (``required or optional``, its default neither claimed nor denied), as
in a helper of another module (tests/test_handed_back_handlers.py), unless
the tool's walk sees the tool end ``execute`` with it: its ``Response``'s
message is the function's result, and the value a message written there
(then required, as ``return Response("k is required")`` in ``execute``)."""

from __future__ import annotations

import pytest
from bothwalks import kinds_and_defaults

HEAD = "from helpers.tool import Response, Tool\n\n\n"

#: how the tool uses what the function hands back
DROPPED = '        run(self.args)\n        return Response(message="done", break_loop=False)\n'
OR_OK = '        return Response(message=run(self.args) or "ok", break_loop=False)\n'
CHECKED = (
    "        err = run(self.args)\n"
    "        if err:\n"
    "            return Response(message=err, break_loop=False)\n"
    '        return Response(message="ok", break_loop=False)\n'
)
ANSWERED = "        return Response(message=run(self.args), break_loop=False)\n"


def _tool(function: str, use: str, method: bool = False) -> dict[str, str]:
    """``tools/t.py`` with ``run(args)`` (``function`` its body) beside the
    tool's class, or as its method (``self.run(self.args)``)."""
    body = "".join(f"    {line}\n" for line in function.splitlines())
    if method:
        run = "    def run(self, args):\n" + "".join(f"    {line}\n" for line in body.splitlines())
        code = f"{HEAD}class T(Tool):\n{run}\n    async def execute(self, **kwargs):\n"
        return {"tools/t.py": code + use.replace("run(", "self.run(")}
    code = (
        f"{HEAD}def run(args):\n{body}\n\nclass T(Tool):\n    async def execute(self, **kwargs):\n"
    )
    return {"tools/t.py": code + use}


CHECK = 'if not args.get("k"):\n    return "k is required"\nreturn None'
ABSENT = 'if "k" not in args:\n    return {"error": "k"}\nreturn None'
HANDLER = 'try:\n    k = args["k"]\nexcept KeyError:\n    return "no k"\nreturn k'


@pytest.mark.parametrize("method", [False, True])
@pytest.mark.parametrize("use", [DROPPED, OR_OK, CHECKED])
@pytest.mark.parametrize("function", [CHECK, ABSENT, HANDLER])
def test_a_value_handed_back_leaves_the_key_unknown(
    make_repo, run_cli, function: str, use: str, method: bool
) -> None:
    facts = kinds_and_defaults(run_cli, make_repo(_tool(function, use, method)))
    assert facts["k"] == ("unknown", "-")


@pytest.mark.parametrize(
    ("function", "kind"),
    [
        # ``execute`` ends with the message the function returns: refused
        (CHECK.replace("return None", 'return "ok"'), "required"),
        (HANDLER, "required"),
        # a value not written there may be an answer
        ('if not args.get("k"):\n    return None\nreturn "ok"', "unknown"),
        ('try:\n    k = args["k"]\nexcept KeyError:\n    return None\nreturn k', "unknown"),
    ],
)
def test_a_message_the_tool_answers_with_refuses(
    make_repo, run_cli, function: str, kind: str
) -> None:
    facts = kinds_and_defaults(run_cli, make_repo(_tool(function, ANSWERED)))
    assert facts["k"] == (kind, "-")


@pytest.mark.parametrize(
    ("function", "kind", "default"),
    [
        # the check raises: needed on every call
        ('if not args.get("k"):\n    raise ValueError("k")\nreturn None', "required", "-"),
        # it assigns a default and goes on; the handler goes on past the ``try``
        ('k = args.get("k")\nif not k:\n    k = "d"\nreturn k', "optional", "d"),
        ('try:\n    k = args["k"]\nexcept KeyError:\n    k = None\nreturn k', "optional", "-"),
        # a default the check lets pass stands
        ('k = args.get("k", "x")\nif not k:\n    return "error"\nreturn k', "optional", "x"),
    ],
)
def test_a_check_that_raises_or_goes_on(
    make_repo, run_cli, function: str, kind: str, default: str
) -> None:
    facts = kinds_and_defaults(run_cli, make_repo(_tool(function, DROPPED)))
    assert facts["k"] == (kind, default)


BRANCH = (
    '        if self.args.get("mode") == "a":\n'
    '            return Response(message=run(self.args) or "ok", break_loop=False)\n'
    '        return Response(message="ok", break_loop=False)\n'
)


@pytest.mark.parametrize("function", [CHECK, ABSENT, HANDLER])
def test_on_the_calls_a_branch_makes(make_repo, run_cli, function: str) -> None:
    """Called in a branch, it is needed on those calls only: unknown all the same."""
    facts = kinds_and_defaults(run_cli, make_repo(_tool(function, BRANCH)))
    assert facts["k"] == ("unknown", "-")


@pytest.mark.parametrize("first", ["", "    if isinstance(value, bool):\n        return value\n"])
def test_a_value_handed_in_is_converted_not_refused(make_repo, run_cli, first: str) -> None:
    """``truthy(self.args.get("flag"))`` with ``if value is None: return False``:
    a conversion, as in a helper of another module: optional."""
    code = (
        f"{HEAD}def truthy(value):\n{first}    if value is None:\n        return False\n"
        '    return str(value) == "yes"\n\n\nclass T(Tool):\n'
        "    async def execute(self, **kwargs):\n"
        '        flag = truthy(self.args.get("flag"))\n'
        "        return Response(message=str(flag), break_loop=False)\n"
    )
    facts = kinds_and_defaults(run_cli, make_repo({"tools/t.py": code}))
    assert facts["flag"] == ("optional", "-")


def test_a_check_past_a_return_of_the_function_refuses_nothing(make_repo, run_cli) -> None:
    """``if not ok: return ""`` before it: the check runs on some of the
    function's calls only, as in a helper of another module: optional."""
    function = (
        'if not args.get("ok"):\n    return ""\nif not args.get("k"):\n    return ""\nreturn "n"'
    )
    facts = kinds_and_defaults(run_cli, make_repo(_tool(function, BRANCH)))
    assert facts["k"] == ("optional", "-")
