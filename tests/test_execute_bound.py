"""A tool class whose ``execute`` is bound other than by a ``def`` in its
body (``execute = _impl``) has one, which doxtool does not read: no DOX005,
and none of its facts is claimed (:mod:`doxtool.python.boundexecute`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import Result
from test_resolve import facts_of, only_tool

from doxtool.core.facts import ARGUMENTS, BREAK_LOOP, EXECUTE, REPAIRABLE, SIDE_EFFECTS
from doxtool.python import boundexecute
from doxtool.python.extract import extract_module
from doxtool.rules.examples import TOOL_PY, WAIT_DOX, WAIT_PY

ASSIGNED_PY = """\
from helpers.tool import Tool, Response


async def _impl(self, **kwargs):
    return Response(message=self.args.get("q", ""), break_loop=False)


class Assigned(Tool):
    execute = _impl
"""

ALL_UNKNOWN = [EXECUTE, ARGUMENTS, BREAK_LOOP, REPAIRABLE, SIDE_EFFECTS]

MakeRepo = Callable[[dict[str, str]], Path]
RunCli = Callable[..., Result]


@pytest.mark.parametrize(
    "body",
    [
        "execute = _impl",
        "execute: object = _impl",
        "from tools.impl import execute",
        "if True:\n        async def execute(self, **kwargs):\n            pass",
        "for execute in (_impl,):\n        pass",
        "execute, other = _impl, None",
        "(execute := _impl)",
    ],
)
def test_no_fact_of_an_execute_not_read(tmp_path: Path, body: str) -> None:
    source = ASSIGNED_PY.replace("    execute = _impl", f"    {body}")
    files = {"tools/assigned.py": source, "tools/impl.py": "async def execute(self):\n    pass\n"}
    tool = only_tool(facts_of(tmp_path, "tools/assigned.py", files))
    assert tool.execute is None
    assert tool.unknown == ALL_UNKNOWN
    assert tool.arguments == []
    assert [r.expression for r in tool.other_arguments] == ["execute"]


def test_a_def_in_the_body_is_read(tmp_path: Path) -> None:
    source = ASSIGNED_PY.replace(
        "    execute = _impl",
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=self.args["q"], break_loop=False)\n\n'
        "    run = _impl",
    )
    tool = only_tool(facts_of(tmp_path, "tools/assigned.py", {"tools/assigned.py": source}))
    assert tool.execute is not None and tool.unknown == []
    assert [(a.name, a.required) for a in tool.arguments] == [("q", True)]


def test_it_hides_the_base_s_execute(tmp_path: Path) -> None:
    base = (
        "from helpers.tool import Tool, Response\n\n\nclass Base(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=self.args["url"], break_loop=True)\n'
    )
    sub = "from tools.base import Base\n\n\nasync def _impl(self):\n    pass\n\n\n"
    sub += "class Sub(Base):\n    execute = _impl\n"
    tool = only_tool(
        facts_of(tmp_path, "tools/sub.py", {"tools/base.py": base, "tools/sub.py": sub})
    )
    assert (tool.execute, tool.arguments, tool.outcomes) == (None, [], [])
    assert tool.unknown == ALL_UNKNOWN


def test_a_subclass_elsewhere_inherits_it(tmp_path: Path) -> None:
    sub = "from tools.assigned import Assigned\n\n\nclass Sub(Assigned):\n"
    sub += '    def note(self):\n        return self.args.get("x")\n'
    files = {"tools/assigned.py": ASSIGNED_PY, "tools/sub.py": sub}
    tool = only_tool(facts_of(tmp_path, "tools/sub.py", files))
    assert tool.execute is None
    assert tool.unknown == ALL_UNKNOWN


def test_check_claims_nothing(make_repo: MakeRepo, run_cli: RunCli) -> None:
    root = make_repo({"tools/assigned.py": ASSIGNED_PY})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX")
    assert result.output.splitlines()[0] == (
        "tools/assigned.py:1:1: DOX001 module has no companion `tools/assigned.py.dox.md` [*]"
    )
    assert "DOX005" not in result.output
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    companion = (root / "tools/assigned.py.dox.md").read_text(encoding="utf-8")
    assert "Arguments of" not in companion
    assert "break_loop" not in companion
    assert "defines `execute" not in companion


def test_true_lines_a_person_wrote_stay(make_repo: MakeRepo, run_cli: RunCli) -> None:
    root = make_repo({"tools/assigned.py": ASSIGNED_PY})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    path = root / "tools/assigned.py.dox.md"
    text = path.read_text(encoding="utf-8").replace(
        "- `Assigned` is a `Tool`.\n",
        "- `Assigned` is a `Tool`.\n"
        "- `Assigned` defines `execute(...)`.\n"
        "- Arguments of `Assigned`:\n"
        '  - `q`: optional string, default `""`.\n'
        "- `break_loop` of `Assigned`: always `false`.\n",
    )
    path.write_text(text, encoding="utf-8")
    result = run_cli(root, "check", "--no-cache", "--select", "DOX")
    assert result.output == "All checks passed.\n"
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "DOX")
    assert path.read_text(encoding="utf-8") == text


def test_no_contract_line_is_judged_while_execute_is_missing(
    make_repo: MakeRepo, run_cli: RunCli
) -> None:
    # ``execute`` renamed by mistake: DOX005 is the finding, and what the
    # tool would read and return is not known
    source = WAIT_PY.replace("async def execute(", "async def run(")
    root = make_repo({"tools/wait.py": source, "tools/wait.py.dox.md": WAIT_DOX})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX")
    codes = [line.split(" ")[1] for line in result.output.splitlines() if ": DOX" in line]
    assert "DOX005" in codes, result.output
    assert not {"DOX106", "DOX111", "DOX120", "DOX121"} & set(codes), result.output
    run_cli(root, "check", "--no-cache", "--fix", "--unsafe-fixes", "--select", "DOX1")
    text = (root / "tools/wait.py.dox.md").read_text(encoding="utf-8")
    contract = WAIT_DOX[WAIT_DOX.index("## Runtime Contracts") :]
    assert text.endswith(contract), text


IMPL_PY = """\
from helpers.tool import Response, Tool


class Impl(Tool):
    async def _execute_impl(self, note="", **kwargs):
        return Response(message=note, break_loop=False)
"""

#: a base whose own ``execute`` hands the call on (a fork's framework)
HANDING_BASE = TOOL_PY.replace(
    "        raise NotImplementedError",
    "        response = await self._execute_impl(**kwargs)\n        return response",
)


@pytest.mark.parametrize(
    ("base", "missing"),
    [
        (HANDING_BASE, False),
        # abstract, whatever it holds, or a stub: none
        (
            HANDING_BASE.replace(
                "    async def execute", "    @abstractmethod\n    async def execute"
            ),
            True,
        ),
        (TOOL_PY, True),
        (TOOL_PY.replace("raise NotImplementedError", "pass"), True),
        (TOOL_PY.replace("raise NotImplementedError", '"""Run it."""\n        ...'), True),
    ],
)
def test_a_configured_base_running_its_own_execute_gives_one(
    make_repo: MakeRepo, run_cli: RunCli, base: str, missing: bool
) -> None:
    """A configured base whose ``execute`` runs code gives the subclass an
    ``execute`` doxtool does not read: no DOX005, and no fact claimed."""
    root = make_repo({"helpers/tool.py": base, "tools/impl.py": IMPL_PY})
    result = run_cli(root, "check", "--no-cache", "--select", "DOX")
    assert ("DOX005" in result.output) is missing, result.output
    if missing:
        return
    shown = run_cli(root, "inspect", "tools/impl.py").output
    assert "execute: not a def of the class: not read" in shown
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX001")
    companion = (root / "tools/impl.py.dox.md").read_text(encoding="utf-8")
    assert "Arguments of" not in companion
    assert "break_loop" not in companion


def test_a_statement_naming_no_execute_is_not_searched_for_a_binding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Only a statement that writes the name ``execute`` somewhere may bind it."""
    searched: list[str] = []

    class Finder(boundexecute._ExecuteBinding):
        def __init__(self) -> None:
            searched.append("finder")
            super().__init__()

    monkeypatch.setattr(boundexecute, "_ExecuteBinding", Finder)
    source = ASSIGNED_PY.replace(
        "    execute = _impl",
        '    """A tool."""\n    schema = {"q": [1, 2, {"nested": (3, 4)}]}\n'
        "    run = _impl.execute\n\n"
        "    async def execute(self, **kwargs):\n"
        '        return Response(message=self.args["q"], break_loop=False)',
    )
    (tool,) = extract_module(source, "tools/assigned.py", ["helpers"]).candidates
    assert tool.execute is not None
    # the docstring and ``schema`` name no ``execute``: only ``run = _impl.execute`` is searched
    assert searched == ["finder"]


def test_a_module_never_writing_execute_is_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[object] = []
    monkeypatch.setattr(boundexecute, "_binds_execute", searched.append)
    source = (
        "class Settings:\n    name = 'x'\n    run = staticmethod(print)\n\n"
        "    def apply(self):\n        return self.name\n"
    )
    facts = extract_module(source, "helpers/settings.py", ["helpers"])
    assert facts.candidates == [] and facts.problems == []
    assert searched == []
