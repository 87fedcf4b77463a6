"""Required or optional: an argument with a default before it is needed is optional.

An argument is required when the code reads it without a fallback
(`args["x"]` outside a membership guard, an `execute` parameter without a
default) on every call, unless the code fills the key before that read
(`setdefault`, `if "x" not in self.args: self.args["x"] = ...`). A default
read (`.get("x", default)`, a parameter default) fills nothing: a read that
raises on every call still needs the key, wherever the default stands. An
argument only read with a default is optional. Users see this in
`inspect`, `schema`, the companion's argument lines and PRM004.
"""

from __future__ import annotations

import json

from doxtool.rules.examples import WAIT_DOX

DEFAULTS_PY = """\
from helpers.tool import Response, Tool


class LimTool(Tool):
    async def execute(self, limit: int = 5, **kwargs) -> Response:
        self.args.setdefault("mode", "fast")
        mode = self.args["mode"]
        need = self.args["need"]
        return Response(message=f"{limit} {mode} {need}", break_loop=False)
"""

#: the same reads, the unguarded subscripts first: a missing key raises there
SUBSCRIPT_FIRST_PY = """\
from helpers.tool import Response, Tool


class LimTool(Tool):
    async def execute(self, **kwargs) -> Response:
        again = self.args["mode"]
        need = self.args["need"]
        limit = kwargs["limit"]
        mode = self.args.get("mode", "fast")
        if not limit:
            limit = kwargs.get("limit", 5)
        return Response(message=f"{limit} {mode} {need}", break_loop=False)
"""

PROMPT = """\
### lim
Limit things.
args: `need`
"""

ARGUMENT_LINES = [
    "- Arguments of `LimTool`:",
    "  - `limit`: optional integer, default `5`.",
    '  - `mode`: optional string, default `"fast"`.',
    "  - `need`: required.",
]


def test_a_default_after_a_read_that_raises_makes_nothing_optional(make_repo, run_cli) -> None:
    root = make_repo({"tools/lim.py": SUBSCRIPT_FIRST_PY})
    inspected = run_cli(root, "inspect", "tools/lim.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    ((tool,),) = [m["tools"] for m in json.loads(inspected.output)]
    assert {
        a["name"]: (a["required"], a["has_default"], a["default_unknown"])
        for a in tool["arguments"]
    } == {"limit": (True, False, False), "mode": (True, False, False), "need": (True, False, False)}
    schema = run_cli(root, "schema", "--format", "jsonschema", "tools/lim.py")
    assert sorted(json.loads(schema.output)[0]["required"]) == ["limit", "mode", "need"]


def test_an_argument_with_a_default_is_optional(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/lim.py": DEFAULTS_PY,
            "prompts/agent.system.tool.lim.md": PROMPT,
            "prompts/agent.system.tools.md": "## Tools\n{{tools}}\n",
        }
    )
    inspected = run_cli(root, "inspect", "tools/lim.py", "--json")
    assert inspected.exit_code == 0, inspected.output
    ((tool,),) = [m["tools"] for m in json.loads(inspected.output)]
    assert {a["name"]: (a["required"], a["default"]) for a in tool["arguments"]} == {
        "limit": (False, 5),
        "mode": (False, "fast"),
        "need": (True, None),
    }

    schema = run_cli(root, "schema", "--format", "jsonschema", "tools/lim.py")
    assert json.loads(schema.output)[0]["required"] == ["need"]

    # the prompt teaches `need` only: PRM004 has nothing to say
    prompts = run_cli(root, "check", "--select", "PRM")
    assert (prompts.exit_code, prompts.output) == (0, "All checks passed.\n")

    fixed = run_cli(root, "check", "--fix", "--select", "DOX001")
    assert fixed.exit_code == 0, fixed.output
    companion = (root / "tools/lim.py.dox.md").read_text().splitlines()
    start = companion.index(ARGUMENT_LINES[0]) + 1
    lines = companion[start : start + len(ARGUMENT_LINES) - 1]
    assert sorted(lines) == ARGUMENT_LINES[1:]  # in the order the code reads them


def test_a_required_argument_drifts_to_optional_in_the_companion(make_repo, run_cli) -> None:
    """A companion that calls the argument required is out of date once a default appears."""
    companion = WAIT_DOX.replace("wait.py", "lim.py").replace("WaitTool", "LimTool")
    companion = companion.replace(
        "  - `seconds`: optional integer, default `0`.\n",
        "  - `limit`: required integer.\n"
        '  - `mode`: optional string, default `"fast"`.\n'
        "  - `need`: required.\n",
    )
    root = make_repo({"tools/lim.py": DEFAULTS_PY, "tools/lim.py.dox.md": companion})
    result = run_cli(root, "check", "--select", "DOX111")
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert (
        "tools/lim.py.dox.md:15:1: DOX111 argument `limit` is documented as required but the "
        "code treats it as optional (read at tools/lim.py:5) [*]"
    ) in lines
    assert not [line for line in lines if "`mode`" in line or "`need`" in line]


SEARCH_PY = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class SearchTool(Tool):
    async def execute(self, query="", **kwargs):
        if not query.strip():
            raise RepairableException("search needs a non-empty `query`")
        return Response(message=f"results for {query}", break_loop=False)
"""


def test_an_argument_flipped_to_required_loses_its_old_default(make_repo, run_cli) -> None:
    """The fixed item is the one a fresh companion gets, with the person's words kept."""
    companion = WAIT_DOX.replace("wait.py", "search.py").replace("WaitTool", "SearchTool")
    companion = companion.replace(
        "  - `seconds`: optional integer, default `0`.\n",
        '  - `query`: optional string, default `""`. What to look for.\n',
    )
    root = make_repo({"tools/search.py": SEARCH_PY, "tools/search.py.dox.md": companion})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX111")
    assert (root / "tools/search.py.dox.md").read_text() == companion.replace(
        '`query`: optional string, default `""`.', "`query`: required string."
    )
    # a default the person wrote of a required argument is theirs
    kept = companion.replace("optional string", "required string")
    (root / "tools/search.py.dox.md").write_text(kept)
    assert run_cli(root, "check", "--no-cache", "--select", "DOX111").exit_code == 0
