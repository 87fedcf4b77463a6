"""The outline of one module as the tool analysis needs it.

:class:`ModuleScan` walks the module's top level: its imports (names bound,
areas imported, star imports), its constants, functions and classes with their
signatures. :class:`Func` and :class:`Class` are the functions and classes it
found, which the tool analysis (:mod:`doxtool.python.toolscan`) walks.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import libcst as cst

from doxtool.core.facts import ClassFacts, ModuleFacts, Signature
from doxtool.python.cstcode import code_of
from doxtool.python.cstnodes import child_nodes, dotted_name, is_kind, statement_children
from doxtool.python.csttried import kept_tried_imports
from doxtool.python.effects import CLIENT_MODULES
from doxtool.python.literals import literal_value
from doxtool.python.names import may_change, resolve_relative
from doxtool.python.positions import Locator
from doxtool.python.rebound import ANY

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


@dataclass(eq=False)
class Func:
    """A function or method of the scanned module."""

    node: cst.FunctionDef
    qualname: str
    cls: str | None

    @property
    def name(self) -> str:
        return self.node.name.value

    @property
    def is_async(self) -> bool:
        return self.node.asynchronous is not None

    def positional(self) -> list[str]:
        p = self.node.params
        return [x.name.value for x in (*p.posonly_params, *p.params)]

    def named(self) -> list[cst.Param]:
        p = self.node.params
        return [*p.posonly_params, *p.params, *p.kwonly_params]

    @property
    def star_kwarg(self) -> str | None:
        kw = self.node.params.star_kwarg
        return kw.name.value if kw is not None else None

    @property
    def is_static(self) -> bool:
        return any(
            type(d.decorator) is cst.Name and d.decorator.value == "staticmethod"
            for d in self.node.decorators
        )

    @property
    def is_generator(self) -> bool:
        """Whether a ``yield`` in the body (nested functions, classes and
        lambdas aside) makes calling it give a generator."""
        todo: list[cst.CSTNode] = [self.node.body]
        while todo:
            node = todo.pop()
            if type(node) is cst.Yield:
                return True
            if not isinstance(node, _SCOPES):
                todo.extend(child_nodes(node))
        return False

    @property
    def self_name(self) -> str | None:
        if self.cls is None or self.is_static:
            return None
        positional = self.positional()
        return positional[0] if positional else None


@dataclass
class Class:
    """A class of the scanned module with its bases and methods."""

    node: cst.ClassDef
    name: str
    bases: list[str]
    resolved: list[str]
    methods: dict[str, Func] = field(default_factory=dict)


class ModuleScan:
    def __init__(
        self, tree: cst.Module, facts: ModuleFacts, local_roots: frozenset[str], locator: Locator
    ) -> None:
        self.tree = tree
        self.facts = facts
        self.module = facts.module
        self.is_package = facts.path.endswith("__init__.py")
        self.in_tools_dir = "tools" in facts.path.split("/")[:-1]
        self.local_roots = local_roots
        self.loc = locator
        self.names: dict[str, str] = {}
        #: module-level names bound once, to their value (``MODES = ("a", "b")``)
        self.constant_nodes: dict[str, cst.BaseExpression | None] = {}
        self._constants: dict[str, tuple[bool, Any]] = {}
        self.star_imports: list[str] = []
        #: module-level names bound to an imported name (``BaseTool = tool.Tool``);
        #: None: bound again
        self.aliases: dict[str, str | None] = {}
        self.functions: dict[str, Func] = {}
        self.classes: dict[str, Class] = {}
        self.import_areas: set[str] = set()

    # -- outline ----------------------------------------------------------

    def run(self) -> None:
        self._outline(self.tree.body)
        self._collect_imports(self.tree.body)
        facts = self.facts
        # ``from __future__ import ...`` is a compiler directive, not a dependency
        facts.imports = sorted(self.import_areas - {"__future__", ""})
        facts.imported_names = dict(sorted(self._bound().items()))
        facts.star_imports = list(dict.fromkeys(self.star_imports))
        for cls in self.classes.values():
            line, _ = self.loc.statement(cls.node)
            facts.classes.append(
                ClassFacts(
                    name=cls.name,
                    line=line,
                    bases=cls.bases,
                    resolved_bases=cls.resolved,
                    methods=[self._signature(m) for m in cls.methods.values()],
                )
            )
        facts.functions = [self._signature(f) for f in self.functions.values()]

    def _outline(self, body: Sequence[cst.BaseStatement]) -> None:
        for stmt in body:
            if type(stmt) is cst.SimpleStatementLine:
                for small in stmt.body:
                    self._outline_small(small)
            elif type(stmt) is cst.ClassDef:
                self._outline_class(stmt)
            elif type(stmt) is cst.FunctionDef:
                self.functions[stmt.name.value] = Func(stmt, stmt.name.value, None)
            else:
                if type(stmt) in (cst.If, cst.Try):
                    # ``try: import x except ImportError`` and ``if TYPE_CHECKING`` imports
                    for block in _blocks(stmt):
                        self._outline_imports_only(block)
                if type(stmt) in (cst.Try, cst.TryStar):
                    kept_tried_imports(stmt, self._bind_import, self.local_roots, self.names)
                    # a class the body of a ``try`` defines (beside the import
                    # of its base it guards) is there whenever the import is
                    for child in _ran_statements(stmt):  # type: ignore[arg-type]
                        if type(child) is cst.ClassDef:
                            self._outline_class(child)
                # a name a block at the top binds (``if X: MODE = "w"``, a
                # loop's target) is bound there too: no constant
                for name in _block_bindings(stmt):
                    self.constant_nodes[name] = None

    def _outline_imports_only(self, body: Sequence[cst.BaseStatement]) -> None:
        for stmt in body:
            if type(stmt) is cst.SimpleStatementLine:
                for small in stmt.body:
                    if type(small) in (cst.Import, cst.ImportFrom):
                        self._bind_import(small, self.names)
                        self._star_import(small)

    def _star_import(self, node: cst.Import | cst.ImportFrom) -> None:
        if type(node) is cst.ImportFrom and type(node.names) is cst.ImportStar:
            self.star_imports.append(self._from_module(node))

    def _outline_small(self, small: cst.BaseSmallStatement) -> None:
        if type(small) in (cst.Import, cst.ImportFrom):
            self._bind_import(small, self.names)
            self._star_import(small)
            return
        targets: list[cst.BaseExpression] = []
        value: cst.BaseExpression | None = None
        if type(small) is cst.Assign:
            targets = [t.target for t in small.targets]
            value = small.value
        elif type(small) is cst.AnnAssign and small.value is not None:
            targets = [small.target]
            value = small.value
        for target in targets:
            if type(target) is not cst.Name:
                continue
            name = target.value
            self._bind_alias(name, value if len(targets) == 1 else None)
            if name.isupper() and name not in self.facts.constants:
                self.facts.constants.append(name)
            # a name bound twice is not a constant; values are read on demand
            self.constant_nodes[name] = None if name in self.constant_nodes else value

    def _bind_alias(self, name: str, value: cst.BaseExpression | None) -> None:
        """``BaseTool = tool.Tool``: a module-level name bound once to a dotted
        name whose root is imported stands for what that name is, as an import
        would (``from helpers.tool import Tool as BaseTool``), for the bases
        of the classes after it and for other modules importing it. A name
        bound again, or bound before, stands for nothing known. (Functions'
        code does not resolve through it: a local may shadow it.)"""
        if name in self.aliases:
            self.aliases[name] = None
            return
        dotted = dotted_name(value) if value is not None else None
        resolved = self._resolve(dotted, self.names) if dotted else None
        if name in self.constant_nodes or name in self.names:
            return
        if resolved is not None and name not in self.classes and name not in self.functions:
            self.aliases[name] = resolved

    def _bound(self) -> dict[str, str]:
        """The names imported, and the aliases bound once, so far."""
        aliases = {n: t for n, t in self.aliases.items() if t is not None}
        return {**aliases, **self.names}

    @property
    def rebound(self) -> list[str]:
        """The attributes of the module's classes it may set outside their class
        body (:func:`doxtool.python.rebound.rebound_attributes`); any, without outline."""
        outline = self.facts.outline
        return outline.rebound_attributes if outline is not None else [ANY]

    @cached_property
    def imports_clients(self) -> bool:
        """Whether the module imports a library whose objects are network
        clients (:data:`~doxtool.python.effects.CLIENT_MODULES`)."""
        outline = self.facts.outline
        imported = [
            name
            for item in (outline.imports if outline is not None else [])
            for name in (item.module, *(f"{item.module}.{n}" for n in item.names))
        ]
        return any(
            qualified == prefix or qualified.startswith(prefix + ".")
            for qualified in (*imported, *self.names.values())
            for prefix in CLIENT_MODULES
        )

    def constant(self, name: str) -> tuple[bool, Any]:
        """(True, value) when a module-level name is bound once to a literal and
        nothing in the module may change it (:func:`~doxtool.python.names.may_change`)."""
        known = self._constants.get(name)
        if known is None:
            value = self.constant_node(name)
            known = self._constants[name] = (
                self._constant_value(value) if value is not None else (False, None)
            )
        return known

    def constant_node(self, name: str) -> cst.BaseExpression | None:
        """The value a module-level name is bound once to, when nothing in the
        module may change it (:func:`~doxtool.python.names.may_change`)."""
        value = self.constant_nodes.get(name)
        if value is None or may_change(self.loc.source, name, _mutable(value)):
            return None
        return value

    @cached_property
    def bound_names(self) -> frozenset[str]:
        """Every name the module binds (imports, constants, functions, classes,
        aliases): each may hide Python's builtin of that name."""
        bound = [*self.names, *self.functions, *self.classes, *self.constant_nodes]
        return frozenset([*bound, *self.aliases])

    def _constant_value(self, value: cst.BaseExpression) -> tuple[bool, Any]:
        """A literal, also wrapped in ``frozenset(...)``, ``tuple(...)`` and the like."""
        if (
            type(value) is cst.Call
            and type(value.func) is cst.Name
            and value.func.value in ("frozenset", "set", "tuple", "list")
            and len(value.args) == 1
            and not value.args[0].keyword
            and not value.args[0].star
        ):
            value = value.args[0].value
        return literal_value(value, self.tree)

    def _outline_class(self, node: cst.ClassDef) -> None:
        bases: list[str] = []
        resolved: list[str] = []
        for arg in node.bases:
            if arg.keyword is not None or arg.star:
                continue
            bases.append(code_of(arg.value, self.tree).strip())
            base = arg.value
            if type(base) is cst.Subscript:
                base = base.value  # a generic: ``Base[Config]`` is a ``Base``
            dotted = dotted_name(base)
            if dotted is None:
                resolved.append(bases[-1])
            elif dotted[0] in self.classes and len(dotted) == 1:
                resolved.append(f"{self.module}.{dotted[0]}")
            else:
                bound = self._bound()
                found = self._resolve(dotted, bound)
                if found is None and self.star_imports and dotted[0] not in bound:
                    # a name a star import may bind: the resolver follows it there
                    found = ".".join([self.module, *dotted])
                resolved.append(found or ".".join(dotted))
        cls = Class(node, node.name.value, bases, resolved)
        body = node.body.body if type(node.body) is cst.IndentedBlock else ()
        for stmt in body:
            if type(stmt) is cst.FunctionDef:
                name = stmt.name.value
                cls.methods[name] = Func(stmt, f"{cls.name}.{name}", cls.name)
        self.classes[cls.name] = cls

    def _collect_imports(self, body: Sequence[cst.CSTNode]) -> None:
        """Import areas: every module imported anywhere, nested imports included."""
        stack: list[cst.CSTNode] = list(body)
        while stack:
            node = stack.pop()
            if type(node) is cst.Import:
                for alias in node.names:
                    self.import_areas.add(code_of(alias.name, self.tree).strip())
            elif type(node) is cst.ImportFrom:
                self.import_areas.add(self._from_module(node))
            elif type(node) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                stack.extend(node.body)
            elif is_kind(node, cst.BaseCompoundStatement):
                stack.extend(statement_children(node))

    def _from_module(self, node: cst.ImportFrom) -> str:
        target = code_of(node.module, self.tree).strip() if node.module else None
        level = len(node.relative)
        if level:
            return resolve_relative(self.module, self.is_package, level, target)
        return target or ""

    def _bind_import(self, node: cst.Import | cst.ImportFrom, names: dict[str, str]) -> None:
        if type(node) is cst.Import:
            for alias in node.names:
                full = code_of(alias.name, self.tree).strip()
                if alias.asname is not None and type(alias.asname.name) is cst.Name:
                    names[alias.asname.name.value] = full
                else:
                    root = full.split(".", 1)[0]
                    names[root] = root
            return
        source = self._from_module(node)
        if type(node.names) is cst.ImportStar:
            return
        for alias in node.names:
            imported = code_of(alias.name, self.tree).strip()
            bound = imported
            if alias.asname is not None and type(alias.asname.name) is cst.Name:
                bound = alias.asname.name.value
            names[bound] = f"{source}.{imported}" if source else imported

    def _resolve(self, dotted: list[str], names: dict[str, str]) -> str | None:
        root = names.get(dotted[0])
        if root is None:
            return None
        return ".".join([root, *dotted[1:]])

    def _find_method(self, cls: Class, name: str, seen: set[str] | None = None) -> Func | None:
        """Look a method up through the class and its bases defined in this module."""
        for owner in self.mro(cls):
            if name in owner.methods:
                return owner.methods[name]
        return None

    def visible_methods(self, cls: Class) -> list[Func]:
        """The methods a call through ``self`` on an instance of ``cls`` may
        reach, nearest class first: each name's nearest definition in the
        module. A base's method the class (or a nearer base) overrides runs
        only through ``super()``, followed where that call is."""
        seen: set[str] = set()
        found: list[Func] = []
        for owner in self.mro(cls):
            for name, method in owner.methods.items():
                if name not in seen:
                    seen.add(name)
                    found.append(method)
        return found

    def mro(self, cls: Class) -> list[Class]:
        order: list[Class] = []
        todo = [cls]
        while todo:
            current = todo.pop(0)
            if current in order:
                continue
            order.append(current)
            prefix = f"{self.module}."
            for base in current.resolved:
                if base.startswith(prefix) and base[len(prefix) :] in self.classes:
                    todo.append(self.classes[base[len(prefix) :]])
        return order

    # -- signatures -------------------------------------------------------

    def _signature(self, fn: Func) -> Signature:
        tree = self.tree

        def code(node: cst.CSTNode) -> str:
            return code_of(node, tree)

        params = fn.node.params
        parts: list[str] = []

        def render(param: cst.Param, prefix: str = "") -> str:
            text = prefix + param.name.value
            if param.annotation is not None:
                text += ": " + code(param.annotation.annotation).strip()
            if param.default is not None:
                text += "=..."
            return text

        parts.extend(render(p) for p in params.posonly_params)
        if params.posonly_params:
            parts.append("/")
        parts.extend(render(p) for p in params.params)
        if type(params.star_arg) is cst.Param:
            parts.append(render(params.star_arg, "*"))
        elif params.kwonly_params:
            parts.append("*")
        parts.extend(render(p) for p in params.kwonly_params)
        if params.star_kwarg is not None:
            parts.append(render(params.star_kwarg, "**"))
        text = f"{fn.name}({', '.join(parts)})"
        if fn.node.returns is not None:
            text += " -> " + code(fn.node.returns.annotation).strip()
        if fn.is_async:
            text = "async " + text
        line, _ = self.loc.statement(fn.node)
        return Signature(name=fn.name, text=text, line=line, is_async=fn.is_async)


def _ran_statements(stmt: cst.Try | cst.TryStar) -> Iterator[cst.BaseStatement]:
    """The statements of a ``try``'s body, ``else`` and ``finally``: those
    that run unless an error stops them (a handler's run instead)."""
    suites = [stmt.body, stmt.orelse.body if stmt.orelse else None]
    suites.append(stmt.finalbody.body if stmt.finalbody else None)
    for suite in suites:
        if type(suite) is cst.IndentedBlock:
            yield from suite.body


def _blocks(stmt: cst.BaseCompoundStatement) -> Iterator[Sequence[cst.BaseStatement]]:
    """Statement lists directly under a compound statement."""
    for child in statement_children(stmt):
        if is_kind(child, cst.BaseStatement):
            yield [child]


def _block_bindings(stmt: cst.CSTNode) -> Iterator[str]:
    """The plain names a compound statement at the module's top binds
    anywhere in it: assignments, loop and ``with``/``except`` targets,
    imports, definitions."""
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        node = stack.pop()
        kind = type(node)
        target: cst.CSTNode | None = None
        if kind in (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.For, cst.CompFor):
            target = node.target  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            target = node.name  # type: ignore[attr-defined]
        elif kind in (cst.FunctionDef, cst.ClassDef):
            yield node.name.value  # type: ignore[attr-defined]
        elif kind is cst.ImportAlias and node.asname is None:  # type: ignore[attr-defined]
            dotted = dotted_name(node.name)  # type: ignore[attr-defined]
            if dotted:
                yield dotted[0]
        if target is not None:
            yield from (n.value for n in _names_in(target))
        stack.extend(node.children)


def _names_in(target: cst.CSTNode) -> Iterator[cst.Name]:
    """The plain names an assignment target binds (unpacked too)."""
    if type(target) is cst.Name:
        yield target
    elif type(target) in (cst.Tuple, cst.List):
        for element in target.elements:  # type: ignore[attr-defined]
            yield from _names_in(element.value)
    elif type(target) is cst.StarredElement:
        yield from _names_in(target.value)  # type: ignore[attr-defined]


def _mutable(value: cst.BaseExpression) -> bool:
    """Whether a constant's value is a container a second name bound to it
    could change (``[...]``, ``{...}``, ``set(...)``); not a string, number,
    tuple or frozenset."""
    if type(value) is cst.Call:
        return not (type(value.func) is cst.Name and value.func.value in ("frozenset", "tuple"))
    return type(value) in (cst.List, cst.Dict, cst.Set, cst.ListComp, cst.DictComp, cst.SetComp)
