"""Find the functions of the repository a tool's calls reach (part of
:class:`~doxtool.python.follow.HelperFollower`): a dotted name through
re-exports, a method through a class's bases, a method of an object a module
keeps or a function returns, ``self.<method>`` of the tool's own class first.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.core.summary_facts import FunctionSummary
from doxtool.python.followargs import Found
from doxtool.python.repairable import named_repairable
from doxtool.python.results import Results, held_chain

Lookup = Callable[[str], "ModuleFacts | None"]

#: re-exports and base classes followed to find one function
_MAX_HOPS = 8

#: modules whose classes a tool may derive from for their typing or
#: abstract-method machinery (``ABC``, ``Generic[T]``), not for a tool's methods
_STANDARD = frozenset({"abc", "builtins", "typing", "typing_extensions", "collections"})


@dataclasses.dataclass(frozen=True)
class Flow:
    """A function as :mod:`doxtool.python.pacing` walks it."""

    facts: ModuleFacts
    summary: FunctionSummary
    #: reached through an instance or class: its first parameter is bound
    via_instance: bool


class FunctionFinder(Results):
    """Finding the functions a tool's calls reach: a part of
    :class:`~doxtool.python.follow.HelperFollower`."""

    def __init__(
        self,
        lookup: Lookup,
        bases_of: Callable[[str], list[str]],
        repairable: Callable[[str], bool | None] = named_repairable,
        framework: frozenset[str] = frozenset(),
    ) -> None:
        """``bases_of(dotted class)`` gives a class's resolved bases (empty if
        unknown); ``repairable(dotted class)`` whether it is a repairable
        error (None: not known); ``framework`` the tool base classes, whose
        own methods' calls on what the framework hands in (the progress
        shown, the agent's log) are its plumbing, no side effect of a tool."""
        self.lookup = lookup
        self.bases_of = bases_of
        self.repairable = repairable
        self.framework = framework
        self._modules: dict[str, ModuleFacts | None] = {}

    # -- finding functions ------------------------------------------------------

    def _module(self, dotted: str) -> ModuleFacts | None:
        if dotted not in self._modules:
            self._modules[dotted] = self.lookup(dotted)
        return self._modules[dotted]

    def find(self, target: str, hops: int = 0) -> Found | None:
        """The function a dotted name stands for, through re-exports."""
        owner = self._owner(target) if hops <= _MAX_HOPS else None
        if owner is None:
            return None
        facts, rest = owner
        summary = facts.summary(".".join(rest))
        if summary is not None:
            return Found(facts, summary, len(rest) > 1, by_class=len(rest) > 1)
        if len(rest) == 1 and facts.class_named(rest[0]) is not None:
            init = facts.summary(f"{rest[0]}.__init__")
            return Found(facts, init, True, constructs=True) if init is not None else None
        if len(rest) == 2 and facts.class_named(rest[0]) is not None:
            found = self.method(f"{facts.module}.{rest[0]}", rest[1], hops + 1)
            return dataclasses.replace(found, by_class=True) if found is not None else None
        if held_chain(facts, rest):  # ``Runner.sub.run``, ``Outer.mid.inner.run``
            return self.held_method(f"{facts.module}.{rest[0]}", rest[1:-1], rest[-1], hops + 1)
        if (makers := facts.objects.get(rest[0])) is not None:  # ``runner = JobRunner()``
            made = self.made_class(makers[0], hops + 1) if len(makers) == 1 else None
            if made and len(rest) >= 3:  # ``runner.sub.run``
                return self.held_method(made, rest[1:-1], rest[-1], hops + 1)
            return self.method(made, rest[1], hops + 1) if made and len(rest) == 2 else None
        imported = facts.imported_names.get(rest[0])
        if imported is not None:
            return self.find(".".join([imported, *rest[1:]]), hops + 1)
        if len(rest) > 1:
            # a method of what a function returns: ``get_memory.insert_text``
            made = self.made_class(f"{facts.module}.{'.'.join(rest[:-1])}", hops + 1)
            if made:
                return self.method(made, rest[-1], hops + 1)
        return None

    def _owner(self, target: str) -> tuple[ModuleFacts, list[str]] | None:
        """The module of the repository a dotted name lies in (the longest
        prefix doxtool has facts for) and the rest of the name."""
        parts = target.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            facts = self._module(".".join(parts[:cut]))
            if facts is not None:
                return facts, parts[cut:]
        return None

    def method(self, cls: str, name: str, hops: int = 0) -> Found | None:
        """A method of a class (dotted name) or of its bases, nearest first."""
        return self._method(cls, name, hops)[0]

    def _method(self, cls: str, name: str, hops: int = 0) -> tuple[Found | None, bool]:
        """:meth:`method`, and whether it is not known: a base outside the
        repository was met before it was found (its method may come first)."""
        todo = [cls]
        seen: set[str] = set()
        while todo and hops <= _MAX_HOPS:
            current = todo.pop(0)
            if current in seen:
                continue
            seen.add(current)
            hops += 1
            module, _, class_name = current.rpartition(".")
            facts = self._module(module) if module else None
            if facts is None:
                if self._unread_base(current):
                    return None, True  # its method may come first: not known
                continue
            if facts.class_named(class_name) is None:
                imported = facts.imported_names.get(class_name)
                if imported is not None:
                    todo.append(imported)
                continue
            summary = facts.summary(f"{class_name}.{name}")
            if summary is not None:
                return Found(facts, summary, True), False
            todo.extend(self.bases_of(current))
        return None, False

    def flow_of(self, target: str) -> Flow | None:
        """A function by dotted name, as :mod:`doxtool.python.pacing` walks it."""
        return _flow(self.find(target))

    def method_flow(self, cls: str, name: str) -> Flow | None:
        """A method of a class or its bases, as :mod:`doxtool.python.pacing` walks it."""
        return _flow(self.method(cls, name))

    def entry(
        self, tool: ToolFacts, target: str, cls: str | None = None, named: bool = False
    ) -> Found | None:
        """The function a call of the tool reaches: ``self.<method>`` through
        the tool's class ``cls`` (dotted) when it is given, else its bases;
        ``super().<method>`` through its bases. ``named``: the call is
        written with the dotted name (:attr:`HelperCall.named`): a method it
        names through its class (``Repo.write(repo, p)``) takes its own
        first parameter from the call, unless a classmethod's."""
        if target.startswith(("self.", "super().")):
            name = target.partition(".")[2]
            own = [cls] if cls is not None and target.startswith("self.") else None
            for base in own or tool.bases:
                found, unknown = self._method(base, name)
                if found is not None:
                    return dataclasses.replace(found, on_tool=True)
                if own is None and unknown:
                    # a base outside the repository, or one a base of it
                    # derives from: its method may come first, not known
                    return None
            return None
        return _through_class(self.find(target), named)

    def _next_method(self, cls: str, name: str) -> Found | None:
        """The method ``super().<name>`` reaches in a method of ``cls``: its
        bases', nearest first; not known (None) when a base outside the
        repository is met first."""
        for base in self.bases_of(cls):
            found, unknown = self._method(base, name)
            if found is not None or unknown:
                return found
        return None

    def _unread_base(self, base: str) -> bool:
        """Whether a base class (dotted) lies in no module of the repository
        and is no tool base of the framework: its methods are not known."""
        module = base.rpartition(".")[0]
        if base in self.framework or module.partition(".")[0] in _STANDARD:
            return False
        return not module or self._module(module) is None

    def callee(
        self, caller: Found, target: str, tool: str | None = None, named: bool = False
    ) -> Found | None:
        """The function a call inside ``caller`` reaches; ``self.m()`` in a
        method whose ``self`` is the tool is the tool's (class ``tool``) own
        ``m`` first (an override), then its bases'."""
        if target.startswith(("self.", "super().")):
            cls = caller.summary.name.rpartition(".")[0]
            if not cls or not caller.summary.bound:
                return None
            name = target.partition(".")[2]
            home = f"{caller.facts.module}.{cls}"
            if target.startswith("super()."):  # the next class's, past the caller's
                found = self._next_method(home, name)
            else:
                found = self.method(tool, name) if tool and caller.on_tool else None
                found = found or self.method(home, name)
            on_tool = caller.on_tool and found is not None
            return dataclasses.replace(found, on_tool=True) if on_tool else found
        return _through_class(self.find(target), named)


def _through_class(found: Found | None, named: bool) -> Found | None:
    """``found`` as a call written with its dotted name reaches it: a method
    named through its class (``Repo.write(repo, p)``), not a classmethod,
    takes its own first parameter from the call."""
    if found is not None and named and found.by_class and not found.summary.class_bound:
        return dataclasses.replace(found, via_instance=False)
    return found


def _flow(found: Found | None) -> Flow | None:
    return Flow(found.facts, found.summary, found.via_instance) if found is not None else None
