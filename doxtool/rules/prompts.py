"""PRM0xx: prompt files that stay true to the code."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from doxtool.core.facts import ToolFacts
from doxtool.core.findings import WARNING, Finding
from doxtool.prompts.model import PromptDoc
from doxtool.prompts.schema import alternative_groups
from doxtool.prompts.sets import WRAPPER_FILE, PromptSet
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import WAIT_PY, with_files
from doxtool.run.context import Context

_TEMPLATE = re.compile(r"\{\{.*?\}\}", re.DOTALL)

WAIT_PROMPT = """\
### wait
Pause for a number of seconds.
args: optional `seconds`
usage:
~~~json
{
    "thoughts": ["I must wait."],
    "headline": "Waiting",
    "tool_name": "wait",
    "tool_args": {"seconds": 5},
}
~~~
"""

WRAPPER = "## Tools\nUse only the tools below; match names exactly.\n\n{{tools}}\n"


def _files(extra: dict[str, str] | None = None) -> dict[str, str]:
    """A repository with the wait tool, its prompt and the listing wrapper."""
    files = {
        "tools/wait.py": WAIT_PY,
        "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        "prompts/agent.system.tools.md": WRAPPER,
    }
    return with_files({**files, **(extra or {})})


def _prompt(old: str, new: str) -> dict[str, str]:
    assert old in WAIT_PROMPT, old
    files = _files()
    files["prompts/agent.system.tool.wait.md"] = WAIT_PROMPT.replace(old, new)
    return files


PROMPT = "prompts/agent.system.tool.wait.md"


@dataclass
class PromptFile:
    path: str
    doc: PromptDoc
    prompt_set: PromptSet


def prompt_files(ctx: Context, own_only: bool = True) -> list[PromptFile]:
    """Tool prompt files in scope, each once, with the set that owns it (found
    once per run: most prompt rules ask)."""
    return ctx.memo(("prompt_files", own_only), lambda: list(_prompt_files(ctx, own_only)))


def _prompt_files(ctx: Context, own_only: bool) -> Iterator[PromptFile]:
    seen: set[str] = set()
    for prompt_set in ctx.prompt_sets:
        files = prompt_set.own_files() if own_only else prompt_set.files
        for name, path in files.items():
            if name == WRAPPER_FILE or not name.startswith("agent.system.tool.") or path in seen:
                continue
            seen.add(path)
            if not ctx.prompt_in_scope(path):
                continue
            doc = ctx.prompt(path)
            if doc is not None:
                yield PromptFile(path, doc, prompt_set)


def _tool_facts(ctx: Context, name: str, prompt_set: PromptSet) -> tuple[str, ToolFacts] | None:
    module = ctx.tool_module(name, prompt_set)
    if module is None or not ctx.facts(module).parsed:
        return None
    tools = ctx.tools(module)
    return (module, tools[0]) if tools else None


def _documented_tools(doc: PromptDoc) -> list[str]:
    return [t.name for t in doc.tools if t.source == "heading"] or doc.tool_names


class ToolWithoutPrompt(Rule):
    code = "PRM001"
    name = "tool-without-prompt"
    summary = "An exposed tool has no prompt, so the model is never told about it"
    doc = """\
**What it checks.** Every tool (except the configured internal tools, such as
`unknown`) is taught by a prompt that reaches its agents: a file of the core
`prompts/` or of any plugin's `prompts/` (plugin prompts reach every agent),
and for a profile's own tool also its profile's `prompts/`. Which tools a
prompt teaches comes from its `###` headings, its examples' `tool_name`s and
list items starting with a tool's name, in any prompt file of the set, never
from its file name. A profile override alone does not teach a core tool.

**Why it matters.** A model only calls the tools its prompt lists; a tool
without a prompt is dead code at run time.

**Example.** `tools/wait.py` exists, but no prompt has `### wait`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            {k: v for k, v in _files().items() if k != PROMPT},
            [Expect("tools/wait.py", 4, "no prompt")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        internal = set(ctx.config.internal_tools)
        for module in ctx.tool_modules:
            name = module.rsplit("/", 1)[-1].removesuffix(".py")
            if name in internal or not ctx.facts(module).parsed or not ctx.tools(module):
                continue
            # one index of who teaches what: any prompt set that reaches the
            # tool's agents, under any file name (``agent.system.tools_vision.md``)
            if any(ctx.teaches(s, name) for s in ctx.teaching_sets(module)):
                continue
            prompt_set = ctx.set_of_module(module)
            where = prompt_set.directory if prompt_set else ctx.config.prompt_dirs[0]
            if f"{where}/agent.system.tool.{name}.md" in ctx.unreadable_prompts:
                continue  # PRM011 reports the file itself
            tool = ctx.tools(module)[0]
            yield self.finding(
                f"tool `{name}` has no prompt in `{where}/`; the model is never told about it "
                f"(add `{where}/agent.system.tool.{name}.md`, or list it in `internal-tools`)",
                module,
                tool.line,
                subject=f"{module}:prompt",
            )


class UnknownTool(Rule):
    code = "PRM002"
    name = "unknown-tool"
    summary = "A prompt names a tool that does not exist"
    doc = """\
**What it checks.** Every tool a prompt names, in a `###` heading or in an
example's `tool_name`, is a tool module of the repository (`name:method`
forms name the tool before the colon).

**Why it matters.** The model calls what the prompt teaches; a removed or
renamed tool makes every such call fail, and the framework answers with the
`unknown` tool instead.

**Example.** `### sleep` after `tools/sleep.py` became `tools/wait.py`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            _prompt('"tool_name": "wait"', '"tool_name": "sleep"'),
            [Expect(PROMPT, 9, "`sleep`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            for tool in prompt.doc.tools:
                base = tool.name.split(":", 1)[0]
                if _TEMPLATE.search(tool.name) or ctx.tool_module(base, prompt.prompt_set):
                    continue
                where = "heading" if tool.source == "heading" else "example"
                yield self.finding(
                    f"prompt {where} names tool `{tool.name}`, which does not exist "
                    f"(no `{base}.py` in {', '.join(ctx.config.tool_dirs)})",
                    prompt.path,
                    tool.line,
                    tool.column,
                    subject=f"{prompt.path}:unknown:{tool.name}",
                )


class ArgumentNotRead(Rule):
    code = "PRM003"
    name = "argument-not-read"
    summary = "A prompt teaches an argument that the tool never reads"
    doc = """\
**What it checks.** Every argument a prompt teaches (on an `args:` line, in an
``Arguments in `tool_args`:`` list, or as a key of an example's `tool_args`)
is read by the tool's code.

**Why it matters.** The model fills in what the prompt teaches. An argument
the code ignores wastes the model's effort at best; at worst the model relies
on behaviour that was removed.

**Example.** The prompt teaches `minutes`, but `tools/wait.py` reads only
`seconds`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            _prompt("args: optional `seconds`", "args: optional `seconds`, `minutes`"),
            [Expect(PROMPT, 3, "`minutes`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx, own_only=True):
            for taught in prompt.doc.arguments:
                tool_name = taught.tool or next(iter(_documented_tools(prompt.doc)), None)
                if tool_name is None:
                    continue
                found = _tool_facts(ctx, tool_name, prompt.prompt_set)
                if found is None:
                    continue
                module, tool = found
                if (
                    tool.argument(taught.name) is not None
                    or tool.dynamic_reads
                    or tool.other_arguments
                ):
                    continue
                yield self.finding(
                    f"argument `{taught.name}` is taught for `{tool_name}` but {module} "
                    "never reads it",
                    prompt.path,
                    taught.line,
                    taught.column,
                    subject=f"{prompt.path}:{tool_name}:argument:{taught.name}",
                )


class RequiredArgumentNotTaught(Rule):
    code = "PRM004"
    name = "required-argument-not-taught"
    summary = "A tool's required argument is never taught by its prompt"
    doc = """\
**What it checks.** Every argument the code requires (read with `args["x"]`
outside a membership guard, or an `execute` parameter without a default) is
named by the prompt that documents the tool.

**Why it matters.** The model cannot send what it was never told about; every
call then fails on the missing key.

**Example.** `tools/scheduler.py` reads `args["name"]`; the prompt never
mentions `name`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            {
                **_files(),
                "tools/wait.py": WAIT_PY.replace(
                    "        return Response(",
                    '        label = self.args["label"]\n        return Response(',
                ),
            },
            [Expect(PROMPT, 1, "`label`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx, own_only=True):
            taught_all = {a.name for a in prompt.doc.arguments}
            for heading in prompt.doc.tools:
                if heading.source != "heading":
                    continue
                found = _tool_facts(ctx, heading.name, prompt.prompt_set)
                if found is None:
                    continue
                module, tool = found
                taught = {a.name for a in prompt.doc.arguments_of(heading.name)} or taught_all
                # ``- `document`: one path or a list`` names an argument as well
                taught = taught | set(prompt.doc.listed_names)
                for group in alternative_groups(tool):
                    # one of them is needed: teaching any one is enough
                    if taught.isdisjoint(group):
                        names = ", ".join(f"`{name}`" for name in group)
                        yield self.finding(
                            f"one of {names} of `{heading.name}` is required "
                            f"(read at {module}) but none is taught",
                            prompt.path,
                            heading.line,
                            heading.column,
                            subject=f"{prompt.path}:{heading.name}:one-of:{','.join(group)}",
                        )
                for arg in tool.arguments:
                    if arg.required and arg.name not in taught:
                        read = f"{module}:{arg.first_line}" if arg.reads else module
                        yield self.finding(
                            f"required argument `{arg.name}` of `{heading.name}` "
                            f"(read at {read}) is never taught",
                            prompt.path,
                            heading.line,
                            heading.column,
                            subject=f"{prompt.path}:{heading.name}:required:{arg.name}",
                        )


class InvalidExample(Rule):
    code = "PRM005"
    name = "invalid-example"
    summary = "A prompt's JSON example does not parse (even leniently)"
    doc = """\
**What it checks.** Every JSON example (fenced ```` ```json ```` / `~~~json`
blocks, and inline code spans holding a JSON object) parses as lenient JSON:
trailing commas and template directives are accepted, real syntax errors are
not.

**Why it matters.** Models imitate examples literally; a broken example
teaches broken tool calls.

**Example.** A missing comma between `"headline"` and `"tool_name"`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            _prompt('"headline": "Waiting",', '"headline": "Waiting"'),
            [Expect(PROMPT, 9, "example is not valid JSON")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            for index, example in enumerate(prompt.doc.examples):
                if example.error is None:
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
`tool_name` is that tool (or one of its `name:method` forms).

**Why it matters.** An example copied from another tool's prompt teaches the
model to call the wrong tool.

**Example.** `### wait` with an example whose `tool_name` is `response`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            {
                **_prompt('"tool_name": "wait"', '"tool_name": "response"'),
                "tools/response.py": WAIT_PY.replace("WaitTool", "ResponseTool"),
            },
            [Expect(PROMPT, 9, "`response`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            headings = [t.name for t in prompt.doc.tools if t.source == "heading"]
            if len(headings) != 1:
                continue
            heading = headings[0]
            for tool in prompt.doc.tools:
                if tool.source != "example" or _TEMPLATE.search(tool.name):
                    continue
                if tool.name == heading or tool.name.split(":", 1)[0] == heading.split(":", 1)[0]:
                    continue
                yield self.finding(
                    f"example calls `{tool.name}` but the prompt documents `{heading}`",
                    prompt.path,
                    tool.line,
                    tool.column,
                    subject=f"{prompt.path}:example-tool:{tool.name}",
                )


class ExampleShape(Rule):
    code = "PRM007"
    name = "example-shape"
    summary = "An example's top-level keys break its profile's contract"
    doc = """\
**What it checks.** The top-level keys of every example are allowed by the
profile of the prompt set it belongs to (`[tool.doxtool.profiles.<name>]
allowed-keys`). The default allows `thoughts`, `headline`, `tool_name` and
`tool_args`; `tiny-local` allows only `tool_name` and `tool_args`. An example
always needs `tool_name` and `tool_args`.

**Why it matters.** Small local models follow the example's shape exactly;
one extra key in a `tiny-local` example and the model starts emitting it.

**Example.** A `tiny-local` override whose example carries `"thoughts"`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            _files(
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
                extra = [k for k in example.keys if k not in allowed]
                missing = [k for k in ("tool_name", "tool_args") if k not in example.keys]
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


_JSON_TYPES = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "array": (list,),
    "object": (dict,),
}


def _type_ok(value: Any, kind: str) -> bool:
    if isinstance(value, str) and _TEMPLATE.search(value):
        return True
    if kind in ("integer", "number") and isinstance(value, bool):
        return False
    if kind == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, _JSON_TYPES.get(kind, (object,)))


class ExampleArgumentValue(Rule):
    code = "PRM008"
    name = "example-argument-value"
    summary = "An example argument's value contradicts the tool's code"
    doc = """\
**What it checks.** In every example, each `tool_args` value has the type the
code reads it as (`int(...)` means integer, a literal default of `""` means
string, ...) and, for dispatch arguments compared with literals (`action`),
is one of the compared values.

**Why it matters.** A model copies example values; a value the code rejects
becomes a failed call in production.

**Example.** `"action": "remove"` when `tools/scheduler.py` dispatches on
`list_tasks`, `create_task` and `delete_task`.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            _prompt('"tool_args": {"seconds": 5}', '"tool_args": {"seconds": [5]}'),
            [Expect(PROMPT, 6, "`seconds`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx):
            for example in prompt.doc.examples:
                if example.error is not None or not isinstance(example.tool_args, dict):
                    continue
                if not example.tool_name:
                    continue
                found = _tool_facts(ctx, example.tool_name, prompt.prompt_set)
                if found is None:
                    continue
                module, tool = found
                for name, value in example.tool_args.items():
                    arg = tool.argument(name)
                    if arg is None or value is None or _placeholder(value):
                        continue
                    where = f"{module}:{arg.first_line}"
                    if arg.type and not _type_ok(value, arg.type):
                        yield self.finding(
                            f"example gives `{name}` the value {_short(value)}, but {where} reads "
                            f"it as {arg.type}",
                            prompt.path,
                            example.line,
                            example.column,
                            subject=f"{prompt.path}:value:{name}",
                        )
                    elif (
                        arg.enum
                        and isinstance(value, str)
                        and not _TEMPLATE.search(value)
                        and value not in arg.enum
                        and value.strip().lower() not in arg.enum
                    ):
                        allowed = ", ".join(f"`{v}`" for v in arg.enum)
                        yield self.finding(
                            f"example gives `{name}` the value {_short(value)}, which "
                            f"{where} does not accept (one of {allowed})",
                            prompt.path,
                            example.line,
                            example.column,
                            subject=f"{prompt.path}:value:{name}",
                        )


def _placeholder(value: Any) -> bool:
    """``"..."`` in a schematic example stands for any value."""
    return isinstance(value, str) and value.strip() in ("...", "\u2026")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return f"`{text if len(text) <= 40 else text[:37] + '...'}`"


class ListingOverBudget(Rule):
    code = "PRM009"
    name = "listing-over-budget"
    summary = "A profile's rendered tool listing is larger than its budget"
    severity = WARNING
    doc = """\
**What it checks.** For each profile given a `budget` in the configuration
(there is none by default), the tool listing it renders (the wrapper plus
every tool prompt in effect for the profile) stays within that many
characters. The message names the setting the figure comes from.

**Why it matters.** Small local models have small context windows; the
`tiny-local` profile exists because the full listing crowds out the task.

**Example.** `[tool.doxtool.profiles.tiny-local] budget = 6000` and the
listing renders to 9,412 characters.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            _files({"pyproject.toml": "[tool.doxtool.profiles.default]\nbudget = 50\n"}),
            [Expect("prompts/agent.system.tools.md", 1, "over the budget")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt_set in ctx.prompt_sets:
            if prompt_set.kind == "plugin":
                continue
            name = prompt_set.name if prompt_set.kind == "profile" else "default"
            budget = ctx.config.profile(name).budget
            if not budget:
                continue
            wrapper = prompt_set.wrapper()
            anchor = wrapper or next(iter(prompt_set.files.values()), None)
            if anchor is None or not ctx.prompt_in_scope(anchor):
                continue
            size = sum(
                len(ctx.prompt_text(path))
                for file_name, path in prompt_set.files.items()
                if file_name == WRAPPER_FILE or file_name.startswith("agent.system.tool.")
            )
            if size > budget:
                where = ctx.config.source or "the configuration"
                yield self.finding(
                    f"tool listing of profile `{name}` renders to {size} characters, over the "
                    f"budget of {budget} (`profiles.{name}.budget` in {where})",
                    anchor,
                    subject=f"{prompt_set.directory}:budget",
                )


class WrapperWithoutPlaceholder(Rule):
    code = "PRM010"
    name = "wrapper-without-placeholder"
    summary = "The tool listing wrapper has no `{{tools}}` placeholder"
    doc = """\
**What it checks.** Every `agent.system.tools.md` contains the `{{tools}}`
placeholder that the framework fills with the tool prompts.

**Why it matters.** Without it the model sees the rules of tool use but not a
single tool.

**Example.** A wrapper edited down to its rules, placeholder lost.
"""
    valid = [Example(_files())]
    invalid = [
        Example(
            {**_files(), "prompts/agent.system.tools.md": "## Tools\nUse only listed tools.\n"},
            [Expect("prompts/agent.system.tools.md", 1, "`{{tools}}`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[str] = set()
        for prompt_set in ctx.prompt_sets:
            wrapper = prompt_set.own_files().get(WRAPPER_FILE)
            if wrapper is None or wrapper in seen or not ctx.prompt_in_scope(wrapper):
                continue
            seen.add(wrapper)
            doc = ctx.prompt(wrapper)
            if doc is not None and not doc.has_tools_placeholder:
                yield self.finding(
                    "tool listing wrapper has no `{{tools}}` placeholder; the model would see "
                    "no tools",
                    wrapper,
                    subject=f"{wrapper}:placeholder",
                )


RULES: list[type[Rule]] = [
    ToolWithoutPrompt,
    UnknownTool,
    ArgumentNotRead,
    RequiredArgumentNotTaught,
    InvalidExample,
    ExampleToolMismatch,
    ExampleShape,
    ExampleArgumentValue,
    ListingOverBudget,
    WrapperWithoutPlaceholder,
]
