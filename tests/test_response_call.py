"""DOX011: a ``Response(...)`` call that does not fit the repository's
``Response`` class, reported only when its signature is known."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.rules.examples import FRAMEWORK, TOOL_PY

HEAD = "from helpers.tool import Response, Tool\n\n\n"


def _tool(call: str, head: str = HEAD, after: str = "") -> str:
    return (
        f"{head}class Wait(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        f"        return {call}\n{after}"
    )


def _dox011(tmp_path: Path, files: dict[str, str], *, cache: bool = False) -> list[str]:
    write_files(tmp_path, {**FRAMEWORK, **files})
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    args = ["check", "--root", str(tmp_path), "--select", "DOX011"]
    result = CliRunner().invoke(cli, args if cache else [*args, "--no-cache"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return [line for line in result.output.splitlines() if " DOX011 " in line]


_FITS = "`helpers.tool.Response(message, break_loop, additional=...)`"


@pytest.mark.parametrize(
    ("call", "wrong"),
    [
        (
            'Response(message="m", break_loop=False, data=1)',
            "unknown keyword `data`",
        ),
        ('Response(message="m")', "missing `break_loop`"),
        ('Response("m", False, {}, 1)', "4 positional arguments, at most 3 taken"),
        (
            'Response("m", False, message="again")',
            "`message` given twice (by position and by keyword)",
        ),
    ],
)
def test_a_call_that_does_not_fit_the_dataclass_is_reported(
    tmp_path: Path, call: str, wrong: str
) -> None:
    assert _dox011(tmp_path, {"tools/wait.py": _tool(call)}) == [
        f"tools/wait.py:6:16: DOX011 `Response(...)` does not fit {_FITS}: {wrong} "
        "(a `TypeError` when it runs)"
    ]


def test_a_call_that_fits_is_quiet(tmp_path: Path) -> None:
    calls = 'Response("m", False) or Response("m", break_loop=True, additional={})'
    assert _dox011(tmp_path, {"tools/wait.py": _tool(calls)}) == []


def test_the_column_counts_characters(tmp_path: Path) -> None:
    found = _dox011(tmp_path, {"tools/wait.py": _tool('"é" and Response(message="é")')})
    assert len(found) == 1 and found[0].startswith("tools/wait.py:6:24: DOX011")


def test_a_helper_of_the_module_is_checked_too(tmp_path: Path) -> None:
    helper = "\n\ndef _refuse(text):\n    return Response(message=text, data=None)\n"
    found = _dox011(tmp_path, {"tools/wait.py": _tool('_refuse("no")', after=helper)})
    assert found == [
        f"tools/wait.py:10:12: DOX011 `Response(...)` does not fit {_FITS}: "
        "unknown keyword `data`; missing `break_loop` (a `TypeError` when it runs)"
    ]


@pytest.mark.parametrize(
    ("head", "call"),
    [
        # another name for it, or through its module
        ("from helpers.tool import Response as R, Tool\n\n\n", 'R(message="m")'),
        ("import helpers.tool as t\nfrom helpers.tool import Tool\n\n\n", 't.Response("m")'),
    ],
)
def test_the_name_is_resolved_through_the_imports(tmp_path: Path, head: str, call: str) -> None:
    found = _dox011(tmp_path, {"tools/wait.py": _tool(call, head).replace("-> Response", "")})
    assert len(found) == 1 and "missing `break_loop`" in found[0]


def test_a_re_export_is_followed(tmp_path: Path) -> None:
    head = "from helpers.compat import Response\nfrom helpers.tool import Tool\n\n\n"
    files = {
        "helpers/compat.py": "from helpers.tool import Response\n",
        "tools/wait.py": _tool('Response(message="m", data=1, break_loop=False)', head),
    }
    found = _dox011(tmp_path, files)
    assert len(found) == 1 and "unknown keyword `data`" in found[0]


def test_the_finding_stands_on_a_cached_run(tmp_path: Path) -> None:
    files = {"tools/wait.py": _tool('Response(message="m")')}
    first = _dox011(tmp_path, files, cache=True)
    assert first and _dox011(tmp_path, files, cache=True) == first


_INIT = """\
class Response:
    def __init__(self, message{more}):
        self.message = message
"""


@pytest.mark.parametrize(
    ("more", "call", "wrong"),
    [
        ("", 'Response("m", False)', "2 positional arguments, at most 1 taken"),
        (", *, break_loop=False", 'Response("m", loop=True)', "unknown keyword `loop`"),
        # ``**kwargs`` takes any keyword, ``*args`` any number: the rest is still checked
        (", **kwargs", 'Response("m", False, data=1)', "2 positional arguments"),
        (", *args", 'Response(text="m")', "unknown keyword `text`; missing `message`"),
    ],
)
def test_a_class_with_its_own_init_is_checked_against_it(
    tmp_path: Path, more: str, call: str, wrong: str
) -> None:
    framework = TOOL_PY.replace(
        TOOL_PY[TOOL_PY.index("@dataclass") : TOOL_PY.index("class Tool")],
        _INIT.format(more=more) + "\n\n",
    )
    found = _dox011(tmp_path, {"helpers/tool.py": framework, "tools/wait.py": _tool(call)})
    assert len(found) == 1 and wrong in found[0], found


_RESPONSE = TOOL_PY[TOOL_PY.index("@dataclass") : TOOL_PY.index("class Tool")]


@pytest.mark.parametrize(
    "response",
    [
        # not a dataclass, and no ``__init__`` of its own
        "class Response:\n    message: str\n\n\n",
        # deriving from another class, or a dataclass of another library
        "class Response(dict):\n    pass\n\n\n",
        _RESPONSE.replace("class Response:", "class Response(Base):"),
        _RESPONSE.replace("@dataclass", "@pydantic.dataclasses.dataclass"),
        # fields whose parameters are not plain
        _RESPONSE.replace("additional: dict | None = None", "data: InitVar[int] = 0"),
        _RESPONSE.replace("additional: dict | None = None", "seen: int = field(init=False)"),
        _RESPONSE.replace("additional: dict | None = None", "kind: ClassVar[str] = 'x'"),
        _RESPONSE.replace("additional: dict | None = None", "if FLAG:\n        data: int = 0"),
        # ``ClassVar`` or ``KW_ONLY`` under another name an import gives it
        "from typing import ClassVar as CV\n"
        + _RESPONSE.replace("additional: dict | None = None", "data: CV[int] = 0"),
        "import typing as t\n"
        + _RESPONSE.replace("additional: dict | None = None", 'data: "t.ClassVar[int]" = 0'),
        # a name the module or the class binds itself: its meaning is not read
        "import typing\nCV = typing.ClassVar\n"
        + _RESPONSE.replace("additional: dict | None = None", "registry: CV[dict]"),
        "from typing import ClassVar\nCV = ClassVar\n"
        + _RESPONSE.replace("additional: dict | None = None", 'registry: "CV[dict]"'),
        _RESPONSE.replace(
            "additional: dict | None = None", "CV = ClassVar\n    registry: CV[dict]"
        ),
        "import typing\nCV = typing.Optional[typing.ClassVar]\n"
        + _RESPONSE.replace("additional: dict | None = None", "registry: CV"),
        "from typing import ClassVar, TypeAlias\nCV: TypeAlias = ClassVar\n"
        + _RESPONSE.replace("additional: dict | None = None", "registry: CV[dict]"),
        "CV = make_annotation()\n"
        + _RESPONSE.replace("additional: dict | None = None", "registry: CV"),
        "from dataclasses import KW_ONLY as K\n"
        + _RESPONSE.replace("additional: dict | None = None", "_: K\n    data: int = 0"),
        # the module binds the name again past the class: a call may make another
        _RESPONSE + "Response = wrap(Response)\n\n\n",
        _RESPONSE + "def Response(*args, **kwargs):\n    return args\n\n\n",
        "try:\n    from framework import Response\nexcept ImportError:\n    pass\n" + _RESPONSE,
        # ``__init__`` bound other than by a ``def``
        _INIT.format(more="") + "\n    __init__ = make_init()\n\n\n",
        # ``__init__`` taking ``**kwargs`` in a dataclass replaces the generated one
        _RESPONSE.replace(
            "additional: dict | None = None",
            "def __init__(self, **kwargs):\n        pass",
        ),
    ],
)
def test_a_signature_not_known_exactly_is_not_checked(tmp_path: Path, response: str) -> None:
    framework = TOOL_PY.replace(_RESPONSE, response)
    call = 'Response(message="m", data=1)'
    assert _dox011(tmp_path, {"helpers/tool.py": framework, "tools/wait.py": _tool(call)}) == []


@pytest.mark.parametrize(
    "alias",
    [
        'Kind = Literal["a", "b"]',
        "Kind = dict[str, int] | None",
        'Kind = "list[str]"',
        # PEP 613: an annotated alias holds its value as a plain one does
        "from typing import TypeAlias\nKind: TypeAlias = dict[str, int] | None",
    ],
)
def test_a_field_annotated_with_a_type_alias_of_the_module_is_read(
    tmp_path: Path, alias: str
) -> None:
    """A name the module assigns a type expression holding no ``ClassVar``
    (``Kind = Literal["a", "b"]``) is a plain field's annotation: the
    signature stays known."""
    head = f"from typing import Literal\n{alias}\n"
    framework = TOOL_PY.replace(
        _RESPONSE, head + _RESPONSE.replace("additional: dict | None = None", "kind: Kind = None")
    )
    call = 'Response(message="m", break_loop=False, data=1)'
    found = _dox011(tmp_path, {"helpers/tool.py": framework, "tools/wait.py": _tool(call)})
    assert [line.split(": ", 1)[1] for line in found] == [
        "DOX011 `Response(...)` does not fit `helpers.tool.Response(message, break_loop, "
        "kind=...)`: unknown keyword `data` (a `TypeError` when it runs)"
    ]


@pytest.mark.parametrize(
    ("head", "call", "after"),
    [
        # the class is not in the repository (an installed package's)
        ("from flask import Response\nfrom helpers.tool import Tool\n\n\n", "Response(data=1)", ""),
        # a splat: what it fills is not known
        (HEAD, "Response(*parts, data=1)", ""),
        (HEAD, 'Response("m", **extra)', ""),
        # a subclass the tool module defines under the name
        (
            "from helpers.tool import Response as Base, Tool\n\n\n"
            "class Response(Base):\n    pass\n\n\n",
            'Response(message="m", data=1)',
            "",
        ),
        # the name is bound again somewhere in the module
        (HEAD, 'Response(message="m")', "\n\ndef build(Response):\n    return Response()\n"),
        (HEAD, 'Response(message="m")', "\n\nResponse = dict\n"),
    ],
)
def test_a_call_not_known_to_reach_the_class_is_not_checked(
    tmp_path: Path, head: str, call: str, after: str
) -> None:
    tool = _tool(call, head, after).replace("-> Response", "")
    assert _dox011(tmp_path, {"tools/wait.py": tool}) == []


def test_keyword_only_fields_of_a_dataclass(tmp_path: Path) -> None:
    framework = TOOL_PY.replace("@dataclass\n", "@dataclass(frozen=True, kw_only=True)\n")
    found = _dox011(
        tmp_path, {"helpers/tool.py": framework, "tools/wait.py": _tool('Response("m", False)')}
    )
    assert len(found) == 1 and "2 positional arguments, at most 0 taken" in found[0]
    assert "missing `message`; missing `break_loop`" in found[0]


def test_the_rule_is_in_the_catalogue() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "doxtool", "explain", "DOX011"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert "response-call-invalid" in result.stdout


def test_a_field_with_a_default_factory_need_not_be_given(tmp_path: Path) -> None:
    framework = TOOL_PY.replace(
        "from dataclasses import dataclass", "from dataclasses import dataclass, field"
    ).replace("additional: dict | None = None", "additional: dict = field(default_factory=dict)")
    calls = 'Response("m", False) or Response(message="m")'
    found = _dox011(tmp_path, {"helpers/tool.py": framework, "tools/wait.py": _tool(calls)})
    assert len(found) == 1 and found[0].endswith(
        "`helpers.tool.Response(message, break_loop, additional=...)`: missing `break_loop` "
        "(a `TypeError` when it runs)"
    )


def test_the_signature_shown_marks_keyword_only_fields(tmp_path: Path) -> None:
    """``kw_only=True``: the message's signature says the fields are taken
    by keyword only, and one positional argument is counted in the singular."""
    framework = TOOL_PY.replace("@dataclass\n", "@dataclass(kw_only=True)\n")
    found = _dox011(
        tmp_path,
        {"helpers/tool.py": framework, "tools/wait.py": _tool('Response("m", break_loop=False)')},
    )
    assert found == [
        "tools/wait.py:6:16: DOX011 `Response(...)` does not fit "
        "`helpers.tool.Response(*, message, break_loop, additional=...)`: "
        "1 positional argument, at most 0 taken; missing `message` (a `TypeError` when it runs)"
    ]
