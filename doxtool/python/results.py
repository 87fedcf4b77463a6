"""What a dotted name a call reaches is: code of the repository doxtool
cannot read, and what calling a function of the repository gives, so that a method called
on its result (``db = get_memory(agent)``, then ``db.insert_text(...)``) is
followed into the class that defines it (part of
:class:`~doxtool.python.follow.HelperFollower`).

A function's result is an instance of a class of the repository when every
``return`` that gives a value constructs that one class (``return
Memory(...)``) or calls a function whose result is one, or else when its
return annotation names that class (``-> Memory``, ``-> "Memory"``, ``->
Memory | None``, ``-> Optional[Memory]``). A ``return None`` adds no class:
a method called on None runs no code. A result is a plain value, whose
methods run no code of the repository, when every ``return`` gives a
literal or what a call of the standard library or a builtin makes, or the
annotation names a builtin value type (``-> str``). Anything else (a name,
an attribute, two classes, no ``return`` and no annotation) is not known:
a method called on it may do anything.
"""

from __future__ import annotations

import ast
import builtins
import sys
from collections.abc import Callable

from doxtool.core.facts import Effect, HelperCall, ModuleFacts
from doxtool.python import effects
from doxtool.python.followargs import Found
from doxtool.python.names import dotted_parts, optional_inner
from doxtool.python.opaque import plain_value

#: what ``with`` and ``async with`` call on a context manager
CONTEXT_METHODS = frozenset({"__enter__", "__exit__", "__aenter__", "__aexit__"})
#: the result is a plain value: its methods run no code of the repository
VALUE = ""
#: calls of one function followed to find what it returns
_MAX_HOPS = 8
_BUILTINS = frozenset(dir(builtins))


class Results:
    """What the functions of the repository give: a part of
    :class:`~doxtool.python.follow.HelperFollower`."""

    _owner: Callable[[str], tuple[ModuleFacts, list[str]] | None]
    find: Callable[..., Found | None]
    method: Callable[..., Found | None]
    bases_of: Callable[[str], list[str]]

    def made_class(self, target: str, hops: int = 0) -> str | None:
        """The class of the repository (dotted, where it is defined) whose
        instance calling ``target`` gives: the class itself, or what a
        function returns; :data:`VALUE` for a plain value; None when not known."""
        if hops > _MAX_HOPS:
            return None
        cls = self.class_at(target, hops)
        if cls is not None:
            return cls
        found = self.find(target, hops + 1)
        if found is None or found.constructs:
            return None
        return self._returned_class(found, hops + 1)

    def class_at(self, target: str, hops: int = 0) -> str | None:
        """The class of the repository a dotted name stands for, through
        re-exports; None when it names none."""
        owner = self._owner(target) if hops <= _MAX_HOPS else None
        if owner is None:
            return None
        facts, rest = owner
        if len(rest) == 1 and facts.class_named(rest[0]) is not None:
            return f"{facts.module}.{rest[0]}"
        imported = facts.imported_names.get(rest[0])
        if imported is not None:
            return self.class_at(".".join([imported, *rest[1:]]), hops + 1)
        return None

    def held_makers(self, cls: str, attr: str) -> list[str] | None:
        """The callables that make what the class ``cls`` (dotted) keeps in
        ``self.<attr>``, as its module's classes set it
        (:attr:`~doxtool.core.facts.ModuleFacts.held`); None when not read."""
        where = self.class_at(cls)
        owner = self._owner(where) if where is not None else None
        return owner[0].held.get(attr) if owner is not None else None

    def held_owner(self, cls: str, attrs: list[str], hops: int = 0) -> str | None:
        """The class of the repository (dotted) of the object reached from the
        class ``cls`` through what each keeps in ``self.<attr>`` in turn
        (``Outer`` through ``mid``, ``inner``: ``self.mid = Mid()``, then
        ``self.inner = Inner()``); None when a step is not known."""
        current: str | None = cls
        for attr in attrs:
            makers = self.held_makers(current, attr) if current and hops <= _MAX_HOPS else None
            current = self.made_class(makers[0], hops + 1) if makers and len(makers) == 1 else None
            if not current or current == VALUE:
                return None
            hops += 1
        return current

    def held_method(self, cls: str, attrs: list[str], name: str, hops: int = 0) -> Found | None:
        """The method ``name`` of the object the class ``cls`` (dotted)
        keeps in ``self.<attr>`` (``Runner.sub.run`` with ``self.sub =
        SubRunner()``), or further down what that keeps
        (``Outer.mid.inner.run``): a method of the one class of the
        repository each is made by; None when that is not known."""
        made = self.held_owner(cls, attrs, hops)
        return self.method(made, name, hops + len(attrs) + 1) if made else None

    def _held_end(self, facts: ModuleFacts, rest: list[str]) -> list[str] | None:
        """The callables that make the object a held chain (``Runner.sub.run``,
        ``Outer.mid.inner.run``) calls its method on; None when a step
        before it is not known."""
        cls = self.held_owner(f"{facts.module}.{rest[0]}", rest[1:-2])
        return self.held_makers(cls, rest[-2]) if cls is not None else None

    def opaque_result(self, target: str) -> bool:
        """Whether ``target`` is a method called on what a function of the
        repository returns (``module.get_memory.insert_text``) when what that
        function returns is not known, or on an object a module keeps in a
        name (``helpers.jobs.runner.run``) that is not made by library
        callables alone and whose method is not found: the method may do
        anything."""
        owner = self._owner(target)
        if owner is None or len(owner[1]) < 2 or self.find(target) is not None:
            return False
        facts, rest = owner
        if held_chain(facts, rest):
            # ``Runner.sub.run`` (``with db.lock:``: ``Db.lock.__enter__``) not
            # found: known only of library objects that are network clients
            # or no path (``threading.Lock``)
            held = self._held_end(facts, rest)
            return not held or not all(
                self._owner(m) is None and (effects.client_areas(m) or effects.makes_no_path(m))
                for m in held
            )
        if rest[-1] in CONTEXT_METHODS:
            return False  # ``with make():``: what ``make`` returns runs them
        makers = self.object_makers(target)
        if makers is not None:
            # one of them of the repository, and not a plain value (``-> dict``)
            return not makers or any(
                self._owner(m) is not None and self.made_class(m) != VALUE for m in makers
            )
        made = f"{facts.module}.{'.'.join(rest[:-1])}"
        found = self.find(made)
        if found is None or found.constructs:
            return False  # no function of the repository: not followed, as before
        return self.made_class(made) is None

    def object_makers(self, target: str, hops: int = 0) -> list[str] | None:
        """The callables that make the object a module of the repository
        keeps in a name, when ``target`` is a method called on it
        (``helpers.net2.CLIENT.get``), through re-exports; None when it is
        not (:attr:`~doxtool.core.facts.ModuleFacts.objects`)."""
        owner = self._owner(target) if hops <= _MAX_HOPS else None
        if owner is None or len(owner[1]) < 2:
            return None
        facts, rest = owner
        if held_chain(facts, rest):
            # ``Runner.client.get``: ``self.client``
            return self._held_end(facts, rest) or []
        makers = facts.objects.get(rest[0])
        if makers is not None:
            return makers
        imported = facts.imported_names.get(rest[0])
        if imported is None:
            return None
        return self.object_makers(".".join([imported, *rest[1:]]), hops + 1)

    def object_effects(
        self,
        target: str,
        calls: list[str],
        call: HelperCall,
        reached: tuple[int, str | None] = (0, None),
    ) -> list[Effect]:
        """The effects of a call on an object a module keeps in a name that
        library callables alone make (``calls`` leading to it from the
        tool's ``call``; ``reached``: its line and module's path in a
        helper): any call on a network client's object (``CLIENT.get(url)``
        with ``CLIENT = httpx.Client()``)."""
        at = (call.line, call.column, call.function, call.path, *reached)
        inherited = self.inherited_client_areas(target)
        if inherited:
            return [Effect(area, calls, *at) for area in inherited]
        makers = self.object_makers(target)
        if not makers or any(self._owner(m) is not None for m in makers):
            return []
        if not all(effects.client_areas(m) for m in makers):
            return []
        areas = sorted({a for m in makers for a in effects.client_areas(m)})
        return [Effect(area, calls, *at) for area in areas]

    def inherited_client_areas(self, target: str) -> tuple[str, ...]:
        """Areas of ``target`` when it is a method a class of the repository
        inherits from a network client's class (``Docker.request`` with
        ``class Docker(http.client.HTTPConnection)``), no class of the
        repository on the way defining it; () otherwise."""
        owner = self._owner(target)  # the module ``find`` read: no other is looked up
        if owner is None or len(owner[1]) != 2:
            return ()
        facts, (made, name) = owner
        cls = self.class_at(f"{facts.module}.{made}")
        if cls is None or self.method(cls, name) is not None:
            return ()
        todo, seen = [cls], set()
        while todo and len(seen) <= _MAX_HOPS:
            current = todo.pop(0)
            if current in seen:
                continue
            seen.add(current)
            if self.class_at(current) is not None:
                todo.extend(self.bases_of(current))
            elif effects.client_areas(current):
                return effects.client_areas(current)
        return ()

    def unreadable(self, target: str, hops: int = 0) -> bool:
        """Whether a dotted name a call reaches is code of the repository that
        doxtool has no summary of: a module it has no facts for, or a function
        or method of a module whose summaries are missing (a syntax this
        interpreter cannot read). Other names (constants, attributes, methods
        of values) are not followed and are no code of the repository's."""
        if target.startswith(("self.", "super().")) or hops > _MAX_HOPS:
            return False
        made, _, method = target.rpartition(".")
        if method in CONTEXT_METHODS:
            return self.unreadable(made, hops + 1)  # ``with make():``: ``make`` as read
        owner = self._owner(target)
        if owner is None:
            return True
        facts, rest = owner
        if len(rest) == 1 and any(f.name == rest[0] for f in facts.functions):
            return facts.summary(rest[0]) is None
        cls = facts.class_named(rest[0])
        if held_chain(facts, rest):
            return False  # a method of what the class keeps on itself (:meth:`held_method`)
        if len(rest) == 2 and cls is not None:
            return any(m.name == rest[1] for m in cls.methods) and (
                facts.summary(".".join(rest)) is None
            )
        imported = facts.imported_names.get(rest[0])
        if imported is not None:
            return self.unreadable(".".join([imported, *rest[1:]]), hops + 1)
        makers = facts.objects.get(rest[0])
        if makers and len(rest) > 1 and all(self._owner(m) is None for m in makers):
            # ``RUNNER.run`` with ``RUNNER = JobRunner()``, a class of a module
            # of the repository doxtool has no facts for (a call on an object
            # library callables alone make is not followed as the repository's)
            return True
        # ``package.missing.f``: a submodule doxtool has no facts for; ``package.f``
        # where the package binds no ``f`` (a star import of a module not there,
        # a module ``__getattr__``, a submodule not there may give it)
        named = facts.outline.assigned if facts.outline is not None else []
        return rest[0] not in named

    def _returned_class(self, found: Found, hops: int) -> str | None:
        classes: set[str] = set()
        known = True
        for returned in found.summary.returns:
            if returned.kind in ("none", "literal", "response"):
                if returned.kind != "none":
                    classes.add(VALUE)
                continue
            made = self._call_result(returned.call, hops) if returned.kind == "call" else None
            if made is None:
                known = False
                break
            classes.add(made)
        if known and len(classes) == 1:
            return classes.pop()
        if known and classes:
            return None  # two kinds: which one a call gives is not known
        return self._annotated(found, hops)

    def _call_result(self, call: str, hops: int) -> str | None:
        """What the call a ``return`` hands back gives (``Memory``, ``make``,
        ``os.path.join``, ``str``)."""
        head = call.split(".", 1)[0]
        if not call or call.startswith("self."):
            return None
        if self._owner(call) is not None:
            return self.made_class(call, hops + 1)
        if head in sys.stdlib_module_names and "." in call:
            return VALUE  # what the standard library makes: judged by the import
        if call in _BUILTINS and call[:1].islower():
            return VALUE
        return None

    def _annotated(self, found: Found, hops: int) -> str | None:
        """What the function's return annotation names: a class of the
        repository, or a builtin value type."""
        facts = found.facts
        annotation = _return_annotation(facts, found.summary.name)
        if annotation is None:
            return None
        if plain_value(annotation):
            return VALUE
        named = _named(annotation)
        if named is None:
            return None
        head, *rest = named.split(".")
        target = facts.imported_names.get(head)
        if target is None:
            if facts.class_named(head) is None:
                return None
            target = f"{facts.module}.{head}"
        return self.class_at(".".join([target, *rest]), hops + 1)


def held_chain(facts: ModuleFacts, rest: list[str]) -> bool:
    """Whether ``rest`` (of a dotted name in the module of ``facts``) is a
    method of what a class keeps on itself: ``Runner.sub.run`` (or further
    down, ``Outer.mid.inner.run``), ``sub`` no method of ``Runner``
    (``Service.instance.fetch`` is a method of what the class method
    returns)."""
    cls = facts.class_named(rest[0]) if len(rest) >= 3 else None
    return cls is not None and not any(m.name == rest[1] for m in cls.methods)


def _return_annotation(facts: ModuleFacts, name: str) -> ast.expr | None:
    """The return annotation of the function ``name`` (``f``, ``Class.m``)
    of the module, parsed; None when it has none, or its definitions
    (overloads, branches) disagree."""
    outline = facts.outline
    if outline is None:
        return None
    owner, _, function = name.rpartition(".")
    if owner:
        defs = [m for c in outline.classes if c.name == owner for m in c.methods]
    else:
        defs = list(outline.functions)
    written = {d.returns for d in defs if d.name == function}
    if len(written) != 1:
        return None
    (text,) = written
    if not text:
        return None
    try:
        node = ast.parse(text, mode="eval").body
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node = ast.parse(node.value, mode="eval").body  # ``-> "Memory"``
    except SyntaxError:
        return None
    return node


def _named(annotation: ast.expr) -> str | None:
    """The one class an annotation names (``Memory``, ``mem.Memory``,
    ``Memory | None``, ``Optional[Memory]``), as written; None for anything else."""
    inner = optional_inner(annotation)
    dotted = dotted_parts(inner) if inner is not None else None
    return ".".join(dotted) if dotted else None
