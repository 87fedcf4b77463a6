"""Rendering fact lines: the blocks a module's facts call for.

:func:`expected_blocks` renders the lines a module's facts call for, in
canonical order; :func:`render_block` re-renders an existing block while
keeping the parts a person wrote into it (prose after a sentence, argument
and test prose, notes, side-effect areas doxtool cannot detect). Values have
the shapes :mod:`doxtool.companions.factlines` describes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any

from doxtool.companions.argitems import UNKNOWN_PRESENCE
from doxtool.companions.errornames import qualify_errors, repairable_values
from doxtool.companions.factlines import (
    DETECTED_AREAS,
    HOME_SECTION,
    OPEN_NONE,
    ExpectedBlock,
    Keep,
    block_key,
    code,
    detected_area,
    display_code,
    display_name,
    enum_text,
    helper_labels,
    json_text,
    link_neighbours,
    method_name,
    sentence_end,
)
from doxtool.companions.itemmarks import arranged
from doxtool.companions.keeping import (
    in_written_order,
    kept_lead,
    true_item_lines,
    with_persons_arguments,
    with_persons_values,
)
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import line_content
from doxtool.core.facts import ARGUMENTS, BREAK_LOOP, ModuleFacts, ToolFacts


def _class_values(module: ModuleFacts) -> list[dict[str, Any]]:
    return [
        {
            "name": display_code(cls.name),
            "bases": [display_code(base) for base in cls.bases],
            "methods": [display_code(method.text) for method in cls.methods],
        }
        for cls in module.classes
    ]


def _nameable(name: str) -> bool:
    """Whether an item can name the argument: its written name is not blank
    (`` ` ` `` is no argument; the empty key is written ``""``)."""
    return bool(display_name(name).strip(" \t"))


def _argument_values(tool: ToolFacts) -> list[dict[str, Any]]:
    values = []
    seen: set[str] = set()
    for argument in tool.arguments:
        # a blank key (``args.get(" ")``) has no item a companion could name
        # it by (`` ` ` `` is no argument: :func:`~doxtool.companions.argitems.argument_line`)
        if argument.name in seen or not _nameable(argument.name):
            continue
        seen.add(argument.name)
        written = json_text(argument.default) if argument.has_default else None
        default = json_text(argument.working_default) if argument.has_default else None
        values.append(
            {
                "name": display_name(argument.name),
                "required": argument.required,
                "required_unknown": argument.required_unknown,
                "type": argument.type,
                "type_open": argument.type_open,  # a person's type stands
                "default": default,
                "has_default": argument.has_default,
                "code_default": written if written != default else None,  # `"2"` of int("2")
                "default_unknown": argument.default_unknown,
                "enum": [enum_text(v) for v in argument.enum] if argument.enum else None,
                "values_unknown": argument.values_unknown,
                "alternatives": [display_name(a) for a in argument.alternatives] or None,
                "prose": "",
            }
        )
    return values


def _break_loop_values(tool: ToolFacts) -> list[str]:
    """The booleans the tool's ``Response``s are seen to give. A value
    doxtool cannot evaluate (``self.done``) is no value: it makes the fact
    unknown (:meth:`~doxtool.core.facts.ToolFacts.knows`)."""
    values = [outcome.break_loop for outcome in tool.outcomes]
    parts = []
    if True in values:
        parts.append("true")
    if any(value is False for value in values):
        parts.append("false")
    return parts


def _side_effect_values(module: ModuleFacts) -> list[str]:
    observed = {area for tool in module.tools for area in tool.side_effects}
    known = [written for fact, written in DETECTED_AREAS.items() if fact in observed]
    # areas the extractor may learn later are written as they come
    unknown = sorted(area for area in observed if area not in DETECTED_AREAS)
    return known + unknown


def helper_values(module: ModuleFacts) -> list[str]:
    """The helpers the tools of ``module`` call, as written on the helpers line, in its order."""
    # a blank name is no call (and an empty code span would join its neighbours)
    names = sorted(
        {display_code(name) for tool in module.tools for name in tool.helpers if name.strip()}
    )
    labels = helper_labels(names)
    return sorted(names, key=lambda name: (labels[name].casefold(), labels[name]))


def tool_base(module: ModuleFacts, tool: ToolFacts) -> str:
    """The base the tool class is a tool through, as written in the source
    (``Tool`` in ``Fetch(TimeoutMixin, Tool)``; ``ToolFacts.bases`` are
    resolved names, which serve a tool class defined in another module)."""
    cls = module.class_named(tool.class_name)
    bases = cls.bases if cls is not None and cls.bases else tool.bases
    if not bases:
        return "Tool"
    return display_code(bases[tool.is_a_base if tool.is_a_base < len(bases) else 0])


def _defines_execute(module: ModuleFacts, tool: ToolFacts) -> bool:
    if tool.execute is None:
        return False
    if tool.execute.defined_in:
        return (
            tool.execute.defined_in == f"{tool.class_name}.execute"
            and tool.execute.defined_in_path is None
        )
    cls = module.class_named(tool.class_name)
    return cls is not None and any(m.name == "execute" for m in cls.methods)


#: the kinds of the blocks of a tool's contract (:func:`contract_blocks`)
CONTRACT_KINDS = ("arguments", "break-loop", "repairable")

#: (kind, subject, values) of a block
Spec = tuple[str, str | None, Any]


def expected_blocks(module: ModuleFacts, tests: Sequence[str] = ()) -> list[ExpectedBlock]:
    """The fact blocks ``module``'s companion should contain, in canonical order.

    ``tests`` are the repository paths of the tests related to the module.
    """
    specs: list[Spec] = []
    if module.classes:
        specs.append(("classes", None, _class_values(module)))
    if module.functions:
        specs.append(("functions", None, [display_code(f.text) for f in module.functions]))
    if module.constants:
        constants = [display_code(name) for name in module.constants]
        specs.append(("constants", None, list(dict.fromkeys(constants))))
    tool_specs, open = _tool_specs(module)
    specs.extend(tool_specs)
    # Side effects and helpers are tool facts: a module without tools has
    # none to report, which is not the same as having none.
    if module.tools:
        specs.append(("side-effects", None, _side_effect_values(module)))
    specs.append(("imports", None, list(dict.fromkeys(map(display_code, module.imports)))))
    if module.tools:
        specs.append(("helpers", None, helper_values(module)))
    test_paths = list(dict.fromkeys(map(display_name, tests)))
    if test_paths:
        specs.append(("tests", None, test_paths))
    blocks = [_expected(kind, subject, values, open) for kind, subject, values in specs]
    qualify_errors(blocks, module)
    link_neighbours(blocks)
    return blocks


def contract_blocks(module: ModuleFacts) -> list[ExpectedBlock]:
    """The blocks of :func:`expected_blocks` of the :data:`CONTRACT_KINDS`, in
    its order, the others not rendered; their neighbours are not linked."""
    specs, open = _tool_specs(module)
    blocks = [_expected(*spec, open) for spec in specs if spec[0] in CONTRACT_KINDS]
    qualify_errors(blocks, module)
    return blocks


def _tool_specs(module: ModuleFacts) -> tuple[list[Spec], set[str]]:
    """(kind, subject, values) of the blocks about the module's tool classes,
    and the classes taking more arguments than their items can name."""
    specs: list[Spec] = []
    seen_tools: set[str] = set()
    open: set[str] = set()
    for tool in module.tools:
        if tool.class_name in seen_tools:
            continue
        seen_tools.add(tool.class_name)
        subject = tool.class_name
        if (
            tool.dynamic_reads
            or tool.other_arguments
            or not all(_nameable(a.name) for a in tool.arguments)
        ):
            open.add(subject)  # more arguments than its items can name
        specs.append(("is-tool", subject, tool_base(module, tool)))
        if _defines_execute(module, tool):
            specs.append(("defines", f"{subject}.execute", True))
        if tool.knows(ARGUMENTS):
            # not known (an ``execute`` doxtool does not read): no line
            specs.append(("arguments", subject, _argument_values(tool)))
        break_loop = _break_loop_values(tool)
        if break_loop or tool.knows(BREAK_LOOP):
            # nothing known of it (a value doxtool cannot follow): no line
            specs.append(("break-loop", subject, break_loop))
        repairable = repairable_values(tool)
        if repairable:
            specs.append(("repairable", subject, repairable))
    return specs, open


def _expected(kind: str, subject: str | None, values: Any, open: set[str]) -> ExpectedBlock:
    is_open = kind == "arguments" and subject in open
    return ExpectedBlock(
        key=block_key(kind, subject),
        kind=kind,
        subject=subject,
        section=HOME_SECTION[kind],
        lines=_render(kind, subject, values, Keep(), is_open),
        values=values,
        open=is_open,
    )


# --- Rendering -------------------------------------------------------------


def _bullet(text: str) -> str:
    return f"- {text}"


def _nested(text: str) -> str:
    return f"  - {text}"


def _code_list(items: Sequence[str]) -> str:
    return ", ".join(code(item) for item in items) if items else "none"


def _assemble(lead: str, items: list[tuple[str, str]], keep: Keep) -> list[str]:
    """Lead line, items, and each note after the item it was written under.

    ``items`` are (item key, line). A note that is part of an item that is
    gone (nested under it, and listed in ``keep.own_notes``) goes with it;
    other notes whose item is gone go to the end of the block, in their
    original order.
    """
    notes_by_anchor: dict[str | None, list[str]] = {}
    for anchor, text in keep.notes:
        notes_by_anchor.setdefault(anchor, []).append(text)
    lines = [lead + keep.prose, *notes_by_anchor.get(None, [])]
    placed: set[str | None] = {None}
    for key, line in items:
        lines.append(line)
        if key not in placed:
            placed.add(key)
            lines.extend(notes_by_anchor.get(key, []))
    lines.extend(
        text
        for position, (anchor, text) in enumerate(keep.notes)
        if anchor not in placed and position not in keep.own_notes
    )
    return lines


def _take_prose(keep: Keep, key: str, used: set[str]) -> str:
    # a key can repeat (a property getter and setter); its prose goes once
    if key in used:
        return ""
    used.add(key)
    return keep.item_prose.get(key, "")


def class_bullet(name: str, bases: Sequence[str]) -> str:
    if bases:
        return _bullet(f"{code(name)} ({', '.join(code(base) for base in bases)})")
    return _bullet(code(name))


def _render_classes(subject: str | None, values: Any, keep: Keep) -> list[str]:
    items: list[tuple[str, str]] = []
    used: set[str] = set()
    for cls in values:
        items.append((cls["name"], class_bullet(cls["name"], cls["bases"])))
        for signature in cls["methods"]:
            key = f"{cls['name']}.{method_name(signature)}"
            items.append((key, _nested(code(signature) + _take_prose(keep, key, used))))
    return _assemble("- Classes:", items, keep)


def _render_functions(subject: str | None, values: Any, keep: Keep) -> list[str]:
    items = [(method_name(signature), _bullet(code(signature))) for signature in values]
    return _assemble("- Top-level functions:", items, keep)


def argument_fact(argument: dict[str, Any]) -> str:
    """The fact part of an argument item, without its final period."""
    if argument.get("required_unknown"):
        head = UNKNOWN_PRESENCE  # the code does not say which
    else:
        head = "required" if argument["required"] else "optional"
    if argument["type"]:
        head += f" {argument['type']}"
    clauses: dict[str, str] = {}
    if argument["has_default"]:
        clauses["default"] = f"default {code(argument['default'])}"
    if argument["enum"]:
        clauses["enum"] = "one of " + ", ".join(code(value) for value in argument["enum"])
    if argument.get("alternatives"):
        names = ", ".join(code(name) for name in argument["alternatives"])
        clauses["alternatives"] = "alternative to " + names
    # the clauses in the order the person wrote them (``clause_order``), then the others
    order = [*argument.get("clause_order", ()), "default", "enum", "alternatives"]
    return ", ".join([head, *(clauses[key] for key in dict.fromkeys(order) if key in clauses)])


def _render(kind: str, subject: str | None, values: Any, keep: Keep, open: bool) -> list[str]:
    if kind == "arguments":
        return render_arguments(subject, values, keep, open)
    return RENDERERS[kind](subject, values, keep)


def render_arguments(subject: str | None, values: Any, keep: Keep, open: bool = False) -> list[str]:
    """An ``Arguments of`` block; ``open``: the tool takes arguments it does not name."""
    lead = f"- Arguments of {code(subject or '')}:"
    if keep.prose.strip() == OPEN_NONE:
        keep = dataclasses.replace(keep, prose="")  # doxtool's own words, said again if so
    if not values:
        return _assemble(lead + (f" {OPEN_NONE}" if open else " none."), [], keep)
    used: set[str] = set()
    items = []
    for argument in values:
        name = argument["name"]
        if name in keep.lines:
            # an item whose facts doxtool could not read: never rewritten
            items.append((name, keep.lines[name]))
            continue
        line = keep.marks.get(name, "  - ") + f"{code(name)}: {argument_fact(argument)}"
        items.append((name, line + sentence_end(_take_prose(keep, name, used))))
    return _assemble(lead, items, keep)


def _render_tests(subject: str | None, values: Any, keep: Keep) -> list[str]:
    used: set[str] = set()
    # paths, or the derived items that list them
    paths = [value if isinstance(value, str) else value.text for value in values]
    items = [(path, _nested(code(path) + _take_prose(keep, path, used))) for path in paths]
    return _assemble("- Related tests observed by source search:", items, keep)


def _sentence_renderer(
    lead: Callable[[str | None], str], content: Callable[[Any], str]
) -> Callable[[str | None, Any, Keep], list[str]]:
    """A single-line fact: ``- <lead> <content>.`` plus the person's prose."""

    def render(subject: str | None, values: Any, keep: Keep) -> list[str]:
        sentence = f"- {lead(subject)}{content(values)}{keep.clause}"
        return [sentence + sentence_end(keep.prose)]

    return render


def break_loop_text(parts: Sequence[str]) -> str:
    if not parts:
        return "none"
    if len(parts) == 1 and parts[0] in ("true", "false"):
        return f"always {code(parts[0])}"
    return " or ".join(code(part) for part in parts)


def _render_side_effects(subject: str | None, values: Any, keep: Keep) -> list[str]:
    written = {area.casefold() for area in values}
    areas = list(values)
    for area in keep.areas:
        if area.casefold() not in written:
            written.add(area.casefold())
            areas.append(area)
    text = ", ".join(areas) if areas else "none"
    return [f"- Observed side-effect areas: {text}" + sentence_end(keep.prose)]


def _render_helpers(subject: str | None, values: Any, keep: Keep) -> list[str]:
    labels = helper_labels(values)
    text = _code_list([labels[name] for name in values])
    return [
        f"- Important called helpers/classes observed in the source: {text}{keep.clause}"
        + sentence_end(keep.prose)
    ]


_Renderer = Callable[[str | None, Any, Keep], list[str]]

RENDERERS: dict[str, _Renderer] = {
    "classes": _render_classes,
    "functions": _render_functions,
    "constants": _sentence_renderer(
        lambda _: "Notable constants/configuration names: ", _code_list
    ),
    "is-tool": _sentence_renderer(lambda subject: f"{code(subject or '')} is a ", code),
    "defines": _sentence_renderer(
        lambda subject: f"{code((subject or '').rpartition('.')[0])} defines ",
        lambda _: "`execute(...)`",
    ),
    "arguments": render_arguments,
    "break-loop": _sentence_renderer(
        lambda subject: f"`break_loop` of {code(subject or '')}: ", break_loop_text
    ),
    "repairable": _sentence_renderer(
        lambda subject: f"Repairable errors raised by {code(subject or '')}: ", _code_list
    ),
    "side-effects": _render_side_effects,
    "imports": _sentence_renderer(lambda _: "Imported dependency areas include: ", _code_list),
    "helpers": _render_helpers,
    "tests": _render_tests,
}


def kept_parts(existing: FactBlock, companion: Companion) -> Keep:
    """What a rewrite of ``existing`` must carry over from the companion."""
    notes = []
    own: set[int] = set()
    for note in existing.notes:
        if 0 <= note.line < len(companion.lines):
            # (an argument's: its removal is an unsafe fix, see DOX111)
            if note.own and existing.kind == "arguments":
                own.add(len(notes))
            notes.append((note.anchor, line_content(companion.lines[note.line])))
    areas: list[str] = []
    if existing.kind == "side-effects" and isinstance(existing.values, list):
        areas = [a for a in existing.values if isinstance(a, str) and detected_area(a) is None]
    return Keep(
        lines=_unread_items(existing, companion),
        prose=existing.prose,
        clause=existing.clause,
        item_prose=dict(existing.item_prose),
        notes=notes,
        own_notes=own,
        areas=areas,
    )


def _unread_items(existing: FactBlock, companion: Companion) -> dict[str, str]:
    """Name -> line of the argument items of ``existing`` whose facts are not read."""
    if existing.kind != "arguments" or not isinstance(existing.values, list):
        return {}
    lines = {}
    for value in existing.values:
        if not isinstance(value, dict) or not value.get("fields_unknown"):
            continue
        line = existing.item_lines.get(value.get("name", "")) or 0
        if 0 < line <= len(companion.lines):
            lines[value["name"]] = line_content(companion.lines[line - 1])
    return lines


def render_block(
    expected: ExpectedBlock, existing: FactBlock | None, companion: Companion
) -> list[str]:
    """The lines ``expected`` should be written as, in place of ``existing``.

    What a person wrote into the existing block survives: prose after a fact
    sentence, argument and test prose (matched by name), notes between the
    items, and side-effect areas doxtool cannot detect; so does the lead
    line as written, when it still says the same.
    """
    if existing is None or existing.kind != expected.kind:
        return list(expected.lines)
    keep = kept_parts(existing, companion)
    values = expected.values
    if expected.open:
        values = with_persons_arguments(expected, existing) or values
    if expected.kind == "arguments":
        values = with_persons_values(values, existing)
        values, keep = arranged(in_written_order(values, existing, companion), existing, keep)
        keep = dataclasses.replace(
            keep, lines={**true_item_lines(expected, existing, companion), **keep.lines}
        )
    lines = _render(expected.kind, expected.subject, values, keep, expected.open)
    if lines and 0 <= existing.start < len(companion.lines):
        lines[0] = kept_lead(lines[0], line_content(companion.lines[existing.start]))
    return lines
