"""The fact lines a convention derives from a module's facts.

:func:`expected_blocks` turns :class:`~doxtool.core.facts.ModuleFacts` into the
blocks a companion following a :class:`~doxtool.companions.conventions.Convention`
should hold, in canonical order, each with its rendered lines (what a new
companion or a missing block is written as) and its *items*: the comparable
units a check looks at one by one (a class, a method, an import, a called
name, an area, a test). The tool-contract blocks (arguments, ``break_loop``,
repairable errors) keep the values of :mod:`doxtool.companions.factlines`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from doxtool.companions.conventions import AREAS, Convention
from doxtool.companions.evidence import TOOL_FACT_AREAS, tool_evidence
from doxtool.companions.factlines import (
    HOME_SECTION,
    ExpectedBlock,
    Keep,
    block_key,
    code,
    display_code,
    display_name,
    escape_unsafe,
    helper_labels,
    link_neighbours,
)
from doxtool.companions.rendering import RENDERERS, contract_blocks, helper_values, tool_base
from doxtool.core.facts import BREAK_LOOP, ModuleFacts, ModuleOutline, ToolFacts
from doxtool.core.outline_facts import ClassOutline, FunctionOutline, Param

#: Kinds whose blocks are compared item by item (:mod:`doxtool.companions.truth`).
ITEM_KINDS = frozenset(
    {
        "classes",
        "functions",
        "constants",
        "is-tool",
        "defines",
        "side-effects",
        "imports",
        "helpers",
        "tests",
    }
)

CLASSES_LEAD = "- Classes:"
FUNCTIONS_LEAD = "- Top-level functions:"
CONSTANTS_LEAD = "- Notable constants/configuration names: "
AREAS_LEAD = "- Observed side-effect areas: "
IMPORTS_LEAD = "- Imported dependency areas include: "
HELPERS_LEAD = "- Important called helpers/classes observed in the source: "
TESTS_LEAD = "- Related tests observed by source search:"
NO_TESTS_LINE = (
    "- No direct test reference was found by name search; choose the nearest behavioral "
    "test or perform a focused smoke check."
)


@dataclass
class Item:
    """One listed thing of a fact block."""

    #: what documented items are matched on (class name, ``Class.method``,
    #: function name, module, call name, area, test path)
    key: str
    #: the item as the convention writes it (a code span's content, an area)
    text: str
    #: the line of the code that shows it (0: unknown)
    line: int = 0
    #: a class's methods
    children: list[Item] = field(default_factory=list)
    #: what follows the item's code span on its line (a function's docstring)
    suffix: str = ""
    #: a class's bases as the convention writes them
    bases: list[str] = field(default_factory=list)
    #: where the code shows an area (`` `open` at line 10 ``); empty: unknown
    evidence: str = ""


# --- signatures -------------------------------------------------------------


def render_signature(fn: FunctionOutline, style: str) -> str:
    """``[async ]name(params)[ -> returns]`` with defaults shown as ``=...``.

    The ``agent-zero`` style drops the ``/`` and ``*`` markers and the
    annotations of ``*args`` and ``**kwargs``; ``doxtool`` keeps them.
    """
    parts: list[str] = []
    keep_markers = style != "agent-zero"
    positional_only = False
    star_written = False
    for param in fn.params:
        if param.kind != "positional-only" and positional_only and keep_markers:
            parts.append("/")
            positional_only = False
        if param.kind == "positional-only":
            positional_only = True
        if param.kind == "var-positional":
            star_written = True
            parts.append("*" + _param(param, keep_markers))
            continue
        if param.kind == "var-keyword":
            parts.append("**" + _param(param, keep_markers))
            continue
        if param.kind == "keyword-only" and not star_written and keep_markers:
            parts.append("*")
            star_written = True
        parts.append(_param(param, True))
    if positional_only and keep_markers:
        parts.append("/")
    text = f"{fn.name}({', '.join(parts)})"
    if fn.returns:
        text += f" -> {fn.returns}"
    return ("async " if fn.is_async else "") + text


def _param(param: Param, annotated: bool) -> str:
    text = param.name
    if annotated and param.annotation:
        text += f": {param.annotation}"
    if param.has_default:
        text += "=..."
    return text


def _listed_methods(cls: ClassOutline, convention: Convention) -> list[FunctionOutline]:
    methods = [m for m in cls.methods if m.top_level]
    if convention.methods == "public":
        methods = [m for m in methods if not m.name.startswith("_")]
    if convention.method_cap is not None:
        methods = methods[: convention.method_cap]
    return methods


# --- agent-zero derivations from the outline -------------------------------------


def _class_items(outline: ModuleOutline, convention: Convention) -> list[Item]:
    items = []
    for cls in outline.classes:
        if not cls.top_level:
            continue
        children = [
            Item(
                f"{cls.name}.{m.name}",
                display_code(render_signature(m, convention.signatures)),
                m.line,
            )
            for m in _listed_methods(cls, convention)
        ]
        items.append(
            Item(
                cls.name,
                display_code(cls.name),
                cls.line,
                children,
                bases=[display_code(b) for b in cls.bases],
            )
        )
    return items


def _function_items(outline: ModuleOutline, convention: Convention) -> list[Item]:
    functions = [f for f in outline.functions if f.top_level]
    if convention.function_cap is not None:
        functions = functions[: convention.function_cap]
    items = []
    for fn in functions:
        doc = fn.doc
        if convention.ascii_dashes:
            doc = doc.replace("\u2014", "-").replace("\u2013", "-")
        suffix = f": {escape_unsafe(doc)}" if convention.function_docs and doc else ""
        items.append(
            Item(
                fn.name,
                display_code(render_signature(fn, convention.signatures)),
                fn.line,
                [],
                suffix,
            )
        )
    return items


def _import_items(outline: ModuleOutline, convention: Convention) -> list[Item]:
    found: dict[str, int] = {}
    for imported in outline.imports:
        if convention.import_scope == "module" and imported.scope != "module":
            continue
        if imported.module and imported.module not in found:
            found[imported.module] = imported.line
    names = sorted(found)
    if convention.import_cap is not None:
        names = names[: convention.import_cap]
    return [Item(name, display_code(name), found[name]) for name in names]


def _helper_items(
    outline: ModuleOutline, convention: Convention, tools: Sequence[ToolFacts] = ()
) -> list[Item]:
    """The call chains the helpers line lists, breadth first, up to the cap.

    When a tool of the module handles interventions, the line names the call
    (what DOX132 looks for) even past the cap: it takes the last place of a
    full list, or follows a short one when the call is made elsewhere (in a
    base class of another module)."""
    names = [
        name for name in outline.calls if name.rsplit(".", 1)[-1] not in convention.helper_exclude
    ]
    cap = convention.helper_cap
    if cap is not None:
        capped = names[:cap]
        if cap > 0 and any(t.intervention for t in tools) and not any(map(_intervenes, capped)):
            made = [h for t in tools for h in t.helpers if _intervenes(h)]
            wanted = next(filter(_intervenes, names), None) or next(
                iter(made), "self.agent.handle_intervention"
            )
            capped = [*capped[: cap - 1], wanted] if len(capped) >= cap else [*capped, wanted]
        names = capped
    return [Item(name, display_code(name)) for name in names]


def _intervenes(name: str) -> bool:
    return name.rsplit(".", 1)[-1] == "handle_intervention"


def _area_items(areas: Sequence[str], convention: Convention, lines: dict[str, int]) -> list[Item]:
    ordered = [area for area in AREAS if area in areas]
    ordered += sorted(area for area in areas if area not in AREAS)
    return [Item(area, convention.area_name(area), lines.get(area, 0)) for area in ordered]


def module_areas(facts: ModuleFacts) -> dict[str, int]:
    """Areas the module's code shows -> the first line showing each."""
    lines: dict[str, int] = {}
    if facts.outline is not None:
        for evidence in facts.outline.effects:
            lines.setdefault(evidence.area, evidence.line)
    return lines


# --- blocks ---------------------------------------------------------------------


def _article(word: str) -> str:
    return "an" if word[:1].casefold() in "aeiou" else "a"


def render_class_bullet(name: str, bases: Sequence[str], convention: Convention) -> str:
    if bases:
        return f"- {code(name)} ({', '.join(code(base) for base in bases)})"
    if convention.name == "agent-zero":
        return f"- {code(name)} (no explicit base class)"
    return f"- {code(name)}"


def render_method(item: Item) -> str:
    return f"  - {code(item.text)}{item.suffix}"


def render_function(item: Item) -> str:
    return f"- {code(item.text)}{item.suffix}"


def render_test(item: Item) -> str:
    return f"  - {code(item.text)}"


def code_list(items: Sequence[Item]) -> str:
    return ", ".join(code(item.text) for item in items)


def render_items(
    kind: str, subject: str | None, items: list[Item], convention: Convention
) -> list[str]:
    """The lines of a block of an item kind."""
    if kind == "classes":
        lines = [CLASSES_LEAD]
        for cls in items:
            lines.append(render_class_bullet(cls.text, cls.bases, convention))
            lines.extend(render_method(m) for m in cls.children)
        return lines
    if kind == "functions":
        return [FUNCTIONS_LEAD, *(render_function(item) for item in items)]
    if kind == "constants":
        return [f"{CONSTANTS_LEAD}{code_list(items) or 'none'}."]
    if kind == "is-tool":
        base = items[0].text if items else "Tool"
        return [f"- {code(subject or '')} is {_article(base)} {code(base)}."]
    if kind == "defines":
        owner, _, method = (subject or "").rpartition(".")
        return [f"- {code(owner)} defines {code(method + '(...)')}."]
    if kind == "side-effects":
        return [f"{AREAS_LEAD}{', '.join(item.text for item in items) or 'none'}."]
    if kind == "imports":
        return [f"{IMPORTS_LEAD}{code_list(items) or 'none'}."]
    if kind == "helpers":
        if not items and convention.declarative_line:
            return [f"- {convention.declarative_line}"]
        return [f"{HELPERS_LEAD}{code_list(items) or 'none'}."]
    if kind == "tests":
        if not items:
            return [NO_TESTS_LINE]
        return [TESTS_LEAD, *(render_test(item) for item in items)]
    raise ValueError(kind)


def _block(
    kind: str, subject: str | None, items: list[Item], convention: Convention
) -> ExpectedBlock:
    key = f"{kind}:{subject}" if subject is not None else kind
    return ExpectedBlock(
        key=key,
        kind=kind,
        subject=subject,
        section=HOME_SECTION[kind],
        lines=render_items(kind, subject, items, convention),
        values=items,
    )


def _tool_contract(module: ModuleFacts, convention: Convention) -> list[ExpectedBlock]:
    """Arguments, ``break_loop`` and repairable-error blocks of the tool classes."""
    if not convention.tool_contract:
        return []
    return contract_blocks(module)  # linked with the others by expected_blocks


def _doxtool_blocks(
    module: ModuleFacts, tests: Sequence[str], convention: Convention
) -> list[ExpectedBlock]:
    """doxtool's own format, from the facts libcst extracted."""
    blocks: list[ExpectedBlock] = []
    if module.classes:
        items = [
            Item(
                cls.name,
                display_code(cls.name),
                cls.line,
                [Item(f"{cls.name}.{m.name}", display_code(m.text), m.line) for m in cls.methods],
                bases=[display_code(b) for b in cls.bases],
            )
            for cls in module.classes
        ]
        blocks.append(_block("classes", None, items, convention))
    if module.functions:
        items = [Item(f.name, display_code(f.text), f.line) for f in module.functions]
        blocks.append(_block("functions", None, items, convention))
    if module.constants:
        names = list(dict.fromkeys(module.constants))
        blocks.append(
            _block("constants", None, [Item(n, display_code(n)) for n in names], convention)
        )
    contract = {block.key: block for block in _tool_contract(module, convention)}
    seen: set[str] = set()
    for tool in module.tools:
        if tool.class_name in seen:
            continue
        seen.add(tool.class_name)
        cls = module.class_named(tool.class_name)
        base = tool_base(module, tool)
        blocks.append(_block("is-tool", tool.class_name, [Item(base, base)], convention))
        defined_here = tool.execute is not None and (
            (
                tool.execute.defined_in == f"{tool.class_name}.execute"
                and tool.execute.defined_in_path is None
            )
            or (
                not tool.execute.defined_in
                and cls is not None
                and any(m.name == "execute" for m in cls.methods)
            )
        )
        if defined_here:
            blocks.append(_block("defines", f"{tool.class_name}.execute", [], convention))
        for kind in ("arguments", "break-loop", "repairable"):
            block = contract.get(f"{kind}:{tool.class_name}")
            if block is not None:
                blocks.append(block)
    if module.tools:
        observed = {area for tool in module.tools for area in tool.side_effects}
        canonical = {TOOL_FACT_AREAS.get(area, area) for area in observed}
        items = _area_items(sorted(canonical), convention, {})
        evidence = tool_evidence(module)
        for item in items:
            item.evidence = evidence.get(item.key, "")
        blocks.append(_block("side-effects", None, items, convention))
    imports = list(dict.fromkeys(module.imports))
    blocks.append(_block("imports", None, [Item(n, display_code(n)) for n in imports], convention))
    if module.tools:
        ordered = helper_values(module)
        labels = helper_labels(ordered)
        blocks.append(_block("helpers", None, [Item(n, labels[n]) for n in ordered], convention))
    test_paths = list(dict.fromkeys(map(display_name, tests)))
    if test_paths:
        blocks.append(_block("tests", None, [Item(t, t) for t in test_paths], convention))
    return blocks


def _agent_zero_blocks(
    module: ModuleFacts, tests: Sequence[str], convention: Convention
) -> list[ExpectedBlock]:
    outline = module.outline
    if outline is None:
        # ``ast`` could not read it: say nothing rather than guess
        return _tool_contract(module, convention)
    blocks: list[ExpectedBlock] = []
    classes = _class_items(outline, convention)
    if classes:
        blocks.append(_block("classes", None, classes, convention))
    functions = _function_items(outline, convention)
    if functions:
        blocks.append(_block("functions", None, functions, convention))
    if outline.constants:
        names = list(dict.fromkeys(outline.constants))
        blocks.append(
            _block("constants", None, [Item(n, display_code(n)) for n in names], convention)
        )
    contract = {block.key: block for block in _tool_contract(module, convention)}
    for cls in outline.classes:
        if not cls.top_level:
            continue
        bases = [base.rsplit(".", 1)[-1] for base in cls.bases]
        # a direct base only: an indirect subclass gets no line (ImageSearch(WebSearch))
        is_a = next((b for b in bases if b in convention.is_a_bases), None)
        if is_a is not None:
            blocks.append(_block("is-tool", cls.name, [Item(is_a, display_code(is_a))], convention))
        names = {m.name for m in cls.methods}
        for method in convention.defines:
            if method in names:
                blocks.append(_block("defines", f"{cls.name}.{method}", [], convention))
        for kind in ("arguments", "break-loop", "repairable"):
            block = contract.get(f"{kind}:{cls.name}")
            if block is not None:
                blocks.append(block)
    areas = module_areas(module)
    if areas or convention.side_effects == "always":
        blocks.append(
            _block("side-effects", None, _area_items(list(areas), convention, areas), convention)
        )
    imports = _import_items(outline, convention)
    if imports:
        blocks.append(_block("imports", None, imports, convention))
    helpers = _helper_items(outline, convention, module.tools)
    blocks.append(_block("helpers", None, helpers, convention))
    paths = list(dict.fromkeys(map(display_name, tests)))
    if convention.test_cap is not None:
        paths = paths[: convention.test_cap]
    blocks.append(_block("tests", None, [Item(t, t) for t in paths], convention))
    return blocks


def expected_blocks(
    module: ModuleFacts, tests: Sequence[str], convention: Convention
) -> list[ExpectedBlock]:
    """The blocks ``module``'s companion should hold under ``convention``, in
    canonical order (``tests``: the repository paths of its related tests)."""
    if convention.name == "agent-zero":
        blocks = _agent_zero_blocks(module, tests, convention)
    else:
        blocks = _doxtool_blocks(module, tests, convention)
    link_neighbours(blocks)
    # the `break_loop` line of a tool doxtool knows in part (`bool(done)`
    # beside `False`) is compared, never written with its missing section:
    # its *always* would say what the code is not seen to do
    partial = {block_key(BREAK_LOOP, t.class_name) for t in module.tools if not t.knows(BREAK_LOOP)}
    for block in blocks:
        block.section_lines = {
            key: lines
            for key, lines in block.section_lines.items()
            if key == block.key or key not in partial
        }
    return blocks


def rerender(block: ExpectedBlock, convention: Convention) -> list[str]:
    """A block's lines again (after its items changed)."""
    if block.kind in ITEM_KINDS:
        return render_items(block.kind, block.subject, block.values, convention)
    return RENDERERS[block.kind](block.subject, block.values, Keep())


def items_of(block: ExpectedBlock) -> list[Any]:
    return list(block.values) if block.kind in ITEM_KINDS else []
