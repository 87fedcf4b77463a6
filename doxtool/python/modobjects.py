"""Objects a module keeps in its own names, read with ``ast`` (the first
half of the extraction, which imports no libcst).

``runner = JobRunner()`` or ``CLIENT = httpx.Client(timeout=10)`` at module
level: a method called on the name (``runner.run(argv)``, in the module or
in one that imports the name) runs a method of what made the object. A name
is read when every binding the module gives it, at module level and in any
block there, is a plain assignment of a call: its makers are the callables
of those calls, resolved through the module's imports (``helpers.jobs.JobRunner``,
``httpx.Client``). A name bound any other way (a literal, another name, an
attribute, an unpacked item, a loop or ``with`` target, an augmented
assignment, ``del``, ``global`` in a function, a call that is not a plain
dotted name) has no makers: an empty list, "not known", when one of its
values is a call; a name bound only to values made by no call is no object
and is left out.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Iterator

from doxtool.python.astwalk import walk
from doxtool.python.names import dotted_parts
from doxtool.python.scopebinds import ModuleBinds, module_binds

Resolve = Callable[[list[str]], "str | None"]

_BUILTINS = frozenset(dir(builtins))
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def module_objects(tree: ast.Module, resolve: Resolve) -> dict[str, list[str]]:
    """Module-level name -> the callables (dotted, sorted) whose results are
    all it is bound to; an empty list when one value is not such a call."""
    values: dict[str, list[ast.expr | None]] = {}
    for stmt in _module_statements(tree.body):
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                plain = isinstance(target, ast.Name)
                for name in _stored(target):
                    values.setdefault(name, []).append(stmt.value if plain else None)
        elif isinstance(stmt, ast.AnnAssign):
            if isinstance(stmt.target, ast.Name) and stmt.value is not None:
                values.setdefault(stmt.target.id, []).append(stmt.value)
        else:
            for node in _own_nodes(stmt):
                if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                    values.setdefault(node.id, []).append(None)
    binds = module_binds(tree).module()
    # ``global`` in a function, or ``:=`` (maybe at module level): a value not known
    for name in binds.globals | binds.nonlocals | binds.walrus:
        if name in values:
            values[name].append(None)
    found: dict[str, list[str]] = {}
    for name, bound in values.items():
        if not any(isinstance(_inner(v), ast.Call) for v in bound if v is not None):
            continue  # no call made any of its values: no object
        makers: set[str] = set()
        for value in bound:
            maker = _maker(value, resolve)
            if maker is None:
                makers = set()
                break
            makers.add(maker)
        found[name] = sorted(makers)
    return found


def _maker(value: ast.expr | None, resolve: Resolve) -> str | None:
    inner = _inner(value) if value is not None else None
    if not isinstance(inner, ast.Call):
        return None
    dotted = dotted_parts(inner.func)
    if dotted is None:
        return None
    qualified = resolve(dotted)
    if qualified is None and len(dotted) == 1 and dotted[0] in _BUILTINS:
        return f"builtins.{dotted[0]}"  # ``dict()``: a plain value
    return qualified


def _inner(value: ast.expr) -> ast.expr:
    return value.value if isinstance(value, ast.Await) else value


def _module_statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements run at module level, in blocks too (not in the bodies
    of functions and classes, whose names are their own)."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, _SCOPES):
            continue
        for field in ("body", "orelse", "finalbody"):
            yield from _module_statements(getattr(stmt, field, []) or [])
        for handler in getattr(stmt, "handlers", []) or []:
            yield from _module_statements(handler.body)
        for case in getattr(stmt, "cases", []) or []:
            yield from _module_statements(case.body)


def _own_nodes(stmt: ast.stmt) -> Iterator[ast.AST]:
    """The nodes of a statement outside its nested blocks' statements (they
    are visited on their own) and outside nested scopes; a function or class
    gives its own name."""
    if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        yield ast.Name(id=stmt.name, ctx=ast.Store())
        return
    if isinstance(stmt, (ast.Import, ast.ImportFrom)):
        for alias in stmt.names:
            name = alias.asname or alias.name.split(".", 1)[0]
            yield ast.Name(id=name, ctx=ast.Store())
        return
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        yield node
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.stmt, ast.Lambda, ast.excepthandler, ast.match_case)):
                continue
            if isinstance(child, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
                continue  # its names are its own, but for ``:=``
            todo.append(child)
    for handler in getattr(stmt, "handlers", []) or []:
        if handler.name:
            yield ast.Name(id=handler.name, ctx=ast.Store())


def _stored(target: ast.expr) -> list[str]:
    return [n.id for n in walk(target) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)]


def module_level_objects(
    objects: dict[str, list[str]],
    is_local: Callable[[str], bool],
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    libraries: dict[str, set[str]],
    index: ModuleBinds,
) -> frozenset[str]:
    """The module's objects (:func:`module_objects`) a function reaches by
    name, those it binds itself (a parameter, an assignment, ``global``, in
    it or in a function or class inside it; ``index``: the bindings of the
    module holding ``node``) left out. One made only by library callables is
    entered in ``libraries`` (what its methods do is the library's); the
    others, made by the repository or by what is not known, are returned: a
    method called on one is followed as the module's name
    (``helpers.jobs.runner.run``)."""
    if not objects:
        return frozenset()
    args = node.args
    own = {
        p.arg
        for p in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
        if p is not None
    }
    # what the function binds, in the functions and classes inside it too
    binds = index.of(node)
    own |= binds.assigned() | binds.defined | binds.imported | binds.handlers
    followed: set[str] = set()
    for name, makers in objects.items():
        if name in own or name in libraries:
            continue
        if makers and not any(is_local(m) for m in makers):
            libraries[name] = set(makers)
        else:
            followed.add(name)
    return frozenset(followed)
