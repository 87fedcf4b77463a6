"""The side-effect areas a module's imports and calls show, for its outline
(:mod:`doxtool.python.outline`): the modules imported, the calls resolved
through the imports (``os.remove``, ``open(path, "w")``, ``sqlite3.connect``)
and the methods of receivers that are paths or say what they do."""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable

from doxtool.core.facts import EffectEvidence
from doxtool.core.outline_facts import ImportOutline
from doxtool.python import effects
from doxtool.python.astaliases import local_alias
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
    module_areas,
    open_areas,
    prefix_areas,
)
from doxtool.python.outlinepaths import MODULE, ModulePaths
from doxtool.python.scopebinds import module_binds

#: the tool facts' areas -> the outline's
_OWN_AREAS = {effects.READ: READS, effects.WRITE: WRITES, effects.DELETE: DELETION}


class CallEffects:
    """The effects of one module's imports and calls, given what its top
    binds: ``aliases`` maps each imported name to its dotted target (None
    when bound to two), ``local`` holds the names it binds otherwise and
    ``defined`` its top-level classes and functions."""

    def __init__(
        self,
        tree: ast.Module,
        aliases: dict[str, str | None],
        local: set[str],
        defined: set[str],
    ) -> None:
        self._tree = tree
        self._aliases = aliases
        self._locals = local
        self._defined = defined
        #: module-level names bound once to a string (read when needed)
        self._strings: dict[str, str] | None = None
        #: the paths of the module's functions (read when a call needs them)
        self._paths: ModulePaths | None = None

    def of_imports(self, imports: Iterable[ImportOutline]) -> Iterable[EffectEvidence]:
        for entry in imports:
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

    def of_call(self, call: ast.Call, written: str) -> Iterable[tuple[str, str]]:
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
            return self._held(head, parts)
        if head in self._aliases:
            target = self._aliases[head]
            if target is None:
                return None
            return ".".join([target, *parts])
        if head == "open" and not parts:
            return "open"
        return self._held(head, parts)

    def _held(self, head: str, parts: list[str]) -> str | None:
        """``rm = os.remove`` wherever the module binds ``rm`` (at its top
        too), then ``rm(path)``: what the imported name it stands for is."""
        held = local_alias(self._tree, head, module_binds(self._tree).module())
        target = self._aliases.get(held[0]) if held and held[0] not in self._locals else None
        return ".".join([target, *held[1:], *parts]) if held and target is not None else None

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
