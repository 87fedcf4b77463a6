"""Which values of a function are filesystem paths, as far as the code
shows it: what a path-making library makes (``Path(p)``, ``zipfile.Path``,
``tempfile.mkdtemp()``), a parameter annotated with a path class, what a
function of the module annotated to return one gives, a path's ``parent``,
``/`` with a path on either side, what ``resolve()``, ``with_suffix()`` and
the like give, an item of a path's ``glob()`` or ``iterdir()``, and a name
bound only to such values. A method's name (``unlink``, ``mkdir``,
``read_text``) tells what a call does only on such a receiver: on a value
whose kind is not known (a parameter, what the framework hands in, an object
of a class doxtool cannot see) it tells nothing. Read from CPython's ``ast``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator

from doxtool.python import effects
from doxtool.python.astparse import statements
from doxtool.python.names import dotted_parts, optional_inner
from doxtool.python.scopebinds import Binds, module_binds, node_binds

Resolve = Callable[[list[str]], "str | None"]
#: whether a qualified callable of the repository returns a path (its annotation)
ReturnsPath = Callable[[str], bool]

#: path methods and calls that give another path of the same kind
_DERIVED = frozenset(
    {
        "resolve",
        "absolute",
        "expanduser",
        "with_name",
        "with_suffix",
        "with_stem",
        "joinpath",
        "relative_to",
        "readlink",
    }
)
#: class methods of a path class that make one (``Path.cwd()``)
_MAKERS = frozenset({"cwd", "home"})
#: path methods whose items are paths (``for f in root.glob("*")``)
_ITEMS = frozenset({"glob", "rglob", "iterdir"})


def makes_path(qualified: str | None) -> bool:
    """Whether a library callable may make a filesystem path: one of the
    modules that make them (``pathlib.Path``, ``zipfile.Path``,
    ``tempfile.mkdtemp``, ``anyio.Path``)."""
    if not qualified:
        return False
    return any(qualified == m or qualified.startswith(m + ".") for m in effects.PATH_MODULES)


def annotated_path(annotation: ast.expr | None, resolve: Resolve) -> bool:
    """Whether an annotation names a path class (``Path``, ``Path | None``,
    ``Optional[pathlib.Path]``)."""
    if annotation is None:
        return False
    inner = optional_inner(annotation)
    dotted = dotted_parts(inner) if inner is not None else None
    qualified = resolve(dotted) if dotted else None
    return makes_path(qualified) and qualified is not None and qualified[-4:] == "Path"


class PathValues:
    """The values of one function that are paths (``binds``: what the
    function binds, read from ``node`` when not given)."""

    def __init__(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef,
        resolve: Resolve,
        returns_path: ReturnsPath | None = None,
        constants: frozenset[str] = frozenset(),
        attributes: frozenset[str] = frozenset(),
        binds: Binds | None = None,
    ) -> None:
        self.resolve = resolve
        self.returns_path = returns_path
        #: ``self.<attr>`` its class only ever sets to a path
        self.attributes = attributes
        bindings: dict[str, list[tuple[ast.expr | None, bool]]] = {}
        args = node.args
        for param in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if param is not None:
                typed = annotated_path(param.annotation, resolve)
                bindings.setdefault(param.arg, []).append(
                    (ast.Constant(_PATH) if typed else None, False)
                )
        for target, value, items in _bindings(node.body):
            for name, bound in _names(target, value):
                bindings.setdefault(name, []).append((bound, items))
        # ``n += 1``, ``:=``, ``global``, here or in a function inside: not known
        if binds is None:
            binds = node_binds(node)
        for name in binds.augmented | binds.walrus | binds.globals | binds.nonlocals:
            bindings.setdefault(name, []).append((None, False))
        # every name that may be a path, then those with another value left
        # out; a module's path constant the function does not bind is one
        self.names = set(bindings) | (constants - set(bindings))
        bindings.update(
            {name: [(ast.Constant(_PATH), False)] for name in self.names - set(bindings)}
        )
        changed = True
        while changed:
            changed = False
            for name in list(self.names):
                if not all(self._bound_path(v, items) for v, items in bindings[name]):
                    self.names.discard(name)
                    changed = True

    def _bound_path(self, value: ast.expr | None, items: bool) -> bool:
        if value is None:
            return False
        if not items:
            return self.is_path(value)
        # ``for f in root.glob("*")``: each item of a path's listing is a path
        if isinstance(value, ast.Await):
            value = value.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute):
            return value.func.attr in _ITEMS and self.is_path(value.func.value)
        return False

    def is_path(self, node: ast.expr, depth: int = 0) -> bool:
        """Whether ``node`` is a filesystem path (or what a path-making
        library makes), as the function shows it."""
        if depth > 20:
            return False
        if isinstance(node, ast.Constant):
            return node.value is _PATH
        if isinstance(node, ast.Name):
            return node.id in self.names
        if isinstance(node, ast.Await):
            return self.is_path(node.value, depth + 1)
        if isinstance(node, ast.Attribute):
            if node.attr == "parent" and self.is_path(node.value, depth + 1):
                return True
            dotted = dotted_parts(node)
            return dotted is not None and ".".join(dotted) in self.attributes
        if isinstance(node, ast.Subscript):
            # ``path.parents[0]``
            inner = node.value
            return (
                isinstance(inner, ast.Attribute)
                and inner.attr == "parents"
                and self.is_path(inner.value, depth + 1)
            )
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            # ``base / "x"`` and ``"x" / base`` (``__rtruediv__``) are paths
            return self.is_path(node.left, depth + 1) or self.is_path(node.right, depth + 1)
        if isinstance(node, ast.IfExp):
            return self.is_path(node.body, depth + 1) and self.is_path(node.orelse, depth + 1)
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr in _DERIVED
            and self.is_path(func.value, depth + 1)
        ):
            return True
        dotted = dotted_parts(func)
        qualified = self.resolve(dotted) if dotted else None
        if qualified is not None:
            if makes_path(qualified):
                return True
            return self.returns_path is not None and self.returns_path(qualified)
        if isinstance(func, ast.Attribute) and func.attr in _MAKERS:
            inner = dotted_parts(func.value)
            return makes_path(self.resolve(inner) if inner else None)
        return False


def _bindings(body: list[ast.stmt]) -> Iterator[tuple[ast.expr, ast.expr | None, bool]]:
    """(target, value, whether the target takes the value's items) of each
    binding of a body: assignments, loops, ``with ... as``, imports, handlers
    (nested functions and classes left out)."""
    for stmt in statements(body):
        if isinstance(stmt, ast.Assign):
            for target in stmt.targets:
                yield target, stmt.value, False
        elif isinstance(stmt, (ast.AnnAssign, ast.AugAssign)):
            yield stmt.target, stmt.value if isinstance(stmt, ast.AnnAssign) else None, False
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            yield stmt.target, stmt.iter, True
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                if item.optional_vars is not None:
                    yield item.optional_vars, item.context_expr, False
        elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
            for alias in stmt.names:
                yield ast.Name((alias.asname or alias.name).split(".", 1)[0]), None, False
        for handler in getattr(stmt, "handlers", None) or ():
            if handler.name:
                yield ast.Name(handler.name), None, False


def _names(target: ast.expr, value: ast.expr | None) -> Iterator[tuple[str, ast.expr | None]]:
    """Each name a target binds, with its value when the target is the name
    itself (an item of an unpacked value is not known)."""
    if isinstance(target, ast.Name):
        yield target.id, value
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _names(element, None)
    elif isinstance(target, ast.Starred):
        yield from _names(target.value, None)


def module_paths(tree: ast.Module, resolve: Resolve) -> frozenset[str]:
    """The names a module binds at its top, only to paths
    (``STATE_DIR = Path(...)``, ``BACKUP_DIR = STATE_DIR / "backups"``)."""
    scope = ast.FunctionDef(
        name="<module>",
        args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
        body=[s for s in tree.body if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))],
        decorator_list=[],
    )
    index = module_binds(tree)
    values = PathValues(scope, resolve, binds=index.outside_functions())
    # a name a function rebinds with ``global`` may hold anything
    return frozenset(values.names - index.module().globals)


def module_returns_path(
    tree: ast.Module, module: str, resolve: Resolve, constants: frozenset[str] = frozenset()
) -> ReturnsPath:
    """Whether a function of the module ``tree`` returns a path: it is
    annotated to (``def artifact_dir(...) -> Path``), or each of its
    ``return`` statements gives one (``return Path(url).expanduser()``)."""
    functions = [s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))]
    index = module_binds(tree)
    annotated = {f"{module}.{f.name}" for f in functions if annotated_path(f.returns, resolve)}
    found = set(annotated)
    for function in functions:
        name = f"{module}.{function.name}"
        if function.returns is None and returns_only_paths(
            function, resolve, annotated.__contains__, constants, index.of(function)
        ):
            found.add(name)
    return found.__contains__


def returns_only_paths(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    resolve: Resolve,
    returns_path: ReturnsPath | None = None,
    constants: frozenset[str] = frozenset(),
    binds: Binds | None = None,
) -> bool:
    """Whether a function has a ``return`` and each of its own gives a path
    (``binds``: what it binds, read from ``node`` when not given)."""
    returns = list(_own_returns(node.body))
    if not returns:
        return False
    values = PathValues(node, resolve, returns_path, constants, binds=binds)
    return all(r.value is not None and values.is_path(r.value) for r in returns)


def _own_returns(body: list[ast.stmt]) -> Iterator[ast.Return]:
    for stmt in statements(body):
        if isinstance(stmt, ast.Return):
            yield stmt


#: the stand-in value of a parameter annotated with a path class
_PATH = object()
