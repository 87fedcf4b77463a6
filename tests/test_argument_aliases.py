"""A name bound to ``self.args`` once, at the top of a function, and never
rebound is ``self.args``: a key filled through it is filled in
``self.args`` (and in what a call after it reaches), and a key filled in
``self.args`` is there when read through it. A name bound on some paths
only, rebound, or bound to a copy fills nothing ``self.args`` holds."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

HEAD = """\
from helpers.tool import Response, Tool


class Tail(Tool):
"""

FILL = ('if "k" not in args:', '    args["k"] = 20')


def _facts(run_cli, make_repo, source: str) -> tuple[Any, ...]:
    """(required, has_default, default) of ``k``."""
    root: Path = make_repo({"tools/tail.py": HEAD + source})
    result = run_cli(root, "inspect", "tools/tail.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    (arg,) = [a for a in tool["arguments"] if a["name"] == "k"]
    return arg["required"], arg["has_default"], arg["default"]


def _method(name: str, *lines: str, head: str = "def") -> str:
    body = "".join(f"        {line}\n" for line in lines)
    return f"    {head} {name}(self, **kwargs):\n{body}\n"


def _execute(*lines: str, extra: str = "") -> str:
    return _method("execute", *lines, head="async def") + extra


SHOW = _method("_show", 'return str(self.args["k"])')
SHOW_ALIAS = _method("_show", "args = self.args", 'return str(args["k"])')


@pytest.mark.parametrize(
    "source",
    [
        _execute("args = self.args", *FILL, 'return Response(str(self.args["k"]), False)'),
        _execute(
            'if "k" not in self.args:',
            '    self.args["k"] = 20',
            "args = self.args",
            'return Response(str(args["k"]), False)',
        ),
        _execute("args = self.args", *FILL, "return Response(self._show(), False)", extra=SHOW),
        _execute(
            "args = self.args",
            'args.setdefault("k", 20)',
            "return Response(self._show(), False)",
            extra=SHOW,
        ),
        _execute(
            'if "k" not in self.args:',
            '    self.args["k"] = 20',
            "return Response(self._show(), False)",
            extra=SHOW_ALIAS,
        ),
        _execute('return Response(str(self.args["k"]), False)')
        + _method("before_execution", "args = self.args", *FILL, head="async def"),
        _execute("args = getattr(self, 'args')", *FILL, 'return Response(self.args["k"], False)'),
        _execute("args: dict = self.args", *FILL, 'return Response(self.args["k"], False)'),
    ],
)
def test_a_fill_through_a_name_for_self_args_fills_self_args(
    run_cli, make_repo, source: str
) -> None:
    assert _facts(run_cli, make_repo, source) == (False, True, 20)


@pytest.mark.parametrize(
    "lines",
    [
        # bound on some calls only
        ("args = {}", "if kwargs:", "    args = self.args", *FILL),
        # a copy
        ("args = dict(self.args)", *FILL),
        ("args = self.args.copy()", *FILL),
        # rebound to a copy before the fill
        ("args = self.args", "args = dict(args)", *FILL),
        ("args = self.args", "for args in [{}]:", "    pass", *FILL),
        # ``self.args`` itself replaced: the name holds the dict it replaced
        ("args = self.args", "self.args = dict(self.args)", *FILL),
    ],
)
def test_a_fill_through_any_other_name_fills_nothing_in_self_args(
    run_cli, make_repo, lines: tuple[str, ...]
) -> None:
    source = _execute(*lines, 'return Response(str(self.args["k"]), False)')
    assert _facts(run_cli, make_repo, source) == (True, False, None)
