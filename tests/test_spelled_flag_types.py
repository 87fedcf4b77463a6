"""A value compared with a spelling of a boolean (``"true"``, ``"false"``)
may be a JSON boolean as well as a string when the code turns it into text
first (``str(flag).lower() == "true"``); a string method called on the value
as read (``flag.lower() != "false"``) fails on a JSON boolean, so the value
is a string."""

from __future__ import annotations

import json
from pathlib import Path

FLAGS_PY = """\
from helpers.tool import Response, Tool


class Flags(Tool):
    async def execute(self, **kwargs) -> Response:
        verbose = self.args.get("verbose", "true").lower()
        strict = str(self.args.get("strict", "true")).lower()
        quiet = (self.args.get("quiet") or "true").lower()
        if verbose != "false" and strict != "false" and quiet != "false":
            return Response(message="all", break_loop=False)
        return Response(message="some", break_loop=False)
"""


def _types(make_repo, run_cli) -> dict[str, str | None]:
    root: Path = make_repo({"tools/flags.py": FLAGS_PY})
    result = run_cli(root, "inspect", "--json", "tools/flags.py")
    assert result.exit_code == 0, result.output
    args = json.loads(result.output)[0]["tools"][0]["arguments"]
    return {a["name"]: a.get("type") for a in args}


def test_a_string_method_on_the_value_as_read_keeps_the_string_type(make_repo, run_cli) -> None:
    types = _types(make_repo, run_cli)
    assert types["verbose"] == "string"
    # ``str(True).lower()`` is ``"true"``: a JSON boolean does as well
    assert types["strict"] is None
    # ``False or "true"`` is a string: a JSON false is taken too
    assert types["quiet"] is None
