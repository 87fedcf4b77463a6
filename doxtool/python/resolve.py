"""Decide which classes are tools, across modules of the repository.

Extraction is per module (so it can be cached by content); whether a class is
a tool depends on its bases, which may live in other modules of the same
repository. This step works on facts only and asks for other modules' facts
through a lookup function.

A tool class whose ``execute`` is inherited from a base in another module
gets that base's analysis, merged with what its own methods do (methods it
overrides replace the base's). Facts that come from another module carry that
module's path (``path`` of reads, outcomes, raises; ``defined_in_path`` of
``execute`` and of a re-exported class), so that their lines are never taken
for lines of the module under inspection.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from doxtool.core.facts import (
    ARGUMENTS,
    BREAK_LOOP,
    EXECUTE,
    REPAIRABLE,
    SIDE_EFFECTS,
    Argument,
    ModuleFacts,
    ToolFacts,
)
from doxtool.python.baseexecute import with_base_execute
from doxtool.python.basehooks import with_base_hook
from doxtool.python.follow import HelperFollower
from doxtool.python.followargs import Found
from doxtool.python.inherit import (
    execute_bases,
    localised,
    merge,
    own_methods,
    tagged,
    unseen_methods,
    without_execute,
)
from doxtool.python.names import module_name
from doxtool.python.pacing import Pacer
from doxtool.python.refusedvalues import with_refused_values
from doxtool.python.repairable import RepairableClasses
from doxtool.python.replacedvalues import with_replaced_values
from doxtool.python.returns import ReturnFollower
from doxtool.python.runorder import FIRST_ORDER, LAST_ORDER, Order, bound_at_run, without_bases
from doxtool.python.superneeds import forwarding_call, kept_needs, with_needs
from doxtool.python.triedraises import with_tried_raises

Lookup = Callable[[str], "ModuleFacts | None"]

_MAX_DEPTH = 32
#: the names :meth:`ToolResolver.reaches_unseen` follows at most
_MAX_NAMES = 256


class ToolResolver:
    def __init__(
        self,
        bases: list[str],
        lookup: Lookup,
        is_module: Callable[[str], bool] | None = None,
        module_of: Callable[[str], str] = module_name,
    ) -> None:
        self.bases = set(bases)
        #: the dotted name of a repository path (``src.`` dropped in a src layout)
        self.module_of = module_of
        self.lookup = lookup
        #: whether a dotted name is a module of the repository (read without parsing it)
        self.is_module = is_module or (lambda dotted: False)
        self.repairable = RepairableClasses(self.defined)
        self.follower = HelperFollower(
            lookup, self._bases_of, self.repairable.kind, frozenset(bases)
        )
        self.pacer = Pacer(self.follower.flow_of, self.follower.method_flow)
        self.returns = ReturnFollower(self.follower, module_of, self.defined, lookup)

    def _bases_of(self, qualified: str) -> list[str]:
        found = self.defined(qualified)
        if found is None:
            return []
        facts, name = found
        cls = facts.class_named(name)
        return list(cls.resolved_bases) if cls is not None else []

    # -- finding classes --------------------------------------------------------

    def _split(self, qualified: str) -> tuple[ModuleFacts, str] | None:
        """The module facts and the class name of a dotted class name."""
        parts = qualified.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            facts = self.lookup(".".join(parts[:cut]))
            if facts is not None:
                return facts, ".".join(parts[cut:])
        return None

    def _chain(
        self, qualified: str, limit: int
    ) -> Iterator[tuple[str, tuple[ModuleFacts, str] | None]]:
        """The names a dotted name leads to through re-exports (an import,
        a module-level alias, ``from elsewhere import *``), breadth first, at
        most ``limit`` of them, each with the module of the repository that
        binds it and its name there (None: no module here binds it)."""
        seen: set[str] = set()
        todo = [qualified]
        while todo and len(seen) < limit:
            current = todo.pop(0)
            if current in seen:
                continue
            seen.add(current)
            found = self._split(current)
            yield current, found
            if found is None:
                continue
            facts, name = found
            target = facts.imported_names.get(name)
            if target is not None:
                todo.append(target)
            elif "." not in name:
                # ``from elsewhere import *`` re-exports every public name
                todo.extend(f"{module}.{name}" for module in facts.star_imports)

    def defined(self, qualified: str, depth: int = 0) -> tuple[ModuleFacts, str] | None:
        """Where a dotted class name is defined, through re-exports."""
        for _, found in self._chain(qualified, _MAX_DEPTH - depth):
            if found is not None and found[0].class_named(found[1]) is not None:
                return found
        return None

    def canonical(self, qualified: str) -> str:
        """The configured base a dotted name stands for when it reaches one
        through imports and module-level aliases of the repository's modules
        (``from helpers.tool import Tool`` in ``helpers/compat.py`` makes
        ``helpers.compat.Tool`` the configured ``helpers.tool.Tool``);
        otherwise the name itself. A class the chain reaches first (a
        subclass of the base) is itself, not the base."""
        for current, found in self._chain(qualified, _MAX_DEPTH):
            if current in self.bases:
                return current
            if found is not None and found[0].class_named(found[1]) is not None:
                return qualified
        return qualified

    def configured(self, qualified: str) -> bool:
        """Whether a dotted name is a configured base, or re-exports one."""
        return self.canonical(qualified) in self.bases

    def derives(self, qualified: str, depth: int = 0) -> bool:
        """Whether a dotted class name is, or derives from, a configured base."""
        return self.base_of(qualified, depth) is not None

    def base_of(self, qualified: str, depth: int = 0) -> str | None:
        """The configured base a dotted class name is, or derives from (the
        first found, bases in order); None when it derives from none."""
        reached = self.canonical(qualified)
        if reached in self.bases:
            return reached
        if depth > _MAX_DEPTH:
            return None
        found = self.defined(qualified, depth)
        if found is None:
            return None
        facts, name = found
        cls = facts.class_named(name)
        assert cls is not None
        for base in cls.resolved_bases:
            reached = self.base_of(base, depth + 1)
            if reached is not None:
                return reached
        return None

    def _is_a_base(self, bases: list[str]) -> int:
        """Where the first of a tool class's resolved ``bases`` that is, or
        derives from, a configured base is (a mixin may come before it)."""
        return next((index for index, base in enumerate(bases) if self.derives(base)), 0)

    def reaches_unseen(self, qualified: str, unseen: Callable[[str], bool]) -> bool:
        """Whether a dotted class name, through the repository's re-exports
        and the bases of its classes, reaches a name of code doxtool cannot
        read: one no module of the repository binds that ``unseen`` says is
        such (an installed package's class, which may derive from a configured
        base), or one of a module that does not parse. Configured bases stop."""
        seen: set[str] = set()
        todo = [qualified]
        while todo and len(seen) < _MAX_NAMES:
            current = todo.pop()
            if current in seen or self.configured(current):
                continue
            seen.add(current)
            for name, where in self._chain(current, _MAX_DEPTH):
                cls = where[0].class_named(where[1]) if where is not None else None
                if cls is not None:  # a class of the repository: on to its bases
                    todo.extend(cls.resolved_bases)
                    break
                if unseen(name) if where is None else not where[0].parsed:
                    return True
        return False

    # -- analyses -------------------------------------------------------------------

    def _analysis(self, facts: ModuleFacts, name: str, depth: int = 0) -> ToolFacts | None:
        """The tool analysis of a class, with what it inherits from other modules.

        None when neither the class nor any base outside the configured tool
        bases has anything to say.
        """
        own = next((c for c in facts.candidates if c.class_name == name), None)
        if own is not None and (own.execute is not None or not own.knows(EXECUTE)):
            # its own ``execute`` (one doxtool may not read) hides the bases'
            return tagged(own, facts.path)
        if facts.class_named(name) is None or depth > _MAX_DEPTH:
            return tagged(own, facts.path) if own is not None else None
        for base in execute_bases(facts, name, self):
            if self.configured(base):
                continue
            found = self.defined(base, depth)
            if found is None:
                continue
            inherited = self._analysis(*found, depth=depth + 1)
            if inherited is None or (inherited.execute is None and inherited.knows(EXECUTE)):
                continue
            overridden = own_methods(facts, name)
            if unseen_methods(*found, overridden, self.bases) and inherited.knows(SIDE_EFFECTS):
                # the inherited code makes a call doxtool cannot see into
                inherited = dataclasses.replace(
                    inherited, unknown=[*inherited.unknown, SIDE_EFFECTS]
                )
            if own is None:
                return inherited
            merged = merge(inherited, tagged(own, facts.path), overridden)
            return with_tried_raises(merged, facts, name, found, self)
        return tagged(own, facts.path) if own is not None else None

    def tools(self, facts: ModuleFacts, order: Order | None = None) -> list[ToolFacts]:
        """Tool classes of a module, in source order: a class another tool
        class of the module derives from is a shared base, not a tool (what
        it defines counts for its subclasses), unless the framework runs it
        (its name sorts last, or first under a loader taking the first:
        ``order``)."""
        stem = facts.path.rsplit("/", 1)[-1].removesuffix(".py")
        candidates = {c.class_name: c for c in facts.candidates}
        tools: list[ToolFacts] = []
        for cls in facts.classes:
            qualified = f"{facts.module}.{cls.name}"
            if self.configured(qualified) or not any(
                self.derives(base) for base in cls.resolved_bases
            ):
                continue
            tool = candidates.get(cls.name)
            if tool is None or tool.execute is None:
                inherited = self._analysis(facts, cls.name)
                if inherited is not None:
                    tool = without_execute(localised(inherited, facts.path))
            if tool is None:
                tool = ToolFacts(name=stem, class_name=cls.name, line=cls.line)
            tools.append(
                dataclasses.replace(
                    tool,
                    name=stem,
                    class_name=cls.name,
                    line=cls.line,
                    bases=[self.canonical(base) for base in cls.resolved_bases],
                    is_a_base=self._is_a_base(cls.resolved_bases),
                    imports=list(facts.imports),
                    defined_in_path=None,
                )
            )
        tools = without_bases(facts, tools, order)
        if not tools:
            tools = self._reexported(facts, stem, order)
        return [
            _contract_unknown(self._with_base_execute(self._followed(tool, facts), facts))
            for tool in tools
        ]

    def _with_base_execute(self, tool: ToolFacts, facts: ModuleFacts) -> ToolFacts:
        """``tool`` with an ``execute`` its configured base runs, when it has none."""
        cls = facts.class_named(tool.class_name)
        configured = {self.base_of(b) for b in (cls.resolved_bases if cls else []) if b} - {None}
        return with_base_execute(tool, sorted(configured), self.defined)  # type: ignore[arg-type]

    def _followed(self, tool: ToolFacts, facts: ModuleFacts) -> ToolFacts:
        """A tool of ``facts``'s module with what its calls into the
        repository's other modules do."""
        home = self.module_of(tool.defined_in_path) if tool.defined_in_path else facts.module
        cls = f"{home}.{tool.class_name}"
        followed = self.follower.apply(self.repairable.apply(tool), cls)
        # an override of the module's own that a base elsewhere hands the
        # arguments to is read there: its reads are lines of this module
        followed = localised(followed, facts.path)

        def entry(tool: ToolFacts, target: str, named: bool) -> Found | None:
            return self.follower.entry(tool, target, cls, named)

        followed = with_replaced_values(with_refused_values(followed, entry), entry)
        owner = self.lookup(home) if tool.defined_in_path else facts
        if owner is not None:
            followed = with_needs(followed, self._super_needs(tool, owner))
        followed = self.returns.apply(self.returns.settle(followed, cls), facts.module)
        return with_base_hook(self, self.pacer.apply(followed, facts), facts)  # (:mod:`.basehooks`)

    def _super_needs(self, tool: ToolFacts, facts: ModuleFacts, depth: int = 0) -> list[Argument]:
        """The arguments the base's ``execute`` needs that the tool's own
        ``execute`` (in ``facts``'s module), handing on to it through
        ``super().execute(**kwargs)``, needs too (:mod:`doxtool.python.superneeds`)."""
        call = forwarding_call(tool)
        if call is None or depth > _MAX_DEPTH:
            return []
        owner = call.function.rpartition(".")[0]
        if facts.class_named(owner) is None:
            return []
        # the ``execute`` ``super()`` reaches: one function, whichever base
        # of the class's bases elsewhere leads to it
        reached = {
            (found.facts.path, found.summary.name): found
            for base in execute_bases(facts, owner, self)
            if not self.configured(base)
            and (found := self.follower.method(base, "execute")) is not None
        }
        if len(reached) != 1:
            return []
        (found,) = reached.values()
        name = found.summary.name.rpartition(".")[0]
        base = self._analysis(found.facts, name)
        if base is None or base.execute is None or base.execute.defined_in != found.summary.name:
            return []
        needs = [
            a
            for a in base.arguments
            if a.required or a.alternatives or a.required_unknown or a.default_unknown
        ]
        needs.extend(self._super_needs(base, found.facts, depth + 1))
        return kept_needs(tool, call, needs)

    def run_class(
        self, facts: ModuleFacts, tools: list[ToolFacts], order: Order
    ) -> ToolFacts | None:
        """The one of ``tools`` (the module's, from :meth:`tools`) that the
        framework runs.

        Agent Zero's ``load_classes_from_file`` looks at the module's names
        bound to classes (``inspect.getmembers``: sorted by name, imported
        ones included) from the last, and takes the first that derives from
        the tool base: the tool class whose name sorts last; an older
        loader looks from the first (``order()``: :mod:`doxtool.run.loaders`).
        None when that class is not one of ``tools`` (an imported class with
        no analysis here) or when no name of the module is known to be a
        tool class.
        """
        chosen = self._chosen(facts, tools, order)
        if chosen is None:
            return None
        own = chosen.removeprefix(f"{facts.module}.")  # a class of its own: not by its
        if own != chosen:  # dotted name, led by a link to another file (alias.py -> wait.py)
            mine = [t for t in tools if t.defined_in_path is None and t.class_name == own]
            if mine:
                return mine[0]
        found = self.defined(chosen)
        if found is None:
            return None
        source, name = found
        return next(
            (
                tool
                for tool in tools
                if tool.class_name == name and (tool.defined_in_path or facts.path) == source.path
            ),
            None,
        )

    def imported_run_class(
        self, facts: ModuleFacts, tools: list[ToolFacts], order: Order
    ) -> str | None:
        """The dotted name of a tool class of the repository that the module
        imports and the framework runs instead of the module's own tool
        classes (its name sorts after theirs, or before them for a loader
        taking the first); None when the framework runs one of them, or when
        what it runs is not known."""
        if not any(tool.defined_in_path is None for tool in tools):
            return None  # a shim re-exporting its tool, or no tool class
        chosen = self._chosen(facts, tools, order)
        if (
            chosen is None
            or chosen.startswith(f"{facts.module}.")
            or not bound_at_run(facts, chosen)
        ):
            return None
        found = self.defined(chosen)
        if found is None or self.run_class(facts, tools, order) is not None:
            return None
        return chosen

    def _chosen(self, facts: ModuleFacts, tools: list[ToolFacts], order: Order) -> str | None:
        """The dotted name of the class the framework takes from the module
        (:meth:`run_class`): a name of the module, or what an imported name
        is bound to; None when no name of the module is known to be a tool
        class. While the loader's order is not known, an imported name is
        not taken for the module's own tool class."""
        local = {cls.name for cls in facts.classes}
        own = {t.class_name for t in tools if t.defined_in_path is None}
        first, last = min(own, default=""), max(own, default="")
        members: dict[str, str] = {}
        for module in facts.star_imports:
            source = self.lookup(module)
            if source is not None:
                for cls in source.classes:
                    if not cls.name.startswith("_"):
                        members[cls.name] = f"{module}.{cls.name}"
        members.update(facts.imported_names)
        for name in local:
            members.pop(name, None)  # a class defined here replaces an imported name
        # only a name sorting after the last own tool class (before the
        # first) can take its place: other imported names are not looked
        # into (nor parsed), and the order is asked only when it matters
        after = [name for name in members if name > last]
        before = [name for name in members if own and name < first]
        known = order() if len(own) > 1 or len(local) > 1 or before or after else LAST_ORDER
        if known == FIRST_ORDER:
            if own:
                # a shared base of the module's (not among ``tools``) sorting first runs
                first = min((*own, *self._local_tools(facts)))
                chosen = min((*self._runnable(before, members), first))
            else:
                chosen = min(self._runnable(list(members), members), default="")
        elif known == LAST_ORDER or not own:
            chosen = max(self._runnable(after, members), default=last)
        else:
            chosen = last  # not known: the module's own class
        if not chosen:
            return None
        return members.get(chosen, f"{facts.module}.{chosen}")

    def _local_tools(self, facts: ModuleFacts) -> list[str]:
        """The names of the module's classes that derive from a tool base."""
        return [
            cls.name
            for cls in facts.classes
            if not self.configured(f"{facts.module}.{cls.name}")
            and any(self.derives(base) for base in cls.resolved_bases)
        ]

    def _runnable(self, names: list[str], members: dict[str, str]) -> list[str]:
        """The imported ``names`` bound to tool classes (not the base)."""
        return [
            name
            for name in names
            if (qualified := members[name]) not in self.bases
            and not self.is_module(qualified)  # ``from helpers import files``
            and self.derives(qualified)
            and not self.configured(qualified)  # the base, re-exported
        ]

    def _reexported(self, facts: ModuleFacts, stem: str, order: Order | None) -> list[ToolFacts]:
        """A compatibility shim: a module that only imports a tool class
        (``from plugins.p.tools.x import XTool`` or ``from plugins.p.tools.x
        import *``). Of several, the framework runs the one whose name in the
        module sorts last, or first under a loader taking the first
        (:meth:`_chosen`), not the first imported.
        """
        chosen = self._chosen(facts, [], order or (lambda: None))
        for target in [chosen] if chosen else []:
            if not self.derives(target) or self.configured(target):
                continue
            found = self.defined(target)
            if found is None:
                continue
            source, name = found
            tool = self._analysis(source, name)
            cls = source.class_named(name)
            if tool is None or cls is None:
                tool = ToolFacts(name=stem, class_name=name, line=cls.line if cls else 0)
            return [
                dataclasses.replace(
                    without_execute(localised(tool, facts.path)),
                    name=stem,
                    class_name=name,
                    line=cls.line if cls else tool.line,
                    bases=[self.canonical(b) for b in (cls.resolved_bases if cls else tool.bases)],
                    is_a_base=self._is_a_base(cls.resolved_bases) if cls else tool.is_a_base,
                    defined_in_path=source.path,
                )
            ]
        return []


def _contract_unknown(tool: ToolFacts) -> ToolFacts:
    """A tool class with no ``execute`` at all (``DOX005``): what it would
    read, return and raise when called is not known."""
    if tool.execute is not None or not tool.knows(EXECUTE):
        return tool
    kinds = [k for k in (ARGUMENTS, BREAK_LOOP, REPAIRABLE) if k not in tool.unknown]
    return dataclasses.replace(tool, unknown=[*tool.unknown, *kinds])
