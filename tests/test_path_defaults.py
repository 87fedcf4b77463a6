"""What a missing key gives an argument may depend on the path: a literal
default on one path beside a value no one can state on another (a handler's
``override or state.slug``, ``args.get("n", self.limit)``) claims no
default; a read whose default reaches nothing (under ``if "k" in args``), a
read in the methods that build the call's log entry (``get_heading``), and a
text the value is written into take no part."""

from __future__ import annotations

import json
from pathlib import Path
from textwrap import dedent
from typing import Any

import pytest

HEAD = "from helpers.tool import Response, Tool\n\n\n"

DISPATCH = """\
class Plan(Tool):
    async def execute(self, **kwargs) -> Response:
        handler = {"init": self._init, "archive": self._archive}.get(self.method or "")
        if handler is None:
            return Response(message="unknown method", break_loop=False)
        return await handler()

"""

INIT = """\
    async def _init(self) -> Response:
        slug = self.args.get("slug", "draft")
        return Response(message=slug, break_loop=False)

"""

ARCHIVE = """\
    async def _archive(self) -> Response:
        {read}
        slug = override or self.agent.current_slug
        return Response(message=slug, break_loop=False)

"""


def _tool(run_cli, make_repo, source: str) -> dict[str, Any]:
    root: Path = make_repo({"tools/plan.py": HEAD + dedent(source)})
    result = run_cli(root, "inspect", "tools/plan.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


def _facts(tool: dict[str, Any], name: str) -> tuple[Any, ...]:
    """(required, has_default, default, default_unknown) of ``name``"""
    (arg,) = [a for a in tool["arguments"] if a["name"] == name]
    return arg["required"], arg["has_default"], arg["default"], arg["default_unknown"]


@pytest.mark.parametrize(
    "read", ['override = self.args.get("slug")', 'override = self.args.get("slug", None)']
)
@pytest.mark.parametrize("order", ["literal first", "fallback first"])
def test_a_literal_default_beside_a_fallback_no_one_can_state_claims_none(
    run_cli, make_repo, read: str, order: str
) -> None:
    archive = ARCHIVE.format(read=read)
    handlers = INIT + archive if order == "literal first" else archive + INIT
    tool = _tool(run_cli, make_repo, DISPATCH + handlers)
    assert _facts(tool, "slug") == (False, False, None, True)


def test_a_default_no_one_can_state_beside_a_literal_claims_none(run_cli, make_repo) -> None:
    source = (
        DISPATCH
        + INIT
        + (
            "    async def _archive(self) -> Response:\n"
            '        slug = self.args.get("slug", self.agent.current_slug)\n'
            "        return Response(message=slug, break_loop=False)\n"
        )
    )
    assert _facts(_tool(run_cli, make_repo, source), "slug") == (False, False, None, True)


def test_one_literal_default_on_every_path_is_still_claimed(run_cli, make_repo) -> None:
    source = (
        DISPATCH
        + INIT
        + (
            "    async def _archive(self) -> Response:\n"
            '        slug = self.args.get("slug", "draft")\n'
            "        return Response(message=slug, break_loop=False)\n"
        )
    )
    assert _facts(_tool(run_cli, make_repo, source), "slug") == (False, True, "draft", False)


@pytest.mark.parametrize(
    "heading",
    [
        'session = self.args.get("session", None)',
        'session = self.args.get("session")',
    ],
)
def test_a_heading_writing_the_value_into_a_text_keeps_the_default(
    run_cli, make_repo, heading: str
) -> None:
    source = f"""\
    class Shell(Tool):
        async def execute(self, **kwargs) -> Response:
            session = int(self.args.get("session", 0))
            return Response(message=self.get_heading() + str(session), break_loop=False)

        def get_heading(self, text: str = "") -> str:
            {heading}
            session_text = f"[{{session}}] " if session or session == 0 else ""
            return f"icon://terminal {{session_text}}{{text}}"
    """
    assert _facts(_tool(run_cli, make_repo, source), "session") == (False, True, 0, False)


def test_an_explicit_none_default_elsewhere_is_another_default(run_cli, make_repo) -> None:
    """``args.get("country", "us")`` in one method, ``args.get("country",
    None)`` handed to a call in another: which a missing key gets depends on
    the path, and none is claimed."""
    source = """\
    class Search(Tool):
        async def execute(self, **kwargs) -> Response:
            if self.method == "scrape":
                return await self._scrape()
            country = self.args.get("country", "us")
            return Response(message=country, break_loop=False)

        async def _scrape(self) -> Response:
            found = self.agent.scrape(country=self.args.get("country", None))
            return Response(message=str(found), break_loop=False)
    """
    assert _facts(_tool(run_cli, make_repo, source), "country") == (False, False, None, True)


def test_a_default_under_a_presence_test_reaches_nothing(run_cli, make_repo) -> None:
    source = """\
    class Page(Tool):
        async def execute(self, **kwargs) -> Response:
            limit = int(self.args.get("limit", 10))
            if "limit" in self.args:
                self.agent.config.page_size = self.args.get("limit", self.agent.config.page_size)
            return Response(message=str(limit), break_loop=False)
    """
    assert _facts(_tool(run_cli, make_repo, source), "limit") == (False, True, 10, False)


def test_the_generated_companion_states_no_default_that_depends_on_the_path(
    run_cli, make_repo
) -> None:
    root: Path = make_repo(
        {
            "tools/plan.py": HEAD
            + DISPATCH
            + INIT
            + ARCHIVE.format(read='override = self.args.get("slug")')
        }
    )
    result = run_cli(root, "check", "--fix", "tools/plan.py")
    companion = root / "tools/plan.py.dox.md"
    text = companion.read_text()
    assert "- `slug`: optional string.\n" in text, result.output
    assert '"draft"' not in text
    # nor is a companion that states the default one path gives contradicted
    companion.write_text(text.replace("optional string.", 'optional string, default `"draft"`.'))
    result = run_cli(root, "check", "tools/plan.py")
    assert "slug" not in result.output and "DOX" not in result.output, result.output
