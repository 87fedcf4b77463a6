"""The default of an ``execute`` parameter (or of a helper's parameter
filled from the arguments) that the body replaces before using it:
``if limit is None: limit = 50`` makes ``50`` the default, ``lines = lines
or 20`` too; a fallback that is no literal leaves it neither claimed nor
denied, as after ``self.args.get("x") or <fallback>``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


"""


def _argument(run_cli, make_repo, source: str, name: str) -> tuple[Any, ...]:
    root: Path = make_repo({"tools/tail.py": HEAD + source})
    result = run_cli(root, "inspect", "tools/tail.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (arg,) = [a for a in tool["arguments"] if a["name"] == name]
    return arg["required"], arg["has_default"], arg["default"], arg["default_unknown"]


def _execute(params: str, *lines: str) -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return (
        "class Tail(Tool):\n"
        f"    async def execute(self, {params}, **kwargs) -> Response:\n"
        f"{body}"
        "        return Response(message=str(lines), break_loop=False)\n"
    )


@pytest.mark.parametrize(
    ("params", "lines", "expected"),
    [
        ("lines: int | None = None", ("if lines is None:", "    lines = 50"), 50),
        ("lines=None", ("lines = lines or 20",), 20),
        ("lines: int = 0", ("if not lines:", "    lines = 20"), 20),
        ('lines: str = ""', ("lines = lines or 20",), 20),
        # a truthy default stays: the fallback is not reached
        ("lines: int = 5", ("lines = lines or 20",), 5),
        # the default is used before it is replaced
        ("lines=None", ("print(lines)", "lines = lines or 20"), None),
    ],
)
def test_a_parameter_default_replaced_in_the_body(
    run_cli, make_repo, params: str, lines: tuple[str, ...], expected: Any
) -> None:
    arg = _argument(run_cli, make_repo, _execute(params, *lines), "lines")
    assert arg == (False, True, expected, False)


@pytest.mark.parametrize(
    "lines",
    [
        ("lines = lines or self.agent.lines",),
        ("if lines is None:", "    lines = self.agent.lines"),
        ('lines = lines or ""',),
    ],
)
def test_a_fallback_that_is_no_literal_claims_no_default(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    arg = _argument(run_cli, make_repo, _execute("lines=None", *lines), "lines")
    assert arg == (False, False, None, True)


def test_a_helper_parameter_filled_from_the_arguments(run_cli, make_repo) -> None:
    source = (
        "def tail(lines=None, **rest):\n"
        "    if lines is None:\n"
        "        lines = 20\n"
        "    return lines\n"
        "\n"
        "\n"
        "class Tail(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=str(tail(**self.args)), break_loop=False)\n"
    )
    assert _argument(run_cli, make_repo, source, "lines") == (False, True, 20, False)


LIST_FILES_PY = """\
import os

from helpers.tool import Response, Tool


class ListFiles(Tool):
    async def execute(self, path: str = ".", limit: int | None = None, **kwargs) -> Response:
        if limit is None:
            limit = 50
        names = sorted(os.listdir(path))[:limit]
        return Response(message="\\\\n".join(names), break_loop=False)
"""


def test_a_true_default_line_is_neither_flagged_nor_rewritten(run_cli, make_repo) -> None:
    root: Path = make_repo({"tools/list_files.py": LIST_FILES_PY})
    result = run_cli(root, "inspect", "tools/list_files.py")
    assert "limit: optional integer, default 50" in result.output
    companion = root / "tools/list_files.py.dox.md"
    run_cli(root, "check", "--fix", "--no-cache")
    text = companion.read_text()
    assert "`limit`: optional integer, default `50`." in text
    text = text.replace("default `50`", "default `null`")
    companion.write_text(text)
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "argument `limit` has `50` in the code" in result.output


@pytest.mark.parametrize("default", ['os.getenv("TAIL_LINES")', "helpers.tool.LIMIT", "max(1, 2)"])
def test_a_parameter_default_no_one_can_state_is_not_known(
    run_cli, make_repo, default: str
) -> None:
    source = "import os\n\nimport helpers.tool\n\n\n" + _execute(f"lines={default}")
    assert _argument(run_cli, make_repo, source, "lines") == (False, False, None, True)


UNSTATED_DEFAULT_PY = """\
import os

from helpers.tool import Response, Tool


class Tail(Tool):
    async def execute(self, lines=os.getenv("TAIL_LINES"), **kwargs) -> Response:
        return Response(message=str(lines), break_loop=False)
"""


def test_a_documented_default_is_not_denied_where_the_code_computes_one(run_cli, make_repo) -> None:
    root: Path = make_repo({"tools/tail.py": UNSTATED_DEFAULT_PY})
    result = run_cli(root, "inspect", "tools/tail.py")
    assert "default not known (line 7)" in result.output
    companion = root / "tools/tail.py.dox.md"
    run_cli(root, "check", "--fix", "--no-cache")
    text = companion.read_text()
    written = re.search(r"- `lines`: optional[^.]*\.", text)
    assert written is not None, text
    companion.write_text(text.replace(written.group(0), "- `lines`: optional, default `20`."))
    result = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in result.output, result.output


def test_a_helper_parameter_default_no_one_can_state_is_not_known(run_cli, make_repo) -> None:
    source = (
        "import os\n"
        "\n"
        "\n"
        'def tail(lines=os.getenv("TAIL_LINES"), **rest):\n'
        "    return lines\n"
        "\n"
        "\n"
        "class Tail(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        "        return Response(message=str(tail(**self.args)), break_loop=False)\n"
    )
    assert _argument(run_cli, make_repo, source, "lines") == (False, False, None, True)
