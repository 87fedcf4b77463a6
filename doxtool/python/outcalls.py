"""The calls a function makes into the repository, for its summary (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`): each callee with what
the call passes on (the handed dicts, ``self``, literal strings, a ``**``
splat and the parameters it fills), and the functions handed to a call
(``run(_search, query)``), which it calls.
"""

from __future__ import annotations

import ast

from doxtool.core.summary_facts import KeyRead, OutCall
from doxtool.python import effects
from doxtool.python.names import dotted_parts
from doxtool.python.summaryscope import ModuleScope

#: calls recorded per function (a generated module can hold thousands)
MAX_CALLS = 400


class OutCalls:
    """Calls into the repository: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    owner: ModuleScope
    names: dict[str, str]
    sources: set[str]
    self_name: str | None
    calls: list[OutCall]
    #: the call last followed into the repository (its node's id)
    _out_node: int
    #: branches around the call (:class:`~doxtool.python.functionwalk.FunctionWalk`)
    conditional: int
    branches: int
    undecided: list[list[KeyRead | OutCall]]
    #: ``None`` where a ``try`` or ``with`` catches a missing key's ``KeyError``
    guards: list[frozenset[str] | None]
    #: ``try`` statements with handlers whose body the walk is in
    trying: int
    #: local name or ``self.<attr>`` -> the callables whose results it may hold
    instances: dict[str, set[str]]
    #: module-level objects (not the library's alone) the function does not rebind
    module_objects: frozenset[str]

    def _add_call(self, call: OutCall) -> None:
        """Record a call, made on some calls of the function only in a branch
        that depends on the handed dicts or of an expression; in a branch of
        an ``if`` or ``match`` not about them, unless every way through the
        statement makes it (:mod:`~doxtool.python.undecided`); guarded by a
        ``try`` or ``with`` that catches a missing key's ``KeyError``."""
        call.conditional = bool(self.conditional or self.branches)
        call.key_guarded = None in self.guards  # (:mod:`~doxtool.python.astcatching`)
        call.in_try = self.trying > 0
        if not call.conditional and self.undecided:
            call.conditional = True
            self.undecided[-1].append(call)
        self.calls.append(call)

    def _source(self, node: ast.expr) -> str | None:
        raise NotImplementedError

    def _constructed(self, value: ast.expr) -> str | None:
        raise NotImplementedError

    def _callbacks(self, node: ast.Call) -> None:
        """Functions handed to a call (``run(_search, query)``) are called by
        it; those handed to one that only reads them (``isinstance(x, Conn)``,
        ``callable(_search)``: :data:`~doxtool.python.effects.NOT_CALLING`) are not."""
        called = dotted_parts(node.func) or [""]
        if called[0] in self.names:
            callee = self.owner.resolve(called, self.names)
        else:
            callee = ".".join(called)
        handed = [*enumerate(node.args), *((-1, k.value) for k in node.keywords)]
        for index, arg in handed:
            dotted = dotted_parts(arg) if isinstance(arg, (ast.Name, ast.Attribute)) else None
            if dotted is None or len(self.calls) >= MAX_CALLS or effects.read_only(callee, index):
                continue
            if self.self_name and dotted[0] == self.self_name:
                if len(dotted) == 2:
                    self._add_call(OutCall(f"self.{dotted[1]}", node.lineno))
                continue
            if dotted[0] in self.sources:
                continue
            qualified = self.owner.resolve(dotted, self.names)
            if qualified is not None and self.owner.is_local(qualified):
                self._add_call(OutCall(qualified, node.lineno))

    def _instance_targets(self, dotted: list[str]) -> list[str]:
        """What a method called on an object made here is followed as: a
        method of what made it (``self.session.start()``,
        ``helpers.x.Session.start``), or of what that object keeps, any
        attributes further (``runner.sub.run()``,
        ``helpers.x.Runner.sub.run``)."""
        return [f"{made}.{dotted[-1]}" for made in self._held_chain(dotted[:-1])]

    def _held_chain(self, dotted: list[str]) -> list[str]:
        """The dotted names a name made here, and the attributes read on it,
        stand for (``outer.mid``: ``helpers.x.Outer.mid``); empty when no
        part of it is an object made here."""
        for cut in range(len(dotted), 0, -1):
            holder = ".".join(dotted[:cut])
            if holder in self.instances:
                return [".".join([m, *dotted[cut:]]) for m in sorted(self.instances[holder])]
        return []

    def _made_objects(self, value: ast.expr) -> list[str]:
        """What an expression holds of the repository's: what a repository
        callable makes (``make()``, ``helpers.x.make``), or what an object
        made here or so keeps (``outer.mid``, ``Runner().sub``,
        ``helpers.x.Runner.sub``)."""
        made = self._constructed(value)
        if made is not None:
            return [made]
        dotted = dotted_parts(value)
        if dotted is not None:
            return self._held_chain(dotted)
        attrs: list[str] = []
        while isinstance(value, ast.Attribute):
            attrs.append(value.attr)
            value = value.value
        made = self._constructed(value) if attrs else None
        return [".".join([made, *reversed(attrs)])] if made is not None else []

    def _made_targets(self, func: ast.Attribute) -> list[str]:
        """What a method of what a repository callable makes is followed as:
        ``make().save()``, ``helpers.x.make.save``; attributes further,
        ``Runner().sub.run()``, ``helpers.x.Runner.sub.run``."""
        return [f"{made}.{func.attr}" for made in self._made_objects(func.value)]

    def _entered(self, value: ast.expr, is_async: bool) -> None:
        """``with LockFile(path):`` with a class of the repository, or ``with
        lock:``, ``with self.lock:``, ``with db.lock:`` on an object one
        made (a module-level one too): its ``__enter__`` and ``__exit__``
        run (``__aenter__`` and ``__aexit__`` for ``async with``), followed
        as calls of the statement, which hand them nothing."""
        names = self._made_objects(value)
        if not names and isinstance(value, ast.Name) and value.id in self.module_objects:
            names = [f"{self.owner.module}.{value.id}"]
        for made in names:
            for name in ("__aenter__", "__aexit__") if is_async else ("__enter__", "__exit__"):
                bare = ast.Call(func=value, args=[], keywords=[])
                self._out(f"{made}.{name}", ast.copy_location(bare, value))

    def _out(self, target: str, node: ast.Call, named: bool = False) -> None:
        self._out_node = id(node)
        if len(self.calls) >= MAX_CALLS:
            return
        passes: list[list[str]] = []
        literals: list[list[str]] = []
        fills: list[str] = []
        for index, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # where the rest lands is unknown
            fills.append(f"#{index}")
            own = self._passed(arg)
            if own is not None:
                passes.append([f"#{index}", own])
            elif isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                literals.append([f"#{index}", arg.value])
        for keyword in node.keywords:
            if keyword.arg is not None:
                fills.append(keyword.arg)
            if (
                keyword.arg is not None
                and isinstance(keyword.value, ast.Constant)
                and isinstance(keyword.value.value, str)
            ):
                literals.append([keyword.arg, keyword.value.value])
                continue
            own = self._passed(keyword.value)
            if own is None:
                continue
            if keyword.arg is None:
                if own in self.sources or own.endswith(".args"):
                    passes.append(["**", own])
            else:
                passes.append([keyword.arg, own])
        call = OutCall(target, node.lineno, passes, literals, named=named)
        splatted = next((own for key, own in passes if key == "**"), None)
        if splatted is not None:
            # a ``**`` splat of a handed dict fills the parameters not filled otherwise
            call.fills = fills
            call.fills_unknown = any(isinstance(a, ast.Starred) for a in node.args) or (
                sum(k.arg is None for k in node.keywords) > 1
            )
        self._add_call(call)

    def _passed(self, node: ast.expr) -> str | None:
        source = self._source(node)
        if source is not None:
            return source
        if isinstance(node, ast.Name) and node.id == self.self_name:
            return "self"
        return None


def is_super_call(node: ast.expr) -> bool:
    """Whether ``node`` is ``super()`` with no argument."""
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "super"
        and not node.args
        and not node.keywords
    )
