"""Source for libcst without the bodies of functions the analysis never reads.

The libcst walk (:mod:`doxtool.python.toolscan`) starts at the methods of the
module's classes and reads a module-level function's body in two ways only: a
call ``name(...)`` whose callee is that function's bare name
(:meth:`~doxtool.python.calls.Calls._callee`, and
:meth:`~doxtool.python.argreads.ArgumentReads._returned_argument` through it),
and a call handed that bare name, which calls it (``asyncio.to_thread(_fetch,
url)``, :meth:`~doxtool.python.calls.Calls._callbacks`). A function named in
a dispatch table, called through an alias or an attribute, or named in a
string or a comment is still listed in the module's facts, by its signature,
but its body is never walked. libcst
would build a node for every token of it all the same, so :func:`prune` hands
libcst a copy of the source in which such a body is a single string of empty
lines (``...`` when it has one line), line for line: every remaining line,
and every position libcst or ``ast`` reports, is where it is in the real
file, and libcst builds one node for the body, not one per empty line.

Which bodies are read is decided on ``ast``'s tree, erring on the side of
keeping: a body is kept when ``ast`` finds a call to its name (a ``Call``
whose function is that ``Name``, or one handed that ``Name``) anywhere
outside the module-level function
bodies (a class, a method, a nested function, a lambda, a decorator, a
default value, module-level code, whatever the walk can or cannot reach, and
whatever the name is bound to there), or inside the body of a function that
is kept itself, found breadth first, so the work is linear in the module. A
function is left alone when its body follows the colon on the same line, and
when its body holds an ``import`` (imports anywhere in a module are facts of
the module) or a ``global`` declaration (a function that rebinds a
module-level name makes its value unknown: :mod:`doxtool.python.bindings`
must see the declaration).

The walk reads a method's body only when its class may be a tool: a class
with an ``execute`` of its own or from a class of the module it derives
from, a class with a base from elsewhere (which may be the tool base), and
every class of the module such a class derives from. Given the module's
name, the bodies of the other classes' methods are stubbed too, under the
same conditions, and the calls in them are no roots. A module that may name
its own classes through an import (``from tools.x import Base`` in
``tools/x.py``, a relative import) as a base, or that defines a class name
twice, keeps every method.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import dataclass

from doxtool.python.astparse import CHILD_FIELDS, child_fields

_BLANK = " \t\x0c"


@dataclass(frozen=True)
class Pruned:
    """The text to hand to libcst and the ``ast`` definitions whose bodies it stubs."""

    text: str
    #: ``ast`` nodes (of the real source) of the functions whose bodies are stubbed
    stubbed: frozenset[ast.AST]
    #: characters of ``text`` outside the stubs: what libcst builds nodes for
    parsed: int


@dataclass(frozen=True)
class _Candidate:
    """A module-level function whose body may be pruned."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    #: first line of the body (1-based), where the stub starts
    body_line: int


def prune(source: str, tree: ast.Module, module: str | None = None) -> Pruned | None:
    """The pruned source, or None when no body can be pruned.

    ``tree`` is ``ast.parse(source)``; ``module`` is the module's dotted name
    (without it, methods are not pruned).
    """
    if "\r" in source and source.count("\r") != source.count("\r\n"):
        return None  # a lone carriage return breaks lines for Python, not for split
    lines = source.split("\n")
    stubbed = _unread(tree, lines, module)
    if not stubbed:
        return None
    stubs = 0
    for candidate in stubbed:
        first = lines[candidate.body_line - 1]
        indent = first[: len(first) - len(first.lstrip(_BLANK))]
        last = candidate.node.end_lineno or candidate.body_line
        if last == candidate.body_line:
            lines[last - 1] = indent + "..." + _ending(first)
            continue
        lines[candidate.body_line - 1] = indent + '"""' + _ending(first)
        for number in range(candidate.body_line + 1, last):
            lines[number - 1] = _ending(lines[number - 1])
        lines[last - 1] = '"""' + _ending(lines[last - 1])
        stubs += sum(len(line) + 1 for line in lines[candidate.body_line - 1 : last])
    text = "\n".join(lines)
    return Pruned(text, frozenset(c.node for c in stubbed), len(text) - stubs)


def _unread(tree: ast.Module, lines: list[str], module: str | None) -> list[_Candidate]:
    """The module-level functions whose bodies no call the walk may follow
    reaches, and the methods of classes the walk never reads.

    Calls outside every candidate are roots; a call inside a candidate (its
    header included) counts once that candidate is kept.
    """
    candidates: list[_Candidate] = []
    methods: list[_Candidate] = []
    roots: set[str] = set()
    inside: list[set[str]] = []
    #: the other statements, whose calls are roots: read only when a
    #: function is a candidate (a tool module often has none)
    others: list[ast.stmt] = []
    unwalked = _unwalked_classes(tree, module) if module is not None else frozenset()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            candidate, called = _candidate(node, lines)
            if candidate is not None:
                candidates.append(candidate)
                inside.append(called)
            else:
                roots |= called
        elif node in unwalked:
            roots |= _unwalked_class(node, lines, methods)  # type: ignore[arg-type]
        else:
            others.append(node)
    if not candidates:
        return methods
    for node in others:
        roots |= _calls(node)[0]
    by_name: dict[str, list[int]] = {}
    for index, candidate in enumerate(candidates):
        by_name.setdefault(candidate.node.name, []).append(index)
    needed: set[int] = set()
    todo = [name for name in roots if name in by_name]
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for index in by_name.get(name, ()):
            if index not in needed:
                needed.add(index)
                todo.extend(inside[index])
    return [c for index, c in enumerate(candidates) if index not in needed] + methods


def _unwalked_class(node: ast.ClassDef, lines: list[str], methods: list[_Candidate]) -> set[str]:
    """Add the class's methods whose bodies can be stubbed to ``methods``;
    the names called anywhere else in the class (the roots it holds)."""
    roots: set[str] = set()
    for expression in (*node.decorator_list, *node.bases, *node.keywords):
        roots |= _calls(expression)[0]
    for stmt in node.body:
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            candidate, called = _candidate(stmt, lines)
            if candidate is not None:
                methods.append(candidate)
                for part in _header(stmt):
                    roots |= _calls(part)[0]
            else:
                roots |= called
        else:
            roots |= _calls(stmt)[0]
    return roots


def _candidate(
    fn: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]
) -> tuple[_Candidate | None, set[str]]:
    """The function as a body to stub (None when the body must stay: it holds
    an import or a ``global``, or it follows the colon on the same line), and
    the names it calls."""
    called, imports = _calls(fn)
    body_line = None if imports else _body_line(fn, lines)
    return (_Candidate(fn, body_line) if body_line is not None else None), called


def _header(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.AST]:
    """The expressions of a function's header: decorators, defaults, annotations."""
    args = fn.args
    parts: list[ast.AST] = [*fn.decorator_list, *args.defaults]
    parts.extend(default for default in args.kw_defaults if default is not None)
    for arg in (*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg):
        if arg is not None and arg.annotation is not None:
            parts.append(arg.annotation)
    if fn.returns is not None:
        parts.append(fn.returns)
    return parts


def _unwalked_classes(tree: ast.Module, module: str) -> frozenset[ast.ClassDef]:
    """The module-level classes whose methods the walk never reads.

    The walk reads the methods of each class that may be a tool and of the
    classes of the module it derives from (:mod:`doxtool.python.toolscan`).
    A class may be a tool when it has an ``execute`` itself or through a
    class of the module named as its base, or has any other base (a class
    imported from elsewhere may be the tool base; a bare name counts as a
    class of the module only when that class is defined before it). None is
    left out when a base may lead back to this module (through an import, or
    a dotted name starting with the module's package), or when a class name
    is defined twice.
    """
    classes: dict[str, ast.ClassDef] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            if node.name in classes:
                return frozenset()
            classes[node.name] = node
    if not classes:
        return frozenset()
    own = _own_bindings(tree, module)
    package = module.split(".", 1)[0]
    parents: dict[str, list[str]] = {}
    maybe_tool: set[str] = set()
    for name, node in classes.items():
        local: list[str] = []
        for base in node.bases:
            # a bare name is a class of the module when that class comes
            # before this one, as libcst's outline resolves it (``class
            # Tool(Tool)`` derives from an imported ``Tool``); else it is
            # looked up among the imports, or kept as written
            if type(base) is ast.Name and base.id in parents:
                local.append(base.id)
                continue
            maybe_tool.add(name)
            root = base
            while type(root) is ast.Attribute:
                root = root.value
            if type(root) is ast.Name and (
                root.id in own or (root.id == package and root is not base)
            ):
                return frozenset()  # the base may be a class of this module
        parents[name] = local
        if any(_binds_execute(stmt) for stmt in node.body):
            maybe_tool.add(name)
    walked: set[str] = set()
    for name in classes:
        ancestry = _ancestry(name, parents)
        if name in maybe_tool or ancestry & maybe_tool:
            walked.add(name)
            walked |= ancestry
    return frozenset(node for name, node in classes.items() if name not in walked)


def _binds_execute(stmt: ast.stmt) -> bool:
    """Whether a statement of a class body binds ``execute``: a ``def`` (in
    any block: ``if``, ``try``), an assignment (``execute = _impl``, annotated
    too), an import, as :mod:`doxtool.python.boundexecute` reads a class;
    nothing inside a nested function or class counts."""
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.name == "execute":
                return True
            continue
        if isinstance(node, ast.Lambda):
            continue
        if isinstance(node, ast.Name) and node.id == "execute" and isinstance(node.ctx, ast.Store):
            return True
        if isinstance(node, ast.alias) and (node.asname or node.name).split(".")[0] == "execute":
            return True
        todo.extend(ast.iter_child_nodes(node))
    return False


def _ancestry(name: str, parents: dict[str, list[str]]) -> set[str]:
    """The classes of the module ``name`` derives from, transitively."""
    found: set[str] = set()
    todo = list(parents[name])
    while todo:
        parent = todo.pop()
        if parent not in found:
            found.add(parent)
            todo.extend(parents[parent])
    return found


def _own_bindings(tree: ast.Module, module: str) -> set[str]:
    """Names that module-level imports bind and that may lead to this module:
    an import of the module or of a package it is in, any relative import."""
    prefixes = {".".join(module.split(".")[:cut]) for cut in range(1, module.count(".") + 2)}
    names: set[str] = set()
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                # ``import a.b`` binds ``a`` to ``a``; ``import a.b as c``, ``c`` to ``a.b``
                target = alias.name if alias.asname else alias.name.split(".", 1)[0]
                if target in prefixes or target.startswith(module + "."):
                    names.add(alias.asname or target)
        elif isinstance(stmt, ast.ImportFrom):
            if (
                stmt.level
                or stmt.module in prefixes
                or (stmt.module or "").startswith(module + ".")
            ):
                names.update(alias.asname or alias.name for alias in stmt.names)
        elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                todo.extend(getattr(stmt, field, ()))
            for case in getattr(stmt, "cases", ()):
                todo.extend(case.body)
    return names


#: statements that keep a function's body unpruned
_IMPORT_TYPES = frozenset({ast.Import, ast.ImportFrom, ast.Global})


def _calls(node: ast.AST) -> tuple[set[str], bool]:
    """Names called by a bare name under ``node``, and whether it holds an
    import or a ``global`` declaration (either keeps a body unpruned)."""
    names: set[str] = set()
    imports = False
    call, name_type = ast.Call, ast.Name
    import_types = _IMPORT_TYPES
    # the nodes ``ast.walk`` finds under ``node`` but the leaves without
    # fields (contexts, operators), depth first (the answer does not depend
    # on the order); a list's strings and Nones, and an empty optional
    # field's None, are taken and hold nothing
    fields_of = CHILD_FIELDS
    todo: list[object] = [node]
    pop, push, extend = todo.pop, todo.append, todo.extend
    while todo:
        sub = pop()
        kind = type(sub)
        if kind is call:
            func = sub.func  # type: ignore[attr-defined]
            if type(func) is name_type:
                names.add(func.id)
            # a function handed to a call is called by it (``to_thread(_fetch, url)``)
            for arg in (*sub.args, *(k.value for k in sub.keywords)):  # type: ignore[attr-defined]
                if type(arg) is name_type:
                    names.add(arg.id)
        elif kind in import_types:
            imports = True
        fields = fields_of.get(kind)
        if fields is None:
            fields = child_fields(kind)
        for field in fields:
            value = getattr(sub, field, None)
            if type(value) is list:
                extend(value)
            else:
                push(value)
    return names, imports


def _body_line(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> int | None:
    """The line the body starts on, when it is an indented block below the header."""
    first: ast.stmt = node.body[0]
    decorators: Sequence[ast.expr] = getattr(first, "decorator_list", ())
    if decorators:
        line = decorators[0].lineno
        text = lines[line - 1].lstrip(_BLANK)
        ok = text.startswith("@")
    else:
        line = first.lineno
        text = lines[line - 1]
        # col_offset counts UTF-8 bytes
        prefix = text[: first.col_offset] if text.isascii() else text.encode()[: first.col_offset]
        ok = not prefix.strip()
    if not ok or line <= node.lineno:
        return None
    return line


def _ending(line: str) -> str:
    return "\r" if line.endswith("\r") else ""
