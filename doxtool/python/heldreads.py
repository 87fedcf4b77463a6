"""An argument's value read into an attribute of ``self`` and used in the same
method, read as the local name it works as there:

    self.sql = self.args.get("sql")
    if not self.sql:
        return Response(message="sql is required", break_loop=False)

tests the value read as ``sql = ...; if not sql:`` does. libcst's tree is
rewritten before the walk so that those uses of ``self.sql`` are a name
spelled ``self.sql`` (its text, so positions and messages stay the code's),
and every reading of local names applies to them.

Only where nothing else can be in it: the method binds the attribute once,
at the top of its body, to a read of one literal key of ``self.args`` (through
the conversions, string methods and ``or`` a local read goes through), and
nothing else stores, deletes or augments it; the method rebinds no
``self``, holds no nested function, lambda or class using it, and has no
decorator; the class (and its bases in the module) defines no attribute of
that name and no ``__setattr__``, ``__getattribute__`` or ``__slots__``,
and every base outside the module it reaches is the framework's ``Tool``
imported by its own name (a base in another module may define a property
of that name, which this module's tree does not show).
The uses taken are those after the binding up to the first statement that
might change the attribute otherwise: one mentioning ``self`` other than as
``self.args`` or the attribute itself (a method of ``self`` called, ``self``
or another attribute of it handed to a call, which may hold the tool), or
one holding an ``await``, ``async with``, ``async for`` or a ``yield`` (other
code runs there). A branch of an ``if`` that may do so but always returns or
raises ends no path past the ``if``.
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import child_nodes, descendants, dotted_name, suite_body
from doxtool.python.readforms import COERCIONS, READ_METHODS, STRING_METHODS

#: attributes the walk reads as the tool's own (the arguments, a ``tool:method`` name)
_FRAMEWORK = frozenset({"args", "method"})
#: class members that change what storing or loading an attribute does
_HOOKS = frozenset({"__setattr__", "__getattribute__", "__slots__", "__dict__"})
#: what may run other code, or hand it the tool, within a statement
_SUSPENDS = (cst.Await, cst.Yield)
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
#: targets that bind or unbind what they name
_TARGETS = (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor, cst.Del)
#: the framework's tool base, whose members are known: no property, no hook
_TOOL_BASES = frozenset({"helpers.tool.Tool", "python.helpers.tool.Tool"})


def held_reads(module: cst.Module) -> cst.Module:
    """``module`` with the uses of attributes holding a read rewritten as
    names (the module itself when there is none)."""
    classes = {s.name.value: s for s in module.body if type(s) is cst.ClassDef}
    imported = _imported(module)
    body = list(module.body)
    changed = False
    for index, stmt in enumerate(body):
        if type(stmt) is cst.ClassDef:
            defined = _members(stmt, classes, imported, set())
            if defined is None or "args" in defined:
                continue
            new = _class(stmt, defined)
            if new is not stmt:
                body[index], changed = new, True
    return module.with_changes(body=body) if changed else module


def _imported(module: cst.Module) -> dict[str, str]:
    """The dotted names the module's top-level ``from m import n`` bind."""
    found: dict[str, str] = {}
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is not cst.ImportFrom or small.relative or small.module is None:
                continue
            if isinstance(small.names, cst.ImportStar):
                continue
            origin = ".".join(dotted_name(small.module) or ())
            for alias in small.names:
                if type(alias.name) is not cst.Name:
                    continue
                bound = alias.asname.name if alias.asname is not None else alias.name
                if type(bound) is cst.Name:
                    found[bound.value] = f"{origin}.{alias.name.value}"
    return found


def _members(
    cls: cst.ClassDef, classes: dict[str, cst.ClassDef], imported: dict[str, str], seen: set[str]
) -> set[str] | None:
    """Names the class and its bases in the module define; None when one of
    them hooks attribute access, or a base is one of another module that may
    define anything."""
    if cls.name.value in seen:
        return set()
    seen.add(cls.name.value)
    names: set[str] = set()
    for stmt in suite_body(cls.body):
        if type(stmt) in (cst.FunctionDef, cst.ClassDef):
            names.add(stmt.name.value)  # type: ignore[attr-defined]
        elif _plain_default(stmt):  # ``sql = None``: an instance's own value hides it
            names.update(n.value for n in _names(stmt) if n.value in _HOOKS)
        else:
            names.update(n.value for n in _names(stmt))
    for base in cls.bases:
        name = base.value.value if type(base.value) is cst.Name else None
        if base.keyword is not None or base.star:
            return None
        if name is not None and name in classes:
            more = _members(classes[name], classes, imported, seen)
            if more is None:
                return None
            names |= more
        elif name is None or imported.get(name) not in _TOOL_BASES:
            return None
    return None if names & _HOOKS else names


def _plain_default(stmt: cst.BaseStatement) -> bool:
    """``name = <literal>`` or ``name: T`` (``= <literal>``) in a class body:
    no descriptor, so what an instance stores under the name is what it reads."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    if type(small) is cst.AnnAssign:
        target, value = small.target, small.value
    elif type(small) is cst.Assign and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    else:
        return False
    return type(target) is cst.Name and (value is None or _literal(value))


def _literal(value: cst.BaseExpression) -> bool:
    if type(value) is cst.Name:
        return value.value in ("None", "True", "False")
    if type(value) in (cst.SimpleString, cst.Integer, cst.Float, cst.ConcatenatedString):
        return True
    if type(value) in (cst.List, cst.Tuple, cst.Set):
        return all(_literal(e.value) for e in value.elements)  # type: ignore[attr-defined]
    if type(value) is cst.Dict:
        return not value.elements
    return False


def _names(node: cst.CSTNode) -> list[cst.Name]:
    todo, found = [node], []
    while todo:
        current = todo.pop()
        if type(current) is cst.Name:
            found.append(current)
        elif type(current) not in _SCOPES:
            todo.extend(child_nodes(current))
    return found


def _class(cls: cst.ClassDef, defined: set[str]) -> cst.ClassDef:
    if type(cls.body) is not cst.IndentedBlock:
        return cls
    body = list(cls.body.body)
    changed = False
    for index, stmt in enumerate(body):
        if type(stmt) is cst.FunctionDef:
            sites = _method_sites(stmt, defined)
            if sites:
                body[index], changed = stmt.visit(_AsNames(sites)), True  # type: ignore[assignment]
    return cls.with_changes(body=cls.body.with_changes(body=body)) if changed else cls


def _method_sites(fn: cst.FunctionDef, defined: set[str]) -> set[int]:
    """Ids of the ``self.x`` nodes of ``fn`` to read as names."""
    params = [*fn.params.posonly_params, *fn.params.params]
    if fn.decorators or not params or type(fn.body) is not cst.IndentedBlock:
        return set()
    me = params[0].name.value
    body = fn.body.body
    bound = [
        (i, t)
        for i, t in enumerate(_bound_attribute(s, me) for s in body)
        if t is not None and _read(body[i].body[0].value, me)  # type: ignore[attr-defined]
    ]
    if not bound:  # the common case, found without walking the body
        return set()
    stores, rebound = _stores(fn, me)
    if rebound or _aliased(fn, me):
        return set()
    held = [
        (index, target)
        for index, target in bound
        if not (
            target.attr.value in _FRAMEWORK
            or target.attr.value.startswith("__")
            or target.attr.value in defined
            or stores.get(target.attr.value) != 1
            or _scan(body[index].body[0].value, me, "", [], frozenset())  # type: ignore[attr-defined]
        )
    ]
    # the others hold an argument's value too: mentioning them changes nothing
    others = frozenset(target.attr.value for _, target in held)
    sites: set[int] = set()
    for index, target in held:
        found = [target]
        _region(body[index + 1 :], me, target.attr.value, found, others)
        sites.update(id(node) for node in found)
    return sites


def _stores(fn: cst.FunctionDef, me: str) -> tuple[dict[str, int], bool]:
    """How many times ``fn`` binds or unbinds each attribute of ``me``; and
    whether it rebinds ``me`` or holds a nested scope that mentions it."""
    counts: dict[str, int] = {}
    todo: list[cst.CSTNode] = list(fn.body.body)  # type: ignore[attr-defined]
    while todo:
        node = todo.pop()
        if type(node) in _SCOPES:
            if any(n.value == me for n in _all_names(node)):
                return counts, True
            continue
        if type(node) in _TARGETS or type(node) in (cst.WithItem, cst.NamedExpr):
            bound = _bound_part(node)
            for part in descendants(bound) if bound is not None else ():
                if type(part) is cst.Name and part.value == me and _bare_target(bound, part):
                    return counts, True
                if type(part) is cst.Attribute and _is_self(part.value, me):
                    counts[part.attr.value] = counts.get(part.attr.value, 0) + 1
        todo.extend(child_nodes(node))
    return counts, False


def _aliased(fn: cst.FunctionDef, me: str) -> bool:
    """Whether ``me`` itself may be held under another name: it appears other
    than as the object of an attribute or as an argument of a call whose
    result is dropped or returned (``prepare(self)``, ``return f(self)``)."""
    allowed: set[int] = set()
    nodes = descendants(fn.body)
    for node in nodes:
        if type(node) is cst.Attribute:
            allowed.add(id(node.value))
        elif type(node) in (cst.Expr, cst.Return):
            call = node.value  # type: ignore[attr-defined]
            call = call.expression if type(call) is cst.Await else call
            if type(call) is cst.Call:
                allowed.update(id(a.value) for a in call.args if not a.star)
    return any(type(n) is cst.Name and n.value == me and id(n) not in allowed for n in nodes)


def _bound_part(node: cst.CSTNode) -> cst.CSTNode | None:
    if type(node) is cst.WithItem:
        return node.asname.name if node.asname is not None else None
    if type(node) is cst.Del:
        return node.target
    return node.target  # type: ignore[attr-defined]


def _bare_target(bound: cst.CSTNode, name: cst.Name) -> bool:
    """Whether ``name`` is bound itself in ``bound`` (not the object of an attribute)."""
    todo = [bound]
    while todo:
        node = todo.pop()
        if node is name:
            return True
        if type(node) in (cst.Tuple, cst.List):
            todo.extend(e.value for e in node.elements)  # type: ignore[attr-defined]
        elif type(node) is cst.StarredElement:
            todo.append(node.value)
    return False


def _all_names(root: cst.CSTNode) -> list[cst.Name]:
    return [n for n in descendants(root) if type(n) is cst.Name]


def _is_self(node: cst.CSTNode, me: str) -> bool:
    return type(node) is cst.Name and node.value == me and not node.lpar


def _bound_attribute(stmt: cst.BaseStatement, me: str) -> cst.Attribute | None:
    """The ``self.x`` that ``self.x = value`` binds, alone on its line."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    if type(target) is cst.Attribute and _is_self(target.value, me) and _plain(target):
        return target
    return None


def _plain(node: cst.Attribute) -> bool:
    """Spelled ``self.x``, as the name standing for it is."""
    dot = node.dot
    return (
        not node.lpar
        and type(dot) is cst.Dot
        and all(
            type(w) is cst.SimpleWhitespace and not w.value
            for w in (dot.whitespace_before, dot.whitespace_after)
        )
    )


def _read(value: cst.BaseExpression, me: str) -> bool:
    """Whether ``value`` is a read of a literal key of ``self.args``, through
    conversions, string methods and the left of an ``or``."""
    while True:
        if type(value) is cst.Subscript:
            element = value.slice[0].slice if len(value.slice) == 1 else None
            return (
                _is_args(value.value, me)
                and type(element) is cst.Index
                and type(element.value) is cst.SimpleString
            )
        if type(value) is cst.BooleanOperation and type(value.operator) is cst.Or:
            value = value.left
            continue
        if type(value) is not cst.Call:
            return False
        func = value.func
        if type(func) is cst.Attribute and func.attr.value in READ_METHODS:
            return (
                _is_args(func.value, me)
                and bool(value.args)
                and value.args[0].keyword is None
                and not value.args[0].star
                and type(value.args[0].value) is cst.SimpleString
            )
        if type(func) is cst.Attribute and func.attr.value in STRING_METHODS:
            value = func.value
        elif type(func) is cst.Name and func.value in COERCIONS and value.args:
            value = value.args[0].value
        else:
            return False


def _is_args(node: cst.BaseExpression, me: str) -> bool:
    return type(node) is cst.Attribute and _is_self(node.value, me) and node.attr.value == "args"


def _scan(
    node: cst.CSTNode, me: str, attr: str, found: list[cst.Attribute], held: frozenset[str]
) -> bool:
    """Whether ``node`` may change ``self.<attr>`` otherwise than by a
    binding in the method; the uses of it there go into ``found``. The
    attributes ``held`` hold arguments' values (bound once from a read): a
    use of them, or their binding, changes nothing else."""
    todo = [node]
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind in _SUSPENDS or kind in _SCOPES or _super_call(current) or _asynchronous(current):
            return True
        if kind is cst.Attribute and _is_self(current.value, me):  # type: ignore[attr-defined]
            name = current.attr.value  # type: ignore[attr-defined]
            if name == attr and _plain(current):  # type: ignore[arg-type]
                found.append(current)  # type: ignore[arg-type]
            elif name != "args" and name not in held:
                return True
            continue
        if kind is cst.Name and current.value == me:  # type: ignore[attr-defined]
            return True
        todo.extend(child_nodes(current))
    return False


def _asynchronous(node: cst.CSTNode) -> bool:
    """``async with`` or ``async for``: each step awaits, as an ``await`` does."""
    return type(node) in (cst.With, cst.For, cst.CompFor) and node.asynchronous is not None  # type: ignore[attr-defined]


def _super_call(node: cst.CSTNode) -> bool:
    """``super()``: a method of ``self`` reached without naming it."""
    return type(node) is cst.Call and type(node.func) is cst.Name and node.func.value == "super"


def _region(
    body: Sequence[cst.BaseStatement], me: str, attr: str, found: list, held: frozenset[str]
) -> None:
    """The uses of ``self.<attr>`` in ``body`` up to where it may change."""
    for stmt in body:
        if type(stmt) is not cst.If:
            here: list[cst.Attribute] = []
            if _scan(stmt, me, attr, here, held):
                return
            found.extend(here)
            continue
        goes_on = True
        current: cst.If | cst.Else | None = stmt
        while current is not None:
            if type(current) is cst.If:
                here = []
                if _scan(current.test, me, attr, here, held):
                    return
                found.extend(here)
            arm = suite_body(current.body)
            here = []
            if any(_scan(s, me, attr, here, held) for s in arm):
                goes_on = goes_on and terminates(arm)
            else:
                found.extend(here)
            orelse = current.orelse if type(current) is cst.If else None
            if orelse is None and type(current) is cst.If:
                break  # no ``else``: the calls that skip the arm changed nothing
            current = orelse
        if not goes_on:
            return


class _AsNames(cst.CSTTransformer):
    """``self.x`` nodes of ``sites`` made names spelled ``self.x``."""

    def __init__(self, sites: set[int]) -> None:
        super().__init__()
        self.sites = sites

    def leave_Attribute(
        self, original_node: cst.Attribute, updated_node: cst.Attribute
    ) -> cst.BaseExpression:
        if id(original_node) not in self.sites:
            return updated_node
        spelled = f"{original_node.value.value}.{original_node.attr.value}"  # type: ignore[attr-defined]
        return cst.Name(HeldText(spelled))


class HeldText(str):
    """The text of a name standing for ``self.x``: no binding in Python can
    make a local of that name, so none of the code's own names is it. libcst
    takes it for an identifier wherever it makes the node again (a visitor
    rebuilds every node it passes)."""

    __slots__ = ()

    def isidentifier(self) -> bool:
        return True
