"""Truth, item by item: what a companion's fact lines say against the code.

A documented item is read from the companion with its place (line and
column span), then judged by the code alone:

- *stale*: it names something the module no longer has (a class, a method,
  a function, a constant, an import, a called name, a test file, an area
  whose last evidence is gone);
- *changed*: it names something the module has, but says it wrongly (a
  class's bases, a signature);
- *missing*: the convention derives an item from today's code that the
  companion lacks; a list that already holds as many items as the
  convention's cap is complete.

A true item the convention would not have listed (a private method added by
hand, an extra test, an area doxtool cannot see) is never a finding, and
order alone is not one. Each verdict carries the edit that fixes exactly its
item: the rest of the line and every other line keep their bytes. Removing
an item that carries a person's words (text after it, notes under it) is an
unsafe fix.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from doxtool.companions.conventions import AREAS, Convention, canonical_area
from doxtool.companions.derive import (
    Item,
    code_list,
    render_class_bullet,
    render_function,
    render_method,
    render_signature,
    render_test,
)
from doxtool.companions.edits import block_edit
from doxtool.companions.factlines import (
    ExpectedBlock,
    code,
    display_code,
    method_name,
    spans,
    split_sentence,
)
from doxtool.companions.leads import NO_BASE
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import Edit, line_content
from doxtool.core.facts import FunctionOutline, ModuleFacts, ModuleOutline

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

STALE = "stale"
CHANGED = "changed"
MISSING = "missing"


@dataclass
class Verdict:
    """One item of a companion judged against the code."""

    kind: str
    state: str
    #: the item's key (class name, ``Class.method``, module, call name, area, path)
    key: str
    message: str
    #: 1-based line of the companion the finding points at
    line: int
    edits: list[Edit] = field(default_factory=list)
    #: the fix removes text a person wrote: applied only on request
    unsafe: bool = False
    #: the verdict is on a whole block the companion lacks
    whole_block: bool = False

    @property
    def subject(self) -> str:
        return f"{self.kind}:{self.key}:{self.state}"


@dataclass
class DocItem:
    """An item as a companion writes it."""

    key: str
    text: str
    #: 0-based line index in the companion
    index: int
    #: span of the item (its code span, backticks included) in the line
    start: int = 0
    end: int = 0
    owner: str | None = None
    #: text after the item on its bullet line
    after: str = ""
    #: indexes of lines under the item that are not items (a person's notes)
    notes: list[int] = field(default_factory=list)
    bases: list[str] | None = None
    children: list[DocItem] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.index + 1

    def last_index(self) -> int:
        last = max([self.index, *self.notes])
        for child in self.children:
            last = max(last, child.last_index())
        return last

    def carries_words(self) -> bool:
        if self.after.strip(" \t.,;:") or self.notes:
            return True
        return any(child.carries_words() for child in self.children)


# --- reading documented items ----------------------------------------------------


def _bullet_code(content: str) -> tuple[int, int, str] | None:
    """(start, end, code) of the code span a bullet line opens with."""
    stripped = content.lstrip(" \t")
    offset = len(content) - len(stripped)
    if stripped[:1] not in ("-", "*", "+"):
        return None
    body_start = offset + 1
    while body_start < len(content) and content[body_start] in " \t":
        body_start += 1
    parts = spans(content[body_start:])
    if not parts or not parts[0].code or parts[0].start != 0:
        return None
    return body_start + parts[0].start, body_start + parts[0].end, parts[0].text


def _nested(content: str) -> bool:
    """Indented like a nested bullet: a tab, or two spaces or more."""
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    return "\t" in indent or len(indent) >= 2


def read_bullets(
    companion: Companion, block: FactBlock, bare_has_no_bases: bool = True
) -> list[DocItem]:
    """Items of a bullet block (classes with their methods, functions, tests)."""
    items: list[DocItem] = []
    current_class: DocItem | None = None
    last: DocItem | None = None
    in_code = {i for b in companion.code_blocks for i in range(b.start, b.end)}
    for index in range(block.start + 1, block.end):
        content = line_content(companion.lines[index])
        if not content.strip(" \t"):
            continue
        found = None if index in in_code else _bullet_code(content)
        nested = _nested(content)
        if found is None:
            if last is not None:
                last.notes.append(index)
            continue
        start, end, text = found
        after = content[end:]
        if block.kind == "classes" and not nested:
            if not text.isidentifier():
                if last is not None:
                    last.notes.append(index)
                continue
            rest = after.strip(" \t")
            bases: list[str] | None = None
            if rest == NO_BASE or (not rest and bare_has_no_bases):
                bases = []
            elif not rest:
                bases = None  # says nothing about bases
            elif rest.startswith("(") and rest.endswith(")"):
                bases = [p.text for p in spans(rest[1:-1]) if p.code]
            if bases is None and rest:
                if last is not None:
                    last.notes.append(index)
                continue
            current_class = DocItem(text, text, index, start, end, bases=bases)
            items.append(current_class)
            last = current_class
            continue
        if block.kind == "classes":
            if current_class is None:
                continue
            method = DocItem(
                f"{current_class.key}.{method_name(text)}",
                text,
                index,
                start,
                end,
                owner=current_class.key,
                after=after,
            )
            current_class.children.append(method)
            last = method
            continue
        if block.kind == "functions" and nested:
            if last is not None:
                last.notes.append(index)
            continue
        if block.kind == "tests" and not nested:
            continue
        key = method_name(text) if block.kind == "functions" else text
        item = DocItem(key, text, index, start, end, after=after)
        items.append(item)
        last = item
    return items


@dataclass
class SentenceLine:
    """A one-line list (``- Lead: `a`, `b`.``) split into its parts."""

    index: int
    content: str
    #: where the items begin (after the lead phrase and its space)
    head: int
    #: where the sentence ends (its ``.``; the line's end when there is none)
    tail: int
    items: list[DocItem]
    #: the items are written ``a, b, c`` (a fix can rebuild the list)
    canonical: bool
    #: the sentence is ``none``
    none: bool = False


def read_sentence(companion: Companion, block: FactBlock) -> SentenceLine:
    content = line_content(companion.lines[block.start])
    colon = content.find(":")
    head = colon + 1
    while head < len(content) and content[head] in " \t":
        head += 1
    sentence, _, found = split_sentence(content[head:])
    tail = head + len(sentence) if found else len(content)
    region = content[head:tail]
    items: list[DocItem] = []
    if block.kind == "side-effects":
        position = head
        for piece in region.split(","):
            word = piece.strip(" \t")
            if word and word.casefold() != "none":
                start = position + piece.index(word)
                items.append(DocItem(word, word, block.start, start, start + len(word)))
            position += len(piece) + 1
        # ``a, b`` (a stray ``none`` among areas is dropped when the line is rebuilt)
        pieces = [piece.strip(" \t") for piece in region.split(",")]
        canonical = all(pieces) and region.strip(" \t") == ", ".join(pieces)
    else:
        for part in spans(region):
            if part.code:
                items.append(
                    DocItem(part.text, part.text, block.start, head + part.start, head + part.end)
                )
        rebuilt = ", ".join(region[i.start - head : i.end - head] for i in items)
        canonical = region.strip(" \t") in (rebuilt, "none")
    return SentenceLine(
        block.start,
        content,
        head,
        tail,
        items,
        canonical,
        none=region.strip(" \t").casefold() == "none",
    )


# --- signatures ------------------------------------------------------------------


@dataclass
class _Sig:
    params: list[tuple[str, str | None, bool, bool]]  # name, annotation, default, star
    returns: str | None


def parse_signature(text: str) -> _Sig | None:
    """A documented signature, normalised by ``ast``; None when it does not parse."""
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


@dataclass
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


# --- judging ------------------------------------------------------------------


@dataclass
class Judge:
    module: str
    companion: Companion
    convention: Convention
    code: CodeIndex
    verdicts: list[Verdict] = field(default_factory=list)

    def __post_init__(self) -> None:
        marks = self.convention.generated_marks
        text = "".join(self.companion.lines)
        self.generated = not marks or any(mark in text for mark in marks)

    def _edit(self, start: int, end: int, lines: list[str]) -> Edit:
        return Edit(self.companion.path, start, end, lines)

    def add(
        self,
        kind: str,
        state: str,
        key: str,
        message: str,
        line: int,
        edits: Sequence[Edit] = (),
        unsafe: bool = False,
    ) -> None:
        if state == MISSING and not self.generated:
            return  # a hand-written companion chose what it lists
        self.verdicts.append(Verdict(kind, state, key, message, line, list(edits), unsafe))

    # -- bullet blocks ---------------------------------------------------------

    def removal(self, item: DocItem) -> tuple[list[Edit], bool]:
        end = item.last_index() + 1
        return [self._edit(item.index, end, [])], item.carries_words()

    def rewrite_span(self, item: DocItem, text: str) -> Edit:
        content = line_content(self.companion.lines[item.index])
        return self._edit(
            item.index, item.index + 1, [content[: item.start] + code(text) + content[item.end :]]
        )

    def classes(self, block: FactBlock, expected: ExpectedBlock | None) -> None:
        documented = read_bullets(self.companion, block, self.convention.bare_class_has_no_bases)
        code_index = self.code
        known = code_index.outline is not None
        for cls in documented:
            definitions = code_index.classes.get(cls.key)
            if known and not definitions:
                edits, unsafe = self.removal(cls)
                self.add(
                    "classes",
                    STALE,
                    cls.key,
                    f"`{self.module}` no longer has class `{cls.key}` "
                    f"(documented at line {cls.line})",
                    cls.line,
                    edits,
                    unsafe,
                )
                continue
            if definitions and cls.bases is not None:
                actual = [definitions[0].bases, *[d.bases for d in definitions[1:]]]
                if not any(_bases_agree(cls.bases, bases) for bases in actual):
                    bases = definitions[0].bases
                    content = line_content(self.companion.lines[cls.index])
                    new = (
                        content[: cls.end]
                        + " "
                        + (
                            f"({', '.join(code(b) for b in bases)})"
                            if bases
                            else (NO_BASE if self.convention.name == "agent-zero" else "")
                        )
                    )
                    written = ", ".join(code(b) for b in cls.bases) or "no base"
                    self.add(
                        "classes",
                        CHANGED,
                        cls.key,
                        f"class `{cls.key}` derives from "
                        f"{code_list([Item(b, b) for b in bases]) or 'no base class'} "
                        f"in the code, not {written} ({self.module}:{definitions[0].line})",
                        cls.line,
                        [self._edit(cls.index, cls.index + 1, [new.rstrip()])],
                    )
            for method in cls.children:
                self._method(cls, method)
        if expected is None:
            return
        present = {c.key: c for c in documented}
        derived = list(expected.values)
        for position, cls in enumerate(derived):
            doc = present.get(cls.key)
            if doc is None:
                lines = [render_class_bullet(cls.text, cls.bases, self.convention)]
                lines += [render_method(m) for m in cls.children]
                index = self._insertion_after(documented, derived, position, present)
                self.add(
                    "classes",
                    MISSING,
                    cls.key,
                    f"class `{cls.key}` ({self.module}:{cls.line}) is not listed in the "
                    "Classes block",
                    block.line if index is None else index + 1,
                    [self._edit(index, index, lines)] if index is not None else [],
                )
                continue
            self._missing_methods(doc, cls)

    def _method(self, cls: DocItem, method: DocItem) -> None:
        if self.code.outline is None:
            return
        name = method.key.rsplit(".", 1)[-1]
        defs = self.code.methods(cls.key, name)
        if not defs:
            edits, unsafe = self.removal(method)
            self.add(
                "classes",
                STALE,
                method.key,
                f"`{cls.key}` no longer has method `{name}` (documented at line {method.line})",
                method.line,
                edits,
                unsafe,
            )
            return
        self._signature("classes", method, defs, f"{cls.key}.{name}")

    def _signature(self, kind: str, item: DocItem, defs: list[FunctionOutline], label: str) -> None:
        results = [(fn, signature_changes(item.text, fn)) for fn in defs]
        if any(changes is None or changes == [] for _, changes in results):
            return
        fn, changes = results[0]
        text = display_code(render_signature(fn, self.convention.signatures))
        self.add(
            kind,
            CHANGED,
            item.key,
            f"`{label}` {', '.join(changes or [])} ({self.module}:{fn.line})",
            item.line,
            [self.rewrite_span(item, text)],
        )

    def _missing_methods(self, doc: DocItem, cls: Item) -> None:
        cap = self.convention.method_cap
        if cap is not None and len(doc.children) >= cap:
            return
        present = {m.key for m in doc.children}
        for position, method in enumerate(cls.children):
            if method.key in present:
                continue
            index = doc.index + 1
            for earlier in reversed(cls.children[:position]):
                found = next((m for m in reversed(doc.children) if m.key == earlier.key), None)
                if found is not None:
                    index = found.last_index() + 1
                    break
            else:
                if doc.notes:
                    # notes right under the class bullet stay with it
                    index = max(doc.notes) + 1 if not doc.children else doc.children[0].index
            self.add(
                "classes",
                MISSING,
                method.key,
                f"method `{method.key}` ({self.module}:{method.line}) is not listed "
                f"under `{doc.key}`",
                doc.line,
                [self._edit(index, index, [self._like(doc.children, render_method(method))])],
            )

    def _like(self, siblings: list[DocItem], line: str) -> str:
        """``line`` written with the indentation and bullet of its siblings
        (tabs stay tabs, ``*`` stays ``*``)."""
        if not siblings:
            return line
        sibling = line_content(self.companion.lines[siblings[0].index])
        prefix = sibling[: siblings[0].start]
        body = line.lstrip(" \t")[1:].lstrip(" \t")
        return prefix + body

    def _insertion_after(
        self,
        documented: list[DocItem],
        derived: list[Item],
        position: int,
        present: dict[str, DocItem],
    ) -> int | None:
        for earlier in reversed(derived[:position]):
            found = present.get(earlier.key)
            if found is not None:
                return found.last_index() + 1
        for later in derived[position + 1 :]:
            found = present.get(later.key)
            if found is not None:
                return found.index
        if documented:
            return documented[-1].last_index() + 1
        return None

    def bullets(self, block: FactBlock, expected: ExpectedBlock | None) -> None:
        """Functions and tests."""
        kind = block.kind
        documented = read_bullets(self.companion, block)
        for item in documented:
            if kind == "functions":
                if self.code.outline is None:
                    continue
                defs = self.code.functions.get(item.key, [])
                if not defs:
                    edits, unsafe = self.removal(item)
                    self.add(
                        kind,
                        STALE,
                        item.key,
                        f"`{self.module}` no longer defines function `{item.key}` "
                        f"(documented at line {item.line})",
                        item.line,
                        edits,
                        unsafe,
                    )
                    continue
                self._signature(kind, item, defs, item.key)
            elif not self.code.exists(item.text):
                edits, unsafe = self.removal(item)
                self.add(
                    kind,
                    STALE,
                    item.key,
                    f"related test `{item.text}` does not exist (documented at line {item.line})",
                    item.line,
                    edits,
                    unsafe,
                )
        if expected is None:
            return
        cap = self.convention.function_cap if kind == "functions" else self.convention.test_cap
        if cap is not None and len(documented) >= cap:
            return
        present = {d.key: d for d in documented}
        derived = list(expected.values)
        render = render_function if kind == "functions" else render_test
        for position, item in enumerate(derived):
            if item.key in present:
                continue
            index = self._insertion_after(documented, derived, position, present)
            if index is None:
                index = block.start + 1
            where = f" ({self.module}:{item.line})" if item.line else ""
            message = (
                f"function `{item.key}`{where} is not listed among the top-level functions"
                if kind == "functions"
                else f"test `{item.text}` imports or names the module but is not listed"
            )
            edits = [self._edit(index, index, [self._like(documented, render(item))])]
            if block.line and block.empty:
                edits = [self._edit(block.start, block.end, expected.lines)]
            self.add(kind, MISSING, item.key, message, block.line, edits)

    # -- sentence lines ----------------------------------------------------------

    def sentence(self, block: FactBlock, expected: ExpectedBlock | None) -> None:
        kind = block.kind
        if block.empty:
            line = SentenceLine(
                block.start, line_content(self.companion.lines[block.start]), 0, 0, [], False
            )
        else:
            line = read_sentence(self.companion, block)
        removals: list[tuple[DocItem, str]] = []
        for item in line.items:
            problem = self._stale_sentence_item(kind, item)
            if problem is not None:
                removals.append((item, problem))
        additions: list[tuple[int, Item, str]] = []
        if expected is not None:
            additions = self._missing_sentence_items(kind, line, expected)
        if not removals and not additions:
            return
        edits = self._sentence_edit(block, line, [r[0] for r in removals], additions, expected)
        for item, problem in removals:
            self.add(kind, STALE, item.key, problem, block.line, edits)
        for _, item, problem in additions:
            self.add(kind, MISSING, item.key, problem, block.line, edits)

    def _stale_sentence_item(self, kind: str, item: DocItem) -> str | None:
        code_index = self.code
        where = f"(documented at line {item.line})"
        if kind == "constants":
            if code_index.outline is None:
                return None
            outline = code_index.outline
            if item.text in outline.assigned or item.text in outline.constants:
                return None
            if item.text in code_index.classes or item.text in code_index.functions:
                return None
            if code_index.mentions(item.text):
                return None  # a configuration name read from the environment or a table
            return f"`{self.module}` no longer assigns `{item.text}` {where}"
        if kind == "imports":
            if code_index.outline is None or code_index.has_import(item.text):
                return None
            return f"`{self.module}` no longer imports `{item.text}` {where}"
        if kind == "helpers":
            if code_index.outline is None or code_index.has_name(item.text):
                return None
            return f"`{self.module}` no longer calls or names `{item.text}` {where}"
        if kind == "side-effects":
            area = canonical_area(item.text)
            if area is None or area not in PHYSICAL_AREAS or code_index.area_evidence(area):
                return None
            return (
                f"`{self.module}` shows no {area} any more: no call, import or keyword "
                f"for it is left {where}"
            )
        return None

    def _missing_sentence_items(
        self, kind: str, line: SentenceLine, expected: ExpectedBlock
    ) -> list[tuple[int, Item, str]]:
        cap = {
            "imports": self.convention.import_cap,
            "helpers": self.convention.helper_cap,
        }.get(kind)
        if cap is not None and len(line.items) >= cap:
            return []
        documented = [i.text for i in line.items]
        missing = []
        for position, item in enumerate(expected.values):
            if _covered(kind, item, documented):
                continue
            if kind == "side-effects" and item.key not in EVIDENT_AREAS:
                continue
            missing.append((position, item, self._missing_message(kind, item)))
        return missing

    def _missing_message(self, kind: str, item: Item) -> str:
        at = f" (line {item.line})" if item.line else ""
        if kind == "constants":
            return (
                f"`{self.module}` assigns `{item.text}`{at}, which the constants line does not list"
            )
        if kind == "imports":
            return (
                f"`{self.module}` imports `{item.text}`{at}, which the imports line does not list"
            )
        if kind == "helpers":
            return (
                f"`{self.module}` calls `{item.text}`, which the called helpers line does not list"
            )
        evidence = self.code.effect_areas.get(item.key) if self.code.outline else None
        via = f" (`{evidence.via}` at line {evidence.line})" if evidence else ""
        return (
            f"`{self.module}` shows {item.key}{via}, which the side-effect areas line does not list"
        )

    def _sentence_edit(
        self,
        block: FactBlock,
        line: SentenceLine,
        removed: list[DocItem],
        additions: list[tuple[int, Item, str]],
        expected: ExpectedBlock | None,
    ) -> list[Edit]:
        if block.empty:
            if expected is None or block.prose.strip():
                return []  # a person's words follow the sentence
            return [self._edit(block.start, block.start + 1, list(expected.lines))]
        if not line.canonical:
            return []
        content = line.content
        kept = [i for i in line.items if i not in removed]
        pieces: list[tuple[str, str]] = [(i.text, content[i.start : i.end]) for i in kept]
        derived_keys = [item.text for item in (expected.values if expected is not None else [])]
        for position, item, _ in additions:
            if block.kind == "side-effects":
                index = _area_index(pieces, item.key)
                pieces.insert(index, (item.text, item.text))
                continue
            index = _insertion_index(pieces, derived_keys, position)
            pieces.insert(index, (item.text, code(item.text)))
        after = content[line.tail :]
        if not pieces:
            if after.strip(" \t.") or block.end - block.start > 1:
                return []
            if block.kind == "helpers" and self.convention.declarative_line:
                return [
                    self._edit(block.start, block.end, [f"- {self.convention.declarative_line}"])
                ]
            if self.convention.name == "agent-zero":
                return [self._edit(block.start, block.end, [])]
            body = "none"
        else:
            body = ", ".join(raw for _, raw in pieces)
        if not after.startswith("."):
            after = "." + after
        return [self._edit(block.start, block.start + 1, [content[: line.head] + body + after])]

    # -- one-line statements -------------------------------------------------------

    def statement(self, block: FactBlock) -> None:
        if self.code.outline is None:
            return
        content = line_content(self.companion.lines[block.start])
        unsafe = bool(block.prose.strip(" \t.")) or block.end - block.start > 1
        removal = [self._edit(block.start, block.end, [])]
        if block.kind == "is-tool":
            owner = block.subject or ""
            if owner not in self.code.classes:
                self.add(
                    "is-tool",
                    STALE,
                    owner,
                    f"`{self.module}` no longer has class `{owner}` "
                    f"(documented at line {block.line})",
                    block.line,
                    removal,
                    unsafe,
                )
            elif not any(c.bases for c in self.code.classes[owner]):
                self.add(
                    "is-tool",
                    CHANGED,
                    owner,
                    f"class `{owner}` has no base class in the code, so it is not "
                    f"{code(str(block.values))} ({self.module}:{self.code.classes[owner][0].line})",
                    block.line,
                    removal,
                    unsafe,
                )
            return
        owner, _, method = (block.subject or "").rpartition(".")
        if owner not in self.code.classes:
            self.add(
                "defines",
                STALE,
                block.subject or "",
                f"`{self.module}` no longer has class `{owner}` (documented at line {block.line})",
                block.line,
                removal,
                unsafe,
            )
        elif not self.code.methods(owner, method):
            self.add(
                "defines",
                STALE,
                block.subject or "",
                f"`{owner}` no longer defines `{method}` (documented at line {block.line})",
                block.line,
                removal,
                unsafe,
            )
        del content


#: kinds whose block is a list of items (a statement line has none)
_LISTS = frozenset(
    {"classes", "functions", "constants", "side-effects", "imports", "helpers", "tests"}
)


def _bases_agree(documented: Sequence[str], actual: Sequence[str]) -> bool:
    if len(documented) != len(actual):
        return False
    for doc, real in zip(documented, actual, strict=True):
        doc = "".join(doc.split())
        real = "".join(real.split())
        if doc == real or real.endswith("." + doc) or doc.endswith("." + real):
            continue
        if _normal(doc) == _normal(real):
            continue
        return False
    return True


def _covered(kind: str, item: Item, documented: Iterable[str]) -> bool:
    """Whether a derived item is already stated by one of the documented ones."""
    for text in documented:
        text = text.strip()
        if kind == "side-effects":
            if canonical_area(text) == item.key:
                return True
            continue
        if text == item.text or text == item.key:
            return True
        if kind == "imports" and text.startswith(item.key + "."):
            return True  # ``helpers.projects`` written for ``from helpers import projects``
        if kind == "helpers":
            name = text.replace("()", "")
            if item.key.endswith("." + name) or name.endswith("." + item.key) or name == item.key:
                return True
    return False


def _area_index(pieces: list[tuple[str, str]], area: str) -> int:
    """Where ``area`` goes among written areas: before the first that comes
    after it in the canonical order, else at the end."""
    rank = AREAS.index(area) if area in AREAS else len(AREAS)
    for index, (text, _) in enumerate(pieces):
        other = canonical_area(text)
        if other in AREAS and AREAS.index(other) > rank:
            return index
    return len(pieces)


def _insertion_index(pieces: list[tuple[str, str]], order: list[str], position: int) -> int:
    keys = [key for key, _ in pieces]
    for earlier in reversed(order[:position]):
        if earlier in keys:
            return keys.index(earlier) + 1
    for later in order[position + 1 :]:
        if later in keys:
            return keys.index(later)
    return len(pieces)


def judge(
    module: str,
    companion: Companion,
    convention: Convention,
    code_index: CodeIndex,
    expected: list[ExpectedBlock],
    kinds: frozenset[str],
) -> list[Verdict]:
    """Every verdict on the item blocks of ``companion``."""
    judge_ = Judge(module, companion, convention, code_index)
    by_key = {block.key: block for block in expected}
    seen: set[str] = set()
    for block in companion.blocks:
        if block.kind not in kinds:
            continue
        seen.add(block.key)
        wanted = by_key.get(block.key)
        if block.kind == "classes":
            judge_.classes(block, wanted)
        elif block.kind in ("functions", "tests"):
            judge_.bullets(block, wanted)
        elif block.kind in ("constants", "imports", "helpers", "side-effects"):
            judge_.sentence(block, wanted)
        elif block.kind in ("is-tool", "defines"):
            judge_.statement(block)
    for block in expected:
        if block.kind not in kinds or block.key in seen:
            continue
        if not block.values and block.kind in _LISTS and not convention.writes_empty_lines:
            continue  # the convention leaves an empty list out
        if judge_.generated:
            judge_.verdicts.append(_missing_block(judge_, block))
    _combine_insertions(judge_.verdicts)
    return judge_.verdicts


def _combine_insertions(verdicts: list[Verdict]) -> None:
    """Missing blocks inserted at one place become one edit, their lines in
    the order the verdicts came (the canonical order), so applying any subset
    of the findings writes each block once and in order."""
    at: dict[tuple[str, int], list[Verdict]] = {}
    for verdict in verdicts:
        if verdict.state != MISSING or len(verdict.edits) != 1:
            continue
        edit = verdict.edits[0]
        if edit.is_insertion and verdict.whole_block:
            at.setdefault((edit.path, edit.start), []).append(verdict)
    for (path, start), group in at.items():
        if len(group) < 2:
            continue
        lines = [line for verdict in group for line in verdict.edits[0].lines]
        combined = Edit(path, start, start, lines)
        for verdict in group:
            verdict.edits = [combined]


def _in_present_section(judge_: Judge, block: ExpectedBlock) -> ExpectedBlock:
    """``block`` homed in the section the companion has under another
    accepted title (``Local Contracts`` for Runtime Contracts), if any."""
    if judge_.companion.section(block.section) is not None:
        return block
    spec = judge_.convention.section(block.section)
    for title in spec.titles() if spec is not None else ():
        present = judge_.companion.section(title)
        if present is not None:
            return replace(block, section=present.title)
    return block


def _missing_block(judge_: Judge, block: ExpectedBlock) -> Verdict:
    names = ", ".join(code(item.text) for item in block.values[:6]) if block.values else ""
    more = f" and {len(block.values) - 6} more" if len(block.values) > 6 else ""
    module = judge_.module
    label = {
        "classes": f"`{module}` has classes {names}{more} but the companion has no Classes block",
        "functions": f"`{module}` has functions {names}{more} but the companion has no "
        "Top-level functions block",
        "constants": f"`{module}` assigns {names}{more} but the companion has no constants line",
        "imports": f"`{module}` imports {names}{more} but the companion has no imports line",
        "helpers": f"`{module}` calls {names}{more} but the companion has no called helpers line",
        "tests": f"tests {names}{more} import or name the module but the companion lists none",
        "side-effects": f"`{module}` shows {', '.join(i.key for i in block.values)} but the "
        "companion has no side-effect areas line",
    }
    if block.kind == "is-tool":
        owner = block.subject or ""
        base = block.values[0].text if block.values else "Tool"
        article = "an" if base[:1].casefold() in "aeiou" else "a"
        message = f"the companion does not say that `{owner}` is {article} `{base}`"
    elif block.kind == "defines":
        owner, _, method = (block.subject or "").rpartition(".")
        message = f"the companion does not say that `{owner}` defines `{method}(...)`"
    else:
        message = label[block.kind]
    edit = block_edit(judge_.companion, _in_present_section(judge_, block))
    line = edit.start + 1 if edit is not None else 1
    return Verdict(
        block.kind,
        MISSING,
        block.key,
        message,
        min(line, max(judge_.companion.line_count, 1)),
        [edit] if edit is not None else [],
        whole_block=True,
    )
