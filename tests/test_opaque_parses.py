"""A value handed to a library's function doxtool does not read, first in a
``try`` at the top of ``execute`` whose handler answers an error with an
error (``try: data = yaml.safe_load(spec)``, ``except Exception: return
Response(error)``, with ``spec: str = ""``): whether the library raises on
the missing key's default is not known, so the argument is neither claimed
optional with that default nor required. A function of the repository is
judged by what it does, and a handler that recovers refuses nothing."""

from __future__ import annotations

import pytest
from bothwalks import kind, tool_module

TOOL = (
    "{imports}"
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    '    async def execute(self, spec: str = "", **kwargs):\n'
    "        try:\n"
    "            data = {call}\n"
    "        except Exception:\n"
    "{handler}"
    "        return Response(message=str(data), break_loop=False)\n"
)
REFUSED = '            return Response(message="bad spec", break_loop=False)\n'


def _facts(make_repo, run_cli, files: dict[str, str]) -> tuple[str, object]:  # type: ignore[no-untyped-def]
    root = make_repo(files)
    (arg,) = tool_module(run_cli, root)["arguments"]
    return kind(arg), arg["default"] if arg["has_default"] else "-"


@pytest.mark.parametrize(
    ("imports", "call"),
    [
        ("import yaml\n", "yaml.safe_load(spec)"),
        ("from yaml import safe_load\n", "safe_load(spec)"),
        ("import httpx\n", "httpx.get(spec, timeout=10)"),
        ("from mylib.client import fetch\n", "await fetch(url=spec)"),
    ],
)
def test_a_value_a_library_is_handed_under_a_refusing_handler_is_unknown(
    make_repo, run_cli, imports: str, call: str
) -> None:
    tool = TOOL.format(imports=imports, call=call, handler=REFUSED)
    assert _facts(make_repo, run_cli, {"tools/t.py": tool}) == ("unknown", "-")


def test_a_handler_that_recovers_leaves_the_default(make_repo, run_cli) -> None:
    tool = TOOL.format(
        imports="import yaml\n", call="yaml.safe_load(spec)", handler="            data = {}\n"
    )
    assert _facts(make_repo, run_cli, {"tools/t.py": tool}) == ("optional", "")


def test_a_function_of_the_repository_is_judged_by_what_it_does(make_repo, run_cli) -> None:
    tool = TOOL.format(
        imports="from helpers.specs import parse\n", call="parse(spec)", handler=REFUSED
    )
    helper = 'def parse(spec):\n    return {"spec": spec}\n'
    files = {"tools/t.py": tool, "helpers/specs.py": helper}
    assert _facts(make_repo, run_cli, files) == ("optional", "")


SAYING = (
    "import requests\n"
    "from helpers.tool import Response, Tool\n\n"
    'STATUS = "https://api.example.com/status"\n\n\n'
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        url = self.args.get("url", {default})\n'
    "        try:\n"
    "            reply = requests.get(url, timeout=10)\n"
    "        except requests.RequestException as error:\n"
    '            return Response(message=f"Error: {{error}}", break_loop=False)\n'
    "        return Response(message=reply.text, break_loop=False)\n"
)


@pytest.mark.parametrize(
    ("default", "value"),
    [
        ('"https://example.com"', "https://example.com"),
        ("STATUS", "https://api.example.com/status"),
        ('"{}"', "{}"),
        ("4.0", 4.0),
    ],
)
def test_a_default_that_says_something_stays_the_default(
    make_repo, run_cli, default: str, value: object
) -> None:
    # the tool runs with it: a network error the handler answers is no refusal of it
    tool = SAYING.format(default=default)
    assert _facts(make_repo, run_cli, {"tools/t.py": tool}) == ("optional", value)


@pytest.mark.parametrize("default", ["None", '""', "[]", "{}"])
def test_a_default_that_may_stand_for_nothing_is_unknown(make_repo, run_cli, default: str) -> None:
    tool = SAYING.format(default=default)
    assert _facts(make_repo, run_cli, {"tools/t.py": tool}) == ("unknown", "-")


def test_a_read_with_no_default_is_unknown(make_repo, run_cli) -> None:
    tool = SAYING.format(default="None").replace('"url", None', '"url"')
    assert _facts(make_repo, run_cli, {"tools/t.py": tool}) == ("unknown", "-")
