"""Which receivers of a module's method calls are filesystem paths, for the
side-effect areas of its outline (:mod:`doxtool.python.outline`): what
:mod:`doxtool.python.pathkinds` tells of the function a call is in, or of
the module's top for a call outside any function, as the tool facts read
it (``target = Path(path)``, then ``target.unlink()``; a module constant
bound only to a path; a parameter annotated ``Path``; what a function of
the module that returns a path gives).

Each function's paths are read the first time a call in it needs them.
"""

from __future__ import annotations

import ast

from doxtool.python.pathkinds import (
    PathValues,
    Resolve,
    ReturnsPath,
    module_paths,
    module_returns_path,
)
from doxtool.python.scopebinds import module_binds

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef

#: the stand-in for the module's own name in what a name resolves to
#: (``<module>.make_dir`` for a function of the module)
MODULE = "<module>"


class ModulePaths:
    """The paths of one module's functions, read on demand."""

    def __init__(self, tree: ast.Module, resolve: Resolve) -> None:
        self.tree = tree
        self.resolve = resolve
        #: id of a node inside a function -> the innermost function holding it
        self._owners: dict[int, FunctionNode] | None = None
        #: id of a function (or of the module's stand-in) -> its paths
        self._values: dict[int, PathValues] = {}
        self._module: tuple[frozenset[str], ReturnsPath, FunctionNode] | None = None

    def is_path(self, call: ast.Call, receiver: ast.expr) -> bool:
        """Whether ``receiver`` (of ``call``'s method) is a path where the
        call is."""
        constants, returns, top = self._module_facts()
        if self._owners is None:
            self._owners = _owners(self.tree)
        scope = self._owners.get(id(call), top)
        values = self._values.get(id(scope))
        if values is None:
            index = module_binds(self.tree)
            binds = index.outside_functions() if scope is top else index.of(scope)
            values = PathValues(scope, self.resolve, returns, constants, binds=binds)
            self._values[id(scope)] = values
        return values.is_path(receiver)

    def _module_facts(self) -> tuple[frozenset[str], ReturnsPath, FunctionNode]:
        if self._module is None:
            constants = module_paths(self.tree, self.resolve)
            returns = module_returns_path(self.tree, MODULE, self.resolve, constants)
            top = ast.FunctionDef(
                name=MODULE,
                args=ast.arguments(
                    posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]
                ),
                body=[
                    s
                    for s in self.tree.body
                    if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))
                ],
                decorator_list=[],
            )
            self._module = (constants, returns, top)
        return self._module


def _owners(tree: ast.Module) -> dict[int, FunctionNode]:
    """Each call inside a function -> the innermost function holding it
    (one walk, which hands each node the innermost function around it)."""
    owners: dict[int, FunctionNode] = {}
    stack: list[tuple[ast.AST, FunctionNode | None]] = [(tree, None)]
    while stack:
        node, function = stack.pop()
        kind = type(node)
        if kind is ast.Call and function is not None:
            owners[id(node)] = function
        elif kind is ast.FunctionDef or kind is ast.AsyncFunctionDef:
            function = node  # type: ignore[assignment]
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                stack.extend((item, function) for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST) and field != "ctx":
                stack.append((value, function))
    return owners
