"""The names each scope of a module binds, read in one pass over its ``ast``
tree (the first half of the extraction, which imports no libcst).

Several readers ask of a function, or of the whole module, which names it
binds and how: a name stored or deleted (a name a ``case`` pattern
captures too), one declared ``global`` or ``nonlocal``, a function or class
defined, an import, an ``except ... as`` name, a parameter, the target of an
augmented assignment or of ``:=``. A
scope's bindings are those of every node under it, nested functions, classes,
lambdas and comprehensions included, as :func:`ast.walk` of the scope's node
meets them; each reader keeps the kinds it needs.

:func:`module_binds` reads a module once and keeps the index while the tree
lives, so the outline and the summaries of a module share it;
:func:`node_binds` reads one node of a tree not indexed.
"""

from __future__ import annotations

import ast
import weakref
from dataclasses import dataclass, field

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef

#: fields that never hold a node whose bindings count (names, flags, contexts)
_LEAF_FIELDS = frozenset(
    {
        "ctx",
        "id",
        "attr",
        "name",
        "names",
        "arg",
        "asname",
        "module",
        "level",
        "kind",
        "conversion",
        "is_async",
        "type_comment",
        "type_ignores",
        # operators (``+``, ``==``, ``not``) bind nothing
        "op",
        "ops",
    }
)
_FIELDS: dict[type, tuple[str, ...]] = {}


@dataclass
class Binds:
    """The names the nodes under one scope bind, by how they bind them."""

    #: name -> how many ``ast.Name`` nodes store or delete it
    stores: dict[str, int] = field(default_factory=dict)
    globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)
    #: names of the functions and classes defined (the scope's own among them)
    defined: set[str] = field(default_factory=set)
    #: ``import a.b`` binds ``a``, ``import a.b as c`` and ``from a import b as c`` ``c``
    imported: set[str] = field(default_factory=set)
    #: ``except E as name``
    handlers: set[str] = field(default_factory=set)
    #: every parameter, of functions and lambdas
    params: set[str] = field(default_factory=set)
    #: names an augmented assignment targets (``n += 1``)
    augmented: set[str] = field(default_factory=set)
    #: names ``:=`` targets
    walrus: set[str] = field(default_factory=set)

    def declared(self) -> set[str]:
        """The names declared ``global`` or ``nonlocal``."""
        return self.globals | self.nonlocals

    def assigned(self) -> set[str]:
        """The names stored or deleted, or declared ``global`` or ``nonlocal``."""
        return set(self.stores) | self.globals | self.nonlocals

    def merge(self, other: Binds) -> None:
        stores = self.stores
        for name, count in other.stores.items():
            stores[name] = stores.get(name, 0) + count
        self.globals |= other.globals
        self.nonlocals |= other.nonlocals
        self.defined |= other.defined
        self.imported |= other.imported
        self.handlers |= other.handlers
        self.params |= other.params
        self.augmented |= other.augmented
        self.walrus |= other.walrus


class ModuleBinds:
    """The bindings of a module's scopes: each function (at any depth), each
    top-level statement, the whole module."""

    def __init__(self, tree: ast.Module) -> None:
        #: id of a function node or a top-level statement -> what it binds itself
        self._own: dict[int, Binds] = {}
        #: id of such a node -> the ids of the functions right under it
        self._inner: dict[int, list[int]] = {}
        self._deep: dict[int, Binds] = {}
        self._top: list[tuple[int, bool]] = []
        for stmt in tree.body:
            self._top.append((id(stmt), isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))))
            _read(stmt, self._own, self._inner)
        self._module: Binds | None = None
        self._outside: Binds | None = None

    def of(self, node: ast.AST) -> Binds:
        """What a function of the module (or a top-level statement) binds,
        everything under it included; a node the index does not hold is
        read on its own."""
        key = id(node)
        found = self._deep.get(key)
        if found is None:
            if key not in self._own:
                return node_binds(node)
            found = self._collect(key)
        return found

    def module(self) -> Binds:
        """What the whole module binds."""
        if self._module is None:
            self._module = _union(self.of_id(key) for key, _ in self._top)
        return self._module

    def outside_functions(self) -> Binds:
        """What the module's top-level statements bind, its top-level
        functions left out (classes, blocks and what they hold included)."""
        if self._outside is None:
            self._outside = _union(self.of_id(key) for key, function in self._top if not function)
        return self._outside

    def of_id(self, key: int) -> Binds:
        found = self._deep.get(key)
        return found if found is not None else self._collect(key)

    def _collect(self, key: int) -> Binds:
        inner = self._inner.get(key)
        if not inner:
            found = self._own[key]
        else:
            found = Binds()
            found.merge(self._own[key])
            for child in inner:
                found.merge(self.of_id(child))
        self._deep[key] = found
        return found


_INDEXES: weakref.WeakKeyDictionary[ast.Module, ModuleBinds] = weakref.WeakKeyDictionary()


def module_binds(tree: ast.Module) -> ModuleBinds:
    """The index of ``tree``'s bindings, read once while the tree lives."""
    found = _INDEXES.get(tree)
    if found is None:
        found = ModuleBinds(tree)
        _INDEXES[tree] = found
    return found


def rebound_imports(tree: ast.Module) -> list[str]:
    """The names an import binds that the module's code outside its
    top-level functions also stores, deletes or defines."""
    binds = module_binds(tree).outside_functions()
    return sorted(binds.imported & (set(binds.stores) | binds.defined))


def node_binds(node: ast.AST) -> Binds:
    """What ``node`` binds, everything under it included (a node of a tree
    not indexed)."""
    own: dict[int, Binds] = {}
    inner: dict[int, list[int]] = {}
    _read(node, own, inner)
    found = Binds()
    todo = [id(node)]
    while todo:
        key = todo.pop()
        found.merge(own[key])
        todo.extend(inner.get(key, ()))
    return found


def _union(parts: object) -> Binds:
    found = Binds()
    for part in parts:  # type: ignore[attr-defined]
        found.merge(part)
    return found


def _read(root: ast.AST, own: dict[int, Binds], inner: dict[int, list[int]]) -> None:
    """Enter what the nodes under ``root`` bind: in ``own``, under the
    innermost function holding each (``root`` itself for the others); in
    ``inner``, the functions right under each function. Each scope is read
    on its own, depth first; a function met in it is read after it."""
    top = Binds()
    own[id(root)] = top
    scopes: list[tuple[ast.AST, Binds, int]] = [(root, top, id(root))]
    fields = _FIELDS
    while scopes:
        start, binds, unit = scopes.pop()
        stack: list[ast.AST] = [start]
        pop = stack.pop
        push = stack.append
        while stack:
            node = pop()
            kind = type(node)
            if kind is ast.Name:
                if type(node.ctx) is not ast.Load:  # type: ignore[attr-defined]
                    name = node.id  # type: ignore[attr-defined]
                    binds.stores[name] = binds.stores.get(name, 0) + 1
                continue
            if kind is ast.Constant:
                continue
            if kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
                if node is not start:
                    key = id(node)
                    inner.setdefault(unit, []).append(key)
                    found = own[key] = Binds()
                    scopes.append((node, found, key))
                    continue
                binds.defined.add(node.name)  # type: ignore[attr-defined]
            elif kind is ast.arg:
                binds.params.add(node.arg)  # type: ignore[attr-defined]
            elif kind is ast.ClassDef:
                binds.defined.add(node.name)  # type: ignore[attr-defined]
            elif kind is ast.Import or kind is ast.ImportFrom:
                for alias in node.names:  # type: ignore[attr-defined]
                    binds.imported.add((alias.asname or alias.name).split(".", 1)[0])
                continue
            elif kind is ast.Global:
                binds.globals.update(node.names)  # type: ignore[attr-defined]
                continue
            elif kind is ast.Nonlocal:
                binds.nonlocals.update(node.names)  # type: ignore[attr-defined]
                continue
            elif kind is ast.ExceptHandler:
                if node.name:  # type: ignore[attr-defined]
                    binds.handlers.add(node.name)  # type: ignore[attr-defined]
            elif kind is ast.MatchAs or kind is ast.MatchStar or kind is ast.MatchMapping:
                # ``case name:``, ``case [*rest]``, ``case {**rest}``: a capture stores a name
                name = node.rest if kind is ast.MatchMapping else node.name  # type: ignore[attr-defined]
                if name:
                    binds.stores[name] = binds.stores.get(name, 0) + 1
            elif kind is ast.AugAssign or kind is ast.NamedExpr:
                target = node.target  # type: ignore[attr-defined]
                if type(target) is ast.Name:
                    (binds.augmented if kind is ast.AugAssign else binds.walrus).add(target.id)
            names = fields.get(kind)
            if names is None:
                names = tuple(f for f in kind._fields if f not in _LEAF_FIELDS)
                fields[kind] = names
            for name in names:
                value = getattr(node, name, None)
                if isinstance(value, list):
                    for item in value:
                        if isinstance(item, ast.AST):
                            push(item)
                elif isinstance(value, ast.AST):
                    push(value)


def local_keys(
    function: ast.FunctionDef | ast.AsyncFunctionDef, binds: Binds
) -> dict[str, str | None]:
    """Every name ``function`` binds (``binds``: what it binds, scopes nested
    in it included), to the string it always holds there when its one binding
    is ``name = "<string>"`` in the function's own scope (``name = "limit"``,
    then ``args.get(name)``), None for any other: a name bound again, in a
    branch, a loop, a nested scope, by ``+=``, ``:=`` or a ``global``
    declaration, or a parameter. The libcst walk's rule is
    :func:`~doxtool.python.bindings.local_keys`."""
    other = binds.declared() | binds.defined | binds.imported | binds.handlers
    other |= binds.params | binds.augmented | binds.walrus
    found: dict[str, str | None] = dict.fromkeys([*binds.stores, *other])
    todo: list[ast.AST] = list(function.body)
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda):
            continue  # its own scope
        if kind is ast.Assign and len(node.targets) == 1:  # type: ignore[attr-defined]
            target, value = node.targets[0], node.value  # type: ignore[attr-defined]
            if (
                type(target) is ast.Name
                and type(value) is ast.Constant
                and isinstance(value.value, str)
                and binds.stores.get(target.id) == 1
                and target.id not in other
            ):
                found[target.id] = value.value
            continue
        if isinstance(node, ast.stmt) or kind in (ast.ExceptHandler, ast.match_case):
            todo.extend(ast.iter_child_nodes(node))
    return found
