"""What a method's name tells in a function summary
(:mod:`doxtool.python.functionwalk`): ``unlink``, ``glob``, ``mkdir`` name a
filesystem effect only on a receiver the code shows to be a path
(:mod:`doxtool.python.pathkinds`), not on a value whose kind is not known (a
parameter, an object handed in) nor on an object a library made that is none
(``redis.Redis()``, whose every method is a network call), and deleting a
path the function made itself (a temporary file,
:mod:`doxtool.python.temppaths`) deletes nothing it was given.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from doxtool.core.summary_facts import EffectCall
from doxtool.python import effects
from doxtool.python.astaliases import local_alias
from doxtool.python.names import dotted_parts
from doxtool.python.openparams import open_effects
from doxtool.python.pathkinds import PathValues, makes_path
from doxtool.python.summaryscope import ModuleScope
from doxtool.python.temppaths import (
    TemporaryPaths,
    class_temporary_attributes,
    returns_only_made,
)


class MethodGuesses:
    """Method-name areas of the walk of one function body."""

    owner: ModuleScope
    node: ast.FunctionDef | ast.AsyncFunctionDef
    names: dict[str, str]
    #: local name or ``self.<attr>`` -> the library callables whose result it holds
    libraries: dict[str, set[str]]
    _temporary: TemporaryPaths | None
    #: the name of the class the function is a method of (None: a function)
    cls: str | None
    effects: list[EffectCall]
    #: the name of the method's first parameter (None: not a bound method)
    self_name: str | None
    _paths: PathValues | None

    def _effects(self, areas: Iterable[str], call: str, node: ast.Call) -> None:
        raise NotImplementedError

    def _call_target(self, dotted: list[str]) -> tuple[list[str], str | None]:
        """A call's dotted name and what it resolves to; through the callable
        a local name stands for (``rm = os.remove``, :mod:`.astaliases`)."""
        if dotted[0] not in self.names:
            binds = self.owner.binds()
            held = local_alias(self.node, dotted[0], binds.of(self.node))
            if held is None and not binds.of(self.node).stores.get(dotted[0]):
                # bound at the module's top (``_rm = os.remove``), nowhere else
                held = local_alias(self.owner.tree, dotted[0], binds.module())
            aliased = [*held, *dotted[1:]] if held is not None else None
            if aliased is not None and (found := self.owner.resolve(aliased, self.names)):
                return aliased, found
        return dotted, self.owner.resolve(dotted, self.names)

    def _holder(self, target: ast.expr) -> str | None:
        raise NotImplementedError

    def _hold(self, targets: list[ast.expr], value: ast.expr | None) -> None:
        """Note what library object each target of an assignment now holds."""
        library = self._library_makers(value) if value is not None else None
        for target in targets:
            name = self._holder(target)
            if name is not None and library is not None:
                self.libraries[name] = set(library)
            elif name is not None:
                self.libraries.pop(name, None)

    def _guess(self, name: str, receiver: ast.expr | None, call: str, node: ast.Call) -> None:
        """Areas of a method by its name, on a receiver the function shows
        to be a path; any method of a network client (``redis.Redis()``) is a
        network call; none on a receiver of any other or of an unknown kind,
        nor a deletion of a path the function made itself. A path's
        ``open`` reads or writes by its mode, as ``open`` does."""
        makers = self._library_makers(receiver) if receiver is not None else None
        if makers and all(effects.client_areas(maker) for maker in makers):
            areas = {a for maker in makers for a in effects.client_areas(maker)}
            self._effects(sorted(areas), call, node)
            return
        areas = effects.for_method(name)
        if not (areas or name == "open") or receiver is None:
            return
        if not (makers and all(makes_path(m) for m in makers)) and not self._path(receiver):
            return
        if name == "open":
            self.effects.extend(open_effects(node, call, self.owner.string_constant, self.node, 0))
            return
        if effects.DELETE in areas and self._made_here(receiver):
            return
        self._effects(areas, call, node)

    def _path(self, receiver: ast.expr) -> bool:
        """Whether the function shows ``receiver`` to be a filesystem path."""
        if self._paths is None:
            owner, names = self.owner, self.names

            def resolve(dotted: list[str]) -> str | None:
                return owner.resolve(dotted, names)

            constants, returns = owner.paths()
            binds = owner.binds().of(self.node)
            self._paths = PathValues(self.node, resolve, returns, constants, binds=binds)
        return self._paths.is_path(receiver)

    def _library_makers(self, receiver: ast.expr, depth: int = 0) -> list[str] | None:
        """The library callables whose result ``receiver`` is (a name bound
        only to one, ``self.<attr>`` set to one here, a call of one, a method
        of a network client's object); None when not known."""
        if depth > 4:
            return None
        if isinstance(receiver, ast.Await):
            receiver = receiver.value
        holder = ".".join(dotted_parts(receiver) or [])
        if holder and holder in self.libraries:
            return sorted(self.libraries[holder])
        if not isinstance(receiver, ast.Call):
            return None
        dotted = dotted_parts(receiver.func)
        qualified = self.owner.resolve(dotted, self.names) if dotted is not None else None
        if qualified is not None:
            return None if self.owner.is_local(qualified) else [qualified]
        if isinstance(receiver.func, ast.Attribute):
            makers = self._library_makers(receiver.func.value, depth + 1)
            if makers and all(effects.client_areas(maker) for maker in makers):
                return makers  # ``ssh.open_sftp()``: an object of the client's library
        return None

    def _made_here(self, path: ast.expr | None) -> bool:
        """Whether ``path`` is a temporary path the function made itself."""
        if path is None:
            return False
        if self._temporary is None:
            # no reference back to this walk: the collector is off while a
            # run extracts, and a cycle would keep the function's tree alive
            owner, names = self.owner, self.names

            def resolve(dotted: list[str]) -> str | None:
                return owner.resolve(dotted, names)

            def returns_made(dotted: list[str]) -> bool:
                # ``tmp = scratch_dir()``: a function of the module that only
                # returns a temporary path it made
                if len(dotted) != 1 or dotted[0] in names or dotted[0] not in owner.functions:
                    return False
                node = next(
                    (
                        s
                        for s in owner.tree.body
                        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                        and s.name == dotted[0]
                    ),
                    None,
                )
                return node is not None and returns_only_made(node, resolve)

            attributes: frozenset[str] = frozenset()
            if self.self_name is not None:
                # ``self.tmpdir``, which the class only ever sets to a temporary path
                held = class_temporary_attributes(
                    owner.tree, self.cls or "", lambda d: owner.resolve(d, owner.names)
                )
                attributes = frozenset(f"{self.self_name}.{attr}" for attr in held)
            self._temporary = TemporaryPaths(
                self.node, resolve, attributes, returns_made=returns_made
            )
        return self._temporary.made(path)


def receiver_of(func: ast.expr) -> ast.expr | None:
    """What a method is called on (None for a plain name)."""
    return func.value if isinstance(func, ast.Attribute) else None
