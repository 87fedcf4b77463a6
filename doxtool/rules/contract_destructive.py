"""DOX302: a destructive effect of a tool (deleting files, killing processes,
overwriting the files its arguments name) that its companion does not make
explicit; the effects read from ``ToolFacts.side_effects``, ``destructive``
and ``effects``, with the calls that reach each, and what in a companion's
side-effect line or prose makes each explicit.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from doxtool.companions.factlines import detected_area
from doxtool.companions.model import Companion
from doxtool.core.facts import EffectEvidence, ModuleFacts, ToolFacts
from doxtool.core.findings import WARNING, Finding
from doxtool.core.patterns import LazyPattern
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.contract_scope import first, tools
from doxtool.rules.examples import with_files
from doxtool.run.context import Context

#: effect areas that destroy data, as the facts name them
DESTRUCTIVE_AREAS = ("filesystem delete",)
#: how a companion's prose says that something is deleted or destroyed
_DESTRUCTIVE_WORDS = LazyPattern(
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


_CLEAN_TOOL = """\
import os

from helpers.tool import Response, Tool


class CleanTool(Tool):
    async def execute(self, **kwargs) -> Response:
        path = self.args.get("path", "")
        os.remove(path)
        return Response(message=f"removed {path}", break_loop=False)
"""

_SCRATCH_TOOL = """\
import shutil
import tempfile

from helpers.tool import Response, Tool


class CleanTool(Tool):
    async def execute(self, **kwargs) -> Response:
        self.workdir = tempfile.mkdtemp()
        try:
            return Response(message="converted", break_loop=False)
        finally:
            shutil.rmtree(self.workdir)
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
receiver whose kind doxtool cannot see, a write after an existence check
of the same path that returns or raises (`if os.path.exists(path): return
...`), nor deleting a temporary file or directory the tool or a helper
function made itself (`tempfile.mkstemp`, `mkdtemp`, `NamedTemporaryFile`,
`TemporaryDirectory`, a path built under `tempfile.gettempdir()`, a random
suffix; kept in a name or in an attribute of the tool only ever set to one,
or returned by a method of the tool or a function of its module that only
returns one). Effects reached through the
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
        Example(
            with_files(
                {
                    "tools/clean.py": _SCRATCH_TOOL,
                    "tools/clean.py.dox.md": _CLEAN_DOX.format(
                        areas="filesystem writes", guidance="Keep it small."
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
        for module, tool in tools(ctx):
            reach = destructive_reach(ctx.facts(module), tool)
            if not reach:
                continue
            path = ctx.companion_path(module)
            companion = ctx.companion(path)
            if companion is None or not first(seen, path):
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
_EXPLICIT: dict[str, tuple[frozenset[str], LazyPattern]] = {
    "filesystem delete": (frozenset({"filesystem deletion"}), _DESTRUCTIVE_WORDS),
    "process kill": (
        frozenset(),
        LazyPattern(r"\b(?:kill\w*|pkill|terminat\w*|signal\w*|SIG[A-Z]+)", re.IGNORECASE),
    ),
    "file overwrite": (
        frozenset({"filesystem writes"}),
        LazyPattern(
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


RULES: list[type[Rule]] = [DestructiveEffectUndocumented]
