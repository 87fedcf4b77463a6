"""``op = args.get("op") or args.get("operation", "")``, then ``if not op``
refusing it: the ``""`` of the last read is what the check sees only when
both keys are missing, and it refuses it there, so it is no default (the two
are alternatives, one of them needed). Where another argument may pass the
check (``if not op and not path``), the default stands. Both walks say the
same."""

from __future__ import annotations

from textwrap import dedent

import pytest
from bothwalks import WALKS, tool_module

CHAINED = """\
op = A.get("op") or A.get("operation", "")
if not op:
    raise ValueError("op is required")
"""

BESIDE_ANOTHER = """\
op = A.get("op") or A.get("operation", "")
path = A.get("path")
if not op and not path:
    raise ValueError("op or path is required")
"""


def _arguments(run_cli, root) -> dict[str, dict[str, object]]:
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_refused_default_of_a_chained_fallback_is_no_default(
    run_cli, make_repo, walk: str
) -> None:
    root = make_repo(WALKS[walk](dedent(CHAINED)))
    operation = _arguments(run_cli, root)["operation"]
    assert operation["alternatives"] == ["op"]
    assert (operation["has_default"], operation["default_unknown"]) == (False, True)
    assert operation["type"] == "string"


def test_the_companion_and_schema_claim_no_default(run_cli, make_repo) -> None:
    root = make_repo(WALKS["tool"](dedent(CHAINED)))
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert "  - `operation`: optional string, alternative to `op`.\n" in text, text
    result = run_cli(root, "schema", "tools/t.py")
    assert result.exit_code == 0, result.output
    assert '"default"' not in result.output


def test_a_default_another_argument_may_let_pass_stands(run_cli, make_repo) -> None:
    root = make_repo(WALKS["tool"](dedent(BESIDE_ANOTHER)))
    operation = _arguments(run_cli, root)["operation"]
    assert (operation["has_default"], operation["default"]) == (True, "")


HANDED_ON = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        op = self.args.get("op", "") or self.args.get("operation", "")
        CALL

    async def _run(self, op: str):
        if not op:
            return Response(message="op is required", break_loop=False)
        return Response(message=op, break_loop=False)
"""


@pytest.mark.parametrize(
    "call",
    [
        "return await self._run(op)",
        'if self.args.get("mode", "run") == "run":\n            return await self._run(op)\n'
        '        return Response(message="other", break_loop=False)',
    ],
)
def test_a_chained_fallback_handed_to_a_method_that_refuses_it_is_refused_jointly(
    run_cli, make_repo, call: str
) -> None:
    """The name handed on stands for either argument, as it does where the
    check is ``execute``'s own: neither is required alone, and the last
    read's ``""`` is no default."""
    root = make_repo({"tools/t.py": HANDED_ON.replace("CALL", call)})
    arguments = _arguments(run_cli, root)
    op, operation = arguments["op"], arguments["operation"]
    assert (op["required"], op["alternatives"]) == (False, ["operation"])
    assert operation["alternatives"] == ["op"]
    assert (operation["has_default"], operation["default_unknown"]) == (False, True)


SOME_CALLS = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        name = str(self.args.get("project_name") or self.args.get("name") or "").strip()
        BEFORE
        if not name:
            return Response(message="a name is required", break_loop=False)
        return Response(message=name, break_loop=False)
"""


@pytest.mark.parametrize(
    ("before", "in_doubt"),
    [
        ("pass", False),
        (
            'if self.args.get("action") == "list":\n'
            '            return Response(message="all", break_loop=False)',
            True,
        ),
    ],
)
def test_a_joint_check_on_some_calls_leaves_each_required_or_optional(
    run_cli, make_repo, before: str, in_doubt: bool
) -> None:
    """``name = args.get("a") or args.get("b")``, then ``if not name`` past an
    earlier return: one of the two is needed on the calls that reach the
    check and neither on the others, so neither is claimed optional, as a
    check of one argument there leaves it required or optional; reached on
    every call, one of them is needed (no default, no doubt)."""
    root = make_repo({"tools/t.py": SOME_CALLS.replace("BEFORE", before)})
    arguments = _arguments(run_cli, root)
    for name, other in (("project_name", "name"), ("name", "project_name")):
        argument = arguments[name]
        assert argument["alternatives"] == [other]
        assert (argument["required"], argument["required_unknown"]) == (False, in_doubt)
        assert argument["alternatives_optional"] is in_doubt
