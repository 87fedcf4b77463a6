"""The arguments dict read through other forms: merged with the PEP 584 dict
union (``DEFAULTS | self.args``, ``cfg |= self.args``), read defensively
(``self.args if isinstance(self.args, dict) else {}``, ``getattr(self,
"args", {})``, ``(self.args or {})``), and going where no read follows it
(returned, stored, put in a list): the arguments it holds are read, or the
tool says it takes arguments no one can name. Never "no arguments"; and a
helper in another module (the ``ast`` summaries) reads them as one of the
tool's own module (the libcst walk) does."""

from __future__ import annotations

import json
import re
from pathlib import Path
from textwrap import dedent, indent
from typing import Any

import pytest


def _inspect(run_cli, root: Path, path: str = "tools/search.py") -> dict[str, Any]:
    result = run_cli(root, "inspect", path, "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _arguments(tool: dict[str, Any]) -> dict[str, tuple[bool | str, Any]]:
    """(required, default) per argument; ``"unknown"`` for one needed on some calls only."""
    return {
        a["name"]: ("unknown" if a["required_unknown"] else a["required"], a.get("default"))
        for a in tool["arguments"]
    }


def _hedges(tool: dict[str, Any]) -> list[str]:
    return [r["expression"] for r in (*tool["other_arguments"], *tool["dynamic_reads"])]


def _tool_source(body: str, prelude: str = "") -> str:
    return (
        "from helpers.tool import Response, Tool\n\n"
        'DEFAULTS = {"limit": 10, "engine": "ddg"}\n'
        'OVERRIDES = {"engine": "bing"}\n'
        f"{prelude}\n\n"
        "class Search(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        f"{indent(dedent(body), ' ' * 8)}"
        '        return Response(message="done", break_loop=False)\n'
    )


READS = 'query = args["query"]\nlimit = args["limit"]\nengine = args["engine"]\n'
MERGED = {"query": (True, None), "limit": (False, 10), "engine": (False, "ddg")}


@pytest.mark.parametrize(
    ("merge", "expected"),
    [
        ("args = DEFAULTS | self.args\n", MERGED),
        ("args = {**DEFAULTS, **self.args}\n", MERGED),
        ("args = dict(DEFAULTS, **self.args)\n", MERGED),
        ("args = dict(DEFAULTS)\nargs |= self.args\n", MERGED),
        ("args = DEFAULTS.copy()\nargs |= self.args\n", MERGED),
        # a key of what comes after the arguments is not read from them
        ("args = self.args | OVERRIDES\n", {"query": (True, None), "limit": (True, None)}),
        ("args = {**self.args, **OVERRIDES}\n", {"query": (True, None), "limit": (True, None)}),
        (
            'args = {"limit": 5} | self.args\n',
            {"query": (True, None), "limit": (False, 5), "engine": (True, None)},
        ),
        # what the defaults hold is not known: any key may have one
        (
            "args = load() | self.args\n",
            {"query": (False, None), "limit": (False, None), "engine": (False, None)},
        ),
    ],
)
def test_a_dict_union_merges_as_a_dict_display_does(
    run_cli, make_repo, merge: str, expected: dict[str, Any]
) -> None:
    source = _tool_source(merge + READS, "from copy import copy as load")
    tool = _inspect(run_cli, make_repo({"tools/search.py": source}))
    assert _arguments(tool) == expected
    assert _hedges(tool) == []


@pytest.mark.parametrize(
    "body",
    [
        'query = (DEFAULTS | self.args)["query"]\n',
        'query = {**DEFAULTS, **self.args}.get("query")\nlimit = (DEFAULTS | self.args)["limit"]\n',
    ],
)
def test_a_merge_read_in_place_reads_the_arguments(run_cli, make_repo, body: str) -> None:
    tool = _inspect(run_cli, make_repo({"tools/search.py": _tool_source(body)}))
    assert "query" in _arguments(tool)
    assert _arguments(tool).get("limit", (False, 10)) == (False, 10)
    assert _hedges(tool) == []


DEFENSIVE = """\
args = self.args if isinstance(self.args, dict) else {}
message = args.get("message", "")
level = args.get("level", "info")
timeout = getattr(self, "args", {}).get("timeout", 30)
x = (self.args or {}).get("x")
y = dict(self.args or {}).get("y", 2)
"""


def test_defensive_access_to_the_arguments_reads_them(run_cli, make_repo) -> None:
    tool = _inspect(run_cli, make_repo({"tools/search.py": _tool_source(DEFENSIVE)}))
    assert _arguments(tool) == {
        "message": (False, ""),
        "level": (False, "info"),
        "timeout": (False, 30),
        "x": (False, None),
        "y": (False, 2),
    }
    assert _hedges(tool) == []


def test_a_literal_standing_in_for_the_arguments_gives_no_default(run_cli, make_repo) -> None:
    # ``{"limit": 10}`` is used only when no argument at all is given: a call
    # with other arguments and no ``limit`` fails
    body = 'args = self.args or {"limit": 10}\nlimit = args["limit"]\nquery = args["query"]\n'
    tool = _inspect(run_cli, make_repo({"tools/search.py": _tool_source(body)}))
    assert _arguments(tool) == {"limit": ("unknown", None), "query": (True, None)}


@pytest.mark.parametrize(
    ("body", "hedge"),
    [
        ("args = DEFAULTS | self.args\nprint(args)\nhand(args)\n", "DEFAULTS | self.args"),
        ('args = DEFAULTS | self.args\nargs["mode"] = "x"\nq = args["query"]\n', None),
        ("self.params = self.args\n", "self.args"),
        ("kept = [self.args]\n", "self.args"),
        ("kept = {'params': self.args}\n", "self.args"),
        ("for key in self.args:\n    print(key)\n", "self.args"),
        ("later = lambda: self.args\n", "self.args"),
        ("args = self.args or load()\nq = args['query']\n", "self.args or load()"),
        ("args = self.args | load()\nq = args['query']\n", "self.args | load()"),
        ("hand(DEFAULTS | self.args)\n", "hand(DEFAULTS | self.args)"),
        ("hand(*self.args)\n", "hand(*self.args)"),
        ("cfg = load()\ncfg.update(self.args)\n", "cfg.update(self.args)"),
        ("hold = kwargs\nkept = (hold, 1)\n", "hold"),
    ],
)
def test_the_arguments_going_where_no_read_follows_are_not_known(
    run_cli, make_repo, body: str, hedge: str | None
) -> None:
    source = _tool_source(body, "from copy import copy as load\nfrom shutil import copy as hand")
    root = make_repo({"tools/search.py": source})
    tool = _inspect(run_cli, root)
    assert _arguments(tool) == {}
    hedges = _hedges(tool)
    assert hedges, body
    if hedge is not None:
        assert hedge in hedges
    result = run_cli(root, "schema", "tools/search.py")
    parameters = json.loads(result.output)[0]["function"]["parameters"]
    assert parameters.get("additionalProperties") is not False, parameters


def test_the_dict_read_shown_or_tested_takes_nothing_else(run_cli, make_repo) -> None:
    body = (
        "if not self.args or not isinstance(self.args, dict):\n"
        "    pass\n"
        'print(f"{self.args}", len(self.args))\n'
        'q = self.args["query"]\n'
        "args = self.args\n"
        "same = args is self.args\n"
        "args.foo\n"
    )
    tool = _inspect(run_cli, make_repo({"tools/search.py": _tool_source(body)}))
    assert _arguments(tool) == {"query": (True, None)}
    assert _hedges(tool) == []


NOTIFY = """\
from helpers.tool import Response, Tool

DEFAULTS = {"limit": 10, "engine": "ddg"}


class Notify(Tool):
    async def execute(self, **kwargs):
        args = self.args if isinstance(self.args, dict) else {}
        message = args.get("message", "")
        timeout = getattr(self, "args", {}).get("timeout", 30)
        merged = DEFAULTS | self.args
        return Response(message=f"{message} {timeout} {merged['query']}", break_loop=False)
"""


def test_fixing_keeps_the_argument_lines_these_forms_read(run_cli, make_repo) -> None:
    root = make_repo({"tools/notify.py": NOTIFY})
    run_cli(root, "check", "--fix", "--no-cache")
    path = root / "tools/notify.py.dox.md"
    written = path.read_text(encoding="utf-8")
    lines = re.findall(r"^  - `(\w+)`", written, flags=re.M)
    assert lines == ["message", "timeout", "query"], written
    # fixing again (safe fixes only) changes nothing
    run_cli(root, "check", "--fix", "--no-cache")
    assert path.read_text(encoding="utf-8") == written


# -- a helper in another module reads as one in the tool's own module --------------

HELPER_BODIES = {
    "alias": 'a = args\nreturn a["q"]',
    "union": 'a = BASE | args\nreturn a["q"], a["limit"], a.get("engine")',
    "union rebound": 'args = BASE | args\nreturn args["q"], args["limit"]',
    "override": 'a = args | {"limit": 5}\nreturn a["q"], a["limit"]',
    "display": 'a = {**BASE, **args}\nreturn a["q"], a["limit"]',
    "dict call": 'a = dict(BASE, **args)\nreturn a["q"], a["limit"]',
    "augmented": 'a = dict(BASE)\na |= args\nreturn a["q"], a["limit"]',
    "or empty": 'return (args or {}).get("x", 1)',
    "or literal": 'a = args or {"limit": 3}\nreturn a["limit"]',
    "isinstance": 'a = args if isinstance(args, dict) else {}\nreturn a.get("m", "")',
    "getattr": 'return getattr(tool, "args", {}).get("t", 30)',
    "unknown defaults": 'a = load() | args\nreturn a["q"]',
    "shown": 'return f"{args}", len(args)',
    "returned": "return args",
    "merge returned": "return BASE | args",
    "stored": "STORE.append(args)",
    "listed": "return [args]",
    "iterated": "for k in args:\n    print(k)",
    "merge written": 'a = BASE | args\na["mode"] = "x"\nreturn a["q"]',
    "merge handed": "a = BASE | args\nreturn other(a)",
    "not followed": 'a = args or load()\nreturn a["q"]',
    "unknown override": 'a = args | load()\nreturn a["q"]',
    "lambda": "return lambda: args",
}

#: what the tool reads through some of them (the others: see the test)
HELPER_READS = {
    "union": {"q": (True, None), "limit": (False, 10), "engine": (False, "ddg")},
    "union rebound": {"q": (True, None), "limit": (False, 10)},
    "override": {"q": (True, None)},
    "augmented": {"q": (True, None), "limit": (False, 10)},
    "or literal": {"limit": ("unknown", None)},
    "isinstance": {"m": (False, "")},
    "getattr": {"t": (False, 30)},
}

HELPERS = """\
BASE = {"limit": 10, "engine": "ddg"}
STORE = []


def load():
    return {}


def other(x):
    return x


def helper(args, tool=None):
"""


@pytest.mark.parametrize("name", sorted(HELPER_BODIES))
def test_a_helper_of_another_module_reads_the_dict_as_one_of_the_tools_module(
    run_cli, make_repo, name: str
) -> None:
    helper = HELPERS + indent(HELPER_BODIES[name], "    ") + "\n"
    call = "helper(self.args, self)\n"
    local = make_repo({"tools/search.py": _tool_source(call, "\n" + helper)})
    here = _inspect(run_cli, local)
    elsewhere_source = _tool_source(call, "from helpers.util import helper")
    (local / "tools/search.py").write_text(elsewhere_source, encoding="utf-8")
    (local / "helpers/util.py").write_text(helper, encoding="utf-8")
    there = _inspect(run_cli, local)
    assert _arguments(here) == _arguments(there)
    if name in HELPER_READS:
        assert _arguments(there) == HELPER_READS[name]
    # both say the tool takes arguments no one names, or neither does
    assert bool(_hedges(here)) == bool(_hedges(there)), (_hedges(here), _hedges(there))
    if name != "shown":
        assert _arguments(here) or _hedges(here), "the arguments disappeared"


def test_a_parameter_that_is_no_dict_takes_no_keys_where_it_goes(run_cli, make_repo) -> None:
    helper = (
        "def helper(args, timeout=30, text: str = ''):\n"
        "    kept = [timeout, text]\n"
        '    return args["q"], kept\n'
    )
    root = make_repo(
        {
            "tools/search.py": _tool_source(
                "helper(self.args, self.args, self.args)\n", "from helpers.util import helper"
            ),
            "helpers/util.py": helper,
        }
    )
    tool = _inspect(run_cli, root)
    assert _arguments(tool) == {"q": (True, None)}
    assert _hedges(tool) == []


HELPER_CAST = """\
from typing import Any, cast


def pick(args):
    held = cast(dict[str, Any], args)
    return held["engine"]
"""


def test_a_cast_of_the_arguments_dict_is_the_dict(run_cli, make_repo) -> None:
    # ``typing.cast`` hands back what it is given: its reads are the arguments'
    body = (
        "args = cast(SearchArgs, self.args)\n"
        'query = args["query"]\n'
        'limit = typing.cast("dict", self.args).get("limit", 5)\n'
        "engine = pick(cast(dict, self.args))\n"
    )
    prelude = (
        "import typing\nfrom typing import cast\nfrom helpers.picks import pick\nSearchArgs = dict"
    )
    files = {"tools/search.py": _tool_source(body, prelude), "helpers/picks.py": HELPER_CAST}
    tool = _inspect(run_cli, make_repo(files))
    assert _arguments(tool) == {
        "query": (True, None),
        "limit": (False, 5),
        "engine": (True, None),
    }
    assert _hedges(tool) == []


HELPER_OWN_CAST = """\
def cast(kind, args):
    return {"engine": args.get("e", "")}


def pick(args):
    return cast(dict, args)["engine"]
"""


def test_a_function_named_cast_that_is_not_typings_is_no_cast(run_cli, make_repo) -> None:
    # a function of the module named ``cast`` gives what it returns, not the dict
    body = 'query = cast(dict, self.args)["query"]\nengine = pick(self.args)\n'
    prelude = "from helpers.picks import pick\n\n\ndef cast(kind, args):\n    return {'query': ''}"
    files = {"tools/search.py": _tool_source(body, prelude), "helpers/picks.py": HELPER_OWN_CAST}
    tool = _inspect(run_cli, make_repo(files))
    assert "query" not in _arguments(tool)
    assert "engine" not in _arguments(tool)
    assert _arguments(tool)["e"] == (False, "")
