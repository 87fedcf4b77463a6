"""The module-level names a function summary resolves through: the
imports (relative ones made absolute), the string constants bound once,
and the module's functions and classes.
"""

from __future__ import annotations

import ast
from collections.abc import Callable

from doxtool.python.astheld import HeldObjects, held_objects
from doxtool.python.astparse import statements
from doxtool.python.astreach import (
    Reach,
    Resolve,
    annotated_no_return,
    function_reach,
)
from doxtool.python.asttested import Callees
from doxtool.python.astwalk import walk
from doxtool.python.callkinds import Assignment, module_strings, statement_assignments
from doxtool.python.caught import base_only_classes
from doxtool.python.modobjects import module_objects
from doxtool.python.names import bind_import
from doxtool.python.pathkinds import ReturnsPath, module_paths, module_returns_path
from doxtool.python.scopebinds import ModuleBinds, module_binds

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef


class ModuleScope:
    """The names of one module that its functions' calls resolve through."""

    def __init__(
        self, tree: ast.Module, module: str, is_package: bool, local_roots: frozenset[str]
    ) -> None:
        self.tree = tree
        self.module = module
        self.is_package = is_package
        self.local_roots = local_roots
        self.names: dict[str, str] = {}
        self.constants: dict[str, str] = {}
        #: module-level name bound once -> the expression it is bound to
        #: (``DEFAULTS = {"limit": 10}``: what a merge over it defaults to)
        self.literals: dict[str, ast.expr] = {}
        self.functions: set[str] = set()
        self.classes: dict[str, set[str]] = {}
        self._paths: tuple[frozenset[str], ReturnsPath] | None = None
        self._held: HeldObjects | None = None
        #: id of a method of a module-level class -> the nodes of its body
        #: (:func:`~doxtool.python.astwalk.walk_all`), walked once for
        #: :meth:`held` and kept for the summary of the method
        self.bodies: dict[int, list[ast.AST]] = {}
        self._strings: dict[str, str] | None = None
        self._objects: dict[str, list[str]] | None = None
        #: id of a function -> the statements of its body, and its assignments
        self._statements: dict[int, list[ast.stmt]] = {}
        self._assigned: dict[int, list[Assignment]] = {}
        self._key_literals: dict[str, ast.Tuple | ast.List | ast.Set | None] = {}
        self._key_index: _KeyUses | None = None
        self._never: frozenset[str] | None = None
        self._base_only: frozenset[str] | None = None
        self._callees: Callees | None = None
        #: whether the module's text may say ``yield`` (a function may be a generator)
        self.may_yield = True

    def bind(self, node: ast.Import | ast.ImportFrom, names: dict[str, str]) -> None:
        bind_import(node, names, self.module, self.is_package)

    def resolve(self, dotted: list[str], names: dict[str, str]) -> str | None:
        root = names.get(dotted[0])
        if root is not None:
            return ".".join([root, *dotted[1:]])
        if dotted[0] in self.functions or dotted[0] in self.classes:
            return ".".join([self.module, *dotted])
        return None

    def paths(self) -> tuple[frozenset[str], ReturnsPath]:
        """The module's path constants, and whether one of its functions is
        annotated to return a path (read once)."""
        if self._paths is None:
            names = self.names

            def resolve(dotted: list[str]) -> str | None:
                return self.resolve(dotted, names)

            constants = module_paths(self.tree, resolve)
            self._paths = (
                constants,
                module_returns_path(self.tree, self.module, resolve, constants),
            )
        return self._paths

    def string_constant(self, name: str) -> str | None:
        """The string a module-level name is bound once to, when nothing
        else in the module binds it (:func:`~doxtool.python.callkinds.module_strings`)."""
        if self._strings is None:
            self._strings = module_strings(self.tree)
        return self._strings.get(name)

    def held(self) -> HeldObjects:
        """The objects the module's classes keep on ``self`` (read once)."""
        if self._held is None:
            names = self.names
            self._held = held_objects(
                self.tree, lambda dotted: self.resolve(dotted, names), self.is_local, self.bodies
            )
        return self._held

    def objects(self) -> dict[str, list[str]]:
        """Module-level name -> the callables that make the object it holds
        (:mod:`doxtool.python.modobjects`; read once)."""
        if self._objects is None:
            names = self.names
            self._objects = module_objects(self.tree, lambda dotted: self.resolve(dotted, names))
        return self._objects

    def body_statements(self, node: FunctionNode) -> list[ast.stmt]:
        """The statements of a function's body, nested blocks included
        (:func:`~doxtool.python.astparse.statements`; read once)."""
        found = self._statements.get(id(node))
        if found is None:
            found = self._statements[id(node)] = list(statements(node.body))
        return found

    def assigned(self, node: FunctionNode) -> list[Assignment]:
        """(targets, value) of the assignments, loops and ``with ... as`` of
        a function's body (:func:`~doxtool.python.callkinds.assignments`; read once)."""
        found = self._assigned.get(id(node))
        if found is None:
            found = list(statement_assignments(self.body_statements(node)))
            self._assigned[id(node)] = found
        return found

    def never_returning(self) -> frozenset[str]:
        """The module's functions annotated ``NoReturn`` or ``Never`` (qualified names)."""
        if self._never is None:
            self._never = frozenset(
                f"{self.module}.{stmt.name}"
                for stmt in self.tree.body
                if isinstance(stmt, ast.FunctionDef) and annotated_no_return(stmt)
            )
        return self._never

    def reach(self, node: FunctionNode, resolve: Resolve) -> Reach:
        """Where the paths of a function of the module end
        (:func:`~doxtool.python.astreach.function_reach`)."""
        return function_reach(node, resolve, self.never_returning(), self.base_only())

    def base_only(self) -> frozenset[str]:
        """The module's classes ``except Exception`` does not take
        (:func:`~doxtool.python.caught.base_only_classes`)."""
        if self._base_only is None:
            self._base_only = base_only_classes(self.tree)
        return self._base_only

    def binds(self) -> ModuleBinds:
        """The names each scope of the module binds (:mod:`doxtool.python.scopebinds`)."""
        return module_binds(self.tree)

    def key_literal(self, name: str) -> ast.Tuple | ast.List | ast.Set | None:
        """The tuple, list or set a module-level name is bound once to
        (``KEYS = ("url", "selector")``, also ``frozenset({...})``), when
        nothing in the module may change it: no ``global`` declares it, and
        a mutable one is named only as what a loop runs over or the right
        side of ``in`` (no second name bound to it, no method called), and
        no other statement outside its functions binds it again (``if
        LITE: KEYS = ("url",)``, ``from conf import KEYS``, ``for KEYS in``)."""
        if name not in self._key_literals:
            top = self.binds().outside_functions()
            rebound = (
                top.stores.get(name, 0) != 1
                or name in top.imported | top.handlers | top.defined | top.augmented | top.walrus
            )
            literal = None if rebound else self.literals.get(name)
            self._key_literals[name] = _key_literal(literal, name, self._key_uses)
        return self._key_literals[name]

    def callees(self) -> Callees:
        """The module's functions and classes' methods, and what each tests
        with ``isinstance`` (:class:`~doxtool.python.asttested.Callees`; read once)."""
        if self._callees is None:
            self._callees = Callees(self.tree)
        return self._callees

    def _key_uses(self) -> _KeyUses:
        """What :func:`_key_literal` reads of the module's tree, walked once."""
        if self._key_index is None:
            self._key_index = _key_uses(self.tree)
        return self._key_index

    def is_local(self, qualified: str) -> bool:
        return qualified.split(".", 1)[0] in self.local_roots or qualified.startswith(
            self.module + "."
        )


_KEY_LITERALS = (ast.Tuple, ast.List, ast.Set)


def place_key_reads(node: ast.AST, placed: set[int]) -> None:
    """Add to ``placed`` the id of what ``node`` only reads keys of: what a
    ``for`` (a statement or in a comprehension) runs over, the right side
    of ``in`` / ``not in``; a literal's name there cannot change it."""
    kind = type(node)
    if kind in (ast.For, ast.AsyncFor, ast.comprehension):
        placed.add(id(node.iter))  # type: ignore[attr-defined]
    elif kind is ast.Compare:
        for op, right in zip(node.ops, node.comparators, strict=True):  # type: ignore[attr-defined]
            if type(op) in (ast.In, ast.NotIn):
                placed.add(id(right))


#: the names a ``global`` or ``nonlocal`` declares, each name's loads, and
#: the ids of what is only read keys of (:func:`place_key_reads`)
_KeyUses = tuple[set[str], dict[str, list[int]], set[int]]


def _key_uses(tree: ast.Module) -> _KeyUses:
    """What :func:`_key_literal` asks of ``tree``, for every name at once."""
    declared: set[str] = set()
    loads: dict[str, list[int]] = {}
    placed: set[int] = set()
    for node in walk(tree):
        kind = type(node)
        if kind in (ast.Global, ast.Nonlocal):
            declared.update(node.names)  # type: ignore[attr-defined]
        elif kind is ast.Name:
            if type(node.ctx) is ast.Load:  # type: ignore[attr-defined]
                loads.setdefault(node.id, []).append(id(node))  # type: ignore[attr-defined]
        else:
            place_key_reads(node, placed)
    return declared, loads, placed


def _key_literal(
    value: ast.expr | None, name: str, uses: Callable[[], _KeyUses]
) -> ast.Tuple | ast.List | ast.Set | None:
    """:meth:`ModuleScope.key_literal`, read from what ``uses`` gives of the
    module's tree (:func:`_key_uses`)."""
    if (
        type(value) is ast.Call
        and type(value.func) is ast.Name
        and value.func.id in ("frozenset", "tuple")
        and len(value.args) == 1
        and not value.keywords
    ):
        value = value.args[0]
        mutable = False
    else:
        mutable = type(value) is not ast.Tuple
    if not isinstance(value, _KEY_LITERALS):
        return None
    declared, loads, placed = uses()
    if name in declared:
        return None
    if mutable and any(node not in placed for node in loads.get(name, ())):
        return None
    return value
