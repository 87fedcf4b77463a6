"""The tool prompt files the PRM rules go through (in scope, each once, with the
prompt set that owns it, its list items naming values of a tool's arguments
read as such), the tool a prompt names, the tool modules that must be
taught, the arguments a prompt teaches that its tool never reads, the
prompts a profile with tools of its own inherits, and the wait and notes
prompt examples those rules start from."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from doxtool.core.facts import ARGUMENTS, EXECUTE, ToolFacts
from doxtool.prompts.model import PromptDoc, PromptTool, TaughtArgument
from doxtool.prompts.sets import WRAPPER_FILE, PromptSet, tool_key
from doxtool.prompts.values import with_values
from doxtool.rules.examples import WAIT_PY, with_files
from doxtool.run.context import Context

TEMPLATE = re.compile(r"\{\{.*?\}\}", re.DOTALL)

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


def wait_files(extra: dict[str, str] | None = None) -> dict[str, str]:
    """A repository with the wait tool, its prompt and the listing wrapper."""
    files = {
        "tools/wait.py": WAIT_PY,
        "prompts/agent.system.tool.wait.md": WAIT_PROMPT,
        "prompts/agent.system.tools.md": WRAPPER,
    }
    return with_files({**files, **(extra or {})})


BROWSER_PY = """\
from helpers.tool import Response, Tool


class BrowserTool(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "")
        if action == "open":
            return Response(message=self.args.get("url", ""), break_loop=False)
        if action == "wait":
            return Response(message=str(self.args.get("seconds", 1)), break_loop=False)
        return Response(message="unknown action", break_loop=False)
"""


def browser_files(prompt: str) -> dict[str, str]:
    """The wait tool, and a browser tool whose ``action`` takes ``open`` and
    ``wait`` (a value named like a tool), taught by ``prompt``."""
    browser = {"tools/browser.py": BROWSER_PY, "prompts/agent.system.tool.browser.md": prompt}
    return wait_files(browser)


def with_prompt(old: str, new: str) -> dict[str, str]:
    assert old in WAIT_PROMPT, old
    files = wait_files()
    files["prompts/agent.system.tool.wait.md"] = WAIT_PROMPT.replace(old, new)
    return files


PROMPT = "prompts/agent.system.tool.wait.md"

NOTES_PY = """\
from helpers.tool import Response, Tool


class Notes(Tool):
    async def execute(self, **kwargs) -> Response:
        action = self.args.get("action", "list")
        if ACTION == "write":
            return Response(message="saved", break_loop=False)
        elif ACTION == "list":
            return Response(message="notes", break_loop=False)
        else:
            return Response(message=f"unknown action {action}", break_loop=False)
"""

NOTES_PROMPT = """\
### notes
Keeps notes.
args: `action` (`list` or `write`)
~~~json
{"thoughts": ["save"], "headline": "Saving", "tool_name": "notes", "tool_args": VALUES}
~~~
"""


NOTES = "prompts/agent.system.tool.notes.md"


def notes_files(action: str, values: str) -> dict[str, str]:
    """The wait repository with a notes tool that compares ``action`` (the
    expression that stands for its value, ``action.lower()``) with ``write``
    and ``list``, and a prompt whose example gives it ``values``."""
    return wait_files(
        {
            "tools/notes.py": NOTES_PY.replace("ACTION", action),
            NOTES: NOTES_PROMPT.replace("VALUES", values),
        }
    )


#: the argument the framework fills from a ``tool:method`` name: its
#: ``normalize_tool_request`` (helpers/extract_tools.py) splits the name and
#: does ``tool_args.setdefault("action", method)``
METHOD_ARGUMENT = "action"
#: the key ``normalize_tool_request`` also copies into ``action`` when the
#: call gives no ``action`` (``tool_args["action"] = tool_args["method"]``)
METHOD_KEY = "method"


@dataclass(eq=False, repr=False)
class PromptFile:
    """A tool prompt file with the prompt set that owns it."""

    path: str
    doc: PromptDoc
    prompt_set: PromptSet


def prompt_files(ctx: Context, own_only: bool = True) -> list[PromptFile]:
    """Tool prompt files in scope, each once, with the set that owns it (found
    once per run: most prompt rules ask): every ``agent.system.tool.*.md``,
    and any other prompt file that holds a tool's section as they do
    (``agent.system.tools_vision.md``: :func:`has_tool_section`)."""
    return ctx.memo(("prompt_files", own_only), lambda: list(_prompt_files(ctx, own_only)))


def is_tool_prompt(name: str) -> bool:
    """Whether a prompt file's name is a tool prompt's (``agent.system.tool.*.md``)."""
    return name != WRAPPER_FILE and name.startswith("agent.system.tool.")


def _prompt_files(ctx: Context, own_only: bool) -> Iterator[PromptFile]:
    seen: set[str] = set()
    for prompt_set in ctx.prompt_sets:
        # a file out of scope is out of it in every set: only those in it are listed
        for name, path in ctx.in_scope(prompt_set, own_only).items():
            if path in seen or name == "AGENTS.md":
                continue
            tool_prompt = is_tool_prompt(name)
            if not tool_prompt and not ctx.taught_names(path):
                continue  # names no tool in a heading, an example or a list item
            seen.add(path)
            doc = ctx.prompt(path)
            if doc is None or ctx.read_in_part(path):  # PRM011 reports it
                continue
            doc = with_tool_values(ctx, doc, prompt_set)
            if tool_prompt or has_tool_section(doc):
                yield PromptFile(path, doc, prompt_set)


def has_tool_section(doc: PromptDoc) -> bool:
    """Whether a prompt teaches a tool in a section of its own: a ``###``
    heading naming it, under which an argument is taught or whose tool an
    example calls. A prompt file of another name than a tool prompt's is
    checked as one only then: an example alone (a reply's format in a
    message template) or a heading alone (``### includes`` over included
    text) is not teaching a tool's use."""
    called = {tool.name for tool in doc.tools if tool.source == "example"}
    return any(
        tool.source == "heading" and (tool.name in called or bool(doc.arguments_of(tool.name)))
        for tool in doc.tools
    )


def tool_facts(ctx: Context, name: str, prompt_set: PromptSet) -> tuple[str, ToolFacts] | None:
    module = ctx.tool_module(name, prompt_set)
    if module is None or not ctx.facts(module).parsed:
        return None
    # the class the framework runs: with two tool classes in the module
    # (a base and the real tool), the other one's reads are not the tool's
    tool = ctx.run_tool(module)
    return (module, tool) if tool is not None else None


def with_tool_values(ctx: Context, doc: PromptDoc, prompt_set: PromptSet) -> PromptDoc:
    """``doc`` with the list items naming values of their section tool's
    arguments read as values, as ``prompt_set``'s tools read them
    (:func:`~doxtool.prompts.values.with_values`)."""

    return with_values(doc, lambda name: ctx.dispatch(name, prompt_set))


def is_qualified_mcp_name(base: str) -> bool:
    """Whether a tool name is written ``server.tool``: Agent Zero splits such a
    name at its first dot and asks that MCP server for the tool before it
    looks for a module (helpers/mcp_handler.py ``_split_qualified_tool_name``)."""
    server, dot, tool = base.partition(".")
    return bool(dot and server and tool)


def mcp_servers(doc: PromptDoc) -> set[str]:
    """The MCP servers of the qualified ``server.tool`` names a prompt's
    headings and examples write: a heading naming one titles that server's
    tools, as Agent Zero's listing of MCP tools does (``### github`` over
    ``### github.create_issue:``, helpers/mcp_handler.py ``get_tools_prompt``);
    not a name an example calls as a tool of its own (``"tool_name": "github"``)."""
    bases = (tool.name.split(":", 1)[0] for tool in doc.tools)
    called = {tool.name for tool in doc.tools if tool.source == "example"}
    return {base.partition(".")[0] for base in bases if is_qualified_mcp_name(base)} - called


def mcp_named(doc: PromptDoc, tool: PromptTool) -> bool:
    """Whether ``tool``, a name ``doc`` writes, is an MCP server's: a
    qualified ``server.tool`` name; a heading naming the server of one the
    prompt writes (``### github`` over ``### github.create_issue:``); or a
    heading or list item naming the tool part of one the prompt writes in a
    heading, an example or a list item, or in a code span of its prose when
    it writes another tool of that server so, or qualifies more than one of
    its headings and list items by that server (``### create_issue`` beside
    ``call it as `github.create_issue``` and an example calling
    `github.create_pr`, or ``### create_pr`` beside `github.create_pr`),
    which Agent Zero looks up by the qualified name. Not a name an example
    calls as a tool of its own, nor one a code span of prose alone
    qualifies so (``### sleep`` beside ``pauses with `asyncio.sleep```,
    ``### count`` beside ```response.count```: Python, not a tool)."""
    base = tool.name.split(":", 1)[0]
    if is_qualified_mcp_name(base):
        return True
    if tool.source not in ("heading", "list") or base in _called(doc):
        return False
    if tool.source == "heading" and base in mcp_servers(doc):
        return True
    bases = [t.name.split(":", 1)[0] for t in doc.tools]
    as_tools = [name for name in bases if _QUALIFIED_RE.fullmatch(name)]
    in_prose = (m.name.split(":", 1)[0] for m in doc.mentions)
    in_prose = [name.partition(".") for name in in_prose if _QUALIFIED_RE.fullmatch(name)]
    titled = {t.name.split(":", 1)[0] for t in doc.tools if t.source in ("heading", "list")}
    parts: dict[str, set[str]] = {}
    for server, _, part in in_prose:
        parts.setdefault(server, set()).add(part)
    servers = {name.partition(".")[0] for name in as_tools}
    servers |= {server for server, named in parts.items() if len(named & titled) > 1}
    written = [*as_tools, *(f"{s}.{part}" for s, _, part in in_prose if s in servers)]
    return any(name.partition(".")[2] == base for name in written)


#: a qualified ``server.tool`` name as a prompt writes one (not a path,
#: ``tools/wait.py``)
_QUALIFIED_RE = re.compile(r"[\w-]+\.[\w-]+")


def _called(doc: PromptDoc) -> set[str]:
    """The names ``doc``'s examples call as tools, before any ``:``."""
    return {tool.name.split(":", 1)[0] for tool in doc.tools if tool.source == "example"}


def framework_elsewhere(ctx: Context) -> bool:
    """Whether the framework the tools run in lies outside the repository: tool
    bases are configured and the module of none of them is here (a plugin's or
    an agent profile's own repository, installed into a checkout). The
    framework's own tools are there at run time, out of sight: a tool no module
    here provides may be one of them."""
    bases = ctx.config.tool_bases
    return bool(bases) and not any(
        ctx.project.module_path(base.rpartition(".")[0]) for base in bases
    )


def documented_tools(doc: PromptDoc) -> list[str]:
    return [t.name for t in doc.tools if t.source == "heading"] or doc.tool_names


def profile_prompt_dir(ctx: Context, profile: str) -> str | None:
    """The prompt directory agent profile ``profile`` would have: the first
    ``profile-prompt-dirs`` pattern with one wildcard part, filled in."""
    for pattern in ctx.config.profile_prompt_dirs:
        parts = pattern.strip("/").split("/")
        wild = [i for i, part in enumerate(parts) if any(c in part for c in "*?[")]
        if len(wild) == 1 and parts[wild[0]] == "*":
            parts[wild[0]] = profile
            return "/".join(parts)
    return None


def listed_tools(ctx: Context, prompt: PromptFile) -> list[PromptTool]:
    """The list items of a prompt that name a tool as surely as a heading:
    an item with its arguments (``- `memory_delete`: arg `ids```) in a list
    where another item with its arguments names a tool that exists (a list
    of tools, not of a tool's methods or of arguments)."""

    def exists(item: PromptTool) -> bool:
        base = item.name.split(":", 1)[0]
        return bool(ctx.tool_module(base, prompt.prompt_set)) or ctx.excluded_tool(
            base, prompt.prompt_set
        )

    items = [item for item in prompt.doc.listed if item.with_args and item.group]
    tools = {(item.group, item.name) for item in items if exists(item)}
    return [
        item
        for item in items
        if any(group == item.group and name != item.name for group, name in tools)
    ]


def unread_arguments(
    ctx: Context, doc: PromptDoc, prompt_set: PromptSet
) -> Iterator[tuple[TaughtArgument, str, str]]:
    """The arguments ``doc`` teaches that the tool they are taught for (in
    ``prompt_set``) never reads, each with that tool's name and module."""
    for taught in doc.arguments:
        # taught under no tool's heading past a second tool's (``### Notes``
        # after ``### fetch`` in a file teaching ``wait`` first): whose it is
        # is not known
        unowned = after_another_tool(doc, taught.line)
        if taught.tool is None and unowned:
            continue
        tool_name = taught.tool or next(iter(documented_tools(doc)), None)
        found = tool_facts(ctx, tool_name, prompt_set) if tool_name else None
        if found is None and taught.step:
            if unowned:
                continue
            # under ``### 1. decide``, a step of the prompt's tool: its argument
            tool_name = next(iter(documented_tools(doc)), None)
            found = tool_facts(ctx, tool_name, prompt_set) if tool_name else None
        if tool_name and found is not None and not may_read(found[1], taught.name):
            if taught.step and _prompt_tool_reads(ctx, doc, prompt_set, taught.name):
                continue  # ``### 1. search`` may be a step of the prompt's tool, which reads it
            yield taught, tool_name, found[0]


def after_another_tool(doc: PromptDoc, line: int) -> bool:
    """Whether the last tool's heading before ``line`` is that of a tool
    other than the prompt's own (its first heading's): a section there that
    no tool's heading titles may be that tool's as well as the first's. Past
    the own tool's heading again (``### wait``, ``### fetch``, ``### wait``)
    it is the own tool's, as before any other."""
    headings = [t for t in doc.tools if t.source in ("heading", "title")]
    if not headings:
        return False
    first = headings[0].name
    before = [t for t in headings if t.line < line]
    return bool(before) and max(before, key=lambda t: t.line).name != first


def _prompt_tool_reads(ctx: Context, doc: PromptDoc, prompt_set: PromptSet, name: str) -> bool:
    """Whether the prompt's own tool (its first heading's) reads ``name``."""
    own = next(iter(documented_tools(doc)), None)
    found = tool_facts(ctx, own, prompt_set) if own else None
    return found is not None and may_read(found[1], name)


def may_read(tool: ToolFacts, name: str) -> bool:
    """Whether the tool reads argument ``name``, or may: it reads keys doxtool
    cannot name, or hands its arguments to code no one can follow. A
    ``method`` reaches a tool that reads ``action``: the framework copies it
    there when the call gives no ``action``. One whose ``execute`` (or its
    arguments: it calls a mixin's method) is not known, bound in a way
    doxtool does not read or in code it cannot see, may read any."""
    if tool.argument(name) is not None or bool(tool.dynamic_reads or tool.other_arguments):
        return True
    if not tool.knows(EXECUTE) or (tool.execute is not None and not tool.knows(ARGUMENTS)):
        return True
    return name == METHOD_KEY and tool.argument(METHOD_ARGUMENT) is not None


def profile_modules(ctx: Context, base: str) -> dict[str, str]:
    """Agent profile -> its own tool module named ``base`` (``<base>.py``)."""
    found: dict[str, str] = {}
    for profile, modules in ctx.project.profile_tool_modules.items():
        for module in modules:
            if module.rsplit("/", 1)[-1] == f"{base}.py":
                found.setdefault(profile, module)
    return found


def inherited_prompts(ctx: Context) -> Iterator[tuple[str, PromptDoc, PromptSet, list[str]]]:
    """(path, prompt, profile's set, the profile's own tool modules) of each
    tool prompt in scope that a profile with tools of its own inherits (a
    core or plugin one, no own file of that name): the framework teaches the
    profile's tools by it."""
    for prompt_set in ctx.prompt_sets:
        own_tools = ctx.project.profile_tool_modules.get(prompt_set.name, [])
        if prompt_set.kind != "profile" or not own_tools:
            continue
        own = prompt_set.own_files()
        for file_name, path in ctx.in_scope(prompt_set, own_only=False).items():
            doc = ctx.prompt(path) if tool_key(file_name) is not None else None
            if doc is None or own.get(file_name) == path:
                continue  # a profile's own prompt is checked as such
            yield path, with_tool_values(ctx, doc, prompt_set), prompt_set, own_tools


def method_notes(reads_method: bool) -> dict[str, str]:
    """The notes repository whose example calls ``notes:erase`` with no
    ``action``; its tool takes ``erase`` from ``self.method`` when
    ``reads_method``."""
    files = notes_files("action", "{}")
    files[NOTES] = files[NOTES].replace('"tool_name": "notes"', '"tool_name": "notes:erase"')
    if reads_method:
        files["tools/notes.py"] = files["tools/notes.py"].replace(
            "        action = ",
            '        if self.method == "erase":\n'
            '            return Response(message="erased", break_loop=False)\n'
            "        action = ",
        )
    return files


def calling_response(lead: str) -> dict[str, str]:
    """The wait prompt whose example, led by ``lead``, calls ``response``."""
    return with_prompt(
        'usage:\n~~~json\n{\n    "thoughts": ["I must wait."],\n    "headline": "Waiting",\n'
        '    "tool_name": "wait"',
        f'{lead}\n~~~json\n{{\n    "thoughts": ["I must wait."],\n    "headline": "Waiting",\n'
        '    "tool_name": "response"',
    )


APPS_PY = """\
from helpers.tool import Response, Tool


class Apps(Tool):
    async def execute(self, **kwargs) -> Response:
        app = self.args.get("app", "")
        self.agent.open(app)
        if app == "browser":
            return Response(message="browser ready", break_loop=False)
        if app == "terminal":
            return Response(message="terminal ready", break_loop=False)
        return Response(message=f"unknown app {app}", break_loop=False)
"""


def apps_files(hands_first: bool) -> dict[str, str]:
    """The wait repository with an apps tool that tests ``app`` for two
    values, handing it first to a call when ``hands_first``, and a prompt
    whose example opens ``dashboard``."""
    code = APPS_PY if hands_first else APPS_PY.replace("        self.agent.open(app)\n", "")
    prompt = (
        '### apps\nOpens apps.\n~~~json\n{"tool_name": "apps", "tool_args": {"app": "dashboard"}}'
        "\n~~~\n"
    )
    return wait_files({"tools/apps.py": code, "prompts/agent.system.tool.apps.md": prompt})
