"""What rules see: the project, the scope of this run, the files it reads (see
:mod:`doxtool.run.files`) and what is derived from them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cached_property
from pathlib import Path
from typing import TypeVar

from doxtool.companions.codeindex import CodeIndex
from doxtool.companions.conventions import Convention, convention_named
from doxtool.companions.derive import ITEM_KINDS, TOOL_FACT_AREAS, expected_blocks
from doxtool.companions.edits import of_kinds
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.generate import CompanionStyle, companion_style, render_companion
from doxtool.companions.model import Companion
from doxtool.companions.renames import renamed_class
from doxtool.companions.rendering import contract_blocks
from doxtool.companions.truth import judge
from doxtool.companions.verdicts import Verdict
from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.core.outline_facts import ImportOutline
from doxtool.core.source import ReadError, read_text
from doxtool.prompts.sets import PromptSet
from doxtool.prompts.toggles import plugin_dir
from doxtool.prompts.values import Dispatch
from doxtool.run import leftdeps, sparse, unwatched
from doxtool.run.importpaths import import_paths
from doxtool.run.importseen import ImportSeen
from doxtool.run.loaders import loader_order
from doxtool.run.project import Project
from doxtool.run.scope import Scope
from doxtool.run.teachers import teachers
from doxtool.run.teaching import Teaching
from doxtool.run.unseen import unclassified, unseen_areas, unseen_tool_areas
from doxtool.run.valueitems import names_tool

__all__ = ["Context", "Scope"]

T = TypeVar("T")
#: file names of the prompts that teach one tool each
TOOL_PROMPT_PREFIX = "agent.system.tool."


class Context(Teaching):
    """What rules see: the project, the scope of this run, and what is derived
    from its files (expected fact lines, verdicts, prompt sets, who teaches what)."""

    def __init__(
        self, project: Project, scope: Scope | None = None, *, fixing: bool = False
    ) -> None:
        super().__init__(project, scope)
        #: whether this run plans fixes (``--fix``, ``--diff``): only then is
        #: the text of a new file rendered from the project's templates
        self.fixing = fixing
        self._expected: dict[str, list[ExpectedBlock]] = {}
        self._verdicts: dict[str, list[Verdict]] = {}
        self._memo: dict[object, object] = {}
        #: tool name -> its modules (:meth:`_tool_modules_named`)
        self._named_modules: dict[str, list[str]] = {}

    # -- what is in scope -----------------------------------------------------

    @cached_property
    def documented_modules(self) -> list[str]:
        modules = self.project.documented_modules
        if self.scope.modules is None:
            return modules
        return list(filter(self.scope.modules.__contains__, modules))

    @cached_property
    def tool_modules(self) -> list[str]:
        """Modules of the tool directories in scope (with a companion or not)."""
        modules = self.project.tool_modules
        if self.scope.modules is None:
            return modules
        return list(filter(self.scope.modules.__contains__, modules))

    @cached_property
    def companions(self) -> list[str]:
        companions = self.project.companions
        if self.scope.companions is None:
            return companions
        return list(filter(self.scope.companions.__contains__, companions))

    # -- facts ------------------------------------------------------------------

    def facts(self, module: str) -> ModuleFacts:
        return self.project.module_facts(module)

    def tools(self, module: str) -> list[ToolFacts]:
        return leftdeps.known(self, module, self.project.tools(module))

    def run_tool(self, module: str) -> ToolFacts | None:
        """The module's tool class the framework runs (None: not known)."""
        return leftdeps.known(self, module, [self.project.run_tool(module)], "run-tool")[0]

    def imported_run_class(self, module: str) -> str | None:
        """The dotted name of an imported tool class the framework runs instead
        of the module's own (:meth:`ToolResolver.imported_run_class`)."""
        project = self.project
        return project.resolver.imported_run_class(
            project.facts(module), project.tools(module), lambda: loader_order(project)
        )

    @cached_property
    def convention(self) -> Convention:
        return convention_named(self.config.convention)

    def expected(self, module: str) -> list[ExpectedBlock]:
        """The fact blocks the module's companion should hold (computed once)."""
        blocks = self._expected.get(module)
        if blocks is None:
            facts = self.facts(module)
            blocks = expected_blocks(facts, self.related_tests(module), self.convention)
            if self.unseen_tool_areas(module) != frozenset():
                # "none" would claim that an unread call or a model call does nothing
                blocks = [b for b in blocks if b.kind != "side-effects" or b.values]
            self._expected[module] = blocks = of_kinds(blocks, self.checked_kinds)
        return blocks

    def unseen_tool_areas(self, module: str) -> frozenset[str] | None:
        """The side-effect areas the module's tools may have past those their
        facts show (None: any), so that no "none" is derived for them where
        there are any (:func:`unseen_tool_areas`)."""
        return unseen_tool_areas(self.facts(module), self._in_repository)

    def reexported_blocks(self, module: str) -> list[ExpectedBlock]:
        """The contract blocks (arguments, ``break_loop``, repairable errors)
        of the tool classes the module re-exports (a compatibility shim) that
        :meth:`expected` does not ask for: a companion's line about one is
        judged against the class it re-exports."""
        if not self.convention.tool_contract:
            return []
        shimmed = {t.class_name for t in self.tools(module) if t.defined_in_path is not None}
        if not shimmed:  # (most modules): no block could be about such a class
            return []
        return self.memo(("reexported-blocks", module), lambda: self._reexported(module, shimmed))

    def _reexported(self, module: str, shimmed: set[str]) -> list[ExpectedBlock]:
        asked = {block.key for block in self.expected(module)}
        return [
            block
            for block in contract_blocks(self.facts(module))
            if block.subject in shimmed and block.key not in asked
        ]

    def renamed_class(self, module: str) -> tuple[str, str] | None:
        """(old, new) name of a class the code renamed that the module's
        companion still lists (:func:`~doxtool.companions.renames.renamed_class`),
        worked out once per run."""
        return self.memo(("renamed-class", module), lambda: self._renamed_class(module))

    def _renamed_class(self, module: str) -> tuple[str, str] | None:
        companion = self.companion(self.companion_path(module))
        return None if companion is None else renamed_class(companion, self.facts(module).outline)

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
                exists=lambda rel: sparse.present(self, rel),
                tool_areas=tool_areas,
                source=lambda: self._module_text(module),
                reexported_names=lambda: self._reexported_names(module),
            )
            verdicts = self._verdicts[module] = judge(
                module,
                companion,
                self.convention,
                index,
                self.expected(module),
                ITEM_KINDS,
                renamed=self.renamed_class(module),
                written=self.checked_kinds,
            )
        return verdicts

    def _reexported_names(self, module: str) -> set[str]:
        """What the modules defining the tool classes ``module`` re-exports
        call or name, as written and through their imports."""
        names: set[str] = set()
        for home in {t.defined_in_path for t in self.tools(module) if t.defined_in_path}:
            facts = self.facts(home)
            index = CodeIndex(home, facts, facts.outline)
            names |= index.names | index.resolved_names
        return names

    def _module_text(self, module: str) -> str:
        text = read_text(self.project.root / module, python=True)
        return "" if isinstance(text, ReadError) else text.text

    def _imported_areas(self, module: str, facts: ModuleFacts) -> frozenset[str]:
        """Areas no companion line may be told are gone: the keyword areas of
        the repository modules ``module`` imports, and what a call doxtool
        cannot read may do, here or in those modules (:func:`unseen_areas`)."""
        if facts.outline is None:
            return frozenset()
        package = module.rsplit("/", 1)[0] if "/" in module else ""
        areas: set[str] = set(unseen_areas(facts, self._in_repository))
        for imported in map(self.project.plugin.unprefixed, facts.outline.imports):
            for path in import_paths(package, imported):
                if path != module and self.exists(path):
                    other = self.project.facts(path)
                    if other.outline is not None:
                        areas.update(other.outline.keyword_areas)
                        areas.update(unseen_areas(other, self._in_repository))
        return frozenset(areas)

    @cached_property
    def _in_repository(self) -> Callable[[str, ImportOutline], bool]:
        """Whether a module's import names repository code doxtool reads (:class:`ImportSeen`)."""
        p = self.project
        seen = ImportSeen(
            self.exists, p.facts, p.excluded, unclassified, p.plugin.unprefixed, p.root
        )
        return seen.read

    def new_companion(
        self, module: str, named: str | None = None, convention: Convention | None = None
    ) -> str:
        """The text of a generated companion for ``module``, in the words its code and prompt
        use, laid out as the repository's companions are; with ``named`` (a file name), as
        written were the module's file so named (a tool named after its file is then named so
        too); with ``convention``, in that convention's template."""
        root, templates = self.project.root, self.config.templates_dir
        override = root / templates if templates else None
        facts, run = self.facts(module), self.run_tool(module)
        is_tool = self.project.is_tool_module(module)
        prompt_line = self._prompt_line(module, facts) if is_tool else ""
        path = module
        if named is not None:
            path = f"{module.rpartition('/')[0]}/{named}".lstrip("/")
            stem, old = module.rpartition("/")[2].removesuffix(".py"), named.removesuffix(".py")
            tools = [replace(t, name=old) if t.name == stem else t for t in facts.tools]
            dotted = path.removesuffix(".py").replace("/", ".") if facts.module else ""
            facts = replace(facts, path=path, module=dotted, tools=tools)
        return render_companion(
            path,
            facts,
            self.expected(module),
            is_tool,
            override,
            prompt_line=prompt_line,
            tests=self.related_tests(module),
            style=self.companion_style,
            convention=convention or self.convention,
            tool_base=self.project.tool_base(self.project.tools(module)),
            run_class=run.class_name if run is not None else None,
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
        return self.tool_description(module, facts.tools[0].name, True) if facts.tools else ""

    def tool_description(self, module: str, name: str, first_line: bool = False) -> str:
        """The prose under the heading that names tool ``name`` itself
        (``### name``, a tool prompt's title ``# name tool``; not a method's
        section, ``### todo:add``) in the first prompt holding one: of the
        module's own prompt set, then of the sets whose teaching reaches it
        (a plugin's tool taught by a core prompt); tool prompts first, then
        the set's other files (``agent.system.tools_vision.md``)."""
        from doxtool.prompts.schema import section_description

        own = self.set_of_module(module)
        sets = [own] if own is not None else []
        sets += [s for s in self.teaching_sets(module) if s is not own]
        for prompt_set in sets:
            found = self._sections(prompt_set).get(name)
            if found is not None:
                return section_description(self.prompt_text(found[0]), found[1], first_line)
        return ""

    def _sections(self, prompt_set: PromptSet) -> dict[str, tuple[str, int]]:
        """Tool name -> the set's first prompt with a heading naming it, and
        that heading's line (found once per set: each new companion asking
        every prompt file would be quadratic)."""

        def find() -> dict[str, tuple[str, int]]:
            found: dict[str, tuple[str, int]] = {}
            tools = prompt_set.tool_prompts()
            others = [p for n, p in prompt_set.files.items() if n not in tools]
            for path in [*tools.values(), *others]:
                doc = self.prompt(path) if path.endswith(".md") else None
                for tool in doc.tools if doc is not None else ():
                    if tool.source in ("heading", "title"):
                        found.setdefault(tool.name, (path, tool.line))
            return found

        return self.memo(("sections", prompt_set.kind, prompt_set.directory), find)

    # -- prompts --------------------------------------------------------------

    @cached_property
    def tool_index(self) -> dict[str, list[str]]:
        """Tool name (module file stem) -> tool modules, from discovery alone.

        Agent profiles' own tools are not here: each shadows a core tool for
        its profile only (:meth:`tool_module`)."""
        index: dict[str, list[str]] = {}
        profiles = self.project.profile_tool_modules.values()
        profiled = {module for modules in profiles for module in modules}
        for module in self.project.tool_modules:
            if module in profiled:
                continue
            index.setdefault(module.rsplit("/", 1)[-1].removesuffix(".py"), []).append(module)
        return index

    def _tool_modules_named(self, base: str) -> list[str]:
        """``tool_index.get(base, [])``, without building the index: a tool
        directory's module named so is ``<dir>/<base>.py`` (a run over a few
        tools asks of a few names, not of every module)."""
        if "/" in base:
            return []  # a module's name is its file's, without its directory
        known = self._named_modules.get(base)
        if known is None:
            tools, profiled = self._tool_module_set
            dirs = self.project.tool_dirs
            candidates = (f"{d}/{base}.py" if d != "." else f"{base}.py" for d in dirs)
            known = [m for m in candidates if m in tools and m not in profiled]
            self._named_modules[base] = known
        return known

    @cached_property
    def _tool_module_set(self) -> tuple[frozenset[str], frozenset[str]]:
        """The tool modules, and the agent profiles' own ones, as sets."""
        profiled = (m for modules in self.project.profile_tool_modules.values() for m in modules)
        return frozenset(self.project.tool_modules), frozenset(profiled)

    def tool_module(self, name: str, prompt_set: PromptSet | None = None) -> str | None:
        """The module of tool ``name`` as seen from a prompt set (a profile's or
        plugin's own first)."""
        base = name.split(":", 1)[0]
        if prompt_set is not None and prompt_set.kind == "profile":
            for module in self.project.profile_tool_modules.get(prompt_set.name, []):
                if module.rsplit("/", 1)[-1].removesuffix(".py") == base:
                    return module
        modules = self._tool_modules_named(base)
        if prompt_set is not None and prompt_set.kind == "plugin":
            prefix = prompt_set.directory.rsplit("/", 1)[0] + "/"
            own = [m for m in modules if m.startswith(prefix)]
            if own:
                return own[0]
        core = [m for m in modules if plugin_dir(m) is None]
        return (core or modules or [None])[0]

    def excluded_tool(self, name: str, prompt_set: PromptSet | None = None) -> bool:
        """Whether tool ``name`` has a module the run leaves out: a file
        ``<dir>/<name>.py`` in a tool directory (a profile's own too, seen from
        its prompt set), excluded (or its directory) or out of a sparse checkout.
        It exists but is not read: nothing about it is known, none may call it missing."""
        base = name.split(":", 1)[0]
        if not base or "/" in base or base.startswith("."):
            return False
        tools, profiled = self._tool_module_set
        dirs = self._every_tool_dir[0]
        if prompt_set is not None and prompt_set.kind == "profile":
            dirs = dirs + self._every_tool_dir[1]
        for directory in dirs:
            module = f"{directory}/{base}.py" if directory != "." else f"{base}.py"
            if module not in tools and module not in profiled and sparse.present(self, module):
                return True
        return sparse.tool_left_out(self, base, prompt_set is not None and prompt_set.kind)

    @cached_property
    def _every_tool_dir(self) -> tuple[list[str], list[str]]:
        """The directories of ``tool-dirs`` and of ``profile-tool-dirs``, the
        excluded ones included."""
        root = self.project.root

        def every(patterns: list[str]) -> list[str]:
            found: dict[str, None] = {}
            for pattern in patterns:
                for path in sorted(root.glob(pattern)):
                    if path.is_dir() and self.project.inside(path):
                        found[self.project.rel(path)] = None
            return list(found)

        return every(self.config.tool_dirs), every(self.config.profile_tool_dirs)

    def teaching_sets(self, module: str, excluded: bool = False) -> list[PromptSet]:
        """The prompt sets whose teaching reaches a tool module's agents: the
        core set and every plugin's (plugins' prompts reach every agent), and
        for a profile's own tool, that profile's set (``excluded``: of those
        the configuration excludes, :attr:`excluded_prompt_sets`)."""
        profile = self.project.profile_of_module(module)
        return [
            s
            for s in (self.excluded_prompt_sets if excluded else self.prompt_sets)
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

    def dispatch(self, name: str, prompt_set: PromptSet) -> Dispatch | None:
        """What the tool ``name`` reads, as ``prompt_set`` resolves it, for
        telling its arguments' values from tools and arguments (None: its
        code is not known)."""
        module = self.tool_module(name, prompt_set)
        tool = self.run_tool(module) if module and self.facts(module).parsed else None
        if tool is None:
            return None
        return Dispatch.of(tool)

    def documents(self, path: str, tool: str) -> bool:
        """Whether the prompt at ``path`` documents ``tool``: a list item
        naming a value of its section tool's argument does not
        (:mod:`~doxtool.run.valueitems`)."""
        return super().documents(path, tool) and self._names_tool(path, tool)

    def teaches(self, prompt_set: PromptSet, tool: str) -> bool:
        if not super().teaches(prompt_set, tool):
            return False
        if not self.scope.everything:
            return True  # asked file by file (:meth:`documents`)
        key = ("teachers", prompt_set.kind, prompt_set.directory)
        index = self.memo(key, lambda: teachers(prompt_set, self.taught_names))
        return any(self._names_tool(path, tool) for path in index.get(tool, ()))

    def _names_tool(self, path: str, tool: str) -> bool:
        doc = self.prompt(path)
        if doc is None:
            return True  # what it teaches is the index's word
        name = path.rpartition("/")[2]
        sets = [s for s in self.prompt_sets if s.own_files().get(name) == path]
        readings = [lambda tool_name, s=s: self.dispatch(tool_name, s) for s in sets]
        if not readings:  # no set holds it: its items are read as written
            return True
        return self.memo(("names-tool", path, tool), lambda: names_tool(doc, tool, readings))

    def memo(self, key: object, compute: Callable[[], T]) -> T:
        """``compute()``, once per run and ``key``: what several rules derive
        from the same files."""
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]  # type: ignore[no-any-return]

    def exists(self, rel: str) -> bool:
        """Whether ``rel`` names something under the root; a name no file can
        have (too long, say) names nothing."""
        if self._unwatched(rel):
            unwatched.note(rel)
        try:
            return (self.project.root / Path(rel)).exists()
        except (OSError, ValueError):
            return False

    def left_out(self, rel: str) -> bool:
        """Whether the next commit leaves out ``rel``, a file git would add
        (:func:`~doxtool.run.gitindex.addable`); never outside the hook mode."""
        from doxtool.run.gitindex import addable

        return not self.scope.holds(rel) and addable(self.project.root, rel)

    def _unwatched(self, rel: str) -> bool:
        """Whether ``rel`` lies where no snapshot of the tree looks."""
        rel = rel.removeprefix("./")
        cache = self.config.cache_dir.strip("/")
        in_cache = rel == cache or rel.startswith(cache + "/")
        return rel.split("/", 1)[0] == ".git" or in_cache or self.project.excluded(rel)
