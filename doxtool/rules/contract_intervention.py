"""DOX301: an external or long-running effect of a tool (a network call, a
subprocess, a wait, a model call) that a loop repeats with no
``handle_intervention`` between turns, read from the repeated
``ToolFacts.exposures`` (:mod:`doxtool.python.pacing`), and the message that
gives the paths of calls to both effects.
"""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.facts import Exposure, ToolFacts
from doxtool.core.findings import WARNING, Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.contract_scope import first, reported_where_defined, tools
from doxtool.rules.examples import with_files
from doxtool.run.context import Context


def _execute_line(module: str, tool: ToolFacts) -> tuple[str, int]:
    """Where a finding about the whole tool points: its ``execute``, else its class."""
    if tool.defined_in_path:
        return module, 1
    execute = tool.execute
    if execute is not None and execute.line and not execute.defined_in_path:
        return module, execute.line
    return module, tool.line


def _own_execute(tool: ToolFacts) -> bool:
    """Whether the tool's module holds its ``execute``, where an exposure's
    origin line is."""
    return tool.execute is not None and not tool.execute.defined_in_path


_POLL_TOOL = """\
import asyncio

from helpers.tool import Response, Tool


class PollTool(Tool):
    async def execute(self, **kwargs) -> Response:
        for _ in range(int(self.args.get("seconds", 10))):
            await asyncio.sleep(1)
            await self.agent.handle_intervention()
        return Response(message="waited", break_loop=False)
"""


def _unchecked_poll(values: str) -> str:
    """The poll tool without its check, going round ``values``."""
    return _POLL_TOOL.replace("            await self.agent.handle_intervention()\n", "").replace(
        'range(int(self.args.get("seconds", 10)))', values
    )


_REVIEW_TOOL = """\
import subprocess

from helpers.tool import Response, Tool


class ReviewTool(Tool):
    async def execute(self, **kwargs) -> Response:
        diff = subprocess.run(["git", "diff"], capture_output=True, text=True).stdout
        if not diff:
            await self.agent.handle_intervention()
        text = await self.agent.call_utility_model(system="Review.", message=diff)
        return Response(message=text or "nothing to say", break_loop=False)
"""


_FETCH_TOOL = """\
import asyncio

from helpers.tool import Response, Tool


class FetchTool(Tool):
    async def execute(self, **kwargs) -> Response:
        while True:
            page = await self.agent.call_utility_model(system="Next?", message="")
            if page:
                await asyncio.sleep(2)
            else:
                return Response(message="done", break_loop=False)
"""

_STATUS_TOOL = """\
import httpx

from helpers.tool import Response, Tool


class StatusTool(Tool):
    async def execute(self, **kwargs) -> Response:
        async with httpx.AsyncClient() as client:
            while True:
                state = (await client.get("https://jobs.example/1")).json()["state"]
                if state == "done":
                    return Response(message=state, break_loop=False)
                await self.agent.handle_intervention()
"""

_PAGES_TOOL = """\
import httpx

from helpers.tool import Response, Tool


class PagesTool(Tool):
    async def _pages(self, client):
        while True:
            await self.agent.handle_intervention()
            yield await client.get("https://jobs.example/pages")

    async def execute(self, **kwargs) -> Response:
        async with httpx.AsyncClient() as client:
            async for page in self._pages(client):
                await client.post("https://jobs.example/seen", json=page.json())
                if page.status_code == 204:
                    break
        return Response(message="read", break_loop=False)
"""

_SHELL_HELPER = """\
import subprocess


class Shell:
    def read(self) -> str:
        return subprocess.run(["tail", "-n1", "log"], capture_output=True, text=True).stdout
"""

_TAIL_TOOL = """\
from helpers.shell import Shell
from helpers.tool import Response, Tool


class TailTool(Tool):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.shell = Shell()

    async def execute(self, **kwargs) -> Response:
        while True:
            line = self.shell.read()
            if line:
                return Response(message=line, break_loop=False)
            await self.agent.handle_intervention()
"""

_REMOTE_HELPER = """\
import asyncio


class Connection:
    async def wait_done(self, task_id: str) -> dict:
        for _ in range(300):
            await asyncio.sleep(1)
        return {"id": task_id}

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return None


async def connect(url: str) -> Connection:
    return Connection()
"""

_REMOTE_TOOL = """\
from helpers.remote import connect
from helpers.tool import Response, Tool


class RemoteTask(Tool):
    async def execute(self, **kwargs) -> Response:
        async with await connect(self.args["url"]) as conn:
            final = await conn.wait_done("t1")
        return Response(message=str(final), break_loop=False)
"""


class InterventionBeforeEffect(Rule):
    code = "DOX301"
    name = "effect-without-intervention"
    summary = (
        "A tool repeats a network call, subprocess, wait or model call in a loop "
        "with no `handle_intervention` between turns"
    )
    severity = WARNING
    doc = """\
**What it checks.** A loop in a tool's `execute` (or in a method or helper
it calls) that goes round an external or long-running effect (a network
call, a subprocess, a wait: `asyncio.sleep`, `time.sleep`,
`asyncio.wait_for`, an awaited `.wait()`; a model call: `call_chat_model`,
`call_utility_model`) must reach an awaited
`self.agent.handle_intervention()` on every path from one turn's effect to
the next turn's. Paths are read from the statements: each arm of an `if`,
`match` or conditional expression, `break` and `continue`, the handlers of a
`try` after anything in its body that may raise. A check that comes only in
another branch, or only after the loop, does not cover it.
Calls into the tool's own methods and the repository's helper modules are
followed, three calls from `execute` (a call of one of the tool's methods
counts as one; the side-effect areas of DOX133 go further: the tool's
methods whole, then four calls into other modules), also a method of an
object the tool or a helper class keeps on itself when the module's
classes always make it from one class of the repository (`self.state =
ShellState()`, then `await self.state.read_output()` in the loop); the
message gives the path of calls to both effects, with their lines.

**What the framework does.** Agent Zero's `Agent.process_tools` (and
`helpers/parallel_tools.execute_tool_call`) awaits `handle_intervention()`
just before a tool's `execute` and just after it returns, so the first
effect of a tool is covered and no tool needs a check of its own for one
call. What the framework cannot do is check inside `execute`. A tool that
polls, retries or streams in a loop ignores a pause for as long as the loop
runs, which has no bound the framework knows: that is what this rule
reports. Two effects one after the other, once (a remote `stat` and the
`patch` it guards, an action and the screenshot that follows it), are not
reported: they are one operation, the pause waits at most for its end, and a
check between them can break it (a pause between a freshness check and the
write it guards makes the check stale). A loop over at most three values
written out (`for url in (primary, mirror):`) is taken as its turns written
one after another: it is reported only inside a loop that repeats it; one
over more (`for delay in (1, 2, 4, 8, 16):`, a retry) is a loop.

**Why it matters.** `tools/AGENTS.md`: use `await
self.agent.handle_intervention(...)` when a long-running or external result
should respect pause and intervention. A user who pauses the agent or
intervenes while a tool polls for minutes is ignored until it ends.

**Example.** `tools/poll.py` sleeps in a loop and checks for an
intervention on each turn: right. Without the check, the second turn's
`asyncio.sleep` follows the first with nothing between them.
`tools/review.py` runs `git diff` and then asks the utility model, once:
not reported.

A `handle_intervention` inside a helper that the tool calls counts where
the helper makes it (`helpers/wait.py` checks on each turn of its loop).

A method that sends (`get`, `post`, `request`, `send`, `stream` ...; not
`build_request` or `mount`) of a network library's client or session that
the function made (`async with httpx.AsyncClient() as client:` then
`await client.get(url)` in the loop; `requests.Session()`,
`aiohttp.ClientSession()`) is a network call; an asynchronous client's only
where it is awaited. The calls of a comprehension handed to `asyncio.gather`
(`gather(*(client.get(u) for u in urls))`) start at once: no turn comes
between them.

**Limits.** A call doxtool cannot follow (a library, a callback, a
function handed to another) is taken to do nothing that matters; so is
calling a generator, whose body runs between the turns of a loop over what
it gives (`async for page in self._pages():`): when that body may reach
`handle_intervention` (`tools/pages.py`), each turn may come after a check,
and none is reported; an
exception leaving a called function is taken to come before its effects
(which condition it carries is not known). `handle_intervention` must be
awaited: a coroutine that is never awaited checks nothing. When the tool's
`execute` is a plain `def` (older frameworks run a synchronous `execute` and
`handle_intervention`; `if self.agent.handle_intervention(): return ...`), a
call of it in a plain `def` checks; under an `async execute`, a plain `def`
helper calling it makes a coroutine that never runs, and the loop is
reported. A local name
every assignment binds to it (`check = self.agent.handle_intervention`, or
`getattr(self.agent, "handle_intervention", None)`) checks when awaited;
a parameter does not (it holds what a caller gives).

**Precision.** On the shared Agent Zero corpus (28 tool modules) it reports 3
findings, all right when read against the code: the polling loops of
`tools/parallel.py` (`await_parallel_jobs` sleeps 0.5 s a turn until every
job ends or 300 s pass), `tools/scheduler.py` (`wait_for_task` sleeps 1 s
a turn for up to 300 s) and `tools/a2a_chat.py` (the `AgentConnection`
that `connect_to_agent` returns polls the remote agent's task in
`wait_for_completion`, sleeping 2 s a turn for up to 300 s), none of which
checks. The tools that check in
their loops (`code_execution`, `wait`, `document_query`) are not reported.
Reporting every effect that follows another with no check gave 3 more, which
a maintainer would not change: `computer_use_remote`'s action, its settle
sleep of 0.1 s to 0.35 s and its screenshot, and `text_editor_remote`'s
remote `stat` and the `patch` it guards. 3 of 3: on by default.
"""
    valid = [
        Example(with_files({"tools/poll.py": _POLL_TOOL})),
        Example(with_files({"tools/review.py": _REVIEW_TOOL})),
        Example(with_files({"tools/tail.py": _TAIL_TOOL, "helpers/shell.py": _SHELL_HELPER})),
        Example(with_files({"tools/status.py": _STATUS_TOOL})),
        Example(with_files({"tools/pages.py": _PAGES_TOOL})),
        # the agent's check through a local name
        Example(
            with_files(
                {
                    "tools/poll.py": _POLL_TOOL.replace(
                        "        for _",
                        "        check = self.agent.handle_intervention\n        for _",
                    ).replace("await self.agent.handle_intervention()", "await check()")
                }
            )
        ),
        # a loop over values written out: each turn once, as statements one after another
        Example(with_files({"tools/poll.py": _unchecked_poll("(0.1, 0.2)")})),
    ]
    invalid = [
        # more values written out than a few statements: a retry loop
        Example(
            with_files({"tools/poll.py": _unchecked_poll("(1, 2, 4, 8)")}),
            [Expect("tools/poll.py", 9, "`asyncio.sleep` (a wait, line 9) again")],
        ),
        Example(
            with_files(
                {"tools/poll.py": _unchecked_poll('range(int(self.args.get("seconds", 10)))')}
            ),
            [Expect("tools/poll.py", 9, "`asyncio.sleep` (a wait, line 9) again")],
        ),
        # the turns of a loop around it repeat it
        Example(
            with_files(
                {
                    "tools/poll.py": _unchecked_poll("(0.1, 0.2)")
                    .replace(
                        "        for _", '        while self.args.get("again"):\n            for _'
                    )
                    .replace("            await asyncio", "                await asyncio")
                }
            ),
            [Expect("tools/poll.py", 10, "`asyncio.sleep` (a wait, line 10) again")],
        ),
        Example(
            with_files({"tools/fetch.py": _FETCH_TOOL}),
            [Expect("tools/fetch.py", 9, "right after `asyncio.sleep` (a wait, line 11)")],
        ),
        Example(
            with_files(
                {
                    "tools/tail.py": _TAIL_TOOL.replace(
                        "            await self.agent.handle_intervention()\n", ""
                    ),
                    "helpers/shell.py": _SHELL_HELPER,
                }
            ),
            [Expect("tools/tail.py", 12, "through `helpers.shell.Shell.read` (line 12) again")],
        ),
        Example(
            # a method of a network library's client talks to the server
            with_files(
                {
                    "tools/status.py": _STATUS_TOOL.replace(
                        "                await self.agent.handle_intervention()\n", ""
                    )
                }
            ),
            [Expect("tools/status.py", 10, "`client.get` (a network call, line 10) again")],
        ),
        Example(
            # a method of what a factory returns is named by its class
            with_files({"tools/remote.py": _REMOTE_TOOL, "helpers/remote.py": _REMOTE_HELPER}),
            [Expect("tools/remote.py", 8, "`helpers.remote.Connection.wait_done` (line 8)")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        for module, tool in tools(ctx):
            if not tool.exposures or reported_where_defined(ctx, tool):
                continue  # (a shim's class: reported in the tool module defining it)
            own = ctx.facts(module).module
            for exposure in tool.exposures:
                if not exposure.repeated:
                    continue  # one step after another, once: one operation
                if not first(seen, (module, exposure.path, exposure.line, exposure.effect)):
                    continue  # a subclass in the same module inherits it: said once
                path, line = _execute_line(module, tool)
                if line != 1 and path == module and exposure.origin and _own_execute(tool):
                    line = exposure.origin
                yield self.finding(
                    _exposure_message(tool, exposure, own, module),
                    path,
                    line,
                    subject=f"{module}:{tool.class_name}:intervention:"
                    f"{exposure.path}:{exposure.line}:{exposure.effect}",
                )


_EFFECT_NAMES = {
    "network": "a network call",
    "subprocess": "a subprocess",
    "wait": "a wait",
    "model call": "a model call",
}


def _calls(calls: list[str], lines: list[int], own: str, cls: str) -> str:
    """``self._poll`` (line 12) -> ``asyncio.sleep`` (line 30)."""
    prefix = f"{own}.{cls}."
    steps = []
    for index, call in enumerate(calls):
        shown = "self." + call[len(prefix) :] if call.startswith(prefix) else call
        line = lines[index] if index < len(lines) else 0
        steps.append(f"`{shown}` (line {line})" if line else f"`{shown}`")
    return " -> ".join(steps)


def _exposure_message(tool: ToolFacts, exposure: Exposure, own: str, module: str) -> str:
    cls = tool.class_name
    effect = exposure.calls[-1] if exposure.calls else exposure.effect
    what = _EFFECT_NAMES.get(exposure.effect, exposure.effect)
    where = f"line {exposure.line}" + (
        f" of {exposure.path}" if exposure.path and exposure.path != module else ""
    )
    through = ""
    if len(exposure.calls) > 1:
        through = f" through {_calls(exposure.calls[:-1], exposure.lines, own, cls)}"
    same = (
        exposure.after_path == exposure.path
        and exposure.after_line == exposure.line
        and exposure.after_calls == exposure.calls
        and exposure.after_lines == exposure.lines
    )
    if same:
        before = "again after an earlier turn of it"
    else:
        after = exposure.after_calls[-1] if exposure.after_calls else exposure.after
        after_what = _EFFECT_NAMES.get(exposure.after, exposure.after)
        after_where = f"line {exposure.after_line}" + (
            f" of {exposure.after_path}" if exposure.after_path not in ("", module) else ""
        )
        before = f"right after `{after}` ({after_what}, {after_where})"
        if len(exposure.after_calls) > 1:
            before += " through " + _calls(
                exposure.after_calls[:-1], exposure.after_lines, own, cls
            )
        if exposure.repeated:
            before += " in the loop's previous turn"
    return (
        f"`{cls}` can start `{effect}` ({what}, {where}){through} {before} with no "
        "`self.agent.handle_intervention()` between them: a pause or an intervention "
        "that comes meanwhile is not honoured"
    )


RULES: list[type[Rule]] = [InterventionBeforeEffect]
