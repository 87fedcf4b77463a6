"""DOX3xx: the tool contract of ``tools/AGENTS.md`` (intervention, destructive
effects, terminal answers), read from the facts of each tool.

The rules read effects only through the public fields of
:class:`~doxtool.facts.ToolFacts` (``side_effects``, ``intervention``,
``helpers``, ``outcomes``, ``raises``): whatever the extraction learns to see
(effects reached through the repository's helper modules, say) reaches these
rules unchanged.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from doxtool.companion import Companion
from doxtool.context import Context
from doxtool.factlines import detected_area
from doxtool.facts import EffectEvidence, ModuleFacts, Outcome, ToolFacts
from doxtool.findings import WARNING, Finding
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.examples import with_files

#: effect areas that reach outside the agent: a paused agent must wait for them
EXTERNAL_AREAS = ("network", "subprocess")
#: effect areas that destroy data
DESTRUCTIVE_AREAS = ("filesystem delete",)
#: the agent's methods that call a language model
MODEL_CALLS = frozenset({"call_chat_model", "call_utility_model"})
#: how a companion's prose says that something is deleted or destroyed
_DESTRUCTIVE_WORDS = re.compile(
    r"\b(?:delet\w*|remov\w*|eras\w*|destroy\w*|destructive\w*|wip(?:e|es|ed|ing)\b|"
    r"purg\w*|unlink\w*|rmtree)",
    re.IGNORECASE,
)


#: fact areas -> how the module outline's effect evidence names them
_EVIDENCE_AREAS = {
    "network": ("network calls", "network"),
    "subprocess": ("subprocess/runtime control", "subprocess"),
    "filesystem delete": ("filesystem deletion",),
}


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


def external_reach(facts: ModuleFacts, tool: ToolFacts) -> list[Reach]:
    """External or long-running effects the tool reaches: network and
    subprocesses (its side-effect areas), and the agent's model calls."""
    reach = [_reach(facts, tool, area) for area in tool.side_effects if area in EXTERNAL_AREAS]
    models = [
        helper
        for helper in tool.helpers
        if helper.startswith("self.agent.") and helper.rsplit(".", 1)[-1] in MODEL_CALLS
    ]
    if models:
        reach.append(Reach("model calls", [models[0]]))
    return reach


def _through_intervening_tool(ctx: Context, calls: list[str]) -> bool:
    """Whether a path of calls runs through a method of another tool class
    that handles interventions itself (``Input`` calling ``CodeExecution``)."""
    for call in calls[:-1]:
        parts = call.split(".")
        for cut in range(len(parts) - 2, 0, -1):
            path = ctx.project.module_path(".".join(parts[:cut]))
            if path is None:
                continue
            if any(t.class_name == parts[cut] and t.intervention for t in ctx.tools(path)):
                return True
            break
    return False


def destructive_reach(facts: ModuleFacts, tool: ToolFacts) -> list[Reach]:
    return [_reach(facts, tool, area) for area in tool.side_effects if area in DESTRUCTIVE_AREAS]


def _tools(ctx: Context) -> Iterator[tuple[str, ToolFacts]]:
    for module in ctx.tool_modules:
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

_FETCH_TOOL = """\
import subprocess

from helpers.tool import Response, Tool


class FetchTool(Tool):
    async def execute(self, **kwargs) -> Response:
        await self.agent.handle_intervention()
        out = subprocess.run(["git", "fetch"], capture_output=True, text=True)
        return Response(message=out.stdout or "fetched", break_loop=False)
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
    summary = "A tool reaches a network, subprocess or model call but never handles interventions"
    severity = WARNING
    default_enabled = False
    doc = """\
**What it checks.** A tool whose `execute` reaches an external or
long-running effect (network, a subprocess, the agent's `call_chat_model` /
`call_utility_model`) calls `await self.agent.handle_intervention(...)`
somewhere in the code it runs. The message names the effect and the call
that shows it: the agent's model-call method, or a call of the tool's module
that performs the effect (`requests.get` at line 8).

**Why it matters.** `tools/AGENTS.md` asks for it: a paused agent must wait,
and a user's intervention must be honoured, before a tool talks to the
outside world or starts a process that runs for long.

**Example.** `tools/fetch.py` runs `subprocess.run(["git", "fetch"])` and
never calls `handle_intervention`.

**Limits.** The order of the calls is not compared: an intervention check
anywhere in the tool's code counts, so a check placed after the effect is
not reported. Waits (`asyncio.sleep`) are not an effect doxtool detects.

**Precision, and why it is off by default.** On the shared Agent Zero corpus
(28 tools) it reports 2 findings, both right when read against the code:
`tools/a2a_chat.py` talks to a remote agent (`connect_to_agent` ->
`AgentConnection` -> `httpx.AsyncClient`) and
`plugins/_office/tools/office_artifact.py` runs LibreOffice
(`validate_docx` -> `_run_soffice` -> `subprocess.run`), neither calling
`handle_intervention`. A third path, `plugins/_code_execution/tools/input.py`
reaching the network through `CodeExecution.execute`, is not reported: a
path through another tool class that handles interventions counts as
handled. Two findings are too few to show 9 right in 10, and one blind spot
is known: an intervention handled inside a helper module
(`plugins/_document_query/helpers/document_query.py` does) is not seen, so a
tool reaching an effect through such a helper would be reported wrongly.
Select it with `--select DOX301`.
"""
    valid = [Example(with_files({"tools/fetch.py": _FETCH_TOOL}))]
    invalid = [
        Example(
            with_files(
                {
                    "tools/fetch.py": _FETCH_TOOL.replace(
                        "        await self.agent.handle_intervention()\n", ""
                    )
                }
            ),
            [Expect("tools/fetch.py", 7, "reaches subprocess")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        for module, tool in _tools(ctx):
            if tool.intervention:
                continue
            reach = [
                r
                for r in external_reach(ctx.facts(module), tool)
                if not _through_intervening_tool(ctx, r.via)
            ]
            if not reach:
                continue
            path, line = _execute_line(module, tool)
            effects = ", ".join(r.describe() for r in reach)
            if not _first(seen, (path, line, effects)):
                continue  # a subclass in the same module inherits it: said once
            yield self.finding(
                f"`{tool.class_name}` reaches {effects} but never calls "
                "`self.agent.handle_intervention`: a paused agent or a user's intervention "
                "is not honoured",
                path,
                line,
                subject=f"{module}:{tool.class_name}:intervention",
            )


class DestructiveEffectUndocumented(Rule):
    code = "DOX302"
    name = "deletion-undocumented"
    summary = "A tool deletes files but its companion does not say so"
    severity = WARNING
    default_enabled = False
    doc = """\
**What it checks.** A tool that deletes files (a filesystem deletion among
its side-effect areas: `os.remove`, `shutil.rmtree`, `Path.unlink`, ...) has
a companion that makes it explicit: `filesystem deletion` in its "Observed
side-effect areas:" line, or prose (outside the fact lines) that speaks of
deleting, removing, erasing, wiping or purging. A tool without a companion
is not checked (DOX001 asks for one where the directory is file-documented).
The message names the call that deletes (`os.remove` at line 8)
when the module performs it itself.

**Why it matters.** `tools/AGENTS.md`: do not perform destructive filesystem
actions without the tool contract making that behaviour explicit. The
companion is where a maintainer or reviewer reads the contract.

**Example.** `tools/clean.py` calls `os.remove(path)`; its companion says
"Observed side-effect areas: none." and never mentions deletion.

**Limits.** Deletion is the destructive effect doxtool detects; overwriting
files and killing processes are not told apart from other writes and calls.

**Precision, and why it is off by default.** On the shared Agent Zero corpus
it reports nothing. Of the tools that delete files, `scheduler` (through
`persist_chat.remove_chat` -> `files.delete_dir` -> `shutil.rmtree`) says
so in its companion ("filesystem deletion"), rightly not reported;
`office_artifact` and `text_editor` live in plugin directories whose tools
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
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        seen: set[object] = set()
        for module, tool in _tools(ctx):
            reach = destructive_reach(ctx.facts(module), tool)
            if not reach:
                continue
            path = ctx.companion_path(module)
            companion = ctx.companion(path)
            if companion is None or not _first(seen, path) or _says_destructive(companion):
                continue
            block = next((b for b in companion.blocks if b.kind == "side-effects"), None)
            effects = ", ".join(r.describe() for r in reach)
            yield self.finding(
                f"`{tool.class_name}` ({module}) reaches {effects}, but the companion does "
                "not make it explicit: list `filesystem deletion` among the observed "
                "side-effect areas or say what it deletes",
                path,
                block.line if block is not None else 1,
                subject=f"{module}:{tool.class_name}:destructive",
            )


def _says_destructive(companion: Companion) -> bool:
    """Whether the companion names deletion: in its side-effect line, or in
    prose outside the fact lines (where names of methods and helpers are)."""
    for block in companion.blocks:
        if block.kind == "side-effects" and any(
            detected_area(value) == "filesystem deletion" for value in block.values or []
        ):
            return True
    facts = set()
    for block in [*companion.blocks, *companion.duplicates]:
        facts.update(range(block.start, block.end))
    for index, line in enumerate(companion.lines):
        if index in facts or companion.in_code(index):
            continue
        if _DESTRUCTIVE_WORDS.search(line):
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
    reports_elsewhere = True
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
