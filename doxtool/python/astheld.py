"""Objects the classes of a module keep on themselves, read with ``ast`` for
the function summaries and flows (the first half of the extraction, which
imports no libcst).

``self.client = httpx.AsyncClient()`` in ``__init__`` and
``self.client.get(url)`` in another method: as
:mod:`doxtool.python.heldobjects` does for a tool's ``self.service``, the
object ``self.<attr>`` holds is what every value the module's classes give
the attribute is made by (an assignment in any method, a class attribute, what
a ``property`` of that name returns; ``None`` aside): one callable of the
repository (``helpers.shell.ShellState``, whose methods are followed), or
library callables (``httpx.AsyncClient``, whose objects' methods are network
calls). When the values disagree, when one is made by neither (a parameter, a
value handed in) or the attribute is bound another way (unpacked, a loop or
``with`` target, ``del``, an augmented assignment, any ``setattr``), or a
class attribute is also set outside its class body (``Class.attr = other``:
:mod:`doxtool.python.rebound`), nothing is said of it.
"""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable, Iterator

from doxtool.python.astwalk import walk, walk_split
from doxtool.python.names import constructed, dotted_parts
from doxtool.python.rebound import rebound_attributes, untrusted

Resolve = Callable[[list[str]], "str | None"]

#: decorators that make a method read as an attribute
_PROPERTIES = frozenset({"property", "cached_property", "functools.cached_property"})
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: the nodes that may bind ``self.<attr>``
_BINDING = frozenset(
    {
        ast.Assign,
        ast.AnnAssign,
        ast.AugAssign,
        ast.For,
        ast.AsyncFor,
        ast.comprehension,
        ast.withitem,
        ast.Delete,
    }
)
#: a module with more nodes than this in its classes is not searched
_MAX_NODES = 50000


@dataclasses.dataclass(frozen=True)
class HeldObjects:
    """What the ``self.<attr>`` of the module's classes hold."""

    #: attr -> the repository callable every value of it is made by
    instances: dict[str, str] = dataclasses.field(default_factory=dict)
    #: attr -> the library callables whose results are all it holds
    libraries: dict[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)

    def bind(
        self, me: str | None, instances: dict[str, set[str]], libraries: dict[str, set[str]]
    ) -> dict[str, str]:
        """Enter them, as ``me.<attr>``, in a method's tables of what its
        names hold (``me`` its first parameter; None: not a bound method);
        ``self.<attr>`` -> the repository class, as a flow names it."""
        if me is None:
            return {}
        for attr, made in self.instances.items():
            instances[f"{me}.{attr}"] = {made}
        for attr, makers in self.libraries.items():
            libraries[f"{me}.{attr}"] = set(makers)
        return {f"self.{attr}": made for attr, made in self.instances.items()}


def held_objects(
    tree: ast.Module,
    resolve: Resolve,
    is_local: Callable[[str], bool],
    bodies: dict[int, list[ast.AST]] | None = None,
) -> HeldObjects:
    """The objects the module-level classes of ``tree`` keep on ``self``;
    the nodes of each method's body walked on the way go into ``bodies``
    (id of the method -> :func:`~doxtool.python.astwalk.walk_all` of its body)."""
    classes = [stmt for stmt in tree.body if isinstance(stmt, ast.ClassDef)]
    if not classes:
        return HeldObjects()
    # each method's nodes, walked once: counted, then searched
    methods: dict[int, list[ast.AST]] = {}
    count = 0
    for cls in classes:
        # the class, its bases, keywords, decorators (and type parameters)
        parts = (*cls.bases, *cls.keywords, *cls.decorator_list, *getattr(cls, "type_params", ()))
        count += 1 + sum(len(walk(part)) for part in parts)
        for item in cls.body:
            if isinstance(item, _FUNCTIONS):
                body, others = walk_split(item, "body")
                if bodies is not None:
                    bodies[id(item)] = body
                nodes = methods[id(item)] = others + body  # the nodes of ``walk(item)``
                count += len(nodes)
            else:
                count += len(walk(item))
    if count > _MAX_NODES:
        return HeldObjects()
    values: dict[str, list[tuple[ast.AST | None, ast.expr]]] = {}
    unknown: set[str] = set()
    for cls in classes:
        for item in cls.body:
            if isinstance(item, _FUNCTIONS):
                if _is_property(item):
                    values.setdefault(item.name, []).extend((item, v) for v in _returned(item))
                else:
                    unknown.add(item.name)  # a method: ``self.attr.m`` is a method's attribute
                nodes = methods[id(item)]
                if _setattr(nodes):
                    return (
                        HeldObjects()
                    )  # ``setattr(self, name, value)``: which attribute is not read
                _method_values(item, nodes, values, unknown)
            else:
                _class_values(item, values, unknown)
    rebound = rebound_attributes(tree)
    instances: dict[str, str] = {}
    libraries: dict[str, tuple[str, ...]] = {}
    for attr, found in values.items():
        if attr in unknown:
            continue
        if untrusted(attr, rebound) and any(method is None for method, _ in found):
            continue  # ``Class.attr = other`` too: not only what the class body sets
        made = _makers(found, resolve, is_local)
        if made is None:
            continue
        local, library = made
        if len(local) == 1 and not library:
            instances[attr] = local.pop()
        elif library and not local:
            libraries[attr] = tuple(sorted(library))
    return HeldObjects(instances, libraries)


def _makers(
    found: list[tuple[ast.AST | None, ast.expr]],
    resolve: Resolve,
    is_local: Callable[[str], bool],
) -> tuple[set[str], set[str]] | None:
    """The repository and library callables the values are made by; None
    when one is made by neither (or by a call through ``self``)."""
    local: set[str] = set()
    library: set[str] = set()
    for method, value in found:
        for one in _resolved(method, value):
            if one is None:
                return None
            if isinstance(one, ast.Constant) and one.value is None:
                continue  # not yet made: no method is called on it
            made = constructed(one, _self_name(method), resolve, is_local)
            if made is not None:
                local.add(made)
                continue
            inner = one.value if isinstance(one, ast.Await) else one
            dotted = dotted_parts(inner.func) if isinstance(inner, ast.Call) else None
            qualified = resolve(dotted) if dotted is not None else None
            if qualified is None or is_local(qualified):
                return None
            library.add(qualified)
    return local, library


def _resolved(method: ast.AST | None, value: ast.expr) -> Iterator[ast.expr | None]:
    """``value``, or for a name every value a plain assignment in ``method``
    gives it (None: a name bound some other way, or not in the method)."""
    if not isinstance(value, ast.Name):
        yield value
        return
    bound = _name_values(method, value.id) if method is not None else None
    yield from bound if bound else [None]


def _name_values(method: ast.AST, name: str) -> list[ast.expr] | None:
    """Every value ``name = value`` gives ``name`` in ``method``; None when
    it is bound any other way (a parameter, unpacked, a loop, ``with``,
    ``:=``, ``global``)."""
    args = method.args  # type: ignore[attr-defined]
    params = (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
    if any(p is not None and p.arg == name for p in params):
        return None
    found: list[ast.expr] = []
    plain: set[int] = set()
    stores = 0
    for node in walk(method):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and target.id == name:
                    found.append(node.value)
                    plain.add(id(target))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if node.target.id == name and node.value is not None:
                found.append(node.value)
                plain.add(id(node.target))
        elif isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return None
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            stores += 1
    return found if stores == len(plain) else None


def _method_values(
    method: ast.FunctionDef | ast.AsyncFunctionDef,
    nodes: list[ast.AST],
    values: dict[str, list[tuple[ast.AST | None, ast.expr]]],
    unknown: set[str],
) -> None:
    """``self.attr = value`` of a method (``self`` its first parameter;
    ``nodes``: the method's, as :func:`~doxtool.python.astwalk.walk` gives them)."""
    args = method.args
    params = [*args.posonlyargs, *args.args]
    if not params:
        return
    owner = params[0].arg
    for node in nodes:
        # exact types: ``ast`` builds no subclass of a node class
        kind = type(node)
        if kind not in _BINDING:
            continue
        if kind is ast.Assign:
            for target in node.targets:  # type: ignore[attr-defined]
                attr = _self_attribute(target, owner)
                if attr is not None:
                    values.setdefault(attr, []).append((method, node.value))  # type: ignore[attr-defined]
                else:
                    unknown.update(_held_in(target, owner))
        elif kind is ast.AnnAssign:
            attr = _self_attribute(node.target, owner)  # type: ignore[attr-defined]
            if attr is not None and node.value is not None:  # type: ignore[attr-defined]
                values.setdefault(attr, []).append((method, node.value))  # type: ignore[attr-defined]
        elif kind is ast.withitem:
            if node.optional_vars is not None:  # type: ignore[attr-defined]
                unknown.update(_held_in(node.optional_vars, owner))  # type: ignore[attr-defined]
        elif kind is ast.Delete:
            for target in node.targets:  # type: ignore[attr-defined]
                unknown.update(_held_in(target, owner))
        else:  # ``+=``, a loop's or a comprehension's target
            unknown.update(_held_in(node.target, owner))  # type: ignore[attr-defined]


def _class_values(
    stmt: ast.stmt,
    values: dict[str, list[tuple[ast.AST | None, ast.expr]]],
    unknown: set[str],
) -> None:
    """A class body's statement: ``client = redis.Redis()`` gives the class attribute a value."""
    if isinstance(stmt, ast.Assign):
        for target in stmt.targets:
            if isinstance(target, ast.Name):
                values.setdefault(target.id, []).append((None, stmt.value))
            else:
                unknown.update(_stored(target))
    elif isinstance(stmt, ast.AnnAssign):
        if isinstance(stmt.target, ast.Name) and stmt.value is not None:
            values.setdefault(stmt.target.id, []).append((None, stmt.value))
    else:
        unknown.update(
            node.id
            for node in walk(stmt)
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store)
        )
        if isinstance(stmt, ast.ClassDef):
            unknown.add(stmt.name)


def _self_attribute(target: ast.expr, owner: str) -> str | None:
    if (
        isinstance(target, ast.Attribute)
        and isinstance(target.value, ast.Name)
        and target.value.id == owner
    ):
        return target.attr
    return None


def _held_in(target: ast.expr, owner: str) -> set[str]:
    """The ``owner.<attr>`` a target binds (``self.a, self.b = ...``)."""
    return {
        node.attr
        for node in walk(target)
        if isinstance(node, ast.Attribute) and _self_attribute(node, owner) is not None
    }


def _stored(target: ast.expr) -> set[str]:
    return {n.id for n in walk(target) if isinstance(n, ast.Name)}


def _setattr(nodes: list[ast.AST]) -> bool:
    for node in nodes:
        if type(node) is ast.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is ast.Name and func.id == "setattr":
                return True
    return False


def _is_property(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for decorator in node.decorator_list:
        dotted = dotted_parts(decorator)
        if dotted is not None and ".".join(dotted) in _PROPERTIES:
            return True
    return False


def _returned(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.expr]:
    """The values the function's ``return`` statements give (nested
    functions and classes left out); a bare ``return`` gives None."""
    found: list[ast.expr] = []
    stack: list[ast.AST] = list(node.body)
    while stack:
        current = stack.pop()
        if isinstance(current, (*_FUNCTIONS, ast.ClassDef, ast.Lambda)):
            continue
        if isinstance(current, ast.Return):
            found.append(current.value if current.value is not None else ast.Constant(None))
            continue
        stack.extend(ast.iter_child_nodes(current))
    return found


def _self_name(method: ast.AST | None) -> str | None:
    if method is None:
        return None
    args = method.args  # type: ignore[attr-defined]
    params = [*args.posonlyargs, *args.args]
    return params[0].arg if params else None
