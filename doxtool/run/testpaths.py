"""Tests that load a module by its path rather than by its dotted name.

A test may spell the module's path in parts, ``ROOT / "tools" / "echo.py"``
or ``os.path.join(ROOT, "tools", "echo.py")`` (handed to
``importlib.util.spec_from_file_location``), or put the module's directory on
``sys.path``, ``sys.path.insert(0, os.path.join(HERE, "..", "tools"))``, and
then ``import echo``. Both run the module as an import of its dotted name
does; neither names the dotted name nor the path as one string
(:meth:`doxtool.run.files.Files.related_tests`).

Only string literals count: the path a test spells is the literal parts at
the end of a path expression, after its last ``..`` (the base before them,
``ROOT`` or ``os.path.dirname(__file__)``, being taken for the repository or
a directory of it); nothing is evaluated.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

#: calls that hand back the path they are given (``str(ROOT / "tools")``)
_SAME_PATH_CALLS = frozenset({"str", "fspath", "abspath", "normpath", "realpath"})
#: methods of a path that hand back the same path (``(ROOT / "tools").resolve()``)
_SAME_PATH_METHODS = frozenset({"resolve", "absolute", "expanduser"})
#: classes that join their arguments into one path (``Path(ROOT, "tools")``)
_PATH_CLASSES = frozenset({"Path", "PurePath", "PosixPath", "PurePosixPath"})
#: the modules whose ``join`` joins paths (``os.path.join``)
_PATH_MODULES = frozenset({"path", "posixpath"})


@dataclass(frozen=True)
class SpelledPaths:
    """The paths a test's code spells in literal parts, and the directories
    it puts on ``sys.path``, each as its components (``("tools", "echo.py")``)."""

    spelled: frozenset[tuple[str, ...]]
    on_sys_path: frozenset[tuple[str, ...]]


NO_PATHS = SpelledPaths(frozenset(), frozenset())


def paths_of_test(text: str) -> SpelledPaths:
    """The paths the test source ``text`` spells and puts on ``sys.path``
    (none when ``ast`` cannot read it)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return NO_PATHS
    spelled: set[tuple[str, ...]] = set()
    on_sys_path: set[tuple[str, ...]] = set()
    try:
        for node in ast.walk(tree):
            if isinstance(node, (ast.BinOp, ast.Call)):
                parts = _from_last_parent(_literal_tail(node))
                if parts:
                    spelled.add(parts)
            if isinstance(node, ast.Call) and _is_sys_path_call(node) and node.args:
                parts = _from_last_parent(_literal_tail(node.args[-1]))
                if parts:
                    on_sys_path.add(parts)
    except RecursionError:
        return NO_PATHS
    return SpelledPaths(frozenset(spelled), frozenset(on_sys_path))


def loads_by_path(paths: SpelledPaths, module: str, imported: frozenset[str]) -> bool:
    """Whether a test with ``paths``, whose import statements import
    ``imported``, loads the repository module at ``module``
    (``tools/echo.py``): it spells the module's whole path, or puts the
    module's directory on ``sys.path`` and imports the module's stem."""
    components = tuple(module.split("/"))
    if components in paths.spelled:
        return True
    directory, stem = components[:-1], components[-1].removesuffix(".py")
    if not directory or directory not in paths.on_sys_path:
        return False
    return stem in imported or any(name.startswith(stem + ".") for name in imported)


def _literal_tail(node: ast.expr) -> tuple[str, ...]:
    """The path components the literal parts at the end of the path
    expression ``node`` spell (empty: it ends in no literal)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return _components(node.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        right = _literal_tail(node.right)
        if not right or not _is_literal(node.right):
            return right
        return _literal_tail(node.left) + right
    if isinstance(node, ast.Call):
        name = _call_name(node.func)
        if name in _SAME_PATH_CALLS and len(node.args) == 1 and not node.keywords:
            return _literal_tail(node.args[0])
        if name in _SAME_PATH_METHODS and isinstance(node.func, ast.Attribute):
            return _literal_tail(node.func.value)
        if name == "joinpath" and isinstance(node.func, ast.Attribute):
            return _joined([node.func.value, *node.args])
        if (name in _PATH_CLASSES or _is_path_join(node.func)) and not node.keywords:
            return _joined(list(node.args))
    return ()


def _joined(parts: list[ast.expr]) -> tuple[str, ...]:
    """The components the literal arguments at the end of a join spell."""
    tail: tuple[str, ...] = ()
    for part in parts:
        if isinstance(part, ast.Starred):
            return ()
        spelled = _literal_tail(part)
        tail = tail + spelled if _is_literal(part) else spelled
    return tail


def _is_literal(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _components(text: str) -> tuple[str, ...]:
    """``"tools/echo.py"`` as ``("tools", "echo.py")``; an absolute path is
    none of the repository's."""
    if text.startswith("/"):
        return ()
    return tuple(part for part in text.split("/") if part not in ("", "."))


def _from_last_parent(parts: tuple[str, ...]) -> tuple[str, ...]:
    """The components after the last ``..``."""
    if ".." in parts:
        last = len(parts) - 1 - parts[::-1].index("..")
        return parts[last + 1 :]
    return parts


def _call_name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _is_path_join(func: ast.expr) -> bool:
    """``os.path.join`` or ``posixpath.join`` (not ``", ".join``)."""
    if not isinstance(func, ast.Attribute) or func.attr != "join":
        return False
    module = func.value
    if isinstance(module, ast.Attribute):
        return module.attr in _PATH_MODULES
    return isinstance(module, ast.Name) and module.id in _PATH_MODULES


def _is_sys_path_call(node: ast.Call) -> bool:
    """``sys.path.insert(...)`` or ``sys.path.append(...)``."""
    func = node.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr in ("insert", "append")
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "path"
        and isinstance(func.value.value, ast.Name)
        and func.value.value.id == "sys"
    )
