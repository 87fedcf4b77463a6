"""A key of an argument's value read where what a missing key gives lacks it.

``data = args.get("issue", {})``, then ``data["title"]`` on every call: a
missing ``issue`` gives ``{}``, which has no ``title``, and the call fails
with ``KeyError`` as ``args["issue"]`` would: ``issue`` is required, not
optional with a default of ``{}``. Where the read may not fail (a default
that holds the key, a guard ``if "title" in data``, a ``try`` that catches
``KeyError``, a write of the key first) or runs on some calls only, nothing
is claimed beyond what was.
"""

from __future__ import annotations

import pytest
from bothwalks import EXECUTE_HEAD, execute_facts, kind, tool_module

READ = '        data = self.args.get("issue", {})\n'
TITLE = '        return Response(message=data["title"], break_loop=False)\n'


@pytest.mark.parametrize(
    "body",
    [
        READ + TITLE,
        '        data = self.args.get("issue")\n' + TITLE,
        READ + '        title = data["title"]\n' + TITLE.replace('data["title"]', "title"),
    ],
)
def test_a_key_the_default_lacks_read_on_every_call_makes_it_required(
    make_repo, run_cli, body: str
) -> None:
    assert execute_facts(make_repo, run_cli, body)["issue"] == ("required", "-")


def test_the_generated_companion_says_required(make_repo, run_cli) -> None:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + READ + TITLE})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `issue`")]
    assert line.startswith("  - `issue`: required"), line
    assert "default" not in line and "optional" not in line


@pytest.mark.parametrize(
    ("body", "default"),
    [
        (READ.replace("{}", '{"title": "x"}') + TITLE, {"title": "x"}),
        (
            READ
            + '        if "title" in data:\n    '
            + TITLE
            + '        return Response(message="none", break_loop=False)\n',
            {},
        ),
        (
            READ + '        try:\n            title = data["title"]\n'
            '        except KeyError:\n            title = "untitled"\n'
            "        return Response(message=title, break_loop=False)\n",
            {},
        ),
        (READ + '        data["title"] = data.get("title", "x")\n' + TITLE, {}),
        (READ + '        data.setdefault("title", "x")\n' + TITLE, {}),
        # bound to the read on some calls only: past the branch it may hold
        # the dict bound before, which has the key
        (
            '        data = {"title": "untitled"}\n        if self.args.get("custom"):\n    '
            + READ
            + TITLE,
            {},
        ),
    ],
)
def test_a_read_that_may_not_fail_keeps_the_argument_optional(
    make_repo, run_cli, body: str, default: object
) -> None:
    assert execute_facts(make_repo, run_cli, body)["issue"] == ("optional", default)


HELPER_TOOL = (
    "from helpers.fmt import title_of\nfrom helpers.tool import Response, Tool\n\n\n"
    "class T(Tool):\n    async def execute(self, **kwargs):\n"
    "        return Response(message=title_of(self.args), break_loop=False)\n"
)


@pytest.mark.parametrize(
    ("helper", "expected"),
    [
        ('    data = args.get("issue", {})\n    return data["title"]\n', ("required", "-")),
        ('    data = args.get("issue")\n    return data["title"]\n', ("required", "-")),
        (
            '    data = args.get("issue", {"title": ""})\n    return data["title"]\n',
            ("optional", {"title": ""}),
        ),
        (
            '    data = args.get("issue", {})\n    if "title" in data:\n'
            '        return data["title"]\n    return ""\n',
            ("optional", {}),
        ),
        (
            '    data = args.get("issue", {})\n    try:\n        return data["title"]\n'
            '    except KeyError:\n        return ""\n',
            ("optional", {}),
        ),
        (
            '    data = args.get("issue", {})\n    data.setdefault("title", "")\n'
            '    return data["title"]\n',
            ("optional", {}),
        ),
    ],
)
def test_a_helper_reading_a_key_of_the_value_reads_as_the_tool_does(
    make_repo, run_cli, helper: str, expected: tuple[str, object]
) -> None:
    root = make_repo(
        {"helpers/fmt.py": "def title_of(args):\n" + helper, "tools/t.py": HELPER_TOOL}
    )
    args = tool_module(run_cli, root)["arguments"]
    got = {a["name"]: (kind(a), a["default"] if a["has_default"] else "-") for a in args}
    assert got == {"issue": expected}
