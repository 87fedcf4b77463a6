"""PRM002-PRM003: what prompts teach against the code (every tool taught
exists, every argument taught is read).

Whether every tool is taught at all (PRM001) is :mod:`.prompt_coverage`;
whether every required argument is taught (PRM004), :mod:`.prompt_required`."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.prompts.model import PromptDoc, PromptTool
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.commitment import staged_apart_note, uncommitted_modules
from doxtool.rules.examples import WAIT_PY
from doxtool.rules.tool_prompts import (
    BROWSER_PY,
    PROMPT,
    TEMPLATE,
    browser_files,
    framework_elsewhere,
    inherited_prompts,
    is_tool_prompt,
    listed_tools,
    mcp_named,
    profile_modules,
    prompt_files,
    unread_arguments,
    wait_files,
    with_prompt,
)
from doxtool.run.context import Context

#: what names a tool in a prompt, by :attr:`PromptTool.source`
_WHERE = {"heading": "heading", "list": "list item", "nested": "nested call"}
_VALUE_ITEMS = "- `open`: args `url`\n- `wait`: args `seconds`\n"


#: a tool whose dispatch is open (its fallback is no error), in a method
#: ``execute`` hands the value to, and a prompt whose headings name its values
_OPEN_FILES = {
    "tools/clock.py": WAIT_PY.replace("WaitTool", "ClockTool").replace(
        '        seconds = int(self.args.get("seconds", 0))\n',
        '        seconds = self._run(self.args.get("mode", ""))\n',
    )
    + "\n    def _run(self, mode: str) -> int:\n"
    + '        if mode == "tick":\n            return 1\n        return 0\n',
    "prompts/agent.system.tool.clock.md": (
        '# Clock\n\n### tick\nAdvance.\n\n`{"tool_name": "clock", "tool_args": {"mode": "tick"}}`\n'
    ),
}

#: a tool prompt titled for its tool, whose ``## Methods`` names a method
_METHODS_PROMPT = "# Tool: `wait`\nPause.\n\n## Methods\n\n### `pause`\n\nargs: `seconds`\n"
#: a prompt titled in prose, whose ``## Available Methods`` has a heading
#: an example calls as the wait tool's method, and one no example calls
_PROSE_METHODS_PROMPT = (
    "# Pausing Service\n\n## Available Methods\n\n### pause\n"
    '`{"tool_name": "wait:pause", "tool_args": {}}`\n\n### resume\nargs: `seconds`\n'
)


class UnknownTool(Rule):
    code = "PRM002"
    name = "unknown-tool"
    summary = "A prompt names a tool that does not exist"
    doc = """\
**What it checks.** Every tool a prompt names, in a `###` heading, in an
example's `tool_name` (also a call nested in an example's arguments, an
object with `tool_name` and `tool_args`: `parallel`'s `tool_calls`) or as a
list item with its arguments in a list of tools (``- `memory_delete`: arg
`ids` ``, in a list where another such item names a tool that exists), is a
tool module of the repository
(`name:method` forms name the tool before the colon). Any other list item
may name an argument or a value, and is not checked; nor is an item of a
tool's section that names a value of one of the tool's arguments (a literal
its code compares the argument with, or any item after a lead naming an
argument it reads: ``Set `action` to one of:``), even one named like a tool;
nor a `###` heading naming a value of an argument of the tool the prompt's
examples call or its title names, a literal its code compares the argument
with (``### `analyze``` under an example calling `game`, or under the title
`## game`, whose code compares `action` with `"analyze"`), even one named
like a tool under an example (under a title alone, one named like a tool of
the repository stays that tool's), or naming an argument the
called tool reads (`### file` over the items teaching `file`), or naming
the method an example calls a tool with (`### get_state` over an example
calling `store:get_state`: a heading of `store`'s method), or in a
section of methods under a title that names no tool (`## Available
Methods` under `# Store Service`) whose other headings all name methods
examples call of one tool, whose code compares none of its arguments
with a value (`### import` beside `### export` over an example calling
`store:export`): what is
taught under it is taught for the called tool; nor a `###` heading in a section titled for the
methods of the tool a prompt's title names (`## Methods`, `## Actions`,
`## Operations`, `## Commands`, `## Functions`, `## Modes`, `## Endpoints`,
also `Available ...` or `Supported ...`), which names a method of that tool
(``### `ingest_url``` under `## Methods` of `# Tool: frontend_ingestion`):
what is taught under it is taught for the title's tool.

Not reported: the title of a tool prompt (its first heading, of another
shape than `### name`) whose first word names no tool (`## memory tools`);
a qualified `server.tool` name (a dot before any `:method`), which Agent Zero
looks up among its MCP servers' tools first (which servers are configured is
not in the code), and a heading naming such a name's server (`### github` over
`### github.x:`, as Agent Zero lists MCP tools) or, as a list item does, its
tool (`### create_issue` where the prompt writes `github.create_issue`); a tool
whose module the `exclude` globs (the file's, or its directory's) or a sparse
checkout leave out (it exists, but is not checked); any tool while a tool
directory is a link leading out of the repository (not followed: which tools it holds is
unknown); any tool while the framework is not in the repository (no
configured `tool-bases` module is here: a plugin's or an agent profile's own
repository, whose prompts may name the framework's tools, `response`
among them); and a `###` heading below an earlier heading of
a tool in the same file (a tool that exists, or one an example calls or an
argument is taught under), when nothing ties it to a call (no example calls
it, no argument is taught under it): such a heading is a sub-section of that
tool's prompt (`### tips`, `### notes` under `### search`). `### arguments`,
`### parameters`, `### usage`, `### examples`, `### troubleshooting`, `### errors`, ...
are always parts of a tool's prompt, never a tool, and the arguments under them are the
tool's above. In a prompt file not named `agent.system.tool.*.md` (checked
when it holds a tool's section, as `agent.system.tools_vision.md` does), a
`###` heading names a tool only when the tool exists or something ties it to
a call.

A tool that is only an agent profile's own (`profile-tool-dirs`, also when
`tool-dirs` names its directory too), named by a prompt that reaches other
agents (a core or plugin prompt, another profile's), is reported as that
profile's own tool, not as one that does not exist.

**Why it matters.** The model calls what the prompt teaches; a removed or
renamed tool makes every such call fail, and the framework answers with the
`unknown` tool instead.

**Example.** `### sleep` after `tools/sleep.py` became `tools/wait.py`.
"""
    valid = [
        Example(wait_files()),
        # a sub-section of the wait tool's prompt
        Example(with_prompt("usage:", "### tips\nkeep it short\n\nusage:")),
        # values of the section tool's ``action``, one named like a tool
        Example(browser_files(f"### browser\nSet `action` to one of:\n{_VALUE_ITEMS}")),
        Example(browser_files(f"### browser\nargs: `action`\n\n{_VALUE_ITEMS}")),
        # an MCP server's tool
        Example(
            wait_files(
                {
                    "prompts/agent.system.tool.github.md": (
                        '### github.create_issue\n`{"tool_name": "github.create_issue"}`\n'
                    )
                }
            )
        ),
        # a method of the title's tool, in its section of methods
        Example(wait_files({PROMPT: _METHODS_PROMPT})),
        # the method an example calls the tool with
        Example(
            wait_files(
                {PROMPT: '# Pausing\n\n### pause\n`{"tool_name": "wait:pause", "tool_args": {}}`\n'}
            )
        ),
        # beside it in a section of methods under a prose title, another method
        Example(wait_files({PROMPT: _PROSE_METHODS_PROMPT})),
        # a value an open dispatch of the called tool compares
        Example(wait_files(_OPEN_FILES)),
        # an argument of the called tool
        Example(
            wait_files(
                {
                    "prompts/agent.system.tool.pause.md": (
                        "# Pausing\n\n### seconds\n- **seconds**: how long\n\n"
                        '`{"tool_name": "wait", "tool_args": {"seconds": 2}}`\n'
                    )
                }
            )
        ),
        # the profile's own prompt of its own tool
        Example(
            wait_files(
                {
                    "agents/coder/tools/lint.py": WAIT_PY.replace("WaitTool", "LintTool"),
                    "agents/coder/prompts/agent.system.tool.lint.md": "### lint\nLint the code.\n",
                }
            )
        ),
        # an agent profile's repository: the framework, and its tools, are elsewhere
        Example(
            {
                "agents/coder/prompts/agent.system.tool.response.md": (
                    '### response\nAnswer.\n`{"tool_name": "response", "tool_args": {}}`\n'
                )
            }
        ),
    ]
    invalid = [
        Example(
            with_prompt('"tool_name": "wait"', '"tool_name": "sleep"'),
            [Expect(PROMPT, 9, "`sleep`")],
        ),
        # a heading the called tool's code compares with no value
        Example(
            wait_files(
                {
                    **_OPEN_FILES,
                    "prompts/agent.system.tool.clock.md": _OPEN_FILES[
                        "prompts/agent.system.tool.clock.md"
                    ].replace("### tick", "### tock"),
                }
            ),
            [Expect("prompts/agent.system.tool.clock.md", 3, "`tock`")],
        ),
        # the same headings outside a section of methods: the uncalled one names a tool
        Example(
            wait_files({PROMPT: _PROSE_METHODS_PROMPT.replace("Available Methods", "Related")}),
            [Expect(PROMPT, 8, "`resume`")],
        ),
        # the same heading outside a section of methods names a tool
        Example(
            wait_files({PROMPT: _METHODS_PROMPT.replace("## Methods", "## Related")}),
            [Expect(PROMPT, 6, "`pause`")],
        ),
        # a call nested in an example's arguments (``parallel``'s ``tool_calls``)
        Example(
            with_prompt(
                '"tool_args": {"seconds": 5}',
                '"tool_args": {"calls": [{"tool_name": "sleep", "tool_args": {}}]}',
            ),
            [Expect(PROMPT, 10, "nested call names tool `sleep`")],
        ),
        # an argument taught under it: a heading of a tool
        Example(
            with_prompt("usage:", "### sleep\nargs: `seconds`\n\nusage:"),
            [Expect(PROMPT, 4, "`sleep`")],
        ),
        # a list item with its arguments, in a list of tools
        Example(
            wait_files(
                {
                    "prompts/agent.system.tool.more.md": (
                        "- `wait`: args `seconds`\n- `sleep`: args `seconds`\n"
                    )
                }
            ),
            [Expect("prompts/agent.system.tool.more.md", 2, "list item names tool `sleep`")],
        ),
        # only an agent profile's own tool, in a core prompt every agent reads
        Example(
            wait_files(
                {
                    "agents/coder/tools/lint.py": WAIT_PY.replace("WaitTool", "LintTool"),
                    "prompts/agent.system.tool.lint.md": "### lint\nLint the code.\n",
                }
            ),
            [Expect("prompts/agent.system.tool.lint.md", 1, "profile `coder` only")],
        ),
        # another profile's prompt: its agents cannot run the coder's own tool
        Example(
            wait_files(
                {
                    "agents/coder/tools/lint.py": WAIT_PY.replace("WaitTool", "LintTool"),
                    "agents/ops/prompts/agent.system.tool.lint.md": "### lint\nLint the code.\n",
                }
            ),
            [Expect("agents/ops/prompts/agent.system.tool.lint.md", 1, "profile `coder` only")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        elsewhere = framework_elsewhere(ctx)
        for prompt in prompt_files(ctx):
            # an earlier heading of a tool: one that exists, or that is called
            tool_heading = False
            tool_prompt = is_tool_prompt(prompt.path.rpartition("/")[2])
            for tool in [*prompt.doc.tools, *listed_tools(ctx, prompt)]:
                if tool.source == "title":
                    continue  # ``## memory tools``: a title names a tool only when one exists
                base = tool.name.split(":", 1)[0]
                heading = tool.source == "heading"
                called = heading and _calls(prompt.doc, tool)
                exists = bool(ctx.tool_module(base, prompt.prompt_set))
                # an excluded module exists too: it is not checked, not missing
                exists = exists or ctx.excluded_tool(base, prompt.prompt_set)
                # behind a link out of the repository, it may be there: unknown
                exists = exists or bool(ctx.project.tool_dirs_led_out)
                # the framework is installed elsewhere: its tools are unknown here
                exists = exists or elsewhere
                if heading and tool_heading and not (called or exists):
                    continue  # a sub-section of the tool the file teaches
                if heading and not tool_prompt and not (called or exists):
                    continue  # in a prompt of another name, a section of its own text
                tool_heading |= heading and (called or exists)
                outside = uncommitted_modules(ctx, base, prompt.path, prompt.prompt_set)
                if outside:
                    # the hook mode: the commit holds the prompt, not the tool
                    why = staged_apart_note(ctx, outside[:1]) or (
                        "git does not track it and it is not staged (`git add` it)"
                    )
                    yield self.finding(
                        f"prompt {_WHERE.get(tool.source, 'example')} names tool `{tool.name}`, "
                        f"whose module `{outside[0]}` is not in the commit: it exists, but {why}",
                        prompt.path,
                        tool.line,
                        tool.column,
                        subject=f"{prompt.path}:unknown:{tool.name}",
                    )
                    continue
                mcp = mcp_named(prompt.doc, tool)
                if exists or TEMPLATE.search(tool.name) or mcp:
                    continue
                where = _WHERE.get(tool.source, "example")
                owned = profile_modules(ctx, base)
                if owned:
                    # the module is there: only the agents of other profiles lack it
                    whose = ", ".join(f"`{name}`" for name in owned)
                    profiles = "profiles" if len(owned) > 1 else "profile"
                    what = (
                        f"which is the own tool of agent {profiles} {whose} only "
                        f"({', '.join(owned.values())}), not of the other agents "
                        "this prompt reaches"
                    )
                else:
                    dirs = ", ".join(ctx.config.tool_dirs)
                    why = f"no `{base}.py` in {dirs}" if dirs else "`tool-dirs` is empty"
                    what = f"which does not exist ({why})"
                yield self.finding(
                    f"prompt {where} names tool `{tool.name}`, {what}",
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
**What it checks.** Every argument a prompt teaches (on an `args:` line, in a
list under ``Arguments in `tool_args`:``, a bare `Arguments:` or a qualified
one such as `Common arguments:` or `Optional arguments by action:`, in the first
column of an argument table, or as a key of an example's `tool_args`, also
of a call nested in an example's arguments) is read by the tool's code.

**Why it matters.** The model fills in what the prompt teaches. An argument
the code ignores wastes the model's effort at best; at worst the model relies
on behaviour that was removed.

A table is read as arguments only when it lists them: its header says
`argument` or `parameter`, or it has a `type`, `default` or `required`
column (or a `key`/`field` header under an `Arguments:` lead) and is neither
introduced as what the tool returns (`returns a list; each item has:`) nor
headed by an argument taught above it (`| key | meaning |` under
`args: `key``, the values of `key`).

An item of a tool's section that names a value of one of its arguments
(`- `add`: `text`, `priority`` under `Arguments by action:`, `- `open`:
args `url`` under ``Set `action` to one of:``) teaches no argument `add`:
the names after it are the section tool's arguments; one the tool does not
read, while it reads an object it may hand on (`args`, read with a default
`{}` or given an object by the prompt's example: a dispatcher handing it to
the tool its `tool` names, under `Tools:`), may be a key of that object, and
is not reported. A name the prompt
forbids (`args: `text`, not `reply``, `` `msg` (deprecated)``, a table row
`| `ms` | deprecated, use `seconds` |`, a list item `- `ms` (legacy): ...`)
is not taught, and neither is a key of an example its label says is wrong
(`Wrong:`, `Bad example (do not copy):`, `Never do this:`, `#### Incorrect`,
`Old (no longer works):`: a counter-example, which no `PRM005`-`PRM008`
checks either); an old form its label says still works (`Old way, still
accepted:`, `Legacy form (still works):`) is taught as any example is. A name an
`args` line writes without backticks (`args: path, encoding`) is named, for
`PRM004`, not taught.

A profile's own tool with no prompt of its own under that file name is
taught by the prompt the profile inherits (the core `agent.system.tool.wait.md`
for `agents/ops/tools/wait.py`): that prompt's arguments are checked against
the profile's tool as well.

**Example.** The prompt teaches `minutes`, but `tools/wait.py` reads only
`seconds`.
"""
    valid = [
        Example(wait_files()),
        # a name the prompt forbids is not taught
        Example(with_prompt("args: optional `seconds`", "args: optional `seconds`, not `ms`")),
        # a key that is a template variable: a name the framework fills in
        Example(with_prompt('"tool_args": {"seconds": 5}', '"tool_args": {"{{key}}": 5}')),
        # in another language too
        Example(with_prompt("args: optional `seconds`", "args: optional `seconds`, nicht `ms`")),
        # nor one a table row says is gone
        Example(
            with_prompt(
                "args: optional `seconds`",
                "args: optional `seconds`\n\n| argument | meaning |\n|---|---|\n"
                "| `ms` | deprecated, use `seconds` |\n",
            )
        ),
        # ``open`` is a value of ``action``, ``url`` the argument it takes
        Example(browser_files("### browser\nArguments by action:\n- `open`: `url`\n")),
        # ``hours`` may be a key of the object ``options`` the browser hands on
        Example(
            {
                **browser_files("### browser\nSet `action` to one of:\n- `wait`: args `hours`\n"),
                "tools/browser.py": BROWSER_PY.replace(
                    "        action = ",
                    '        self.agent.set(self.args.get("options", {}))\n        action = ',
                ),
            }
        ),
        # the framework copies ``method`` into the ``action`` browser reads
        Example(browser_files("### browser\nargs: `method` (`open` or `wait`), `url`\n")),
        # an ``args:`` line ends with its sentence: what follows is no argument
        Example(with_prompt("args: optional `seconds`", "args: `seconds`. Returns `waited`.")),
        # an example labelled wrong teaches nothing; a bare word names, not teaches
        Example(
            with_prompt(
                "usage:",
                'Bad example (do not copy):\n`{"tool_name": "wait", "tool_args": {"ms": 5}}`\n'
                "args: seconds, ms\n\nusage:",
            )
        ),
    ]
    invalid = [
        Example(
            with_prompt("args: optional `seconds`", "args: optional `seconds`, `minutes`"),
            [Expect(PROMPT, 3, "`minutes`")],
        ),
        # the arguments of a value of browser's ``action`` are browser's
        Example(
            browser_files("### browser\nSet `action` to one of:\n- `wait`: args `hours`\n"),
            [Expect("prompts/agent.system.tool.browser.md", 3, "`hours` is taught for `browser`")],
        ),
        # an old form its label says still works is taught
        Example(
            with_prompt(
                "usage:",
                'Legacy form (still works):\n`{"tool_name": "wait", "tool_args": {"ms": 5}}`\n'
                "\nusage:",
            ),
            [Expect(PROMPT, 5, "`ms` is taught for `wait`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for prompt in prompt_files(ctx, own_only=True):
            for taught, tool_name, module in unread_arguments(ctx, prompt.doc, prompt.prompt_set):
                yield self.finding(
                    f"argument `{taught.name}` is taught for `{tool_name}` but "
                    f"{_reader(ctx, module)} never reads it",
                    prompt.path,
                    taught.line,
                    taught.column,
                    subject=f"{prompt.path}:{tool_name}:argument:{taught.name}",
                )
        yield from self._shadowing_profiles(ctx)

    def _shadowing_profiles(self, ctx: Context) -> Iterator[Finding]:
        """A profile's own tool that shadows a tool of the same name, with no
        prompt of its own for it: the framework teaches it by the prompt the
        profile inherits (core or plugin), whose arguments are checked against
        the profile's tool too."""
        for path, doc, prompt_set, own_tools in inherited_prompts(ctx):
            for taught, tool_name, module in unread_arguments(ctx, doc, prompt_set):
                if module not in own_tools:
                    continue
                yield self.finding(
                    f"argument `{taught.name}` is taught for `{tool_name}` but {module}, "
                    f"which profile `{prompt_set.name}` runs with this prompt, never reads it",
                    path,
                    taught.line,
                    taught.column,
                    subject=f"{path}:{tool_name}:argument:{taught.name}:{prompt_set.name}",
                )


def _calls(doc: PromptDoc, heading: PromptTool) -> bool:
    """Whether anything in the prompt ties a heading to a call of its tool:
    an example calling it, an argument taught under it."""
    return any(t.source == "example" and t.name == heading.name for t in doc.tools) or bool(
        doc.arguments_of(heading.name)
    )


RULES: list[type[Rule]] = [
    UnknownTool,
    ArgumentNotRead,
]


#: the codes a prompt naming a tool no module provides is read for in a run
#: over other paths (:func:`~doxtool.run.deletions.add_what_deletions_leave`)
UNKNOWN_TOOL_CODES = frozenset({UnknownTool.code})


def _reader(ctx: Context, module: str) -> str:
    """What never reads the argument: the module, or in a module of several
    tool classes the one the framework runs (the others may read it)."""
    run = ctx.run_tool(module)
    if run is None or len(ctx.project.tools(module)) < 2:
        return module
    return f"`{run.class_name}`, the class of {module} the framework runs,"
