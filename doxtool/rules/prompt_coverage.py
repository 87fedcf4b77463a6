"""PRM001: every tool is taught by a prompt that reaches its agents (in the
hook mode, by one the next commit holds)."""

from __future__ import annotations

import os
from collections.abc import Iterator

from doxtool.core.findings import Finding
from doxtool.core.source import name_fits
from doxtool.prompts.sets import PromptSet
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.commitment import staged_apart_note
from doxtool.rules.contract_scope import class_line, tool_modules
from doxtool.rules.examples import WAIT_PY
from doxtool.rules.profile_listing import listing_leaves_out
from doxtool.rules.prompt_includes import taught_through_includes
from doxtool.rules.shared_bases import stub_base
from doxtool.rules.templated_names import named_by_variable
from doxtool.rules.tool_prompts import PROMPT, browser_files, profile_prompt_dir, wait_files
from doxtool.run import sparse
from doxtool.run.codeprompts import code_loaded_prompts, extension_taught
from doxtool.run.context import Context
from doxtool.run.plugindirs import plugin_profile_prompt_dirs
from doxtool.run.teachers import may_teach_excluded, may_teach_unread

_STUB_BASE = """\
from helpers.tool import Response, Tool


class Timer(Tool):
    async def execute(self, **kwargs) -> Response:
        raise NotImplementedError

    def seconds(self) -> int:
        return int(self.args.get("seconds", 0))
"""
_ON_BASE = WAIT_PY.replace(
    "from helpers.tool import Response, Tool\n", "from helpers.tool import Response\n"
).replace("class WaitTool(Tool):", "from tools.timer import Timer\n\n\nclass WaitTool(Timer):")
_DONE = 'return Response(message="done", break_loop=False)'


_TEACHING_EXTENSION = """\
def execute(system_prompt: list[str], **kwargs) -> None:
    system_prompt.append("- Use the `wait` tool to pause for `seconds`")
"""
_NAME_EXTENSION = """\
def execute(tool_name: str = "", **kwargs) -> None:
    if tool_name == "wait":
        print(tool_name)
"""


class ToolWithoutPrompt(Rule):
    code = "PRM001"
    name = "tool-without-prompt"
    summary = "An exposed tool is taught by no prompt, so the model is never taught to call it"
    doc = """\
**What it checks.** Every tool (except the configured internal tools, such as
`unknown`) is taught by a prompt that reaches its agents: a file of the core
`prompts/` (of any directory of `prompt-dirs`) or of any plugin's `prompts/`
(plugin prompts reach every agent), and for a profile's own tool also its
profile's `prompts/`. A prompt the configuration excludes is not checked,
but it is there at run time: a tool one of them names (or that one is named
for, `agent.system.tool.<name>.md`) is not reported, as an excluded module
is not missing for `PRM002`; so too while a prompt directory holds a file a
sparse checkout leaves out of the work tree (git's index holds it, marked
skip-worktree), which is not read and may teach any tool. Nor is a tool whose prompt file
(`agent.system.tool.<name>.md`, naming the tool) lies outside every prompt
directory where the repository's own code names it: an extension adding
`assets/prompts/agent.system.tool.<name>.md` to the system prompt teaches
it, perhaps only when a setting is on, which turns on code doxtool does not
run (code in the test directories does not count); nor one an extension
(a Python file under a directory named `extensions`) names as a word in a
string of prose it may write into the prompt (`"- Use the `wait` tool to
pause"`; a bare `"wait"`, compared with a tool's name, teaches nothing).
Which tools a
prompt teaches comes from its `###` headings, the first heading of a tool
prompt by its first word (`# sftp_upload tool`, `## delta`; at any level, as
the framework reads it, when it names a tool: `#### wait`), its examples'
`tool_name`s, list items starting with a tool's name (in backticks, in
bold, `- **wait** — pause`, or bare before a separator, `- wait: pause`;
not an item saying it is gone) and the rows of a
table that lists no arguments opening with one (`| `wait` | `seconds` |
pause |`; not a row saying it is gone, `| `wait` | removed |`), in any
prompt file of the set, never from its file name; an item of a tool's
section naming a value of that tool's argument (`- `open`: ...` under
``Set `action` to one of:`` in `### browser`) names no tool, even one named
like the value. A tool prompt file named for the tool
(`agent.system.tool.<name>.md`) whose headings and examples name no tool (a
title of words, `# Telegram Send Tool`) teaches it when its prose calls it
by name: in a code span of its own (``Use `telegram_send` to send``), after a
`Tool name:` label, or in a heading after `the` and before `tool` (`### The
todo tool`); not when the same line forbids it (```wait` was removed``),
nor when its clause doubts it in any word (```wait` has been replaced by
`sleep```, ``formerly `wait```, ``Never call `wait` directly``), nor when
it calls another tool of the repository so too (``**Tool name:** `sleep```).
A prompt teaches what the files it includes teach, found as the framework
finds them
(`{{ include "prompts/partials/wait.md" }}` reads that path from the
repository's root first, then `wait.md` on the agent's search path of prompt
directories); a tool is not reported when a prompt named for it, or naming
it, has an include doxtool cannot find, nor when a prompt named for it
names a tool by a template variable (`### {{tool_name}}`, `"tool_name":
"{{tool_name}}"`): what the framework renders there is not known. A profile
override alone does not teach a core tool
(the finding names the profiles whose prompts teach it: their models are told;
a plugin's prompts for one profile, `plugins/<p>/agents/<profile>/prompts/`,
which the framework searches for that profile's agents, among them).
A tool class whose own `execute` does nothing (abstract, `pass`, `...`,
`raise NotImplementedError`), or that defines no method at all (`class
ZCodeExecution(CodeExecution): pass`), and that tool classes of other tool
modules derive from is a shared base, not a tool to teach: it is not reported.

**Why it matters.** A model only calls the tools its prompt lists; a tool
without a prompt is dead code at run time.

**Example.** `tools/wait.py` exists, but no prompt has `### wait`.

**In the hook mode.** With `--only-paths` in a git repository (as the
pre-commit hooks run), a tool the next commit holds that is taught only by
prompt files git neither tracks nor has staged is reported too: pre-commit
leaves untracked files on disk while the hook runs, but the commit does not
hold them.
"""
    valid = [
        Example(wait_files()),
        # a list item teaches it too, in a file with no heading and no example
        Example(wait_files({PROMPT: "Tools:\n\n- `wait`: pause for `seconds`\n"})),
        # an item opening with its name in bold, or bare before a colon
        Example(wait_files({PROMPT: "Tools:\n\n- **wait** — pause for `seconds`\n"})),
        Example(wait_files({PROMPT: "Tools:\n\n- wait: pause for `seconds`\n"})),
        # so does a table row opening with its name
        Example(
            wait_files({PROMPT: "| tool | use |\n|---|---|\n| `wait` | pause for `seconds` |\n"})
        ),
        # the file's first heading names it by its first word
        Example(wait_files({PROMPT: "# wait tool\nPause.\n\n## Arguments\n\nargs: `seconds`\n"})),
        # a first heading deeper than ``###`` names it too
        Example(wait_files({PROMPT: "#### wait\nPause for `seconds`.\n"})),
        # a prompt in the second directory of ``prompt-dirs``
        Example(
            {
                **{k: v for k, v in wait_files().items() if k != PROMPT},
                "extra/prompts/agent.system.tool.wait.md": wait_files()[PROMPT],
                "doxtool.toml": 'prompt-dirs = ["prompts", "extra/prompts"]\n',
            }
        ),
        # the tool prompt includes the file that teaches it
        Example(
            wait_files(
                {
                    PROMPT: '{{ include "prompts/partials/wait.md" }}\n',
                    "prompts/partials/wait.md": wait_files()[PROMPT],
                }
            )
        ),
        # a prompt the configuration excludes is there, unchecked
        Example(
            {
                **{k: v for k, v in wait_files().items() if k != PROMPT},
                "plugins/rest/prompts/agent.system.tool.wait.md": "### wait\nPause.\n",
                "doxtool.toml": 'extend-exclude = ["plugins/rest/prompts"]\n',
            }
        ),
        # a base of another module's tool whose own ``execute`` only fails
        Example(wait_files({"tools/timer.py": _STUB_BASE, "tools/wait.py": _ON_BASE})),
        # an extension writes the tool's teaching into the system prompt
        Example(
            {
                **{k: v for k, v in wait_files().items() if k != PROMPT},
                "extensions/python/system_prompt/_40_wait.py": _TEACHING_EXTENSION,
            }
        ),
    ]
    invalid = [
        # a base that runs something of its own is a tool too
        Example(
            wait_files(
                {
                    "tools/timer.py": _STUB_BASE.replace("raise NotImplementedError", _DONE),
                    "tools/wait.py": _ON_BASE,
                }
            ),
            [Expect("tools/timer.py", 4, "tool `timer` has no prompt")],
        ),
        Example(
            {k: v for k, v in wait_files().items() if k != PROMPT},
            [Expect("tools/wait.py", 4, "no prompt")],
        ),
        # an item that says the tool is gone names no tool
        Example(
            wait_files({PROMPT: "Tools:\n\n- **wait** (deprecated): pause\n"}),
            [Expect("tools/wait.py", 4, "no `### wait` heading")],
        ),
        # a table row that says the tool is gone names no tool
        Example(
            wait_files({PROMPT: "| tool | use |\n|---|---|\n| `wait` | removed |\n"}),
            [Expect("tools/wait.py", 4, "no `### wait` heading")],
        ),
        # an agent profile's own tool that no prompt reaching the profile teaches
        Example(
            wait_files({"agents/ops/tools/probe.py": WAIT_PY.replace("WaitTool", "ProbeTool")}),
            [Expect("agents/ops/tools/probe.py", 4, "agents/ops/prompts/agent.system.tool.probe")],
        ),
        # a core tool only a profile's override teaches: that profile's model is told
        Example(
            {
                **{k: v for k, v in wait_files().items() if k != PROMPT},
                "agents/ops/prompts/agent.system.tool.wait.md": wait_files()[PROMPT],
            },
            [Expect("tools/wait.py", 4, "only the prompts of profile `ops`")],
        ),
        # a plugin's tool only the plugin's prompts for profile `ops` teach
        Example(
            wait_files(
                {
                    "plugins/a/plugin.yaml": "name: a\n",
                    "plugins/a/tools/nap.py": WAIT_PY.replace("WaitTool", "NapTool"),
                    "plugins/a/agents/ops/prompts/agent.system.tool.nap.md": "### nap\nSleep.\n",
                }
            ),
            [
                Expect(
                    "plugins/a/tools/nap.py", 4, "profile `ops` (`plugins/a/agents/ops/prompts/`)"
                )
            ],
        ),
        # the file it includes teaches no tool
        Example(
            wait_files(
                {
                    PROMPT: '{{ include "prompts/partials/notes.md" }}\n',
                    "prompts/partials/notes.md": "Pause politely.\n",
                }
            ),
            [Expect("tools/wait.py", 4, "no `### wait` heading")],
        ),
        # no core prompt directory is configured: nothing teaches a core tool
        Example(
            {**wait_files(), "pyproject.toml": "[tool.doxtool]\nprompt-dirs = []\n"},
            [Expect("tools/wait.py", 4, "tool `wait` has no prompt; the model is never")],
        ),
        # an extension that only compares a tool's name with ``"wait"`` teaches nothing
        Example(
            {
                **{k: v for k, v in wait_files().items() if k != PROMPT},
                "extensions/python/tool_execute_before/_10_log.py": _NAME_EXTENSION,
            },
            [Expect("tools/wait.py", 4, "tool `wait` has no prompt")],
        ),
        # ``open`` there is a value of browser's ``action``, not the tool
        Example(
            {
                **browser_files("### browser\nSet `action` to one of:\n- `open`: args `url`\n"),
                "tools/open.py": WAIT_PY.replace("WaitTool", "OpenTool"),
            },
            [Expect("tools/open.py", 4, "tool `open` has no prompt")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        internal = set(ctx.config.internal_tools)
        for module in tool_modules(ctx):
            name = module.rsplit("/", 1)[-1].removesuffix(".py")
            if name in internal or not ctx.facts(module).parsed or not ctx.tools(module):
                continue
            # one index of who teaches what: any prompt set that reaches the
            # tool's agents, under any file name (``agent.system.tools_vision.md``)
            if any(ctx.teaches(s, name) for s in ctx.teaching_sets(module)):
                left_out = _taught_only_by_left_out(ctx, module, name)
                if left_out:
                    files = ", ".join(f"`{path}`" for path in left_out)
                    one = len(left_out) == 1
                    it = "it" if one else "them"
                    why = staged_apart_note(ctx, left_out) or (
                        f"git neither tracks {it} nor has {it} staged (`git add` {it})"
                    )
                    yield self.finding(
                        f"tool `{name}` has no prompt in the commit: only {files} "
                        f"teach{'es' if one else ''} it, and {why}",
                        module,
                        ctx.tools(module)[0].line,
                        subject=f"{module}:prompt",
                    )
                continue
            if stub_base(ctx, module, ctx.tools(module)[0]):
                continue  # a base other tools derive from, whose own ``execute`` only fails
            if any(taught_through_includes(ctx, s, name) for s in ctx.teaching_sets(module)):
                continue  # a prompt includes a file teaching it, or may
            if any(may_teach_unread(ctx, s, name) for s in ctx.teaching_sets(module)):
                continue  # a prompt read only in part names it (PRM011 reports the file)
            if may_teach_excluded(ctx, ctx.teaching_sets(module, excluded=True), name):
                continue  # an excluded prompt is there, not checked: it may teach it
            dirs = [s.directory for s in (*ctx.prompt_sets, *ctx.excluded_prompt_sets)]
            if code_loaded_prompts(ctx.project, name, dirs):
                continue  # the repository's code loads a prompt of its own for it
            if extension_taught(ctx.project, name):
                continue  # an extension writes text naming it into the prompt
            prompt_set = ctx.set_of_module(module)
            where = prompt_set.directory if prompt_set else next(iter(ctx.config.prompt_dirs), "")
            profile = ctx.project.profile_of_module(module)
            if profile is not None and (prompt_set is None or prompt_set.kind != "profile"):
                # a profile without a prompt directory: its own is where one goes
                where = profile_prompt_dir(ctx, profile) or where
            if not where:  # no core prompt directory: no prompt can reach the tool
                yield self.finding(
                    f"tool `{name}` has no prompt; the model is never taught to call it "
                    "(`prompt-dirs` is empty: name the core prompt directory there, "
                    "or list the tool in `internal-tools`)",
                    module,
                    ctx.tools(module)[0].line,
                    subject=f"{module}:prompt",
                )
                continue
            # the core set's files come from every configured prompt directory
            sources = prompt_set.sources if prompt_set and where == prompt_set.directory else None
            paths = [
                f"{d}/agent.system.tool.{name}.md" for d in dict.fromkeys([where, *(sources or ())])
            ]
            if any(ctx.unreadable_prompt(path, prompt_set) for path in paths):
                continue  # PRM011 reports the file itself
            if sparse.prompt_left_out(ctx, [where]):
                continue  # a prompt out of a sparse checkout is there, not read: it may teach it
            tool = ctx.tools(module)[0]
            path = next((p for p in paths if ctx.exists(p)), paths[0])
            if any(_prose_teaches(ctx, p, name) for p in paths if ctx.exists(p)):
                continue  # its own file calls it by name in prose (``Use `telegram_send```)
            if any(named_by_variable(ctx, p) for p in paths if ctx.exists(p)):
                continue  # its own file names a tool by a variable (``### {{tool_name}}``)
            # a profile's own prompts may teach it: that profile's model is told
            profiles = [*_teaching_profiles(ctx, module, name), *_plugin_profiles(ctx, name)]
            untold = (
                f"only the prompts of {_profile_names(profiles)} teach it, so agents of "
                "other profiles are never taught to call it"
                if profiles
                else "the model is never taught to call it"
            )
            if ctx.exists(path):
                message = (
                    f"tool `{name}` is taught by no prompt in `{where}/`; {untold} "
                    f"(`{path}` exists, but no `### {name}` heading, example or "
                    "list item in it names the tool: add one, or list it in `internal-tools`)"
                )
            elif not name_fits(ctx.project.root / path):  # no file can have that name
                message = (
                    f"tool `{name}` has no prompt in `{where}/`; {untold} "
                    f"(`agent.system.tool.{name}.md` would be a file name too long: teach "
                    f"it with a `### {name}` heading in another prompt of `{where}/`, or list "
                    "it in `internal-tools`)"
                )
            else:
                message = (
                    f"tool `{name}` has no prompt in `{where}/`; {untold} "
                    f"(add `{path}`, or list it in `internal-tools`)"
                )
            yield self.finding(
                message,
                module,
                class_line(tool),
                subject=f"{module}:prompt",
            )


def _prose_teaches(ctx: Context, path: str, name: str) -> bool:
    """Whether the prompt file named for tool ``name`` at ``path``, which
    names no tool in a heading or an example (its title is words, ``#
    Telegram Send Tool``), calls the tool by its name in its prose (``Use
    `telegram_send` to send``, ``### The `todo` tool``): the model reads it.
    A file titled for another tool, teaching an argument of that name, or
    whose prose calls another tool of the repository so too (``**Tool
    name:** `sleep```, then ``see also `wait```), tells no such thing."""
    doc = ctx.prompt(path)
    if doc is None or doc.tool_names or any(a.name == name for a in doc.arguments):
        return False
    # imported here: a check whose prompts come from the cache reads no prose
    from doxtool.prompts.prosenames import prose_names_tool, written_names

    text = ctx.prompt_text(path)
    if not prose_names_tool(text, name):
        return False
    others = (n for n in written_names(text) if n != name and ctx.tool_module(n) is not None)
    return not any(prose_names_tool(text, other) for other in others)


def _own_file_prose(ctx: Context, directory: str, name: str) -> bool:
    """Whether the prompt file of ``directory`` named for tool ``name``
    calls it by name in its prose (:func:`_prose_teaches`)."""
    path = f"{directory}/agent.system.tool.{name}.md"
    return ctx.exists(path) and _prose_teaches(ctx, path, name)


def _teaching_profiles(ctx: Context, module: str, name: str) -> list[PromptSet]:
    """The profiles' prompt sets, of those that do not reach every agent of
    ``module``, that teach the tool ``name``: a core tool taught in profile
    overrides only (``agents/hacker/prompts/agent.system.tool.scan.md``). A
    profile with a tool of its own by that name teaches that one, not
    ``module``'s, which its agents never run; nor does a profile whose tool
    listing shows none of the tool prompt files teaching it
    (:mod:`~doxtool.rules.profile_listing`)."""
    reaching = ctx.teaching_sets(module)
    return [
        s
        for s in ctx.prompt_sets
        if s.kind == "profile"
        and s not in reaching
        and ctx.tool_module(name, s) == module
        and (ctx.teaches(s, name) or _own_file_prose(ctx, s.directory, name))
        and not listing_leaves_out(ctx, s, _teachers(ctx, s, name))
    ]


def _teachers(ctx: Context, prompt_set: PromptSet, name: str) -> list[str]:
    """The files of ``prompt_set``'s own directory that teach the tool ``name``."""
    own = prompt_set.own_files()
    found = [p for f, p in own.items() if f != "AGENTS.md" and ctx.documents(p, name)]
    prose = own.get(f"agent.system.tool.{name}.md")
    if prose and prose not in found and _own_file_prose(ctx, prompt_set.directory, name):
        found.append(prose)
    return found


def _plugin_profiles(ctx: Context, name: str) -> list[PromptSet]:
    """A plugin's prompt directories for one agent profile
    (``plugins/<p>/agents/<profile>/prompts``) holding a prompt file that
    teaches the tool ``name``, as prompt sets of those profiles: that
    profile's model is told (a profile with a tool of its own by that name
    is told of that one)."""
    found: list[PromptSet] = []
    for profile, directory in plugin_profile_prompt_dirs(
        ctx.project, ctx.config.plugin_prompt_dirs
    ):
        own = ctx.project.profile_tool_modules.get(profile, [])
        if any(m.rsplit("/", 1)[-1] == f"{name}.py" for m in own):
            continue
        try:
            files = sorted(
                e.name
                for e in os.scandir(ctx.project.root / directory)
                if e.is_file(follow_symlinks=False)
            )
        except OSError:
            continue
        paths = [f"{directory}/{f}" for f in files if f.endswith(".md") and f != "AGENTS.md"]
        if any(name in ctx.taught_names(path) for path in paths) or _own_file_prose(
            ctx, directory, name
        ):
            found.append(PromptSet("profile", profile, directory))
    return found


def _profile_names(sets: list[PromptSet]) -> str:
    shown = ", ".join(f"`{s.name}` (`{s.directory}/`)" for s in sets)
    return f"profile{'s' if len(sets) > 1 else ''} {shown}"


def _taught_only_by_left_out(ctx: Context, module: str, name: str) -> list[str]:
    """The prompt files teaching the tool ``name`` of ``module`` when the next
    commit holds the module and none of them (the hook mode); else none."""
    if ctx.scope.committed is None or not ctx.scope.holds(module):
        return []
    teachers: list[str] = []
    for prompt_set in ctx.teaching_sets(module):
        for file_name, path in prompt_set.own_files().items():
            if file_name == "AGENTS.md" or path in teachers or not ctx.documents(path, name):
                continue
            if not ctx.left_out(path):
                return []
            teachers.append(path)
    return teachers


RULES: list[type[Rule]] = [ToolWithoutPrompt]
