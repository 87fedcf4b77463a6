"""Documented items: what a companion's fact lines say, item by item, with
their place (line and column span), for judging against the code.

Bullet blocks (classes with their methods, functions, tests) are read by
:func:`read_bullets`, item sentences (constants, imports, helpers,
side-effect areas) by :func:`read_sentence`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from doxtool.companions.factlines import method_name, spans, split_sentence
from doxtool.companions.leads import NO_BASE
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import line_content


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
