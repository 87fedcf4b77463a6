"""The repository as doxtool sees it: where tools, companions and tests are.

Discovery touches the filesystem only; facts come from :mod:`doxtool.python.extract`
(through the cache, when one is attached) and tool classes from
:mod:`doxtool.python.resolve`. Links are never followed out of the root.
"""

from __future__ import annotations

import os
from functools import cached_property
from itertools import chain
from pathlib import Path
from typing import Any

from doxtool.companions.generate import DEFAULT_TOOL_BASE
from doxtool.core.config import Config
from doxtool.core.facts import ModuleFacts, Problem, ToolFacts
from doxtool.core.source import (
    ReadError,
    SourceText,
    decode,
    link_problem,
    read_bytes,
    read_text,
)
from doxtool.core.unlisted import absent, refuse
from doxtool.python.names import module_name, source_root
from doxtool.python.resolve import ToolResolver
from doxtool.run.cache import FactsCache
from doxtool.run.declared import documented_dirs
from doxtool.run.defaultbreak import fill_default_break_loop
from doxtool.run.discovery import (
    WILDCARDS,
    Exclusion,
    Listed,
    NestedRepositories,
    agents_in_listing,
    agents_walk,
    dirs_led_out,
)
from doxtool.run.importroots import (
    base_spellings,
    module_file,
    top_level_names,
    unimportable_names,
)
from doxtool.run.loaders import loader_order
from doxtool.run.plugindirs import plugin_tool_dirs, with_user_plugins
from doxtool.run.pluginroot import PluginRoot
from doxtool.run.pool import Job, Packed, Planned, plan, run_now, unpacked
from doxtool.run.raisingresponses import drop_raising_outcomes
from doxtool.run.replay import taken_listing

COMPANION_SUFFIX = ".dox.md"


def safe_name(rel: str) -> bool:
    """Whether a path can be written into Markdown and messages as it is:
    no line breaks or other control characters, no undecodable bytes."""
    return rel.isprintable()


class Project:
    def __init__(self, root: Path, config: Config, cache: FactsCache | None = None) -> None:
        self.root = root.resolve()
        self.config = config
        self.cache = cache
        #: a module's facts, packed as a pool's worker sent them until read
        self._facts: dict[str, ModuleFacts | Packed] = {}
        self._tools: dict[str, list[ToolFacts]] = {}
        #: module -> the tool class the framework runs (:meth:`run_tool`)
        self._run_tools: dict[str, ToolFacts | None] = {}
        #: directory -> the sorted names in it, per run
        self._listed: dict[str, list[str]] = {}
        #: directory -> the names in it as the walk for AGENTS.md files listed them
        self._walked: dict[str, list[str]] = {}
        #: directory -> its modules, and its companions, per run
        self._modules_in: dict[str, list[str]] = {}
        self._companions_in: dict[str, list[str]] = {}
        #: dotted module name -> repository path (None: not a module here), per run
        self._module_paths: dict[str, str | None] = {}
        #: every file's modification time and size as a snapshot taken at the
        #: start of this run found them (None: no snapshot)
        self.snapshot_files: Listed | None = None
        #: what the contexts of one run share (their prompt sets), until files are written
        self.per_run: dict[str, Any] = {}
        self._excluded: dict[str, bool] = {}
        self._nested = NestedRepositories(str(self.root))
        #: module -> whether its text names doxtool (for suppressions), once read
        self._mentions: dict[str, bool] = {}
        self._agents_texts: dict[str, SourceText | ReadError] = {}
        self.plugin = PluginRoot(self.root)  # a standalone plugin repository's root
        self.resolver = ToolResolver(
            base_spellings(self.root, self.source_root, config.tool_bases),
            self.lookup_module,
            lambda dotted: self.module_path(dotted) is not None,
            self.module_of,
        )

    # -- paths ----------------------------------------------------------------

    def rel(self, path: Path) -> str:
        """Repository-relative posix path."""
        try:
            return path.resolve().relative_to(self.root).as_posix()
        except ValueError:
            return path.as_posix()

    def inside(self, path: Path) -> bool:
        """Whether ``path`` (links resolved) stays inside the root."""
        try:
            path.resolve().relative_to(self.root)
        except (ValueError, OSError, RuntimeError):
            return False
        return True

    @cached_property
    def _exclusion(self) -> Exclusion:
        return Exclusion([*self.config.exclude, *self.config.extend_exclude])

    def excluded(self, rel: str) -> bool:
        """Whether a repository path matches an exclude glob, whole or by a
        component, or lies in a repository of its own (:class:`NestedRepositories`)."""
        known = self._excluded.get(rel)
        if known is None:
            known = self._excluded[rel] = self._exclusion.path(rel) or self._nested.covers(rel)
        return known

    def glob_dirs(self, patterns: list[str]) -> list[str]:
        found: list[str] = []
        for pattern in patterns:
            for path in sorted(self.root.glob(pattern)):
                if not path.is_dir() or not self.inside(path):
                    continue
                rel = self.rel(path)
                if not self.excluded(rel) and rel not in found:
                    found.append(rel)
        return found

    def _names(self, directory: str) -> list[str]:
        """The sorted names in a directory, listed once per run."""
        known = self._listed.get(directory)
        if known is None:
            walked = self._walked.pop(directory, None)
            if walked is not None:
                known = sorted(walked)
            else:
                try:
                    known = sorted(os.listdir(self.root / directory))
                except OSError as exc:
                    # unknown, not empty: nothing under it may be called gone
                    if not absent(exc) and not self.excluded(directory):
                        raise refuse(directory, exc) from None
                    known = []
            self._listed[directory] = known
        return known

    # -- discovery ------------------------------------------------------------

    @cached_property
    def tool_dirs(self) -> list[str]:
        return plugin_tool_dirs(self, self.config.tool_dirs)  # usr/plugins/* too

    @cached_property
    def documented_dirs(self) -> list[str]:
        """Directories whose direct modules must each have a companion
        (:func:`doxtool.run.declared.documented_dirs`)."""
        return documented_dirs(self)

    @cached_property
    def agents_files(self) -> list[str]:
        """Every ``AGENTS.md`` of the repository, the root's first, then in
        directory order (not in excluded or hidden directories, nor links)."""
        listed = taken_listing(str(self.root))
        found = agents_in_listing(str(self.root), listed[1]) if listed is not None else None
        if found is not None:  # read off the listing this process took of the tree
            return found
        # the configured directories (those named plainly) are listed on the
        # way, for their modules and companions
        configured = [*self.config.tool_dirs, *self.config.documented_dirs]
        keep = {os.path.normpath(d) for d in configured if not WILDCARDS.intersection(d)}
        return agents_walk(str(self.root), self.excluded, self._walked, keep - set(self._listed))

    def agents_text(self, rel: str) -> SourceText | ReadError:
        """The text of an ``AGENTS.md``, read once per run."""
        known = self._agents_texts.get(rel)
        if known is None:
            path = self.root / rel
            known = link_problem(self.root, path) or read_text(path)
            self._agents_texts[rel] = known
        return known

    def modules_in(self, directory: str) -> list[str]:
        """Direct ``*.py`` modules of a directory (``__init__.py`` excluded)."""
        return list(self._modules(directory))

    def modules_under(self, directory: str) -> list[str]:
        """The modules doxtool reads (documented, tool and agent profiles' own
        tool modules) in ``directory`` or below it (``.``: all of them)."""
        prefix = "" if directory == "." else directory.rstrip("/") + "/"
        profiled = chain.from_iterable(self.profile_tool_modules.values())
        every = [*self.documented_modules, *self.tool_modules, *profiled]
        return [m for m in dict.fromkeys(every) if m.startswith(prefix)]

    def companions_in(self, directory: str) -> list[str]:
        return list(self._companions(directory))

    def _modules(self, directory: str) -> list[str]:
        known = self._modules_in.get(directory)
        if known is None:
            prefix = f"{directory}/" if directory != "." else ""
            names = [n for n in self._names(directory) if n.endswith(".py") and n != "__init__.py"]
            known = self._modules_in[directory] = self._exclusion.kept(prefix, names)
        return known

    def _companions(self, directory: str) -> list[str]:
        known = self._companions_in.get(directory)
        if known is None:
            prefix = f"{directory}/" if directory != "." else ""
            suffix = ".py" + COMPANION_SUFFIX
            names = [n for n in self._names(directory) if n.endswith(suffix)]
            known = self._companions_in[directory] = self._exclusion.kept(prefix, names)
        return known

    @cached_property
    def tool_modules(self) -> list[str]:
        return list(chain.from_iterable(map(self._modules, self.tool_dirs)))

    @cached_property
    def profile_tool_modules(self) -> dict[str, list[str]]:
        """Agent profiles' own tool modules, by profile (``agents/<profile>/tools``)."""
        found: dict[str, list[str]] = {}
        seen: dict[str, set[str]] = {}
        core = set(self.tool_dirs)
        for pattern in self.config.profile_tool_dirs:
            parts = pattern.split("/")
            wildcard = next((i for i, p in enumerate(parts) if any(c in p for c in "*?[")), None)
            for directory in self.glob_dirs([pattern]):
                if directory in core and wildcard is None:
                    continue
                rel = directory.split("/")
                name = rel[wildcard] if wildcard is not None and wildcard < len(rel) else rel[-2]
                modules = found.setdefault(name, [])
                known = seen.setdefault(name, set())
                for module in self._modules(directory):
                    if module not in known:
                        known.add(module)
                        modules.append(module)
        return found

    @cached_property
    def _profiles_by_module(self) -> dict[str, str]:
        """Module -> the first profile that has it as its own tool module."""
        index: dict[str, str] = {}
        for name, modules in self.profile_tool_modules.items():
            for module in modules:
                index.setdefault(module, name)
        return index

    def profile_of_module(self, rel: str) -> str | None:
        """The agent profile whose own tool module ``rel`` is, if any."""
        return self._profiles_by_module.get(rel)

    @cached_property
    def documented_modules(self) -> list[str]:
        return list(chain.from_iterable(map(self._modules, self.documented_dirs)))

    @cached_property
    def companions(self) -> list[str]:
        return list(chain.from_iterable(map(self._companions, self.documented_dirs)))

    @cached_property
    def tool_dirs_led_out(self) -> list[str]:
        """Tool directories (core, plugin or profile) a link leads out of the
        root: not followed, so which tools they hold is unknown."""
        patterns = [*with_user_plugins(self.config.tool_dirs), *self.config.profile_tool_dirs]
        return dirs_led_out(self.root, patterns, self.excluded)

    @cached_property
    def profile_tool_dirs(self) -> list[str]:
        """Agent profiles' own tool directories (``agents/<profile>/tools``)."""
        return self.glob_dirs(self.config.profile_tool_dirs)

    def is_tool_module(self, rel: str) -> bool:
        """Whether a module is in a tool directory: a core or plugin one
        (``tool-dirs``) or a profile's own (``profile-tool-dirs``)."""
        directory = rel.rsplit("/", 1)[0] if "/" in rel else "."
        return directory in self.tool_dirs or directory in self.profile_tool_dirs

    @cached_property
    def source_root(self) -> str:
        """``src`` in a src layout (:func:`~doxtool.python.names.source_root`):
        the modules below it are named from it (``myagent.tools.echo``)."""
        found = source_root(self.root)
        return found if found and not self.excluded(found) else ""

    def module_of(self, rel: str) -> str:
        """The dotted name of a repository module (``src.`` dropped in a src layout)."""
        return module_name(rel, self.source_root)

    @cached_property
    def local_roots(self) -> frozenset[str]:
        """Top-level packages and modules of the repository (helpers, tools, ...),
        those below the root of a src layout (:attr:`source_root`) too (``usr`` in a plugin's)."""
        return top_level_names(self.root, self.source_root, self.excluded) | self.plugin.roots

    @property
    def cache_stats(self) -> tuple[int, int]:
        """(hits, misses) of the facts cache in this run."""
        if self.cache is None:
            return (0, 0)
        return (self.cache.hits, self.cache.misses)

    def attach_cache(self) -> None:
        """Use the configured cache directory, if it is a safe place to write."""
        directory = self.root / self.config.cache_dir
        if not self.config.cache_dir or directory.is_symlink() or not self.inside(directory):
            return
        self.cache = FactsCache(directory, self.config.fingerprint())

    def close(self) -> None:
        if self.cache is not None:
            self.cache.close()

    def forget(self) -> None:
        """Drop what was read, after files were written."""
        self._facts.clear()
        self._tools.clear()
        self._run_tools.clear()
        self._module_paths.clear()
        self._listed.clear()
        self._walked.clear()
        self._modules_in.clear()
        self._companions_in.clear()
        self.snapshot_files = None
        self.per_run.clear()
        self._mentions.clear()
        self._agents_texts.clear()
        for name in ("documented_modules", "companions", "tool_modules", "agents_files"):
            self.__dict__.pop(name, None)

    # -- facts ----------------------------------------------------------------

    def facts(self, rel: str) -> ModuleFacts:
        """Raw facts of a module (tool classes not yet resolved)."""
        facts = self._facts.get(rel)
        if facts is None:
            run_now(self.facts_job(rel))
            facts = self._facts[rel]
        if type(facts) is Packed:
            facts = self._facts[rel] = unpacked(facts)
        return facts  # type: ignore[return-value]

    def _source(self, rel: str) -> tuple[bytes, SourceText] | ModuleFacts:
        """The module's bytes and text, or facts that say why it cannot be read."""
        path = self.root / rel
        problem = link_problem(self.root, path)
        if problem is None:
            data = read_bytes(path)
            if isinstance(data, ReadError):
                problem = data
            else:
                text = decode(data, python=True)
                if isinstance(text, ReadError):
                    problem = text
                else:
                    self._mentions[rel] = "doxtool" in text.text
                    return data, text
        return ModuleFacts(
            path=rel,
            module=self.module_of(rel),
            problems=[Problem(problem.message, problem.line, problem.column, problem.kind)],
        )

    @cached_property
    def _roots_key(self) -> bytes:
        """The local roots as the facts cache keys name them."""
        roots = ",".join(sorted(self.local_roots))
        # the module names below a src layout's root are no part of the path
        roots += f"/{self.source_root}" if self.source_root else ""
        return roots.encode("utf-8", "surrogateescape")

    def _cache_input(self, rel: str, data: bytes) -> bytes:
        return b"\0".join([rel.encode("utf-8", "surrogateescape"), self._roots_key, data])

    def loaded_modules(self) -> list[str]:
        """The modules whose facts this run has read."""
        return list(self._facts)

    def mentions_doxtool(self, rel: str) -> bool | None:
        """Whether a module read in this run names doxtool (None: not read)."""
        return self._mentions.get(rel)

    def facts_job(self, rel: str) -> Planned | None:
        """The parse that the module's facts still need, and where its result
        goes; None when they are known (extracted already, cached, or the
        file cannot be read)."""
        if rel in self._facts:
            return None
        source = self._source(rel)
        if isinstance(source, ModuleFacts):
            self._facts[rel] = source
            return None
        data, text = source

        def keep(facts: ModuleFacts | Packed) -> None:
            self._facts[rel] = facts

        job = Job("facts", rel, text.text, self.local_roots, self.module_of(rel))
        return plan(job, self.cache, self._cache_input(rel, data), ModuleFacts, keep)

    def module_path(self, dotted: str) -> str | None:
        """The repository path of a module by dotted name, if it exists here."""
        if dotted in self._module_paths:
            return self._module_paths[dotted]
        found = module_file(self.root, self.source_root, dotted) or self._unimportable.get(dotted)
        found = found or self.plugin.module_file(self.source_root, dotted)
        self._module_paths[dotted] = found
        return found

    @cached_property
    def _unimportable(self) -> dict[str, str]:
        profiled = chain.from_iterable(self.profile_tool_modules.values())
        modules = chain(self.tool_modules, profiled, self.documented_modules)
        return unimportable_names(modules, self.source_root)

    def lookup_module(self, dotted: str) -> ModuleFacts | None:
        """Facts of a repository module by dotted name, if it exists here."""
        rel = self.module_path(dotted)
        return self.facts(rel) if rel is not None else None

    def called_module_paths(self, facts: ModuleFacts) -> list[str]:
        """Modules of the repository that a module's tools and functions call
        into (what resolving its tools may read)."""
        targets = {c.target for t in facts.candidates for c in t.helper_calls}
        targets.update(c.target for s in facts.summaries for c in s.calls)
        paths: dict[str, None] = {}
        for target in sorted(targets):
            parts = target.split(".")
            if parts[0] == "self" or parts[0] not in self.local_roots:
                continue
            for cut in range(len(parts) - 1, 0, -1):
                rel = self.module_path(".".join(parts[:cut]))
                if rel is not None:
                    paths.setdefault(rel, None)
                    break
        return list(paths)

    def tools(self, rel: str) -> list[ToolFacts]:
        tools = self._tools.get(rel)
        if tools is None:
            order = lambda: loader_order(self)  # noqa: E731 (asked only where a base is)
            tools = self.resolver.tools(self.facts(rel), order)
            tools = fill_default_break_loop(self.facts, self.resolver, rel, tools)
            tools = self._tools[rel] = drop_raising_outcomes(self.facts, self.resolver, rel, tools)
        return tools

    def run_tool(self, rel: str) -> ToolFacts | None:
        """The tool class of the module that the framework runs (None when
        that cannot be told: :meth:`ToolResolver.run_class`), worked out
        once, as the module's tools are."""
        if rel not in self._run_tools:
            self._run_tools[rel] = self.resolver.run_class(
                self.facts(rel), self.tools(rel), lambda: loader_order(self)
            )
        return self._run_tools[rel]

    def tool_base(self, tools: list[ToolFacts]) -> tuple[str, str | None]:
        """The configured base a module's tool classes derive from, and the
        ``Response`` of the base's module (None when that module has none),
        dotted. Without a tool class: the first configured base that is a
        class of a module of the repository."""
        bases: list[str] = []
        for tool in tools:
            bases.extend(filter(None, map(self.resolver.base_of, tool.bases)))
        configured = self.config.tool_bases
        bases.extend(b for b in configured if self.module_path(b.rpartition(".")[0]))
        if not bases:
            return DEFAULT_TOOL_BASE
        base = bases[0]
        module = base.rpartition(".")[0]
        facts = self.lookup_module(module)
        has_response = facts is not None and (
            facts.class_named("Response") is not None or "Response" in facts.imported_names
        )
        return base, f"{module}.Response" if has_response else None

    def module_facts(self, rel: str) -> ModuleFacts:
        """Facts with the tool classes resolved: what ``inspect`` prints."""
        facts = self.facts(rel)
        facts.tools = self.tools(rel)
        return facts
