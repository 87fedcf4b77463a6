"""A shared function reads what only some of its callers hand it: ``if name
== "call": return arguments["decision_id"]``. A tool that calls it with its
own name as a literal (``dispatch("status", kwargs)``) never runs that
branch, and takes no ``decision_id``; in a helper module and in the tool's
own module, through a chain of calls too. A caller's value that is not a
literal, or a parameter the function rebinds, leaves the read as it was."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

DISPATCH = """\
def dispatch(name, arguments):
    if name == "status":
        return "ok"
    if name == "call":
        return arguments["decision_id"]
    if name in ("list", "find"):
        return lookup(arguments)
    table = {"peek": "p", "poke": "q"}
    if name in table:
        return table[name] + arguments["target"]
    return "unsupported"


def lookup(arguments):
    return arguments["query"]
"""

# the tool's own module: the dispatch above, then one class per tool
LOCAL = DISPATCH.replace("def dispatch", "def _dispatch").replace("lookup(", "_lookup(")


def _tool(name: str, call: str, local: bool = False) -> str:
    """A tool ``name`` whose ``execute`` returns ``call``."""
    head = "" if local else "from helpers.rt import dispatch, run, run_renamed\n"
    body = f"""\
        from helpers.tool import Response, Tool
        {head}

        class {name.title()}(Tool):
            async def execute(self, **kwargs):
                return Response(message={call}, break_loop=False)
        """
    return dedent(body) + ("\n\n" + LOCAL if local else "")


def _arguments(run_cli, make_repo, files: dict[str, str]) -> dict[str, list[tuple[Any, ...]]]:
    root: Path = make_repo(files)
    result = run_cli(root, "inspect", "--json", "tools")
    assert result.exit_code == 0, result.output
    found: dict[str, list[tuple[Any, ...]]] = {}
    for module in json.loads(result.output):
        for tool in module["tools"]:
            found[tool["name"]] = sorted(
                (a["name"], a["required"], a["required_unknown"]) for a in tool["arguments"]
            )
    return found


ALL_KEYS = ["decision_id", "query", "target"]

HELPER_RT = DISPATCH + dedent(
    """\


    def run(name, arguments):
        return dispatch(name, arguments)


    def run_renamed(name, arguments):
        name = name.replace("x", "call")
        return dispatch(name, arguments)
    """
)


def test_a_helper_reads_nothing_a_callers_literal_rules_out(run_cli, make_repo) -> None:
    files = {
        "helpers/rt.py": HELPER_RT,
        "tools/status.py": _tool("status", 'dispatch("status", kwargs)'),
        "tools/call.py": _tool("call", 'dispatch("call", kwargs)'),
        "tools/find.py": _tool("find", 'dispatch("find", kwargs)'),
        "tools/peek.py": _tool("peek", 'dispatch("peek", kwargs)'),
        "tools/other.py": _tool("other", 'dispatch("other", kwargs)'),
    }
    found = _arguments(run_cli, make_repo, files)
    assert found["status"] == []  # past ``if name == "status": return``, nothing runs
    assert [a[0] for a in found["call"]] == ["decision_id"]
    # ``in`` a tuple, and a call handing the dict on under it
    assert [a[0] for a in found["find"]] == ["query"]
    # ``in`` the keys of a dict literal bound once
    assert [a[0] for a in found["peek"]] == ["target"]
    assert found["other"] == []


def test_a_chain_of_calls_carries_the_literal(run_cli, make_repo) -> None:
    files = {
        "helpers/rt.py": HELPER_RT,
        "tools/status.py": _tool("status", 'run("status", kwargs)'),
        "tools/call.py": _tool("call", 'run("call", kwargs)'),
        # a function on the way that rebinds the parameter hands on another value
        "tools/renamed.py": _tool("renamed", 'run_renamed("x", kwargs)'),
    }
    found = _arguments(run_cli, make_repo, files)
    assert found["status"] == []
    assert [a[0] for a in found["call"]] == ["decision_id"]
    assert [a[0] for a in found["renamed"]] == ALL_KEYS


@pytest.mark.parametrize(
    "call",
    [
        "dispatch(self.name, kwargs)",  # not a literal
        'dispatch("status".upper(), kwargs)',
    ],
)
def test_a_value_that_is_no_literal_leaves_the_reads(run_cli, make_repo, call: str) -> None:
    files = {
        "helpers/rt.py": HELPER_RT,
        "tools/status.py": _tool("status", 'dispatch("status", kwargs)'),
        "tools/dynamic.py": _tool("dynamic", call),
    }
    found = _arguments(run_cli, make_repo, files)
    assert found["status"] == []
    assert [a[0] for a in found["dynamic"]] == ALL_KEYS


def test_a_rebound_parameter_leaves_the_reads(run_cli, make_repo) -> None:
    rebound = DISPATCH.replace(
        "def dispatch(name, arguments):\n",
        "def dispatch(name, arguments):\n    name = name.strip()\n",
    )
    files = {
        "helpers/rt.py": HELPER_RT,
        "helpers/rebound.py": rebound,
        "tools/status.py": _tool("status", 'dispatch("status", kwargs)'),
        "tools/rebound.py": _tool("rebound", 'dispatch("status", kwargs)').replace(
            "from helpers.rt import dispatch, run, run_renamed",
            "from helpers.rebound import dispatch",
        ),
    }
    found = _arguments(run_cli, make_repo, files)
    assert found["status"] == []
    assert [a[0] for a in found["rebound"]] == ALL_KEYS


@pytest.mark.parametrize(
    ("name", "keys"),
    [
        ("status", []),
        ("call", ["decision_id"]),
        ("find", ["query"]),
        ("peek", ["target"]),
        ("other", []),
    ],
)
def test_the_tools_own_module_reads_nothing_a_literal_rules_out(
    run_cli, make_repo, name: str, keys: list[str]
) -> None:
    files = {"tools/local.py": _tool("local", f'_dispatch("{name}", kwargs)', local=True)}
    found = _arguments(run_cli, make_repo, files)
    assert [a[0] for a in found["local"]] == keys


def test_the_tools_own_module_follows_a_chain_and_no_other_value(run_cli, make_repo) -> None:
    chain = LOCAL + "\n\ndef _run(name, arguments):\n    return _dispatch(name, arguments)\n"
    files = {
        "tools/chain.py": _tool("chain", '_run("status", kwargs)', local=True).replace(
            LOCAL, chain
        ),
        "tools/dynamic.py": _tool("dynamic", "_dispatch(self.name, kwargs)", local=True),
        "tools/rebound.py": _tool("rebound", '_dispatch("status", kwargs)', local=True).replace(
            "def _dispatch(name, arguments):\n",
            "def _dispatch(name, arguments):\n    name = name.strip()\n",
        ),
    }
    found = _arguments(run_cli, make_repo, files)
    assert found["chain"] == []
    assert [a[0] for a in found["dynamic"]] == ALL_KEYS
    assert [a[0] for a in found["rebound"]] == ALL_KEYS


def test_a_return_a_literal_rules_out_leaves_what_follows_needed(run_cli, make_repo) -> None:
    # ``if name == "status": return "ok"`` never returns on ``_dispatch("call", ...)``
    files = {"tools/local.py": _tool("local", '_dispatch("call", kwargs)', local=True)}
    found = _arguments(run_cli, make_repo, files)
    assert found["local"] == [("decision_id", True, False)]
