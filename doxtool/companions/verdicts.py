"""Verdicts on documented items, and the judge's common ground.

A :class:`Verdict` is one item of a companion judged against the code
(stale, changed or missing), with the edit that fixes exactly that item.
:class:`BaseJudge` holds what judging every kind of block shares: the
module, companion, convention and code index, the verdicts collected, and
the edits that remove an item or rewrite its code span.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from doxtool.companions.codeindex import CodeIndex
from doxtool.companions.conventions import Convention
from doxtool.companions.documented import DocItem
from doxtool.companions.factlines import code, spans
from doxtool.companions.model import Companion
from doxtool.core.edits import Edit, line_content

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


# --- judging ------------------------------------------------------------------


@dataclass(eq=False, repr=False)
class BaseJudge:
    """What the judges of a companion's lines share: the companion, its convention, the code
    and the verdicts given."""

    module: str
    companion: Companion
    convention: Convention
    code: CodeIndex
    verdicts: list[Verdict] = field(default_factory=list)
    #: (old, new) name of a class the code renamed (see
    #: :func:`~doxtool.companions.renames.renamed_class`)
    renamed: tuple[str, str] | None = None

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
        stated: bool = False,
    ) -> None:
        if state == MISSING and not self.generated and not stated:
            # a hand-written companion chose what it lists; one that states
            # there is none (``none`` areas) is contradicted by any item
            return
        self.verdicts.append(Verdict(kind, state, key, message, line, list(edits), unsafe))

    def live(self, kind: str, items: Sequence[DocItem]) -> int:
        """How many of ``items`` (of a ``kind`` block) are not reported stale:
        those count toward the convention's cap on the items listed; a stale
        one takes no place a missing one would take."""
        stale = {v.key for v in self.verdicts if v.kind == kind and v.state == STALE}
        return sum(item.key not in stale for item in items)

    def removal(self, item: DocItem) -> tuple[list[Edit], bool]:
        if item.inline:
            return [], False  # one of several items on the lead line: no fix removes it
        end = item.last_index() + 1
        return [self._edit(item.index, end, [])], item.carries_words()

    def rewrite_span(self, item: DocItem, text: str) -> Edit:
        """The edit writing ``text`` as ``item``'s code span, the rest of its
        line kept; a link whose text it is stays; a span wrapped onto the
        lines after it is written on its first line, followed by what follows
        it on the line it closes on."""
        content = line_content(self.companion.lines[item.index])
        if item.span_lines == 0 and content[item.start : item.start + 1] == "[":
            # ``[`name`](target)``: the span inside the link
            start = item.start + 1
            end = start + spans(content[start : item.end])[0].end
            return self._edit(
                item.index, item.index + 1, [content[:start] + code(text) + content[end:]]
            )
        last = line_content(self.companion.lines[item.index + item.span_lines])
        return self._edit(
            item.index,
            item.index + item.span_lines + 1,
            [content[: item.start] + code(text) + last[item.end :]],
        )
