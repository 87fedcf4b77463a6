"""What rules see: the project, the scope of this run, the files it reads (see
:mod:`doxtool.run.files`) and what is derived from them."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TypeVar

from doxtool.companions.codeindex import CodeIndex
from doxtool.companions.conventions import Convention, convention_named
from doxtool.companions.derive import ITEM_KINDS, TOOL_FACT_AREAS, expected_blocks
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.generate import CompanionStyle, companion_style, render_companion
from doxtool.companions.model import Companion
from doxtool.companions.truth import judge
from doxtool.companions.verdicts import Verdict
from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.core.source import ReadError, read_text
from doxtool.prompts.model import PromptDoc, first_teachers
from doxtool.prompts.sets import PromptSet, discover_prompt_sets
from doxtool.run.files import Files
from doxtool.run.project import Project
from doxtool.run.promptindex import PromptIndex, Stamp, named, stamp, taught

T = TypeVar("T")
#: file names of the prompts that teach one tool each
TOOL_PROMPT_PREFIX = "agent.system.tool."


@dataclass
class Scope:
    """Which files this run checks; None means everything."""

    modules: set[str] | None = None
    companions: set[str] | None = None
    prompts: set[str] | None = None
    tools: set[str] | None = None

    @property
    def everything(self) -> bool:
        return self.modules is None


def _cut(doc: PromptDoc) -> ReadError | None:
    """A prompt markdown-it read only in part, as the reason it cannot be read."""
    for problem in doc.problems:
        if problem.kind == "limit":
            return ReadError(problem.message, problem.line, problem.column, "parse")
    return None


class Context(Files):
    """What rules see: the project, the scope of this run, and what is derived
    from its files (expected fact lines, verdicts, prompt sets, who teaches what)."""

    def __init__(
        self, project: Project, scope: Scope | None = None, *, fixing: bool = False
    ) -> None:
        super().__init__(project)
        self.scope = scope or Scope()
        #: whether this run plans fixes (``--fix``, ``--diff``): only then is
        #: the text of a new file rendered from the project's templates
        self.fixing = fixing
        self._expected: dict[str, list[ExpectedBlock]] = {}
        self._verdicts: dict[str, list[Verdict]] = {}
        self._prompt_scope: dict[str, bool] = {}
        self._taught: dict[tuple[str, str], set[str]] = {}
        self._memo: dict[object, object] = {}
        self._index = PromptIndex(project.cache)
        self._root = str(project.root)
        self._taught_names: dict[str, frozenset[str]] = {}
        #: path -> (modification time, size) of prompt files, taken once per run
        self._stamps: dict[str, Stamp | None] = {}

    # -- what is in scope -----------------------------------------------------

    @cached_property
    def documented_modules(self) -> list[str]:
        modules = self.project.documented_modules
        if self.scope.modules is None:
            return modules
        return [m for m in modules if m in self.scope.modules]

    @cached_property
    def tool_modules(self) -> list[str]:
        """Modules of the tool directories in scope (with a companion or not)."""
        modules = self.project.tool_modules
        if self.scope.modules is None:
            return modules
        return [m for m in modules if m in self.scope.modules]

    @cached_property
    def companions(self) -> list[str]:
        companions = self.project.companions
        if self.scope.companions is None:
            return companions
        return [c for c in companions if c in self.scope.companions]

    # -- facts ------------------------------------------------------------------

    def facts(self, module: str) -> ModuleFacts:
        return self.project.module_facts(module)

    def tools(self, module: str) -> list[ToolFacts]:
        return self.project.tools(module)

    @cached_property
    def convention(self) -> Convention:
        return convention_named(self.config.convention)

    def expected(self, module: str) -> list[ExpectedBlock]:
        """The fact blocks the module's companion should hold (computed once)."""
        blocks = self._expected.get(module)
        if blocks is None:
            blocks = self._expected[module] = expected_blocks(
                self.facts(module), self.related_tests(module), self.convention
            )
        return blocks

    def verdicts(self, module: str, companion: Companion) -> list[Verdict]:
        """Every item of the companion's fact lines judged against the code."""
        verdicts = self._verdicts.get(module)
        if verdicts is None:
            facts = self.facts(module)
            tool_areas = frozenset(
                TOOL_FACT_AREAS.get(area, area)
                for tool in self.tools(module)
                for area in tool.side_effects
            )
            index = CodeIndex(
                module,
                facts,
                facts.outline,
                imported_keyword_areas=lambda: self._imported_areas(module, facts),
                exists=self.exists,
                tool_areas=tool_areas,
                source=lambda: self._module_text(module),
            )
            verdicts = self._verdicts[module] = judge(
                module, companion, self.convention, index, self.expected(module), ITEM_KINDS
            )
        return verdicts

    def _module_text(self, module: str) -> str:
        text = read_text(self.project.root / module, python=True)
        return "" if isinstance(text, ReadError) else text.text

    def _imported_areas(self, module: str, facts: ModuleFacts) -> frozenset[str]:
        """Keyword areas of the repository modules ``module`` imports."""
        if facts.outline is None:
            return frozenset()
        package = module.rsplit("/", 1)[0] if "/" in module else ""
        areas: set[str] = set()
        for imported in facts.outline.imports:
            if imported.level:
                base = package.split("/") if package else []
                base = base[: len(base) - (imported.level - 1)] if imported.level > 1 else base
                stem = (
                    "/".join([*base, *imported.module.split(".")])
                    if imported.module
                    else "/".join(base)
                )
            else:
                stem = imported.module.replace(".", "/")
            candidates = [f"{stem}.py", f"{stem}/__init__.py"]
            candidates += [f"{stem}/{name}.py" for name in imported.names if name != "*"]
            for path in candidates:
                path = path.lstrip("/")
                if path != module and self.exists(path):
                    other = self.project.facts(path)
                    if other.outline is not None:
                        areas.update(other.outline.keyword_areas)
        return frozenset(areas)

    def new_companion(self, module: str) -> str:
        """The text of a generated companion for ``module``, in the words its
        code and prompt use, laid out as the repository's companions are."""
        override = (
            self.project.root / self.config.templates_dir if self.config.templates_dir else None
        )
        facts = self.facts(module)
        is_tool = self.project.is_tool_module(module)
        return render_companion(
            module,
            facts,
            self.expected(module),
            is_tool,
            override,
            prompt_line=self._prompt_line(module, facts) if is_tool else "",
            tests=self.related_tests(module),
            style=self.companion_style,
            convention=self.convention,
        )

    @cached_property
    def companion_style(self) -> CompanionStyle:
        """The layout of the repository's companions (the first 50 read)."""
        texts = []
        for path in self.project.companions[:50]:
            text = read_text(self.project.root / path, root=self.project.root)
            if not isinstance(text, ReadError):
                texts.append(text.text)
        return companion_style(texts)

    def _prompt_line(self, module: str, facts: ModuleFacts) -> str:
        """The first line under the heading of the prompt teaching the module's tool."""
        from doxtool.prompts.schema import prompt_description

        prompt_set = self.set_of_module(module)
        if prompt_set is None or not facts.tools:
            return ""
        name = facts.tools[0].name
        path = self._teachers(prompt_set).get(name)
        if path is None:
            return ""
        return prompt_description(self.prompt_text(path), name, first_line=True)

    def _teachers(self, prompt_set: PromptSet) -> dict[str, str]:
        """Tool name -> the set's first tool prompt teaching it (found once per
        set: each new companion asking every prompt file would be quadratic)."""
        key = ("teachers", prompt_set.kind, prompt_set.directory)
        return self.memo(
            key, lambda: first_teachers(prompt_set.tool_prompts().values(), self.prompt)
        )

    # -- prompts --------------------------------------------------------------

    @cached_property
    def prompt_sets(self) -> list[PromptSet]:
        config = self.config
        sets: list[PromptSet] = []
        nothing = ".doxtool-matches-nothing/*"
        for profiles in config.profile_prompt_dirs or [nothing]:
            for plugins in config.plugin_prompt_dirs or [nothing]:
                for found in discover_prompt_sets(
                    self.project.root, config.prompt_dirs, profiles, plugins
                ):
                    if all((s.kind, s.directory) != (found.kind, found.directory) for s in sets):
                        sets.append(found)
        return [s for s in sets if not self.project.excluded(s.directory)]

    @cached_property
    def unreadable_prompts(self) -> dict[str, ReadError]:
        """Prompt files (``*.md`` in a prompt directory) that cannot be read, and
        why: linked out of the repository, not regular files, too large, not
        UTF-8 text. Discovery leaves them out; each is reported (PRM011), and
        a tool whose prompt is one of them is not reported as having none."""
        found: dict[str, ReadError] = {}
        root = self.project.root
        for prompt_set in self.prompt_sets:
            listed = set(prompt_set.files.values())
            directory = root / prompt_set.directory
            try:
                entries = sorted(os.scandir(directory), key=lambda e: e.name)
            except OSError:
                continue
            for entry in entries:
                if not entry.name.endswith(".md"):
                    continue
                path = f"{prompt_set.directory}/{entry.name}"
                if path in found:
                    continue
                if path in listed:
                    if not self.prompt_in_scope(path):
                        continue
                    doc = self.prompt(path)
                    error = self._prompt_errors.get(path) if doc is None else _cut(doc)
                    if error is not None:
                        found[path] = error
                    continue
                if not self.scope.everything and path not in (self.scope.prompts or ()):
                    continue
                error = read_text(Path(entry.path), root=root)
                if isinstance(error, ReadError):
                    found[path] = error
        return found

    @cached_property
    def tool_index(self) -> dict[str, list[str]]:
        """Tool name (module file stem) -> tool modules, from discovery alone.

        Agent profiles' own tools are not here: each shadows a core tool for
        its profile only (:meth:`tool_module`)."""
        index: dict[str, list[str]] = {}
        for module in self.project.tool_modules:
            if self.project.profile_of_module(module) is not None:
                continue
            index.setdefault(module.rsplit("/", 1)[-1].removesuffix(".py"), []).append(module)
        return index

    def tool_module(self, name: str, prompt_set: PromptSet | None = None) -> str | None:
        """The module of tool ``name`` as seen from a prompt set (a profile's or
        plugin's own first)."""
        base = name.split(":", 1)[0]
        if prompt_set is not None and prompt_set.kind == "profile":
            for module in self.project.profile_tool_modules.get(prompt_set.name, []):
                if module.rsplit("/", 1)[-1].removesuffix(".py") == base:
                    return module
        modules = self.tool_index.get(base, [])
        if prompt_set is not None and prompt_set.kind == "plugin":
            prefix = prompt_set.directory.rsplit("/", 1)[0] + "/"
            own = [m for m in modules if m.startswith(prefix)]
            if own:
                return own[0]
        core = [m for m in modules if not m.startswith("plugins/")]
        return (core or modules or [None])[0]

    def teaching_sets(self, module: str) -> list[PromptSet]:
        """The prompt sets whose teaching reaches a tool module's agents: the
        core set and every plugin's (plugins' prompts reach every agent), and
        for a profile's own tool, that profile's set."""
        profile = self.project.profile_of_module(module)
        return [
            s
            for s in self.prompt_sets
            if s.kind in ("core", "plugin") or (s.kind == "profile" and s.name == profile)
        ]

    def set_of_module(self, module: str) -> PromptSet | None:
        """The prompt set that must teach a tool module: its profile's or
        plugin's, or the core set."""
        profile = self.project.profile_of_module(module)
        for prompt_set in self.prompt_sets:
            if prompt_set.kind == "profile" and prompt_set.name == profile:
                return prompt_set
        for prompt_set in self.prompt_sets:
            if prompt_set.kind == "plugin":
                prefix = prompt_set.directory.rsplit("/", 1)[0] + "/"
                if module.startswith(prefix):
                    return prompt_set
        for prompt_set in self.prompt_sets:
            if prompt_set.kind == "core":
                return prompt_set
        return None

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
        names = self._scope_tool_names
        if not names:
            return False
        if path in self._prompt_paths and path not in self._prompt_candidates:
            return False
        return any(
            (module := self.tool_module(name)) is not None and module in (scope.modules or ())
            for name in self._taught_if_named(path, names)
        )

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

    @cached_property
    def _prompt_paths(self) -> frozenset[str]:
        """Every file of every prompt set."""
        return frozenset(p for s in self.prompt_sets for p in s.files.values())

    @cached_property
    def _prompt_candidates(self) -> frozenset[str]:
        """In a scoped run, the prompt files that may teach a tool of the scope:
        those the index cannot answer for, and those it says name one. Any
        other prompt file teaches none of them, so it is neither in scope nor
        asked whether it documents one."""
        names = self._scope_tool_names
        found: set[str] = set()
        for path in self._prompt_paths:
            known = self._indexed(path)
            if known is None or not known.isdisjoint(names):
                found.add(path)
        return frozenset(found)

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
            paths = [p for name, p in prompt_set.own_files().items() if name != "AGENTS.md"]
            if tool in self._scope_tool_names:  # the others cannot document it
                candidates, everywhere = self._prompt_candidates, self._prompt_paths
                paths = [p for p in paths if p in candidates or p not in everywhere]
            return any(self.documents(path, tool) for path in paths)
        key = (prompt_set.kind, prompt_set.directory)
        taught = self._taught.get(key)
        if taught is None:
            taught = self._taught[key] = set()
            for file_name, path in prompt_set.own_files().items():
                # any prompt file may teach a tool (``agent.system.tools_vision.md``);
                # one that has no heading and no example teaches none
                if file_name == "AGENTS.md":
                    continue  # the directory's documentation, never a prompt
                text = self.prompt_text(path)
                if "#" in text or "tool_name" in text:
                    taught.update(self.taught_names(path))
        return tool in taught

    def documents(self, path: str, tool: str) -> bool:
        """Whether the prompt at ``path`` documents ``tool`` (heading or example)."""
        return tool in self._taught_if_named(path, (tool,))

    def memo(self, key: object, compute: Callable[[], T]) -> T:
        """``compute()``, once per run and ``key``: what several rules derive
        from the same files."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[no-any-return]

    def exists(self, rel: str) -> bool:
        return (self.project.root / Path(rel)).exists()
