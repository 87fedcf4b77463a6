"""A check of an argument's builtin type (``if not isinstance(items, list):
return Response(error)``) refuses every value of another type: the ``None``
a missing key gives, and a default of another type, make the argument
required; a default of that type passes it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

TYPED_PY = """\
from helpers.tool import Response, Tool


class Batch(Tool):
    async def execute(self, **kwargs) -> Response:
        items = self.args.get("items")
        mode = self.args.get("mode", "")
        opts = self.args.get("opts", {})
        tags = self.args.get("tags")
        if not isinstance(items, list):
            return Response(message="items must be a list", break_loop=False)
        if not isinstance(mode, (dict, list)):
            return Response(message="mode must be an object", break_loop=False)
        if not isinstance(opts, dict):
            return Response(message="opts must be an object", break_loop=False)
        if not isinstance(tags, Tags):
            return Response(message="tags must be tags", break_loop=False)
        return Response(message=f"{len(items)} items", break_loop=False)
"""

COMPANION = """\
# batch.py DOX

## Runtime Contracts
- Arguments of `Batch`:
  - `items`: {word}. What to process.
- `break_loop` of `Batch`: always `false`.
"""


def _arguments(run_cli: Any, root: Path) -> dict[str, dict[str, Any]]:
    result = run_cli(root, "inspect", "--json", "tools/batch.py")
    ((tool,),) = [m["tools"] for m in json.loads(result.output)]
    return {a["name"]: a for a in tool["arguments"]}


def test_a_type_check_refuses_a_missing_value_and_a_default_of_another_type(
    make_repo: Any, run_cli: Any
) -> None:
    args = _arguments(run_cli, make_repo({"tools/batch.py": TYPED_PY}))
    assert args["items"]["required"]
    assert args["mode"]["required"] and not args["mode"]["has_default"]
    assert not args["opts"]["required"]
    assert (args["opts"]["has_default"], args["opts"]["default"]) == (True, {})
    # a class that is no builtin type may take any value: nothing is said
    assert not args["tags"]["required"]


def test_a_companion_calling_a_type_checked_argument_optional_is_reported(
    make_repo: Any, run_cli: Any
) -> None:
    files = {"tools/batch.py": TYPED_PY}
    root = make_repo({**files, "tools/batch.py.dox.md": COMPANION.format(word="optional")})
    result = run_cli(root, "check", "--no-cache", "tools/batch.py")
    assert "argument `items` is documented as optional" in result.output, result.output
    # (the check gives the type, which the companion names)
    root = make_repo({**files, "tools/batch.py.dox.md": COMPANION.format(word="required array")})
    result = run_cli(root, "check", "--no-cache", "tools/batch.py")
    assert "`items`" not in result.output, result.output


MADE_PY = """\
from helpers.tool import Response, Tool


class Batch(Tool):
    async def execute(self, **kwargs) -> Response:
        label = str(self.args.get("label"))
        count = self.args.get("count", "5")
        if not isinstance(label, str):
            return Response(message="label must be text", break_loop=False)
        if not isinstance(int(count), int):
            return Response(message="count must be a number", break_loop=False)
        return Response(message=label, break_loop=False)
"""


def test_a_type_check_of_what_a_call_made_of_the_value_says_nothing_of_it(
    make_repo: Any, run_cli: Any
) -> None:
    """``isinstance(int(x), int)``, or of a name bound to ``str(...)``: the type tested is the call's, whatever the value sent, so
    a missing key's ``None`` or a default of another type is not refused."""
    args = _arguments(run_cli, make_repo({"tools/batch.py": MADE_PY}))
    assert not args["label"]["required"]
    assert not args["count"]["required"]
    assert (args["count"]["has_default"], args["count"]["default"]) == (True, "5")


OWN_READ_PY = """\
from helpers.tool import Response, Tool


class Batch(Tool):
    async def execute(self, **kwargs) -> Response:
        self._show()
        items = self.args.get("items")
        if not isinstance(items, list):
            return Response(message="items must be a list", break_loop=False)
        return Response(message=str(items), break_loop=False)

    def _show(self) -> None:
        print(len(self.args.get("items", [])))
"""


def test_a_type_check_is_judged_against_what_its_own_read_gives(
    make_repo: Any, run_cli: Any
) -> None:
    """The read tested gives ``None`` for a missing key, which the check
    refuses: the ``[]`` another method's read gives is no default."""
    args = _arguments(run_cli, make_repo({"tools/batch.py": OWN_READ_PY}))
    assert args["items"]["required"]
    assert args["items"]["default"] is None
