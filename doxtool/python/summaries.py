"""What each function of a module does with what it is handed.

A tool hands ``self.args`` (or itself) to helper functions in other modules of
the repository, and those helpers read keys, call further helpers and touch
files, the network or processes. Facts are extracted one module at a time,
so each module records, for every module-level function and every method of
a module-level class, a :class:`~doxtool.core.summary_facts.FunctionSummary`: the keys it
reads from the dicts it is handed, the calls it makes that have a side
effect, and the calls it makes to other functions with what it passes on.
:mod:`doxtool.python.follow` joins them up from a tool's calls.

Summaries are read from CPython's ``ast`` (which the extraction parses
anyway, and which covers the bodies libcst is spared, :mod:`doxtool.python.prune`).
Nothing is evaluated: keys are string literals, module-level string
constants, or the values of a loop over a literal tuple.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable

from doxtool.core.summary_facts import FunctionSummary
from doxtool.python.astaccessors import accessor_of
from doxtool.python.astbreaksets import HOOK, hook_sets
from doxtool.python.callkinds import class_processes
from doxtool.python.functionwalk import FunctionWalk
from doxtool.python.names import dotted_parts
from doxtool.python.summaryscope import ModuleScope
from doxtool.python.triedimports import kept_tried_ast_imports


def summarise(
    tree: ast.Module,
    module: str,
    is_package: bool,
    local_roots: Iterable[str],
    objects: dict[str, list[str]] | None = None,
    held: dict[str, list[str]] | None = None,
    source: str | None = None,
) -> list[FunctionSummary]:
    """Summaries of the module's functions and of its classes' methods; the
    objects the module keeps in its names go into ``objects``
    (:mod:`doxtool.python.modobjects`), those its classes keep on ``self``
    into ``held`` (:mod:`doxtool.python.astheld`). ``source``, the module's
    text when known: no function is searched for a ``yield`` it never says.

    Never raises: a module too deep for a recursive walk has no summaries.
    """
    summariser = _Summariser(tree, module, is_package, frozenset(local_roots))
    summariser.may_yield = source is None or "yield" in source
    try:
        summaries = summariser.run()
        if objects is not None:
            objects.update(summariser.objects())
        if held is not None:
            kept = summariser.held()
            held.update({attr: [made] for attr, made in kept.instances.items()})
            held.update({attr: list(made) for attr, made in kept.libraries.items()})
        return summaries
    except (RecursionError, MemoryError):
        return []


class _Summariser(ModuleScope):
    def run(self) -> list[FunctionSummary]:
        bound: dict[str, int] = {}
        shadowed: dict[str, str] = {}  # imports a ``def`` rebinds (:mod:`.shadowed`)
        for stmt in self.tree.body:
            if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for name in _assigned(stmt) & shadowed.keys():  # ``clean = files.clean``
                    self.names[name] = shadowed.pop(name)  # the import is kept, as without the def
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                self.bind(stmt, self.names)
            elif isinstance(stmt, (ast.If, ast.Try)):
                for inner in ast.walk(stmt):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        self.bind(inner, self.names)
                if isinstance(stmt, ast.Try):  # the import that holds (:mod:`.triedimports`)
                    kept_tried_ast_imports(stmt, self.bind, self.local_roots, self.names)
            elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                target = stmt.targets[0]
                if isinstance(target, ast.Name):
                    bound[target.id] = bound.get(target.id, 0) + 1
                    value = stmt.value
                    if isinstance(value, ast.Constant) and isinstance(value.value, str):
                        self.constants[target.id] = value.value
                    self.literals[target.id] = value
            elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.target, ast.Name):
                bound[stmt.target.id] = 2  # ``KEY += "_v2"``: not the value first bound
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                self.functions.add(stmt.name)
                # ``def clean`` after ``from x import clean``: the function
                # (:mod:`.shadowed`); an import further down binds it again
                if stmt.name in self.names:
                    shadowed[stmt.name] = self.names.pop(stmt.name)
            elif isinstance(stmt, ast.ClassDef):
                self.classes[stmt.name] = {
                    s.name
                    for s in stmt.body
                    if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                }
        for name, count in bound.items():
            if count > 1:
                self.constants.pop(name, None)
                self.literals.pop(name, None)
        summaries: list[FunctionSummary] = []
        for stmt in self.tree.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                summaries.append(_run(FunctionWalk(self, stmt, None), stmt))
                summaries[-1].makes_class = any(_may_be_tool(n) for n in ast.walk(stmt))
            elif isinstance(stmt, ast.ClassDef):
                processes = class_processes(
                    stmt, lambda d: self.resolve(d, self.names), self.assigned
                )
                tool_like = "execute" in self.classes.get(stmt.name, ()) or any(
                    (dotted_parts(b) or [""])[-1].endswith("Tool") for b in stmt.bases
                )
                for item in stmt.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        function = FunctionWalk(self, item, stmt.name)
                        function.processes = processes
                        function.tool_like = tool_like
                        summaries.append(_run(function, item))
        return summaries


def _run(function: FunctionWalk, node: ast.FunctionDef | ast.AsyncFunctionDef) -> FunctionSummary:
    """The summary of a function, with how many parameters a positional
    argument may fill (those before ``*args`` and the keyword-only ones)."""
    summary = function.run()
    summary.positional = len(node.args.posonlyargs) + len(node.args.args)
    summary.posonly = len(node.args.posonlyargs)
    summary.accessor = accessor_of(node)
    if function.cls is not None and node.name == HOOK:
        summary.hook_sets = hook_sets(node, summary.bound)
    return summary


def _assigned(stmt: ast.stmt) -> set[str]:
    """The names a top-level statement assigns, in its blocks too (not in a
    function or class it defines)."""
    names: set[str] = set()
    todo: list[ast.AST] = [stmt]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
        if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))
    return names


def _may_be_tool(node: ast.AST) -> bool:
    """Whether ``node`` is a ``class`` statement that may make a tool class:
    one with a base other than a builtin class (``class Err(Exception)``, a
    ``@dataclass`` with no base, never is)."""
    if not isinstance(node, ast.ClassDef):
        return False
    return any(not (isinstance(b, ast.Name) and hasattr(builtins, b.id)) for b in node.bases)
