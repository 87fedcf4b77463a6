"""DOX303 and an answer with a fallback: ``text or DEFAULT_ANSWER``, ``text or
self.FALLBACK``, ``text or self.agent.read_prompt(...)`` give a missing or
empty ``text`` a value doxtool cannot prove empty, so the turn does not end
with the answer exactly as the model sent it; through a name, a method of the
tool, a conditional expression that tests the answer, or a function of another
module that builds the ``Response``. A fallback known to be empty (``or ""``,
a name bound only to ``""``) or another argument (``or
self.args.get("message")``) leaves the finding."""

from __future__ import annotations

from textwrap import dedent, indent

import pytest

TOOL = """\
from helpers.replies import final
from helpers.tool import Response, Tool

DEFAULT_ANSWER = "Done."
EMPTY = ""


class Finish(Tool):
    FALLBACK = "Done."

    async def execute(self, **kwargs):
{body}

    def _reply(self, answer):
        return Response(message=answer, break_loop=True)
"""

REPLIES = """\
from helpers.tool import Response


def final(msg):
    return Response(message=msg, break_loop=True)
"""

#: bodies of ``execute`` whose answer has a fallback not known to be empty
ANSWERED = {
    "a module constant": 'return Response(message=self.args.get("text") or DEFAULT_ANSWER, '
    "break_loop=True)",
    "a class constant": 'return Response(message=self.args.get("text") or self.FALLBACK, '
    "break_loop=True)",
    "a prompt read": 'answer = self.args.get("text") or self.agent.read_prompt("fw.task_done.md")\n'
    "return Response(message=answer, break_loop=True)",
    "a name given the fallback": 'text = self.args.get("text")\n'
    "text = text or DEFAULT_ANSWER\n"
    "return Response(message=text, break_loop=True)",
    "a name handed to a method": 'answer = self.args.get("text") or self.FALLBACK\n'
    "return self._reply(answer)",
    "a function of another module": 'return final(self.args.get("text") or DEFAULT_ANSWER)',
    "a conditional expression with a literal": 'text = self.args.get("text")\n'
    'return Response(message=text if text else "Done.", break_loop=True)',
    "a conditional expression with a constant": 'text = self.args.get("text")\n'
    "return Response(message=text if text else DEFAULT_ANSWER, break_loop=True)",
}

#: bodies whose answer is still the model's as sent
AS_SENT = {
    "an empty literal": 'return Response(message=self.args.get("text") or "", break_loop=True)',
    "a constant bound to an empty string": 'return Response(message=self.args.get("text") or '
    "EMPTY, break_loop=True)",
    "a local name bound to an empty string": 'fallback = ""\n'
    'return Response(message=self.args.get("text") or fallback, break_loop=True)',
    "another argument": 'return Response(message=self.args.get("text") or '
    'self.args.get("message"), break_loop=True)',
    "something else before the argument": "return Response(message=self.agent.last_answer or "
    'self.args.get("text"), break_loop=True)',
    "a function of another module": 'return final(self.args.get("text") or "")',
    "the test of another value": 'text = self.args.get("text")\n'
    'return Response(message=text if self.agent.ready else "Done.", break_loop=True)',
}


def dox303(make_repo, run_cli, body: str, template: str = TOOL) -> list[str]:
    """The DOX303 lines of a check of ``finish``, whose ``execute`` runs ``body``."""
    tool = template.format(body=indent(dedent(body), " " * 8))
    root = make_repo(
        {
            "helpers/replies.py": REPLIES,
            "tools/finish.py": tool,
            "prompts/agent.system.tool.finish.md": "### finish\nfinal answer; args: `text`\n",
        }
    )
    result = run_cli(root, "check", "--select", "DOX303", ".")
    return [line for line in result.output.splitlines() if "DOX303" in line]


@pytest.mark.parametrize("shape", list(ANSWERED))
def test_a_fallback_not_known_to_be_empty_answers_a_missing_text(
    make_repo, run_cli, shape: str
) -> None:
    assert dox303(make_repo, run_cli, ANSWERED[shape]) == []


@pytest.mark.parametrize("shape", list(AS_SENT))
def test_an_empty_fallback_leaves_the_answer_as_sent(make_repo, run_cli, shape: str) -> None:
    (line,) = dox303(make_repo, run_cli, AS_SENT[shape])
    assert "the answer exactly as the model sent it" in line
