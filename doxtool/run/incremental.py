"""Incremental findings: after a change, re-check only what the change can reach.

A whole-repository ``doxtool check`` leaves a state in the cache directory:
a snapshot of the tree taken before it read anything (every file's
modification time, size and content digest, every directory), its findings,
the modules whose facts it read, and for each of them the repository modules
its facts name (imports, call targets, base classes, any dotted name or
``.py`` path in them: what resolving a tool or following a call may read).

The next whole-repository check compares the tree with the snapshot. When
the only changes are edits of modules, of companions and of modules whose
facts were read, the rules run over the affected modules alone (a run scoped
to them, the same a run over PATHS does), and the findings of everything else
are taken from the state:

- a changed documented or tool module (a *unit*) is affected, and so is every
  unit whose modules reach it through the named modules, transitively; an
  edited companion affects its module;
- a tool module whose tools may have changed (edited, or reaching an edited
  module) affects the tool modules it named before the edit or names now, and
  those these name in turn: whether one of them is other tools' library
  (DOX004) or their shared base (PRM001) turns on what loads it;
- a changed module whose facts some unit reads affects those units; one whose
  facts were read but that no unit reaches means a full run;
- findings at a module that affected units reach (a base class's ``return``,
  an ``execute`` inherited from another module) may come from any unit that
  reaches it: all of those are affected too, so the findings there are
  computed whole;
- an edited prompt file (an own file of a prompt set, read whole before and
  after) is checked whole, and so is the anchor of each tool listing it is
  in (which reports the listing's size); every unit of a tool it taught
  before or teaches now, or that its file name is for, is affected (whether
  that tool is taught at all may have changed). The state keeps what each
  prompt file teaches, since the edit has changed the file;
- a unit whose facts may have changed (edited, or reaching an edited
  module) affects the units of every tool named by a prompt file that
  teaches its tool: whether a list item of the tool's section names a tool
  or a value of the tool's argument turns on the tool's code, and with it
  whether the tool the item names is taught at all;
- an edited Python file read for how the framework treats a call without
  ``tool_args``, or that may be read for it now (its text holds
  ``tool_args``, outside the tool directories, in a repository holding the
  framework: :mod:`doxtool.run.requests`), means a full run when a run
  since the last full one asked (an example lacked ``tool_args``): the
  findings kept at such a prompt may turn on it;
- an edited file that no check reads, only whether it exists, affects
  nothing: a module whose facts the last run did not read (outside the
  test directories, not naming ``getmembers`` nor ``agent.system.tool.``:
  code of :mod:`doxtool.run.loaders` or :mod:`doxtool.run.codeprompts` may be
  there now), or a file that is neither Python nor Markdown, nor the
  configuration, a template or the baseline (a stylesheet, an image);
- the findings of the affected units' modules and companions, of the prompts
  the scoped run checks and of the reached modules replace the stored ones.

An edited module without a companion next to the companion of a module
gone means a full run: which of them is guessed to be its old name (DOX002)
turns on its text, and is reported at the companion.

Anything else changed (another Markdown file, an ``AGENTS.md``, the
configuration, a test, a template, any file added or deleted, any directory
added or removed), a different doxtool, interpreter, library, configuration
or rule selection, or a state that cannot be read means a full run, which
writes a new state. The result is the findings of a full run:
``tests/test_incremental.py`` checks it on random sequences of edits,
through the console script.

The tree is kept as its listing (:class:`~doxtool.run.snapshot.Tree`) and
the edges as one text (:class:`~doxtool.run.edges.Edges`): a check after an
edit compares the listings as sets of lines, reads only the files whose line
differs, and looks up the edges of the modules it follows; past listing the
tree and reading and writing the state, its work follows the edit.

The state is kept in the cache directory (:mod:`doxtool.run.state`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from doxtool.core.findings import Finding
from doxtool.core.reads import read_regular
from doxtool.run.codeprompts import may_name_prompts
from doxtool.run.edges import Edges
from doxtool.run.importers import reached_tools
from doxtool.run.loaders import framework_here
from doxtool.run.pluginroot import PLUGIN_FILE
from doxtool.run.project import COMPANION_SUFFIX, Project
from doxtool.run.requests import NEEDLE as REQUESTS_NEEDLE
from doxtool.run.requests import request_modules
from doxtool.run.snapshot import MAX_DIGEST_BYTES, references, take
from doxtool.run.state import STATE, State, load, state_key, store
from doxtool.run.teaching import PromptEdit

#: past this share of the units, a scoped run is no cheaper than a full one
MAX_SHARE = 0.5


@dataclass
class Plan:
    """What an incremental run re-checks."""

    #: affected units (modules)
    modules: set[str]
    #: modules other than units whose findings the run computes whole
    reached: set[str]
    #: changed modules whose facts some unit reads (their references are read again)
    changed: set[str] = field(default_factory=set)
    #: prompt files the run checks whole: those edited, and those they bear on
    prompts: set[str] = field(default_factory=set)
    #: edited prompt file -> the tool names it teaches now
    taught: dict[str, frozenset[str]] = field(default_factory=dict)


def _mentions_members(path: str) -> bool:
    """Whether the file's text may hold a loop over ``inspect.getmembers``."""
    data = read_regular(path, MAX_DIGEST_BYTES)
    return data is None or b"getmembers" in data


def _own(path: str, units: set[str]) -> bool:
    """Whether ``path`` is a unit or a unit's companion."""
    return path in units or (
        path.endswith(COMPANION_SUFFIX) and path[: -len(COMPANION_SUFFIX)] in units
    )


class Session:
    """The state of the last whole-repository check, compared with the tree now."""

    def __init__(
        self, project: Project, codes: Iterable[str], elsewhere: Iterable[str] = ()
    ) -> None:
        """``codes``: the rules the run checks; ``elsewhere``: those of them
        whose findings may sit in another module than the one checked."""
        assert project.cache is not None
        self.project = project
        self.elsewhere = frozenset(elsewhere)
        self.directory = project.cache.directory
        self.key = state_key(project, codes)
        self.root = str(project.root)
        self.old = load(self.directory / STATE, self.key, self.root)
        #: the files whose bytes changed since the stored state; None when
        #: files or directories were added or removed (``reason`` says why)
        self.tree, self.changed, self.reason = take(project, self.old.tree if self.old else None)
        # the run asks for the metadata of files it may not read (prompt files)
        project.snapshot_files = self.tree
        #: how many modules the incremental check re-checked
        self.rechecked = 0
        self._mentions: dict[str, bool] = {}

    @cached_property
    def units(self) -> set[str]:
        """The documented and tool modules (found once per run: the tree does
        not change under a check that only reads)."""
        return set(self.project.documented_modules).union(self.project.tool_modules)

    @cached_property
    def _units_by_name(self) -> dict[str, set[str]]:
        """Tool name (a module's file name less ``.py``) -> the units of that name."""
        found: dict[str, set[str]] = {}
        for unit in self.units:
            found.setdefault(unit.rpartition("/")[2].removesuffix(".py"), set()).add(unit)
        return found

    def plan(self, prompt_edit: Callable[[str], PromptEdit | None] | None = None) -> Plan | None:
        """The affected modules, or None when only a full run is exact.

        ``prompt_edit`` tells what an edited prompt file bears on as it reads
        now (:meth:`~doxtool.run.teaching.Teaching.prompt_edit`); without it,
        an edited prompt means a full run."""
        old = self.old
        if old is None or self.changed is None:
            return None
        changed = sorted(self.changed)
        units = self.units
        affected: set[str] = set()
        roots: set[str] = set()
        prompts: set[str] = set()
        taught: dict[str, frozenset[str]] = {}
        recoded: set[str] = set()  # units whose facts may have changed
        for path in changed:
            if self._in_tests(path):
                self.reason = f"{path}: a test"
                return None
            if self._may_read_requests(path):
                # how the framework treats a call without ``tool_args`` may
                # have changed, and with it the findings at any prompt
                self.reason = f"{path}: may read the framework's tool requests"
                return None
            if path in units:
                if self._may_be_renamed(path):
                    # which stale companion it is guessed to own turns on its
                    # text (doxtool.run.renames) and is reported elsewhere
                    self.reason = f"{path}: no companion, next to the companion of a module gone"
                    return None
                affected.add(path)
                roots.add(path)
                recoded.add(path)
            elif path.endswith(COMPANION_SUFFIX) and path.removesuffix(COMPANION_SUFFIX) in units:
                affected.add(path.removesuffix(COMPANION_SUFFIX))
            elif path.endswith(".py") and (path in old.also_read or path in old.edges):
                roots.add(path)
            elif path in old.taught and prompt_edit is not None:
                edit = prompt_edit(path)
                if edit is None:
                    self.reason = f"{path}: no longer a prompt file read whole"
                    return None
                taught[path] = edit.names
                prompts.add(path)
                prompts |= edit.related
                for name in {*old.taught.targets(path), *edit.names}:
                    affected |= self._units_by_name.get(name, set())
            elif self._unread(path):
                continue  # its bytes change no finding
            else:
                self.reason = f"{path}: not a module, companion or prompt"
                return None
        for path in roots:
            dependents = old.edges.reach_back([path]) & units
            if path not in units and not dependents:
                self.reason = f"{path}: read, but by no module reached"
                return None
            affected |= dependents
            # a dependent tool's code may read its arguments' values anew
            recoded |= dependents
        for path in recoded & self._tools:
            affected |= self._imported_tools(path, old.edges, roots)
        affected |= self._taught_beside(recoded, taught)
        plan = self._expand(affected, old.edges, units)
        if plan is not None:
            plan.changed = roots
            plan.prompts = prompts
            plan.taught = taught
        return plan

    @cached_property
    def _tools(self) -> set[str]:
        return set(self.project.tool_modules)

    def _imported_tools(self, module: str, edges: Edges, edited: set[str]) -> set[str]:
        """The tool modules a tool module whose tools may have changed named
        before or names now, and those they name in turn
        (:func:`~doxtool.run.importers.reached_tools`)."""
        return reached_tools(self.project, module, edges.targets, edited, self._tools)

    def _taught_beside(
        self, recoded: Iterable[str], taught: Mapping[str, frozenset[str]]
    ) -> set[str]:
        """The units of every tool a prompt teaching a ``recoded`` unit's tool
        names: whether a list item of a tool's section names a tool or a value
        of the tool's argument turns on the tool's code
        (:mod:`~doxtool.run.valueitems`), so whether the tool the item names
        is taught at all (PRM001) may have changed."""
        assert self.old is not None
        stored = self.old.taught
        found: set[str] = set()
        names = {unit.rpartition("/")[2].removesuffix(".py") for unit in recoded}
        for name in names:
            for prompt in stored.sources(name) | {p for p, now in taught.items() if name in now}:
                for named in {*stored.targets(prompt), *taught.get(prompt, ())}:
                    found |= self._units_by_name.get(named, set())
        return found

    def _may_read_requests(self, path: str) -> bool:
        """Whether ``path`` was read for how the framework treats a call
        without ``tool_args``, or may be read for it now: a Python file
        outside the tool directories whose text holds ``tool_args``, in a
        repository holding the framework (:mod:`doxtool.run.requests`).
        Where no run since the last full one asked (no example lacked
        ``tool_args``), no finding kept turns on it: a prompt checked again
        asks afresh."""
        assert self.old is not None
        read = self.old.requests
        if read is None:
            return False
        if path in read:
            return True
        if not path.endswith(".py") or self.project.is_tool_module(path):
            return False
        if not framework_here(self.project):
            return False
        data = read_regular(os.path.join(self.root, path), MAX_DIGEST_BYTES)
        return data is None or REQUESTS_NEEDLE in data

    def _may_be_renamed(self, module: str) -> bool:
        """Whether ``module`` lacks a companion and a companion next to it
        belongs to a module gone: a rename guess may pair them."""
        root = self.project.root
        if (root / (module + COMPANION_SUFFIX)).exists():
            return False
        directory = module.rpartition("/")[0] or "."
        return any(
            not (root / companion.removesuffix(COMPANION_SUFFIX)).exists()
            for companion in self.project.companions_in(directory)
        )

    def _in_tests(self, path: str) -> bool:
        return any(
            path == t or path.startswith(t + "/")
            for t in (d.strip("/") for d in self.project.config.test_dirs)
        )

    def _unread(self, path: str) -> bool:
        """Whether an edit of the file at ``path`` changes no finding: no check
        reads it, only whether it exists.

        That is a module no check read the facts of (not a documented or
        tool module, nor one whose facts their checks read: it is read
        again only when a change to one of those names it, and then as it
        is now), outside the test directories; or a file that is neither
        Python nor Markdown (modules, companions, prompts, ``AGENTS.md``
        files), nor the configuration, a standalone plugin's ``plugin.yaml``,
        a template or the baseline. A link,
        or a file a link leads to, is read."""
        old = self.old
        name = path.rpartition("/")[2].lower()
        if old is None or self._in_tests(path) or name in ("pyproject.toml", "doxtool.toml"):
            return False
        if path == PLUGIN_FILE:  # names the package the root's modules are imported by
            return False
        if path.endswith(".py"):
            if path in self.units or path in old.edges or path in old.also_read:
                return False
            if path.startswith(tuple(f"{d}/" for d in self.project.tool_dirs)):
                return False  # a tool directory's package: tools may load it now
            if _mentions_members(os.path.join(self.root, path)):
                return False  # a tool loader's code may be there now (doxtool.run.loaders)
            if may_name_prompts(self.project, path):
                return False  # code loading a tool prompt (doxtool.run.codeprompts)
        elif name.endswith((".py", ".md")):  # Markdown, or Python spelt otherwise
            return False
        config = self.project.config
        for setting in (config.templates_dir, config.baseline):
            where = os.path.normpath(setting).strip("/") if setting else ""
            if where and (path == where or path.startswith(where + "/") or where == "."):
                return False
        # a link (now or before) is followed by whatever reads its name or
        # asks whether it exists, and a file a link leads to is read under
        # the link's name
        return (
            path not in self.tree.bare and path not in old.tree.bare and path not in self._targets
        )

    @cached_property
    def _targets(self) -> set[str]:
        """The files in the tree that its links lead to."""
        root = os.path.realpath(self.root)
        found: set[str] = set()
        for rel in self.tree.bare:  # links among them: they have no digest
            full = os.path.join(self.root, rel)
            if os.path.islink(full):
                found.add(os.path.relpath(os.path.realpath(full), root).replace(os.sep, "/"))
        return found

    def _foreign(self, found: Iterable[Finding], units: set[str]) -> set[str]:
        """Paths whose findings may come from checking another module: those of
        rules that report elsewhere, and any path that is not a unit's own."""
        elsewhere = self.elsewhere
        return {f.path for f in found if f.code in elsewhere or not _own(f.path, units)}

    def _sensitive(self, path: str, foreign: set[str]) -> bool:
        """Whether the findings at ``path`` may depend on another module's
        check: some already do, or its text may hold a suppression comment
        (which such a finding would use)."""
        if path in foreign:
            return True
        known = self._mentions.get(path)
        if known is None:
            data = read_regular(os.path.join(self.root, path), MAX_DIGEST_BYTES)
            known = data is None or b"doxtool" in data
            self._mentions[path] = known
        return known

    def _expand(
        self,
        affected: set[str],
        edges: Edges,
        units: set[str],
    ) -> Plan | None:
        """Grow ``affected`` until every module it reaches whose findings may
        come from checking another module is reached only from affected units."""
        assert self.old is not None
        foreign = self._foreign(self.old.findings, units)
        limit = max(8, MAX_SHARE * len(units))
        while True:
            reached = edges.reach(affected) - affected
            grow: set[str] = set()
            for path in reached:
                if self._sensitive(path, foreign):
                    grow |= edges.reach_back([path]) & units
                    if path in units:
                        grow.add(path)
            if grow <= affected:
                break
            affected |= grow
            if len(affected) > limit:
                self.reason = "too many modules affected"
                return None
        return Plan(affected, {p for p in reached if self._sensitive(p, foreign)})

    # -- after the run ----------------------------------------------------------

    def edges_now(self, loaded: Iterable[str], base: Edges | None) -> Edges:
        """``base`` with the edges of the ``loaded`` modules as they are now."""
        memo: dict[str, Any] = {}
        updates: dict[str, list[str]] = {}
        for module in loaded:
            kept = self._kept_edges(module)
            updates[module] = kept if kept is not None else references(self.project, module, memo)
        return base.replaced(updates) if base is not None else Edges.of(updates)

    def _kept_edges(self, module: str) -> list[str] | None:
        """A module's stored edges if they are still true now: its bytes are as
        they were, in a tree with the same files and directories (what its facts
        name, and which of those names are modules here, are then as they were;
        the state's key covers configuration and code)."""
        old, changed = self.old, self.changed
        if (
            old is None
            or changed is None
            or module in changed
            or module in self.tree.bare
            or self.tree.get(module) is None
            or module not in old.edges
        ):
            return None
        return old.edges.targets(module)

    def merge(
        self, plan: Plan, owned_files: Iterable[str], new: list[Finding], loaded: Iterable[str]
    ) -> list[Finding] | None:
        """The findings of a full run: the scoped run's at what it owns, the
        stored ones elsewhere; None when the new facts reach further than the
        plan did (then only a full run is exact)."""
        assert self.old is not None
        loaded = [*loaded, *plan.changed]
        edges = self.edges_now(
            dict.fromkeys(m for m in loaded if m in plan.modules or m in plan.changed),
            self.old.edges,
        )
        units = self.units
        reached = edges.reach(plan.modules) - plan.modules
        foreign = self._foreign([*self.old.findings, *new], units)
        sensitive = {p for p in reached if self._sensitive(p, foreign)}
        for path in sensitive:
            producers = edges.reach_back([path]) & units
            if path in units:
                producers.add(path)
            if not producers <= plan.modules:
                self.reason = f"{path}: reached now by more modules"
                return None
        # the prompts the run checked whole: an edited one, and the anchors of
        # its listings (an anchor need not be any set's own file)
        owned = set(owned_files) | sensitive | plan.reached | plan.prompts
        for module in plan.modules:
            owned.add(module)
            owned.add(module + COMPANION_SUFFIX)
        kept = [f for f in self.old.findings if f.path not in owned]
        fresh = [f for f in new if f.path in owned]
        unique: dict[tuple[object, ...], Finding] = {}
        for finding in [*kept, *fresh]:
            unique.setdefault((*finding.sort_key(), finding.subject), finding)
        self._edges = edges
        self._also_read = {m for m in {*self.old.also_read, *loaded} if m not in edges}
        self._taught = self.old.taught.replaced(
            {path: sorted(names) for path, names in plan.taught.items()}
        )
        return sorted(unique.values(), key=Finding.sort_key)

    def save(
        self,
        findings: list[Finding],
        full: bool,
        taught: Mapping[str, Iterable[str]] | None = None,
    ) -> None:
        """Keep the state for the next run (a full run's: every module it
        read, and ``taught``, what each prompt file teaches)."""
        asked = request_modules(self.project)
        requests = None if asked is None else set(asked)
        if full:
            loaded = self.project.loaded_modules()
            edges, also_read = self.edges_now(loaded, None), set()
            taught_now = Edges.of({path: sorted(names) for path, names in (taught or {}).items()})
        else:
            edges, also_read, taught_now = self._edges, self._also_read, self._taught
            assert self.old is not None
            if self.old.requests is not None:
                requests = (requests or set()) | self.old.requests
        state = State(
            self.key, self.root, self.tree, edges, also_read, findings, taught_now, requests
        )
        # a state that cannot be written only costs the next run its shortcut
        with contextlib.suppress(OSError, ValueError):
            store(self.directory, state, full, self.reason)
