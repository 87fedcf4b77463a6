"""A ``Response`` built without ``break_loop`` under a framework whose
``Response`` gives it a default (a fork's ``break_loop: bool = False``, an
``__init__(self, message, break_loop=False)`` storing it): the outcome is
that default, not a value doxtool cannot tell; with anything doxtool would
have to guess about, it stays unknown."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from click.testing import CliRunner
from samples import write_files

from doxtool.cli import cli
from doxtool.core.outline_facts import Param
from doxtool.python.initbreakloop import break_loop_default
from doxtool.python.initparams import init_params

DATACLASS = """\
from dataclasses import dataclass


@dataclass
class Response:
    success: bool
    message: str | None = None
    break_loop: bool = False


class Tool:
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError
"""

INIT = """\
class Response:
    def __init__(self, message, break_loop=False, additional=None):
        self.message = message
        self.break_loop = break_loop
        self.additional = additional or {}


class Tool:
    async def execute(self, **kwargs):
        raise NotImplementedError
"""


def _inspect(root: Path, tool_py: str, base: str) -> str:
    write_files(root, {"helpers/__init__.py": "", "helpers/tool.py": base, "tools/ask.py": tool_py})
    result = CliRunner().invoke(cli, ["inspect", "--root", str(root), str(root / "tools/ask.py")])
    assert result.exit_code == 0, result.output
    return result.output


def _check(root: Path) -> str:
    result = CliRunner().invoke(cli, ["check", "--root", str(root), "--no-cache", "--diff"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.output


def _tool(*returns: str) -> str:
    body = "".join(
        f"        if self.args.get('step') == {i}:\n            return {r}\n"
        for i, r in enumerate(returns)
    )
    return (
        "from helpers.tool import Response, Tool\n\n\n"
        "class Ask(Tool):\n"
        "    async def execute(self, **kwargs):\n" + body + "        return " + returns[-1] + "\n"
    )


def test_a_dataclass_default_is_the_outcome_and_the_companion_says_it(tmp_path: Path) -> None:
    tool_py = _tool('Response(True, message="asked")', 'Response(success=False, message="no")')
    out = _inspect(tmp_path, tool_py, DATACLASS)
    assert "dynamic" not in out
    assert out.count("break_loop false") == 3
    diff = _check(tmp_path)
    assert "- `break_loop` of `Ask`: always `false`." in diff


def test_an_init_storing_its_default_gives_it(tmp_path: Path) -> None:
    tool_py = _tool(
        'Response("asked", additional={"a": 1})', 'Response(message="done", break_loop=True)'
    )
    out = _inspect(tmp_path, tool_py, INIT)
    assert "break_loop false (line 7" in out and "break_loop true" in out
    assert "dynamic" not in out


@pytest.mark.parametrize(
    ("base", "why"),
    [
        (
            DATACLASS.replace("break_loop: bool = False", "break_loop: bool = DEFAULT"),
            "not a literal",
        ),
        (
            DATACLASS.replace(
                "    break_loop: bool = False\n",
                "    break_loop: bool = False\n\n    def __post_init__(self):\n"
                "        self.break_loop = not self.success\n",
            ),
            "__post_init__",
        ),
        (
            INIT.replace("self.break_loop = break_loop", "self.break_loop = not break_loop"),
            "stored changed",
        ),
        (
            INIT.replace(
                "        self.break_loop = break_loop\n",
                "        if message:\n            self.break_loop = break_loop\n",
            ),
            "stored under if",
        ),
        (
            INIT.replace(
                "        self.message = message\n",
                "        break_loop = bool(message)\n        self.message = message\n",
            ),
            "parameter bound again",
        ),
        (
            INIT.replace(
                "class Tool:",
                "    def stop(self):\n        self.break_loop = True\n\n\nclass Tool:",
            ),
            "another method writes it",
        ),
        (INIT + "\n\nResponse.break_loop = True\n", "set outside the class"),
        (
            INIT.replace(
                "class Tool:",
                "    @property\n    def break_loop(self):\n"
                "        return self._stop or self.message.startswith('FINAL')\n\n"
                "    @break_loop.setter\n    def break_loop(self, value):\n"
                "        self._stop = value\n\n\nclass Tool:",
            ),
            "a property of the name gives what it likes",
        ),
        (
            INIT.replace("class Response:\n", "class Response:\n    break_loop = LoopFlag()\n\n"),
            "a descriptor of the name",
        ),
        (INIT.replace("class Response:", "class Response(dict):"), "a base class"),
    ],
)
def test_what_the_class_does_not_say_outright_stays_unknown(
    tmp_path: Path, base: str, why: str
) -> None:
    # a call that fits the class: one that does not stays unknown anyway
    call = 'Response(True, message="asked")' if "@dataclass" in base else 'Response("asked")'
    out = _inspect(tmp_path, _tool(call), base)
    assert "dynamic `<missing>`" in out, why


@pytest.mark.parametrize(
    ("call", "base"),
    [
        # ``success`` missing
        ('Response(message="asked")', DATACLASS),
        # no default for ``break_loop``
        (
            'Response(True, message="asked")',
            DATACLASS.replace("break_loop: bool = False", "break_loop: bool"),
        ),
    ],
)
def test_a_call_that_does_not_fit_gives_no_outcome(tmp_path: Path, call: str, base: str) -> None:
    # the call raises ``TypeError`` (DOX011) and gives no Response, whatever the default
    out = _inspect(tmp_path, _tool(call), base)
    assert "outcomes: none" in out
    assert "break_loop false" not in out


def test_two_calls_on_the_line_stay_unknown(tmp_path: Path) -> None:
    call = "Response(True) if self.args else Response(False)"
    out = _inspect(tmp_path, _tool(call), DATACLASS)
    assert "break_loop false" not in out


def test_a_line_that_may_return_a_response_of_another_class_stays_unknown(
    tmp_path: Path,
) -> None:
    """``resp`` is made by a class whose default is ``True``: the outcome of
    the line stands for it too, not only for the call written there."""
    other = INIT.split("\n\n\n")[0].replace("break_loop=False", "break_loop=True")
    write_files(tmp_path, {"helpers/final.py": other})
    tool_py = (
        "from helpers.final import Response as FinalResponse\n"
        "from helpers.tool import Response, Tool\n\n\n"
        "class Ask(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        resp = FinalResponse('answer')\n"
        "        return Response('no question') if not self.args else resp\n"
    )
    out = _inspect(tmp_path, tool_py, INIT)
    assert "break_loop false" not in out
    assert "dynamic `<missing>`" in out


def test_a_class_of_an_installed_package_stays_unknown(tmp_path: Path) -> None:
    tool_py = _tool('Response(True, message="asked")').replace(
        "from helpers.tool import Response, Tool",
        "from helpers.tool import Tool\nfrom fwk import Response",
    )
    out = _inspect(tmp_path, tool_py, DATACLASS)
    assert "break_loop false" not in out


def _default(source: str) -> bool | None:
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ClassDef)
    params = init_params(
        node, lambda e: "dataclasses.dataclass" if ast.unparse(e) == "dataclass" else None
    )
    return None if params is None else break_loop_default(node, params)


def test_the_default_read_from_the_class_code() -> None:
    assert _default(DATACLASS.split("\n\n\n")[1]) is False
    assert _default(DATACLASS.split("\n\n\n")[1].replace("= False", "= True")) is True
    assert _default(INIT.split("\n\n\n")[0]) is False
    # a keyword-only default, stored unchanged
    kw_only = INIT.split("\n\n\n")[0].replace("break_loop=False,", "*, break_loop=True,")
    assert _default(kw_only) is True
    # a store after a ``return`` of ``__init__`` may not run
    early = INIT.split("\n\n\n")[0].replace(
        "        self.break_loop = break_loop\n",
        "        return\n        self.break_loop = break_loop\n",
    )
    assert _default(early) is None
    # ... or after one under ``if``, which leaves the class's own value
    guarded = INIT.split("\n\n\n")[0].replace(
        "        self.break_loop = break_loop\n",
        "        if message.startswith('FINAL'):\n            return\n"
        "        self.break_loop = break_loop\n",
    )
    assert _default(guarded) is None
    # an annotation, or a constant an instance's own value hides, changes nothing
    annotated = INIT.split("\n\n\n")[0].replace(
        "class Response:\n", "class Response:\n    break_loop: bool = True\n\n"
    )
    assert _default(annotated) is False
    # ``setattr`` anywhere in the class: not read
    hooked = INIT.split("\n\n\n")[0] + "\n    def x(self):\n        setattr(self, 'a', 1)\n"
    assert _default(hooked) is None
    assert break_loop_default(ast.parse("class R:\n    pass").body[0], [Param("x")]) is None  # type: ignore[arg-type]


def test_a_call_splatting_its_arguments_is_not_one_that_passes_none(tmp_path: Path) -> None:
    # ``*parts`` may hand ``break_loop`` by position: the outcome names it,
    # and only the other call on the line (``success`` given) holds the default
    call = "Response(*self.args['parts']) if self.args else Response(True)"
    out = _inspect(tmp_path, _tool(call), DATACLASS)
    assert out.count("break_loop dynamic `*self.args['parts']`") == 2
    assert out.count("break_loop false") == 2
    assert "<missing>" not in out
