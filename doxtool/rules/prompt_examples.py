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
from doxtool.rules.called_tools import answers, calls_nested, same_tool
from doxtool.rules.examples import ACCEPTING_AGENT_PY, WAIT_PY
from doxtool.rules.flattened_calls import allowed_keys, flattened_call, is_call, lacking
from doxtool.rules.prompt_required import RequiredArgumentNotTaught
from doxtool.rules.refused_calls import refused_request
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
value; real syntax errors are not. A fence holding
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


class ExampleToolMismatch(Rule):
    code = "PRM006"
    name = "example-tool-mismatch"
    summary = "An example's `tool_name` differs from the tool the prompt documents"
    doc = """\
**What it checks.** In a prompt with one tool heading, every example's
`tool_name` is that tool (or one of its `name:method` forms). An example
that calls the tool through another tool of the repository, which its
arguments hand a nested call of the documented one (`{"tool_name":
"parallel", "tool_args": {"calls": [{"tool_name": "x", ...}]}}`), calls it
too. An example whose section names, in its prose, the tool it calls shows
a call of that tool on purpose (a `skills_tool` prompt's "use
code_execution_tool to run the script"), and is not reported. A name that
is a plain word counts only in backticks or before "tool" (`` `response` ``,
"the response tool"): "send a response" names no tool. Nor is an example
reported that its label introduces as the agent's answer ("your final answer
looks like:", "reply like this:", "example of the final message:") when the
tool it calls ends the turn on every return (`break_loop=True`), as
`response` does: it shows the call that ends the task. Under a label that
says nothing of an answer (`usage:`) such a call is still reported.

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
    ]
    invalid = [
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
                if any(name == tool.name and a <= tool.line <= b for name, a, b in meant):
                    continue
                yield self.finding(
                    f"example calls `{tool.name}` but the prompt documents `{heading}`",
                    prompt.path,
                    tool.line,
                    tool.column,
                    subject=f"{prompt.path}:example-tool:{tool.name}",
                )


#: a communication prompt whose reply holds ``topic``, and a wait prompt using it
_TOPIC_REPLY = (
    '## Communication\n`{"topic": "x", "tool_name": "response", "tool_args": {"text": "hi"}}`\n'
)
_TOPIC_WAIT = (
    '### wait\nWait.\n`{"topic": "Waiting", "tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
)


class ExampleShape(Rule):
    code = "PRM007"
    name = "example-shape"
    summary = "An example's top-level keys break its profile's contract"
    doc = """\
**What it checks.** The top-level keys of every example are allowed by the
profile of the prompt set it belongs to (`[tool.doxtool.profiles.<name>]
allowed-keys`). The default allows `thoughts`, `headline`, `tool_name` and
`tool_args`; `tiny-local` allows only `tool_name` and `tool_args`. Unless
the configuration sets the profile's `allowed-keys` (then it is the
contract), the keys of the replies the profile's communication prompt shows
are allowed too: the model learns a reply's shape from
`agent.system.main.communication.md`, found as the framework finds it (the
profile's own, else a plugin's, else the core one; a plugin's prompts are
read with the core one) with the files it includes, and a reply there is a
JSON object holding both `tool_name` and `tool_args` (one that does not
parse counts when its brackets pair up around one object: a comma missing
between two items of a list). They only ever add to the profile's keys.
An example always needs `tool_name` and `tool_args`. A JSON object is a tool call when
it holds `tool_name` or `tool_args`, or when all its keys are keys of a call
(the allowed keys, and `tool`, `args`, the framework's other spellings) and
one of them is allowed; any other object (a schedule's format, a tool's
return shape such as `{"headline": ..., "url": ...}`) is documentation and is
not checked, and so is an object with `tool_name` but no `tool_args` (nor
`args`) and a key no call has (a job's result record,
`{"job_id": ..., "tool_name": ..., "status": ...}`): it names no tool, for
this rule or any other. One whose `tool_name` names a tool and whose every
other key is an argument that tool reads (`{"tool_name": "wait", "seconds":
5}`) is that tool's call with its arguments out of `tool_args`, which the
framework rejects as misformatted: it lacks `tool_args` for this rule.
So does a `tool_args` that is a list, a number, a boolean or a string (not
`"..."` nor another placeholder) with no `args` object beside it, and a
`tool_name` whose `tool:method` form has an empty part (`"wait:"`,
`":wait"`): Agent Zero's `normalize_tool_request` raises on both
(helpers/extract_tools.py:31-40), where the repository's framework is
known to (every split of the name at `:` raising on an empty part).
Whether a call may lack `tool_args` is read from the repository's
framework code: Agent Zero rejects it, older forks reading
`tool_request.get("tool_args", {})` run the tool without arguments (then
its lack is not reported, nor where the code does not tell which; a
repository without the framework's code runs in a current Agent Zero). Nor
is an example its label says is wrong: the line before it, a heading over it,
the text before it on its line, the `<summary>` of its `<details>` block, or
its table column's header or a cell before it in its row (`| Incorrect |`),
a few words ending in a colon that call
it wrong, bad, incorrect or invalid, or an old form, or say not to do or use
it (`Wrong (extra keys, never do this):`, `Bad example (do not copy):`,
`Never do this:`, `Not to be used:`, `Old (no longer works):`, `Deprecated
usage:`). It shows what to avoid, may be broken on purpose, and teaches
nothing; no rule of `PRM002`-`PRM008` reads it. An old form its label says
still works (`Old way, still accepted:`, `Legacy form (still works):`) is a
call to follow, checked as any other. A line that only opens with such a
word (`Never wait longer than needed:`) labels nothing.

**Why it matters.** Small local models follow the example's shape exactly;
one extra key in a `tiny-local` example and the model starts emitting it.

**Example.** A `tiny-local` override whose example carries `"thoughts"`,
which the communication prompt's reply does not show.
"""
    valid = [
        Example(wait_files()),
        # the communication prompt's reply shows `topic`
        Example(
            wait_files(
                {
                    "prompts/agent.system.main.communication.md": _TOPIC_REPLY,
                    "prompts/agent.system.tool.wait.md": _TOPIC_WAIT,
                }
            )
        ),
        # an example shown as wrong is not one to follow
        Example(
            wait_files(
                {
                    "agents/tiny-local/prompts/agent.system.tool.wait.md": (
                        '### wait\nWait.\n`{"tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
                        'Wrong (extra keys, never do this):\n`{"thoughts": ["x"], '
                        '"tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
                        "\n| Correct | Incorrect |\n|---|---|\n"
                        '| `{"tool_name": "wait", "tool_args": {}}` | `{"headline": "x", '
                        '"tool_name": "wait", "tool_args": {}}` |\n\n'
                        '<details><summary>Wrong</summary>\n\n`{"thoughts": [], "tool_name": '
                        '"wait", "tool_args": {}}`\n\n</details>\n'
                    )
                }
            )
        ),
        # a result record naming the tool: keys the tool does not read
        Example(
            with_prompt(
                "usage:",
                'Each job is kept as `{"tool_name": "wait", "seconds": 5, "status": "done"}`.\n'
                "usage:",
            )
        ),
        # a placeholder for the arguments; ``args`` the framework takes instead
        Example(with_prompt('"tool_args": {"seconds": 5},', '"tool_args": "...",')),
        Example(
            {
                **with_prompt('"tool_args": {"seconds": 5},', '"tool_args": 5, "args": {},'),
                "pyproject.toml": "[tool.doxtool.profiles.default]\n"
                'allowed-keys = ["headline", "thoughts", "tool_name", "tool_args", "args"]\n',
            }
        ),
        # a fork whose framework runs a call without `tool_args` (no arguments)
        Example(
            {
                **with_prompt('"tool_args": {"seconds": 5},', ""),
                "helpers/extract_tools.py": "",
                "agent.py": ACCEPTING_AGENT_PY,
            }
        ),
    ]
    invalid = [
        # the configured keys are the contract, whatever the reply shows
        Example(
            wait_files(
                {
                    "pyproject.toml": "[tool.doxtool.profiles.default]\n"
                    'allowed-keys = ["thoughts", "tool_name", "tool_args"]\n',
                    "prompts/agent.system.main.communication.md": _TOPIC_REPLY,
                    "prompts/agent.system.tool.wait.md": _TOPIC_WAIT,
                }
            ),
            [Expect(PROMPT, 3, "`topic`")],
        ),
        Example(
            wait_files(
                {
                    "agents/tiny-local/prompts/agent.system.tool.wait.md": (
                        '### wait\nWait.\n`{"thoughts": ["x"], "tool_name": "wait", '
                        '"tool_args": {"seconds": 1}}`\n'
                    )
                }
            ),
            [Expect("agents/tiny-local/prompts/agent.system.tool.wait.md", 3, "`thoughts`")],
        ),
        # an old form that still works is one to follow
        Example(
            wait_files(
                {
                    "agents/tiny-local/prompts/agent.system.tool.wait.md": (
                        '### wait\nWait.\n`{"tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
                        'Old way, still accepted:\n`{"thoughts": ["x"], '
                        '"tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
                    )
                }
            ),
            [Expect("agents/tiny-local/prompts/agent.system.tool.wait.md", 5, "`thoughts`")],
        ),
        # the tool's argument beside ``tool_name``: no ``tool_args`` reaches the tool
        Example(
            with_prompt('"tool_args": {"seconds": 5},', '"seconds": 5,'),
            [Expect(PROMPT, 6, "has `seconds` and lacks `tool_args`")],
        ),
        # a value the framework takes for no ``tool_args`` object, a method left empty
        Example(
            with_prompt('"tool_args": {"seconds": 5},', '"tool_args": [5],'),
            [Expect(PROMPT, 6, "`tool_args` is a list")],
        ),
        Example(
            with_prompt('"tool_name": "wait"', '"tool_name": "wait:"'),
            [Expect(PROMPT, 6, "`tool_name` `wait:` has an empty")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            profile_name, listed = allowed_keys(ctx, prompt.prompt_set)
            allowed = set(listed)
            for index, example in enumerate(prompt.doc.examples):
                if example.error is not None or not isinstance(example.data, dict):
                    continue
                if not is_call(example.keys, allowed) and not flattened_call(
                    ctx, example, prompt.prompt_set, allowed | set(CALL_KEYS)
                ):
                    continue  # documentation of some other JSON, not a tool call
                extra = [k for k in example.keys if k not in allowed]
                missing = lacking(ctx, example.keys)
                problems = []
                if extra:
                    problems.append("has " + ", ".join(f"`{k}`" for k in extra))
                if missing:
                    problems.append("lacks " + ", ".join(f"`{k}`" for k in missing))
                if problems:
                    yield self.finding(
                        f"example {' and '.join(problems)}; profile `{profile_name}` allows only "
                        + ", ".join(f"`{k}`" for k in listed),
                        prompt.path,
                        example.line,
                        example.column,
                        subject=f"{prompt.path}:shape:{index}",
                    )
                refused = refused_request(ctx, example.data)
                if refused:
                    yield self.finding(
                        f"example's {' and '.join(refused)}: the framework rejects the call",
                        prompt.path,
                        example.line,
                        example.column,
                        subject=f"{prompt.path}:request:{index}",
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
