"""Calls doxtool cannot see into: what the object a method is called on is
not known, or the module is loaded by name.

A side effect reached through such a call leaves no trace in the module: an
HTTP GET through a client handed in by the framework
(``self.agent.context.http_client.get(url)``), a shell command through a
runtime bridge (``runner.call_development_function(...)``), the
``__enter__`` and ``__exit__`` of a context manager handed in (``with
lock:``), a file read
through a module loaded with ``importlib.import_module``. While a module
makes one, no side-effect area is known to be gone from it (DOX133 calls
none stale, :mod:`doxtool.run.unseen`).

An object's kind is *known* when it comes from what the module names itself:
an imported name (its module's effects are judged by the import), a builtin,
a class or function of the module, a literal or a value computed from known
ones, the tool's arguments (``self.args``, ``execute``'s ``**kwargs``), an
attribute of ``self`` the module only ever sets to known values (in a
method, or in a class body: ``lock = threading.Lock()``), or ``self``
itself (the class's own methods, or its bases', which are imported). Anything
else is *opaque*: a parameter, an attribute of ``self`` the module never sets
(``self.agent``, set by the framework), a local bound to an opaque value, a
module loaded by name, and what ``getattr`` gives of any object but ``self``
under a name computed at run time (``getattr(shutil, op)``). Read with
``ast`` only.
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterable, Iterator

from doxtool.python.astcomputed import computed_callee
from doxtool.python.astparse import BLOCK_STATEMENTS, child_fields
from doxtool.python.names import dotted_parts, literal_getattr
from doxtool.python.rebound import rebound_attributes, untrusted

#: calls that load a module, or run code, named at run time
DYNAMIC = frozenset(
    {
        "importlib.import_module",
        "importlib.__import__",
        "importlib.reload",
        "importlib.util.module_from_spec",
        "importlib.util.spec_from_file_location",
        "runpy.run_path",
        "runpy.run_module",
        "__import__",
        "exec",
        "eval",
    }
)
#: the framework call DOX132 looks for: it pauses the agent, no side effect
_KNOWN_METHODS = frozenset({"handle_intervention"})
_BUILTINS = frozenset(dir(builtins))
_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
#: the expression of a binding whose kind is known by nature (an exception)
_KNOWN = ast.Constant(value=None)


def opaque_calls(tree: ast.Module, imported: dict[str, str | None], defined: set[str]) -> list[str]:
    """The calls of the module doxtool cannot see into, as written
    (``client.get``, ``importlib.import_module``), distinct, in source order.

    ``imported`` maps each imported name to its dotted target (None when
    bound to two); ``defined`` holds the module's top-level classes and
    functions."""
    return opaque(tree, imported, defined)[0]


def opaque(
    tree: ast.Module, imported: dict[str, str | None], defined: set[str]
) -> tuple[list[str], list[str]]:
    """The calls of the module doxtool cannot see into (:func:`opaque_calls`),
    and the functions that make one, named as their summaries are (``f``,
    ``Class.m`` of a top-level class), in source order: a call in a function
    or lambda nested in one counts as its own; one in the module body or a
    class body, as none's. A class-body value of an attribute also set
    outside the class body (:func:`rebound_attributes`) is not all it holds:
    its kind is not known."""
    calls: dict[str, None] = {}
    functions: dict[str, None] = {}
    for scope, written in _Receivers(tree, imported, defined).calls():
        calls[written] = None
        if scope.function is not None:
            functions[scope.function] = None
    return list(calls), list(functions)


class _Scope:
    """The names one function (or the module body) binds, each with the
    expressions bound to it."""

    def __init__(self, node: ast.AST, parent: _Scope | None) -> None:
        self.node = node
        self.parent = parent
        self.bindings: dict[str, list[ast.expr]] = {}
        self.params: set[str] = set()
        #: ``self``/``cls``: the first parameter of a method
        self.owner: str | None = None
        #: the top-level function or method (``f``, ``Class.m``) the scope
        #: is in, as its summary names it; None for the module body
        self.function: str | None = parent.function if parent is not None else None
        self.calls: list[ast.Call] = []
        self._kinds: dict[str, bool] = {}

    def bind(self, target: ast.expr, value: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self.bindings.setdefault(target.id, []).append(value)
        elif isinstance(target, (ast.Tuple, ast.List)):
            values = value.elts if isinstance(value, (ast.Tuple, ast.List)) else None
            if values is not None and len(values) == len(target.elts):
                for element, part in zip(target.elts, values, strict=True):
                    self.bind(element, part)
            else:
                for element in target.elts:
                    self.bind(element, value)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, value)


class _Receivers:
    def __init__(self, tree: ast.Module, imported: dict[str, str | None], defined: set[str]):
        self.tree = tree
        self.rebound = rebound_attributes(tree)
        #: attributes a class body sets that are also set outside it
        self.untrusted: set[str] = set()
        self.imported = imported
        self.defined = defined
        #: names of the methods the module's classes define
        self.methods: set[str] = set()
        #: ``self.x = v`` anywhere: ``x`` -> (the scope, ``v``)
        self.attributes: dict[str, list[tuple[_Scope, ast.expr]]] = {}
        self.scopes: list[_Scope] = []
        self._attribute_kinds: dict[str, bool] = {}
        #: the module-level classes whose body is being collected, outermost first
        self._classes: list[str] = []

    # -- collecting --------------------------------------------------------------

    def calls(self) -> Iterator[tuple[_Scope, str]]:
        """Each call doxtool cannot see into, as written, with its scope."""
        module = _Scope(self.tree, None)
        self.scopes.append(module)
        self._collect(self.tree.body, module, in_class=False)
        for scope in self.scopes:
            for call in scope.calls:
                written = self._opaque(call, scope)
                if written is not None:
                    yield scope, written

    def _collect(self, body: Iterable[ast.AST], scope: _Scope, *, in_class: bool) -> None:
        """Every binding and call under ``body``, one walk (a stack, as this
        visits every node), each in the scope it is made in."""
        todo: list[tuple[ast.AST, _Scope, bool]] = [(node, scope, in_class) for node in body]
        todo.reverse()
        pop, push, AST = todo.pop, todo.append, ast.AST
        reversed_fields = _REVERSED_FIELDS
        binders = _BINDERS
        while todo:
            node, scope, in_class = pop()
            kind = type(node)
            if kind is ast.Call:
                scope.calls.append(node)  # type: ignore[arg-type]
            elif kind in binders:
                if kind in _NEW_SCOPES:
                    self._scope(node, scope, in_class)
                    continue
                self._bindings(node, scope)
                if in_class and kind in (ast.Assign, ast.AnnAssign):
                    self._class_attribute(node, scope)  # type: ignore[arg-type]
            inner = in_class and kind in _BLOCK_TYPES
            fields = reversed_fields.get(kind)
            if fields is None:
                fields = reversed_fields[kind] = child_fields(kind)[::-1]
            # the children pushed last to first, so that they come off in order
            for field in fields:
                value = getattr(node, field, None)
                if type(value) is list:
                    for item in reversed(value):
                        if isinstance(item, AST):
                            push((item, scope, inner))
                elif isinstance(value, AST):
                    push((value, scope, inner))

    def _scope(self, node: ast.AST, scope: _Scope, in_class: bool) -> None:
        """A ``def``, a class or a lambda: the names it binds where it is, and
        the scope of its body."""
        if isinstance(node, _DEFS):
            if in_class:
                self.methods.add(node.name)
            else:
                scope.bindings.setdefault(node.name, []).append(_KNOWN)
            around = [*node.decorator_list, *_defaults(node.args)]
            self._collect(around, scope, in_class=False)
            inner = _Scope(node, scope)
            if scope.parent is None:
                # a function of the module, or a method of one of its classes
                inner.function = ".".join([*self._classes, node.name]) if in_class else node.name
            self._parameters(node, inner, in_class)
            self.scopes.append(inner)
            self._collect(node.body, inner, in_class=False)
        elif isinstance(node, ast.ClassDef):
            scope.bindings.setdefault(node.name, []).append(_KNOWN)
            around = [*node.decorator_list, *node.bases, *node.keywords]
            self._collect(around, scope, in_class=False)
            top = scope.parent is None
            if top:
                self._classes.append(node.name)
            self._collect(node.body, scope, in_class=True)
            if top:
                self._classes.pop()
        elif isinstance(node, ast.Lambda):
            inner = _Scope(node, scope)
            inner.params.update(a.arg for a in _all_args(node.args))
            self.scopes.append(inner)
            self._collect([node.body], inner, in_class=False)

    def _parameters(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: _Scope, method: bool
    ) -> None:
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        static = any(_name(d) == "staticmethod" for d in node.decorator_list)
        if method and positional and not static:
            scope.owner = positional[0].arg
        for arg in _all_args(args):
            if arg.arg == scope.owner:
                continue
            if arg.annotation is not None and plain_value(arg.annotation):
                # ``text: str``: its methods are the builtin type's
                scope.bindings.setdefault(arg.arg, []).append(_KNOWN)
            else:
                scope.params.add(arg.arg)
        if method and node.name == "execute" and args.kwarg is not None:
            # a tool's arguments, as ``self.args`` holds them
            scope.params.discard(args.kwarg.arg)
            scope.bindings.setdefault(args.kwarg.arg, []).append(_KNOWN)

    def _bindings(self, node: ast.AST, scope: _Scope) -> None:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self._bind(target, node.value, scope)
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            self._bind(node.target, node.value, scope)
        elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            self._bind(node.target, node.iter, scope)
        elif isinstance(node, ast.withitem):
            entered = node.context_expr
            if not isinstance(entered, (ast.Call, ast.Await)):
                # ``with lock:`` calls ``lock.__enter__()``: opaque on an object
                # of a kind not known (a parameter), as a method call is
                enter = ast.Attribute(value=entered, attr="__enter__", ctx=ast.Load())
                call = ast.Call(func=enter, args=[], keywords=[])
                scope.calls.append(ast.copy_location(call, entered))
            if node.optional_vars is not None:
                self._bind(node.optional_vars, entered, scope)
        elif isinstance(node, ast.NamedExpr):
            self._bind(node.target, node.value, scope)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            scope.bindings.setdefault(node.name, []).append(_KNOWN)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                local = alias.asname or alias.name.partition(".")[0]
                scope.bindings.setdefault(local, []).append(_KNOWN)

    def _class_attribute(self, node: ast.Assign | ast.AnnAssign, scope: _Scope) -> None:
        """``lock = threading.Lock()`` in a class body: ``self.lock`` reads
        it, as one set in ``__init__``."""
        if node.value is None:
            return
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Name):
                self.attributes.setdefault(target.id, []).append((scope, node.value))
                if untrusted(target.id, self.rebound):
                    self.untrusted.add(target.id)

    def _bind(self, target: ast.expr, value: ast.expr, scope: _Scope) -> None:
        if (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == scope.owner
        ):
            self.attributes.setdefault(target.attr, []).append((scope, value))
            return
        scope.bind(target, value)

    # -- judging -----------------------------------------------------------------

    def _opaque(self, call: ast.Call, scope: _Scope) -> str | None:
        """The call as written when doxtool cannot see into it, else None."""
        func = call.func
        qualified = self._qualified(func, scope)
        if qualified in DYNAMIC:
            return qualified
        if computed_callee(func, lambda n: (o := self._local(n, scope)) and o.bindings.get(n)):
            return _written(func)  # ``OPS[op](p)``, ``pick(op)(p)`` (:mod:`.astcomputed`)
        if isinstance(func, ast.Attribute):
            if func.attr in _KNOWN_METHODS:
                return None
            known = self._known(func.value, scope)
        else:
            known = self._known(func, scope)
        return None if known else _written(func)

    def _qualified(self, func: ast.expr, scope: _Scope) -> str | None:
        dotted = dotted_parts(func)
        if dotted is None:
            return None
        head, parts = dotted[0], dotted[1:]
        if self._local(head, scope) is not None:
            target = self.imported.get(head) if self._imported_here(head, scope) else None
            if target is None:
                return None
        elif head in self.imported:
            target = self.imported[head]
            if target is None:
                return None
        elif head in _BUILTINS and not parts:
            return head
        else:
            return None
        return ".".join([target, *parts])

    def _imported_here(self, name: str, scope: _Scope) -> bool:
        """Whether ``name`` is bound in its scope by an import only."""
        owner = self._local(name, scope)
        return owner is not None and all(v is _KNOWN for v in owner.bindings.get(name, ()))

    def _local(self, name: str, scope: _Scope) -> _Scope | None:
        """The innermost scope binding ``name`` as a local or parameter."""
        current: _Scope | None = scope
        while current is not None:
            if name in current.bindings or name in current.params or name == current.owner:
                return current
            current = current.parent
        return None

    def _known(self, node: ast.expr, scope: _Scope, depth: int = 0) -> bool:
        """Whether the kind of the object ``node`` gives is known."""
        if depth > 24:
            return False
        if isinstance(node, ast.Name):
            return self._name(node.id, scope, depth)
        if isinstance(node, ast.Attribute):
            root = node
            while isinstance(root.value, ast.Attribute):
                root = root.value
            head = root.value
            if isinstance(head, ast.Name):
                owner = self._local(head.id, scope)
                if owner is not None and head.id == owner.owner:
                    return self._self_attribute(root.attr, depth)
            return self._known(head, scope, depth + 1)
        if isinstance(node, ast.Call):
            if self._qualified(node.func, scope) in DYNAMIC:
                return False
            if _name(node.func) == "getattr" and node.args:
                if not literal_getattr(node):  # named at run time: of ``self`` only
                    return self._owner(node.args[0], scope)
                return self._known(node.args[0], scope, depth + 1)  # ``x.now``
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr in _KNOWN_METHODS:
                return True
            return self._known(func, scope, depth + 1)
        if isinstance(node, (ast.Subscript, ast.Await, ast.Starred, ast.NamedExpr)):
            return self._known(node.value, scope, depth + 1)
        if isinstance(node, ast.IfExp):
            return self._known(node.body, scope, depth + 1) and self._known(
                node.orelse, scope, depth + 1
            )
        if isinstance(node, ast.BoolOp):
            return all(self._known(value, scope, depth + 1) for value in node.values)
        return True  # a literal, a display, a comprehension, arithmetic, a lambda

    def _owner(self, node: ast.expr, scope: _Scope) -> bool:
        """Whether ``node`` is the method's ``self`` (its attributes: the class's own)."""
        owner = self._local(node.id, scope) if isinstance(node, ast.Name) else None
        return owner is not None and node.id == owner.owner  # type: ignore[attr-defined]

    def _name(self, name: str, scope: _Scope, depth: int) -> bool:
        owner = self._local(name, scope)
        if owner is None:
            return name in self.imported or name in self.defined or name in _BUILTINS
        if name == owner.owner:
            return True  # ``self``: the class's own methods, or its bases'
        if name in owner.params:
            return False
        cached = owner._kinds.get(name)
        if cached is not None:
            return cached
        owner._kinds[name] = True  # a binding that reads itself decides nothing
        known = all(
            value is _KNOWN or self._known(value, owner, depth + 1)
            for value in owner.bindings.get(name, ())
        )
        owner._kinds[name] = known
        return known

    def _self_attribute(self, attr: str, depth: int) -> bool:
        if attr == "args" or attr in self.methods:
            return True
        if attr in self.untrusted:
            return False  # ``Tool.attr = other``: not only what the class body sets
        cached = self._attribute_kinds.get(attr)
        if cached is not None:
            return cached
        values = self.attributes.get(attr)
        if not values:
            return False  # set elsewhere (by the framework): of a kind not known here
        self._attribute_kinds[attr] = True
        known = all(self._known(value, scope, depth + 1) for scope, value in values)
        self._attribute_kinds[attr] = known
        return known


#: node type -> its :func:`~doxtool.python.astparse.child_fields`, last first
_REVERSED_FIELDS: dict[type, tuple[str, ...]] = {}
#: statements under which a class body goes on (a method under an ``if``)
_BLOCK_TYPES = frozenset({*BLOCK_STATEMENTS, ast.match_case, ast.ExceptHandler})
#: nodes with a body of their own
_NEW_SCOPES = frozenset({ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda})
#: nodes that bind names or open a scope
_BINDERS = _NEW_SCOPES | {
    ast.Assign,
    ast.AnnAssign,
    ast.For,
    ast.AsyncFor,
    ast.comprehension,
    ast.withitem,
    ast.NamedExpr,
    ast.ExceptHandler,
    ast.Import,
    ast.ImportFrom,
}


#: builtin types whose methods do no I/O, as annotations name them
_VALUE_TYPES = frozenset(
    {"str", "int", "float", "bool", "bytes", "list", "dict", "tuple", "set", "frozenset"}
)
_TYPING_WRAPPERS = frozenset({"Optional", "List", "Dict", "Tuple", "Set", "FrozenSet"})


def plain_value(annotation: ast.expr) -> bool:
    """Whether an annotation names a builtin value type (``str``,
    ``list[str]``, ``str | None``, ``Optional[int]``), nothing else."""
    if isinstance(annotation, ast.Constant):
        return annotation.value is None
    if isinstance(annotation, ast.Name):
        return annotation.id in _VALUE_TYPES
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return plain_value(annotation.left) and plain_value(annotation.right)
    if isinstance(annotation, ast.Subscript):
        base = annotation.value
        name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
        if name in _VALUE_TYPES:
            return True  # ``list[Any]``: the container's own methods
        if name in _TYPING_WRAPPERS:
            inner = annotation.slice
            parts = inner.elts if isinstance(inner, ast.Tuple) else [inner]
            return name != "Optional" or all(plain_value(part) for part in parts)
    return False


def _all_args(args: ast.arguments) -> list[ast.arg]:
    found = [*args.posonlyargs, *args.args, *args.kwonlyargs]
    if args.vararg is not None:
        found.append(args.vararg)
    if args.kwarg is not None:
        found.append(args.kwarg)
    return found


def _defaults(args: ast.arguments) -> list[ast.expr]:
    return [*args.defaults, *(d for d in args.kw_defaults if d is not None)]


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else None


def _written(func: ast.expr) -> str:
    """A call's function as written, calls in the chain flattened."""
    parts: list[str] = []
    current = func
    while True:
        if isinstance(current, ast.Attribute):
            parts.append(current.attr)
            current = current.value
        elif isinstance(current, (ast.Call, ast.Subscript, ast.Await)):
            current = current.func if isinstance(current, ast.Call) else current.value
        else:
            break
    if isinstance(current, ast.Name):
        parts.append(current.id)
    return ".".join(reversed(parts)) or "call"
