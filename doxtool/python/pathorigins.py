"""Where a value of a function comes from: ``args`` (the tool's arguments) or
the parameters it is made of, kept through what names the same file
(``str()``, ``Path()``, ``/``, ``os.path.join``, a repository helper handed it
first). :mod:`doxtool.python.flows` asks it which paths an overwrite writes to
and what a call into the repository is handed, and which paths an existence
test finds absent (writing one makes a new file, overwriting nothing).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence

from doxtool.core.summary_facts import Step
from doxtool.python.astwalk import walk
from doxtool.python.callkinds import EXISTS_CALLS, EXISTS_METHODS, OVERWRITE, Scope
from doxtool.python.names import dotted_parts

_PATH_MAKERS = frozenset({"pathlib.Path", "pathlib.PurePath", "anyio.Path", "aiofiles.os.path"})

#: calls whose result names the same file as their arguments
_SAME_PATH_CALLS = frozenset(
    {
        "str",
        "os.fspath",
        "pathlib.Path",
        "pathlib.PurePath",
        "os.path.join",
        "os.path.abspath",
        "os.path.realpath",
        "os.path.normpath",
        "os.path.expanduser",
        "os.path.expandvars",
    }
)
#: methods whose result names the same file as their receiver
_SAME_PATH_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "resolve", "expanduser", "absolute", "joinpath"}
)

#: what makes another name of the path it is handed (its last part)
_OTHER_NAME_CALLS = frozenset({"os.path.basename", "posixpath.basename", "ntpath.basename"})
_OTHER_NAME_ATTRS = frozenset({"name", "stem", "suffix"})


def _text(node: ast.expr) -> bool:
    """Whether ``node`` is literal text (a string constant, not empty)."""
    return isinstance(node, ast.Constant) and isinstance(node.value, str) and bool(node.value)


class PathOrigins:
    """The origin tracking of the flow builder (:mod:`doxtool.python.flows`),
    which sets ``scope`` and fills ``origins`` before it asks."""

    scope: Scope
    #: local name -> where its value comes from (set by the builder)
    origins: dict[str, set[str]]
    #: names of paths known absent here, and the builder's walk of a block
    absent: set[str]
    #: the function walked and its parameters (set by the builder)
    function: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    params: frozenset[str] = frozenset()
    _fixed: frozenset[str] | None = None
    block: Callable[[Sequence[ast.stmt]], list[Step]]

    def _names(self, target: ast.expr) -> Iterable[str]:
        if isinstance(target, ast.Name):
            yield target.id
        elif isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                yield from self._names(elt)
        elif isinstance(target, ast.Starred):
            yield from self._names(target.value)

    def _origins(self, node: ast.expr | None, depth: int = 0) -> set[str]:
        """Where a path comes from: ``args`` when it is the tool's arguments
        (``self.args[...]``, ``execute``'s parameters, a name holding one),
        and the parameters of the function it is. A path keeps its origin
        through what names the same file (``str()``, ``Path()``, ``/``,
        ``os.path.join``, ``.strip()``, ``.resolve()``, a repository helper
        handed it first); a name made up with other text (an f-string, ``+``,
        a unique suffix) is a new file and has none."""
        if node is None or depth > 20:
            return set()
        if isinstance(node, ast.Name):
            return set(self.origins.get(node.id, ()))
        if isinstance(node, (ast.Await, ast.NamedExpr)):
            return self._origins(node.value, depth + 1)
        if isinstance(node, ast.Attribute):
            me = self.scope.self_name
            if (
                node.attr == "args"
                and self.scope.self_args
                and isinstance(node.value, ast.Name)
                and node.value.id == me
            ):
                return {"args"}
            return set()
        if isinstance(node, ast.Subscript):
            return self._origins(node.value, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self._origins(node.left, depth + 1) | self._origins(node.right, depth + 1)
        if isinstance(node, ast.IfExp):
            return self._origins(node.body, depth + 1) | self._origins(node.orelse, depth + 1)
        if isinstance(node, ast.BoolOp):
            return set().union(*(self._origins(v, depth + 1) for v in node.values))
        if isinstance(node, ast.JoinedStr) and len(node.values) == 1:
            only = node.values[0]
            if isinstance(only, ast.FormattedValue):
                return self._origins(only.value, depth + 1)
            return set()
        if isinstance(node, ast.Call):
            return self._call_origins(node, depth)
        return set()

    def _call_origins(self, node: ast.Call, depth: int) -> set[str]:
        func = node.func
        dotted = dotted_parts(func)
        qualified = None if dotted is None else self.scope.resolve(dotted)
        if qualified in _SAME_PATH_CALLS:  # ``os.path.expanduser(p)``: not a method of ``os.path``
            return set().union(*(self._origins(a, depth + 1) for a in node.args))
        if isinstance(func, ast.Attribute) and func.attr in _SAME_PATH_METHODS:
            return self._origins(func.value, depth + 1)
        if isinstance(func, ast.Attribute) and func.attr in ("get", "pop"):
            return self._origins(func.value, depth + 1)
        dotted = dotted_parts(func)
        if dotted is None:
            return set()
        qualified = self.scope.resolve(dotted) or (dotted[0] if len(dotted) == 1 else None)
        if qualified is None:
            return set()
        if qualified in _SAME_PATH_CALLS:
            return set().union(*(self._origins(a, depth + 1) for a in node.args))
        if self.scope.is_local(qualified) and node.args:
            return self._origins(node.args[0], depth + 1)
        return set()

    def _passes(self, node: ast.Call) -> list[list[str]]:
        """(callee parameter, origin) of each argument with one; a ``**``
        splat's as ``**``, beside which every other argument is listed, with
        ``""`` where it has none (what it fills the splat does not)."""
        passes: list[list[str]] = []
        splats = [k.value for k in node.keywords if k.arg is None]
        splat = [o for value in splats for o in sorted(self._origins(value))]
        for index, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # where the rest lands is unknown
            passes.extend(
                [f"#{index}", o] for o in sorted(self._origins(arg)) or [""] * bool(splat)
            )
        for keyword in node.keywords:
            if keyword.arg is not None:
                origins = sorted(self._origins(keyword.value)) or [""] * bool(splat)
                passes.extend([keyword.arg, o] for o in origins)
        if splat and len(splats) == 1:
            # a key the dict cannot hold (``kwargs.pop("path", None)`` before,
            # a named parameter beside ``**kwargs``) the splat does not fill
            passes.extend([key, ""] for key in sorted(self._keys_not_held(splats[0], node.lineno)))
        passes.extend(["**", o] for o in splat)
        return passes

    def _keys_not_held(self, splat: ast.expr, line: int) -> set[str]:
        """The literal keys the dict ``splat`` cannot hold at ``line``: those
        the function's statements before take out of it (``d.pop("k")``,
        ``del d["k"]``), and when it is the function's own ``**`` parameter,
        never bound again, the names of its other parameters a keyword binds
        (a call hands those to them); none when the function puts a key
        into it it does not name."""
        function = self.function
        if function is None:
            return set()
        dump = ast.dump(splat)
        keys: set[str] = set()
        put: set[str] = set()
        for node in ast.walk(function):
            key: ast.expr | None = None
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                if ast.dump(node.func.value) != dump:
                    continue
                key = node.args[0] if node.args else None
                if node.func.attr in ("update", "setdefault"):
                    if not _literal_key(key) or node.func.attr == "update":
                        return set()
                    put.add(key.value)  # type: ignore[union-attr]
                elif node.func.attr == "pop" and node.lineno < line and _literal_key(key):
                    keys.add(key.value)  # type: ignore[union-attr]
            elif isinstance(node, ast.Subscript) and ast.dump(node.value) == dump:
                if isinstance(node.ctx, ast.Store):
                    if not _literal_key(node.slice):
                        return set()
                    put.add(node.slice.value)  # type: ignore[attr-defined]
                elif (
                    isinstance(node.ctx, ast.Del)
                    and node.lineno < line
                    and _literal_key(node.slice)
                ):
                    keys.add(node.slice.value)  # type: ignore[attr-defined]
            elif (
                isinstance(node, ast.AugAssign)
                and ast.dump(node.target).replace("Store()", "Load()") == dump
            ):
                return set()  # ``d |= other``
        args = function.args
        own = args.kwarg.arg if args.kwarg is not None else None
        if isinstance(splat, ast.Name) and splat.id == own and own in unbound_parameters(function):
            keys |= {a.arg for a in (*args.args, *args.kwonlyargs)}
        return keys - put

    def _seed_parameters(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """Each parameter of ``node`` holds what the call handed (its origin
        is itself), but one whose handed value no statement reads
        (:meth:`_replaced`): that one names no path the call handed."""
        for param in self.params - {self.scope.self_name}:
            self.origins.setdefault(param, {param})
        for param in self._replaced(node):
            self.origins[param].discard(param)

    def _replaced(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
        """The parameters whose handed value no statement reads: the first
        statement of the body to name one (nested blocks and definitions
        included) is one binding it alone, on every path, to a value made
        without it as a path (``path = os.path.join(OUT, basename(path))``,
        ``path = Path(tmp) / "x"``). A rebinding in a branch, or after a
        read, leaves the handed value where it may be."""
        replaced: set[str] = set()
        left = self.params - {self.scope.self_name}
        for stmt in node.body:  # each statement walked once, for every parameter
            if not left:
                break
            named = left & {
                n.id if type(n) is ast.Name else n.arg  # type: ignore[attr-defined]
                for n in walk(stmt)
                if type(n) is ast.Name or type(n) is ast.arg
            }
            for param in named:
                if (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                    and stmt.targets[0].id == param
                    and param not in self._origins(stmt.value)
                    and not self._kept(stmt.value, param)
                ):
                    replaced.add(param)
            left -= named
        return replaced

    def _kept(self, node: ast.expr, param: str) -> bool:
        """Whether ``node`` may still name the path ``param`` holds: it
        names it outside what makes another name of it (``basename(p)``,
        ``Path(p).name``, text added after it: ``f"{p}.bak"``, ``p + ".bak"``);
        a call not known (``expanduser``, ``p.replace("~", home)``) may
        hand it back."""
        if isinstance(node, ast.Name):
            return node.id == param
        if isinstance(node, ast.Attribute) and node.attr in _OTHER_NAME_ATTRS:
            return False
        if isinstance(node, ast.JoinedStr) and _text(node.values[-1]):
            return False
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and _text(node.right):
            return False
        if isinstance(node, ast.Call):
            dotted = dotted_parts(node.func)
            if dotted is not None and self.scope.resolve(dotted) in _OTHER_NAME_CALLS:
                return False
        return any(
            self._kept(child, param)
            for child in ast.iter_child_nodes(node)
            if isinstance(child, ast.expr)
        )

    def _hand(self, step: Step, node: ast.Call) -> None:
        """What a call into the repository hands on: the origins of its
        arguments, and which of them name a path found absent before it or
        a parameter handed on as it is (absent when the caller's was)."""
        step.passes = self._passes(node)
        handed: list[tuple[str, ast.expr]] = []
        for index, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # where the rest lands is unknown
            handed.append((f"#{index}", arg))
        handed.extend((kw.arg, kw.value) for kw in node.keywords if kw.arg is not None)
        for key, value in handed:
            name = self._path_name(value)
            if name in self.absent:
                step.absent.append([key, ""])
            elif self._fixed_param(name):
                step.absent.append([key, name])

    def _overwrite_step(self, line: int, written: str, target: ast.expr, origins: set[str]) -> Step:
        """A ``file overwrite`` of the path ``target``, with where it comes
        from and the parameter it is as handed (a caller that found that path
        absent makes a new file)."""
        step = Step("effect", line, OVERWRITE, written)
        step.sources = sorted(origins)
        name = self._path_name(target)
        if self._fixed_param(name):
            step.named = name
        return step

    def _fixed_param(self, name: str | None) -> bool:
        """Whether ``name`` is a parameter the function never rebinds (its
        body read for that once, when first asked)."""
        if name is None or name not in self.params or self.function is None:
            return False
        if self._fixed is None:
            self._fixed = unbound_parameters(self.function)
        return name in self._fixed

    def _path_name(self, path: ast.expr) -> str | None:
        """The name a path is (``path``, ``str(path)``, ``Path(path)``), if any."""
        if isinstance(path, ast.Call) and len(path.args) == 1:
            dotted = dotted_parts(path.func)
            qualified = self.scope.resolve(dotted) if dotted is not None else None
            if dotted == ["str"] or qualified in _PATH_MAKERS or qualified == "os.fspath":
                path = path.args[0]
        return path.id if isinstance(path, ast.Name) else None

    def _path_of(self, receiver: ast.expr) -> ast.expr | None:
        """The path a ``Path`` receiver is made of (``Path(p)``, ``Path(p) / x``),
        or the receiver itself when it is a name."""
        while isinstance(receiver, ast.BinOp) and isinstance(receiver.op, ast.Div):
            receiver = receiver.left
        if isinstance(receiver, ast.Call):
            dotted = dotted_parts(receiver.func)
            if dotted is not None and self.scope.resolve(dotted) in _PATH_MAKERS and receiver.args:
                return receiver.args[0]
            return None
        if isinstance(receiver, ast.Name):
            return receiver
        return None

    def _checked(self, test: ast.expr) -> set[str]:
        """The name whose path an existence test asks about
        (``os.path.exists(path)``, ``Path(path).exists()``, ``path.is_file()``)."""
        if not isinstance(test, ast.Call):
            return set()
        func = test.func
        target: ast.expr | None = None
        dotted = dotted_parts(func)
        if isinstance(func, ast.Attribute) and func.attr in EXISTS_METHODS and not test.args:
            target = self._path_of(func.value)
        elif dotted is not None and self.scope.resolve(dotted) in EXISTS_CALLS:
            target = test.args[0] if len(test.args) == 1 else None
        return {target.id} if isinstance(target, ast.Name) else set()

    def _absent_in_arms(self, test: ast.expr | None) -> tuple[set[str], set[str]]:
        """The names of paths an ``if``'s test finds absent in its body and in
        its ``else``: ``if not os.path.exists(path):`` in the body, ``if
        path.exists():`` in the ``else`` (writing them there makes a new file)."""
        if test is None:
            return set(), set()
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            return self._checked(test.operand), set()
        return set(), self._checked(test)

    def _block_absent(self, body: Sequence[ast.stmt], names: set[str]) -> list[Step]:
        """The steps of a block where the paths ``names`` name are absent."""
        absent = self.absent
        self.absent = absent | names
        steps = self.block(body)
        self.absent = absent
        return steps


def _literal_key(key: ast.expr | None) -> bool:
    return isinstance(key, ast.Constant) and type(key.value) is str


def unbound_parameters(node: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str]:
    """The parameters of a function that no statement of its body (nested
    definitions included) binds or deletes: each holds what the call handed."""
    args = node.args
    params = {
        p.arg
        for p in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
        if p is not None
    }
    return frozenset(params - bound_names(node.body))


def bound_names(body: Iterable[ast.AST]) -> set[str]:
    """The names statements bind or delete anywhere in them (nested
    definitions and their own parameters, and imports, included)."""
    names: set[str] = set()
    for stmt in body:
        for child in walk(stmt):
            if isinstance(child, ast.Name) and not isinstance(child.ctx, ast.Load):
                names.add(child.id)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(child.name)
            elif isinstance(child, ast.arg):
                names.add(child.arg)  # a nested function's own parameter shadows it
            elif isinstance(child, (ast.Global, ast.Nonlocal)):
                names.update(child.names)
            elif isinstance(child, ast.alias):  # an import (``"*"`` for a star import)
                names.add(child.asname or child.name.partition(".")[0])
            elif isinstance(child, (ast.ExceptHandler, ast.MatchAs, ast.MatchStar)) and child.name:
                names.add(child.name)
            elif isinstance(child, ast.alias):
                names.add(child.asname or child.name.partition(".")[0])
    return names
