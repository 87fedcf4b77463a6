"""Prompts written in unusual but real styles, through the real CLI: an
example introduced as the agent's answer, examples written as Python dicts,
the arguments of the tools a dispatcher calls. None of them is a finding
where the model reads the prompt right."""

from __future__ import annotations

from samples import WAIT_PROMPT, clean_files, tool_named

PROMPT = "prompts/agent.system.tool.wait.md"


def _findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if ": PRM" in line]


def _answer(lead: str) -> str:
    return WAIT_PROMPT + f'{lead}\n~~~json\n{{"tool_name": "response", "tool_args": {{}}}}\n~~~\n'


def test_an_example_introduced_as_the_answer_may_call_the_tool_that_ends_the_turn(
    make_repo, run_cli
) -> None:
    """A call of ``response`` (which ends the turn on every return) labelled
    as the agent's answer is shown on purpose (PRM006 says nothing); the
    same call labelled as usage, or of a tool that does not end the turn,
    is still reported."""
    files = {**clean_files(), **tool_named("response")}
    ends = files["tools/response.py"].replace("break_loop=False", "break_loop=True")
    for lead in (
        "When done, your final answer looks like:",
        "Reply like this:",
        "Example of the final message:",
    ):
        files[PROMPT] = _answer(lead)
        result = run_cli(make_repo({**files, "tools/response.py": ends}), "check", "--no-cache")
        assert _findings(result.output) == [], lead
        result = run_cli(make_repo(files), "check", "--no-cache", "--select", "PRM006")
        assert _findings(result.output) == [
            f"{PROMPT}:9:15: PRM006 example calls `response` but the prompt documents `wait`"
        ], lead
    files[PROMPT] = _answer("usage:")
    result = run_cli(make_repo({**files, "tools/response.py": ends}), "check", "--no-cache")
    assert _findings(result.output) == [
        f"{PROMPT}:9:15: PRM006 example calls `response` but the prompt documents `wait`"
    ]
