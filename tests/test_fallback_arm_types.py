"""The type of an argument whose missing (or empty) value a fallback
replaces.

``files = self.args.get("files", [])``, then ``if not files: files = ["."]``:
past the ``if`` the name holds the value passed on the calls that skip the
arm, so ``isinstance(files, list)`` there tests the argument, and the code
takes another type as well (no type is stated); a check ending ``execute``
with an error on another type still states it. ``str(x)`` of a value whose
missing form is a literal of another type (``args.get("ids") or []``) says
no more of its type than after a literal default of that type.
"""

from __future__ import annotations

import pytest
from bothwalks import tool_module

HEAD = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
"""


def _type(make_repo, run_cli, code: str, name: str) -> object:
    root = make_repo({"tools/t.py": HEAD + code})
    (arg,) = [a for a in tool_module(run_cli, root)["arguments"] if a["name"] == name]
    return arg["type"]


FILLED = """\
        files = self.args.get("files", [])
        if not files:
            files = ["."]
"""


def test_a_type_test_past_a_fallback_arm_tests_the_argument(make_repo, run_cli) -> None:
    code = FILLED + (
        '        cmd = ["add"] + (files if isinstance(files, list) else [files])\n'
        "        return Response(message=str(cmd), break_loop=False)\n"
    )
    assert _type(make_repo, run_cli, code, "files") is None


def test_a_string_test_past_a_fallback_arm_tests_the_argument(make_repo, run_cli) -> None:
    code = FILLED + (
        "        if isinstance(files, str):\n"
        '            files = files.split(",")\n'
        "        return Response(message=str(files), break_loop=False)\n"
    )
    assert _type(make_repo, run_cli, code, "files") is None


def test_a_type_test_past_a_fallback_arm_in_a_helper(make_repo, run_cli) -> None:
    code = (
        '        return await self._add(self.args.get("files", []))\n'
        "\n"
        "    async def _add(self, files):\n"
        "        if not files:\n"
        '            files = ["."]\n'
        '        cmd = ["add"] + (files if isinstance(files, list) else [files])\n'
        "        return Response(message=str(cmd), break_loop=False)\n"
    )
    assert _type(make_repo, run_cli, code, "files") is None


def test_a_refusing_type_check_past_a_fallback_arm_states_the_type(make_repo, run_cli) -> None:
    code = FILLED + (
        "        if not isinstance(files, list):\n"
        '            return Response(message="files must be a list", break_loop=False)\n'
        "        return Response(message=str(files), break_loop=False)\n"
    )
    assert _type(make_repo, run_cli, code, "files") == "array"


def test_a_refusing_type_check_in_a_branch_states_the_type(make_repo, run_cli) -> None:
    code = (
        '        if self.args.get("op", "") == "add":\n'
        + FILLED.replace("        ", "            ", 1).replace("\n        ", "\n            ")
        + "            if not isinstance(files, list):\n"
        + '                return Response(message="files must be a list", break_loop=False)\n'
        + "            return Response(message=str(files), break_loop=False)\n"
        + '        return Response(message="nothing", break_loop=False)\n'
    )
    assert _type(make_repo, run_cli, code, "files") == "array"


@pytest.mark.parametrize(
    ("fallback", "expected"),
    [("[]", None), ("{}", None), ("0", None), ('""', "string"), ('"all"', "string")],
)
def test_text_of_a_value_with_a_literal_fallback(
    make_repo, run_cli, fallback: str, expected: object
) -> None:
    code = (
        f'        ids = self.args.get("ids") or {fallback}\n'
        "        return Response(message=str(ids), break_loop=False)\n"
    )
    assert _type(make_repo, run_cli, code, "ids") == expected


REFILLED = """\
        files = self.args.get("files")
        if not files:
            files = self._default()
"""


def test_a_name_bound_anew_past_a_fallback_arm_no_longer_holds_the_argument(
    make_repo, run_cli
) -> None:
    """A ``for``/``with`` target, a handler's name, a ``def``, an import or
    a pattern's capture binding the name between the arm and the check:
    the check tests that new value, not the argument."""
    rebinds = [
        "        for files in self._groups():\n            pass\n",
        '        with open("list.txt") as files:\n            pass\n',
        "        try:\n            pass\n        except OSError as files:\n            pass\n",
        "        from glob import glob as files\n",
        "        match self._groups():\n            case [*files]:\n                pass\n",
    ]
    check = (
        "        if not isinstance(files, list):\n"
        '            return Response(message="files must be a list", break_loop=False)\n'
        "        return Response(message=str(files), break_loop=False)\n"
        "\n"
        "    def _default(self):\n"
        '        return ["."]\n'
        "\n"
        "    def _groups(self):\n"
        '        return [("a",)]\n'
    )
    assert _type(make_repo, run_cli, REFILLED + check, "files") == "array"
    for rebind in rebinds:
        assert _type(make_repo, run_cli, REFILLED + rebind + check, "files") is None, rebind


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('    ids = args.get("ids") or []\n    return str(ids)\n', None),
        ('    ids = args.get("ids") or 0\n    return str(ids)\n', None),
        ('    return str(args.get("ids") or [])\n', None),
        ('    ids = args.get("ids") or ""\n    return str(ids)\n', "string"),
    ],
)
def test_text_of_a_value_with_a_literal_fallback_in_a_helper(
    make_repo, run_cli, body: str, expected: object
) -> None:
    tool = (
        "from helpers.fmt import text_of\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        return Response(message=text_of(self.args), break_loop=False)\n"
    )
    root = make_repo({"tools/t.py": tool, "helpers/fmt.py": "def text_of(args):\n" + body})
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert argument["type"] == expected


@pytest.mark.parametrize(
    "read",
    [
        'self.args.get("n", self.LIMIT)',
        'self.args.get("n", LIMIT)',
        'self.args.get("n") or self.LIMIT',
        'self.args.get("n", limits.DEFAULT)',
    ],
)
def test_text_of_a_value_with_a_default_not_known_states_no_type(
    make_repo, run_cli, read: str
) -> None:
    # the default may be of any type (``LIMIT = 10`` here): ``str(x)`` says
    # no more than after a literal default of another type
    tool = (
        "from helpers import limits\n"
        "from helpers.limits import LIMIT\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class T(Tool):\n"
        "    LIMIT = 10\n\n"
        "    async def execute(self, **kwargs):\n"
        f"        n = {read}\n"
        "        return Response(message=str(n), break_loop=False)\n"
    )
    root = make_repo({"tools/t.py": tool, "helpers/limits.py": "LIMIT = 10\nDEFAULT = 5\n"})
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert (argument["required"], argument["type"]) == (False, None)


def test_text_of_a_value_with_no_default_stays_a_string(make_repo, run_cli) -> None:
    code = '        return Response(message=str(self.args["n"]), break_loop=False)\n'
    assert _type(make_repo, run_cli, code, "n") == "string"
