"""The outline of any module, read with ``ast``: what a companion of an API
handler, a helper or a tool module documents.

Nothing here imports or runs the code. The outline states facts as the code
has them (every method, every import with its scope, every call chain); a
companion convention decides which of them a file lists, in which order and
how many.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from doxtool.core.facts import EffectEvidence, ModuleOutline
from doxtool.core.outline_facts import ClassOutline, ImportOutline
from doxtool.python.astparse import (
    BLOCK_STATEMENTS,
    CHILD_FIELDS,
    child_fields,
    is_type_checking,
    pattern_names,
)
from doxtool.python.initbreakloop import break_loop_default
from doxtool.python.initparams import assigned_values, init_params
from doxtool.python.opaque import opaque
from doxtool.python.outlineareas import AREAS, keyword_areas
from doxtool.python.outlineeffects import CallEffects
from doxtool.python.rebound import is_setattr, rebound_attributes, remember
from doxtool.python.responsecalls import response_calls
from doxtool.python.signatures import DEFS, class_outline, doc_summary, function_outline

_TRIES: tuple[type[ast.stmt], ...] = tuple(
    kind for kind in (ast.Try, getattr(ast, "TryStar", None)) if kind is not None
)
#: ``type X = ...`` (Python 3.12): binds ``X``, is not a constant
_TYPE_ALIAS: tuple[type[ast.stmt], ...] = tuple(
    kind for kind in (getattr(ast, "TypeAlias", None),) if kind is not None
)


# ---------------------------------------------------------------------------
# entry point


def module_outline(tree: ast.Module, source: str) -> ModuleOutline | None:
    """The outline of a module ``ast`` parsed as ``tree`` from ``source``.

    Never raises: None when the module is nested too deeply to walk (a partial
    outline would make present things look absent).
    """
    try:
        return _Outliner(source).run(tree)
    except RecursionError:
        return None


# ---------------------------------------------------------------------------
# the walk


class _Outliner:
    def __init__(self, source: str) -> None:
        self.source = source
        self.outline = ModuleOutline()
        self._constants: dict[str, None] = {}
        self._assigned: dict[str, None] = {}
        #: module-level name -> how many statements bind it (imports included)
        self._binds: dict[str, int] = {}
        #: local name -> dotted target; None when bound to different targets
        self._aliases: dict[str, str | None] = {}
        #: names the module binds other than by an import: a local ``open`` is
        #: not the builtin, a ``def remove`` beside ``from os import remove`` is
        #: not certainly ``os.remove``
        self._locals: set[str] = set()
        #: rendering of chain nodes (keyed by ``id``: the tree outlives the walk)
        self._rendered: dict[int, str] = {}
        #: module-level classes and functions: a receiver whose class is known
        self._defined: set[str] = set()
        #: the module's classes, each with its outline
        self._classes: list[tuple[ClassOutline, ast.ClassDef]] = []

    def run(self, tree: ast.Module) -> ModuleOutline:
        outline = self.outline
        outline.docstring = doc_summary(ast.get_docstring(tree))
        self._module_block(tree.body, "module")
        # names the module binds itself other than by one ``def`` or
        # ``class`` (``CV = typing.ClassVar``), each with the value of its one
        # plain assignment (None for any other binding)
        unread: dict[str, ast.expr | None] = {}
        if self._classes:  # (what a class's field annotations may name)
            values = assigned_values(tree)
            unread = {
                name: values.get(name) if self._binds.get(name) == 1 else None
                for name in self._locals
                if name not in self._defined or self._binds.get(name) != 1
            }
        for cls, node in self._classes:  # once every import is known
            # a name bound again (``Response = wrap(Response)``, a ``def``
            # of the name) may not hold the class a call makes
            once = self._binds.get(node.name) == 1
            cls.init = init_params(node, self._target, unread) if once else None
            if cls.init is not None:
                cls.break_loop_default = break_loop_default(node, cls.init)
        outline.constants = list(self._constants)
        outline.assigned = list(self._assigned)
        found, binders, returned = self._walk(tree)
        outline.response_calls = response_calls(tree, self.source, found, binders, returned)
        outline.rebound_attributes = rebound_attributes(tree)  # read by the walk
        outline.opaque_calls, outline.opaque_functions = opaque(tree, self._aliases, self._defined)
        outline.keyword_areas = keyword_areas(self.source)
        return outline

    # -- statements ---------------------------------------------------------

    def _module_block(self, body: Sequence[ast.stmt], scope: str, ran: bool = False) -> None:
        """Statements at module level: ``scope`` is ``module`` for the module
        body, else the scope an import in this block has; ``ran``: a block of
        the module body's ``try`` that runs unless an error stops it (its
        classes are the module's, as at the top)."""
        top = scope == "module"
        for stmt in body:
            if isinstance(stmt, DEFS):
                self.outline.functions.append(function_outline(stmt, top))
                self._bind(stmt.name)
                self._defined.add(stmt.name)
                self._nested(stmt.body, "function")
            elif isinstance(stmt, ast.ClassDef):
                self.outline.classes.append(class_outline(stmt, top or ran))
                self._classes.append((self.outline.classes[-1], stmt))
                self._bind(stmt.name)
                self._defined.add(stmt.name)
                self._nested(stmt.body, "class")
            elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
                self._import(stmt, scope, binds=True)
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    if top and isinstance(target, ast.Name) and target.id.isupper():
                        self._constants.setdefault(target.id)
                    self._bind_target(target)
            elif isinstance(stmt, ast.AnnAssign):
                target = stmt.target
                if top and isinstance(target, ast.Name) and target.id.isupper():
                    self._constants.setdefault(target.id)
                self._bind_target(target)
            elif isinstance(stmt, ast.AugAssign):
                self._bind_target(stmt.target)
            elif isinstance(stmt, _TYPE_ALIAS):
                self._bind_target(stmt.name)  # type: ignore[attr-defined]
            elif isinstance(stmt, BLOCK_STATEMENTS):
                self._module_compound(stmt, scope)

    def _module_compound(self, stmt: ast.stmt, scope: str) -> None:
        if isinstance(stmt, ast.If):
            if is_type_checking(stmt.test):
                self._module_block(stmt.body, "type-checking")
            else:
                self._module_block(stmt.body, _inner(scope, "conditional"))
            self._module_block(stmt.orelse, _inner(scope, "conditional"))
        elif isinstance(stmt, _TRIES):
            inner = _inner(scope, "try")
            for block in (stmt.body, stmt.orelse, stmt.finalbody):  # type: ignore[attr-defined]
                self._module_block(block, inner, ran=scope == "module")
            for handler in stmt.handlers:  # type: ignore[attr-defined]
                if handler.name:
                    self._bind(handler.name)
                self._module_block(handler.body, inner)
        elif isinstance(stmt, ast.Match):
            inner = _inner(scope, "conditional")
            for case in stmt.cases:
                for node in ast.walk(case.pattern):
                    for name in pattern_names(node):
                        self._bind(name)
                self._module_block(case.body, inner)
        else:
            if isinstance(stmt, (ast.With, ast.AsyncWith)):
                for item in stmt.items:
                    if item.optional_vars is not None:
                        self._bind_target(item.optional_vars)
            elif isinstance(stmt, (ast.For, ast.AsyncFor)):
                self._bind_target(stmt.target)
            inner = _inner(scope, "conditional")
            self._module_block(stmt.body, inner)  # type: ignore[attr-defined]
            self._module_block(getattr(stmt, "orelse", []), inner)

    def _nested(self, body: Sequence[ast.stmt], scope: str) -> None:
        """Statements inside a function (``scope`` function) or a class body."""
        for stmt in body:
            if isinstance(stmt, (ast.Import, ast.ImportFrom)):
                self._import(stmt, scope, binds=False)
            elif isinstance(stmt, DEFS):
                self._nested(stmt.body, "function")
            elif isinstance(stmt, ast.ClassDef):
                self._nested(stmt.body, "function" if scope == "function" else "class")
            elif isinstance(stmt, ast.Global):
                for name in stmt.names:
                    self._bind(name)
            elif isinstance(stmt, BLOCK_STATEMENTS):
                for field in ("body", "orelse", "finalbody"):
                    self._nested(getattr(stmt, field, ()), scope)
                for handler in getattr(stmt, "handlers", ()):
                    self._nested(handler.body, scope)
                for case in getattr(stmt, "cases", ()):
                    self._nested(case.body, scope)

    def _import(self, stmt: ast.Import | ast.ImportFrom, scope: str, *, binds: bool) -> None:
        imports = self.outline.imports
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                imports.append(ImportOutline(alias.name, stmt.lineno, [], scope, 0))
                local = alias.asname or alias.name.partition(".")[0]
                self._alias(local, alias.name if alias.asname else local)
                if binds:
                    self._assigned.setdefault(local)
                    self._count(local)
            return
        module = stmt.module or ""
        level = stmt.level or 0
        names = [alias.name for alias in stmt.names]
        imports.append(ImportOutline(module, stmt.lineno, names, scope, level))
        for alias in stmt.names:
            if alias.name == "*":
                continue
            local = alias.asname or alias.name
            # a relative import names a module of the project: nothing to resolve
            self._alias(local, f"{module}.{alias.name}" if module and not level else None)
            if binds:
                self._assigned.setdefault(local)
                self._count(local)

    def _alias(self, local: str, target: str | None) -> None:
        if local in self._aliases and self._aliases[local] != target:
            self._aliases[local] = None  # bound to two things: resolve to neither
        else:
            self._aliases[local] = target

    def _bind(self, name: str) -> None:
        """A module-level name the module binds itself (not by an import)."""
        self._assigned.setdefault(name)
        self._count(name)
        self._locals.add(name)

    def _count(self, name: str) -> None:
        self._binds[name] = self._binds.get(name, 0) + 1

    def _bind_target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self._bind(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._bind_target(element)
        elif isinstance(target, ast.Starred):
            self._bind_target(target.value)

    def _target(self, node: ast.expr) -> str | None:
        """The dotted name a name or attribute chain stands for through the
        module's imports (``dataclass`` -> ``dataclasses.dataclass``); None
        when the module binds its root otherwise, or to two things."""
        if isinstance(node, ast.Attribute):
            root = self._target(node.value)
            return f"{root}.{node.attr}" if root is not None else None
        if isinstance(node, ast.Name) and node.id not in self._locals:
            return self._aliases.get(node.id)
        return None

    # -- expressions ----------------------------------------------------------

    def _walk(self, tree: ast.Module) -> tuple[list[ast.Call], list[ast.stmt], set[int]]:
        """Calls, references and effects in one breadth-first walk, which
        also collects what :func:`~doxtool.python.rebound.rebound_attributes`
        reads (it need not walk the tree again), and gives the calls and the
        imports and definitions met, in order, and the ``id`` of each call a
        ``return`` gives outright, for
        :func:`~doxtool.python.responsecalls.response_calls`."""
        found: list[ast.Call] = []
        binders: list[ast.stmt] = []
        returned: set[int] = set()  # the calls a ``return`` gives outright
        calls: dict[str, None] = {}
        references: dict[str, None] = {}
        untyped: dict[str, None] = {}
        effects: dict[tuple[str, str], int] = {}
        of = CallEffects(tree, self._aliases, self._locals, self._defined)
        for node in of.of_imports(self.outline.imports):
            effects.setdefault((node.area, node.via), node.line)
        classes: set[str] = set()
        stored: list[ast.Attribute] = []
        setattrs: list[ast.Call] = []
        render = self._render
        load = ast.Load
        # breadth first, as ``ast.walk`` (but for the fields that hold no node
        # or a leaf without fields); inlined, as this visits every node. A
        # field's list goes in whole and an empty optional field as None:
        # what is no node has no fields and is none of the kinds read below
        todo: list[object] = [tree]
        append, extend = todo.append, todo.extend
        fields_of = CHILD_FIELDS
        for node in todo:  # grows while it is read
            kind = type(node)
            fields = fields_of.get(kind)
            if fields is None:
                fields = child_fields(kind)
            for field in fields:
                value = getattr(node, field, None)
                if type(value) is list:
                    extend(value)
                else:
                    append(value)
            if kind is ast.Name:
                references.setdefault(node.id)  # type: ignore[attr-defined]
            elif kind is ast.Attribute:
                name = render(node)
                if name:
                    references.setdefault(name)
                if type(node.ctx) is not load:  # type: ignore[attr-defined]
                    stored.append(node)  # type: ignore[arg-type]
            elif kind is ast.Call:
                found.append(node)  # type: ignore[arg-type]
                func = node.func  # type: ignore[attr-defined]
                if is_setattr(func):
                    setattrs.append(node)  # type: ignore[arg-type]
                name = render(func)
                if name:
                    calls.setdefault(name)
                if type(func) is ast.Attribute and self._untyped(func.value):
                    untyped.setdefault(func.attr)
                for area, via in of.of_call(node, name):
                    line = effects.setdefault((area, via), node.lineno)
                    if node.lineno < line:
                        effects[(area, via)] = node.lineno
            elif kind is ast.Return:
                if type(node.value) is ast.Call:  # type: ignore[attr-defined]
                    returned.add(id(node.value))  # type: ignore[attr-defined]
            elif kind in _BINDERS:
                binders.append(node)  # type: ignore[arg-type]
                if kind is ast.ClassDef:
                    classes.add(node.name)  # type: ignore[attr-defined]
        remember(tree, classes, stored, setattrs)
        self.outline.calls = list(calls)
        self.outline.references = list(references)
        self.outline.untyped_calls = list(untyped)
        order = {area: index for index, area in enumerate(AREAS)}
        self.outline.effects = [
            EffectEvidence(area, via, line)
            for (area, via), line in sorted(
                effects.items(), key=lambda item: (item[1], order[item[0][0]], item[0][1])
            )
        ]
        return found, binders, returned

    def _render(self, node: ast.expr) -> str:
        """``call.func`` style name of a chain: calls flattened to their
        function, subscripts transparent, any other receiver dropped."""
        rendered = self._rendered
        chain: list[ast.expr] = []
        base = ""
        current: ast.expr = node
        while True:
            known = rendered.get(id(current))
            if known is not None:
                base = known
                break
            if isinstance(current, ast.Attribute):
                chain.append(current)
                current = current.value
            elif isinstance(current, ast.Call):
                chain.append(current)
                current = current.func
            elif isinstance(current, ast.Subscript):
                chain.append(current)
                current = current.value
            else:
                base = current.id if isinstance(current, ast.Name) else ""
                rendered[id(current)] = base
                break
        for link in reversed(chain):
            if isinstance(link, ast.Attribute):
                base = f"{base}.{link.attr}" if base else link.attr
            rendered[id(link)] = base
        return base

    def _untyped(self, receiver: ast.expr) -> bool:
        """Whether the class of a method call's receiver is unknown here: a
        call's or a subscript's result (``super()``, ``make()``) or a name the
        module neither imports nor defines at its top (``self``, a local)."""
        current = receiver
        while isinstance(current, ast.Attribute):
            current = current.value
            if isinstance(current, (ast.Call, ast.Subscript)):
                return True
        if isinstance(current, (ast.Call, ast.Subscript)):
            return True
        if isinstance(current, ast.Name):
            name = current.id
            return name not in self._aliases and name not in self._defined
        return False


# ---------------------------------------------------------------------------
# helpers


def _inner(scope: str, kind: str) -> str:
    """Scope of an import in a block of ``kind`` inside a block of ``scope``."""
    if scope == "type-checking" or kind == "type-checking":
        return "type-checking"
    if scope == "try" or kind == "try":
        return "try"
    return "conditional"


#: the statements :func:`~doxtool.python.responsecalls.response_calls` reads the bindings of
_BINDERS = frozenset(
    {ast.Import, ast.ImportFrom, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef}
)
