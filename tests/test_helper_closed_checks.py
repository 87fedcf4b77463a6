"""A closed check in a helper of another module (``if mode not in ("a",
"b"): raise``, at the top of its body), through the real CLI: the values
are those listed, in a literal or in a module-level tuple, list or set,
and a key whose missing value the check refuses (no default, or one
outside the values, once folded) is required, as the same check in the
tool makes it. A default among the values stays the default.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from bothwalks import tool_module

TOOL = (
    "from helpers.tool import Response, Tool\n"
    "from helpers import modes\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    "        return Response(message=modes.run(self.args), break_loop=False)\n"
)


def helper(read: str, listed: str, head: str = "") -> str:
    return (
        f"{head}def run(args):\n"
        f"    mode = {read}\n"
        f"    if mode not in {listed}:\n"
        '        raise ValueError("unknown mode")\n'
        "    return mode\n"
    )


def mode_argument(make_repo, run_cli, code: str) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    root = make_repo({"helpers/modes.py": code, "tools/t.py": TOOL})
    (argument,) = tool_module(run_cli, root)["arguments"]
    assert argument["name"] == "mode"
    return argument  # type: ignore[no-any-return]


REQUIRED = [
    (helper('args.get("mode")', '("fast", "slow")'), ["fast", "slow"]),
    (helper('args.get("mode", "")', '["fast", "slow"]'), ["fast", "slow"]),
    (helper('args.get("mode", "")', '{"slow", "fast"}'), ["fast", "slow"]),
    (helper('args.get("mode", "FAST").strip()', '("fast", "slow")'), ["fast", "slow"]),
    (helper('args.pop("mode", None)', '("fast", "slow")'), ["fast", "slow"]),
    # the values in a module-level name nothing rebinds
    (helper('args.get("mode", "")', "MODES", 'MODES = ("fast", "slow")\n\n\n'), ["fast", "slow"]),
    (helper('args.get("mode")', "MODES", 'MODES = ["fast", "slow"]\n\n\n'), ["fast", "slow"]),
]


@pytest.mark.parametrize(("code", "values"), REQUIRED)
def test_a_missing_value_the_closed_check_refuses_makes_the_key_required(
    make_repo, run_cli, code: str, values: list[str]
) -> None:
    argument = mode_argument(make_repo, run_cli, code)
    assert argument["required"] is True, argument
    assert argument["has_default"] is False, argument
    assert argument["enum"] == values, argument


CHAIN = (
    "def run(args):\n"
    '    mode = str(args.get("mode") or "").strip().lower()\n'
    '    if mode == "fast":\n'
    '        return "f"\n'
    '    elif mode in ("slow", "idle"):\n'
    '        return "s"\n'
    "    else:\n"
    '        raise ValueError("unknown mode")\n'
)


def test_a_chain_of_tests_whose_else_raises_closes_the_values(make_repo, run_cli) -> None:
    argument = mode_argument(make_repo, run_cli, CHAIN)
    assert (argument["required"], argument["has_default"]) == (True, False), argument
    assert argument["enum"] == ["fast", "slow", "idle"], argument
    assert argument["enum_folds"] == ["lower", "strip"], argument


@pytest.mark.parametrize(
    "changed",
    [
        # no ``else``, an ``else`` that does not raise, a test of another kind
        CHAIN.replace('    else:\n        raise ValueError("unknown mode")\n', ""),
        CHAIN.replace('raise ValueError("unknown mode")', 'return "?"'),
        CHAIN.replace('elif mode in ("slow", "idle")', 'elif mode.startswith("s")'),
    ],
)
def test_a_chain_that_lets_other_values_pass_lists_none(make_repo, run_cli, changed: str) -> None:
    argument = mode_argument(make_repo, run_cli, changed)
    assert argument["enum"] is None, argument
    assert argument["required"] is False, argument


OPTIONAL = [
    (helper('args.get("mode", "fast")', '("fast", "slow")'), "fast"),
    (helper('args.get("mode", "Fast").lower()', '("fast", "slow")'), "Fast"),
    (helper('args.get("mode", "slow")', "MODES", 'MODES = {"fast", "slow"}\n\n\n'), "slow"),
]


@pytest.mark.parametrize(("code", "default"), OPTIONAL)
def test_a_default_the_closed_check_accepts_stays_the_default(
    make_repo, run_cli, code: str, default: str
) -> None:
    argument = mode_argument(make_repo, run_cli, code)
    assert argument["required"] is False, argument
    assert argument["required_unknown"] is False, argument
    assert (argument["has_default"], argument["default"]) == (True, default), argument
    assert argument["enum"] == ["fast", "slow"], argument


def test_a_name_the_module_may_rebind_lists_no_values(make_repo, run_cli) -> None:
    code = helper(
        'args.get("mode", "")',
        "MODES",
        'import os\n\nMODES = ("fast", "slow")\nif os.environ.get("X"):\n'
        '    MODES = ("fast",)\n\n\n',
    )
    argument = mode_argument(make_repo, run_cli, code)
    assert argument["enum"] is None, argument
    assert argument["required"] is False, argument


def test_the_companion_generated_for_it_says_required(make_repo, run_cli) -> None:
    root = make_repo({"helpers/modes.py": REQUIRED[1][0], "tools/t.py": TOOL})
    result = run_cli(root, "check", "--fix", "--no-cache")
    assert result.exit_code in (0, 1), result.output
    text = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `mode`: required string, one of `fast`, `slow`." in text.splitlines(), text
    assert 'default `""`' not in text


def test_compared_values_keep_the_order_written_whatever_the_hash_seed(tmp_path: Path) -> None:
    """The literals a value is compared with, from a set literal, are the
    same list in every process (they reach the facts cache)."""
    module = tmp_path / "m.py"
    module.write_text(
        "def run(args):\n"
        '    mode = args.get("mode")\n'
        '    if mode in {"delta", "alpha", "gamma", "beta", "epsilon"}:\n'
        "        return 1\n"
        "    return 0\n",
        encoding="utf-8",
    )
    script = (
        "import ast, json, sys\n"
        "from doxtool.python.summaries import summarise\n"
        "text = open(sys.argv[1], encoding='utf-8').read()\n"
        "(s,) = summarise(ast.parse(text), 'm', False, ['m'])\n"
        "print(json.dumps([r.compared for r in s.reads]))\n"
    )
    seen = set()
    for seed in ("1", "2", "3", "4"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", script, str(module)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        seen.add(out)
    (out,) = seen
    assert json.loads(out)[0] == ["delta", "alpha", "gamma", "beta", "epsilon"]
