"""The code's side of truth: what a module has, for judging documented items.

:class:`CodeIndex` indexes a module's outline and facts (classes, functions,
names, imports, side-effect evidence); the signature helpers compare a
documented signature with the code's, parameter by parameter.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from doxtool.companions.factlines import code
from doxtool.core.facts import ModuleFacts, ModuleOutline
from doxtool.core.outline_facts import FunctionOutline

#: areas whose evidence is a call or an import in the module itself: only
#: these can be shown missing or refuted; the others (model calls, plugin
#: state, secret handling, ...) travel through helpers doxtool does not follow
PHYSICAL_AREAS = frozenset(
    {
        "filesystem reads",
        "filesystem writes",
        "filesystem deletion",
        "network calls",
        "subprocess/runtime control",
    }
)
#: areas a missing-item finding may name (code evidence is conclusive)
EVIDENT_AREAS = PHYSICAL_AREAS | {"model calls"}


# --- signatures ------------------------------------------------------------------


@dataclass
class _Sig:
    """A signature as compared: its parameters and its return annotation."""

    params: list[tuple[str, str | None, bool, bool]]  # name, annotation, default, star
    returns: str | None


@lru_cache(maxsize=4096)
def parse_signature(text: str) -> _Sig | None:
    """A documented signature, normalised by ``ast``; None when it does not parse.

    Remembered per text (a run compares the same signatures across many
    companions): the result is shared and must not be changed."""
    text = text.strip()
    if text.startswith("async "):
        text = text[len("async ") :].strip()
    text = text.removeprefix("def ").strip()
    try:
        tree = ast.parse(f"def {text}:\n    pass\n")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    fn = tree.body[0] if tree.body else None
    if not isinstance(fn, ast.FunctionDef):
        return None
    args = fn.args
    params: list[tuple[str, str | None, bool, bool]] = []
    positional = [*args.posonlyargs, *args.args]
    defaults = [False] * (len(positional) - len(args.defaults)) + [True] * len(args.defaults)
    for arg, has_default in zip(positional, defaults, strict=True):
        params.append((arg.arg, _unparse(arg.annotation), has_default, False))
    if args.vararg is not None:
        params.append((args.vararg.arg, None, False, True))
    for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        params.append((arg.arg, _unparse(arg.annotation), default is not None, False))
    if args.kwarg is not None:
        params.append((args.kwarg.arg, None, False, True))
    return _Sig(params, _unparse(fn.returns))


def _unparse(node: ast.AST | None) -> str | None:
    if node is None:
        return None
    try:
        return ast.unparse(node)
    except (ValueError, RecursionError):
        return None


@lru_cache(maxsize=8192)
def _normal(text: str | None) -> str | None:
    """An annotation as ``ast`` renders it (quotes and spacing normalised)."""
    if text is None:
        return None
    try:
        return ast.unparse(ast.parse(text, mode="eval").body)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return " ".join(text.split())


def code_signature(fn: FunctionOutline) -> _Sig:
    params = []
    for p in fn.params:
        star = p.kind in ("var-positional", "var-keyword")
        params.append((p.name, None if star else _normal(p.annotation), p.has_default, star))
    return _Sig(params, _normal(fn.returns))


def signature_changes(documented: str, fn: FunctionOutline) -> list[str] | None:
    """How the code's signature differs from the documented one: [] when they
    agree, None when the documented text does not parse."""
    doc = parse_signature(documented)
    if doc is None:
        return None
    real = code_signature(fn)
    doc_params = [(n, _normal(a), d, s) for n, a, d, s in doc.params]
    if doc_params == real.params and _normal(doc.returns) == real.returns:
        return []
    changes: list[str] = []
    doc_names = [p[0] for p in doc_params]
    real_names = [p[0] for p in real.params]
    gained = [n for n in real_names if n not in doc_names]
    lost = [n for n in doc_names if n not in real_names]
    if gained:
        changes.append("gained " + ", ".join(code(n) for n in gained))
    if lost:
        changes.append("lost " + ", ".join(code(n) for n in lost))
    by_name = {p[0]: p for p in real.params}
    for name, annotation, default, star in doc_params:
        actual = by_name.get(name)
        if actual is None or star:
            continue
        if annotation != actual[1]:
            changes.append(
                f"{code(name)} is annotated {code(actual[1]) if actual[1] else 'no type'} now"
            )
        if default != actual[2]:
            changes.append(f"{code(name)} {'has' if actual[2] else 'has no'} default now")
    if not gained and not lost and doc_names != real_names:
        changes.append("reordered its parameters")
    if _normal(doc.returns) != real.returns:
        changes.append(
            f"returns {code(real.returns)} now" if real.returns else "has no return annotation now"
        )
    return changes


# --- the code's side ------------------------------------------------------------


@dataclass(eq=False, repr=False)
class CodeIndex:
    """What the module has, for judging documented items."""

    module: str
    facts: ModuleFacts
    outline: ModuleOutline | None
    #: areas shown by repository modules the module imports (they can't be
    #: refuted), computed on demand
    imported_keyword_areas: Callable[[], frozenset[str]] = frozenset
    exists: Callable[[str], bool] = lambda path: False
    #: areas of the tool facts (doxtool's own detection), canonical names
    tool_areas: frozenset[str] = frozenset()
    #: the module's text, read on demand
    source: Callable[[], str] = lambda: ""

    def mentions(self, name: str) -> bool:
        """Whether ``name`` occurs as a whole word anywhere in the module's text."""
        return re.search(rf"(?<![\w.]){re.escape(name)}(?!\w)", self.source()) is not None

    def __post_init__(self) -> None:
        outline = self.outline
        self.classes: dict[str, list] = {}
        self.functions: dict[str, list[FunctionOutline]] = {}
        self.names: set[str] = set()
        self.imports: set[str] = set()
        if outline is None:
            return
        for cls in outline.classes:
            self.classes.setdefault(cls.name, []).append(cls)
        for fn in outline.functions:
            self.functions.setdefault(fn.name, []).append(fn)
        self.names = set(outline.calls) | set(outline.references)
        for imported in outline.imports:
            if imported.module:
                self.imports.add(imported.module)
            for name in imported.names:
                if name != "*":
                    self.imports.add(f"{imported.module}.{name}" if imported.module else name)
        self.imports.update(self.facts.imports)
        resolved = set()
        imported_names = self.facts.imported_names
        for name in self.names:
            head, _, rest = name.partition(".")
            target = imported_names.get(head)
            if target:
                resolved.add(f"{target}.{rest}" if rest else target)
        self.resolved_names = resolved
        self.effect_areas = {e.area: e for e in reversed(outline.effects)}

    def methods(self, cls: str, name: str) -> list[FunctionOutline]:
        return [m for c in self.classes.get(cls, []) for m in c.methods if m.name == name]

    def has_name(self, documented: str) -> bool:
        name = documented.replace("()", "").strip()
        if name in self.names or name in self.resolved_names:
            return True
        suffix = "." + name
        return any(n.endswith(suffix) for n in self.names) or any(
            n.endswith(suffix) for n in self.resolved_names
        )

    def has_import(self, documented: str) -> bool:
        name = documented.strip()
        if name in self.imports:
            return True
        # ``helpers.x`` for ``from . import x`` in ``helpers/``; ``x`` for a
        # relative ``from .x import y``
        return any(i.endswith("." + name) or name.endswith("." + i) for i in self.imports if i)

    def area_evidence(self, area: str) -> bool:
        """Whether anything (code, the module's text, an imported repository
        module) still shows ``area``."""
        outline = self.outline
        if outline is None:
            return True
        return (
            area in self.effect_areas
            or area in outline.keyword_areas
            or area in self.tool_areas
            or area in self.imported_keyword_areas()
            or area in self.tool_areas
        )
