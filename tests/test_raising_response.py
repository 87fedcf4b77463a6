"""A ``Response`` a tool returns outright whose call does not fit the
repository's ``Response`` (DOX011: a ``TypeError`` when it runs) gives the
turn no ``break_loop``: no outcome, no DOX303 about it, and the companion's
``break_loop`` line leaves it out. A call whose class is not known, or an
outcome that may stand for another value on the line, stays."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli

BASE = """\
from dataclasses import dataclass


@dataclass
class Response:
    message: str
    break_loop: bool
    additional: dict | None = None


class Tool:
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

TOOL = """\
from helpers.tool import Response, Tool


class Reply(Tool):
    async def execute(self, **kwargs):
        text = self.args.get("text")
        if self.args.get("fast"):
            return Response(text, True, None, "fast")
        return Response(message="again", break_loop=False)
"""


def _write(root: Path, tool_py: str, base: str = BASE) -> None:
    write_files(
        root, {"helpers/__init__.py": "", "helpers/tool.py": base, "tools/reply.py": tool_py}
    )


def _inspect(root: Path) -> str:
    result = CliRunner().invoke(cli, ["inspect", "--root", str(root), str(root / "tools/reply.py")])
    assert result.exit_code == 0, result.output
    return result.output


def _check(root: Path, *options: str) -> str:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", *options])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output


def test_a_returned_call_that_cannot_run_is_no_outcome(tmp_path: Path) -> None:
    _write(tmp_path, TOOL)
    out = _inspect(tmp_path)
    assert "break_loop true" not in out
    assert "break_loop false (line 9, Reply.execute)" in out
    found = _check(tmp_path)
    assert "DOX011" in found  # the call itself is still reported
    assert "DOX303" not in found  # the turn never ends with the unchecked answer
    diff = _check(tmp_path, "--diff")
    assert "- `break_loop` of `Reply`: always `false`." in diff


def test_a_call_of_a_helper_building_it_is_dropped_at_the_helper(tmp_path: Path) -> None:
    tool_py = TOOL.replace(
        'return Response(text, True, None, "fast")', "return self._reply(text)"
    ) + ("\n    def _reply(self, text):\n        return Response(text, True, None, 1)\n")
    _write(tmp_path, tool_py)
    out = _inspect(tmp_path)
    assert "break_loop true" not in out and "break_loop false (line 9" in out


def test_outcomes_that_may_not_come_from_the_call_stay(tmp_path: Path) -> None:
    # ``resp`` on the line of the call: the outcome may stand for it
    either = TOOL.replace(
        'return Response(text, True, None, "fast")',
        'resp = Response(message="x", break_loop=True)\n'
        "            return resp if text else Response(text, True, None, 1)",
    )
    _write(tmp_path, either)
    assert "break_loop true (line 9" in _inspect(tmp_path)
    # a call that fits, and a class of no module of the repository
    _write(tmp_path, TOOL.replace('None, "fast"', "None"))
    assert "break_loop true (line 8" in _inspect(tmp_path)
    _write(
        tmp_path,
        TOOL.replace(
            "from helpers.tool import Response, Tool",
            "from helpers.tool import Tool\nfrom framework import Response",
        ),
    )
    assert "break_loop true (line 9" in _inspect(tmp_path)
    # a class whose own code does not say what a call takes
    _write(tmp_path, TOOL, BASE + "\n\nResponse = wrap(Response)\n")
    assert "break_loop true (line 8" in _inspect(tmp_path)


def test_a_helper_of_another_module_returning_it_gives_no_outcome(tmp_path: Path) -> None:
    _write(
        tmp_path,
        "from helpers.replies import answer\nfrom helpers.tool import Tool\n\n\n"
        "class Reply(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        return answer(self.args.get('text'))\n",
    )
    write_files(
        tmp_path,
        {
            "helpers/replies.py": "from helpers.tool import Response\n\n\n"
            "def answer(text):\n"
            "    if text:\n"
            "        return Response(text, True, None, 'final')\n"
            "    return Response(message='no text', break_loop=False)\n"
        },
    )
    out = _inspect(tmp_path)
    assert "break_loop true" not in out
    assert "break_loop false (line 7, Reply.execute)" in out


def test_a_class_a_module_may_import_from_either_of_two_places_is_not_known(
    tmp_path: Path,
) -> None:
    # ``helpers.compat`` hands on the class of whichever import runs
    v2 = BASE.replace(
        "    additional: dict | None = None\n",
        "    additional: dict | None = None\n    kind: str = ''\n",
    )
    tool_py = TOOL.replace(
        "from helpers.tool import Response, Tool",
        "from helpers.compat import Response\nfrom helpers.tool import Tool",
    )
    write_files(tmp_path, {"helpers/v2.py": v2})
    for compat in (
        "try:\n    from helpers.v2 import Response\n"
        "except ImportError:\n    from helpers.tool import Response\n",
        "import os\n\nif os.environ.get('V2'):\n    from helpers.v2 import Response\n"
        "else:\n    from helpers.tool import Response\n",
        "from helpers.tool import Response\nfrom helpers.v2 import Response as V2\n\n"
        "if V2.kind is not None:\n    Response = V2\n",
        "try:\n    from helpers.tool import *\nexcept ImportError:\n    pass\n"
        "else:\n    from helpers.v2 import *\n",
    ):
        write_files(tmp_path, {"helpers/compat.py": compat})
        _write(tmp_path, tool_py)
        assert "break_loop true (line 9" in _inspect(tmp_path), compat
        assert "DOX011" not in _check(tmp_path), compat
    # one import that always runs: the class is known
    for compat in ("from helpers.tool import Response\n", "from helpers.tool import *\n"):
        write_files(tmp_path, {"helpers/compat.py": compat})
        assert "break_loop true" not in _inspect(tmp_path), compat
        assert "DOX011" in _check(tmp_path), compat


def test_a_class_a_star_import_below_it_may_replace_is_not_known(tmp_path: Path) -> None:
    v2 = BASE.replace(
        "    additional: dict | None = None\n",
        "    additional: dict | None = None\n    kind: str = ''\n",
    )
    write_files(tmp_path, {"helpers/v2.py": v2.replace("class Tool:", "class V2Tool:")})
    _write(tmp_path, TOOL, BASE + "\n\nfrom helpers.v2 import *\n")
    assert "break_loop true (line 8" in _inspect(tmp_path)
    assert "DOX011" not in _check(tmp_path)
    # above it, the class replaces what it binds
    _write(tmp_path, TOOL, "from helpers.v2 import *\n" + BASE)
    assert "break_loop true" not in _inspect(tmp_path)
    assert "DOX011" in _check(tmp_path)
