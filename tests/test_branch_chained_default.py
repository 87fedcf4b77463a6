"""``name = args.get("name", "") or args.get("title", "")``, then ``if not
name`` refusing it, where the check runs on some calls only (in a branch of a
dispatch, or in a method a dispatch calls): the ``""`` of the last read is what
the check sees only when both keys are missing, and it refuses it there, so it
is no default on those calls, and no call that skips the check reads it. No
default is claimed, as where the check runs on every call
(``test_chained_fallback_default.py``). Where another argument may pass the
check (``if not name and not path``), the default stands."""

from __future__ import annotations

from bothwalks import EXECUTE_HEAD, tool_module

IN_A_BRANCH = """\
        action = self.args.get("action", "status")
        if action == "status":
            return Response(message="ok", break_loop=False)
        name = self.args.get("name", "") or self.args.get("title", "")
        if not name:
            return Response(message="name required", break_loop=False)
        return Response(message=name, break_loop=False)
"""

IN_A_METHOD = """\
        method = self.args.get("method", "analyze")
        if method == "analyze":
            return await self.analyze()
        elif method == "imports":
            return await self.imports()
        return Response(message="unknown method", break_loop=False)

    async def analyze(self):
        path = self.args.get("path", "") or self.args.get("file_path", "")
        if not path:
            return Response(message="path required", break_loop=False)
        return Response(message=path, break_loop=False)

    async def imports(self):
        file_path = self.args.get("file_path", "") or self.args.get("path", "")
        if not file_path:
            return Response(message="file_path required", break_loop=False)
        return Response(message=file_path, break_loop=False)
"""

ASSERTED = IN_A_BRANCH.replace(
    """        if not name:
            return Response(message="name required", break_loop=False)
""",
    """        assert name, "name required"
""",
)

BESIDE_ANOTHER = """\
        action = self.args.get("action", "status")
        if action == "status":
            return Response(message="ok", break_loop=False)
        name = self.args.get("name", "") or self.args.get("title", "")
        path = self.args.get("path")
        if not name and not path:
            return Response(message="name or path required", break_loop=False)
        return Response(message=name, break_loop=False)
"""


def _arguments(run_cli, make_repo, body: str) -> dict[str, dict[str, object]]:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    return {a["name"]: a for a in tool_module(run_cli, root)["arguments"]}


def test_a_refused_chained_default_in_a_branch_is_no_default(run_cli, make_repo) -> None:
    title = _arguments(run_cli, make_repo, IN_A_BRANCH)["title"]
    assert title["alternatives"] == ["name"]
    assert (title["has_default"], title["default_unknown"]) == (False, True)
    assert title["type"] == "string"


def test_an_assert_in_a_branch_claims_no_default(run_cli, make_repo) -> None:
    assert "assert name" in ASSERTED
    title = _arguments(run_cli, make_repo, ASSERTED)["title"]
    assert (title["has_default"], title["default_unknown"]) == (False, True)


def test_either_order_in_methods_a_dispatch_calls_claims_no_default(run_cli, make_repo) -> None:
    arguments = _arguments(run_cli, make_repo, IN_A_METHOD)
    for name in ("path", "file_path"):
        assert (arguments[name]["has_default"], arguments[name]["default_unknown"]) == (
            False,
            True,
        ), name


def test_the_companion_claims_no_default(run_cli, make_repo) -> None:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + IN_A_BRANCH})
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    # one of the two is needed on the calls that reach the check only
    assert "  - `title`: required or optional string, alternative to `name`.\n" in text, text


def test_a_default_another_argument_may_let_pass_stands(run_cli, make_repo) -> None:
    title = _arguments(run_cli, make_repo, BESIDE_ANOTHER)["title"]
    assert (title["has_default"], title["default"]) == (True, "")
