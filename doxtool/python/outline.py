"""The outline of any module, read with ``ast``: what a companion of an API
handler, a helper or a tool module documents.

Nothing here imports or runs the code. The outline states facts as the code
has them (every method, every import with its scope, every call chain); a
companion convention decides which of them a file lists, in which order and
how many.
"""

from __future__ import annotations

import ast
from collections import deque
from collections.abc import Callable, Iterable, Sequence

from doxtool.core.facts import EffectEvidence, ModuleOutline
from doxtool.core.outline_facts import ImportOutline
from doxtool.python import effects
from doxtool.python.astparse import (
    BLOCK_STATEMENTS,
    CHILD_FIELDS,
    child_fields,
    is_type_checking,
    pattern_names,
)
from doxtool.python.callkinds import call_argument, module_strings
from doxtool.python.effects import (
    DATABASES,
    FLAGGED_OPENERS,
    METHODS,
    OPEN_CALLS,
    PATH_CLASSES,
    for_database,
)
from doxtool.python.names import dotted_parts
from doxtool.python.opaque import opaque, rebound_attributes
from doxtool.python.outlineareas import (
    AREAS,
    CALLS,
    DELETION,
    DISTINCT_METHODS,
    PATH_DERIVED,
    PATH_METHODS,
    READS,
    WRITES,
    flagged_areas,
    keyword_areas,
    module_areas,
    open_areas,
    prefix_areas,
)
from doxtool.python.outlinepaths import MODULE, ModulePaths
from doxtool.python.signatures import DEFS, class_outline, first_doc_line, function_outline

#: the tool facts' areas -> the outline's
_OWN_AREAS = {effects.READ: READS, effects.WRITE: WRITES, effects.DELETE: DELETION}
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
        self._tree = ast.Module(body=[], type_ignores=[])
        #: module-level names bound once to a string (read when needed)
        self._strings: dict[str, str] | None = None
        #: the paths of the module's functions (read when a call needs them)
        self._paths: ModulePaths | None = None

    def run(self, tree: ast.Module) -> ModuleOutline:
        self._tree = tree
        outline = self.outline
        outline.docstring = first_doc_line(ast.get_docstring(tree))
        self._module_block(tree.body, "module")
        outline.constants = list(self._constants)
        outline.assigned = list(self._assigned)
        self._walk(tree)
        outline.rebound_attributes = rebound_attributes(tree)
        outline.opaque_calls, outline.opaque_functions = opaque(tree, self._aliases, self._defined)
        outline.keyword_areas = keyword_areas(self.source)
        return outline

    # -- statements ---------------------------------------------------------

    def _module_block(self, body: Sequence[ast.stmt], scope: str) -> None:
        """Statements at module level: ``scope`` is ``module`` for the module
        body, else the scope an import in this block has."""
        top = scope == "module"
        for stmt in body:
            if isinstance(stmt, DEFS):
                self.outline.functions.append(function_outline(stmt, top))
                self._bind(stmt.name)
                self._defined.add(stmt.name)
                self._nested(stmt.body, "function")
            elif isinstance(stmt, ast.ClassDef):
                self.outline.classes.append(class_outline(stmt, top))
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
                self._module_block(block, inner)
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

    def _alias(self, local: str, target: str | None) -> None:
        if local in self._aliases and self._aliases[local] != target:
            self._aliases[local] = None  # bound to two things: resolve to neither
        else:
            self._aliases[local] = target

    def _bind(self, name: str) -> None:
        """A module-level name the module binds itself (not by an import)."""
        self._assigned.setdefault(name)
        self._locals.add(name)

    def _bind_target(self, target: ast.expr) -> None:
        if isinstance(target, ast.Name):
            self._bind(target.id)
        elif isinstance(target, (ast.Tuple, ast.List)):
            for element in target.elts:
                self._bind_target(element)
        elif isinstance(target, ast.Starred):
            self._bind_target(target.value)

    # -- expressions ----------------------------------------------------------

    def _walk(self, tree: ast.Module) -> None:
        """Calls, references and effects in one breadth-first walk."""
        calls: dict[str, None] = {}
        references: dict[str, None] = {}
        untyped: dict[str, None] = {}
        effects: dict[tuple[str, str], int] = {}
        for node in self._import_effects():
            effects.setdefault((node.area, node.via), node.line)
        render = self._render
        # breadth first, as ``ast.walk`` (but for the fields that hold no node
        # or a leaf without fields); inlined, as this visits every node
        todo = deque([tree])
        pop, append, AST = todo.popleft, todo.append, ast.AST
        fields_of = CHILD_FIELDS
        while todo:
            node = pop()
            kind = type(node)
            fields = fields_of.get(kind)
            if fields is None:
                fields = child_fields(kind)
            for field in fields:
                value = getattr(node, field, None)
                if isinstance(value, AST):
                    append(value)
                elif isinstance(value, list):
                    for item in value:
                        if isinstance(item, AST):
                            append(item)
            if kind is ast.Name:
                references.setdefault(node.id)  # type: ignore[attr-defined]
            elif kind is ast.Attribute:
                name = render(node)
                if name:
                    references.setdefault(name)
            elif kind is ast.Call:
                func = node.func  # type: ignore[attr-defined]
                name = render(func)
                if name:
                    calls.setdefault(name)
                if type(func) is ast.Attribute and self._untyped(func.value):
                    untyped.setdefault(func.attr)
                for area, via in self._call_effects(node, name):
                    line = effects.setdefault((area, via), node.lineno)
                    if node.lineno < line:
                        effects[(area, via)] = node.lineno
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

    # -- effects --------------------------------------------------------------

    def _import_effects(self) -> Iterable[EffectEvidence]:
        for entry in self.outline.imports:
            if entry.scope == "type-checking" or entry.level:
                continue
            if entry.names:
                targets = [entry.module, *(f"{entry.module}.{name}" for name in entry.names)]
                via = f"from {entry.module} import {', '.join(entry.names)}"
            else:
                targets = [entry.module]
                via = f"import {entry.module}"
            areas = {area for target in targets for area in module_areas(target)}
            for area in AREAS:
                if area in areas:
                    yield EffectEvidence(area, via, entry.line)

    def _call_effects(self, call: ast.Call, written: str) -> Iterable[tuple[str, str]]:
        func = call.func
        qualified = self._qualify(func)
        if qualified is not None:
            if qualified in OPEN_CALLS:
                for area in open_areas(call, 1, self._string):
                    yield area, qualified
                return
            if qualified in FLAGGED_OPENERS:
                for area in flagged_areas(call, qualified):
                    yield area, qualified
                return
            if qualified in DATABASES:
                # a file-backed database: its connection writes the file
                path = call_argument(call, 0, "database")
                text = path.value if isinstance(path, ast.Constant) else None
                for area in for_database(text if isinstance(text, str) else None):
                    yield _OWN_AREAS[area], qualified
                return
            areas = CALLS.get(qualified)
            if areas is None and qualified.startswith("aiofiles.os."):
                areas = CALLS.get(qualified.removeprefix("aiofiles."))
            if areas is None:
                areas = prefix_areas(qualified)
            for area in areas:
                yield area, qualified
            return
        if not isinstance(func, ast.Attribute):
            return
        method = func.attr
        if (method in PATH_METHODS or method == "open") and (
            self._is_path(func.value) or self._shown_path(call, method)
        ):
            areas = open_areas(call, 0, self._string) if method == "open" else PATH_METHODS[method]
            for area in areas:
                yield area, written or method
            return
        for area in DISTINCT_METHODS.get(method, ()):
            yield area, written or method

    def _shown_path(self, call: ast.Call, method: str) -> bool:
        """Whether the receiver of a method whose name says what it does
        (``unlink``, ``mkdir``; ``open`` given a mode) is a path as the
        function holding the call shows it (a name bound only to one)."""
        if method == "open":
            if call_argument(call, 0, "mode") is None:
                return False
        elif method not in METHODS:
            return False
        if self._paths is None:
            self._paths = ModulePaths(self._tree, self._resolver())
        return self._paths.is_path(call, call.func.value)  # type: ignore[attr-defined]

    def _resolver(self) -> Callable[[list[str]], str | None]:
        """What a dotted name resolves to: through the imports, or a class
        or function of the module (:data:`~doxtool.python.outlinepaths.MODULE`).
        No reference back to the walk: the collector is off while a run
        extracts, and a cycle would keep the tree alive."""
        defined, local, aliases = self._defined, self._locals, self._aliases

        def resolve(dotted: list[str]) -> str | None:
            head, parts = dotted[0], dotted[1:]
            if head in defined:
                return ".".join([MODULE, *dotted])
            if head in local:
                return None
            target = aliases.get(head)
            return ".".join([target, *parts]) if target is not None else None

        return resolve

    def _string(self, name: str) -> str | None:
        """The string a module-level name is bound once to (read once)."""
        if self._strings is None:
            self._strings = module_strings(self._tree)
        return self._strings.get(name)

    def _qualify(self, func: ast.expr) -> str | None:
        """Dotted name a plain ``a.b.c`` chain resolves to through the imports."""
        dotted = dotted_parts(func)
        if dotted is None:
            return None
        head, parts = dotted[0], dotted[1:]
        if head in self._locals:
            return None
        if head in self._aliases:
            target = self._aliases[head]
            if target is None:
                return None
            return ".".join([target, *parts])
        if head == "open" and not parts:
            return "open"
        return None

    def _is_path(self, node: ast.expr, depth: int = 0) -> bool:
        """Whether an expression is certainly a ``pathlib`` concrete path."""
        if depth > 16:
            return False
        if isinstance(node, ast.Call):
            func = node.func
            if self._qualify(func) in PATH_CLASSES:
                return True
            if isinstance(func, ast.Attribute):
                if func.attr in ("cwd", "home"):
                    return self._qualify(func.value) in PATH_CLASSES
                if func.attr in PATH_DERIVED:
                    return self._is_path(func.value, depth + 1)
            return False
        if isinstance(node, ast.Attribute) and node.attr == "parent":
            return self._is_path(node.value, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self._is_path(node.left, depth + 1)
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
