"""A call through a name that only stands for another callable (``rm =
os.remove``, then ``rm(path)``): its side effects are the callable's, as
generated and as inspected; a name that may hold something else shows
nothing it cannot tell."""

from __future__ import annotations

import pytest
from test_effect_areas import AREAS, _files, _findings, _generated, _line, _tool

OPS = "import os\n\n\ndef remove_file(path):\n    os.remove(path)\n"


@pytest.mark.parametrize(
    ("body", "imports"),
    [
        ("        rm = os.remove\n        rm('x.txt')\n", "import os\n\n"),
        ("        delete = shutil.rmtree\n        delete('d')\n", "import shutil\n\n"),
        ("        rm = ops.remove_file\n        rm('x.txt')\n", "from helpers import ops\n\n"),
        (
            "        rm = remove_file\n        rm('x.txt')\n",
            "from helpers.ops import remove_file\n\n",
        ),
        ("        RM('x.txt')\n", "import os\n\nRM = os.remove\n\n"),
        (
            "        if self.args.get('all'):\n            rm = os.remove\n"
            "        else:\n            rm = os.remove\n        rm('x.txt')\n",
            "import os\n\n",
        ),
    ],
)
def test_a_call_through_a_name_bound_to_a_deleting_callable_deletes(
    make_repo, run_cli, body: str, imports: str
) -> None:
    module = _tool(body, imports)
    root = make_repo(_files(module, {"helpers/ops.py": OPS}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem deletion."
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("body", "imports"),
    [
        # bound to two callables: which one runs is not read here
        (
            "        rm = os.remove\n        if self.args.get('keep'):\n"
            "            rm = print\n        rm('x.txt')\n",
            "import os\n\n",
        ),
        # a module-level name the function binds itself
        ("        RM = print\n        RM('x.txt')\n", "import os\n\nRM = os.remove\n\n"),
        # a module-level name bound twice
        ("        RM('x.txt')\n", "import os\n\nRM = os.remove\nRM = print\n\n"),
    ],
)
def test_a_name_that_may_hold_another_callable_shows_no_deletion(
    make_repo, run_cli, body: str, imports: str
) -> None:
    module = _tool(body, imports)
    root = make_repo(_files(module, {"helpers/ops.py": OPS}))
    assert "filesystem deletion" not in _generated(root, run_cli)


def test_a_parameter_rebound_to_a_deleting_callable_is_not_followed(make_repo, run_cli) -> None:
    module = _tool("", "import os\n\n").replace(
        "    async def execute(self, **kwargs) -> Response:\n",
        "    async def execute(self, rm=None, **kwargs) -> Response:\n"
        "        if rm is None:\n            rm = os.remove\n        rm('x.txt')\n",
    )
    root = make_repo(_files(module))
    assert "filesystem deletion" not in _generated(root, run_cli)
