"""A return on a path of the arguments that is not a check's refusal (``if
self.args.get("dry"): return Response("dry run", False)``) ends calls that
do their work: what follows runs on some calls only, so a check or a read
that raises without a key there leaves its requiredness unknown (``required
or optional``), in ``execute``, in a method it calls and in a helper of
another module alike. A refusal before them (a check's error, a raise) or a
return not on such a path (``if not self.agent``) leaves them as they are. A
helper's check in a branch of an ``if`` on the dict it was handed counts as
the same check in the tool does; one whose raise a handler recovers from
refuses nothing. The libcst walk of a tool and the ``ast`` walk of a helper
of another module say the same."""

from __future__ import annotations

from textwrap import dedent, indent

import pytest
from bothwalks import HELPER_TOOL, OPTIONAL, REQUIRED, UNKNOWN, as_helper, as_tool
from bothwalks import arguments as _arguments

#: (code reading the dict ``A``, ``EXIT`` standing for a return that is no
#: refusal, what each argument read is)
SHAPES: dict[str, tuple[str, dict[str, str]]] = {
    "a return on an argument's path": (
        """\
        if A.get("dry"):
            EXIT
        if not A.get("port"):
            raise ValueError("port is required")
        host = A["host"]
        """,
        {"dry": OPTIONAL, "port": UNKNOWN, "host": UNKNOWN},
    ),
    "a return in a loop over an argument": (
        """\
        for item in A.get("items", []):
            if item == "stop":
                EXIT
        host = A["host"]
        """,
        {"items": OPTIONAL, "host": UNKNOWN},
    ),
    "a raise before": (
        """\
        if not A.get("query"):
            raise ValueError("query is required")
        if not A.get("port"):
            raise ValueError("port is required")
        host = A["host"]
        """,
        {"query": REQUIRED, "port": REQUIRED, "host": REQUIRED},
    ),
    "a check in a branch on the arguments": (
        """\
        if A.get("secure"):
            if not A.get("token"):
                raise ValueError("token is required")
        """,
        {"secure": OPTIONAL, "token": UNKNOWN},
    ),
    "a check in the else of a branch on the arguments": (
        """\
        if A.get("mode") == "fast":
            pass
        else:
            if not A.get("name"):
                raise ValueError("name is required")
        """,
        {"mode": OPTIONAL, "name": UNKNOWN},
    ),
    "a check in an elif of a branch on the arguments": (
        """\
        if A.get("fast"):
            pass
        elif not A.get("token"):
            raise ValueError("token is required")
        """,
        {"fast": OPTIONAL, "token": UNKNOWN},
    ),
    "a check in a branch whose raise a handler recovers from": (
        """\
        try:
            if A.get("secure"):
                if not A.get("token"):
                    raise ValueError("token is required")
        except ValueError:
            pass
        """,
        {"secure": OPTIONAL, "token": OPTIONAL},
    ),
}


def _tool(code: str) -> str:
    return as_tool(code.replace("EXIT", "return Response(message='dry', break_loop=False)"), "A")


def _helper(code: str) -> str:
    return as_helper(code.replace("EXIT", "return None"), "A")


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_tool_needs_what_follows_an_exit_on_some_calls(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"tools/t.py": _tool(dedent(code))})
    assert _arguments(run_cli, root) == expected


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_a_helper_of_another_module_reads_the_same(run_cli, make_repo, shape: str) -> None:
    code, expected = SHAPES[shape]
    root = make_repo({"helpers/fmt.py": _helper(dedent(code)), "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == expected


NEED_USER = """\
def need_user(args):
    if not args.get("user"):
        raise ValueError("user is required")
    return args["user"]
"""


def _execute(first: str) -> str:
    return (
        "from helpers.checks import need_user\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"{first}"
        "        if not self.args.get('port'):\n"
        "            raise ValueError('port is required')\n"
        "        host = self.args['host']\n"
        "        need_user(self.args)\n"
        "        return Response(message=host, break_loop=False)\n"
    )


@pytest.mark.parametrize(
    ("first", "before", "after"),
    [
        (
            "        if self.args.get('dry'):\n"
            "            return Response(message='dry run', break_loop=False)\n",
            {"dry": OPTIONAL},
            UNKNOWN,
        ),
        (
            "        if not self.args.get('query'):\n"
            "            return Response(message='query is required', break_loop=False)\n",
            {"query": REQUIRED},
            REQUIRED,
        ),
        (
            "        if not self.args.get('a') and not self.args.get('b'):\n"
            "            return Response(message='a or b is required', break_loop=False)\n",
            {"a": OPTIONAL, "b": OPTIONAL},
            REQUIRED,
        ),
        (
            "        if len(self.args.get('q', '')) == 0:\n"
            "            return Response(message='q is required', break_loop=False)\n",
            {"q": REQUIRED},
            REQUIRED,
        ),
        (
            "        if not self.agent:\n"
            "            return Response(message='no agent', break_loop=False)\n",
            {},
            REQUIRED,
        ),
    ],
    ids=["work done", "a refusal", "a refusal of both", "a refusal of empty", "not the arguments"],
)
def test_what_execute_needs_past_an_early_return(
    run_cli, make_repo, first: str, before: dict[str, str], after: str
) -> None:
    """The check, the read and a helper's check of another module after it
    agree: unknown past a return doing the tool's work, required past a refusal."""
    root = make_repo({"helpers/checks.py": NEED_USER, "tools/t.py": _execute(first)})
    assert _arguments(run_cli, root) == {**before, "port": after, "host": after, "user": after}


DISPATCH = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        if self.method == "add":
            return await self.add()
        return Response(message=f"unknown method {self.method}", break_loop=False)

    async def add(self):
        if self.args.get("dry"):
            return Response(message="dry", break_loop=False)
        if not self.args.get("name"):
            return Response(message="name is required", break_loop=False)
        self._log()
        return Response(message="added", break_loop=False)

    def _log(self):
        if self.args.get("quiet"):
            return None
        if not self.args.get("level"):
            return Response(message="level is missing", break_loop=False)
        return None
"""


def test_a_method_past_an_early_return(run_cli, make_repo) -> None:
    """A dispatched method's check past its own early return refuses on
    some calls; a ``Response`` a helper returns that ``execute`` drops
    refuses nothing."""
    root = make_repo({"tools/t.py": DISPATCH})
    assert _arguments(run_cli, root) == {
        "dry": OPTIONAL,
        "name": UNKNOWN,
        "quiet": OPTIONAL,
        "level": OPTIONAL,
    }


#: returns whose test is not about the arguments (``EXIT`` as above)
STATE_RETURNS = {
    "a cache": "if CACHE:\n    EXIT\n",
    "a setting": "if not enabled():\n    EXIT\n",
    "a handler": "try:\n    enabled()\nexcept OSError:\n    EXIT\n",
}
STATE_CHECKS = """\
if not A.get("port"):
    raise ValueError("port is required")
host = A["host"]
"""
STATE = "CACHE = {}\n\n\ndef enabled():\n    return bool(CACHE)\n\n\n"


@pytest.mark.parametrize("shape", sorted(STATE_RETURNS))
def test_a_helpers_return_not_on_the_arguments_ends_the_helper_only(
    run_cli, make_repo, shape: str
) -> None:
    """Past ``if CACHE: return CACHE`` in a helper of another module or in a
    method of the tool, the tool's call goes on without what follows: its
    check and its read need their keys on some calls only."""
    code = STATE_RETURNS[shape] + STATE_CHECKS
    helper = STATE + _helper(code)
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    assert _arguments(run_cli, root) == {"port": UNKNOWN, "host": UNKNOWN}
    method = indent(_helper(code).replace("def run(args)", "def _run(self)"), "    ")
    tool = (
        f"from helpers.tool import Response, Tool\n\n{STATE}class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        self._run()\n"
        "        return Response(message='done', break_loop=False)\n\n"
        f"{method.replace('args', 'self.args')}"
    )
    root = make_repo({"tools/t.py": tool})
    assert _arguments(run_cli, root) == {"port": UNKNOWN, "host": UNKNOWN}


@pytest.mark.parametrize("shape", sorted(STATE_RETURNS))
def test_a_return_not_on_the_arguments_in_execute_ends_the_call(
    run_cli, make_repo, shape: str
) -> None:
    """In ``execute`` the same return ends the call: every call that goes on
    needs the keys."""
    root = make_repo({"tools/t.py": _tool(STATE_RETURNS[shape] + STATE_CHECKS)})
    tool = (
        (root / "tools/t.py").read_text().replace("from helpers.tool", STATE + "from helpers.tool")
    )
    (root / "tools/t.py").write_text(tool)
    assert _arguments(run_cli, root) == {"port": REQUIRED, "host": REQUIRED}
