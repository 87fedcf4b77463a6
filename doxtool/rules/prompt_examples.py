"""PRM005-PRM008: the JSON examples of prompts (they parse, call the tool the
prompt documents, have their profile's shape, give values the code accepts)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from doxtool.core.config import CALL_KEYS
from doxtool.core.findings import Finding
from doxtool.prompts.examples import CALL_SPELLINGS, beyond_limit, documents_a_record
from doxtool.prompts.model import PromptExample
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.example_types import among, converts, misread, type_ok
from doxtool.rules.examples import WAIT_PY
from doxtool.rules.tool_prompts import (
    METHOD_ARGUMENT,
    NOTES,
    PROMPT,
    TEMPLATE,
    apps_files,
    calling_response,
    method_notes,
    notes_files,
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
quotes, unquoted keys) and `\"\"\"multi-line\"\"\"` strings (which the framework's
DirtyJson reads) are accepted, real syntax errors are not. A fence holding
objects one after another (one a line, or between `//` comments) is read as
the framework reads a reply, root by root (helpers/extract_tools.py
`extract_json_root_strings`): each object is an example of its own, checked
by this rule and the others.

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
    ]
    invalid = [
        Example(
            with_prompt('"headline": "Waiting",', '"headline": "Waiting"'),
            [Expect(PROMPT, 9, "example is not valid JSON")],
        )
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
"the response tool"): "send a response" names no tool.

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
                    or (
                        not _same_tool(example.tool_name, heading)
                        and _calls_nested(example.tool_args, heading)
                        and tool_facts(ctx, example.tool_name, prompt.prompt_set) is not None
                    )
                )
            ]
            for tool in prompt.doc.tools:
                if tool.source != "example" or TEMPLATE.search(tool.name):
                    continue
                if _same_tool(tool.name, heading):
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


def _same_tool(name: str, heading: str) -> bool:
    """Whether an example's ``tool_name`` is the documented tool (or one of
    its ``name:method`` forms)."""
    return name == heading or name.split(":", 1)[0] == heading.split(":", 1)[0]


def _calls_nested(value: Any, heading: str, depth: int = 0) -> bool:
    """Whether a call's arguments hold a nested call of the tool ``heading``
    (an object whose ``tool_name``, or ``tool``, names it)."""
    if depth > 8:
        return False
    if isinstance(value, dict):
        for key in ("tool_name", "tool"):
            name = value.get(key)
            if isinstance(name, str) and _same_tool(name, heading):
                return True
        return any(_calls_nested(item, heading, depth + 1) for item in value.values())
    if isinstance(value, list):
        return any(_calls_nested(item, heading, depth + 1) for item in value)
    return False


class ExampleShape(Rule):
    code = "PRM007"
    name = "example-shape"
    summary = "An example's top-level keys break its profile's contract"
    doc = """\
**What it checks.** The top-level keys of every example are allowed by the
profile of the prompt set it belongs to (`[tool.doxtool.profiles.<name>]
allowed-keys`). The default allows `thoughts`, `headline`, `tool_name` and
`tool_args`; `tiny-local` allows only `tool_name` and `tool_args`. An example
always needs `tool_name` and `tool_args`. A JSON object is a tool call when
it holds `tool_name` or `tool_args`, or when all its keys are keys of a call
(the allowed keys, and `tool`, `args`, the framework's other spellings) and
one of them is allowed; any other object (a schedule's format, a tool's
return shape such as `{"headline": ..., "url": ...}`) is documentation and is
not checked, and so is an object with `tool_name` but no `tool_args` (nor
`args`) and a key no call has (a job's result record,
`{"job_id": ..., "tool_name": ..., "status": ...}`): it names no tool, for
this rule or any other.

**Why it matters.** Small local models follow the example's shape exactly;
one extra key in a `tiny-local` example and the model starts emitting it.

**Example.** A `tiny-local` override whose example carries `"thoughts"`.
"""
    valid = [Example(wait_files())]
    invalid = [
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
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            profile_name = (
                prompt.prompt_set.name if prompt.prompt_set.kind == "profile" else "default"
            )
            profile = ctx.config.profile(profile_name)
            allowed = set(profile.allowed_keys)
            for index, example in enumerate(prompt.doc.examples):
                if example.error is not None or not isinstance(example.data, dict):
                    continue
                if not _is_call(example.keys, allowed):
                    continue  # documentation of some other JSON, not a tool call
                extra = [k for k in example.keys if k not in allowed]
                missing = [k for k in CALL_KEYS if k not in example.keys]
                problems = []
                if extra:
                    problems.append("has " + ", ".join(f"`{k}`" for k in extra))
                if missing:
                    problems.append("lacks " + ", ".join(f"`{k}`" for k in missing))
                if not problems:
                    continue
                yield self.finding(
                    f"example {' and '.join(problems)}; profile `{profile_name}` allows only "
                    + ", ".join(f"`{k}`" for k in profile.allowed_keys),
                    prompt.path,
                    example.line,
                    example.column,
                    subject=f"{prompt.path}:shape:{index}",
                )


class ExampleArgumentValue(Rule):
    code = "PRM008"
    name = "example-argument-value"
    summary = "An example argument's value contradicts the tool's code"
    doc = """\
**What it checks.** In every example, each `tool_args` value has the type the
code reads it as (`int(...)` means integer, a literal default of `""` means
string, ...) and, for dispatch arguments compared with literals (`action`),
is one of the compared values (exactly, unless the code folds the value first:
`action.lower() == "write"` takes `"Write"`, `action == "write"` does not);
a `tool:method` name sends its method as
`action` (helpers/extract_tools.py), which is checked alike, unless the
tool's module reads `self.method`: the tool takes the method itself, and
which argument it reaches as well, if any, is not known here. A value the
code's conversion takes is of its type: `"30"` for `int(...)`, anything for `str(...)`; `"five"` for
`int(...)` is not. For a boolean, what the code does with the value
decides: `"true"`, `"false"` and the spellings it compares for a boolean
the code converts with `str(...)` (`str(flag).lower() in ("true", "1")`
takes `"1"`, not `"yes"`); any value where it only tests its truth (`if
flag:`, `bool(flag)`), or where doxtool does not see how it is used; a
boolean only where it compares the value itself with `True` or `False`
(`flag is True`). Where the code's only use of a value is to compare it, as
read, with strings spelling a boolean (`args.get("flag") == "true"`, no
`str(...)` or `.lower()` before), a JSON `true` or `false` is reported (it
never equals a string); where its only use is to compare it with `True` or
`False`, a string is (it never is one). Any other use of the value (`if
flag:`, a second read, handing it on) takes the value as well: nothing is
said. A placeholder stands for any value: `"..."`, a template variable, or a value
wholly in angle brackets (`"<status|log|diff>"`, `"<number of commits>"`).

**Why it matters.** A model copies example values; a value the code rejects
becomes a failed call in production.

**Example.** `"action": "remove"` when `tools/scheduler.py` dispatches on
`list_tasks`, `create_task` and `delete_task`.
"""
    valid = [
        Example(wait_files()),
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": "5"}')),
        Example(notes_files("action.lower()", '{"action": "Write"}')),
        # the tool dispatches on ``self.method``; ``action`` is another choice
        Example(method_notes(reads_method=True)),
        # ``app`` is handed to a call before the tests, which single out two values
        Example(apps_files(hands_first=True)),
    ]
    invalid = [
        Example(
            with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": [5]}'),
            [Expect(PROMPT, 6, "`seconds`")],
        ),
        # the code compares the value, as read, with the string "true" only
        Example(
            {
                **with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"now": true}'),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        if self.args.get("now") == "true":\n'
                    "            seconds = 0\n"
                    "        return Response(",
                ),
            },
            [Expect(PROMPT, 6, "`now` the value `true`")],
        ),
        Example(notes_files("action", '{"action": "Write"}'), [Expect(NOTES, 5, "`action`")]),
        # the method of ``notes:erase`` is sent as ``action``, which the code compares
        Example(
            method_notes(reads_method=False), [Expect(NOTES, 5, "`notes:erase`, giving `action`")]
        ),
        Example(
            apps_files(hands_first=False),
            [Expect("prompts/agent.system.tool.apps.md", 4, '`app` the value `"dashboard"`')],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            # a call nested in an example's arguments too (``parallel``'s)
            for example in [*prompt.doc.examples, *prompt.doc.nested]:
                if example.error is not None or not isinstance(example.tool_args, dict):
                    continue
                if not example.tool_name:
                    continue
                found = tool_facts(ctx, example.tool_name, prompt.prompt_set)
                if found is None:
                    continue
                module, tool = found
                values = dict(example.tool_args)
                base, colon, method = example.tool_name.partition(":")
                if (
                    colon
                    and base
                    and method
                    and METHOD_ARGUMENT not in values
                    and not _reads_method(ctx, tool.defined_in_path or module)
                ):
                    # ``"tool_name": "scheduler:pause_task"`` sends ``action``
                    # (helpers/extract_tools.py ``normalize_tool_request``)
                    values[METHOD_ARGUMENT] = method
                for name, value in values.items():
                    arg = tool.argument(name)
                    if arg is None or value is None or _placeholder(value):
                        continue
                    where = arg.where(module)
                    given = name in example.tool_args  # not a method (``tool:method``)
                    if (
                        given
                        and arg.type
                        and not type_ok(value, arg.type)
                        and not converts(value, arg)
                    ):
                        yield self.finding(
                            f"example gives `{name}` the value {_short(value)}, but {where} reads "
                            f"it as {arg.type}",
                            prompt.path,
                            example.line,
                            example.column,
                            subject=f"{prompt.path}:value:{name}",
                        )
                    elif given and (compared := misread(value, arg, tool)) is not None:
                        yield self.finding(
                            f"example gives `{name}` the value {_short(value)}, but {where} "
                            f"only compares it with {compared}",
                            prompt.path,
                            example.line,
                            example.column,
                            subject=f"{prompt.path}:value:{name}",
                        )
                    elif (
                        arg.enum
                        and isinstance(value, str)
                        and not TEMPLATE.search(value)
                        and not among(value, arg)
                    ):
                        allowed = ", ".join(f"`{v}`" for v in arg.enum)
                        how = (
                            f"gives `{name}` the value "
                            if given
                            else f"calls `{example.tool_name}`, giving `{name}` the value "
                        )
                        yield self.finding(
                            f"example {how}{_short(value)}, which "
                            f"{where} does not accept (one of {allowed})",
                            prompt.path,
                            example.line,
                            example.column,
                            subject=f"{prompt.path}:value:{name}",
                        )


def _reads_method(ctx: Context, module: str) -> bool:
    """Whether the tool's module reads ``self.method`` (the method of a
    ``tool:method`` name, which the tool then takes itself: which argument
    the method reaches as well, if any, is not known here)."""
    outline = ctx.facts(module).outline
    return outline is not None and "self.method" in outline.references


#: how the framework also spells ``tool_name`` and ``tool_args`` (Agent Zero's
#: ``process_tools`` reads ``tool`` and ``args`` when those are missing)
_CALL_ALIASES = frozenset({"tool", "args"})


def _is_call(keys: list[str], allowed: set[str]) -> bool:
    """Whether a JSON object is meant as a tool call: it holds ``tool_name``
    or ``tool_args``, or it is made only of the keys of a call (the profile's
    allowed keys and the framework's spellings ``tool``, ``args``) with one of
    the allowed keys among them: an envelope that lacks its call. An object
    with other keys and no call of its own (a tool's result item,
    ``{"headline": ..., "url": ...}``) is documentation, and so is one with
    ``tool_name`` but no ``tool_args`` and a key no call has (a result record)."""
    call_keys = allowed | set(CALL_KEYS) | _CALL_ALIASES
    if documents_a_record(keys, frozenset(call_keys | CALL_SPELLINGS)):
        return False  # ``{"job_id": ..., "tool_name": ..., "status": ...}``: a result
    if any(key in keys for key in CALL_KEYS):
        return True
    return not allowed.isdisjoint(keys) and all(key in call_keys for key in keys)


def _attempts_call(example: PromptExample) -> bool:
    """Whether an example that does not parse was meant as a tool call (or
    could not be read at all: nested past doxtool's limit, it is reported
    rather than dropped silently)."""
    if example.inline or (example.error is not None and beyond_limit(example.error.message)):
        return True
    return any(key in example.text for key in CALL_KEYS)


#: a value written as a placeholder in angle brackets: ``"<status|log|diff>"``,
#: ``"<number of commits>"``
_ANGLE_PLACEHOLDER_RE = re.compile(r"<[^<>\n]+>\Z")


def _placeholder(value: Any) -> bool:
    """``"..."`` in a schematic example, or a whole value in angle brackets
    (``"<path to repo>"``), stands for any value."""
    if not isinstance(value, str):
        return False
    text = value.strip()
    return text in ("...", "\u2026") or bool(_ANGLE_PLACEHOLDER_RE.match(text))


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return f"`{text if len(text) <= 40 else text[:37] + '...'}`"


RULES: list[type[Rule]] = [
    InvalidExample,
    ExampleToolMismatch,
    ExampleShape,
    ExampleArgumentValue,
]
