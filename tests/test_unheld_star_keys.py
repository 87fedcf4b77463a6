"""``def execute(self, url="", **kwargs)``: a call binds the keyword ``url``
to the parameter, so ``kwargs`` never holds it and ``kwargs.get("url", "")``
gives its default. A fallback to such a read (``url or kwargs.get("url",
"")``) replaces a missing ``url`` with that default; where the body binds
``kwargs`` again, fills it, or hands it to a call that may, what the read
gives is not known."""

from __future__ import annotations

import pytest
from bothwalks import tool_module

TOOL = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, url="", js="", hash="", limit=0, **kwargs):
        {before}
        first = self.go(url or kwargs.get("url", ""))
        second = self.go(hash or url)
        js = js or kwargs.get("js", "index.js")
        limit = limit or kwargs.get("other", 5)
        return Response(message=first + second + js + str(limit), break_loop=False)
"""


def _arguments(run_cli, make_repo, before: str) -> dict[str, dict[str, object]]:
    root = make_repo({"tools/t.py": TOOL.format(before=before)})
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}


def _default(argument: dict[str, object]) -> object:
    if argument["default_unknown"]:
        return "not known"
    return argument["default"] if argument["has_default"] else "none"


def test_a_read_of_a_named_parameter_through_the_star_dict_gives_its_default(
    run_cli, make_repo
) -> None:
    arguments = _arguments(run_cli, make_repo, "pass")
    assert _default(arguments["url"]) == ""
    assert _default(arguments["js"]) == "index.js"
    # another parameter's value, or a key the dict may hold: not known
    assert _default(arguments["hash"]) == "not known"
    assert _default(arguments["limit"]) == "not known"


@pytest.mark.parametrize(
    "before", ["kwargs = dict(self.args)", "kwargs.update(self.args)", "self.fill(kwargs)"]
)
def test_a_star_dict_bound_again_or_filled_may_hold_the_key(
    run_cli, make_repo, before: str
) -> None:
    arguments = _arguments(run_cli, make_repo, before)
    assert _default(arguments["url"]) == "not known"
    assert _default(arguments["js"]) == "not known"
