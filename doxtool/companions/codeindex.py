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
from doxtool.companions.sigleads import undecorated
from doxtool.core.facts import ModuleFacts, ModuleOutline, ToolFacts
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
    text = undecorated(text.strip())
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
    """An annotation as ``ast`` renders it (quotes and spacing normalised); a
    forward reference (``"Node"``, ``list["Node"]``) is its contents."""
    if text is None:
        return None
    try:
        return ast.unparse(_unquoted(ast.parse(text, mode="eval").body, 0))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return " ".join(text.split())


#: subscripts whose strings are values, not forward references
_LITERALS = frozenset({"Literal", "Annotated"})


def _unquoted(node: ast.expr, depth: int) -> ast.expr:
    """``node`` with its string forward references parsed: the annotation
    ``"Node | None"`` is ``Node | None``; ``Literal["a"]`` keeps its string,
    and so does ``Annotated[...]`` beyond its type."""
    if depth > 8:
        return node
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        try:
            inner = ast.parse(node.value.strip(), mode="eval").body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return node
        return _unquoted(inner, depth + 1)
    if isinstance(node, ast.Subscript):
        head = node.value
        name = head.attr if isinstance(head, ast.Attribute) else getattr(head, "id", "")
        if name == "Literal":
            return node
        parts = node.slice.elts if isinstance(node.slice, ast.Tuple) else [node.slice]
        if name in _LITERALS:
            parts = parts[:1]
        for index, part in enumerate(parts):
            unquoted = _unquoted(part, depth + 1)
            if isinstance(node.slice, ast.Tuple):
                node.slice.elts[index] = unquoted
            else:
                node.slice = unquoted
        return node
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        node.left = _unquoted(node.left, depth + 1)
        node.right = _unquoted(node.right, depth + 1)
    return node


def code_signature(fn: FunctionOutline) -> _Sig:
    params = []
    for p in fn.params:
        star = p.kind in ("var-positional", "var-keyword")
        params.append((p.name, None if star else _normal(p.annotation), p.has_default, star))
    return _Sig(params, _normal(fn.returns))


#: a dotted name, or one character of anything else, in an annotation
_ANNOTATION_TOKEN = re.compile(r"[^\W\d]\w*(?:\s*\.\s*[^\W\d]\w*)*|\S")


def _annotations_agree(documented: str | None, actual: str | None) -> bool:
    """Whether a documented annotation says what the code's says. One left
    out on either side is not compared (a signature written without types
    omits them; one the code lacks is not known to be wrong); a dotted name
    agrees with the same name qualified or unqualified (``RSAPublicKey`` is
    ``rsa.RSAPublicKey``)."""
    if documented is None or actual is None or documented == actual:
        return True
    ours = _ANNOTATION_TOKEN.findall(documented)
    theirs = _ANNOTATION_TOKEN.findall(actual)
    if len(ours) != len(theirs):
        return False
    for mine, real in zip(ours, theirs, strict=True):
        mine, real = "".join(mine.split()), "".join(real.split())
        if mine == real:
            continue
        if not (mine[0].isalpha() or mine[0] == "_") or not (real[0].isalpha() or real[0] == "_"):
            return False
        if not (real.endswith("." + mine) or mine.endswith("." + real)):
            return False
    return True


def signature_changes(documented: str, fn: FunctionOutline) -> list[str] | None:
    """How the code's signature differs from the documented one: [] when they
    agree, None when the documented text does not parse."""
    doc = parse_signature(documented)
    if doc is None:
        return None
    real = code_signature(fn)
    first = real.params[0][0] if real.params else None
    if first in ("self", "cls") and (not doc.params or doc.params[0][0] != first):
        # a signature written without the leading ``self`` or ``cls``
        real = _Sig(real.params[1:], real.returns)
    doc_params = [(n, _normal(a), d, s) for n, a, d, s in doc.params]
    shapes = [(n, d, s) for n, _, d, s in doc_params] == [(n, d, s) for n, _, d, s in real.params]
    if (
        shapes
        and all(
            _annotations_agree(p[1], q[1]) for p, q in zip(doc_params, real.params, strict=True)
        )
        and _annotations_agree(_normal(doc.returns), real.returns)
    ):
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
        if not _annotations_agree(annotation, actual[1]):
            changes.append(
                f"{code(name)} is annotated {code(actual[1]) if actual[1] else 'no type'} now"
            )
        if default != actual[2]:
            changes.append(f"{code(name)} {'has' if actual[2] else 'has no'} default now")
    if not gained and not lost and doc_names != real_names:
        changes.append("reordered its parameters")
    if not _annotations_agree(_normal(doc.returns), real.returns):
        changes.append(
            f"returns {code(real.returns)} now" if real.returns else "has no return annotation now"
        )
    return changes


# --- constants ------------------------------------------------------------------


def constant_parts(text: str) -> tuple[str, str | None]:
    """A documented constant: its name and, when written with one, its value
    as ``ast`` renders it (``MAX = 3``, ``MAX: int = 3`` -> ``("MAX", "3")``)."""
    text = text.strip()
    if "=" not in text:
        return text, None
    try:
        stmt = ast.parse(text).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return text, None
    if len(stmt) != 1:
        return text, None
    node = stmt[0]
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target, value = node.targets[0], node.value
    elif isinstance(node, ast.AnnAssign) and node.value is not None:
        target, value = node.target, node.value
    else:
        return text, None
    if not isinstance(target, ast.Name):
        return text, None
    return target.id, _unparse(value)


def _module_values(source: str) -> dict[str, str | None]:
    """Names bound by assignment at module level -> the value of their one
    assignment (None when assigned more than once, or not by a plain one)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return {}
    values: dict[str, str | None] = {}
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        stmt = todo.pop()
        targets: list[ast.expr] = []
        value: ast.expr | None = None
        if isinstance(stmt, ast.Assign):
            targets, value = stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign):
            targets, value = [stmt.target], stmt.value
        elif isinstance(stmt, ast.AugAssign):
            targets = [stmt.target]
        elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody"):
                todo.extend(getattr(stmt, field, ()))
            for handler in getattr(stmt, "handlers", ()):
                todo.extend(handler.body)
            for case in getattr(stmt, "cases", ()):
                todo.extend(case.body)
            continue
        single = len(targets) == 1 and isinstance(targets[0], ast.Name) and value is not None
        for target in targets:
            for node in ast.walk(target):
                if isinstance(node, ast.Name):
                    known = node.id not in values and single
                    values[node.id] = _unparse(value) if known else None
    return values


def _class_names(source: str) -> frozenset[str]:
    """The names of every class a module defines, at any depth."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    return frozenset(node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef))


# --- the code's side ------------------------------------------------------------


def _absolute(module: str, level: int, name: str) -> str:
    """The dotted module a relative import in the module at path ``module``
    names (``helpers/reply.py``, 1, ``tool`` -> ``helpers.tool``); "" when
    it climbs out of the repository."""
    package = module.split("/")[:-1]
    if level - 1 > len(package):
        return ""
    base = package[: len(package) - (level - 1)]
    return ".".join([*base, name]) if base else ""


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
    #: what the modules defining the tool classes the module re-exports call
    #: or name (a compatibility shim's tool), computed on demand
    reexported_names: Callable[[], set[str]] = set

    def mentions(self, name: str) -> bool:
        """Whether ``name`` occurs as a whole word anywhere in the module's
        text, an attribute's name too (``self.poll_interval``,
        ``self.agent.read_prompt(...)``)."""
        return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", self.source()) is not None

    def __post_init__(self) -> None:
        outline = self.outline
        self.classes: dict[str, list] = {}
        self.functions: dict[str, list[FunctionOutline]] = {}
        self.names: set[str] = set()
        self.imports: set[str] = set()
        self.resolved_names: set[str] = set()
        self.untyped_calls: set[str] = set()
        #: a relative import's module -> its spellings (as written, absolute)
        self._spellings: dict[str, set[str]] = {}
        #: a module imported by ``import a.b`` -> the packages it binds too
        #: (``os`` for ``os.path``): either spelling lists the import
        self._parents: dict[str, set[str]] = {}
        self.tool_names: set[str] = set()
        self.foreign_tools: dict[str, ToolFacts] = {}
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
            if not imported.names and not imported.level:
                # ``import os.path`` imports (and binds) ``os`` too
                parts = imported.module.split(".")
                parents = {".".join(parts[:n]) for n in range(1, len(parts))}
                self.imports.update(parents)
                self._parents.setdefault(imported.module, set()).update(parents)
            if imported.level and imported.module:
                # ``from .tool import x`` in ``helpers/`` is ``helpers.tool``:
                # either spelling is the same import
                absolute = _absolute(self.module, imported.level, imported.module)
                if absolute:
                    spellings = self._spellings.setdefault(imported.module, set())
                    spellings |= self._spellings.setdefault(absolute, set())
                    spellings |= {imported.module, absolute}
                    self._spellings[absolute] = self._spellings[imported.module] = spellings
                    self.imports.add(absolute)
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
        self.untyped_calls = set(outline.untyped_calls)
        # what the tool facts say a tool class of the module calls, through
        # its bases in other modules or a class the module re-exports: the
        # derived helpers line lists them, so they are not stale either
        self.tool_names = {name for tool in self.facts.tools for name in tool.helpers}
        #: tool classes the module binds but does not define (re-exported)
        self.foreign_tools = {
            tool.class_name: tool for tool in self.facts.tools if tool.defined_in_path is not None
        }

    def methods(self, cls: str, name: str) -> list[FunctionOutline]:
        return [m for c in self.classes.get(cls, []) for m in c.methods if m.name == name]

    def has_name(self, documented: str) -> bool:
        name = documented.replace("()", "").strip()
        suffix = "." + name
        for names in (self.names, self.resolved_names, self.tool_names):
            if name in names or any(n.endswith(suffix) for n in names):
                return True
        if self.foreign_tools:
            names = self.reexported_names()
            if name in names or any(n.endswith(suffix) for n in names):
                return True
        # ``Formatter.render`` for ``fmt.render()`` or ``BaseEcho.prepare`` for
        # ``super().prepare()``: whose method is called is not known here
        owner, _, method = name.rpartition(".")
        return bool(owner) and method in self.untyped_calls

    def has_inner_class(self, name: str) -> bool:
        """Whether the module defines a class ``name`` inside a class or a
        function (the outline holds module-level classes only)."""
        inner = self.__dict__.get("_inner_classes")
        if inner is None:
            inner = self.__dict__["_inner_classes"] = _class_names(self.source())
        return name in inner

    def constant_value(self, name: str) -> str | None:
        """The value of the module's one assignment of ``name``, as ``ast``
        renders it; None when there is none, or more than one."""
        values = self.__dict__.get("_values")
        if values is None:
            values = self.__dict__["_values"] = _module_values(self.source())
        return values.get(name)

    def same_import(self, documented: str, derived: str) -> bool:
        """Whether two module names are spellings of one import of the module
        (``tool`` and ``helpers.tool`` for ``from .tool import x`` in
        ``helpers/``; ``os`` for ``import os.path``, which binds ``os``)."""
        return (
            documented == derived
            or documented in self._spellings.get(derived, ())
            or documented in self._parents.get(derived, ())
        )

    def spells_from_import(self, documented: str, derived: str) -> bool:
        """Whether ``documented`` (``helpers.projects``) spells an import of
        the module ``derived`` (``helpers``) by the name it takes from it:
        ``from helpers import projects`` (any name, after a star import).
        ``helpers.tool`` of ``from helpers.tool import Tool`` is another
        import, not a spelling of ``from helpers import files``."""
        if not documented.startswith(derived + "."):
            return False
        if self.outline is None:
            return True
        head = documented[len(derived) + 1 :].split(".", 1)[0]
        return any(
            imported.module == derived and (head in imported.names or "*" in imported.names)
            for imported in self.outline.imports
        )

    def resolve(self, documented: str) -> str:
        """A dotted name with its first part resolved through the module's
        imports (``txt.clean`` -> ``helpers.text.clean`` after ``from helpers
        import text as txt``); the name itself when it is not imported."""
        head, dot, rest = documented.partition(".")
        target = self.facts.imported_names.get(head)
        if not target:
            return documented
        return f"{target}{dot}{rest}"

    def has_import(self, documented: str) -> bool:
        name = documented.strip()
        if name in self.imports:
            return True
        # ``helpers.x`` for ``from . import x`` in ``helpers/``; ``x`` for a
        # relative ``from .x import y``; a run of an imported module's parts
        # (``helpers`` or ``_model_config`` for ``plugins._model_config.helpers``):
        # the module still imports from there
        inner = f".{name}."
        return any(name.endswith("." + i) or inner in f".{i}." for i in self.imports if i)

    def has_file_import(self, module: str) -> bool:
        """Whether the module imports ``module``, named by its file
        (``helpers/tool.py``, ``helpers/__init__.py``), or a module of that
        package: a file names one module, and ``python/helpers/tool.py`` is
        not ``helpers.tool``."""
        return any(i == module or i.startswith(module + ".") for i in self.imports)

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
