"""Which prompt files teach which tools, and which of them a run checks.

A run over a few modules (PATHS, or the incremental whole check) checks the
prompt files that teach their tools. Finding those must not cost Python work
per prompt file of the repository: every file's stamp is taken and compared
with the prompt index (:mod:`doxtool.run.promptindex`) in passes at C speed,
and the index's map from tool names to files gives the few files that may
teach a tool of the scope. Each of those (and each file the index cannot
answer for) is then asked exactly as before, so what is in scope does not
depend on the shortcut.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, partial
from itertools import chain
from operator import attrgetter, itemgetter
from pathlib import Path

from doxtool.core.source import ReadError, present, read_text
from doxtool.core.unlisted import absent, refuse
from doxtool.prompts.model import PromptDoc
from doxtool.prompts.sets import PromptSet, tool_key
from doxtool.run.discovery import profile_named
from doxtool.run.files import Files
from doxtool.run.project import Project
from doxtool.run.promptindex import PromptIndex, Stamp, may_teach, named, stamp, taught
from doxtool.run.promptsets import project_prompt_sets
from doxtool.run.scope import Scope


@dataclass(frozen=True)
class PromptEdit:
    """What the findings of a run depend on in one prompt file (besides its own)."""

    #: the tools whose findings it may change: those it teaches, and the
    #: one its file name is for
    names: frozenset[str]
    #: other prompt files whose findings it may change (listings it is in)
    related: frozenset[str]


def _cut(doc: PromptDoc) -> ReadError | None:
    """A prompt read only in part (markdown-it stopped at its nesting limit, or
    reading it failed midway), as the reason it cannot be read."""
    for problem in doc.problems:
        if problem.kind in ("limit", "internal"):
            return ReadError(problem.message, problem.line, problem.column, "parse")
    return None


_STAMP_OF_STAT = attrgetter("st_mtime_ns", "st_size")
_STAMP_OF_ENTRY = itemgetter(0, 1)


class Teaching(Files):
    """The prompt sets of a project, who teaches what, and which prompt files
    are in the scope of this run."""

    def __init__(self, project: Project, scope: Scope | None = None) -> None:
        super().__init__(project)
        self.scope = scope or Scope()
        self._prompt_scope: dict[str, bool] = {}
        self._unexcluded_files: dict[int, tuple[dict[str, str], dict[str, str]]] = {}
        self._taught: dict[tuple[str, str], set[str]] = {}
        self._index = PromptIndex(project.cache)
        self._root = str(project.root)
        self._taught_names: dict[str, frozenset[str]] = {}
        #: path -> (modification time, size) of prompt files, taken once per run
        self._stamps: dict[str, Stamp | None] = {}

    def tool_module(self, name: str, prompt_set: PromptSet | None = None) -> str | None:
        raise NotImplementedError

    @cached_property
    def prompt_sets(self) -> list[PromptSet]:
        """The prompt sets of the repository, discovered once per run (every
        context of the run shares them; discovery's sets are not changed)."""
        return self._discovered[0]

    @cached_property
    def excluded_prompt_sets(self) -> list[PromptSet]:
        """The prompt sets, and the core set's directories (each as a set of
        its own files), that the configuration excludes: not checked, yet
        there at run time (:func:`~doxtool.run.teachers.may_teach_excluded`)."""
        return self._discovered[1]

    @property
    def _discovered(self) -> tuple[list[PromptSet], list[PromptSet]]:
        shared = self.project.per_run
        if "prompt_sets" not in shared:
            shared["prompt_sets"] = project_prompt_sets(self.project)
        return shared["prompt_sets"]  # type: ignore[no-any-return]

    # -- which prompt files are in scope ------------------------------------

    def in_scope(self, prompt_set: PromptSet, own_only: bool = True) -> dict[str, str]:
        """File name -> path of the set's files (its own, or all) in scope, in
        the set's order. A scoped run asks only the files that may be in it."""
        files = prompt_set.own_files() if own_only else prompt_set.files
        if self.scope.everything:
            return self._unexcluded(files)
        return {
            name: path
            for name, path in self._in_order(prompt_set, self._maybe_in_scope, own_only).items()
            if self.prompt_in_scope(path) and not self.project.excluded(path)
        }

    def _unexcluded(self, files: dict[str, str]) -> dict[str, str]:
        """``files`` less those ``exclude`` names one by one (a file of an
        excluded directory belongs to a set left out whole): there at run
        time, and not checked. Found once per set: every rule asks."""
        known = self._unexcluded_files.get(id(files))
        if known is not None:
            return known[1]
        excluded = self.project.excluded
        kept = {name: path for name, path in files.items() if not excluded(path)}
        kept = files if len(kept) == len(files) else kept
        self._unexcluded_files[id(files)] = (files, kept)  # the files kept alive: the id holds
        return kept

    @staticmethod
    def _in_order(prompt_set: PromptSet, paths: Iterable[str], own_only: bool) -> dict[str, str]:
        """File name -> path of those of ``paths`` that are the set's files, in
        its order (the order of their names; a file's name ends its path)."""
        files = prompt_set.own_files() if own_only else prompt_set.files
        found = sorted((path.rpartition("/")[2], path) for path in paths)
        return {name: path for name, path in found if files.get(name) == path}

    @cached_property
    def _maybe_in_scope(self) -> frozenset[str]:
        """In a scoped run, the prompt files that may be in scope: every other
        prompt file is out of it (:meth:`_prompt_in_scope`)."""
        given = frozenset(self.scope.prompts or ())
        return self._prompt_candidates | given if self._scope_tool_names else given

    @cached_property
    def _scope_tool_names(self) -> set[str]:
        modules = self.scope.modules or set()
        return {m.rsplit("/", 1)[-1].removesuffix(".py") for m in modules}

    def prompt_in_scope(self, path: str) -> bool:
        """Whether a prompt is checked in this run: it was passed, or it names a
        tool whose module was (a substring test spares parsing the others)."""
        known = self._prompt_scope.get(path)
        if known is None:
            known = self._prompt_scope[path] = self._prompt_in_scope(path)
        return known

    def _prompt_in_scope(self, path: str) -> bool:
        scope = self.scope
        if scope.everything:
            return True
        if scope.prompts and path in scope.prompts:
            return True
        return self._teaches_scope(path)

    def reports(self, path: str, code: str) -> bool:
        """Whether a finding of ``code`` at ``path`` is this run's: a prompt
        read for some findings alone (:attr:`~doxtool.run.scope.Scope.reported_codes`)
        reports those, unless it teaches a tool of the run's modules."""
        codes = self.scope.reported_codes.get(path)
        return codes is None or code in codes or self._teaches_scope(path)

    def _teaches_scope(self, path: str) -> bool:
        """Whether the prompt at ``path`` teaches a tool of a module in scope."""
        names = self._scope_tool_names
        if not names:
            return False
        if path in self._prompt_paths and path not in self._prompt_candidates:
            return False
        return any(self._serves_scope(path, n) for n in self._taught_if_named(path, names))

    def _serves_scope(self, path: str, name: str) -> bool:
        """Whether the prompt at ``path`` teaches tool ``name`` for a module in
        scope, as each set holding the file resolves the name (a profile's or
        plugin's own tool first), a deleted module of a profile's own too."""
        modules = self.scope.modules or set()
        file_name, base = path.rpartition("/")[2], name.split(":", 1)[0]
        sets = [s for s in self.prompt_sets if s.files.get(file_name) == path]
        if any(self.tool_module(name, s) in modules for s in [None, *sets]):
            return True
        profiles = {s.name for s in sets if s.kind == "profile"}
        patterns, stem = self.config.profile_tool_dirs, f"{base}.py"
        split = (module.rpartition("/") for module in modules)
        return any(n == stem and profile_named(patterns, d) in profiles for d, _, n in split)

    @cached_property
    def unreadable_prompts(self) -> dict[str, ReadError]:
        """Prompt files (``*.md`` in a prompt directory) that cannot be read, and
        why: linked out of the repository, not regular files, too large, not
        UTF-8 text. Discovery leaves them out; each is reported (PRM011), and
        a tool whose prompt is one of them is not reported as having none.

        A scoped run looks only at the listed files that may be in scope,
        unless a file it was given is not listed: then it lists the directory."""
        found: dict[str, ReadError] = {}
        for prompt_set in self.prompt_sets:
            # the core set's files come from every configured prompt directory
            for directory in prompt_set.sources or (prompt_set.directory,):
                self._unreadable_in(prompt_set, directory, found)
        return found

    def _unreadable_in(
        self, prompt_set: PromptSet, directory: str, found: dict[str, ReadError]
    ) -> None:
        """Add to ``found`` the prompt files of ``directory`` (one the set's
        files come from) that cannot be read (:attr:`unreadable_prompts`)."""
        root = self.project.root
        files = prompt_set.files
        prefix = "" if directory in ("", ".") else directory + "/"
        if not self.scope.everything:
            wanted = [
                p
                for p in self._maybe_in_scope
                if p.startswith(prefix) and "/" not in p[len(prefix) :]
            ]
            if all(files.get(p[len(prefix) :]) == p for p in wanted):
                for path in sorted(wanted, key=lambda p: p[len(prefix) :]):
                    if path.endswith(".md") and path not in found:
                        self._unreadable_listed(path, found)
                return
        try:
            entries = sorted(os.scandir(root / directory), key=lambda e: e.name)
        except OSError as exc:
            if absent(exc):
                return
            raise refuse(directory, exc) from None
        for entry in entries:
            if not entry.name.endswith(".md"):
                continue
            path = prefix + entry.name
            if path in found:
                continue
            if files.get(entry.name) == path:
                self._unreadable_listed(path, found)
                continue
            if not self.scope.everything and path not in (self.scope.prompts or ()):
                continue
            error = read_text(Path(entry.path), root=root)
            if isinstance(error, ReadError):
                found[path] = error

    def unreadable_prompt(self, path: str, prompt_set: PromptSet | None) -> bool:
        """Whether ``path`` (a Markdown file in ``prompt_set``'s directory) is a
        prompt file :attr:`unreadable_prompts` lists in a whole run, asked of
        that one file (a scoped run's list holds only the files in scope)."""
        if self.scope.everything or prompt_set is None:
            return path in self.unreadable_prompts
        name = path.rpartition("/")[2]
        if prompt_set.files.get(name) == path:
            return self._listed_error(path) is not None
        full = self.project.root / path
        if not present(full):
            return False
        return isinstance(read_text(full, root=self.project.root), ReadError)

    def _unreadable_listed(self, path: str, found: dict[str, ReadError]) -> None:
        """Record why a listed prompt file in scope cannot be read, if it cannot."""
        if not self.prompt_in_scope(path):
            return
        error = self._listed_error(path)
        if error is not None:
            found[path] = error

    def _listed_error(self, path: str) -> ReadError | None:
        """Why a listed prompt file cannot be read whole (it cannot be read,
        or markdown-it read it only in part); None when it can."""
        doc = self.prompt(path)
        return self._prompt_errors.get(path) if doc is None else _cut(doc)

    def naming_unknown(self, known: set[str], skip: set[str]) -> list[str]:
        """The own files of every set (in order, each once, less ``skip``)
        whose headings or examples name a tool not in ``known``."""
        maybe = self._index.teaching(known, known=True) | self._outdated
        found: dict[str, None] = {}
        for prompt_set in self.prompt_sets:
            for path in self._in_order(prompt_set, maybe, own_only=True).values():
                if path not in skip and path not in found and self.named_tools(path) - known:
                    found[path] = None
        return list(found)

    # -- who teaches what ---------------------------------------------------

    def taught_names(self, path: str) -> frozenset[str]:
        """The tool names (before any ``:``) the prompt file at ``path``
        teaches, in a heading or an example, as its text writes them."""
        known = self._taught_names.get(path)
        if known is None:
            if path not in self._prompts:
                known = self._indexed(path)
            if known is None:
                doc = self.prompt(path)
                known = taught(doc, self._prompt_texts[path]) if doc else frozenset()
                if doc is not None:
                    text = self._prompt_texts[path]
                    self._index.put(path, self._read_stamps.get(path), known, named(doc, text))
            self._taught_names[path] = known
        return known

    def named_tools(self, path: str) -> frozenset[str]:
        """The tool names the prompt at ``path`` writes in a heading or an
        example (:func:`doxtool.run.promptindex.named`): from the index, or parsed."""
        known = self._index.get_named(path, self._stamp(path))
        if known is None:
            doc = self.prompt(path)
            known = named(doc, self.prompt_text(path)) if doc else frozenset()
            if doc is not None:
                names = self.taught_names(path)
                self._index.put(path, self._read_stamps.get(path), names, known)
        return known

    def _taught_if_named(self, path: str, names: Iterable[str]) -> frozenset[str]:
        """What the prompt at ``path`` teaches of ``names``' tools: from the
        index, or else parsed, unless its text names none of them (then
        nothing, and it is not parsed)."""
        taught = self._indexed(path)
        if taught is None:
            text = self.prompt_text(path)
            if not any(name in text for name in names):
                return frozenset()
            taught = self.taught_names(path)
        return taught

    def _indexed(self, path: str) -> frozenset[str] | None:
        """What the index of earlier runs says ``path`` teaches, if it is still current."""
        if path in self._taught_names:
            return self._taught_names[path]
        return self._index.get(path, self._stamp(path))

    def _stamp(self, path: str) -> Stamp | None:
        """The file's modification time and size: as the run's snapshot of the
        tree found them when there is one (no system call), else read now."""
        if path in self._stamps:
            return self._stamps[path]
        files = self.project.snapshot_files
        entry = files.get(path) if files is not None else None
        known = (entry[0], entry[1]) if entry is not None else stamp(os.path.join(self._root, path))
        self._stamps[path] = known
        return known

    def _stamp_all(self, paths: list[str]) -> list[Stamp | None]:
        """The stamps of ``paths`` (as :meth:`_stamp` takes them), in passes at
        C speed; any path they cannot take is stamped on its own."""
        files = self.project.snapshot_files
        try:
            if files is not None:  # an entry starts with the time and size
                stamps = list(map(_STAMP_OF_ENTRY, map(files.get, paths)))
            else:
                prefix = os.path.join(self._root, "")
                stamps = list(map(_STAMP_OF_STAT, map(os.stat, map(prefix.__add__, paths))))
        except (TypeError, OSError, ValueError):  # a file not listed (None), or not there
            return [self._stamp(path) for path in paths]
        fresh: dict[str, Stamp | None] = dict(zip(paths, stamps, strict=True))
        fresh.update(self._stamps)  # a file is stamped once per run
        self._stamps = fresh
        return list(map(fresh.__getitem__, paths))

    @cached_property
    def _prompt_paths(self) -> frozenset[str]:
        """Every file of every prompt set."""
        return frozenset(chain.from_iterable(s.files.values() for s in self.prompt_sets))

    @property
    def _prompt_directories(self) -> set[str]:
        """The directories prompt files come from: each set's, and the
        configured prompt directories (a core set's files may come from any)."""
        found = {s.directory for s in self.prompt_sets}
        for directory in self.config.prompt_dirs:
            with contextlib.suppress(ValueError):
                found.add((self.project.root / directory).relative_to(self.project.root).as_posix())
        return found

    @cached_property
    def _outdated(self) -> frozenset[str]:
        """The prompt files the index cannot answer for (a superset: each is asked)."""
        files = self.project.snapshot_files
        if files is not None:
            listed = partial(files.has_lines, within=self._prompt_directories)
            return frozenset(self._index.outdated_listed(self._prompt_paths, listed))
        paths = list(self._prompt_paths)
        return frozenset(self._index.outdated(paths, self._stamp_all(paths)))

    @cached_property
    def _prompt_candidates(self) -> frozenset[str]:
        """In a scoped run, the prompt files that may teach a tool of the scope:
        those the index cannot answer for, and those it says name one. Any
        other prompt file teaches none of them, so it is neither in scope nor
        asked whether it documents one. The index's map of names and its
        outdated files give a superset, at C speed; each file of it is asked."""
        names = self._scope_tool_names
        paths = self._prompt_paths
        maybe = self._index.teaching(names) & paths
        maybe |= self._outdated
        maybe.update(p for p in self._taught_names if p in paths)
        found: set[str] = set()
        for path in maybe:
            known = self._indexed(path)
            if known is None or not known.isdisjoint(names):
                found.add(path)
        return frozenset(found)

    # -- what a prompt file bears on (the incremental check) ----------------

    def taught_by_file(self) -> dict[str, frozenset[str]]:
        """Path -> the tool names it teaches, for every own file of every set
        that is read whole (a whole run's record for :meth:`prompt_edit`)."""
        found: dict[str, frozenset[str]] = {}
        for prompt_set in self.prompt_sets:
            for path in prompt_set.own_prompts():
                if path not in found and self._whole(path):
                    found[path] = self.taught_names(path)
        return found

    def prompt_edit(self, path: str) -> PromptEdit | None:
        """What the findings of a run depend on in the prompt file at ``path``,
        as it reads now; None unless it is an own file of a set, read whole
        (then discovery or another kind of file may be involved).

        Besides its own findings, a prompt file bears on the tools it teaches
        (whether each is taught at all), on the tool its file name is for
        (whose missing prompt may be an unreadable one), and on the listing
        of each set it may be rendered in (reported at the set's anchor)."""
        file_name = path.rpartition("/")[2]
        if file_name == "AGENTS.md" or not self._whole(path):
            return None
        if all(s.own_files().get(file_name) != path for s in self.prompt_sets):
            return None
        names = set(self.taught_names(path))
        key = tool_key(file_name)
        if key is not None:
            names.add(key)
        # a core or plugin file is on every listing's search path (an include,
        # an ``{{include original}}`` or a tool prompt): a profile's own file
        # is on its profile's
        shared = any(
            s.kind != "profile" and s.own_files().get(file_name) == path for s in self.prompt_sets
        )
        related = {
            anchor
            for s in self.prompt_sets
            if (s.files.get(file_name) == path or (shared and s.kind != "plugin"))
            and (anchor := s.anchor()) is not None
        }
        return PromptEdit(frozenset(names), frozenset(related))

    def _whole(self, path: str) -> bool:
        return self.prompt(path) is not None and self._listed_error(path) is None

    def read_in_part(self, path: str) -> bool:
        """Whether the prompt file at ``path`` was read only in part: what it
        teaches is not known, so it is not checked (PRM011 reports it)."""
        doc = self.prompt(path)
        return doc is not None and _cut(doc) is not None

    def close(self) -> None:
        """Keep what later runs can reuse: the prompt index (a whole run
        records every prompt file, and forgets files that are gone)."""
        if self.scope.everything:
            paths = {p for s in self.prompt_sets for p in s.own_files().values()}
            for path in sorted(paths):
                self.taught_names(path)
            self._index.keep_only(paths)
        self._index.save()

    def teaches(self, prompt_set: PromptSet, tool: str) -> bool:
        """Whether a tool prompt file of ``prompt_set``'s own directory documents ``tool``.

        A whole-repository run answers from an index of the set's tool prompts
        built once (each tool asking every prompt file would be quadratic);
        a scoped run asks file by file, parsing only files whose text names
        the tool. Both count a name only where :meth:`documents` does.
        """
        if not self.scope.everything:
            if tool in self._scope_tool_names:  # the others cannot document it
                own = self._in_order(prompt_set, self._prompt_candidates, own_only=True)
            else:
                own = prompt_set.own_files()
            paths = [p for name, p in own.items() if name != "AGENTS.md"]
            return any(self.documents(path, tool) for path in paths)
        key = (prompt_set.kind, prompt_set.directory)
        taught = self._taught.get(key)
        if taught is None:
            taught = self._taught[key] = set()
            for path in prompt_set.own_prompts():
                # any prompt file may teach a tool (``agent.system.tools_vision.md``);
                # one with no heading, example, list item or table teaches none
                if may_teach(self.prompt_text(path)):
                    taught.update(self.taught_names(path))
        return tool in taught

    def documents(self, path: str, tool: str) -> bool:
        """Whether the prompt at ``path`` documents ``tool`` (heading or example)."""
        return tool in self._taught_if_named(path, (tool,))
