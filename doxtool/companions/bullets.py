"""The items of the fact blocks that continue past their lead line with
bullets: classes (with their methods), top-level functions and related tests.

How a person writes them varies: items flat under the lead or nested under
it, a blank line between two items, a class with a note after it
(`` - `Color` (`enum.Enum`): the palette. ``), a function by its name alone
(`` - `_trace`: a decorator. ``) or with a ``def`` prefix. What this module
reads as an item is the same for :mod:`doxtool.companions.parsing` (the
block's extent and values) and :mod:`doxtool.companions.documented` (the
items judged); any other line inside a block is a person's note.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from doxtool.companions.factlines import group_follows, method_name, spans
from doxtool.companions.itemtext import continuation, dressed_span, read_wrapped
from doxtool.companions.sigleads import SIGNATURE_LEAD
from doxtool.companions.testnames import DOTTED_TEST, is_test_path
from doxtool.core.patterns import LazyPattern

#: how the agent-zero format writes a class without bases
NO_BASE = "(no explicit base class)"

#: a list item's marker: a bullet, or a number (an ordered list: ``1.``, ``2)``)
_BULLET = LazyPattern(r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+")
_IDENTIFIER = LazyPattern(r"[^\W\d]\w*")
#: a signature, as a method or function item writes it
SIGNATURE = LazyPattern(SIGNATURE_LEAD + r"[^\W\d]\w*\s*\(")
# What may follow an item's name for the line to still be that item: nothing,
# punctuation, or a note set off by a colon, a dash or a full stop
_SET_OFF = re.compile(r"[ \t]*(?:$|[:.,;!]|[\u2014\u2013]|-(?:[ \t]|$))")
# a test path: no spaces, a file, a pytest node id or a dotted module
_TEST_PATH = LazyPattern(rf"\S*(?:/\S*|\.py\S*|::\S*)|{DOTTED_TEST}")
# a class written with its bases in its code span (`` `Name(Base)` ``,
# `` `class Name(Base):` ``): the bases are dotted names
_CLASS_SPAN = LazyPattern(
    r"(?:class\s+)?(?P<name>[^\W\d]\w*)\s*"
    r"\((?P<bases>\s*[^\W\d][\w.]*(?:\s*,\s*[^\W\d][\w.]*)*\s*,?\s*)?\)\s*:?"
)
# a method named with its class: ``Owner.name`` alone or opening its signature
_QUALIFIED = LazyPattern(SIGNATURE_LEAD + r"(?P<owner>[^\W\d]\w*)\.(?P<name>[^\W\d]\w*)\s*(?:\(|$)")
# what may join two items of an inline list, outside parentheses
_LIST_JOINER = LazyPattern(r"[\s,]*(?:(?:and|or|&)[\s,]*)?")
# a bullet opening with a Markdown link: ``- [text](target)``
_LINK_BULLET = LazyPattern(
    r"[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\[[^\]]*\]\(\s*<?(?P<target>[^)\s>]+)"
)


def indent_width(content: str) -> int:
    """The width of a line's indentation (a tab counts four)."""
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    return len(indent.expandtabs(4))


def is_nested(content: str) -> bool:
    """Indented like a nested bullet: a tab, or two spaces or more."""
    indent = content[: len(content) - len(content.lstrip(" \t"))]
    return "\t" in indent or len(indent) >= 2


@dataclass
class BulletCode:
    """A bullet line opening with a code span."""

    #: columns of the code span (backticks included) in the line
    start: int
    end: int
    #: the span's content
    text: str
    #: the line after the span (after the emphasis around it, if any)
    after: str
    #: the span is the whole text of a link (``[`name`](target)``), which
    #: ``start`` and ``end`` take in
    linked: bool = False
    #: the column where the markup set around the span closes (``**`x`**``);
    #: the span's end when there is none
    close: int = -1

    def __post_init__(self) -> None:
        if self.close < 0:
            self.close = self.end


def bullet_code(content: str) -> BulletCode | None:
    """The code span a bullet line (at any indentation) opens with, in
    emphasis or not (see :func:`dressed_span`)."""
    bullet = _BULLET.match(content)
    if bullet is None:
        return None
    body_start = bullet.end()
    found = dressed_span(content[body_start:])
    if found is None:
        return None
    start, end, text, close = found
    start, end, close = body_start + start, body_start + end, body_start + close
    return BulletCode(start, end, text, content[close:], content[start] == "[", close)


def set_off(text: str) -> bool:
    """Whether ``text`` (after an item's name) is nothing, punctuation, or a
    note set off from the name (``: the palette.``, `` — a decorator``)."""
    return _SET_OFF.match(text) is not None


@dataclass
class ClassBullet:
    """A class item: `` - `Name` (`Base`, ...) `` with what may follow it."""

    code: BulletCode
    #: bases as written; None when the line says nothing of them
    bases: list[str] | None
    #: nothing but punctuation follows the name (the convention says whether
    #: that means "no base")
    bare: bool
    #: column where the part stating the bases ends (the name's end when none)
    bases_end: int
    #: the class's name when the code span holds more than it (its bases:
    #: `` `Name(Base)` ``); None when the span is the name
    spelled: str | None = None

    @property
    def name(self) -> str:
        return self.spelled if self.spelled is not None else self.code.text


def class_bullet(content: str) -> ClassBullet | None:
    """A class item at any indentation; None for any other line.

    The class is the first code span; bases in parentheses right after it
    (or the agent-zero ``(no explicit base class)``) are read; a note set off
    by a colon, a dash or a full stop may follow.
    """
    found = bullet_code(content)
    if found is None:
        return None
    if not _IDENTIFIER.fullmatch(found.text):
        return _class_span(found)
    rest = found.after
    stripped = rest.lstrip(" \t")
    offset = found.close + len(rest) - len(stripped)
    if stripped.startswith(NO_BASE):
        tail = stripped[len(NO_BASE) :]
        if not set_off(tail):
            return None
        return ClassBullet(found, [], False, offset + len(NO_BASE))
    if stripped.startswith("("):
        close = closing_paren(stripped)
        if close is not None:
            inner = spans(stripped[1:close])
            bases = [part.text for part in inner if part.code]
            if bases and not any(not part.code and part.text.strip(" \t,") for part in inner):
                tail = stripped[close + 1 :]
                if not set_off(tail) and not tail[:1].isspace():
                    return None
                # what follows the bases (``(registered as `wait`)``) is a note
                return ClassBullet(found, bases, False, offset + close + 1)
        # parentheses holding words (``(a frozen dataclass)``): a note
        return ClassBullet(found, None, False, found.close) if close is not None else None
    if not set_off(rest):
        return None
    bare = not rest.strip(" \t.,;:")
    return ClassBullet(found, None, bare, found.close)


def _class_span(found: BulletCode) -> ClassBullet | None:
    """A class whose code span holds its bases too (`` `class Name(Base):` ``,
    or `` `Name(Base)` `` with a capitalised name and no ``self``), with what
    follows it as a note; None for a span of any other shape."""
    match = _CLASS_SPAN.fullmatch(found.text.strip())
    if match is None or match.group("bases") is None:
        return None
    bases = [base.strip() for base in match.group("bases").split(",") if base.strip()]
    spelled_class = found.text.lstrip().startswith("class")
    # a private class (`` `_Handler(Base)` ``) is capitalised past its underscores
    if not spelled_class and (
        not match.group("name").lstrip("_")[:1].isupper() or {"self", "cls"} & set(bases)
    ):
        return None  # a method's or a function's signature (`` `load(self)` ``)
    if not found.after[:1].isspace() and not set_off(found.after):
        return None
    return ClassBullet(found, bases, False, found.close, match.group("name"))


def closing_paren(text: str) -> int | None:
    """Where the ``(`` opening ``text`` closes, outside code spans."""
    depth = 0
    for part in spans(text):
        if part.code:
            continue
        for offset, char in enumerate(part.text):
            if char == "(":
                depth += 1
            elif char == ")":
                depth -= 1
                if depth == 0:
                    return part.start + offset
    return None


def signature_item(content: str) -> BulletCode | None:
    """A bullet opening with a signature (`` `name(...)` ``, with ``async`` or
    ``def`` before it if written so): a method item. A span chaining calls
    (`` `super().__init__()` ``) is an expression, not a signature: a note."""
    found = bullet_code(content)
    if found is None or not SIGNATURE.match(found.text) or ")." in found.text:
        return None
    return found


def flat_member(content: str) -> bool:
    """Whether ``content``, at its class's level after it, is the class's
    method written flat: a signature followed by nothing or by a note set
    off from it (`` - `foo()` is called at startup `` is a person's line)."""
    found = signature_item(content)
    return found is not None and set_off(found.after)


def member_item(content: str, owner: str) -> tuple[BulletCode, str] | None:
    """A method item under the class ``owner`` and the method's name: a
    signature, or the method named alone or as ``Owner.method`` (with its
    signature or not), followed by nothing or by a note set off from it.
    A method so named is known by its name only: its signature is not compared."""
    found = signature_item(content)
    if found is not None:
        return found, method_name(found.text)
    found = bullet_code(content)
    if found is None:
        return None
    text = found.text.strip()
    if _IDENTIFIER.fullmatch(text):
        return (found, text) if set_off(found.after) else None
    match = _QUALIFIED.match(text)
    if match is None or match.group("owner") != owner or ")." in text:
        return None
    if match.end() == len(text) and not set_off(found.after):
        return None
    return found, match.group("name")


def function_item(content: str) -> BulletCode | None:
    """A function item: a signature, or the function's name alone followed by
    nothing or by a note set off from it (`` - `_trace`: a decorator. ``)."""
    found = bullet_code(content)
    if found is None:
        return None
    if SIGNATURE.match(found.text):
        return found
    if _IDENTIFIER.fullmatch(found.text) and set_off(found.after):
        return found
    return None


def related_test_item(content: str) -> BulletCode | None:
    """A related test: flat, a code span that is a path; nested, a code span
    naming a path among its words (`` `tests/x.py -k a` ``,
    `` `pytest tests/x.py` ``). Any other span (`` `pytest -n auto` ``,
    `` `make test` ``, `` `WAIT_FAST=1` ``) opens a note."""
    found = bullet_code(content)
    if found is None or found.linked:
        return None  # a link lists the test it points to (:func:`linked_test`)
    if not is_nested(content):
        return found if _TEST_PATH.fullmatch(found.text) else None
    if not any(is_test_path(word) for word in found.text.split()):
        return None
    return found


def linked_test(content: str) -> bool:
    """A bullet opening with a Markdown link to a path (``- [the wait
    tests](../tests/test_wait.py)``): a related test, listed by its target."""
    match = _LINK_BULLET.match(content)
    if match is None:
        return False
    target = match.group("target").partition("#")[0]
    return "://" not in target and is_test_path(target)


def is_item(kind: str, content: str) -> bool:
    """Whether ``content`` is an item line of a ``kind`` block (not a member
    under an item, nor a note)."""
    if kind == "classes":
        return class_bullet(content) is not None
    if kind == "functions":
        return function_item(content) is not None
    if kind == "tests":
        return related_test_item(content) is not None or linked_test(content)
    return False


def is_wrapped_item(kind: str, content: str, following: list[str]) -> bool:
    """Whether ``content`` is an item line of a ``kind`` block once joined to
    the lines ``following`` it that continue its text (see :func:`read_entries`)."""
    if kind not in ("classes", "functions", "tests") or is_item(kind, content):
        return False
    lines = [(0, content), *enumerate(following, 1)]
    continued = continuation(lines, 0, set())
    return _wrapped(content, continued, partial(_item_entry, kind, 0)) is not None


@dataclass
class Entry:
    """A line of a bullet block, as read."""

    index: int
    #: ``item`` (a class, function or test), ``member`` (a method under a
    #: class) or ``note`` (a person's line)
    role: str
    code: BulletCode | None = None
    cls: ClassBullet | None = None
    #: a member's method name
    name: str = ""
    #: how many lines after its own the item's text is wrapped onto (read
    #: joined to it); ``wrap`` is the role of those lines
    wrapped: int = 0
    #: how many lines after its own the item's code span closes on; ``code.end``
    #: is then a column of that line
    span_lines: int = 0


def read_entries(kind: str, lines: list[tuple[int, str]], code_lines: set[int]) -> list[Entry]:
    """The non-blank lines of a ``kind`` block after its lead line, each an
    item, a member or a note.

    The block's items are at the indentation of its first item (flat under
    the lead or nested under it); a line indented deeper is a method under a
    class (a signature) or a note, and so is any line that is not an item. A
    class item written left of the first (a list nested under its lead, then
    flat) has its methods at the block's indentation: a signature indented
    deeper than its class is the class's method, and so is a signature
    written at its class's level after it (the methods listed flat, as the
    classes are).
    """
    entries: list[Entry] = []
    level: int | None = None
    owner: str | None = None
    owner_width = 0
    skip = 0
    for position, (index, content) in enumerate(lines):
        if skip:
            skip -= 1
            entries.append(Entry(index, "wrap"))
            continue
        if not content.strip(" \t"):
            continue
        if index in code_lines:
            entries.append(Entry(index, "note"))
            continue
        width = indent_width(content)
        deeper = level is not None and width > level
        following = continuation(lines, position, code_lines)
        if not deeper:
            entry = _wrapped(content, following, partial(_item_entry, kind, index))
            if entry is not None:
                level = width if level is None else level
                if entry.cls is not None:
                    owner, owner_width = entry.cls.name, width
                entries.append(entry)
                skip = entry.wrapped
                continue
        # a signature at the class's level, after it: its method written flat
        flat = width == owner_width and flat_member(content)
        if kind == "classes" and owner is not None and (deeper or width > owner_width or flat):
            entry = _wrapped(content, following, partial(_member_entry, index, owner))
            if entry is not None:
                entries.append(entry)
                skip = entry.wrapped
                continue
        entries.append(Entry(index, "note"))
    return entries


def _member_entry(index: int, owner: str, content: str) -> Entry | None:
    member = member_item(content, owner)
    return Entry(index, "member", member[0], name=member[1]) if member is not None else None


def _wrapped(
    content: str, following: list[str], read: Callable[[str], Entry | None]
) -> Entry | None:
    """The entry ``read`` finds on ``content``, or on it joined to the lines
    ``following`` it (:func:`~doxtool.companions.itemtext.read_wrapped`),
    its code span's end then a column of the line the span closes on."""
    found = read_wrapped(content, following, read)
    if found is None:
        return None
    entry, count, place = found
    entry.wrapped = count
    if count and entry.code is not None:
        line, end = place(entry.code.end)
        if line:
            entry.span_lines = line
            close = entry.code.close - entry.code.end + end
            entry.code = dataclasses.replace(entry.code, end=end, close=close)
    return entry


def _item_entry(kind: str, index: int, content: str) -> Entry | None:
    if kind == "classes":
        cls = class_bullet(content)
        return Entry(index, "item", cls.code, cls) if cls is not None else None
    found = function_item(content) if kind == "functions" else related_test_item(content)
    return Entry(index, "item", found) if found is not None else None


def inline_items(kind: str, content: str) -> list[BulletCode]:
    """Items written on the lead line itself (`` - Top-level functions: `load`,
    `wait_for`. ``): the code spans of its list outside parentheses (which
    may hold a class's methods or bases: neither is read).

    Once an item is read, the list goes on through commas and ``and``, and
    through a ``;`` before another group of names (`` `a` (public); `_b`
    (private) ``): a clause (``, which subclasses `Tool`.``, ``; ...``, ``:
    ...``) or the sentence's full stop ends it, and its spans are a person's
    words.
    """
    colon = content.find(":")
    if colon == -1:
        return []
    head = colon + 1
    items: list[BulletCode] = []
    depth = 0
    for part in spans(content[head:]):
        if not part.code:
            outside, depth = _outside_parentheses(part.text, depth)
            if "." in outside:
                break  # the sentence ends
            if items and _LIST_JOINER.fullmatch(outside) is None:
                semicolon = head + part.start + part.text.rfind(";")
                if not (outside.strip(" \t") == ";" and group_follows(content, semicolon + 1)):
                    break  # a clause of the person's ends the list
            continue
        if depth:
            continue
        text = part.text
        if kind == "classes" and not _IDENTIFIER.fullmatch(text):
            continue
        if kind == "functions" and not (SIGNATURE.match(text) or _IDENTIFIER.fullmatch(text)):
            continue
        if kind == "tests" and not any(is_test_path(word) for word in text.split()):
            continue  # (`` Note `0` means none ``: a person's words)
        start, end = head + part.start, head + part.end
        items.append(BulletCode(start, end, text, content[end:], content[start] == "["))
    return items


def _outside_parentheses(text: str, depth: int) -> tuple[str, int]:
    """The characters of ``text`` outside parentheses (``depth`` of them open
    where it starts), and the depth where it ends."""
    kept = []
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            kept.append(char)
    return "".join(kept), depth
