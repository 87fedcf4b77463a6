"""A check that holds a converted value to a bound (``n = int(args.get("n",
0))``, then ``if n <= 0: return Response(error)``) refuses the values the
conversion brings there: a missing key's too, when its default is one of
them."""

from __future__ import annotations

import json

import pytest
from bothwalks import WALKS, kinds_and_defaults

BOUNDED = """\
from helpers.tool import Response, Tool


class Page(Tool):
    async def execute(self, **kwargs) -> Response:
        number = int(self.args.get("number", 0))
        if number <= 0:
            return Response(message="number is required", break_loop=False)
        size = float(self.args.get("size", "0"))
        if 0 >= size:
            return Response(message="size must be positive", break_loop=False)
        limit = int(self.args.get("limit", 20))
        if limit < 1 or limit > 100:
            return Response(message="limit must be 1 to 100", break_loop=False)
        start = int(self.args.get("start", "-1"))
        if start < 0:
            return Response(message="start must not be negative", break_loop=False)
        return Response(message=f"{number} {size} {limit} {start}", break_loop=False)
"""

PROMPT = """\
### page
shows a page
usage:
~~~json
{
    "thoughts": ["..."],
    "headline": "Paging",
    "tool_name": "page",
    "tool_args": {"number": 2, "size": 1, "start": 0}
}
~~~
"""


def test_a_bound_the_default_does_not_pass_makes_the_argument_required(make_repo, run_cli) -> None:
    root = make_repo({"tools/page.py": BOUNDED, "prompts/agent.system.tool.page.md": PROMPT})
    result = run_cli(root, "inspect", "tools/page.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    facts = {a["name"]: (a["required"], a["has_default"], a["default"]) for a in tool["arguments"]}
    assert facts == {
        "number": (True, False, None),
        "size": (True, False, None),
        # a default inside the bounds stays
        "limit": (False, True, 20),
        "start": (True, False, None),
    }
    run_cli(root, "check", "--fix")
    companion = (root / "tools/page.py.dox.md").read_text(encoding="utf-8")
    assert "  - `number`: required integer.\n" in companion
    assert "  - `limit`: optional integer, default `20`.\n" in companion


def test_a_companion_that_calls_a_bounded_argument_optional_is_flagged(make_repo, run_cli) -> None:
    root = make_repo({"tools/page.py": BOUNDED, "prompts/agent.system.tool.page.md": PROMPT})
    run_cli(root, "check", "--fix")
    path = root / "tools/page.py.dox.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace(
            "  - `number`: required integer.\n", "  - `number`: optional integer, default `0`.\n"
        ),
        encoding="utf-8",
    )
    result = run_cli(root, "check")
    assert "`number`" in result.output and "tools/page.py.dox.md" in result.output, result.output


MEASURED = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class Learn(Tool):
    async def execute(self, description: str = "", **kwargs) -> Response:
        description = str(description or "").strip()
        if len(description) < 20:
            raise RepairableException("description must be 20 characters or more")
        title = self.args.get("title", "hi")
        if 3 > len(title):
            return Response(message="title is too short", break_loop=False)
        note = self.args.get("note", "")
        if len(note) > 200:
            return Response(message="note is too long", break_loop=False)
        tags = self.args.get("tags", ["a", "b", "c"])
        if len(tags) < 2:
            return Response(message="give two tags or more", break_loop=False)
        if len(self.args.get("code", "")) < 4:
            return Response(message="code is too short", break_loop=False)
        label = self.args.get("label")
        if len(str(label)) > 40:
            return Response(message="label is too long", break_loop=False)
        extra = self.args.get("extra", "")
        if len(extra) < 3 and len(note) > 150:
            return Response(message="a long note needs an extra", break_loop=False)
        return Response(
            message=f"{description} {title} {note} {extra} {tags} {label}", break_loop=False
        )
"""


def test_a_length_bound_the_default_does_not_pass_makes_the_argument_required(
    make_repo, run_cli
) -> None:
    root = make_repo({"tools/learn.py": MEASURED})
    result = run_cli(root, "inspect", "tools/learn.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    facts = {a["name"]: (a["required"], a["has_default"], a["default"]) for a in tool["arguments"]}
    # a short ``extra`` is refused only with a long note: neither stands in for the other
    assert all(a["alternatives"] == [] for a in tool["arguments"]), tool["arguments"]
    assert facts == {
        # ``""`` and ``"hi"`` are shorter than the bound: never enough
        "description": (True, False, None),
        "title": (True, False, None),
        # an empty note is not too long, three tags are enough
        "note": (False, True, ""),
        "extra": (False, True, ""),
        "tags": (False, True, ["a", "b", "c"]),
        "code": (True, False, None),
        # the length of ``str(None)`` is no length of a value sent
        "label": (False, False, None),
    }


JOINED = """\
from helpers.tool import Response, Tool


class Post(Tool):
    async def execute(self, **kwargs) -> Response:
        body = self.args.get("body", "")
        summary = self.args.get("summary", "")
        if len(summary) < 3 and len(body) > 500:
            return Response(message="a long body needs a summary", break_loop=False)
        return Response(message=f"{summary} {body}", break_loop=False)
"""


def test_a_length_no_empty_value_reaches_joins_no_alternatives(make_repo, run_cli) -> None:
    root = make_repo({"tools/post.py": JOINED})
    result = run_cli(root, "inspect", "tools/post.py", "--json")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    # both absent, the body is no longer than 500: neither stands in for the other
    assert {a["name"]: a["alternatives"] for a in tool["arguments"]} == {"body": [], "summary": []}


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_range_check_refuses_what_either_bound_does_in_both_walks(
    make_repo, run_cli, walk: str
) -> None:
    """``if not (1 <= n <= 10): raise ...`` is ``n < 1 or n > 10``: a default
    outside the range is refused and the key needed, in the tool's code and
    in a helper handed its arguments; one inside stays; a test that is never
    true (``and``) refuses nothing."""
    code = """\
        low = int(A.get("low", 0))
        if not (1 <= low <= 10):
            raise ValueError("low must be 1 to 10")
        high = float(A.get("high", 20))
        if not 1 < high < 10:
            raise ValueError("high must be between 1 and 10")
        mid = int(A.get("mid", 5))
        if not (1 <= mid <= 10):
            raise ValueError("mid must be 1 to 10")
        cut = int(A.get("cut", 0))
        if cut < 1 or cut > 10:
            raise ValueError("cut must be 1 to 10")
        never = int(A.get("never", 0))
        if never < 1 and never > 10:
            raise ValueError("never")
        """
    root = make_repo(WALKS[walk](code))
    assert kinds_and_defaults(run_cli, root) == {
        "low": ("required", "-"),
        "high": ("required", "-"),
        "mid": ("optional", 5),
        "cut": ("required", "-"),
        "never": ("optional", 0),
    }


@pytest.mark.parametrize("walk", sorted(WALKS))
def test_a_bound_on_a_name_bound_anew_since_refuses_nothing_in_both_walks(
    make_repo, run_cli, walk: str
) -> None:
    """A name the conversion made, then bound anew otherwise than by a plain
    assignment (``k += 1``, ``for i in range(i, 3)``), no longer holds what
    the conversion made of the default: a bound on it refuses nothing of it."""
    code = """\
        k = int(A.get("k", 0))
        k += 1
        if not (1 <= k <= 10):
            raise ValueError("k must be 1 to 10")
        i = int(A.get("i", 0))
        for i in range(i, 3):
            pass
        if i < 1:
            raise ValueError("i must be positive")
        """
    root = make_repo(WALKS[walk](code))
    found = kinds_and_defaults(run_cli, root)
    assert {name: found[name][0] for name in found} == {"k": "optional", "i": "optional"}
