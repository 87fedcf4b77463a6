"""The fact lines doxtool owns in a ``.py.dox.md`` companion.

A fact line is recognised by its lead phrase (``- Classes:``, ``- Observed
side-effect areas:`` ...); some carry nested bullets. This module knows how
they are written: it renders the lines a module's facts call for
(:func:`expected_blocks`), re-renders an existing block while keeping the
parts a person wrote into it (:func:`render_block`), and decides whether a
block found in a companion still agrees with the facts (:func:`values_agree`).
Reading companions is :mod:`doxtool.companion`'s job.

Values are the comparable content of a block, identical in shape whether they
come from facts or from a parsed companion:

=================  ============================================================
kind               values
=================  ============================================================
classes            ``[{"name", "bases": [str], "methods": [signature text]}]``
functions          ``[signature text]``
constants          ``[name]``
is-tool            first base as written (``"Tool"``)
defines            ``True``
arguments          ``[{"name", "required", "type", "default", "has_default",
                   "enum", "alternatives", "prose"}]``; ``default`` is JSON
                   text, ``enum`` the rendered values, ``alternatives`` the
                   other arguments of which one is needed; ``required`` is None for an item whose
                   text does not follow the grammar
break-loop         ``["true", "false", <expression>...]``
repairable         ``[exception short name]``
side-effects       ``[area]`` (facts: the detected areas; companion: as written)
imports            ``[module]``
helpers            ``[name]`` (facts: full dotted names; companion: as written)
tests              ``[path]``
=================  ============================================================
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from doxtool.edits import line_content
from doxtool.facts import ModuleFacts, ToolFacts

if TYPE_CHECKING:
    from doxtool.companion import Companion, FactBlock

#: Section titles of a companion, in canonical order.
SECTIONS = (
    "Purpose",
    "Ownership",
    "Runtime Contracts",
    "Key Concepts",
    "Work Guidance",
    "Verification",
    "Child DOX Index",
)

#: Per-tool kinds, in the order they are written for each tool.
TOOL_KINDS = ("is-tool", "defines", "arguments", "break-loop", "repairable")

#: Every block kind and the section it belongs in.
HOME_SECTION = {
    "classes": "Ownership",
    "functions": "Ownership",
    "constants": "Ownership",
    **dict.fromkeys(TOOL_KINDS, "Runtime Contracts"),
    "side-effects": "Runtime Contracts",
    "imports": "Runtime Contracts",
    "helpers": "Key Concepts",
    "tests": "Verification",
}

#: Kinds whose block continues past the lead line.
MULTILINE_KINDS = frozenset({"classes", "functions", "arguments", "tests"})

#: Detectable side-effect areas: fact vocabulary -> companion vocabulary, in
#: the order they are written.
DETECTED_AREAS = {
    "filesystem read": "filesystem reads",
    "filesystem write": "filesystem writes",
    "filesystem delete": "filesystem deletion",
    "network": "network",
    "subprocess": "subprocess",
}

# Spellings a person may use for a detectable area.
_AREA_SPELLINGS = {
    **{written: written for written in DETECTED_AREAS.values()},
    **DETECTED_AREAS,
    "filesystem deletes": "filesystem deletion",
    "filesystem deletions": "filesystem deletion",
    "subprocesses": "subprocess",
}


def normalize_title(title: str) -> str:
    """Section titles compare ignoring case and runs of whitespace."""
    return " ".join(title.split()).casefold()


def detected_area(text: str) -> str | None:
    """The companion spelling of a detectable area, or None for any other area."""
    return _AREA_SPELLINGS.get(" ".join(text.split()).casefold())


# --- Markdown code spans ---------------------------------------------------

_BACKTICK_RUN = re.compile(r"`+")


class Span(NamedTuple):
    """A piece of a line: a code span (content unwrapped) or plain text.

    A named tuple: a companion's lines are split into thousands of these.
    """

    code: bool
    text: str
    start: int
    end: int


def spans(text: str) -> list[Span]:
    """Split a line into code spans and plain text, as CommonMark does.

    A run of N backticks opens a code span closed by the next run of exactly
    N backticks; an unmatched run is plain text.
    """
    if "`" not in text:
        return [Span(False, text, 0, len(text))] if text else []
    runs = [(match.start(), match.end()) for match in _BACKTICK_RUN.finditer(text)]
    # closer[i]: the next run with the same length as run i (linear, so a
    # line full of backticks cannot make this quadratic)
    closer: list[int | None] = [None] * len(runs)
    next_of_length: dict[int, int] = {}
    for index in range(len(runs) - 1, -1, -1):
        length = runs[index][1] - runs[index][0]
        closer[index] = next_of_length.get(length)
        next_of_length[length] = index
    result: list[Span] = []
    plain_start = 0
    index = 0
    while index < len(runs):
        close = closer[index]
        if close is None:
            index += 1
            continue
        open_start, open_end = runs[index]
        close_start, close_end = runs[close]
        if plain_start < open_start:
            result.append(Span(False, text[plain_start:open_start], plain_start, open_start))
        content = text[open_end:close_start]
        if len(content) >= 2 and content[0] == content[-1] == " " and content.strip(" "):
            content = content[1:-1]
        result.append(Span(True, content, open_start, close_end))
        plain_start = close_end
        index = close + 1
    if plain_start < len(text):
        result.append(Span(False, text[plain_start:], plain_start, len(text)))
    return result


# Characters that must not reach a companion raw: line breaks and other
# controls (they would end a fact line or reach a terminal), Unicode line and
# paragraph separators, bidirectional and zero-width formatting characters
# (they make a line read differently from what it holds) and lone surrogates
# (they cannot be encoded). A fixed list, so that every Python version
# renders the same text.
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e"
    "\u2060-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]"
)


def _escape_char(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\u{ord(char):04x}")


def escape_unsafe(text: str) -> str:
    """``text`` with each character of :data:`_UNSAFE` escaped (``\\n``, ``\\u202e``)."""
    return _UNSAFE.sub(_escape_char, text) if _UNSAFE.search(text) else text


def is_safe_text(text: str) -> bool:
    """Whether ``text`` can be written into a fact line as it is."""
    return bool(text) and _UNSAFE.search(text) is None


def display_name(text: str) -> str:
    """A name or string value as a fact line shows it.

    Plain text is shown as it is. Text that is empty or holds a character of
    :data:`_UNSAFE` is shown as a JSON string, quotes included, with those
    characters escaped: a crafted argument key (``"a\\n## Purpose"``) stays on
    its line and cannot add a heading, end a comment or reorder the text on
    screen. Both sides of a comparison use this form, so fixes stay idempotent.
    """
    if is_safe_text(text):
        return text
    return _UNSAFE.sub(_escape_char, json.dumps(text, ensure_ascii=False))


def display_code(text: str) -> str:
    """Source text (a signature, an expression, a dotted name) on one line:
    whitespace runs become one space, other unsafe characters are escaped."""
    return escape_unsafe(" ".join(text.split()))


def code(text: str) -> str:
    """Render ``text`` as a code span, whatever backticks it contains."""
    longest = max((len(run) for run in _BACKTICK_RUN.findall(text)), default=0)
    fence = "`" * (longest + 1)
    padded = text.startswith("`") or text.endswith("`")
    padded = padded or (text.startswith(" ") and text.endswith(" ") and bool(text.strip(" ")))
    pad = " " if padded else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def code_contents(text: str) -> list[str]:
    return [span.text for span in spans(text) if span.code]


def split_sentence(text: str) -> tuple[str, str, bool]:
    """Split at the first ``.`` outside code spans: (sentence, prose after, found)."""
    for span in spans(text):
        if not span.code:
            dot = span.text.find(".")
            if dot != -1:
                position = span.start + dot
                return text[:position], text[position + 1 :], True
    return text, "", False


def is_none(sentence: str) -> bool:
    return sentence.strip().casefold() == "none"


# --- JSON values -----------------------------------------------------------


def json_text(value: Any) -> str:
    """A literal as compact, canonical JSON text (unsafe characters escaped)."""
    try:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
    except (TypeError, ValueError):
        # mixed key types cannot be sorted; circular values cannot be literals
        try:
            text = json.dumps(value, ensure_ascii=False, default=str)
        except (TypeError, ValueError, RecursionError):
            text = json.dumps(str(value), ensure_ascii=False)
    except RecursionError:
        text = json.dumps(str(value), ensure_ascii=False)
    # inside JSON strings \uXXXX is the same value, so parsing gives it back
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def canonical_json(text: str) -> str:
    """JSON text in canonical form; text that is not JSON is returned unchanged."""
    try:
        return json_text(json.loads(text))
    except (ValueError, RecursionError):
        return text


def enum_text(value: Any) -> str:
    """An enumerated value as written in a companion: strings bare (see
    :func:`display_name`), others JSON."""
    return display_name(value) if isinstance(value, str) else json_text(value)


# --- Expected blocks -------------------------------------------------------


@dataclass
class ExpectedBlock:
    """A fact block as the module's facts say it should read."""

    key: str
    kind: str
    subject: str | None
    section: str
    #: rendered lines, without line endings
    lines: list[str]
    values: Any
    #: keys of the blocks of the same section written before this one,
    #: nearest first (where to insert it when it is missing)
    follows: list[str] = field(default_factory=list)
    #: keys of the blocks of the same section written after it, nearest first
    precedes: list[str] = field(default_factory=list)
    #: lines of every block of its section, itself included, in canonical
    #: order: when the section is missing, inserting it with all its missing
    #: blocks makes the edit the same whichever of them asks for it
    section_lines: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class Keep:
    """The parts of an existing block that belong to a person."""

    #: text after the fact sentence (or after the lead phrase) of the lead line
    prose: str = ""
    #: item key -> text after the item's fact (argument prose, ...)
    item_prose: dict[str, str] = field(default_factory=dict)
    #: (anchor item key or None, raw line) of lines inside the block that are
    #: not fact items
    notes: list[tuple[str | None, str]] = field(default_factory=list)
    #: side-effect areas doxtool cannot detect, as written
    areas: list[str] = field(default_factory=list)


def method_name(signature: str) -> str:
    """``async execute(self, **kwargs) -> Response`` -> ``execute``."""
    match = re.match(r"\s*(?:async\s+)?(?:def\s+)?([^\W\d]\w*)", signature)
    return match.group(1) if match else signature.strip()


def helper_labels(names: Sequence[str]) -> dict[str, str]:
    """How each helper name is written: its last dotted segment, unless that
    is ambiguous among ``names`` or it is a ``self.agent.*`` call."""
    last_segments: dict[str, int] = {}
    for name in names:
        last = name.rsplit(".", 1)[-1]
        last_segments[last] = last_segments.get(last, 0) + 1
    labels = {}
    for name in names:
        last = name.rsplit(".", 1)[-1]
        whole = name.startswith("self.agent.") or last_segments[last] > 1
        labels[name] = name if whole else last
    return labels


def _class_values(module: ModuleFacts) -> list[dict[str, Any]]:
    return [
        {
            "name": display_code(cls.name),
            "bases": [display_code(base) for base in cls.bases],
            "methods": [display_code(method.text) for method in cls.methods],
        }
        for cls in module.classes
    ]


def _argument_values(tool: ToolFacts) -> list[dict[str, Any]]:
    values = []
    seen: set[str] = set()
    for argument in tool.arguments:
        if argument.name in seen:
            continue
        seen.add(argument.name)
        values.append(
            {
                "name": display_name(argument.name),
                "required": argument.required,
                "type": argument.type,
                "default": json_text(argument.default) if argument.has_default else None,
                "has_default": argument.has_default,
                "enum": [enum_text(v) for v in argument.enum] if argument.enum else None,
                "alternatives": [display_name(a) for a in argument.alternatives] or None,
                "prose": "",
            }
        )
    return values


def _break_loop_values(tool: ToolFacts) -> list[str]:
    values = [outcome.break_loop for outcome in tool.outcomes]
    parts = []
    if True in values:
        parts.append("true")
    if any(value is False for value in values):
        parts.append("false")
    dynamic = {
        display_code(outcome.expression or "") or "<dynamic>"
        for outcome in tool.outcomes
        if not isinstance(outcome.break_loop, bool)
    }
    return parts + sorted(dynamic)


def _repairable_values(tool: ToolFacts) -> list[str]:
    return sorted(
        {display_code(r.exception.rsplit(".", 1)[-1]) for r in tool.raises if r.repairable}
    )


def _side_effect_values(module: ModuleFacts) -> list[str]:
    observed = {area for tool in module.tools for area in tool.side_effects}
    known = [written for fact, written in DETECTED_AREAS.items() if fact in observed]
    # areas the extractor may learn later are written as they come
    unknown = sorted(area for area in observed if area not in DETECTED_AREAS)
    return known + unknown


def _helper_values(module: ModuleFacts) -> list[str]:
    names = sorted({display_code(name) for tool in module.tools for name in tool.helpers})
    labels = helper_labels(names)
    return sorted(names, key=lambda name: (labels[name].casefold(), labels[name]))


def _tool_base(module: ModuleFacts, tool: ToolFacts) -> str:
    """The tool's first base as written in the source (``ToolFacts.bases`` are
    resolved names; they serve a tool class defined in another module)."""
    cls = module.class_named(tool.class_name)
    if cls is not None and cls.bases:
        return display_code(cls.bases[0])
    return display_code(tool.bases[0]) if tool.bases else "Tool"


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


def expected_blocks(module: ModuleFacts, tests: Sequence[str] = ()) -> list[ExpectedBlock]:
    """The fact blocks ``module``'s companion should contain, in canonical order.

    ``tests`` are the repository paths of the tests related to the module.
    """
    specs: list[tuple[str, str | None, Any]] = []
    if module.classes:
        specs.append(("classes", None, _class_values(module)))
    if module.functions:
        specs.append(("functions", None, [display_code(f.text) for f in module.functions]))
    if module.constants:
        constants = [display_code(name) for name in module.constants]
        specs.append(("constants", None, list(dict.fromkeys(constants))))
    seen_tools: set[str] = set()
    for tool in module.tools:
        if tool.class_name in seen_tools:
            continue
        seen_tools.add(tool.class_name)
        subject = tool.class_name
        specs.append(("is-tool", subject, _tool_base(module, tool)))
        if _defines_execute(module, tool):
            specs.append(("defines", f"{subject}.execute", True))
        specs.append(("arguments", subject, _argument_values(tool)))
        specs.append(("break-loop", subject, _break_loop_values(tool)))
        repairable = _repairable_values(tool)
        if repairable:
            specs.append(("repairable", subject, repairable))
    # Side effects and helpers are tool facts: a module without tools has
    # none to report, which is not the same as having none.
    if module.tools:
        specs.append(("side-effects", None, _side_effect_values(module)))
    specs.append(("imports", None, list(dict.fromkeys(map(display_code, module.imports)))))
    if module.tools:
        specs.append(("helpers", None, _helper_values(module)))
    test_paths = list(dict.fromkeys(map(display_name, tests)))
    if test_paths:
        specs.append(("tests", None, test_paths))

    blocks = [
        ExpectedBlock(
            key=block_key(kind, subject),
            kind=kind,
            subject=subject,
            section=HOME_SECTION[kind],
            lines=RENDERERS[kind](subject, values, Keep()),
            values=values,
        )
        for kind, subject, values in specs
    ]
    link_neighbours(blocks)
    return blocks


def block_key(kind: str, subject: str | None) -> str:
    return f"{kind}:{subject}" if subject is not None else kind


def link_neighbours(blocks: list[ExpectedBlock]) -> None:
    by_section: dict[str, list[ExpectedBlock]] = {}
    for block in blocks:
        by_section.setdefault(block.section, []).append(block)
    for members in by_section.values():
        keys = [block.key for block in members]
        for index, block in enumerate(members):
            block.follows = keys[:index][::-1]
            block.precedes = keys[index + 1 :]
            block.section_lines = {member.key: member.lines for member in members}


# --- Rendering -------------------------------------------------------------


def _bullet(text: str) -> str:
    return f"- {text}"


def _nested(text: str) -> str:
    return f"  - {text}"


def _code_list(items: Sequence[str]) -> str:
    return ", ".join(code(item) for item in items) if items else "none"


def _assemble(lead: str, items: list[tuple[str, str]], keep: Keep) -> list[str]:
    """Lead line, items, and each note after the item it was written under.

    ``items`` are (item key, line). Notes whose item is gone go to the end of
    the block, in their original order.
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
    lines.extend(text for anchor, text in keep.notes if anchor not in placed)
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
    head = "required" if argument["required"] else "optional"
    if argument["type"]:
        head += f" {argument['type']}"
    parts = [head]
    if argument["has_default"]:
        parts.append(f"default {code(argument['default'])}")
    if argument["enum"]:
        parts.append("one of " + ", ".join(code(value) for value in argument["enum"]))
    if argument.get("alternatives"):
        parts.append("alternative to " + ", ".join(code(name) for name in argument["alternatives"]))
    return ", ".join(parts)


def _render_arguments(subject: str | None, values: Any, keep: Keep) -> list[str]:
    lead = f"- Arguments of {code(subject or '')}:"
    if not values:
        return _assemble(lead + " none.", [], keep)
    used: set[str] = set()
    items = []
    for argument in values:
        name = argument["name"]
        line = _nested(f"{code(name)}: {argument_fact(argument)}.")
        items.append((name, line + _take_prose(keep, name, used)))
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
        return [f"- {lead(subject)}{content(values)}." + keep.prose]

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
    return [f"- Observed side-effect areas: {text}." + keep.prose]


def _render_helpers(subject: str | None, values: Any, keep: Keep) -> list[str]:
    labels = helper_labels(values)
    text = _code_list([labels[name] for name in values])
    return [f"- Important called helpers/classes observed in the source: {text}." + keep.prose]


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
    "arguments": _render_arguments,
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
    for note in existing.notes:
        if 0 <= note.line < len(companion.lines):
            notes.append((note.anchor, line_content(companion.lines[note.line])))
    areas: list[str] = []
    if existing.kind == "side-effects" and isinstance(existing.values, list):
        areas = [a for a in existing.values if isinstance(a, str) and detected_area(a) is None]
    return Keep(
        prose=existing.prose,
        item_prose=dict(existing.item_prose),
        notes=notes,
        areas=areas,
    )


def render_block(
    expected: ExpectedBlock, existing: FactBlock | None, companion: Companion
) -> list[str]:
    """The lines ``expected`` should be written as, in place of ``existing``.

    What a person wrote into the existing block survives: prose after a fact
    sentence, argument and test prose (matched by name), notes between the
    items, and side-effect areas doxtool cannot detect.
    """
    if existing is None or existing.kind != expected.kind:
        return list(expected.lines)
    keep = kept_parts(existing, companion)
    return RENDERERS[expected.kind](expected.subject, expected.values, keep)


# --- Agreement -------------------------------------------------------------


def _squash(text: Any) -> str:
    return " ".join(str(text).split())


def dotted_name_matches(documented: str, fact: str) -> bool:
    """``managed_wait`` and ``wait.managed_wait`` both name ``helpers.wait.managed_wait``."""
    return documented == fact or fact.endswith("." + documented)


def _same_items(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list) or not isinstance(expected, list):
        return False
    return sorted(map(_squash, expected)) == sorted(map(_squash, existing))


def _class_key(cls: Any) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return (
        _squash(cls.get("name", "")),
        tuple(_squash(base) for base in cls.get("bases", [])),
        tuple(sorted(_squash(method) for method in cls.get("methods", []))),
    )


def _classes_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list) or not all(isinstance(c, dict) for c in existing):
        return False
    return sorted(map(_class_key, expected)) == sorted(map(_class_key, existing))


def _argument_key(argument: dict[str, Any]) -> tuple[Any, ...]:
    enum = argument.get("enum")
    alternatives = argument.get("alternatives")
    return (
        argument.get("required"),
        (argument.get("type") or "").casefold() or None,
        argument.get("has_default"),
        argument.get("default") if argument.get("has_default") else None,
        tuple(sorted(enum)) if enum else None,
        tuple(sorted(alternatives)) if alternatives else None,
    )


def _arguments_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list) or not all(isinstance(a, dict) for a in existing):
        return False
    documented = {a.get("name"): a for a in existing}
    if len(documented) != len(existing) or None in documented:
        return False
    facts = {a["name"]: a for a in expected}
    if set(documented) != set(facts):
        return False
    return all(
        documented[name].get("required") is not None
        and _argument_key(documented[name]) == _argument_key(facts[name])
        for name in facts
    )


def _break_loop_agrees(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list):
        return False
    return {_squash(p) for p in expected} == {_squash(p) for p in existing}


def _side_effects_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list):
        return False
    documented = {detected_area(a) or _squash(a).casefold() for a in existing}
    facts = {detected_area(a) or _squash(a).casefold() for a in expected}
    if not facts <= documented:
        return False
    # areas doxtool cannot detect are the person's; detectable ones must be real
    return all(detected_area(a) is None or detected_area(a) in facts for a in existing)


def _helpers_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list):
        return False
    documented = [_squash(d) for d in existing]
    return all(any(dotted_name_matches(d, fact) for d in documented) for fact in expected) and all(
        any(dotted_name_matches(d, fact) for fact in expected) for d in documented
    )


def _is_tool_agrees(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, str):
        return False
    return dotted_name_matches(existing, expected) or dotted_name_matches(expected, existing)


_AGREEMENT: dict[str, Callable[[Any, Any], bool]] = {
    "classes": _classes_agree,
    "arguments": _arguments_agree,
    "break-loop": _break_loop_agrees,
    "side-effects": _side_effects_agree,
    "helpers": _helpers_agree,
    "is-tool": _is_tool_agrees,
    "defines": lambda expected, existing: existing is True,
}


def values_agree(expected: ExpectedBlock, existing: FactBlock | None) -> bool:
    """Whether ``existing`` states what ``expected`` states.

    Order does not matter (a person may reorder items); helpers and the tool
    base match leniently by dotted suffix; argument prose and side-effect
    areas doxtool cannot detect are ignored.
    """
    if existing is None or existing.kind != expected.kind:
        return False
    agree = _AGREEMENT.get(expected.kind, _same_items)
    return agree(expected.values, existing.values)
