"""Which import of a ``try`` holds a name (in a module, a helper's, or a function).

``try: from helpers import store`` then ``except ImportError: from
python.helpers import store``: where ``helpers`` is of the repository and
``python`` is not, the first import succeeds and the handler does not run,
so ``store`` is the repository's ``helpers.store`` and what the tool does
through it is known. Where neither is, or both are, the binding stays the
one the handler makes; a relative import in the ``try`` (which fails in a
module loaded by its path) holds nothing either.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import Result

Make = Callable[[dict[str, str]], Path]

STORE_PY = "def save(path, text):\n    with open(path, 'w') as fh:\n        fh.write(text)\n"


def _tool(imports: str) -> str:
    return (
        f"try:\n{imports}\n"
        "except ImportError:\n"
        "    from python.helpers.tool import Response, Tool\n"
        "    from python.helpers import store\n\n\n"
        "class Keep(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        store.save('/data/out.txt', 'x')\n"
        "        return Response(message='ok', break_loop=False)\n"
    )


def _facts(repo: Path, run_cli: Callable[..., Result]) -> dict:
    result = run_cli(repo, "inspect", "--json", "tools/keep.py")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)[0]["tools"][0]


def test_the_tried_import_of_the_repository_holds_over_the_handlers(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    tried = "    from helpers.tool import Response, Tool\n    from helpers import store"
    repo = make_repo({"helpers/store.py": STORE_PY, "tools/keep.py": _tool(tried)})
    tool = _facts(repo, run_cli)
    assert tool["bases"] == ["helpers.tool.Tool"]
    assert "helpers.store.save" in tool["helpers"]
    assert tool["side_effects"] == ["filesystem write"]


def test_the_handlers_import_holds_when_the_tried_one_is_not_of_the_repository(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    tried = "    from helpers.tool import Response, Tool\n    from lib import store"
    repo = make_repo({"helpers/store.py": STORE_PY, "tools/keep.py": _tool(tried)})
    tool = _facts(repo, run_cli)
    # ``lib`` may be missing and run the handler: its imports are the ones walked last
    assert tool["bases"] == ["python.helpers.tool.Tool"]
    assert not any("store" in name for name in tool["helpers"])
    assert tool["side_effects"] == []


def test_a_relative_import_in_the_try_does_not_hold(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    tried = "    from helpers.tool import Response, Tool\n    from . import store"
    repo = make_repo({"tools/store.py": STORE_PY, "tools/keep.py": _tool(tried)})
    tool = _facts(repo, run_cli)
    assert not any("store" in name for name in tool["helpers"])
    assert tool["side_effects"] == []


def test_the_tried_import_in_a_function_holds_over_the_handlers(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    tool = (
        "from helpers.tool import Response, Tool\n\n\n"
        "class Keep(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        try:\n"
        "            from helpers import store\n"
        "        except ImportError:\n"
        "            from python.helpers import store\n"
        "        store.save('/data/out.txt', 'x')\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    repo = make_repo({"helpers/store.py": STORE_PY, "tools/keep.py": tool})
    facts = _facts(repo, run_cli)
    assert "helpers.store.save" in facts["helpers"]
    assert facts["side_effects"] == ["filesystem write"]


def test_the_tried_import_of_a_helpers_module_holds_over_the_handlers(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    middle = (
        "try:\n"
        "    from helpers import store\n"
        "except ImportError:\n"
        "    from python.helpers import store\n\n\n"
        "def keep(text):\n"
        "    store.save('/data/out.txt', text)\n"
    )
    tool = (
        "from helpers.tool import Response, Tool\n"
        "from helpers.middle import keep\n\n\n"
        "class Keep(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        keep('x')\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    files = {"helpers/store.py": STORE_PY, "helpers/middle.py": middle, "tools/keep.py": tool}
    facts = _facts(make_repo(files), run_cli)
    assert facts["side_effects"] == ["filesystem write"]
    assert facts["effects"][0]["calls"] == ["helpers.middle.keep", "helpers.store.save", "open"]


def test_the_tried_import_in_a_helpers_function_holds_over_the_handlers(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    middle = (
        "def keep(text):\n"
        "    try:\n"
        "        from helpers import store\n"
        "    except ImportError:\n"
        "        from python.helpers import store\n"
        "    store.save('/data/out.txt', text)\n"
    )
    tool = (
        "from helpers.tool import Response, Tool\n"
        "from helpers.middle import keep\n\n\n"
        "class Keep(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        keep('x')\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    files = {"helpers/store.py": STORE_PY, "helpers/middle.py": middle, "tools/keep.py": tool}
    facts = _facts(make_repo(files), run_cli)
    assert facts["side_effects"] == ["filesystem write"]


def test_an_import_from_outside_beside_the_tried_one_may_run_the_handler(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    tried = (
        "    from helpers.tool import Response, Tool\n"
        "    import playwright\n"
        "    from helpers import store"
    )
    repo = make_repo({"helpers/store.py": STORE_PY, "tools/keep.py": _tool(tried)})
    tool = _facts(repo, run_cli)
    assert not any(name.startswith("helpers.store") for name in tool["helpers"])
    assert tool["side_effects"] == []


def test_a_statement_beside_the_tried_import_may_run_the_handler(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    middle = (
        "def keep(text):\n"
        "    try:\n"
        "        from helpers import store\n"
        "        store.check()\n"
        "    except Exception:\n"
        "        from python.helpers import store\n"
        "    store.save('/data/out.txt', text)\n"
    )
    tool = (
        "from helpers.tool import Response, Tool\n"
        "from helpers.middle import keep\n\n\n"
        "class Keep(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        try:\n"
        "            from helpers import store\n"
        "            from . import local\n"
        "        except ImportError:\n"
        "            from python.helpers import store\n"
        "        store.save('/data/out.txt', 'x')\n"
        "        keep('x')\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    files = {"helpers/store.py": STORE_PY, "helpers/middle.py": middle, "tools/keep.py": tool}
    facts = _facts(make_repo(files), run_cli)
    assert not any(name.startswith("helpers.store") for name in facts["helpers"])
    assert "filesystem write" not in facts["side_effects"]


def test_an_else_binding_the_name_leaves_the_tried_import_unkept(
    make_repo: Make, run_cli: Callable[..., Result]
) -> None:
    rebinding = (
        "try:\n"
        "    from helpers import store\n"
        "except ImportError:\n"
        "    from python.helpers import store\n"
        "else:\n"
        "    from lib import store\n"
    )
    middle = rebinding + "\n\ndef keep(text):\n    store.save('/data/out.txt', text)\n"
    tool = (
        "from helpers.tool import Response, Tool\n"
        "from helpers.middle import keep\n"
        f"{rebinding}\n\n"
        "class Keep(Tool):\n"
        "    async def execute(self, **kwargs):\n"
        "        store.save('/data/out.txt', 'x')\n"
        "        keep('x')\n"
        "        return Response(message='ok', break_loop=False)\n"
    )
    files = {"helpers/store.py": STORE_PY, "helpers/middle.py": middle, "tools/keep.py": tool}
    facts = _facts(make_repo(files), run_cli)
    assert not any(name.startswith("helpers.store") for name in facts["helpers"])
    assert "filesystem write" not in facts["side_effects"]
