"""A read with no default handed straight to a call whose result a name
takes (``q = _maybe_int(self.args.get("q"), default=1)``): the name holds
what the call makes of the missing key's ``None``, as after ``q =
self.args.get("q")`` then ``q = _maybe_int(q, default=1)``; the default is
not known in both walks (the tool's and a helper's of another module). A
value merely passed to a call whose result is not kept, and the
conversions doxtool reads, stay as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TOOL = """\
from helpers.tool import Response, Tool


def _maybe_int(value, default=0):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


class Pager(Tool):
    async def execute(self, **kwargs):
{body}
        return Response(message=str(q), break_loop=False)

    async def _norm(self, value):
        return value or 5

    async def send(self, value):
        return None
"""

HELPER = """\
def _maybe_int(value, default=0):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def run(args):
{body}
    return str(q)
"""

OUTER = """\
from helpers.tool import Response, Tool
from helpers.work import run


class Pager(Tool):
    async def execute(self, **kwargs):
        return Response(message=run(self.args), break_loop=False)
"""


def _q(run_cli, root: Path) -> dict:
    result = run_cli(root, "inspect", "--json", "tools/pager.py")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}["q"]


def _indent(lines: str, depth: int) -> str:
    return "\n".join(" " * depth + line for line in lines.splitlines())


@pytest.mark.parametrize(
    "body",
    [
        'q = _maybe_int(self.args.get("q"), default=1)',
        'q = _maybe_int(value=self.args.get("q"))',
        'q = await self._norm(self.args.get("q"))',
        'q: int = _maybe_int(self.args.get("q"), default=1)',
        'q = self.args.get("q")\nq = _maybe_int(q, default=1)',
    ],
)
def test_a_read_handed_to_a_call_whose_result_is_kept_has_no_known_default(
    run_cli, make_repo, body: str
) -> None:
    root = make_repo({"tools/pager.py": TOOL.format(body=_indent(body, 8))})
    q = _q(run_cli, root)
    assert q["required"] is False
    assert q["has_default"] is False and q["default_unknown"] is True


@pytest.mark.parametrize(
    "body",
    [
        'await self.send(self.args.get("q"))\n q = 1',
        'q = str(self.args.get("q"))',
        'q = self.args.get("q")',
    ],
)
def test_a_read_passed_on_or_converted_keeps_no_default(run_cli, make_repo, body: str) -> None:
    body = body.replace("\n ", "\n")
    root = make_repo({"tools/pager.py": TOOL.format(body=_indent(body, 8))})
    q = _q(run_cli, root)
    assert q["has_default"] is False and q["default_unknown"] is False


def test_a_companion_stating_the_default_is_not_refuted(run_cli, make_repo) -> None:
    body = 'q = _maybe_int(self.args.get("q"), default=1)'
    root = make_repo({"tools/pager.py": TOOL.format(body=_indent(body, 8))})
    assert run_cli(root, "check", "--fix").exit_code in (0, 1)
    path = root / "tools/pager.py.dox.md"
    text = path.read_text(encoding="utf-8")
    assert "  - `q`: optional integer.\n" in text, text
    path.write_text(text.replace("`q`: optional integer.", "`q`: optional integer, default `1`."))
    result = run_cli(root, "check")
    assert "DOX111" not in result.output, result.output


@pytest.mark.parametrize(
    ("body", "unknown"),
    [
        ('q = _maybe_int(args.get("q"), default=1)', True),
        ('q: int = _maybe_int(args.get("q"), default=1)', True),
        ('q = args.get("q")\nq = _maybe_int(q, default=2)', True),
        ('q = str(args.get("q"))', False),
        ('print(args.get("q"))\nq = 1', False),
    ],
)
def test_a_helper_of_another_module_reads_it_the_same_way(
    run_cli, make_repo, body: str, unknown: bool
) -> None:
    files = {
        "tools/pager.py": OUTER,
        "helpers/work.py": HELPER.format(body=_indent(body, 4)),
    }
    root = make_repo(files)
    q = _q(run_cli, root)
    assert q["has_default"] is False and q["default_unknown"] is unknown
