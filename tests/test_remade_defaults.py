"""A normalisation that makes the missing value again (``url =
str(url or "").strip()`` with ``url=""``, or after ``args.get("url", "")``)
keeps the default: nothing replaces it. So does one binding several names
from a tuple of as many values (``url, path = url.strip(), path.strip()``);
a tuple whose other places take the name's value (``a, b = b, a``) is not
read as the name's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

TOOL = """\
from helpers.tool import Response, Tool


class Fetch(Tool):
    async def execute(self, {params}**kwargs):
{body}        return Response(message=f"{{url}} {{path}}", break_loop=False)
"""


def _arguments(run_cli, root: Path) -> dict:
    result = run_cli(root, "inspect", "tools/fetch.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {a["name"]: a for a in tool["arguments"]}


PARAMS = 'url: str = "", path: str = "", '


@pytest.mark.parametrize(
    ("params", "body"),
    [
        (PARAMS, '        url = str(url or "").strip()\n        path = str(path or "")\n'),
        (PARAMS, '        url, path = str(url or "").strip(), str(path or "").strip()\n'),
        (PARAMS, "        url, path = url.strip(), path.strip()\n"),
        (
            "",
            '        url = self.args.get("url", "")\n'
            '        url = str(url or "").strip()\n'
            '        path = kwargs.get("path", "")\n'
            '        path = (path or "").lower()\n',
        ),
    ],
)
def test_a_value_made_again_keeps_the_default(run_cli, make_repo, params, body) -> None:
    root = make_repo({"tools/fetch.py": TOOL.format(params=params, body=body)})
    found = _arguments(run_cli, root)
    for name in ("url", "path"):
        assert found[name]["has_default"] is True, found[name]
        assert found[name]["default"] == "" and found[name]["default_unknown"] is False


@pytest.mark.parametrize(
    "body",
    [
        '        url = str(url or "none")\n        path = str(path or "x")\n',
        '        url, path = str(url or "none"), str(path or "x")\n',
    ],
)
def test_another_value_is_still_the_default(run_cli, make_repo, body) -> None:
    root = make_repo({"tools/fetch.py": TOOL.format(params=PARAMS, body=body)})
    found = _arguments(run_cli, root)
    assert (found["url"]["default"], found["path"]["default"]) == ("none", "x")


def test_a_swap_gives_no_default(run_cli, make_repo) -> None:
    body = '        url, path = path or "p", url\n'
    root = make_repo({"tools/fetch.py": TOOL.format(params=PARAMS, body=body)})
    found = _arguments(run_cli, root)
    assert found["url"]["has_default"] is False and found["url"]["default_unknown"] is True


HELPER_TOOL = """\
from helpers.fetching import fetch
from helpers.tool import Response, Tool


class Fetch(Tool):
    async def execute(self, **kwargs):
        return Response(message=fetch(self.args), break_loop=False)
"""


@pytest.mark.parametrize(
    ("line", "default"),
    [
        ('    url = str(url or "").strip()\n', ""),
        ('    url, size = str(url or "").strip(), 1\n', ""),
        ('    url, size = str(url or "x"), 1\n', "x"),
    ],
)
def test_so_does_a_helper_reading_the_arguments(run_cli, make_repo, line, default) -> None:
    helper = 'def fetch(args):\n    url = args.get("url", "")\n' + line + "    return url\n"
    root = make_repo({"tools/fetch.py": HELPER_TOOL, "helpers/fetching.py": helper})
    url = _arguments(run_cli, root)["url"]
    assert url["has_default"] is True and url["default"] == default, url


@pytest.mark.parametrize(
    ("body", "alternatives"),
    [
        ('        url, path = str(url or "").strip(), str(path or "").strip()\n', True),
        ("        url, path = url.strip(), path.strip()\n", True),
        ('        url, path = path or "", url\n', False),
    ],
)
def test_names_bound_from_a_tuple_still_stand_for_their_arguments(
    run_cli, make_repo, body, alternatives
) -> None:
    """``url, path = url.strip(), path.strip()`` then ``if not (url or path):``
    refused: one of the two is needed, as with one assignment each; after a
    swap neither name holds its own argument."""
    check = '        if not (url or path):\n            return Response(message="give one", break_loop=False)\n'
    root = make_repo({"tools/fetch.py": TOOL.format(params=PARAMS, body=body + check)})
    found = _arguments(run_cli, root)
    assert (found["url"]["alternatives"] == ["path"]) is alternatives, found["url"]
    assert (found["path"]["alternatives"] == ["url"]) is alternatives, found["path"]
