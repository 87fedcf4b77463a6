"""PRM005-PRM007: the JSON examples of prompts (they parse, call the tool the
prompt documents, have their profile's shape). Whether they give values the
code accepts (PRM008) is :mod:`.prompt_example_values`."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.config import CALL_KEYS
from doxtool.core.findings import Finding
from doxtool.prompts.examples import beyond_limit
from doxtool.prompts.model import PromptExample
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.called_tools import answers, calls_nested, concludes, of_server, same_tool
from doxtool.rules.example_shape import ExampleShape
from doxtool.rules.examples import WAIT_PY
from doxtool.rules.prompt_required import RequiredArgumentNotTaught
from doxtool.rules.tool_prompts import (
    PROMPT,
    TEMPLATE,
    calling_response,
    prompt_files,
    tool_facts,
    wait_files,
    with_prompt,
)
from doxtool.run.context import Context


class InvalidExample(Rule):
    code = "PRM005"
    name = "invalid-example"
    summary = "A prompt's JSON example does not parse (even leniently)"
    doc = """\
**What it checks.** Every JSON example (fenced ```` ```json ```` / `~~~json`
blocks, and inline code spans holding a JSON object) parses as lenient JSON:
trailing commas, template directives, what json5 reads (comments, single
quotes, unquoted keys), `\"\"\"multi-line\"\"\"` strings and values `true`,
`false`, `null` in any case (which the framework's DirtyJson reads:
`True`, `NULL`), and Python's `None` (an example written as a Python dict),
are accepted, and Jinja statements and comments (`{% if x %}`, `{# note #}`)
are read as the rendered text, without them, and a placeholder in angle
brackets written bare where a value goes (`"seconds": <number>`) as any
value, a value in backticks as one in quotes and a string holding raw line
breaks as that text (as DirtyJson reads both); real syntax errors are not
(a missing comma, an unquoted word, a key in backticks, which DirtyJson
keeps as part of the key). A fence holding
objects one after another (one a line, or between `//` comments), or an object
with words around it (a call, then `Result: ...`), is read as the framework
reads a reply, root by root, passing over the words (`#` comment lines
between two objects too: `{...}\n# or\n{...}`; helpers/extract_tools.py
`extract_json_root_strings`): each object is an example of its own, checked
by this rule and the others. A brace closing nothing or a list at the root
is read as one example.

**Why it matters.** Models imitate examples literally; a broken example
teaches broken tool calls.

A fence that does not parse is an attempted tool call only when its text
mentions `tool_name` or `tool_args`; any other broken JSON (a format, a
return shape) is documentation, not an example, and is not reported. JSON
nested past the 40 levels doxtool reads is always reported: it was not read.

**Example.** A missing comma between `"headline"` and `"tool_name"`.
"""
    valid = [
        Example(wait_files()),
        Example(
            with_prompt(
                "}\n~~~", '}\n// or\n{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~'
            )
        ),
        # a ``#`` comment line between two calls, as the framework passes over it
        Example(
            with_prompt(
                "}\n~~~", '}\n# or\n{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~'
            )
        ),
        # a bare placeholder where a value goes
        Example(with_prompt('"tool_args": {"seconds": 5},', '"tool_args": {"seconds": <n>},')),
        # a value in backticks, a string over two lines: DirtyJson reads both
        Example(
            with_prompt(
                '"tool_args": {"seconds": 5},', '"tool_args": {"seconds": `5`, "note": "a\nb"},'
            )
        ),
        # a Jinja statement is no part of the rendered example
        Example(
            with_prompt('"tool_args": {"seconds": 5},', '"tool_args": {% raw %}{"seconds": 5},')
        ),
        # a Python dict: the framework reads ``True`` and a model ``None`` as JSON's
        Example(
            with_prompt(
                '"tool_args": {"seconds": 5},',
                "'tool_args': {'seconds': 5, 'note': None, 'quiet': True},",
            )
        ),
    ]
    invalid = [
        Example(
            with_prompt('"headline": "Waiting",', '"headline": "Waiting"'),
            [Expect(PROMPT, 9, "example is not valid JSON")],
        ),
        # a heading with prose under it: a fence left open took in the text after it
        Example(
            with_prompt(
                "}\n~~~",
                '}\n### sleep\nPause.\n{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~',
            ),
            [Expect(PROMPT, 12, "example is not valid JSON")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            for index, example in enumerate(prompt.doc.examples):
                if example.error is None or not _attempts_call(example):
                    continue
                yield self.finding(
                    f"example is not valid JSON: {example.error.message}",
                    prompt.path,
                    example.error.line,
                    example.error.column,
                    subject=f"{prompt.path}:example:{index}",
                )


#: a ``response`` tool that ends the turn on its only return
_ENDS_TURN_PY = WAIT_PY.replace("WaitTool", "ResponseTool").replace(
    "break_loop=False", "break_loop=True"
)


#: the end of a dialogue a wait prompt shows: the tool's result, then the
#: agent's last turn calling ``response``
_DIALOGUE = """~~~

Human (response from tool wait):

waited 5 seconds

AI:
~~~json
{
    "thoughts": ["The wait is over."],
    "tool_name": "response",
    "tool_args": {"text": "done"},
}
~~~
"""


def _dialogue(label: str) -> dict[str, str]:
    """The wait prompt whose example, led by ``label``, goes on with the
    tool's result and the agent's last turn calling ``response``."""
    files = with_prompt("usage:\n", f"{label}\n")
    files[PROMPT] = files[PROMPT].replace("~~~\n", _DIALOGUE, 1)
    return files


class ExampleToolMismatch(Rule):
    code = "PRM006"
    name = "example-tool-mismatch"
    summary = "An example's `tool_name` differs from the tool the prompt documents"
    doc = """\
**What it checks.** In a prompt with one tool heading, every example's
`tool_name` is that tool (or one of its `name:method` forms; under a heading
naming an MCP server, `### github`, one of its tools, `github.search_code`). An example
that calls the tool through another tool of the repository, which its
arguments hand a nested call of the documented one (`{"tool_name":
"parallel", "tool_args": {"calls": [{"tool_name": "x", ...}]}}`), calls it
too. An example whose section names, in its prose, the tool it calls shows
a call of that tool on purpose (a `skills_tool` prompt's "use
code_execution_tool to run the script"), and is not reported. A name that
is a plain word counts only in backticks or before "tool" (`` `response` ``,
"the response tool"): "send a response" names no tool. Nor is an example
reported that its label introduces as the agent's answer ("your final answer
looks like:", "reply like this:", "example of the final message:", "then
tell the user:", "then hand the page back:", "finish with:"; in other
languages too, "Danach antworte dem Benutzer:") when the
tool it calls ends the turn on every return (`break_loop=True`), as
`response` does: it shows the call that ends the task. Under a label that
says nothing of an answer (`usage:`) such a call is still reported. In a
dialogue the prompt shows, a call of such a tool labelled with the agent's
speaker tag (`AI:`, `Assistant:`) after an example of the documented tool
labelled the same way is the answer the shown task ends with, and is not
reported either.

**Why it matters.** An example copied from another tool's prompt teaches the
model to call the wrong tool.

**Example.** `### wait` with an example whose `tool_name` is `response`.
"""
    valid = [
        Example(wait_files()),
        Example(
            {
                **with_prompt(
                    '"tool_name": "wait",\n    "tool_args": {"seconds": 5},',
                    '"tool_name": "parallel",\n'
                    '    "tool_args": {"calls": [{"tool_name": "wait", "tool_args": {}}]},',
                ),
                "tools/parallel.py": WAIT_PY.replace("WaitTool", "ParallelTool"),
            }
        ),
        # the section says the example goes on with another tool
        Example(
            {
                **calling_response("when the wait is over, answer with the `response` tool:"),
                "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool"),
            }
        ),
        # the agent's answer, by a tool that ends the turn
        Example(
            {
                **calling_response("when the wait is over, your final answer looks like:"),
                "tools/response.py": _ENDS_TURN_PY,
            }
        ),
        # the last turn of a shown dialogue, by a tool that ends the turn
        Example({**_dialogue("AI:"), "tools/response.py": _ENDS_TURN_PY}),
        Example({**_dialogue("**Assistant:**"), "tools/response.py": _ENDS_TURN_PY}),
    ]
    invalid = [
        # the agent's turn in a dialogue, but no turn of it calls the documented tool
        Example(
            {**calling_response("AI:"), "tools/response.py": _ENDS_TURN_PY},
            [Expect(PROMPT, 9, "`response`")],
        ),
        # a dialogue's last turn calling a tool that does not end the turn
        Example(
            {**_dialogue("AI:"), "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool")},
            [Expect(PROMPT, 22, "`response`")],
        ),
        # the documented tool's example is no turn of the agent's
        Example(
            {**_dialogue("usage:"), "tools/response.py": _ENDS_TURN_PY},
            [Expect(PROMPT, 22, "`response`")],
        ),
        Example(
            {
                **with_prompt('"tool_name": "wait"', '"tool_name": "response"'),
                "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool"),
            },
            [Expect(PROMPT, 9, "`response`")],
        ),
        # "a response" is a word of the prose, not the name of the tool
        Example(
            {
                **calling_response("usage, then send a response:"),
                "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool"),
            },
            [Expect(PROMPT, 9, "`response`")],
        ),
        # a tool that ends the turn, under a label that is no answer's
        Example(
            {**calling_response("usage:"), "tools/response.py": _ENDS_TURN_PY},
            [Expect(PROMPT, 9, "`response`")],
        ),
        # introduced as the answer, but the tool it calls does not end the turn
        Example(
            {
                **calling_response("your final answer looks like:"),
                "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool"),
            },
            [Expect(PROMPT, 9, "`response`")],
        ),
        # a wrapper handed a call of another tool
        Example(
            {
                **with_prompt(
                    '"tool_name": "wait",\n    "tool_args": {"seconds": 5},',
                    '"tool_name": "parallel",\n'
                    '    "tool_args": {"calls": [{"tool_name": "response", "tool_args": {}}]},',
                ),
                "tools/parallel.py": WAIT_PY.replace("WaitTool", "ParallelTool"),
            },
            [Expect(PROMPT, 9, "`parallel`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            headings = [t.name for t in prompt.doc.tools if t.source == "heading"]
            if len(headings) != 1:
                continue
            heading = headings[0]
            # calls of other tools shown on purpose: ``parallel`` handed a call
            # of the documented tool, or one whose section says it calls that tool
            meant = [
                (example.tool_name, example.line, example.line + example.text.count("\n"))
                for example in prompt.doc.examples
                if example.tool_name
                and (
                    example.introduced
                    or answers(ctx, example, prompt)
                    or concludes(ctx, example, prompt, heading)
                    or (
                        not same_tool(example.tool_name, heading)
                        and calls_nested(example.tool_args, heading)
                        and tool_facts(ctx, example.tool_name, prompt.prompt_set) is not None
                    )
                )
            ]
            for tool in prompt.doc.tools:
                if tool.source != "example" or TEMPLATE.search(tool.name):
                    continue
                if same_tool(tool.name, heading):
                    continue
                # under ``### github``, `github.search_code`; not under a tool
                # of the repository (``### wait`` over `wait.py`: a mistake)
                if of_server(tool.name, heading) and not ctx.tool_module(
                    heading, prompt.prompt_set
                ):
                    continue
                if any(name == tool.name and a <= tool.line <= b for name, a, b in meant):
                    continue
                yield self.finding(
                    f"example calls `{tool.name}` but the prompt documents `{heading}`",
                    prompt.path,
                    tool.line,
                    tool.column,
                    subject=f"{prompt.path}:example-tool:{tool.name}",
                )


def _attempts_call(example: PromptExample) -> bool:
    """Whether an example that does not parse was meant as a tool call (or
    could not be read at all: nested past doxtool's limit, it is reported
    rather than dropped silently)."""
    if example.inline or (example.error is not None and beyond_limit(example.error.message)):
        return True
    return any(key in example.text for key in CALL_KEYS)


#: the codes whose findings turn on a communication prompt (read in a run over
#: it): the examples' shapes, and the arguments a call given beside its
#: ``tool_name`` teaches (which keys are arguments there turns on the keys
#: the communication prompt allows)
SHAPE_CODES = frozenset({ExampleShape.code, RequiredArgumentNotTaught.code})

RULES: list[type[Rule]] = [
    InvalidExample,
    ExampleToolMismatch,
    ExampleShape,
]
