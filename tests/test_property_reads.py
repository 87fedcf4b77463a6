"""A property of the tool class (``@property``, ``functools.cached_property``)
runs its getter where the attribute is read: what the getter reads of the
arguments is read there, needed when that place always runs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SOURCE = """\
import functools
from functools import cached_property

from helpers.tool import Response, Tool


class Reader(Tool):
    @property
    def path(self) -> str:
        return self.args["path"]

    @cached_property
    def encoding(self) -> str:
        return self.args["encoding"]

    @functools.cached_property
    def mode(self) -> str:
        return self.args["mode"]

    @property
    def unused(self) -> str:
        return self.args["unused"]

    async def execute(self, **kwargs):
        text = self.path + self.encoding
        if self.args.get("verbose"):
            text += self.mode
        return Response(message=text, break_loop=False)
"""


def _arguments(run_cli, root: Path) -> dict[str, Any]:
    result = run_cli(root, "inspect", "tools/reader.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return {
        a["name"]: "unknown" if a["required_unknown"] else a["required"] for a in tool["arguments"]
    }


def test_a_property_read_in_execute_reads_what_its_getter_reads(run_cli, make_repo) -> None:
    root = make_repo({"tools/reader.py": SOURCE})
    assert _arguments(run_cli, root) == {
        "verbose": False,
        "path": True,
        "encoding": True,
        # read only when ``verbose`` is given: needed on some calls only
        "mode": "unknown",
        # a getter nothing reads: who reads it is not known
        "unused": "unknown",
    }
