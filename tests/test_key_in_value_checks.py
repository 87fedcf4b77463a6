"""A key looked for in an argument's value (``"title" not in issue``, or
``missing = [f for f in FIELDS if f not in issue]`` then ``if missing:``)
whose absence ends the call with an error.

The literal default a missing argument gets in the tool (``{}``, ``""``) is
judged: one that lacks the key is refused, so the argument is required; one
that holds it (``"@" not in email`` of ``"a@b"``) passes, so it is optional
with that default; a helper handed the arguments judges its own read's
default alike. Where the default is not known to the check (a helper
handed the value, a read of no default, a value changed before the check), which values pass depends on what they
hold, so the argument is never claimed optional with that default: its
requiredness is left unknown (``required or optional``), its default
neither claimed nor denied. Looking for a key where nothing is refused
(``"x" in flags``) changes nothing.
"""

from __future__ import annotations

import pytest
from bothwalks import EXECUTE_HEAD, execute_facts, kind, tool_module

REFUSE = '            return Response(message="missing fields", break_loop=False)\n'
OK = '        return Response(message="ok", break_loop=False)\n'


@pytest.mark.parametrize(
    "body",
    [
        '        issue = kwargs.get("issue", {})\n        if "title" not in issue:\n' + REFUSE + OK,
        '        issue = self.args.get("issue", {})\n'
        '        missing = [f for f in ("title", "severity") if f not in issue]\n'
        "        if missing:\n" + REFUSE + OK,
        '        issue = kwargs.get("issue", {})\n'
        '        required = ["title", "severity"]\n'
        "        missing = [f for f in required if f not in issue]\n"
        "        if missing:\n" + REFUSE + OK,
        '        email = self.args.get("email", "")\n        if "@" not in email:\n' + REFUSE + OK,
    ],
)
def test_a_key_looked_for_in_a_default_that_lacks_it_makes_the_argument_required(
    make_repo, run_cli, body: str
) -> None:
    (name,) = execute_facts(make_repo, run_cli, body)
    assert execute_facts(make_repo, run_cli, body)[name] == ("required", "-")


def test_a_key_looked_for_in_a_default_that_holds_it_keeps_the_default(make_repo, run_cli) -> None:
    body = (
        '        email = self.args.get("email", "a@b")\n        if "@" not in email:\n'
        + REFUSE
        + OK
    )
    assert execute_facts(make_repo, run_cli, body) == {"email": ("optional", "a@b")}


def test_a_key_looked_for_in_a_value_of_no_default_claims_nothing(make_repo, run_cli) -> None:
    # ``"@" not in None`` raises: not a refusal the code spells out
    body = '        email = self.args.get("email")\n        if "@" not in email:\n' + REFUSE + OK
    assert execute_facts(make_repo, run_cli, body) == {"email": ("unknown", "-")}


def test_a_key_looked_for_without_a_refusal_keeps_the_argument_optional(make_repo, run_cli) -> None:
    body = (
        '        flags = self.args.get("flags", "")\n'
        '        if "x" in flags:\n            return Response(message="x", break_loop=False)\n'
        + OK
    )
    assert execute_facts(make_repo, run_cli, body) == {"flags": ("optional", "")}


def test_the_generated_companion_says_required_for_such_an_argument(make_repo, run_cli) -> None:
    body = (
        '        issue = kwargs.get("issue", {})\n        if "title" not in issue:\n' + REFUSE + OK
    )
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `issue`")]
    assert line.startswith("  - `issue`: required"), line
    assert "optional" not in line and "default" not in line


HELPER_CALLS = "from helpers.fmt import check\nfrom helpers.tool import Response, Tool\n\n\nclass T(Tool):\n    async def execute(self, **kwargs):\n"


@pytest.mark.parametrize(
    "helper",
    [
        'def check(args):\n    issue = args.get("issue", {})\n'
        '    if "title" not in issue:\n        raise ValueError("missing title")\n',
        'def check(args):\n    issue = args.get("issue", {})\n'
        '    missing = [f for f in ("title", "severity") if f not in issue]\n'
        '    if missing:\n        raise ValueError("missing fields")\n',
    ],
)
def test_a_helper_handed_the_arguments_judges_its_own_default_as_the_tool_does(
    make_repo, run_cli, helper: str
) -> None:
    # the read and its default ``{}`` are the helper's own: a missing key
    # gives a value that lacks the key, which the check refuses
    root = make_repo(
        {
            "helpers/fmt.py": helper,
            "tools/t.py": HELPER_CALLS + "        check(self.args)\n" + OK,
        }
    )
    args = tool_module(run_cli, root)["arguments"]
    assert {a["name"]: (kind(a), a["has_default"]) for a in args} == {"issue": ("required", False)}
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `issue`")]
    assert line.startswith("  - `issue`: required"), line
    assert "optional" not in line and "default" not in line


@pytest.mark.parametrize(
    ("helper", "expected"),
    [
        # a default that holds the key passes the check: only values sent are refused
        (
            'def check(args):\n    email = args.get("email", "a@b")\n'
            '    if "@" not in email:\n        raise ValueError("no @")\n',
            ("optional", "a@b"),
        ),
        # no default: ``"@" not in None`` raises, no refusal the code spells out
        (
            'def check(args):\n    email = args.get("email")\n'
            '    if "@" not in email:\n        raise ValueError("no @")\n',
            ("unknown", None),
        ),
        # the value may be given the key before the check
        (
            'def check(args):\n    issue = args.get("issue", {})\n'
            '    issue.setdefault("title", "untitled")\n'
            '    if "title" not in issue:\n        raise ValueError("missing title")\n',
            ("unknown", None),
        ),
    ],
)
def test_a_helper_handed_the_arguments_judges_other_defaults_as_the_tool_does(
    make_repo, run_cli, helper: str, expected: tuple[str, object]
) -> None:
    root = make_repo(
        {"helpers/fmt.py": helper, "tools/t.py": HELPER_CALLS + "        check(self.args)\n" + OK}
    )
    ((name, got),) = {
        a["name"]: (kind(a), a["default"]) for a in tool_module(run_cli, root)["arguments"]
    }.items()
    assert got == expected, name


def test_a_helper_keeps_a_default_that_holds_the_key_in_the_companion(make_repo, run_cli) -> None:
    helper = (
        'def check(args):\n    email = args.get("email", "a@b")\n'
        '    if "@" not in email:\n        raise ValueError("no @")\n'
    )
    root = make_repo(
        {"helpers/fmt.py": helper, "tools/t.py": HELPER_CALLS + "        check(self.args)\n" + OK}
    )
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `email`")]
    assert line.startswith("  - `email`: optional"), line
    assert 'default `"a@b"`' in line, line


@pytest.mark.parametrize(
    "helper",
    [
        'def check(issue):\n    if "title" not in issue:\n        raise ValueError("missing title")\n',
        "def check(issue):\n"
        '    missing = [f for f in ("title", "severity") if f not in issue]\n'
        '    if missing:\n        raise ValueError("missing fields")\n',
    ],
)
def test_a_helper_handed_the_value_leaves_requiredness_unknown_too(
    make_repo, run_cli, helper: str
) -> None:
    body = '        issue = self.args.get("issue", {})\n        check(issue)\n' + OK
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HELPER_CALLS + body})
    args = tool_module(run_cli, root)["arguments"]
    assert {a["name"]: (kind(a), a["has_default"]) for a in args} == {"issue": ("unknown", False)}
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `issue`")]
    assert line.startswith("  - `issue`: required or optional"), line
    assert "default" not in line


def test_a_helper_looking_for_a_key_without_a_refusal_keeps_it_optional(make_repo, run_cli) -> None:
    helper = 'def check(args):\n    flags = args.get("flags", "")\n    if "x" in flags:\n        raise ValueError("x")\n'
    root = make_repo(
        {"helpers/fmt.py": helper, "tools/t.py": HELPER_CALLS + "        check(self.args)\n" + OK}
    )
    args = tool_module(run_cli, root)["arguments"]
    assert {a["name"]: (kind(a), a["default"]) for a in args} == {"flags": ("optional", "")}
