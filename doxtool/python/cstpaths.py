"""Which values of a tool's function are filesystem paths, and which paths it
made itself (part of :class:`~doxtool.python.calls.Calls`): the function's
code is read again with CPython's ``ast`` and asked
(:mod:`doxtool.python.pathkinds`, :mod:`doxtool.python.temppaths`), so that the
tool's own code and the helper summaries answer alike. A temporary path may
be kept in an attribute of the tool (``self.tmpdir = tempfile.mkdtemp()``) or
made by a method of its class or a function of its module.
"""

from __future__ import annotations

import ast
import weakref
from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.cstcode import code_of
from doxtool.python.pathkinds import (
    PathValues,
    Resolve,
    annotated_path,
    module_paths,
    returns_only_paths,
)
from doxtool.python.temppaths import TemporaryPaths, attribute_bindings, returns_only_made
from doxtool.python.walkstate import Env

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
#: a method, the name of its object, and the values it gives attributes of
#: that object (``self.<attr> = value``)
_MethodValues = tuple[FunctionNode, str, list[tuple[str, ast.expr]]]
#: what a method's value of an attribute is judged by, given the
#: attributes already known (``self.<attr>``, as the method names its object)
_Reader = Callable[[FunctionNode, frozenset[str]], Callable[[ast.expr], bool]]


class PathReceivers:
    """Paths of the functions a tool's walk goes through."""

    #: the module's scan (functions, imports)
    scan: Any
    module: cst.Module
    #: the tool class and its bases in the module
    mro: list[Any]

    def _cache(self, name: str) -> dict[Any, Any]:
        found: dict[Any, Any] = self.__dict__.setdefault(name, {})
        return found

    def _ast_of(self, node: cst.FunctionDef) -> FunctionNode | None:
        """A function of the module read again with ``ast`` (once)."""
        cache = self._cache("_function_trees")
        key = id(node)
        if key not in cache:
            twin = self.scan.loc.twin(node)
            if isinstance(twin, (ast.FunctionDef, ast.AsyncFunctionDef)):
                cache[key] = twin  # the tree the positions came from: no second parse
                return twin
            try:
                tree = ast.parse(self.module.code_for_node(node))
            except (SyntaxError, ValueError, RecursionError):
                tree = None
            last = tree.body[-1] if tree is not None and tree.body else None
            cache[key] = last if isinstance(last, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
        found: FunctionNode | None = cache[key]
        return found

    def _resolver(self, env: Env) -> Resolve:
        scan = self.scan
        names = env.names

        def resolve(dotted: list[str]) -> str | None:
            qualified = scan._resolve(dotted, names)
            if qualified is None and dotted[0] in scan.functions and dotted[0] not in names:
                return f"{scan.module}.{'.'.join(dotted)}"
            return qualified

        return resolve

    def _paths_of(self, env: Env) -> tuple[PathValues, TemporaryPaths] | None:
        """The paths of ``env``'s function (read once per function); None
        when its code cannot be read again."""
        cache = self._cache("_function_paths")
        key = id(env.func.node)
        if key not in cache:
            cache[key] = self._read_paths(env)
        found: tuple[PathValues, TemporaryPaths] | None = cache[key]
        return found

    def _read_paths(self, env: Env) -> tuple[PathValues, TemporaryPaths] | None:
        node = self._ast_of(env.func.node)
        if node is None:
            return None
        resolve = self._resolver(env)
        constants = self._module_constants()
        returns = self._returns_paths(resolve, constants)
        held = self._attributes(
            env,
            lambda n, known: PathValues(n, resolve, returns.__contains__, constants, known).is_path,
            derived=True,
        )
        paths = PathValues(node, resolve, returns.__contains__, constants, held)
        attributes = self._attributes(env, lambda n, _: TemporaryPaths(n, resolve).made)

        # no reference back to the walk from what it keeps: the collector is
        # off while a run extracts, and a cycle would keep every tree alive
        walk = weakref.ref(self)

        def returns_made(dotted: list[str]) -> bool:
            owner = walk()
            return owner is not None and owner._returns_made(dotted, env, resolve, attributes)

        return paths, TemporaryPaths(node, resolve, attributes, returns_made)

    def _returns_paths(self, resolve: Resolve, constants: frozenset[str]) -> set[str]:
        """The functions of the module that return a path: annotated to, or
        each of whose ``return`` statements gives one (read once)."""
        cached: set[str] | None = self.__dict__.get("_returning_paths")
        if cached is not None:
            return cached
        module = self.scan.module
        functions = self.scan.functions.items()
        annotated = {
            f"{module}.{name}"
            for name, fn in functions
            if fn.node.returns is not None
            and annotated_path(_expression(fn.node.returns.annotation, self.module), resolve)
        }
        found = set(annotated)
        for name, fn in functions:
            node = self._ast_of(fn.node) if fn.node.returns is None else None
            if node is not None and returns_only_paths(
                node, resolve, annotated.__contains__, constants
            ):
                found.add(f"{module}.{name}")
        self.__dict__["_returning_paths"] = found
        return found

    def _module_constants(self) -> frozenset[str]:
        """The names the module binds at its top only to paths (read once)."""
        found = self.__dict__.get("_path_constants")
        if found is None:
            tree = self._module_top()
            scan = self.scan
            found = module_paths(tree, lambda dotted: scan._resolve(dotted, scan.names))
            self.__dict__["_path_constants"] = found
        return found

    def _module_top(self) -> ast.Module:
        """``ast``'s tree of the module's statements other than definitions."""
        lines = [s for s in self.module.body if not isinstance(s, (cst.FunctionDef, cst.ClassDef))]
        smalls = [
            small
            for line in lines
            for small in (line.body if isinstance(line, cst.SimpleStatementLine) else (line,))
        ]
        twins = [self.scan.loc.twin(small) for small in smalls]
        if all(twin is not None for twin in twins):
            return ast.Module(body=[t for t in twins if t is not None], type_ignores=[])
        try:
            return ast.parse("".join(self.module.code_for_node(line) for line in lines))
        except (SyntaxError, ValueError, RecursionError):
            return ast.Module(body=[], type_ignores=[])

    def _methods(self) -> list[tuple[str, FunctionNode]]:
        """(name, ``ast`` tree) of each method of the tool class and its
        bases in the module (read once)."""
        found: list[tuple[str, FunctionNode]] | None = self.__dict__.get("_method_trees")
        if found is None:
            found = []
            for owner in self.mro:
                for name, fn in owner.methods.items():
                    node = self._ast_of(fn.node)
                    if node is not None:
                        found.append((name, node))
            self.__dict__["_method_trees"] = found
        return found

    def _method_attribute_values(self) -> tuple[list[_MethodValues], frozenset[str]]:
        """Each method's assignments to attributes of its object (with
        values), and the attributes a value other than one a method gives
        leaves out: one a class body sets to something other than None, one
        a method sets to a value not read (read once)."""
        cached: tuple[list[_MethodValues], frozenset[str]] | None = self.__dict__.get(
            "_method_attribute_bindings"
        )
        if cached is not None:
            return cached
        methods: list[_MethodValues] = []
        unknown: set[str] = set()
        for _, node in self._methods():
            params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
            if not params:
                continue
            given: list[tuple[str, ast.expr]] = []
            for attribute, value in attribute_bindings(node, params[0]):
                attr = attribute.split(".", 1)[1]
                if value is None:
                    unknown.add(attr)
                else:
                    given.append((attr, value))
            if given:
                methods.append((node, params[0], given))
        for owner in self.mro:
            unknown.update(_class_values(owner.node))
        cached = (methods, frozenset(unknown))
        self.__dict__["_method_attribute_bindings"] = cached
        return cached

    def _attributes(self, env: Env, reader: _Reader, derived: bool = False) -> frozenset[str]:
        """``self.<attr>`` (as ``env`` names its object) that the class's
        methods only ever set to a value ``reader`` accepts in the method
        that sets it (a path, a temporary path it made), and its body sets
        to nothing but None. A method is read only for the values of
        attributes not yet left out. ``derived``: a value made of such an
        attribute is accepted too (``self.file = self.root / "todo.txt"``
        once ``self.root`` is a path), read again until no more are found."""
        if env.self_name is None or env.func.cls is None:
            return frozenset()
        methods, unknown = self._method_attribute_values()
        found: frozenset[str] = frozenset()
        for _ in range(len(methods) + 1):
            failed = set(unknown)
            made: set[str] = set()
            for node, me, given in methods:
                accepts: Callable[[ast.expr], bool] | None = None
                for attr, value in given:
                    if attr in failed:
                        continue
                    if accepts is None:
                        accepts = reader(node, frozenset(f"{me}.{a}" for a in found))
                    if accepts(value):
                        made.add(attr)
                    else:
                        failed.add(attr)
            now = frozenset(made - failed)
            settled = not derived or now == found
            found = now
            if settled:
                break
        return frozenset(f"{env.self_name}.{attr}" for attr in found)

    def _returns_made(
        self, dotted: list[str], env: Env, resolve: Resolve, attributes: frozenset[str]
    ) -> bool:
        """Whether a call reaches a method of the class or a function of the
        module that only returns a temporary path it made."""
        node: FunctionNode | None = None
        if len(dotted) == 2 and env.self_name is not None and dotted[0] == env.self_name:
            node = next((n for name, n in self._methods() if name == dotted[1]), None)
        elif len(dotted) == 1 and dotted[0] in self.scan.functions and dotted[0] not in env.names:
            node = self._ast_of(self.scan.functions[dotted[0]].node)
        return node is not None and returns_only_made(node, resolve, attributes)

    def _is_path_value(self, value: cst.BaseExpression, env: Env) -> bool:
        """Whether the function shows ``value`` to be a filesystem path."""
        paths = self._paths_of(env)
        expression = _expression(value, self.module) if paths is not None else None
        return paths is not None and expression is not None and paths[0].is_path(expression)

    def _made_here(self, value: cst.BaseExpression | None, env: Env) -> bool:
        """Whether ``value`` is a temporary path the tool made itself."""
        if value is None:
            return False
        paths = self._paths_of(env)
        expression = _expression(value, self.module) if paths is not None else None
        return paths is not None and expression is not None and paths[1].made(expression)


def _class_values(node: cst.ClassDef) -> list[str]:
    """Names a class body binds to something other than None (``workdir =
    "/srv"``): such an attribute is not only a temporary path."""
    found = []
    body = node.body.body if isinstance(node.body, cst.IndentedBlock) else []
    for line in body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if isinstance(small, cst.Assign):
                if isinstance(small.value, cst.Name) and small.value.value == "None":
                    continue
                found += [t.target.value for t in small.targets if isinstance(t.target, cst.Name)]
            elif isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                value = small.value
                if value is not None and not (
                    isinstance(value, cst.Name) and value.value == "None"
                ):
                    found.append(small.target.value)
    return found


def _expression(node: cst.BaseExpression, module: cst.Module) -> ast.expr | None:
    """``node`` read again with ``ast``; None when it cannot be."""
    try:
        parsed = ast.parse(f"(\n{code_of(node, module)}\n)", mode="eval")
    except (SyntaxError, ValueError, RecursionError):
        return None
    return parsed.body
