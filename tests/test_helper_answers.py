"""DOX303 through a ``Response`` another module of the repository builds, via
the real CLI: ``return final(text)`` with ``final(msg)`` in a helper module
returning ``Response(message=msg, break_loop=True)`` ends the turn with what
the tool hands it, as the same function in the tool's module does."""

from __future__ import annotations

import json
from textwrap import dedent

REPLIES = """\
    from helpers.tool import Response, Tool


    def final(msg: str) -> Response:
        return Response(message=msg, break_loop=True)


    def checked(msg: str) -> Response:
        if not msg:
            return Response(message="Nothing to say.", break_loop=False)
        return Response(message=msg, break_loop=True)


    def titled(title: str, msg: str) -> Response:
        return Response(f"{title}: {msg}", True)


    def blank() -> Response:
        return Response("", True)


    class Finisher(Tool):
        def finish(self, title: str, msg: str) -> Response:
            return Response(message=msg, break_loop=True)
    """


def _dox303(make_repo, run_cli, body: str, imports: str = "final") -> list[str]:
    """The DOX303 lines (``path:line`` and message) for ``tools/t.py``,
    whose ``execute`` reads ``text`` and runs ``body``."""
    tool = dedent(
        f"""\
        from helpers.errors import RepairableException
        from helpers.replies import Finisher, {imports}


        class T(Finisher):
            async def execute(self, **kwargs):
                text = kwargs.get("text", "")
        """
    ) + "".join(f"        {line}\n" for line in dedent(body).splitlines())
    root = make_repo(
        {
            "helpers/replies.py": dedent(REPLIES),
            "tools/t.py": tool,
            "prompts/agent.system.tool.t.md": "### t\nfinal answer; args: `text`\n",
        }
    )
    result = run_cli(root, "check", "--select", "DOX303")
    return [line.split(": ", 1)[0] for line in result.output.splitlines() if " DOX303 " in line]


def test_a_helper_s_response_of_the_answer_as_sent_is_reported(make_repo, run_cli) -> None:
    assert _dox303(make_repo, run_cli, "return final(text)") == ["tools/t.py:8:9"]
    assert _dox303(make_repo, run_cli, "return final(msg=text)") == ["tools/t.py:8:9"]
    # a method of a base class elsewhere: its positions count after ``self``
    assert _dox303(make_repo, run_cli, 'return self.finish("Done", text)') == ["tools/t.py:8:9"]
    assert _dox303(make_repo, run_cli, "return blank()", "blank") == ["tools/t.py:8:9"]


def test_an_answer_tested_or_given_text_is_not_reported(make_repo, run_cli) -> None:
    tested = """\
        if not text:
            return final("Nothing to say.")
        return final(text)
        """
    assert _dox303(make_repo, run_cli, tested) == []
    guarded = """\
        if not text:
            raise RepairableException("The answer goes in `text`.")
        return final(text)
        """
    assert _dox303(make_repo, run_cli, guarded) == []
    assert _dox303(make_repo, run_cli, 'return final(f"Answer: {text}")') == []
    assert _dox303(make_repo, run_cli, 'return self.finish(text, "Done")') == []


def test_a_helper_that_tests_or_reshapes_its_parameter_is_not_read_as_the_answer(
    make_repo, run_cli
) -> None:
    assert _dox303(make_repo, run_cli, "return checked(text)", "checked") == []
    assert _dox303(make_repo, run_cli, 'return titled("Answer", text)', "titled") == []


def test_the_outcome_says_what_the_message_is(make_repo, run_cli) -> None:
    _dox303(make_repo, run_cli, "return final(text)")
    result = run_cli(make_repo({}), "inspect", "tools/t.py", "--json")
    (tool,) = json.loads(result.output)[0]["tools"]
    assert [(o["break_loop"], o["message"]) for o in tool["outcomes"]] == [(True, "argument")]
