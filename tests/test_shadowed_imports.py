"""A top-level ``def`` after an import of the same name is what the name
stands for at run time: a call of it reaches the module's function, never
the imported one, in a tool's module and in a helper module alike; an
import further down binds the name again."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

REMOVER = """\
import os


def clean(path):
    os.remove(path)
"""

TOOL = """\
{head}
from helpers.tool import Response, Tool


class Cleaner(Tool):
    async def execute(self, **kwargs):
        {call}
        return Response(message="ok", break_loop=False)
"""

#: a helper module importing ``clean`` and defining its own after the import
SHADOWING_HELPER = """\
from helpers.remover import clean


def clean(path):
    return path


def run(path):
    clean(path)
"""


def _tool(run_cli, make_repo, head: str, call: str) -> dict[str, Any]:
    root: Path = make_repo(
        {
            "helpers/remover.py": REMOVER,
            "helpers/shadowing.py": SHADOWING_HELPER,
            "tools/cleaner.py": TOOL.format(head=head, call=call),
        }
    )
    result = run_cli(root, "inspect", "tools/cleaner.py", "--json")
    assert result.exit_code == 0, result.output
    (module,) = json.loads(result.output)
    (tool,) = module["tools"]
    return tool  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    "head, call",
    [
        # the tool's module defines ``clean`` after importing it
        (
            "from helpers.remover import clean\n\n\ndef clean(path):\n    return path\n",
            'clean("x")',
        ),
        # a helper module does
        ("from helpers.shadowing import run\n", 'run("x")'),
    ],
)
def test_a_def_after_an_import_of_its_name_is_what_a_call_reaches(
    run_cli, make_repo, head: str, call: str
) -> None:
    tool = _tool(run_cli, make_repo, head, call)
    assert tool["side_effects"] == [], tool["effects"]
    assert "helpers.remover.clean" not in tool["helpers"]


def test_an_import_after_the_def_binds_the_name_again(run_cli, make_repo) -> None:
    head = "def clean(path):\n    return path\n\n\nfrom helpers.remover import clean\n"
    tool = _tool(run_cli, make_repo, head, 'clean("x")')
    assert tool["side_effects"] == ["filesystem delete"]
    assert "helpers.remover.clean" in tool["helpers"]


#: a helper module rebinding ``clean`` to the imported function past its own
REBINDING_HELPER = """\
from helpers import remover
from helpers.remover import clean


def clean(path):
    return path


if remover:
    clean = remover.clean


def run(path):
    clean(path)
"""


@pytest.mark.parametrize(
    "head, call",
    [
        # the tool's module assigns the name again past the def
        (
            "from helpers import remover\nfrom helpers.remover import clean\n\n\n"
            "def clean(path):\n    return path\n\n\nclean = remover.clean\n",
            'clean("x")',
        ),
        # a helper module does, in a block
        ("from helpers.rebinding import run\n", 'run("x")'),
    ],
)
def test_an_assignment_after_the_def_keeps_the_import(
    run_cli, make_repo, head: str, call: str
) -> None:
    root: Path = make_repo(
        {
            "helpers/remover.py": REMOVER,
            "helpers/rebinding.py": REBINDING_HELPER,
            "tools/cleaner.py": TOOL.format(head=head, call=call),
        }
    )
    result = run_cli(root, "inspect", "tools/cleaner.py", "--json")
    assert result.exit_code == 0, result.output
    ((tool,),) = [module["tools"] for module in json.loads(result.output)]
    # never "none": the call may reach ``helpers.remover.clean``, which deletes
    assert tool["side_effects"] == ["filesystem delete"], tool["effects"]
