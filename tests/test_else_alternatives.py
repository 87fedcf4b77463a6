"""An ``if``/``elif`` chain over several arguments whose ``else`` is the
error: ``if messages: ... elif components: ... else: return
Response("either ...")`` refuses a call with neither, as ``if not messages
and not components`` does. Each argument is an alternative to the other, not
optional with a default ``null``; a chain over one argument's values, or
with a test of something else, claims no such thing."""

from __future__ import annotations

from bothwalks import EXECUTE_HEAD, tool_module

TRUTH_CHAIN = """\
        messages = self.args.get("messages", None)
        components = self.args.get("components", None)
        if messages:
            out = messages
        elif components:
            out = [components]
        else:
            return Response(message="Error: either 'messages' or 'components' is required", break_loop=False)
        return Response(message=str(out), break_loop=False)
"""

PRESENCE_CHAIN = """\
        if "url" in self.args:
            src = self.args["url"]
        elif "path" in self.args:
            src = self.args["path"]
        else:
            raise ValueError("url or path is required")
        return Response(message=src, break_loop=False)
"""

NOT_ABOUT_ARGUMENTS = """\
        a = self.args.get("a")
        b = self.args.get("b")
        if self.agent.config.fast:
            out = "fast"
        elif a:
            out = a
        elif b:
            out = b
        else:
            return Response(message="Error: nothing to do", break_loop=False)
        return Response(message=out, break_loop=False)
"""


def _facts(run_cli, make_repo, body: str) -> dict[str, tuple[bool, bool, list[str]]]:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + body})
    return {
        a["name"]: (a["required"], a["has_default"], a["alternatives"])
        for a in tool_module(run_cli, root)["arguments"]
    }


def test_a_truth_chain_makes_its_arguments_alternatives(run_cli, make_repo) -> None:
    facts = _facts(run_cli, make_repo, TRUTH_CHAIN)
    assert facts["messages"] == (False, False, ["components"]), facts
    assert facts["components"] == (False, False, ["messages"]), facts


def test_a_presence_chain_makes_its_arguments_alternatives(run_cli, make_repo) -> None:
    facts = _facts(run_cli, make_repo, PRESENCE_CHAIN)
    assert facts["url"][2] == ["path"] and facts["path"][2] == ["url"], facts


def test_a_chain_with_a_test_of_something_else_claims_nothing(run_cli, make_repo) -> None:
    facts = _facts(run_cli, make_repo, NOT_ABOUT_ARGUMENTS)
    assert facts["a"][2] == [] and facts["b"][2] == [], facts


def test_the_companion_says_one_of_them_is_needed(run_cli, make_repo) -> None:
    root = make_repo({"tools/t.py": EXECUTE_HEAD + TRUTH_CHAIN})
    run_cli(root, "check", "--fix", "--select", "DOX")
    text = (root / "tools/t.py.dox.md").read_text()
    assert "  - `messages`: optional, alternative to `components`.\n" in text, text
    assert "default `null`" not in text, text


AN_ARM_REFUSES = """\
        a = self.args.get("a")
        b = self.args.get("b")
        if a:
            out = a
        elif b:
            return Response(message="Error: b is not supported", break_loop=False)
        else:
            return Response(message="Error: give a or b", break_loop=False)
        return Response(message=out, break_loop=False)
"""


def test_a_chain_whose_arm_refuses_as_well_makes_no_alternatives(run_cli, make_repo) -> None:
    facts = _facts(run_cli, make_repo, AN_ARM_REFUSES)
    assert facts["a"][2] == [] and facts["b"][2] == [], facts
