"""The index of the names each scope of a module binds, read in one pass:
for every function (at any depth), every top-level statement and the whole
module it gives what :func:`ast.walk` of that node meets, by kind."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from doxtool.python.scopebinds import Binds, module_binds, node_binds

REPO = Path(__file__).resolve().parent.parent

SOURCE = textwrap.dedent(
    """\
    import os.path
    import json as js
    from pkg.sub import thing as other, name
    LIMIT = 3
    counter = 0
    del counter

    def outer(a, /, b=(w := 2), *rest, c, **extra):
        global LIMIT
        total = 0
        total += a
        for i, (j, k) in enumerate(rest):
            pass
        with open(b) as handle, open(c) as (x, y):
            pass
        try:
            import shutil
        except OSError as error:
            raise
        squares = [n * n for n in range(3) if (m := n)]
        call = lambda p, q=1: p + q

        def inner():
            nonlocal total
            total = 1

            class Local:
                attr = 1

        async def later(z):
            async for item in z:
                pass
        return inner

    class Kept:
        size = 1

        def method(self, value):
            self.value = value
            from os import sep

    if LIMIT:
        def maybe():
            LIMIT += 1
    """
)


def _walked(node: ast.AST) -> Binds:
    """What ``ast.walk`` of ``node`` meets, by kind."""
    found = Binds()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Name) and not isinstance(sub.ctx, ast.Load):
            found.stores[sub.id] = found.stores.get(sub.id, 0) + 1
        elif isinstance(sub, ast.Global):
            found.globals.update(sub.names)
        elif isinstance(sub, ast.Nonlocal):
            found.nonlocals.update(sub.names)
        elif isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.defined.add(sub.name)
        elif isinstance(sub, (ast.Import, ast.ImportFrom)):
            found.imported.update((a.asname or a.name).split(".", 1)[0] for a in sub.names)
        elif isinstance(sub, ast.ExceptHandler) and sub.name:
            found.handlers.add(sub.name)
        elif isinstance(sub, ast.arg):
            found.params.add(sub.arg)
        elif isinstance(sub, ast.AugAssign) and isinstance(sub.target, ast.Name):
            found.augmented.add(sub.target.id)
        elif isinstance(sub, ast.NamedExpr) and isinstance(sub.target, ast.Name):
            found.walrus.add(sub.target.id)
    return found


def _same(tree: ast.Module) -> int:
    """Compare the index with ``ast.walk`` for every scope of ``tree``; the
    number of functions compared."""
    index = module_binds(tree)
    functions = [
        n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    for function in functions:
        assert index.of(function) == _walked(function), function.name
        assert node_binds(function) == _walked(function), function.name
    for stmt in tree.body:
        assert index.of(stmt) == _walked(stmt)
    assert index.module() == _walked(tree)
    outside = Binds()
    for stmt in tree.body:
        if not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            outside.merge(_walked(stmt))
    assert index.outside_functions() == outside
    return len(functions)


def test_each_scope_binds_what_a_walk_of_it_meets() -> None:
    tree = ast.parse(SOURCE)
    assert _same(tree) == 5
    index = module_binds(tree)
    outer = next(n for n in tree.body if isinstance(n, ast.FunctionDef))
    binds = index.of(outer)
    # the function's own name, those of functions and classes inside it
    assert binds.defined == {"outer", "inner", "Local", "later"}
    assert binds.stores["total"] == 3  # ``total = 0``, ``+=``, ``total = 1`` in ``inner``
    assert {"i", "j", "k", "handle", "x", "y", "n", "w", "m"} <= set(binds.stores)
    assert binds.globals == {"LIMIT"} and binds.nonlocals == {"total"}
    assert binds.imported == {"shutil"} and binds.handlers == {"error"}
    assert binds.params == {"a", "b", "rest", "c", "extra", "p", "q", "z"}
    assert binds.augmented == {"total"} and binds.walrus == {"w", "m"}
    module = index.module()
    assert module.imported == {"os", "js", "other", "name", "shutil", "sep"}
    assert module.stores["counter"] == 2  # bound, then deleted
    assert "maybe" in index.outside_functions().defined  # a function in a block
    assert "outer" not in index.outside_functions().defined


def test_the_index_is_read_once_per_tree() -> None:
    tree = ast.parse(SOURCE)
    assert module_binds(tree) is module_binds(tree)
    assert module_binds(ast.parse(SOURCE)) is not module_binds(tree)


def test_a_node_the_index_does_not_hold_is_read_on_its_own() -> None:
    tree = ast.parse(SOURCE)
    other = ast.parse("def f(v):\n    v += 1\n").body[0]
    binds = module_binds(tree).of(other)
    assert binds.params == {"v"} and binds.augmented == {"v"} and binds.defined == {"f"}


def test_the_repositorys_own_modules_agree_with_a_walk() -> None:
    compared = 0
    for path in sorted((REPO / "doxtool" / "python").glob("*.py")):
        compared += _same(ast.parse(path.read_text(encoding="utf-8")))
    assert compared > 500
