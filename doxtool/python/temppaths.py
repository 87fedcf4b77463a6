"""Paths a function made itself: a temporary file or directory
(``tempfile.mkstemp``, ``mkdtemp``, ``NamedTemporaryFile``,
``TemporaryDirectory``), a path under the temporary directory
(``os.path.join(tempfile.gettempdir(), "x.txt")``), a name made unique with a
random suffix (``path.with_name(f".{path.name}.{uuid4().hex}.tmp")``), what a
function that only returns one gives, and the names and ``self`` attributes
bound only to one. Deleting such a path removes nothing the function was
given or found: :mod:`doxtool.python.functionwalk` and the tool's own walk
(:mod:`doxtool.python.cstpaths`) show no deletion for it. Read from CPython's
``ast``.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Callable

from doxtool.python.astwalk import walk
from doxtool.python.callkinds import assignments
from doxtool.python.names import dotted_parts

Resolve = Callable[[list[str]], "str | None"]

#: calls that make a new temporary path (or a file object whose ``.name`` is one)
_TEMPORARY = frozenset(
    {
        "tempfile.mkdtemp",
        "tempfile.mktemp",
        "tempfile.NamedTemporaryFile",
        "tempfile.TemporaryDirectory",
    }
)
#: ``fd, path = tempfile.mkstemp()``: the path is the second item
_PAIRS = frozenset({"tempfile.mkstemp"})
#: the temporary directory itself: not made here, but what is put under it is
_TEMPORARY_ROOTS = frozenset({"tempfile.gettempdir", "tempfile.gettempdirb"})
#: calls whose result is random: a name holding one is no existing file's
_RANDOM = frozenset(
    {"uuid.uuid4", "uuid.uuid1", "secrets.token_hex", "secrets.token_urlsafe", "os.urandom"}
)
#: calls whose result names the same path as their first argument
_SAME = frozenset(
    {
        "str",
        "os.fspath",
        "pathlib.Path",
        "pathlib.PurePath",
        "os.path.abspath",
        "os.path.realpath",
        "os.path.normpath",
    }
)
#: path methods whose result names the same path as their receiver
_SAME_METHODS = frozenset({"resolve", "absolute", "expanduser"})
#: path methods and calls whose result is a new name when given a random one
_RENAMES = frozenset({"with_name", "with_suffix", "with_stem", "joinpath"})


class TemporaryPaths:
    """The paths one function made itself.

    ``attributes`` are the ``self.<attr>`` its class only ever sets to such a
    path; ``returns_made`` tells whether a call (its dotted name as written)
    reaches a function of the module or a method of the class that only
    returns one (``self._scratch_dir()``)."""

    def __init__(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef,
        resolve: Resolve,
        attributes: frozenset[str] = frozenset(),
        returns_made: Callable[[list[str]], bool] | None = None,
    ) -> None:
        self.resolve = resolve
        self.attributes = attributes
        self.returns_made = returns_made
        self.names: set[str] = set()
        bindings: dict[str, list[ast.expr | None]] = {}
        args = node.args
        for param in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if param is not None:
                bindings.setdefault(param.arg, []).append(None)
        for targets, value in assignments(node.body):
            for target in targets:
                self._bind(target, value, bindings)
        for sub in walk(node):
            if isinstance(sub, (ast.AugAssign, ast.NamedExpr)) and isinstance(sub.target, ast.Name):
                bindings.setdefault(sub.target.id, []).append(None)
        # every name that may be temporary, then those with another value left out
        self.names = set(bindings)
        changed = True
        while changed:
            changed = False
            for name in list(self.names):
                if not all(v is not None and self.made(v) for v in bindings[name]):
                    self.names.discard(name)
                    changed = True

    def _bind(
        self, target: ast.expr, value: ast.expr | None, bindings: dict[str, list[ast.expr | None]]
    ) -> None:
        if isinstance(target, ast.Name):
            bindings.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            pair = value is not None and self._call(value) in _PAIRS and len(target.elts) == 2
            for index, element in enumerate(target.elts):
                # ``fd, path = mkstemp()``: the path is temporary (a stand-in value)
                made = pair and index == 1
                self._bind(element, ast.Constant(_MADE) if made else None, bindings)
        elif isinstance(target, ast.Starred):
            self._bind(target.value, None, bindings)

    def _call(self, node: ast.expr) -> str | None:
        if isinstance(node, ast.Await):
            node = node.value
        if not isinstance(node, ast.Call):
            return None
        dotted = dotted_parts(node.func)
        if dotted is None:
            return None
        return self.resolve(dotted) or (dotted[0] if len(dotted) == 1 else None)

    def made(self, node: ast.expr, depth: int = 0) -> bool:
        """Whether ``node`` is a path the function made itself."""
        if depth > 20:
            return False
        if isinstance(node, ast.Constant):
            return node.value is _MADE
        if isinstance(node, ast.Name):
            return node.id in self.names
        if isinstance(node, ast.Await):
            return self.made(node.value, depth + 1)
        if isinstance(node, ast.Attribute):
            dotted = dotted_parts(node)
            if dotted is not None and ".".join(dotted) in self.attributes:
                return True  # ``self.tmpdir``, only ever set to a temporary path
            # ``tmp.name`` of a temporary file object
            return node.attr == "name" and self.made(node.value, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return (
                self.made(node.left, depth + 1)
                or self._random(node.right)
                or self._temporary_root(node.left)
            )
        if isinstance(node, ast.JoinedStr):
            # ``f"{tempfile.gettempdir()}/x.txt"``
            first = node.values[0] if node.values else None
            under = isinstance(first, ast.FormattedValue) and self._temporary_root(first.value)
            return self._random(node) or (under and len(node.values) > 1)
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        first = node.args[0] if node.args else None
        if isinstance(func, ast.Attribute) and func.attr in _SAME_METHODS:
            return self.made(func.value, depth + 1)
        if isinstance(func, ast.Attribute) and func.attr in _RENAMES:
            return any(self._random(a) for a in node.args) or (
                func.attr != "with_name" and self.made(func.value, depth + 1)
            )
        qualified = self._call(node)
        if qualified in _TEMPORARY:
            return True
        if qualified == "os.path.join":
            return (
                any(self._random(a) for a in node.args[1:])
                or (first is not None and self.made(first, depth + 1))
                or (first is not None and len(node.args) > 1 and self._temporary_root(first))
            )
        dotted = dotted_parts(func)
        if dotted is not None and self.returns_made is not None and self.returns_made(dotted):
            return True
        if qualified in _SAME and first is not None:
            return self.made(first, depth + 1) or self._random(first)
        return False

    def _temporary_root(self, node: ast.expr) -> bool:
        """Whether ``node`` is the temporary directory itself
        (``tempfile.gettempdir()``, ``Path(tempfile.gettempdir())``)."""
        if not isinstance(node, ast.Call):
            return False
        qualified = self._call(node)
        if qualified in _TEMPORARY_ROOTS:
            return True
        return qualified in _SAME and bool(node.args) and self._temporary_root(node.args[0])

    def _random(self, node: ast.expr) -> bool:
        """Whether a name is made with a random part (``f"{uuid4().hex}.tmp"``)."""
        return any(isinstance(sub, ast.Call) and self._call(sub) in _RANDOM for sub in walk(node))


#: the stand-in value of the path ``mkstemp`` gives
_MADE = object()


def returns_only_made(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    resolve: Resolve,
    attributes: frozenset[str] = frozenset(),
    returns_made: Callable[[list[str]], bool] | None = None,
) -> bool:
    """Whether every ``return`` of a function gives a temporary path it made
    (``return tempfile.mkdtemp(prefix="x")``), and it has one."""
    paths = TemporaryPaths(node, resolve, attributes, returns_made)
    returns = _own_returns(node)
    return bool(returns) and all(r.value is not None and paths.made(r.value) for r in returns)


#: what opens a scope of its own: a ``return`` inside is not the function's
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _own_returns(node: ast.AST) -> list[ast.Return]:
    """The ``return`` statements of ``node`` that belong to no function or
    class nested in it, in the order ``ast.walk`` gives them."""
    found: list[ast.Return] = []
    todo = deque([node])
    while todo:
        current = todo.popleft()
        if type(current) is ast.Return:
            found.append(current)
        todo.extend(
            child for child in ast.iter_child_nodes(current) if not isinstance(child, _NESTED)
        )
    return found


def attribute_bindings(
    node: ast.FunctionDef | ast.AsyncFunctionDef, self_name: str
) -> list[tuple[str, ast.expr | None]]:
    """``self.<attr>`` -> value of each assignment a method makes to an
    attribute of its object (None: a value that is not read, such as an
    unpacked item or an augmented assignment)."""
    found: list[tuple[str, ast.expr | None]] = []
    for targets, value in assignments(node.body):
        for target in targets:
            for attribute, item in _attribute_targets(target, value, self_name):
                found.append((attribute, item))
    for sub in _augmented(node):
        found.extend((a, None) for a, _ in _attribute_targets(sub.target, None, self_name))
    return found


#: what holds statements: a statement, an ``except`` clause, a ``case``
_HOLDS_STATEMENTS = (ast.stmt, ast.excepthandler, ast.match_case)


def _augmented(node: ast.AST) -> list[ast.AugAssign]:
    """The augmented assignments in ``node`` (nested functions and classes
    included), in the order ``ast.walk`` gives them. A statement is never
    part of an expression, so only the lists of statements are walked."""
    found: list[ast.AugAssign] = []
    todo = deque([node])
    while todo:
        current = todo.popleft()
        if type(current) is ast.AugAssign:
            found.append(current)
        for field in current._fields:
            value = getattr(current, field, None)
            if type(value) is list:
                todo.extend(item for item in value if isinstance(item, _HOLDS_STATEMENTS))
    return found


def _attribute_targets(
    target: ast.expr, value: ast.expr | None, self_name: str
) -> list[tuple[str, ast.expr | None]]:
    if isinstance(target, ast.Attribute):
        if isinstance(target.value, ast.Name) and target.value.id == self_name:
            return [(f"{self_name}.{target.attr}", value)]
        return []
    if isinstance(target, (ast.Tuple, ast.List)):
        return [pair for e in target.elts for pair in _attribute_targets(e, None, self_name)]
    if isinstance(target, ast.Starred):
        return _attribute_targets(target.value, None, self_name)
    return []


def class_temporary_attributes(tree: ast.Module, name: str, resolve: Resolve) -> frozenset[str]:
    """The attributes (``tmpdir`` of ``self.tmpdir``) every method of the
    module-level class ``name`` and of its bases in the module only ever sets
    to a temporary path it made (``self.tmpdir = tempfile.mkdtemp()`` in
    ``__init__``), and their bodies set to nothing but None. Any other value
    (a parameter, an unpacked item, a value of a class body) leaves the
    attribute out; so does a base the module does not define."""
    classes = {s.name: s for s in tree.body if isinstance(s, ast.ClassDef)}
    todo, seen = [name], set()
    items: list[ast.stmt] = []
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        cls = classes.get(current)
        if cls is None:
            return frozenset()
        items.extend(cls.body)
        for base in cls.bases:
            if isinstance(base, ast.Name) and base.id in classes:
                todo.append(base.id)
            elif not (isinstance(base, ast.Name) and base.id == "object"):
                return frozenset()  # a base outside the module may set it too
    values: dict[str, list[bool]] = {}
    for item in items:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            params = [a.arg for a in (*item.args.posonlyargs, *item.args.args)]
            if not params:
                continue
            paths = TemporaryPaths(item, resolve)
            for attribute, value in attribute_bindings(item, params[0]):
                attr = attribute.split(".", 1)[1]
                values.setdefault(attr, []).append(value is not None and paths.made(value))
            continue
        none = (
            isinstance(item, (ast.Assign, ast.AnnAssign))
            and isinstance(item.value, ast.Constant)
            and item.value.value is None
        )
        for sub in walk(item):
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store) and not none:
                values.setdefault(sub.id, []).append(False)
        if isinstance(item, ast.ClassDef):
            values.setdefault(item.name, []).append(False)
    return frozenset(attr for attr, made in values.items() if made and all(made))
