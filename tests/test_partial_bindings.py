"""A name an ``if`` binds on some of its arms only.

The walk is linear: past ``items = ["all"]`` then ``if cfg: items =
self.args.get("items")`` the name stands for the read, though the calls that
skip the branch hold the literal. A check past the ``if`` refuses a missing
key on the calls that take the branch only: ``required or optional``, as a
check in a branch of a dispatch. The same the other way round (``items =
self.args.get("items")``, then ``if cfg: items = []``). Where the other
calls hold a literal the check refuses as well (``items = []``), it refuses
a missing key on every call: required.
"""

from __future__ import annotations

import pytest
from bothwalks import execute_facts

TAIL = (
    "        if not items:\n"
    '            return Response(message="items are needed", break_loop=False)\n'
    "        return Response(message=str(items), break_loop=False)\n"
)


def _body(before: str, branch: str) -> str:
    return f"        cfg = self.agent.config\n{before}        if cfg:\n{branch}{TAIL}"


def test_a_read_bound_in_a_branch_over_a_passing_literal_is_not_required(
    make_repo, run_cli
) -> None:
    body = _body('        items = ["all"]\n', '            items = self.args.get("items")\n')
    assert execute_facts(make_repo, run_cli, body)["items"] == ("unknown", "-")


def test_a_read_bound_in_a_branch_over_a_refused_literal_is_required(make_repo, run_cli) -> None:
    body = _body("        items = []\n", '            items = self.args.get("items")\n')
    assert execute_facts(make_repo, run_cli, body)["items"] == ("required", "-")


def test_a_read_rebound_in_a_branch_is_not_optional(make_repo, run_cli) -> None:
    # on the calls that skip the branch the name holds the read: a missing
    # key is refused there
    body = _body('        items = self.args.get("items")\n', "            items = []\n")
    assert execute_facts(make_repo, run_cli, body)["items"] == ("unknown", "-")


def test_a_read_rebound_in_a_branch_gets_a_companion_line_of_unknown_requiredness(
    make_repo, run_cli
) -> None:
    from bothwalks import EXECUTE_HEAD

    body = _body('        items = self.args.get("items")\n', '            items = ["x"]\n')
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `items`")]
    assert line.startswith("  - `items`: required or optional"), line


def test_every_arm_of_a_chain_either_binds_the_read_or_keeps_a_refused_literal(
    make_repo, run_cli
) -> None:
    body = (
        '        value = self.args.get("items")\n'
        "        items = []\n"
        "        if isinstance(value, list):\n"
        "            items = value\n"
        "        elif isinstance(value, str):\n"
        "            items = [value]\n"
        f"{TAIL}"
    )
    assert execute_facts(make_repo, run_cli, body)["items"] == ("required", "-")


def test_a_presence_binding_is_judged_by_what_a_missing_key_leaves(make_repo, run_cli) -> None:
    body = (
        "        items = None\n"
        '        if "items" in self.args:\n'
        '            items = self.args["items"]\n'
        f"{TAIL}"
    )
    assert execute_facts(make_repo, run_cli, body)["items"] == ("required", "-")


def test_a_read_bound_on_every_arm_is_required(make_repo, run_cli) -> None:
    body = _body("", '            items = self.args.get("items")\n').replace(
        TAIL, '        else:\n            items = self.args.get("items")\n' + TAIL
    )
    assert execute_facts(make_repo, run_cli, body)["items"] == ("required", "-")


CONVERTED = (
    "import json\n\n"
    "from helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n"
    "    async def execute(self, **kwargs):\n"
    '        items = self.args.get("items"{default})\n'
    "        if isinstance(items, str):\n"
    "            items = json.loads(items)\n"
    "        if not isinstance(items, list):\n"
    '            return Response(message="items must be a list", break_loop=False)\n'
    "        return Response(message=str(items), break_loop=False)\n"
)


def _converted(make_repo, run_cli, default: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    from bothwalks import tool_module

    root = make_repo({"tools/t.py": CONVERTED.format(default=default)})
    (arg,) = tool_module(run_cli, root)["arguments"]
    return arg  # type: ignore[no-any-return]


def test_a_conversion_a_missing_key_skips_leaves_its_none_to_the_check(make_repo, run_cli) -> None:
    # a missing key gives None, which is no string: not converted, then refused
    arg = _converted(make_repo, run_cli, "")
    assert (arg["required"], arg["has_default"]) == (True, False)


def test_a_default_the_conversion_skips_and_the_check_passes_is_no_requirement(
    make_repo, run_cli
) -> None:
    arg = _converted(make_repo, run_cli, ", []")
    assert not arg["required"] and not arg["required_unknown"]


def test_the_companion_line_of_a_conversion_a_missing_key_skips_says_required(
    make_repo, run_cli
) -> None:
    root = make_repo({"tools/t.py": CONVERTED.format(default="")})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `items`")]
    assert line.startswith("  - `items`: required"), line
    assert "optional" not in line


#: the same check in a helper of another module the tool hands the arguments
HELPER_CHECK = (
    "import json\n\n\n"
    "def run(args):\n"
    '    items = args.get("items"{default})\n'
    "{conversion}"
    "    if not isinstance(items, list):\n"
    '        raise ValueError("items must be a list")\n'
    "    return items\n"
)
CONVERSION = "    if isinstance(items, str):\n        items = json.loads(items)\n"


def _helper_facts(make_repo, run_cli, default: str, conversion: str) -> tuple[str, object]:  # type: ignore[no-untyped-def]
    from bothwalks import HELPER_TOOL, kind, tool_module

    helper = HELPER_CHECK.format(default=default, conversion=conversion)
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    (arg,) = tool_module(run_cli, root)["arguments"]
    return kind(arg), arg["default"] if arg["has_default"] else "-"


@pytest.mark.parametrize("conversion", ["", CONVERSION])
def test_a_helper_type_check_refuses_the_none_a_missing_key_gives(
    make_repo, run_cli, conversion: str
) -> None:
    assert _helper_facts(make_repo, run_cli, "", conversion) == ("required", "-")


@pytest.mark.parametrize("conversion", ["", CONVERSION])
def test_a_helper_type_check_passes_a_default_of_the_type(
    make_repo, run_cli, conversion: str
) -> None:
    assert _helper_facts(make_repo, run_cli, ", []", conversion) == ("optional", [])


def test_a_helper_type_check_of_a_made_value_claims_nothing(make_repo, run_cli) -> None:
    # ``str(None)`` is a string: the check does not refuse a missing key
    from bothwalks import HELPER_TOOL, kind, tool_module

    helper = (
        "def run(args):\n"
        '    if not isinstance(str(args.get("items")), str):\n'
        '        raise ValueError("x")\n'
    )
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    (arg,) = tool_module(run_cli, root)["arguments"]
    assert kind(arg) == "optional"


def test_the_companion_line_of_a_helper_type_check_says_required(make_repo, run_cli) -> None:
    from bothwalks import HELPER_TOOL

    helper = HELPER_CHECK.format(default="", conversion=CONVERSION)
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `items`")]
    assert line.startswith("  - `items`: required"), line
    assert "optional" not in line


def _helper_body(before: str, branch: str, orelse: str = "") -> str:
    return (
        "def run(args, cfg=None):\n"
        f"{before}    if cfg:\n{branch}{orelse}"
        "    if not items:\n"
        '        raise ValueError("items are needed")\n'
        "    return items\n"
    )


@pytest.mark.parametrize(
    ("before", "branch", "orelse", "expected"),
    [
        ('    items = ["all"]\n', '        items = args.get("items")\n', "", "unknown"),
        ("    items = []\n", '        items = args.get("items")\n', "", "required"),
        (
            "",
            '        items = args.get("items")\n',
            '    else:\n        items = ["x"]\n',
            "unknown",
        ),
        ("", '        items = args.get("items")\n', "    else:\n        items = []\n", "required"),
        ('    items = args.get("items")\n', "        items = []\n", "", "unknown"),
        ('    items = args.get("items")\n', '        items = ["x"]\n', "", "unknown"),
    ],
)
def test_a_helper_name_bound_to_a_read_on_some_arms_is_judged_as_in_the_tool(
    make_repo, run_cli, before: str, branch: str, orelse: str, expected: str
) -> None:
    from bothwalks import HELPER_TOOL, kind, tool_module

    helper = _helper_body(before, branch, orelse)
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    (arg,) = tool_module(run_cli, root)["arguments"]
    assert kind(arg) == expected


def test_the_companion_line_of_a_helper_read_bound_on_some_arms_says_so(make_repo, run_cli) -> None:
    from bothwalks import HELPER_TOOL

    helper = _helper_body('    items = ["all"]\n', '        items = args.get("items")\n')
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `items`")]
    assert line.startswith("  - `items`: required or optional"), line


def test_a_helper_fallback_every_missing_key_takes_is_no_partial_binding(
    make_repo, run_cli
) -> None:
    # ``if not items: items = ["all"]``: a missing key always takes the arm
    from bothwalks import HELPER_TOOL, kind, tool_module

    helper = (
        "def run(args):\n"
        '    items = args.get("items")\n'
        "    if not items:\n"
        '        items = ["all"]\n'
        "    if not items:\n"
        '        raise ValueError("items are needed")\n'
        "    return items\n"
    )
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_TOOL})
    (arg,) = tool_module(run_cli, root)["arguments"]
    assert kind(arg) == "optional"


@pytest.mark.parametrize(
    "body",
    [
        # read and checked under the key's presence
        '        if "kb" in kwargs:\n'
        '            kb = kwargs.get("kb")\n'
        "            if not isinstance(kb, list):\n"
        '                return Response(message="kb must be a list", break_loop=False)\n',
        # read before, checked under the key's presence
        '        kb = kwargs.get("kb")\n'
        '        if "kb" in kwargs:\n'
        "            if not isinstance(kb, list):\n"
        '                return Response(message="kb must be a list", break_loop=False)\n',
    ],
)
def test_a_check_under_the_keys_presence_refuses_no_missing_key(
    make_repo, run_cli, body: str
) -> None:
    # a name the ``if "kb" in kwargs`` binds on its one arm: the check in
    # that arm never sees what a missing key gives (None): optional
    tail = '        return Response(message="ok", break_loop=False)\n'
    assert execute_facts(make_repo, run_cli, body + tail)["kb"] == ("optional", "-")


@pytest.mark.parametrize(
    ("check", "expected"),
    [
        # the "" a missing ``name`` leaves is refused on the calls that skip the arm
        ("        if not name:\n", ("unknown", "-")),
        # ... not by a test of None: optional (its default not claimed)
        ("        if name is None:\n", ("optional", "-")),
    ],
)
def test_a_read_another_argument_replaces_on_some_calls_keeps_its_own_check(
    make_repo, run_cli, check: str, expected: tuple[str, object]
) -> None:
    body = (
        '        name = self.args.get("name", "")\n'
        '        if self.method == "alias":\n'
        '            name = self.args.get("alias", "")\n'
        f"{check}"
        '            return Response(message="name is required", break_loop=False)\n'
        "        return Response(message=name, break_loop=False)\n"
    )
    facts = execute_facts(make_repo, run_cli, body)
    assert facts["name"] == expected
    # ``alias`` is read on the ``alias`` calls only
    assert facts["alias"][0] != "required"
