"""Checks of the handed dict's keys in a helper of another module (its
``ast`` summary), through the real CLI: a check on the read itself (``if
not args.get("url"): raise``, ``if "url" not in args``), one in a loop over
literal keys and one written as a comprehension over them make each key
required, as the same check in the tool does; a check that lets what a
missing key gives pass, or that holds on some calls only, does not.
"""

from __future__ import annotations

import json

import pytest
from bothwalks import kind, tool_module

TOOL = (
    "from helpers.tool import Response, Tool\n"
    "from helpers import checks\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    "        checks.need(self.args)\n"
    '        return Response(message="ok", break_loop=False)\n'
)
RAISE = '            raise ValueError("missing")\n'


def presence(make_repo, run_cli, helper: str) -> dict[str, str]:  # type: ignore[no-untyped-def]
    root = make_repo({"helpers/checks.py": helper, "tools/t.py": TOOL})
    return {a["name"]: kind(a) for a in tool_module(run_cli, root)["arguments"]}


REQUIRED_FORMS = [
    # a loop over literal keys, a module's tuple of them
    'def need(args):\n    for key in ("url", "selector"):\n        if not args.get(key):\n' + RAISE,
    'KEYS = ["url", "selector"]\n\n\ndef need(args):\n    for key in KEYS:\n'
    "        value = args.get(key)\n        if not value:\n" + RAISE,
    # comprehensions
    'KEYS = ("url", "selector")\n\n\ndef need(args):\n'
    "    missing = [k for k in KEYS if k not in args]\n    if missing:\n" + RAISE,
    'def need(args):\n    missing = [k for k in ("url", "selector") if k not in args]\n'
    "    print(sorted(missing))\n    if missing:\n        raise KeyError(missing)\n",
    'def need(args):\n    if any(not args.get(k) for k in ("url", "selector")):\n' + RAISE,
    'def need(args):\n    if not all(k in args for k in ("url", "selector")):\n' + RAISE,
    # the read itself tested, each key in an ``or``
    'def need(params):\n    if not params.get("url") or "selector" not in params:\n' + RAISE,
    'def need(args):\n    if args.get("url") is None or not args.get("selector", "").strip():\n'
    + RAISE,
    # an empty fallback under a conversion, the form a tool's own parameter takes
    'def need(args):\n    if not str(args.get("url") or "").strip():\n'
    + RAISE
    + '    if not args.get("selector"):\n'
    + RAISE,
]


@pytest.mark.parametrize("helper", REQUIRED_FORMS)
def test_a_helper_check_over_keys_requires_each_key(make_repo, run_cli, helper: str) -> None:
    assert presence(make_repo, run_cli, helper) == {"url": "required", "selector": "required"}


@pytest.mark.parametrize(
    "helper",
    [
        # a pass may end early: the check holds on some calls
        'def need(args):\n    for key in ("url", "selector"):\n'
        '        if args.get("skip"):\n            break\n'
        "        if not args.get(key):\n" + RAISE,
    ],
)
def test_a_loop_check_that_may_be_skipped_leaves_requiredness_unknown(
    make_repo, run_cli, helper: str
) -> None:
    found = presence(make_repo, run_cli, helper)
    assert (found["url"], found["selector"]) == ("unknown", "unknown")


@pytest.mark.parametrize(
    "helper",
    [
        # the keys found missing, never raised on
        'def need(args):\n    missing = [k for k in ("url", "selector") if k not in args]\n'
        "    print(missing)\n",
        # emptied before the test
        'def need(args):\n    missing = [k for k in ("url", "selector") if k not in args]\n'
        "    missing.clear()\n    if missing:\n" + RAISE,
        # raises when they are there
        'def need(args):\n    if any(args.get(k) for k in ("url", "selector")):\n' + RAISE,
        # a default the check lets pass; a None it lets pass
        'def need(args):\n    if not args.get("url", "x") or args.get("selector") == "":\n' + RAISE,
        # handed to what may empty it, or bound to another name that may
        "def drop(m):\n    m.clear()\n\n\ndef need(args):\n"
        '    missing = [k for k in ("url", "selector") if k not in args]\n'
        "    drop(missing)\n    if missing:\n" + RAISE,
        'def need(args):\n    missing = [k for k in ("url", "selector") if k not in args]\n'
        "    other = missing\n    other.clear()\n    if missing:\n" + RAISE,
        # a module's list something else changes
        'KEYS = ["url", "selector"]\n\n\ndef need(args):\n    KEYS.append("z")\n'
        "    for key in KEYS:\n        if not args.get(key):\n" + RAISE,
        # past a return, on some calls only
        'def need(args):\n    if args.get("mode"):\n        return\n'
        '    if not args.get("url") or not args.get("selector"):\n' + RAISE,
        # another value may stand in
        'def need(args, other=None):\n    if not (args.get("url") or other):\n'
        + RAISE
        + '    return args.get("selector")\n',
    ],
)
def test_a_helper_check_that_may_pass_a_missing_key_leaves_it_optional(
    make_repo, run_cli, helper: str
) -> None:
    found = presence(make_repo, run_cli, helper)
    assert "required" not in (found.get("url"), found.get("selector")), found


def test_all_keys_missing_in_a_helper_needs_one_of_them(make_repo, run_cli) -> None:
    helper = 'def need(args):\n    if all(not args.get(k) for k in ("url", "selector")):\n' + RAISE
    assert presence(make_repo, run_cli, helper) == {
        "url": "one of selector",
        "selector": "one of url",
    }


def test_a_tool_check_that_lets_a_missing_none_pass_is_no_contract(make_repo, run_cli) -> None:
    root = make_repo(
        {
            "tools/t.py": "from helpers.tool import Response, Tool\n\n\n"
            "class T(Tool):\n"
            "    async def execute(self, **kwargs):\n"
            '        if self.args.get("url") == "":\n'
            '            return Response(message="url is empty", break_loop=False)\n'
            '        return Response(message="ok", break_loop=False)\n'
        }
    )
    result = run_cli(root, "inspect", "--json", "tools/t.py")
    ((tool,),) = [m["tools"] for m in json.loads(result.output)]
    (url,) = tool["arguments"]
    assert not url["required"]


COMPANION = """# t.py DOX

## Runtime Contracts
- Arguments of `T`:
  - `url`: required. The page to open.
  - `selector`: required.
"""


@pytest.mark.parametrize("helper", REQUIRED_FORMS[:4])
def test_the_fix_keeps_a_required_line_for_a_key_a_helper_checks(
    make_repo, run_cli, helper: str
) -> None:
    root = make_repo(
        {"helpers/checks.py": helper, "tools/t.py": TOOL, "tools/t.py.dox.md": COMPANION}
    )
    assert run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX").exit_code in (0, 1)
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    assert "  - `url`: required. The page to open." in companion
    assert "  - `selector`: required." in companion
    again = run_cli(root, "check", "--no-cache", "--select", "DOX111")
    assert "DOX111" not in again.output


def test_inspect_places_a_helper_s_dynamic_key_in_its_module(make_repo, run_cli) -> None:
    helper = "def need(args):\n    name = str(len(args))\n    return args.get(name)\n"
    root = make_repo({"helpers/checks.py": helper, "tools/t.py": TOOL})
    result = run_cli(root, "inspect", "tools/t.py")
    assert "dynamic key name (line helpers/checks.py:3)" in result.output, result.output


@pytest.mark.parametrize(
    "head",
    [
        'import os\nKEYS = ("url", "selector")\nif os.environ.get("LITE"):\n    KEYS = ("url",)\n',
        'KEYS = ("url", "selector")\ntry:\n    from conf import KEYS\nexcept ImportError:\n    pass\n',
        'KEYS = ("url", "selector")\nfor KEYS in [("url",)]:\n    pass\n',
        'KEYS = ("url", "selector")\nwith open("keys") as KEYS:\n    pass\n',
    ],
)
def test_a_module_literal_bound_again_outside_its_functions_gives_no_keys(
    make_repo, run_cli, head: str
) -> None:
    """A module's name bound to a literal and bound again by another of its
    statements (in an ``if``, a ``try``, a ``for``, a ``with``) may hold
    other keys when the helper runs: no key of the first literal is required."""
    helper = (
        head + "\n\ndef need(args):\n    for key in KEYS:\n        if not args.get(key):\n" + RAISE
    )
    assert "required" not in presence(make_repo, run_cli, helper).values()


def test_a_check_of_an_empty_fallback_is_summarised_without_an_internal_error(
    make_repo, run_cli
) -> None:
    """``if not str(message or "").strip(): raise`` in a tool's ``execute``
    (a parameter its call is handed) or in a helper: the module's helper
    summaries are extracted, with no ``DOX003``."""
    root = make_repo(
        {
            "tools/t.py": "from helpers.tool import Response, Tool\n\n\n"
            "class T(Tool):\n"
            '    async def execute(self, message="", **kwargs):\n'
            '        if not str(message or "").strip():\n'
            '            raise ValueError("message is required")\n'
            "        return Response(message=message, break_loop=False)\n",
            "helpers/checks.py": 'def need(args, other=None):\n    if not (args.get("url") or other):\n'
            + RAISE,
        }
    )
    result = run_cli(root, "inspect", "--json", "tools/t.py", "helpers/checks.py")
    assert result.exit_code == 0, result.output
    assert [m["problems"] for m in json.loads(result.output)] == [[], []]
    assert "DOX003" not in run_cli(root, "check", "--no-cache").output
