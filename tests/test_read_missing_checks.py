"""A check judged against what a missing key gives the read it tests.

An argument read in several places may get another value in each when its
key is missing: ``_create`` reads ``kwargs.get("content", "")``, ``_update``
reads ``kwargs.get("content")`` and refuses ``None``. The check refuses a
missing ``content`` on the update path (the ``None`` its read gives), whatever
the other read's default: the argument is needed on some calls only
(``required or optional``), and no default is claimed. The other way round,
a check a missing key passes (``c = args.get("c")``, then ``if c == ""``)
refuses no missing key, whatever default a later read gives.
"""

from __future__ import annotations

from bothwalks import kind, tool_module

DISPATCH = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        action = kwargs.get("action", "")
        if action == "create":
            return await self._create(**kwargs)
        if action == "update":
            return await self._update(**kwargs)
        return Response(message="unknown action", break_loop=False)

    async def _create(self, **kwargs):
        content = kwargs.get("content", "")
        return Response(message=f"created {content}", break_loop=False)

    async def _update(self, **kwargs):
        content = kwargs.get("content")
        if content is None:
            return Response(message="content is required", break_loop=False)
        return Response(message=f"updated {content}", break_loop=False)
"""

PASSED = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        content = self.args.get("content")
        if content == "":
            return Response(message="content must not be blank", break_loop=False)
        text = self.args.get("content", "")
        return Response(message=f"got {text}", break_loop=False)
"""


def facts(make_repo, run_cli, code: str) -> dict[str, tuple[str, object]]:  # type: ignore[no-untyped-def]
    root = make_repo({"tools/t.py": code})
    return {
        a["name"]: (kind(a), a["default"] if a["has_default"] else "-")
        for a in tool_module(run_cli, root)["arguments"]
    }


def test_a_check_on_one_path_refuses_what_its_own_read_gives(make_repo, run_cli) -> None:
    assert facts(make_repo, run_cli, DISPATCH)["content"] == ("unknown", "-")


def test_the_generated_companion_claims_no_other_reads_default(make_repo, run_cli) -> None:
    root = make_repo({"tools/t.py": DISPATCH})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `content`")]
    assert line.startswith("  - `content`: required or optional"), line
    assert "default" not in line


def test_a_check_its_own_read_passes_refuses_no_missing_key(make_repo, run_cli) -> None:
    assert facts(make_repo, run_cli, PASSED)["content"] == ("optional", "")


def test_the_same_read_on_every_call_is_still_required(make_repo, run_cli) -> None:
    code = PASSED.replace('content == ""', "content is None")
    assert facts(make_repo, run_cli, code)["content"] == ("required", "-")


def test_a_name_bound_to_reads_with_other_values_claims_no_requiredness(make_repo, run_cli) -> None:
    # past the branches the name holds either read's value: the check's
    # refusal of a missing key is not known from one of them
    code = PASSED.replace(
        '        content = self.args.get("content")\n',
        "        if self.agent.flag:\n"
        '            content = self.args.get("content", "")\n'
        "        else:\n"
        '            content = self.args.get("content")\n',
    ).replace('content == ""', "content is None")
    assert facts(make_repo, run_cli, code)["content"][0] != "required"


REBOUND = """\
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        value = self.args.get("label", "x")
        print(value)
        value = self.args.get("body")
        if not value:
            return Response(message="body is required", break_loop=False)
        return Response(message=self.args.get("body", "z"), break_loop=False)
"""


def test_a_name_bound_again_at_the_top_holds_the_new_reads_value(make_repo, run_cli) -> None:
    # the check tests ``args.get("body")``, whose missing key gives None: the
    # earlier read of another key (``"x"``) and the later default (``"z"``)
    # do not make it pass
    found = facts(make_repo, run_cli, REBOUND)
    assert found == {"label": ("optional", "x"), "body": ("required", "-")}


def test_the_companion_line_of_a_name_bound_again_says_required(make_repo, run_cli) -> None:
    root = make_repo({"tools/t.py": REBOUND})
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `body`")]
    assert line.startswith("  - `body`: required"), line
    assert "default" not in line


#: the same shapes in a helper of another module the tool hands the arguments
REBOUND_HELPER = """\
def run(args):
    value = args.get("body", "y")
    value = args.get("body")
    if not value:
        raise ValueError("body is required")
    return args.get("body", "z")
"""
HANDING_TOOL = """\
from helpers.fmt import run
from helpers.tool import Response, Tool


class T(Tool):
    async def execute(self, **kwargs):
        return Response(message=run(self.args), break_loop=False)
"""


def test_a_helper_check_on_every_call_outruns_the_defaults_of_other_reads(
    make_repo, run_cli
) -> None:
    # a missing ``body`` is refused on every call: neither ``"y"`` (its value
    # bound again before the check) nor ``"z"`` (past it) is ever given
    root = make_repo({"helpers/fmt.py": REBOUND_HELPER, "tools/t.py": HANDING_TOOL})
    args = tool_module(run_cli, root)["arguments"]
    assert {a["name"]: (kind(a), a["has_default"]) for a in args} == {"body": ("required", False)}
    run_cli(root, "check", "--no-cache", "--fix", "--select", "DOX")
    companion = (root / "tools/t.py.dox.md").read_text(encoding="utf-8")
    (line,) = [x for x in companion.splitlines() if x.startswith("  - `body`")]
    assert line.startswith("  - `body`: required"), line
    assert "optional" not in line and "default" not in line


def test_a_helper_check_on_some_calls_leaves_the_other_reads_defaults(make_repo, run_cli) -> None:
    helper = REBOUND_HELPER.replace(
        '    value = args.get("body")\n',
        '    if args.get("strict"):\n        value = args.get("body")\n',
    ).replace("    if not value:\n        raise", "        if not value:\n            raise")
    root = make_repo({"helpers/fmt.py": helper, "tools/t.py": HANDING_TOOL})
    args = {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}
    assert kind(args["body"]) != "required"
