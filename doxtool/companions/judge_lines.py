"""Judging one-line blocks: item sentences (constants, imports, called
helpers, side-effect areas) and statements (``X is a Tool``, ``X defines
execute``).

A sentence's stale items are removed and its missing ones inserted in one
rewrite of the line, in the convention's order; a statement about a class or
method the module no longer has is removed.
"""

from __future__ import annotations

from collections.abc import Iterable

from doxtool.companions.areas import listed_after, mentioned_areas
from doxtool.companions.codeindex import (
    EVIDENT_AREAS,
    PHYSICAL_AREAS,
    CodeIndex,
    constant_parts,
)
from doxtool.companions.conventions import AREAS, canonical_area
from doxtool.companions.derive import Item
from doxtool.companions.documented import DocItem, SentenceLine, grouped_names, read_sentence
from doxtool.companions.edits import reads_back
from doxtool.companions.factlines import ExpectedBlock, code, code_contents
from doxtool.companions.model import FactBlock
from doxtool.companions.renames import rename_edit
from doxtool.companions.verdicts import CHANGED, MISSING, STALE, BaseJudge
from doxtool.core.edits import Edit, line_content
from doxtool.core.facts import EXECUTE
from doxtool.core.literaleval import literal_eval


class LineJudge(BaseJudge):
    """The verdicts on sentence and statement lines."""

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
        changes: dict[int, tuple[DocItem, str, str]] = {}
        for item in line.items:
            problem = self._stale_sentence_item(kind, item)
            if problem is not None:
                removals.append((item, problem))
            elif kind == "constants":
                change = self._changed_value(item)
                if change is not None:
                    changes[id(item)] = (item, *change)
        additions: list[tuple[int, Item, str]] = []
        if expected is not None:
            additions = self._missing_sentence_items(kind, line, expected, len(removals))
        if not removals and not additions and not changes:
            return
        replaced = {key: text for key, (_, text, _) in changes.items()}
        edits = self._sentence_edit(
            block, line, [r[0] for r in removals], additions, expected, replaced
        )
        # an area is stale on absence alone (what doxtool could not see may
        # still do it): its removal is a person's call, and the areas the
        # code shows are added without it
        unsafe = kind == "side-effects"
        added = edits
        if unsafe and removals and additions:
            added = self._sentence_edit(block, line, [], additions, expected, replaced)
        for item, problem in removals:
            self.add(kind, STALE, item.key, problem, block.line, edits, unsafe)
        for item, _, problem in changes.values():
            self.add(kind, CHANGED, item.key, problem, block.line, edits)
        # "none" is a claim: what the code shows contradicts it, also in a
        # companion written by hand
        stated = kind == "side-effects" and line.none
        for _, item, problem in additions:
            self.add(kind, MISSING, item.key, problem, block.line, added, stated=stated)

    def _changed_value(self, item: DocItem) -> tuple[str, str] | None:
        """A constant written with a value the code's one assignment of it
        does not have: the item as it should read, and the finding.

        Values are compared only when both are literals, as values
        (``1_000_000`` is ``1000000``); an expression (``15 * 60``) on either
        side is not compared: its value is not known here.
        """
        name, value = constant_parts(item.text)
        if value is None:
            return None
        actual = self.code.constant_value(name)
        if actual is None or actual == value or _same_literal(actual, value) is not False:
            return None
        written = f"{name} = {actual}"
        return written, (
            f"`{self.module}` assigns {code(written)} now, not {code(item.text)} "
            f"(documented at line {item.line})"
        )

    def _stale_sentence_item(self, kind: str, item: DocItem) -> str | None:
        code_index = self.code
        where = f"(documented at line {item.line})"
        if kind == "constants":
            if code_index.outline is None:
                return None
            outline = code_index.outline
            name = constant_parts(item.text)[0]  # ``MAX = 3`` is about ``MAX``
            if name in outline.assigned or name in outline.constants:
                return None
            if name in code_index.classes or name in code_index.functions:
                return None
            if code_index.mentions(name):
                return None  # a configuration name read from the environment or a table
            return f"`{self.module}` no longer assigns {code(item.text)} {where}"
        if kind == "imports":
            module = module_spelled(item.text)
            if code_index.outline is None:
                return None
            if module == item.text:
                if code_index.has_import(module):
                    return None
            elif code_index.has_file_import(module):
                return None  # (``helpers/tool.py`` is the module ``helpers.tool``)
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
        self, kind: str, line: SentenceLine, expected: ExpectedBlock, stale: int = 0
    ) -> list[tuple[int, Item, str]]:
        """The items ``expected`` has that ``line`` does not list.

        The imports line is judged item by item: ``expected`` holds the
        imports the convention's cap keeps (the first ones in its order), so
        an import past the cap is never missing, and one the line lists past
        the cap (true, so not stale) takes no place of one before it. A
        called helpers line is complete once it lists as many as the cap
        (its ``stale`` items not counted): which chains the cap keeps follows
        the order calls are found in, which doxtool may not see alike."""
        cap = self.convention.helper_cap if kind == "helpers" else None
        if cap is not None and len(line.items) - stale >= cap:
            return []
        # a name in a person's clause after the items (`` — the loop is in
        # `helpers/wait.py` ``) is not an item, but it is written: not missing
        documented = [i.text for i in line.items] + code_contents(line.clause)
        if kind == "imports":
            # an item written as its file (``helpers/tool.py``) is that module;
            # a path in the person's clause says where something is, no import
            documented[: len(line.items)] = [module_spelled(i.text) for i in line.items]
        if kind == "helpers":
            # ``helpers.files`` (`read_file`, `write_file`): grouped under it
            documented += [name for i in line.items for name in grouped_names(line, i)]
        if kind == "side-effects":
            # an area named in a note counts too (``network and filesystem
            # writes``), and one a comma joins to another's first word
            # (``filesystem reads, writes and deletion``)
            documented = [f"{i.text} {i.after}" for i in line.items]
            documented.append(line.content[line.head : line.tail])
            # ``filesystem reads; filesystem writes.``: the list goes on past its ``;``
            documented += sorted(listed_after(line.content[line.tail :]))
        missing = []
        for position, item in enumerate(expected.values):
            if _covered(kind, item, documented, self.code):
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
        if item.evidence:
            # the call the derivation relies on (in a helper module too)
            via = f" ({item.evidence})"
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
        replaced: dict[int, str] | None = None,
    ) -> list[Edit]:
        if block.empty:
            if expected is None or block.prose.strip() or block.clause.strip():
                return []  # a person's words follow the sentence
            return [self._edit(block.start, block.start + 1, list(expected.lines))]
        if not line.canonical:
            return []
        content = line.content
        kept = [i for i in line.items if i not in removed]
        replaced = replaced or {}
        pieces: list[tuple[str, str]] = [
            (i.text, code(replaced[id(i)]) if id(i) in replaced else content[i.start : i.end])
            for i in kept
        ]
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
        if not line.clause and not after.startswith((".", ";")):
            after = "." + after  # a clause after ``;`` keeps its place
        lead = content[: line.head]
        if lead.endswith(":"):
            lead += " "  # a lead with nothing after its colon (`include:`)
        if not reads_back(block.key, block.section, [lead + body + after]):
            return []  # the next run would not read it as the block
        return [self._edit(block.start, block.start + 1, [lead + body + after])]

    # -- one-line statements -------------------------------------------------------

    def statement(self, block: FactBlock) -> None:
        if self.code.outline is None:
            return
        content = line_content(self.companion.lines[block.start])
        words = block.prose.strip(" \t.") or block.clause.strip()
        unsafe = bool(words) or block.end - block.start > 1
        removal = [self._edit(block.start, block.end, [])]
        renamed = self.renamed
        owner = (block.subject or "").partition(".")[0]
        if renamed is not None and owner == renamed[0]:
            edit = rename_edit(self.companion, block, renamed)
            self.add(
                block.kind,
                CHANGED,
                block.subject or "",
                f"class `{owner}` is named `{renamed[1]}` in the code now "
                f"(documented at line {block.line})",
                block.line,
                [edit] if edit is not None else [],
            )
            return
        if block.kind == "is-tool":
            owner = block.subject or ""
            if owner in self.code.foreign_tools and owner not in self.code.classes:
                return  # a tool class the module re-exports: its tool facts are the truth
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
        if owner in self.code.foreign_tools and owner not in self.code.classes:
            return  # defined in another module: what it defines is not read here
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
        elif not self.code.methods(owner, method) and not any(
            # ``execute = _impl``: bound, though not by a ``def``; none at
            # all: ``DOX005`` says so, and what the tool does is not known
            t.class_name == owner and (not t.knows(EXECUTE) or t.execute is None)
            for t in self.code.facts.tools
            if method == "execute"
        ):
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


def _covered(kind: str, item: Item, documented: Iterable[str], code_index: CodeIndex) -> bool:
    """Whether a derived item is already stated by one of the documented ones
    (in any spelling the stale side accepts, so a fix never adds a second one)."""
    for text in documented:
        text = text.strip()
        if kind == "side-effects":
            if canonical_area(text) == item.key or item.key in mentioned_areas(text):
                return True
            continue
        if text == item.text or text == item.key:
            return True
        if kind == "constants" and constant_parts(text)[0] == item.key:
            return True  # ``MAX = 3`` written for ``MAX``
        if kind == "imports":
            if code_index.spells_from_import(text, item.key):
                return True  # ``helpers.projects`` written for ``from helpers import projects``
            if code_index.same_import(text, item.key):
                return True  # ``helpers.tool`` written for ``from .tool import x``
        if kind == "helpers":
            bare = text.replace("()", "")
            for name in dict.fromkeys((bare, code_index.resolve(bare))):
                key = item.key
                if name == key or key.endswith("." + name) or name.endswith("." + key):
                    return True
            if _by_class(bare, item.key):
                return True  # ``Agent.handle_intervention`` for ``self.agent.handle_intervention``
    return False


def module_spelled(text: str) -> str:
    """The module a file path names (``helpers/tool.py``, ``./helpers/tool.py``,
    ``helpers/__init__.py``) in dotted form; other text as it is."""
    path = text.strip().removeprefix("./")
    if not path.endswith(".py"):
        return text
    parts = path[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    if not parts or not all(part.isidentifier() for part in parts):
        return text
    return ".".join(parts)


def _by_class(documented: str, key: str) -> bool:
    """Whether ``documented``, a method named by its class (``Agent.handle_intervention``),
    is the call ``key`` makes on the attribute named like that class
    (``self.agent.handle_intervention``)."""
    owner, _, method = documented.partition(".")
    prefix, _, called = key.rpartition(".")
    if not method or "." in method or method != called or not owner[:1].isupper():
        return False
    attribute = prefix.removeprefix("self.")
    return "." not in attribute and attribute.replace("_", "").casefold() == owner.casefold()


def _same_literal(first: str, second: str) -> bool | None:
    """Whether two values written as Python literals are equal; None when
    either is not a literal."""
    try:
        return bool(literal_eval(first) == literal_eval(second))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


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
