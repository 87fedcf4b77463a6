"""The parameters a call of a class takes, when the class's own code says
them exactly (read with ``ast``): what ``Response(message=m, data=x)`` is
checked against.

Two shapes are read, and nothing else:

- a class decorated with the standard library's ``dataclass`` (with literal
  arguments or none), deriving from nothing, whose body holds only plain
  annotated names (its fields, in order, a value or ``field(default=...)``
  giving a default), methods, a docstring and plain class attributes;
- an undecorated class deriving from nothing whose body defines
  ``__init__`` once: its parameters past ``self``.

Anything doxtool would have to guess about (a base class, a metaclass,
another decorator, ``ClassVar``/``InitVar``/``KW_ONLY`` annotations, an
annotation naming what the module or the class binds itself other than by
one ``def`` or ``class`` (``CV = typing.ClassVar``: what it stands for is
not read), ``field(init=False)``, ``__new__``, a method or an attribute named as a
field, a statement under ``if``) gives None: the signature is not known.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping

from doxtool.core.outline_facts import Param
from doxtool.python.signatures import DEFS, function_outline

#: the dotted name an expression stands for through the module's imports
#: (``dataclass`` -> ``dataclasses.dataclass``); None when not known
Target = Callable[[ast.expr], "str | None"]

#: ``dataclass(...)`` arguments that change no ``__init__`` parameter
_HARMLESS = frozenset(
    {"repr", "eq", "order", "unsafe_hash", "frozen", "match_args", "slots", "weakref_slot"}
)
#: ``field(...)`` arguments that change no ``__init__`` parameter
_FIELD_HARMLESS = frozenset({"repr", "hash", "compare", "metadata", "doc"})
#: annotations whose fields are not plain ``__init__`` parameters
_SPECIAL = ("ClassVar", "InitVar", "KW_ONLY")
_CONSTRUCTION = frozenset({"__init__", "__new__"})


#: names the module binds itself -> the type expression one plain assignment
#: gives the name (``JobKind = Literal["a", "b"]``); None when not read
Unread = Mapping[str, "ast.expr | None"]


def init_params(
    node: ast.ClassDef, target: Target, unread: Unread | None = None
) -> list[Param] | None:
    """The parameters calling the class ``node`` takes (``self`` left out);
    None when its code does not say them exactly. ``unread``: the names the
    module binds itself (an annotation naming one may be ``ClassVar``, unless
    it stands for a type expression that is none)."""
    if node.bases or node.keywords:
        return None
    if not node.decorator_list:
        return _own_init(node)
    if len(node.decorator_list) != 1:
        return None
    options = _dataclass_options(node.decorator_list[0], target)
    if options is None:
        return None
    return _fields(node, options, target, dict(unread or {}))


def _own_init(node: ast.ClassDef) -> list[Param] | None:
    inits = [s for s in node.body if isinstance(s, DEFS) and s.name == "__init__"]
    if len(inits) != 1 or not _plain_body(node, allowed={"__init__"}):
        return None
    init = inits[0]
    if isinstance(init, ast.AsyncFunctionDef) or init.decorator_list:
        return None
    params = function_outline(init, True).params
    if params and params[0].kind in ("positional-only", "positional"):
        return params[1:]  # ``self``
    if any(param.kind == "var-positional" for param in params):
        return params  # ``def __init__(*args)``: ``self`` is the first of them
    return None


def _plain_body(node: ast.ClassDef, allowed: set[str]) -> bool:
    """Whether the class body holds only definitions, plain assignments, a
    docstring and ``pass``, and binds no name that makes an instance (but
    ``allowed``)."""
    for stmt in node.body:
        if isinstance(stmt, (*DEFS, ast.ClassDef)):
            if stmt.name in _CONSTRUCTION and stmt.name not in allowed:
                return False
            continue
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ast.AnnAssign):
            targets = [stmt.target]
        elif isinstance(stmt, (ast.Expr, ast.Pass)):
            continue
        else:
            return False  # a block, an import, a ``del``: not read
        if not all(isinstance(t, ast.Name) and t.id not in _CONSTRUCTION for t in targets):
            return False  # ``__init__ = make_init()``, ``a, b = ...``, ``x.y = ...``
    return True


def _dataclass_options(decorator: ast.expr, target: Target) -> dict[str, bool] | None:
    """The ``init`` and ``kw_only`` a standard-library ``dataclass``
    decorator is given; None for another decorator or arguments not read."""
    call = decorator if isinstance(decorator, ast.Call) else None
    if target(call.func if call is not None else decorator) != "dataclasses.dataclass":
        return None
    options = {"init": True, "kw_only": False}
    if call is None:
        return options
    if call.args:
        return None
    for keyword in call.keywords:
        if keyword.arg in options:
            value = keyword.value
            if not (isinstance(value, ast.Constant) and isinstance(value.value, bool)):
                return None
            options[keyword.arg] = value.value
        elif keyword.arg not in _HARMLESS:
            return None  # ``**options``, or an argument of a later Python
    return options if options["init"] else None


def _fields(
    node: ast.ClassDef,
    options: dict[str, bool],
    target: Target,
    unread: dict[str, ast.expr | None],
) -> list[Param] | None:
    if not _plain_body(node, allowed=set()):
        return None
    # a name the class body assigns is not read either
    assigned = {
        t.id
        for stmt in node.body
        if isinstance(stmt, ast.Assign)
        for t in stmt.targets
        if isinstance(t, ast.Name)
    }
    unread.update(dict.fromkeys(assigned))
    params: list[Param] = []
    others: set[str] = set()
    for stmt in node.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            annotation = ast.unparse(stmt.annotation)
            if _special(stmt.annotation, annotation, target, unread):
                return None
            found = _field(stmt.value, target)
            if found is None:
                return None
            has_default, kw_only = found
            name = stmt.target.id
            if any(param.name == name for param in params):
                return None  # annotated twice
            kw_only = options["kw_only"] if kw_only is None else kw_only
            kind = "keyword-only" if kw_only else "positional"
            params.append(Param(name, kind, annotation, has_default))
        elif isinstance(stmt, (*DEFS, ast.ClassDef)):
            others.add(stmt.name)
        elif isinstance(stmt, ast.Assign):
            others.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
    if any(param.name in others for param in params):
        return None  # a method or an attribute of a field's name is its default
    # keyword-only fields come after the others in ``__init__``
    return [p for p in params if p.kind == "positional"] + [
        p for p in params if p.kind == "keyword-only"
    ]


def _special(annotation: ast.expr, text: str, target: Target, unread: Unread) -> bool:
    """Whether an annotation may be ``ClassVar``, ``InitVar`` or ``KW_ONLY``,
    under its name or another an import gives it (``ClassVar as CV``) or
    the module binds (``CV = typing.ClassVar``, a name in ``unread``),
    written as code or as a string."""
    if any(special in text for special in _SPECIAL):
        return True
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value.strip(), mode="eval").body
        except SyntaxError:
            return True  # not read: not known to be a plain field
    for node in ast.walk(annotation):
        if isinstance(node, ast.Name) and node.id in unread:
            value = unread[node.id]
            if value is None or not _type_expression(value):
                return True
            rest = {name: v for name, v in unread.items() if name != node.id}
            if _special(value, ast.unparse(value), target, rest):
                return True
            continue
        if isinstance(node, (ast.Name, ast.Attribute)):
            dotted = target(node)
            if dotted is not None and dotted.rpartition(".")[2] in _SPECIAL:
                return True
    return False


#: the nodes a type expression is made of (``Literal["a", "b"]``,
#: ``dict[str, int] | None``): no call, no other computation
_TYPE_NODES = (
    ast.Name,
    ast.Attribute,
    ast.Subscript,
    ast.Tuple,
    ast.List,
    ast.Constant,
    ast.BinOp,
    ast.BitOr,
    ast.Load,
)


def _type_expression(value: ast.expr) -> bool:
    return all(isinstance(node, _TYPE_NODES) for node in ast.walk(value))


def assigned_values(tree: ast.Module) -> dict[str, ast.expr]:
    """The values of the module-level ``name = value`` statements (one
    target), and of ``name: annotation = value`` (``Kind: TypeAlias = ...``)."""
    values: dict[str, ast.expr] = {}
    for stmt in tree.body:
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
        ):
            values[stmt.targets[0].id] = stmt.value
        elif (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.value is not None
        ):
            values[stmt.target.id] = stmt.value
    return values


def _field(value: ast.expr | None, target: Target) -> tuple[bool, bool | None] | None:
    """(whether a field has a default, whether it is keyword-only: None when
    the class says) for the value its annotation is given; None when not
    known (``field(init=False)``)."""
    if value is None:
        return False, None
    if not isinstance(value, ast.Call):
        return True, None
    named = target(value.func)
    if named != "dataclasses.field":
        # a call of something else gives the default, but a ``field`` not
        # known to be the standard library's may be one
        tail = value.func.attr if isinstance(value.func, ast.Attribute) else None
        spelled = value.func.id if isinstance(value.func, ast.Name) else tail
        return None if spelled == "field" else (True, None)
    if value.args:
        return None
    has_default, kw_only = False, None
    for keyword in value.keywords:
        if keyword.arg in ("default", "default_factory"):
            has_default = True
        elif keyword.arg in ("init", "kw_only"):
            flag = keyword.value
            if not (isinstance(flag, ast.Constant) and isinstance(flag.value, bool)):
                return None
            if keyword.arg == "init" and not flag.value:
                return None
            if keyword.arg == "kw_only":
                kw_only = flag.value
        elif keyword.arg not in _FIELD_HARMLESS:
            return None
    return has_default, kw_only
