"""The files a module may load by their path, read from ``ast``'s tree.

Shared code of a tools directory is not always imported: a tool module may
load it from its file (``importlib.util.spec_from_file_location("x",
Path(__file__).parent / "_common.py")`` then ``module_from_spec`` and
``exec_module``; ``importlib.machinery.SourceFileLoader(name, path)``,
``runpy.run_path(path)``, ``imp.load_source(name, path)``). Which file such a
call loads is known only at run time; what the code shows is the string
literals naming a Python file (ending ``.py``) that the path handed to the
loader is built from: written in the call, or in what a name it uses is
bound to anywhere in the module (``COMMON = "_common.py"``, ``path = HERE /
COMMON``), followed from name to name. Where the path is built from no such
literal (a parameter of a helper the module calls with the file name, an
attribute, a call's result), every literal of the module naming a Python
file may be the one loaded. The file names (a literal's last part, ``lib/_c.py``
giving ``_c.py``) are what is kept: the modules those name are loaded by
path (:mod:`doxtool.run.importers`). Each is a word of the module's text
(its stem), as a name it imports is: what reads the text for the modules a
module names finds these too.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

#: the loaders of a file by its path: callable's name -> (position, keyword) of the path
LOADERS: dict[str, tuple[int, str]] = {
    "spec_from_file_location": (1, "location"),
    "SourceFileLoader": (1, "path"),
    "SourcelessFileLoader": (1, "path"),
    "run_path": (0, "path_name"),
    "load_source": (1, "pathname"),
}


def may_load_by_path(source: str) -> bool:
    """Whether the text ``source`` names a loader of a file by its path
    (every call of one does): only such a module is walked."""
    return any(name in source for name in LOADERS)


def path_loads(tree: ast.Module) -> list[str]:
    """The names of the Python files the module of ``tree`` may load by their
    path (sorted, each once); empty when it calls no loader of a file."""
    paths = [path for found in _loader_calls(tree) for path in _path_arguments(*found)]
    if not paths:
        return []
    bindings = _bindings(tree)
    found: set[str] = set()
    unknown = False
    for path in paths:
        named = _file_names(path, bindings)
        found.update(named)
        unknown = unknown or not named
    if unknown:  # a path of no literal: any file the module names may be it
        found.update(_file_names(tree, {}))
    return sorted(found)


def _loader_calls(tree: ast.Module) -> Iterator[tuple[str, ast.Call]]:
    """The calls of a loader in ``tree``, with the loader's name."""
    # ``from importlib.util import spec_from_file_location as load``
    aliases = {
        alias.asname: alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
        if alias.asname and alias.name in LOADERS
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _called_name(node.func, aliases)
            if name in LOADERS:
                yield name, node


def _called_name(func: ast.expr, aliases: dict[str, str]) -> str | None:
    """The last name of what a call calls (``importlib.util.spec_from_file_location``:
    ``spec_from_file_location``); an import's alias is read as its name."""
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return aliases.get(func.id, func.id)
    return None


def _path_arguments(loader: str, call: ast.Call) -> list[ast.expr]:
    """The expressions of ``call`` that may be the path it loads: the path's
    argument, or all of them where ``*args`` or ``**kwargs`` hide its place."""
    position, keyword = LOADERS[loader]
    if any(isinstance(a, ast.Starred) for a in call.args) or any(
        k.arg is None for k in call.keywords
    ):
        return [*call.args, *(k.value for k in call.keywords)]
    found = [k.value for k in call.keywords if k.arg == keyword]
    if len(call.args) > position:
        found.append(call.args[position])
    return found


def _bindings(tree: ast.Module) -> dict[str, list[ast.AST]]:
    """Each name of the module (in any of its scopes) -> what it is bound to:
    an assignment's value, the iterable of a ``for`` or a comprehension, the
    context of ``with ... as``, the default of a parameter."""
    bound: dict[str, list[ast.AST]] = {}

    def bind(target: ast.AST, value: ast.AST) -> None:
        for node in ast.walk(target):
            if isinstance(node, ast.Name):
                bound.setdefault(node.id, []).append(value)

    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                bind(target, node.value)
        elif isinstance(node, (ast.AnnAssign, ast.AugAssign, ast.NamedExpr)):
            if node.value is not None:
                bind(node.target, node.value)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            bind(node.target, node.iter)
        elif isinstance(node, ast.withitem) and node.optional_vars is not None:
            bind(node.optional_vars, node.context_expr)
        elif isinstance(node, ast.arguments):
            positional = [*node.posonlyargs, *node.args]
            for arg, default in zip(
                positional[len(positional) - len(node.defaults) :], node.defaults, strict=True
            ):
                bound.setdefault(arg.arg, []).append(default)
            for arg, default in zip(node.kwonlyargs, node.kw_defaults, strict=True):
                if default is not None:
                    bound.setdefault(arg.arg, []).append(default)
    return bound


def _file_names(expression: ast.AST, bindings: dict[str, list[ast.AST]]) -> set[str]:
    """The last parts of the string literals naming a Python file that
    ``expression`` writes, or the values of the names it uses do, in turn."""
    found: set[str] = set()
    seen: set[str] = set()
    pending = [expression]
    while pending:
        for node in ast.walk(pending.pop()):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                name = node.value.replace("\\", "/").rpartition("/")[2]
                if name.endswith(".py") and len(name) > 3:
                    found.add(name)
            elif isinstance(node, ast.Name) and node.id not in seen:
                seen.add(node.id)
                pending.extend(bindings.get(node.id, ()))
    return found
