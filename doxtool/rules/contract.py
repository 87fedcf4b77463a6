"""DOX3xx: the tool contract of ``tools/AGENTS.md`` (intervention, destructive
effects, terminal answers), read from the facts of each tool.

The rules read only the public fields of :class:`~doxtool.core.facts.ToolFacts`
(``exposures`` from :mod:`doxtool.python.pacing`, ``destructive``, ``side_effects``,
``effects``, ``outcomes``, ``raises``): whatever the extraction learns to see
(effects reached through the repository's helper modules, say) reaches these
rules unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from doxtool.companions.factlines import detected_area
from doxtool.companions.model import Companion
from doxtool.core.facts import EffectEvidence, Exposure, ModuleFacts, Outcome, ToolFacts
from doxtool.core.findings import WARNING, Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import with_files
from doxtool.run.context import Context

#: effect areas that destroy data, as the facts name them
DESTRUCTIVE_AREAS = ("filesystem delete",)
#: how a companion's prose says that something is deleted or destroyed
_DESTRUCTIVE_WORDS = re.compile(
    r"\b(?:delet\w*|remov\w*|eras\w*|destroy\w*|destructive\w*|wip(?:e|es|ed|ing)\b|"
    r"purg\w*|unlink\w*|rmtree)",
    re.IGNORECASE,
)


#: fact areas -> how the module outline's effect evidence names them
_EVIDENCE_AREAS = {"filesystem delete": ("filesystem deletion",)}


@dataclass
class Reach:
    """An effect a tool reaches, and the calls that show it: the call path
    when the facts record one, else a call of the module that performs it."""

    what: str
    via: list[str] = field(default_factory=list)
    #: line of the call that performs it in the tool's module (0: not known)
    line: int = 0

    def describe(self) -> str:
        path = " -> ".join(f"`{step}`" for step in self.via)
        if not path:
            return self.what
        at = f" at line {self.line}" if self.line else ""
        return f"{self.what} (through {path}{at})"


def _evidence(facts: ModuleFacts, area: str) -> EffectEvidence | None:
    """The first call of the module that shows ``area`` (an import shows no
    call), if its outline has one."""
    names = _EVIDENCE_AREAS.get(area, ())
    outline = facts.outline
    if outline is None:
        return None
    calls = (e for e in outline.effects if e.area in names and not _is_import(e.via))
    return next(calls, None)


def _is_import(via: str) -> bool:
    return via.startswith(("import ", "from "))


def _reach(facts: ModuleFacts, tool: ToolFacts, area: str) -> Reach:
    """How the tool reaches ``area``: the path of calls its facts record
    (through the repository's helper modules), else a call of its module
    that performs it, else the area alone."""
    effect = next((e for e in tool.effects if e.area == area and e.calls), None)
    if effect is not None:
        return Reach(area, list(effect.calls), effect.line if effect.path is None else 0)
    evidence = _evidence(facts, area)
    if evidence is None:
        return Reach(area)
    return Reach(area, [evidence.via], evidence.line)


def destructive_reach(facts: ModuleFacts, tool: ToolFacts) -> list[Reach]:
    """Deletions (side-effect areas), killed processes and overwritten files
    (``ToolFacts.destructive``), each with the calls that reach it."""
    reach = [_reach(facts, tool, area) for area in tool.side_effects if area in DESTRUCTIVE_AREAS]
    seen: set[str] = set()
    for effect in tool.destructive:
        if effect.area in seen:
            continue
        seen.add(effect.area)
        reach.append(
            Reach(effect.area, list(effect.calls), effect.line if effect.path is None else 0)
        )
    return reach


def _tool_modules(ctx: Context) -> list[str]:
    """The tool modules in scope, the agent profiles' own tools included
    (``profile-tool-dirs``): the framework runs them like any other."""
    modules = list(ctx.tool_modules)
    known = set(modules)
    scope = ctx.scope.modules
    for profile in ctx.project.profile_tool_modules.values():
        for module in profile:
            if module not in known and (scope is None or module in scope):
                known.add(module)
                modules.append(module)
    return modules


def _tools(ctx: Context) -> Iterator[tuple[str, ToolFacts]]:
    for module in _tool_modules(ctx):
        if not ctx.facts(module).parsed:
            continue
        for tool in ctx.tools(module):
            yield module, tool


def _execute_line(module: str, tool: ToolFacts) -> tuple[str, int]:
    """Where a finding about the whole tool points: its ``execute``, else its class."""
    if tool.defined_in_path:
        return module, 1
    execute = tool.execute
    if execute is not None and execute.line and not execute.defined_in_path:
        return module, execute.line
    return module, tool.line


def _first(seen: set[object], key: object) -> bool:
    """Whether ``key`` is new (and now seen): tool classes of one module that
    share code share its findings, which are reported once."""
    if key in seen:
        return False
    seen.add(key)
    return True


def _tool_module(module: str) -> str:
    return module.rsplit("/", 1)[-1]


_RESPONSE_TOOL = """\
from helpers.errors import RepairableException
from helpers.tool import Response, Tool


class ResponseTool(Tool):
    async def execute(self, **kwargs) -> Response:
        text = str(self.args.get("text") or "").strip()
        if not text:
            raise RepairableException("The answer goes in `text`.")
        return Response(message=text, break_loop=True)
"""

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

_CLEAN_TOOL = """\
import os

from helpers.tool import Response, Tool


class CleanTool(Tool):
    async def execute(self, **kwargs) -> Response:
        path = self.args.get("path", "")
        os.remove(path)
        return Response(message=f"removed {path}", break_loop=False)
"""

_STOP_TOOL = """\
import subprocess

from helpers.tool import Response, Tool


class StopTool(Tool):
    async def execute(self, **kwargs) -> Response:
        server = subprocess.Popen(["python", "-m", "http.server"])
        server.terminate()
        return Response(message="stopped", break_loop=False)
"""

_SAVE_TOOL = """\
from pathlib import Path

from helpers.tool import Response, Tool


class SaveTool(Tool):
    async def execute(self, path: str = "", content: str = "", **kwargs) -> Response:
        Path(path).write_text(content)
        return Response(message=f"saved {path}", break_loop=False)
"""

_CLEAN_DOX = """\
# clean.py DOX

## Purpose
- Own the `clean.py` agent tool.

## Runtime Contracts
- Observed side-effect areas: {areas}.

## Work Guidance
- {guidance}
"""


class InterventionBeforeEffect(Rule):
    code = "DOX301"
    name = "effect-without-intervention"
    summary = (
        "A tool starts a network call, subprocess, wait or model call after another "
        "with no `handle_intervention` between them"
    )
    severity = WARNING
    doc = """\
**What it checks.** Every external or long-running effect a tool's `execute`
reaches (a network call, a subprocess, a wait: `asyncio.sleep`,
`time.sleep`, `asyncio.wait_for`, an awaited `.wait()`; a model call:
`call_chat_model`, `call_utility_model`) has an awaited
`self.agent.handle_intervention()` before it on every path since the
previous such effect. Paths are read from the statements: each arm of an
`if`, `match` or conditional expression, the next turn of a loop, the
handlers of a `try` after anything in its body that may raise. A check that
comes only after the effect, or only in another branch, does not cover it.
Calls into the tool's own methods and the repository's helper modules are
followed (four calls deep); the message gives the path of calls to both
effects, with their lines.

**What the framework does.** Agent Zero's `Agent.process_tools` (and
`helpers/parallel_tools.execute_tool_call`) awaits `handle_intervention()`
just before a tool's `execute` and just after it returns, so the first
effect of a tool is covered and no tool needs a check of its own for one
call. What the framework cannot do is check between two effects inside
`execute`: a polling loop that sleeps, a second model call, a remote
operation after another. That is what this rule reports.

**Why it matters.** `tools/AGENTS.md`: use `await
self.agent.handle_intervention(...)` when a long-running or external result
should respect pause and intervention. A user who pauses the agent or
intervenes while a tool polls for minutes is ignored until it ends.

**Example.** `tools/poll.py` sleeps in a loop and checks for an
intervention on each turn: right. Without the check, the second turn's
`asyncio.sleep` follows the first with nothing between them.

A `handle_intervention` inside a helper that the tool calls counts where
the helper makes it (`helpers/wait.py` checks on each turn of its loop).

**Limits.** A call doxtool cannot follow (a library, a callback, a
function handed to another) is taken to do nothing that matters; an
exception leaving a called function is taken to come before its effects
(which condition it carries is not known). `handle_intervention` must be
awaited: a coroutine that is never awaited checks nothing.

**Precision.** On the shared Agent Zero corpus (28 tool modules) it reports 5
findings, all right when read against the code: the polling loops of
`tools/parallel.py` (`await_parallel_jobs`) and `tools/scheduler.py`
(`wait_for_task`), which sleep turn after turn until every job ends or
the timeout; `computer_use_remote`, which waits for a remote operation,
sleeps to let the screen settle and waits for a second one (2 findings);
`text_editor_remote`, whose patch waits for a remote `stat` and then for
the remote `patch`. The tools that check in their loops (`code_execution`,
`wait`, `document_query`) are not reported. 5 of 5: on by default.
"""
    valid = [Example(with_files({"tools/poll.py": _POLL_TOOL}))]
    invalid = [
        Example(
            with_files(
                {
                    "tools/poll.py": _POLL_TOOL.replace(
                        "            await self.agent.handle_intervention()\n", ""
                    )
                }
            ),
            [Expect("tools/poll.py", 9, "`asyncio.sleep` (a wait, line 9) again")],
        ),
        Example(
            with_files({"tools/review.py": _REVIEW_TOOL}),
            [Expect("tools/review.py", 11, "right after `subprocess.run` (a subprocess")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        for module, tool in _tools(ctx):
            if not tool.exposures:
                continue
            own = ctx.facts(module).module
            for exposure in tool.exposures:
                if not _first(seen, (exposure.path, exposure.line, exposure.effect)):
                    continue  # a subclass in the same module inherits it: said once
                path, line = _execute_line(module, tool)
                if line != 1 and path == module and exposure.origin:
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
    return (
        f"`{cls}` can start `{effect}` ({what}, {where}){through} {before} with no "
        "`self.agent.handle_intervention()` between them: a pause or an intervention "
        "that comes meanwhile is not honoured"
    )


class DestructiveEffectUndocumented(Rule):
    code = "DOX302"
    name = "destructive-effect-undocumented"
    summary = (
        "A tool deletes files, kills processes or overwrites the files it is given, "
        "and its companion does not say so"
    )
    severity = WARNING
    default_enabled = False
    doc = """\
**What it checks.** A tool whose `execute` reaches a destructive effect has
a companion that makes it explicit, in its "Observed side-effect areas:"
line or in prose outside the fact lines:

- deleting files (`os.remove`, `shutil.rmtree`, `Path.unlink`, ...):
  `filesystem deletion`, or prose that speaks of deleting, removing,
  erasing, wiping or purging;
- killing processes (`os.kill`, `os.killpg`, `signal.pthread_kill`;
  `.kill()`, `.terminate()`, `.send_signal()` on a process the code made
  with `subprocess.Popen`, `asyncio.create_subprocess_*`, `psutil.Process`
  or got from `psutil.process_iter()`; a subprocess running `kill`, `pkill`
  or `killall` named literally): an area that says so (`subprocess/runtime
  control`), or prose about killing, terminating or signalling;
- overwriting the file the tool's arguments name (`open(path, "w")`,
  `Path(path).write_text()`, `write_bytes()`, `shutil.copy`, `copy2`,
  `copyfile`, `move`, `os.replace`, `os.rename` onto it, where `path` is
  `self.args[...]`, an argument of `execute`, or made from one by `str()`,
  `Path()`, `/`, `os.path.join` and the like, or handed to a helper that
  does it): `filesystem writes`, or prose about writing, saving,
  overwriting or replacing.

A path made up with other text (an f-string, a unique suffix) is a new
file, not the one the tool was given, and is not reported; nor is a
receiver whose kind doxtool cannot see. Effects reached through the
repository's helpers count; the message names the path of calls. A tool
without a companion is not checked (DOX001 asks for one where the
directory is file-documented).

**Why it matters.** `tools/AGENTS.md`: do not perform destructive
filesystem or network actions without the tool contract making that
behaviour explicit. The companion is where a maintainer or reviewer reads
the contract.

**Example.** `tools/clean.py` calls `os.remove(path)`; its companion says
"Observed side-effect areas: none." and never mentions deletion.

**Limits.** A function handed to another to call
(`runtime.call_development_function(write_file, path, ...)`) is not
followed, so the text editor plugin's writes are not seen.

**Precision, and why it is off by default.** On the shared Agent Zero
corpus it reports nothing. Of the tools that delete, kill or overwrite,
`scheduler` (through `persist_chat.remove_chat` -> `files.delete_dir` ->
`shutil.rmtree`) says so in its companion, rightly not reported;
`office_artifact` (deletes, and overwrites the document at the `path` it
is given through `document_store.create_document` -> `_write_atomic` ->
`os.replace`) and `text_editor` live in plugin directories whose tools
have no companions, which this rule does not ask for. With no finding to
read, its precision is unmeasured. Select it with `--select DOX302`.
"""
    valid = [
        Example(
            with_files(
                {
                    "tools/clean.py": _CLEAN_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="none", guidance="Deletes the file it is given; nothing else."
                    ),
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/clean.py": _CLEAN_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="filesystem deletion", guidance="Keep it small."
                    ),
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/clean.py": _STOP_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="subprocess/runtime control", guidance="Keep it small."
                    ),
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/clean.py": _SAVE_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="none", guidance="Overwrites the file at `path`."
                    ),
                }
            )
        ),
        Example(
            with_files(
                {
                    "tools/clean.py": _SAVE_TOOL.replace(
                        "Path(path).write_text(content)",
                        'Path(f"{path}-{uuid4()}.bak").write_text(content)',
                    ).replace(
                        "from pathlib import Path\n",
                        "from pathlib import Path\nfrom uuid import uuid4\n",
                    ),
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="none", guidance="Keep it small."
                    ),
                }
            )
        ),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/clean.py": _CLEAN_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="none", guidance="Keep it small."
                    ),
                }
            ),
            [Expect("tools/clean.py.dox.md", 7, "filesystem delete")],
        ),
        Example(
            with_files(
                {
                    "tools/clean.py": _STOP_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="subprocess", guidance="Keep it small."
                    ),
                }
            ),
            [Expect("tools/clean.py.dox.md", 7, "process kill (through `server.terminate`")],
        ),
        Example(
            with_files(
                {
                    "tools/clean.py": _SAVE_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="none", guidance="Keep it small."
                    ),
                }
            ),
            [Expect("tools/clean.py.dox.md", 7, "file overwrite (through `write_text`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        for module, tool in _tools(ctx):
            reach = destructive_reach(ctx.facts(module), tool)
            if not reach:
                continue
            path = ctx.companion_path(module)
            companion = ctx.companion(path)
            if companion is None or not _first(seen, path):
                continue
            reach = [r for r in reach if not _says_destructive(companion, r.what)]
            if not reach:
                continue
            block = next((b for b in companion.blocks if b.kind == "side-effects"), None)
            effects = ", ".join(r.describe() for r in reach)
            asks = " or ".join(dict.fromkeys(_ASK[r.what] for r in reach))
            yield self.finding(
                f"`{tool.class_name}` ({module}) reaches {effects}, but the companion does "
                f"not make it explicit: {asks}",
                path,
                block.line if block is not None else 1,
                subject=f"{module}:{tool.class_name}:destructive",
            )


#: per destructive area: the side-effect areas and the prose that make it explicit
_EXPLICIT: dict[str, tuple[frozenset[str], re.Pattern[str]]] = {
    "filesystem delete": (frozenset({"filesystem deletion"}), _DESTRUCTIVE_WORDS),
    "process kill": (
        frozenset(),
        re.compile(r"\b(?:kill\w*|pkill|terminat\w*|signal\w*|SIG[A-Z]+)", re.IGNORECASE),
    ),
    "file overwrite": (
        frozenset({"filesystem writes"}),
        re.compile(
            r"\b(?:overwrit\w*|replac\w*|truncat\w*|writ(?:e|es|ing|ten)\b|sav(?:e|es|ed|ing)\b)",
            re.IGNORECASE,
        ),
    ),
}
#: per destructive area: what the message asks for
_ASK = {
    "filesystem delete": "list `filesystem deletion` among the observed side-effect areas "
    "or say what it deletes",
    "process kill": "say which processes it kills",
    "file overwrite": "list `filesystem writes` among the observed side-effect areas "
    "or say which files it overwrites",
}


def _says_destructive(companion: Companion, area: str) -> bool:
    """Whether the companion makes a destructive area explicit: in its
    side-effect line (``filesystem deletion``; for killing processes an area
    that speaks of it, such as ``subprocess/runtime control``), or in prose
    outside the fact lines (where names of methods and helpers are)."""
    areas, words = _EXPLICIT[area]
    for block in companion.blocks:
        if block.kind != "side-effects":
            continue
        for value in block.values or []:
            if not isinstance(value, str):
                continue
            if detected_area(value) in areas:
                return True
            if area == "process kill" and re.search(
                r"runtime control|process control|kill|terminat", value, re.IGNORECASE
            ):
                return True
    facts = set()
    for block in [*companion.blocks, *companion.duplicates]:
        facts.update(range(block.start, block.end))
    for index, line in enumerate(companion.lines):
        if index in facts or companion.in_code(index):
            continue
        if words.search(line):
            return True
    return False


def _answer_unguarded(tool: ToolFacts, outcome: Outcome) -> bool:
    if outcome.break_loop is False or outcome.message not in ("argument", "blank"):
        return False
    # a guard anywhere in the tool counts (a validating method called first):
    # which condition it tests is not known, so a guard is never doubted
    return not any(r.repairable for r in tool.raises)


class TerminalAnswerUnguarded(Rule):
    code = "DOX303"
    name = "terminal-answer-unguarded"
    summary = (
        "A tool can end the turn with an empty answer instead of raising `RepairableException`"
    )
    doc = """\
**What it checks.** A `Response` that ends the turn (`break_loop` true, or
decided at run time) whose message is a tool argument as the model sent it,
or a blank literal, belongs to a tool that raises `RepairableException` (the
guard for an empty or missing answer; a raise anywhere in the code the tool
runs counts, whatever it tests). An answer tested before it is returned
(`if not text: return Response("...", break_loop=False)` or `raise ...`) is
not empty there and is not reported; neither is a message with text of its
own (`f"Task started: {uuid}"`) or one the code computes, which is not the
model's answer.

**Why it matters.** The contract of the final answer: when the model sends
no text, the framework must ask it for a corrected call instead of ending the
turn with nothing, or with a `KeyError` that nothing repairs.

**Example.** `return Response(message=self.args["text"] if "text" in
self.args else self.args["message"], break_loop=True)`: `text: ""` ends the
turn with an empty answer, and a call with neither key fails with `KeyError`.

**Precision.** On the shared Agent Zero corpus it reports 2 findings, both
right: `tools/response.py:7` and `agents/_example/tools/response.py:11`
return the model's `text` / `message` with `break_loop=True` and no guard
(an empty `text` ends the turn with nothing; neither key raises `KeyError`).
`scheduler`'s run-time `break_loop` carries `f"Task started: ..."` and is
not reported. 2 of 2: on by default.
"""
    valid = [
        Example(with_files({"tools/response.py": _RESPONSE_TOOL})),
        Example(
            with_files(
                {
                    "tools/task_done.py": _RESPONSE_TOOL.replace(
                        '        text = str(self.args.get("text") or "").strip()\n'
                        "        if not text:\n"
                        '            raise RepairableException("The answer goes in `text`.")\n'
                        "        return Response(message=text, break_loop=True)\n",
                        '        stop = bool(self.args.get("stop"))\n'
                        '        return Response(message=f"Done: {stop}", break_loop=stop)\n',
                    )
                }
            )
        ),
    ]
    invalid = [
        Example(
            with_files(
                {
                    "tools/response.py": _RESPONSE_TOOL.replace(
                        "        if not text:\n"
                        '            raise RepairableException("The answer goes in `text`.")\n',
                        "",
                    )
                }
            ),
            [Expect("tools/response.py", 8, "raise `RepairableException`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        for module, tool in _tools(ctx):
            for outcome in tool.outcomes:
                if not _answer_unguarded(tool, outcome):
                    continue
                if not _first(seen, (outcome.path or module, outcome.line, outcome.column)):
                    continue  # the same return, inherited by another class
                ends = "ends the turn" if outcome.break_loop is True else "can end the turn"
                what = (
                    "an empty message"
                    if outcome.message == "blank"
                    else "the answer exactly as the model sent it, which may be empty or missing"
                )
                yield self.finding(
                    f"`{tool.class_name}` ({_tool_module(module)}) {ends} with {what}; "
                    f"raise `RepairableException` when there is no answer (`{outcome.function}`)",
                    outcome.path or module,
                    outcome.line,
                    outcome.column,
                    subject=f"{module}:{tool.class_name}:terminal:{outcome.function}",
                )


RULES: list[type[Rule]] = [
    InterventionBeforeEffect,
    DestructiveEffectUndocumented,
    TerminalAnswerUnguarded,
]
