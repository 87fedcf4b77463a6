"""PRM007: the shape of a prompt's tool call examples against the contract
of their profile: the top-level keys an example holds, and whether it may
stand in a markdown fence (``tiny-local``: one line of inline JSON)."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.config import CALL_KEYS
from doxtool.core.findings import Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import ACCEPTING_AGENT_PY
from doxtool.rules.flattened_calls import (
    allowed_keys,
    fences_allowed,
    flattened_call,
    is_call,
    lacking,
)
from doxtool.rules.refused_calls import refused_request
from doxtool.rules.tool_prompts import PROMPT, prompt_files, wait_files, with_prompt
from doxtool.run.context import Context

#: a communication prompt whose reply holds ``topic``, and a wait prompt using it
_TOPIC_REPLY = (
    '## Communication\n`{"topic": "x", "tool_name": "response", "tool_args": {"text": "hi"}}`\n'
)
_TOPIC_WAIT = (
    '### wait\nWait.\n`{"topic": "Waiting", "tool_name": "wait", "tool_args": {"seconds": 1}}`\n'
)


#: a ``tiny-local`` override of the wait prompt, and one with a fenced call
_TINY_WAIT = "agents/tiny-local/prompts/agent.system.tool.wait.md"
_FENCED_WAIT = '### wait\nWait.\n~~~json\n{"tool_name": "wait", "tool_args": {"seconds": 1}}\n~~~\n'
#: a communication prompt whose reply stands in a fence
_FENCED_REPLY = (
    '## Communication\n```json\n{"tool_name": "response", "tool_args": {"text": "hi"}}\n```\n'
)


class ExampleShape(Rule):
    code = "PRM007"
    name = "example-shape"
    summary = "An example's top-level keys or its fence break its profile's contract"
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

A profile may also take its calls as one line of inline JSON only
(`fenced-examples = false`; so does `tiny-local`, whose replies carry no
markdown fences): a call example of its own prompt files in a fenced block
(```` ```json ````, `~~~json`) teaches the model to wrap its reply in a
fence, and is reported (an indented code block has no fence to teach).
Unless the configuration sets `fenced-examples`, a reply its communication
prompt shows in a fence (found as for the keys) allows fences. A core or
plugin prompt the profile inherits is the core set's, checked against the
default profile.

**Why it matters.** Small local models follow the example's shape exactly;
one extra key in a `tiny-local` example, or a fence around it, and the model
starts emitting it.

**Example.** A `tiny-local` override whose example carries `"thoughts"`,
which the communication prompt's reply does not show, or stands in a
```` ```json ```` fence.
"""
    valid = [
        Example(wait_files()),
        # a profile's communication prompt showing a fenced reply allows fences
        Example(
            wait_files(
                {
                    _TINY_WAIT: _FENCED_WAIT,
                    "agents/tiny-local/prompts/agent.system.main.communication.md": (_FENCED_REPLY),
                }
            )
        ),
        # so does the configuration; a fenced call shown as wrong teaches nothing
        Example(
            wait_files(
                {
                    _TINY_WAIT: _FENCED_WAIT,
                    "pyproject.toml": "[tool.doxtool.profiles.tiny-local]\n"
                    "fenced-examples = true\n",
                }
            )
        ),
        Example(
            wait_files(
                {
                    _TINY_WAIT: '### wait\nWait.\n`{"tool_name": "wait", "tool_args": {}}`\n'
                    'Wrong (never do this):\n```json\n{"tool_name": "wait", "tool_args": {}}\n'
                    "```\n"
                }
            )
        ),
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
        # a fenced call where the profile takes one line of inline JSON
        Example(
            wait_files({_TINY_WAIT: _FENCED_WAIT}),
            [Expect(_TINY_WAIT, 4, "markdown fence")],
        ),
        # the configured contract, whatever the communication prompt shows
        Example(
            wait_files(
                {
                    "pyproject.toml": "[tool.doxtool.profiles.default]\nfenced-examples = false\n",
                    "prompts/agent.system.main.communication.md": _FENCED_REPLY,
                }
            ),
            [Expect(PROMPT, 6, "markdown fence")],
        ),
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
            fenced = fences_allowed(ctx, prompt.prompt_set)
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
                if not fenced and not example.inline and not example.indented:
                    yield self.finding(
                        f"example is in a markdown fence; profile `{profile_name}` takes a call "
                        "as one line of inline JSON (`{...}` in backticks)",
                        prompt.path,
                        example.line,
                        example.column,
                        subject=f"{prompt.path}:fence:{index}",
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
