"""DOX303 and an answer that is a number written out: ``str(int(x))``,
``f"{count}"`` where every binding of ``count`` is ``int(...)`` or
``len(...)`` is never empty, whatever argument it was made of. A name that
is also bound to the argument as sent, or a builtin the module rebinds,
leaves the finding."""

from __future__ import annotations

from textwrap import dedent, indent

import pytest
from test_answer_fallbacks import dox303

NUMBERS = {
    "str of int": 'return Response(message=str(int(self.args.get("n"))), break_loop=True)',
    "a name bound to int": 'value = int(self.args.get("n"))\n'
    "return Response(message=str(value), break_loop=True)",
    "an f-string of len": 'count = len(self.args.get("items"))\n'
    'return Response(message=f"{count}", break_loop=True)',
    "bound in a try": 'try:\n    value = int(self.args.get("n"))\nexcept ValueError:\n'
    "    raise\nreturn Response(message=str(value), break_loop=True)",
}

AS_SENT = {
    "a name bound to the argument too": 'value = self.args.get("n")\nif value:\n'
    "    value = int(value)\nreturn Response(message=str(value), break_loop=True)",
    "str of the argument": 'return Response(message=str(self.args.get("n")), break_loop=True)',
}


@pytest.mark.parametrize("shape", list(NUMBERS))
def test_a_number_written_out_is_no_empty_answer(make_repo, run_cli, shape: str) -> None:
    assert dox303(make_repo, run_cli, NUMBERS[shape]) == []


@pytest.mark.parametrize("shape", list(AS_SENT))
def test_the_argument_itself_stays_the_answer_as_sent(make_repo, run_cli, shape: str) -> None:
    (line,) = dox303(make_repo, run_cli, AS_SENT[shape])
    assert "the answer exactly as the model sent it" in line


def test_a_builtin_the_module_rebinds_is_not_known_a_number(make_repo, run_cli) -> None:
    body = 'return Response(message=str(int(self.args.get("n"))), break_loop=True)'
    root_lines = _dox303_with(make_repo, run_cli, body, "\n\ndef int(value):\n    return value\n")
    (line,) = root_lines
    assert "DOX303" in line


def _dox303_with(make_repo, run_cli, body: str, extra: str) -> list[str]:
    from test_answer_fallbacks import REPLIES, TOOL

    tool = TOOL.format(body=indent(dedent(body), " " * 8)) + extra
    root = make_repo(
        {
            "helpers/replies.py": REPLIES,
            "tools/finish.py": tool,
            "prompts/agent.system.tool.finish.md": "### finish\nfinal answer; args: `n`\n",
        }
    )
    result = run_cli(root, "check", "--select", "DOX303", ".")
    return [line for line in result.output.splitlines() if "DOX303" in line]
