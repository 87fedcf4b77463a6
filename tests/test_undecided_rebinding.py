"""A name bound to an argument's read, then bound again on one arm of an
``if`` whose test what a missing key gives does not decide (``if
name.startswith("*"): name = name[1:]``), still holds the read on the
calls that skip the arm: a check past it (``if not name: return
Response(...)``) may refuse a missing key. The argument is neither claimed
optional (with the read's default) nor required: its requiredness is not
known, as past ``if cfg: name = ...``. A fallback (``if not name: name =
...``) and a test the missing value decides stay as they were."""

from __future__ import annotations

import json

import pytest

HEAD = "from helpers.tool import Response, Tool\n\n\nclass Star(Tool):\n"
CHECK = (
    "        if not name:\n"
    '            return Response(message="name is required", break_loop=False)\n'
    "        return Response(message=name, break_loop=False)\n"
)
STRIPPED = (
    "    async def execute(self, **kwargs) -> Response:\n"
    '        name = self.args.get("name", "")\n'
    '        if name.startswith("*"):\n'
    "            name = name[1:]\n"
)
# the read handed to a method of the tool, which rebinds it before its check
HANDED = (
    "    async def execute(self, **kwargs) -> Response:\n"
    '        return self._load(str(self.args.get("name") or "").strip())\n\n'
    "    def _load(self, name: str) -> Response:\n"
    "        name = name.strip()\n"
    '        if name.startswith("**") and name.endswith("**"):\n'
    "            name = name[2:-2]\n"
)
DECIDED = STRIPPED.replace('name.startswith("*")', 'name == "x"').replace("name[1:]", '"y"')
FALLBACK = STRIPPED.replace('name.startswith("*")', "not name").replace("name[1:]", "self.pick()")
PICK = '\n    def pick(self) -> str:\n        return "x"\n'


def _argument(make_repo, run_cli, body: str) -> dict:
    root = make_repo({"tools/star.py": HEAD + body + CHECK + (PICK if "pick" in body else "")})
    result = run_cli(root, "inspect", "--json", "tools/star.py")
    assert result.exit_code == 0, result.output
    (tool,) = json.loads(result.output)[0]["tools"]
    (argument,) = [a for a in tool["arguments"] if a["name"] == "name"]
    return argument


@pytest.mark.parametrize("body", [STRIPPED, HANDED], ids=["in-execute", "in-a-method"])
def test_a_check_past_an_undecided_rebinding_leaves_the_requiredness_unknown(
    body: str, make_repo, run_cli
) -> None:
    argument = _argument(make_repo, run_cli, body)
    assert argument["required_unknown"] is True, argument
    assert argument["required"] is False
    assert argument["has_default"] is False


def test_a_decided_test_still_makes_it_required(make_repo, run_cli) -> None:
    argument = _argument(make_repo, run_cli, DECIDED)
    assert argument["required"] is True, argument
    assert argument["required_unknown"] is False


def test_a_fallback_still_makes_it_optional(make_repo, run_cli) -> None:
    argument = _argument(make_repo, run_cli, FALLBACK)
    assert argument["required"] is False, argument
    assert argument["required_unknown"] is False
