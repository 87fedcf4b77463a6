"""A call through a name that only stands for another callable (``rm =
os.remove``, then ``rm(path)``): its side effects are the callable's, as
generated and as inspected; a name that may hold something else shows
nothing it cannot tell."""

from __future__ import annotations

import ast

import pytest
from test_effect_areas import AREAS, HELPERS, _files, _findings, _generated, _line, _tool

from doxtool.python.outline import module_outline

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
        # a nested function's parameter, or its own local, of that name
        (
            "        rm = os.remove\n        def inner(rm, p):\n            rm(p)\n"
            "        inner(print, 'x.txt')\n",
            "import os\n\n",
        ),
        (
            "        rm = os.remove\n        def inner(p):\n            rm = print\n"
            "            rm(p)\n        inner('x.txt')\n",
            "import os\n\n",
        ),
        (
            "        rm = os.remove\n        show = lambda rm, p: rm(p)\n        show(print, 'x')\n",
            "import os\n\n",
        ),
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


ALIASED_HELPER = "import os\n\n\ndef drop(path):\n    rm = os.remove\n    rm(path)\n"
MODULE_ALIAS_HELPER = "import os\n\n_rm = os.remove\n\n\ndef drop(path):\n    _rm(path)\n"


@pytest.mark.parametrize("helper", [ALIASED_HELPER, MODULE_ALIAS_HELPER])
def test_a_helper_deleting_through_a_name_bound_to_the_callable_shows_the_deletion(
    make_repo, run_cli, helper: str
) -> None:
    module = _tool("        drop('x.txt')\n", "from helpers.ops import drop\n\n")
    root = make_repo(_files(module, {"helpers/ops.py": helper}))
    assert _line(_generated(root, run_cli), AREAS) == f"{AREAS} filesystem deletion."
    assert _findings(root, run_cli) == []


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        (ALIASED_HELPER, [("filesystem deletion", "os.remove", 6)]),
        (MODULE_ALIAS_HELPER, [("filesystem deletion", "os.remove", 7)]),
        # bound again at the top
        (MODULE_ALIAS_HELPER + "\n_rm = print\n", []),
        # bound to something else elsewhere in the module: not known
        (ALIASED_HELPER + "\n\ndef other(path):\n    rm = print\n    rm(path)\n", []),
        # a parameter of another function
        (ALIASED_HELPER + "\n\ndef other(rm):\n    rm('x')\n", []),
    ],
)
def test_an_outline_shows_a_deletion_through_a_name_the_module_binds_to_it_alone(
    source: str, expected: list[tuple[str, str, int]]
) -> None:
    outline = module_outline(ast.parse(source), source)
    assert outline is not None
    assert [(e.area, e.via, e.line) for e in outline.effects] == expected


def test_intervention_through_a_name_bound_to_the_agents_method_is_listed(
    make_repo, run_cli
) -> None:
    module = _tool(
        "        pause = self.agent.handle_intervention\n"
        "        for _ in range(3):\n"
        "            await pause()\n"
        "            await asyncio.sleep(1)\n",
        "import asyncio\n\n",
    )
    root = make_repo(_files(module))
    text = _generated(root, run_cli)
    assert _line(text, HELPERS) == f"{HELPERS} `Response`, `self.agent.handle_intervention`."
    assert _findings(root, run_cli) == []


def test_a_nested_function_s_own_name_is_not_the_agents_method(make_repo, run_cli) -> None:
    module = _tool(
        "        pause = self.agent.handle_intervention\n"
        "        def wait(pause):\n            pause()\n"
        "        wait(print)\n",
        "",
    )
    root = make_repo(_files(module))
    assert _line(_generated(root, run_cli), HELPERS) == f"{HELPERS} `Response`."
