"""A method of an object the tool keeps on itself (``self.service =
SearchService()`` in ``__init__``, a property or ``cached_property``
returning one) is followed into the repository class as a local
``svc = SearchService()`` is; when which class the object is of is not
known, no side-effect areas line is derived."""

from __future__ import annotations

from pathlib import Path

import pytest

SERVICE = """\
import httpx


class SearchService:
    async def search(self, query: str) -> list:
        async with httpx.AsyncClient() as client:
            r = await client.get("https://searx.local/search", params={"q": query})
            return r.json()


class LocalIndex:
    async def search(self, query: str) -> list:
        return [query]
"""

TOOL = """\
from functools import cached_property

from helpers.search_service import LocalIndex, SearchService
from helpers.tool import Response, Tool


class Search(Tool):
{held}
    async def execute(self, **kwargs) -> Response:
        results = await self.service.search(self.args.get("query", "x"))
        return Response(message=str(results), break_loop=False)
"""

INIT = """\
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.service = {value}
"""

AREAS = "- Observed side-effect areas:"


def _generated(root: Path, run_cli) -> str:
    companion = root / "tools" / "search.py.dox.md"
    result = run_cli(root, "check", "--fix", "--no-cache")
    assert companion.is_file(), result.output
    return companion.read_text()


@pytest.mark.parametrize(
    "held",
    [
        INIT.format(value="SearchService()"),
        # lazily made in ``execute``'s helper, None until then
        INIT.format(value="None")
        + "\n    def _ensure(self):\n        svc = SearchService()\n        self.service = svc\n",
        "    @cached_property\n    def service(self) -> SearchService:\n"
        "        return SearchService()\n",
        "    @property\n    def service(self):\n        return SearchService()\n",
    ],
)
def test_a_method_of_an_object_the_tool_keeps_is_followed(make_repo, run_cli, held: str) -> None:
    root = make_repo(
        {
            "helpers/search_service.py": SERVICE,
            "tools/search.py": TOOL.format(held=held),
        }
    )
    assert f"{AREAS} network." in _generated(root, run_cli).splitlines()
    result = run_cli(root, "inspect", "tools/search.py")
    assert "side effects: network" in result.output, result.output


@pytest.mark.parametrize(
    "value",
    [
        # handed in from outside on some calls
        "kwargs.get('service') or SearchService()",
        # either of two classes
        "SearchService() if kwargs.get('remote') else LocalIndex()",
        # set again to an object of another class
        "LocalIndex()",
    ],
)
def test_an_object_of_a_class_not_known_leaves_the_areas_not_known(
    make_repo, run_cli, value: str
) -> None:
    held = INIT.format(value="SearchService()") + f"        self.service = {value}\n"
    root = make_repo(
        {
            "helpers/search_service.py": SERVICE,
            "tools/search.py": TOOL.format(held=held),
        }
    )
    text = _generated(root, run_cli)
    assert AREAS not in text
    result = run_cli(root, "inspect", "tools/search.py")
    assert "side effects: not known" in result.output, result.output


def test_a_local_class_kept_on_the_tool_with_no_area_stays_none(make_repo, run_cli) -> None:
    held = INIT.format(value="LocalIndex()")
    root = make_repo(
        {
            "helpers/search_service.py": SERVICE,
            "tools/search.py": TOOL.format(held=held),
        }
    )
    assert f"{AREAS} none." in _generated(root, run_cli).splitlines()


OWN_CLASS = """\
import os

from helpers.tool import Response, Tool


class Settings:
    def __init__(self):
        self.present = {init}


class Probe(Tool):
{held}
    async def execute(self, **kwargs) -> Response:
{body}        return Response(message="ok", break_loop=False)
"""


@pytest.mark.parametrize(
    ("held", "body"),
    [
        ("", "        Settings()\n"),
        ("", "        found = Settings().present\n"),
        (INIT.replace("self.service", "self.settings").format(value="Settings()"), ""),
    ],
)
def test_constructing_a_class_of_the_tool_module_does_what_its_init_does(
    make_repo, run_cli, held: str, body: str
) -> None:
    module = OWN_CLASS.format(init='os.path.exists("/etc/probe.conf")', held=held, body=body)
    root = make_repo({"tools/probe.py": module})
    result = run_cli(root, "inspect", "tools/probe.py")
    assert "side effects: filesystem read\n" in result.output, result.output
    assert "tools.probe.Settings -> os.path.exists" in result.output, result.output
    # one whose ``__init__`` touches nothing stays none
    quiet = make_repo({"tools/probe.py": OWN_CLASS.format(init="True", held=held, body=body)})
    assert "side effects: none" in run_cli(quiet, "inspect", "tools/probe.py").output


def test_a_class_of_the_tool_module_refusing_its_value_makes_the_argument_required(
    make_repo, run_cli
) -> None:
    module = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class Checked:\n"
        "    def __init__(self, value):\n"
        "        if not value:\n"
        '            raise ValueError("empty")\n'
        "        self.value = value\n\n\n"
        "class Probe(Tool):\n"
        "    async def execute(self, **kwargs) -> Response:\n"
        '        Checked(self.args.get("value"))\n'
        '        return Response(message="ok", break_loop=False)\n'
    )
    root = make_repo({"tools/probe.py": module})
    result = run_cli(root, "inspect", "tools/probe.py")
    assert "      value: required (line 13)" in result.output, result.output


@pytest.mark.parametrize(
    ("held", "body", "after"),
    [
        (
            "",
            "        for Settings in self.agent.kinds:\n            pass\n        Settings()\n",
            "",
        ),
        ("", "        def Settings():\n            return None\n        Settings()\n", ""),
        ("", "        Settings()\n", "\n\nSettings = dict\n"),
    ],
)
def test_a_class_name_bound_anew_is_not_followed_as_the_class(
    make_repo, run_cli, held: str, body: str, after: str
) -> None:
    """Where the function or the module binds the class's name anew (a loop
    variable, a nested ``def``, ``Settings = wrap(Settings)``), a call of
    it need not construct the class: its ``__init__`` is not claimed."""
    init = 'os.path.exists("/etc/probe.conf")'
    module = OWN_CLASS.format(init=init, held=held, body=body) + after
    root = make_repo({"tools/probe.py": module})
    result = run_cli(root, "inspect", "tools/probe.py")
    assert "tools.probe.Settings -> os.path.exists" not in result.output, result.output
