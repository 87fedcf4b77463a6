"""Judging bullet blocks: classes with their bases and methods, top-level
functions and related tests.

A documented class, method or function the module no longer has is stale,
one whose bases or signature differ is changed, and one the convention
derives from the code but the block lacks is missing (inserted next to its
neighbours, written like its siblings).
"""

from __future__ import annotations

import posixpath

from doxtool.companions.bullets import NO_BASE, SIGNATURE, indent_width
from doxtool.companions.codeindex import signature_changes
from doxtool.companions.derive import (
    Item,
    code_list,
    render_class_bullet,
    render_function,
    render_method,
    render_signature,
    render_test,
)
from doxtool.companions.documented import DocItem, read_bullets
from doxtool.companions.factlines import ExpectedBlock, code, display_code
from doxtool.companions.generate import verification_lines
from doxtool.companions.itemmarks import appended_mark, numbered
from doxtool.companions.itemspelling import (
    ITEM_BULLET,
    bases_agree,
    item_mark,
    note_like,
    spelled_like,
    words_after,
)
from doxtool.companions.leads import lead_note
from doxtool.companions.linked_tests import (
    LinkedTest,
    gone,
    linked_paths,
    linked_tests,
    test_paths,
)
from doxtool.companions.listedpast import listed_elsewhere
from doxtool.companions.listtables import tabled_names
from doxtool.companions.model import FactBlock
from doxtool.companions.renames import renamed_item
from doxtool.companions.testnames import unrooted
from doxtool.companions.verdicts import CHANGED, MISSING, STALE, BaseJudge
from doxtool.core.edits import Edit, line_content
from doxtool.core.outline_facts import FunctionOutline


class BulletJudge(BaseJudge):
    """The verdicts on bullet blocks."""

    def classes(self, block: FactBlock, expected: ExpectedBlock | None) -> None:
        documented = read_bullets(self.companion, block, self.convention.bare_class_has_no_bases)
        code_index = self.code
        known = code_index.outline is not None
        renamed = self.renamed
        for position, cls in enumerate(documented):
            definitions = code_index.classes.get(cls.key)
            if known and not definitions and code_index.has_inner_class(cls.key):
                continue  # a class defined in a class or a function: not judged here
            if renamed is not None and cls.key == renamed[0]:
                documented[position] = cls = self._renamed(cls, renamed[1])
                for method in cls.children:
                    self._method(cls, method)
                continue
            if known and not definitions:
                if cls.loose:
                    continue
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
                # an imported base by its real name (``helpers.memory_base.MemorySave``
                # for ``MemorySave as _Base``), as well as its name in the module
                facts = code_index.facts.class_named(cls.key)
                if facts is not None and len(facts.resolved_bases) == len(actual[0]):
                    actual.append(facts.resolved_bases)
                if not any(bases_agree(cls.bases, bases) for bases in actual):
                    bases = definitions[0].bases
                    content = line_content(self.companion.lines[cls.index])
                    stated = (
                        f"({', '.join(code(b) for b in bases)})"
                        if bases
                        else (NO_BASE if self.convention.name == "agent-zero" else "")
                    )
                    # what follows the bases (a person's note) stays
                    tail = content[cls.bases_end :]
                    new = content[: cls.close] + (" " + stated if stated else "") + tail
                    written = ", ".join(code(b) for b in cls.bases) or "no base"
                    # bases written inside the class's span (`` `Name(Base)` ``):
                    # no fix writes them a second time after it
                    spelled = content[cls.start : cls.end].strip("` ") != cls.key
                    self.add(
                        "classes",
                        CHANGED,
                        cls.key,
                        f"class `{cls.key}` derives from "
                        f"{code_list([Item(b, b) for b in bases]) or 'no base class'} "
                        f"in the code, not {written} ({self.module}:{definitions[0].line})",
                        cls.line,
                        # (bases wrapped onto the next line are not rewritten)
                        []
                        if spelled or cls.wrapped
                        else [self._edit(cls.index, cls.index + 1, [new.rstrip()])],
                    )
            for method in cls.children:
                self._method(cls, method)
        if expected is None:
            return
        present = {c.key: c for c in documented}
        derived = list(expected.values)
        tabled = tabled_names(self.companion, block)
        for position, cls in enumerate(derived):
            doc = present.get(cls.key)
            if doc is None and cls.key in listed_elsewhere(
                self.companion, block, "classes", tabled
            ):
                continue  # listed in a table doxtool does not read, or past a note
            if doc is None:
                index = self._insertion_after(documented, derived, position, present)
                if any(item.inline for item in documented) or tabled is not None:
                    index = None  # the list is on the lead line or a table: no bullet joins it
                members = next((c.children for c in documented if c.children), [])
                head = self._like(
                    documented,
                    render_class_bullet(cls.text, cls.bases, self.convention),
                    index,
                    sum(c.key not in present for c in derived) == 1,
                )
                methods = [render_method(m) for m in cls.children]
                lines = [
                    head,
                    *(
                        self._members_like(head, members, methods)
                        if head is not None
                        else [None for _ in methods]
                    ),
                ]
                written = [line for line in lines if line is not None]
                self.add(
                    "classes",
                    MISSING,
                    cls.key,
                    f"class `{cls.key}` ({self.module}:{cls.line}) is not listed in the "
                    "Classes block",
                    block.line if index is None else index + 1,
                    [self._edit(index, index, written)]
                    if index is not None and len(written) == len(lines)
                    else [],
                )
                continue
            if not doc.inline:  # methods written on the lead line are not read
                self._missing_methods(doc, cls)

    def _renamed(self, cls: DocItem, new: str) -> DocItem:
        """A Classes entry naming a class the code renamed ``new``: the name
        is written in place (its note and methods stay), then judged anew."""
        line = self.code.classes[new][0].line
        self.add(
            "classes",
            CHANGED,
            cls.key,
            f"class `{cls.key}` is named `{new}` in the code now, with the methods "
            f"listed under it ({self.module}:{line})",
            cls.line,
            [] if cls.inline else [self.rewrite_span(cls, new)],
        )
        return renamed_item(cls, new)

    def _method(self, cls: DocItem, method: DocItem) -> None:
        if self.code.outline is None:
            return
        name = method.key.rsplit(".", 1)[-1]
        defs = self.code.methods(cls.key, name)
        if not defs and note_like(method, name):
            return  # `` `str()` gives ... ``: a person's note about a call
        if not defs and (method.by_name or words_after(method)) and self.code.mentions(name):
            # a name alone the module still uses (perhaps an attribute), or
            # a call of it with a note (`` `fetch(url)`: retried twice ``)
            return
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
        text = spelled_like(
            item.text, display_code(render_signature(fn, self.convention.signatures))
        )
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
        if cap is not None and self.live("classes", doc.children) >= cap:
            return
        present = {m.key for m in doc.children}
        for position, method in enumerate(cls.children):
            if method.key in present:
                continue
            index = doc.index + doc.wrapped + 1
            for earlier in reversed(cls.children[:position]):
                found = next((m for m in reversed(doc.children) if m.key == earlier.key), None)
                if found is not None:
                    index = found.last_index() + 1
                    break
            else:
                if doc.notes:
                    # notes right under the class bullet stay with it
                    index = max(doc.notes) + 1 if not doc.children else doc.children[0].index
            alone = sum(m.key not in present for m in cls.children) == 1
            if doc.children:
                line = self._like(doc.children, render_method(method), index, alone)
            else:
                owner = line_content(self.companion.lines[doc.index])
                line = self._member_like(owner, [], render_method(method))
            self.add(
                "classes",
                MISSING,
                method.key,
                f"method `{method.key}` ({self.module}:{method.line}) is not listed "
                f"under `{doc.key}`",
                doc.line,
                [self._edit(index, index, [line])] if line is not None else [],
            )

    def _tests_lines(self, expected: ExpectedBlock) -> list[str]:
        """The lines of a tests list that takes the place of the sentence for
        no tests: in doxtool's own format, after the line that says to run them
        (as a new companion writes them)."""
        if self.convention.boilerplate:
            return list(expected.lines)
        run = verification_lines(
            self.module, posixpath.basename(self.module), [i.text for i in expected.values]
        )
        return [*run, *expected.lines] if run[0].startswith("- Run ") else list(expected.lines)

    def _no_tests_edit(
        self,
        block: FactBlock,
        documented: list[DocItem],
        expected: ExpectedBlock | None,
        links: list[LinkedTest],
    ) -> Edit | None:
        """When every test a list holding nothing else names is gone and none
        is left to list: the list written back as the convention's sentence
        for no tests (in doxtool's own format, with the line before it that
        says to run those tests, when doxtool wrote it); None otherwise."""
        linked = {link.index for link in links}
        notes = [note for note in block.notes if note.line not in linked]
        if block.empty or block.prose.strip() or notes or not (documented or links):
            return None
        if any(not link.alone for link in links) or gone(links, self.code.exists) != links:
            return None
        if expected is not None and expected.values:
            return None
        for item in documented:
            if item.inline or item.loose or item.carries_words():
                return None
            if any(self.code.exists(path) for path in test_paths(item.text)):
                return None
        start = block.start
        if expected is not None:
            lines = list(expected.lines)
        elif not self.convention.boilerplate:
            name = posixpath.basename(self.module)
            lines = verification_lines(self.module, name, [])
            run = verification_lines(self.module, name, [d.text for d in documented])
            before = line_content(self.companion.lines[start - 1]) if start else ""
            if run[0].startswith("- Run ") and before == run[0]:
                start -= 1
        else:
            return None
        return self._edit(start, block.end, lines)

    def _like(
        self, siblings: list[DocItem], line: str, index: int | None = None, alone: bool = True
    ) -> str | None:
        """``line`` written with the indentation and bullet of its siblings
        (tabs stay tabs, ``*`` stays ``*``), to be inserted at line ``index``.
        Among numbered siblings it takes the next number, which it can only
        do after the last of them, ``alone`` (the only item added there):
        None where it cannot (no fix is offered)."""
        if not siblings:
            return line
        marks = [item_mark(self.companion.lines[s.index]) for s in siblings if not s.inline]
        prefix = marks[0] if marks else "- "
        body = line.lstrip(" \t")[1:].lstrip(" \t")
        if not any(numbered(mark) for mark in marks):
            return prefix + body
        if index is None or not alone or index <= max(s.last_index() for s in siblings):
            return None
        mark = appended_mark(marks)
        return mark + body if mark is not None else None

    def _members_like(
        self, owner: str, members: list[DocItem], lines: list[str]
    ) -> list[str | None]:
        """The method ``lines`` of a class added under the class bullet
        ``owner``, each as :meth:`_member_like` writes it; where the listed
        methods are numbered, a list of their own numbered from the first
        listed method's number (``1.``, ``2.``)."""
        marks = [item_mark(self.companion.lines[m.index]) for m in members if not m.inline]
        if not marks or not numbered(marks[0]):
            return [self._member_like(owner, members, line) for line in lines]
        if indent_width(marks[0]) <= indent_width(owner):
            return [None for _ in lines]
        written: list[str] = []
        out: list[str | None] = []
        for line in lines:
            mark = appended_mark(written) if written else marks[0]
            if mark is None:
                return [None for _ in lines]
            written.append(mark)
            out.append(mark + line.lstrip(" \t")[1:].lstrip(" \t"))
        return out

    def _member_like(self, owner: str, members: list[DocItem], line: str) -> str | None:
        """A method ``line`` to write under the class bullet ``owner`` (its
        line's content) so that it reads back as the class's method: like
        ``members`` (methods listed under a class) when theirs is nested deeper
        than ``owner``, else one level under ``owner`` with its bullet."""
        if members:
            liked = self._like(members, line)
            if liked is None or indent_width(liked) > indent_width(owner):
                return liked
        found = ITEM_BULLET.match(owner)
        if found is None:
            return line
        indent, mark = found.group("indent"), found.group("mark")
        deeper = indent + ("\t" if "\t" in indent else " " * len(mark))
        bullet = "-" if numbered(mark) else mark.rstrip(" \t")
        body = line.lstrip(" \t")[1:].lstrip(" \t")
        return f"{deeper}{bullet} {body}"

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
        links = linked_tests(self.companion, block, documented) if kind == "tests" else []
        no_tests = (
            self._no_tests_edit(block, documented, expected, links) if kind == "tests" else None
        )
        # a person's note on the tests lead (``(manual)``, ``(removed)``) may
        # say what its list means: its paths are checked, never rewritten
        noted = kind == "tests" and bool(lead_note(line_content(self.companion.lines[block.start])))
        for item in documented:
            if kind == "functions":
                if self.code.outline is None:
                    continue
                defs = self.code.functions.get(item.key, [])
                if not defs and item.key in self.code.outline.assigned:
                    continue  # ``square = lambda x: ...``: the name is still bound
                if not defs:
                    if item.loose:
                        continue
                    edits, unsafe = self.removal(item)
                    self.add(
                        kind,
                        STALE,
                        item.key,
                        f"`{self.module}` no longer defines function `{item.key}` "
                        f"(documented at line {item.line})",
                        item.line,
                        edits,
                        # a name alone may be a person's line about something else
                        unsafe or not SIGNATURE.match(item.text),
                    )
                    continue
                self._signature(kind, item, defs, item.key)
            elif (
                not item.loose
                and not any(self.code.exists(path) for path in test_paths(item.text))
                and not unrooted(item.text, self.code.exists)  # (``mypkg.tests.test_x``)
            ):
                edits, unsafe = ([no_tests], False) if no_tests else self.removal(item)
                self.add(
                    kind,
                    STALE,
                    item.key,
                    f"related test `{item.text}` does not exist (documented at line {item.line})",
                    item.line,
                    [] if noted else edits,
                    unsafe,
                )
        for link in gone(links, self.code.exists):
            line = link.index + 1
            # a link with words after it or under it is left to its person
            edits = [no_tests or self._edit(link.index, line, [])] if link.alone else []
            edits = [] if noted else edits
            message = f"related test `{link.path}` does not exist (documented at line {line})"
            self.add(kind, STALE, link.path, message, line, edits)
        if expected is None:
            return
        cap = self.convention.function_cap if kind == "functions" else self.convention.test_cap
        if cap is not None and self.live(kind, documented) >= cap:
            return
        present = {d.key: d for d in documented}
        if kind == "tests":
            # ``./tests/x.py``, ``tests/x.py::test_a`` and ``tests/x.py -k a``
            # all list ``tests/x.py``; so does a Markdown link to it
            present.update((path, d) for d in documented for path in test_paths(d.text))
            linked = linked_paths(self.companion, block)
        else:
            linked = set()
        derived = list(expected.values)
        render = render_function if kind == "functions" else render_test
        # listed in a table doxtool does not read (a test by the paths it names)
        table = tabled_names(self.companion, block)
        tabled = listed_elsewhere(self.companion, block, kind, table)
        for position, item in enumerate(derived):
            if item.key in present or item.key in linked or item.key in tabled:
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
            alone = sum(d.key not in present and d.key not in linked for d in derived) == 1
            line = self._like(documented, render(item), index, alone)
            edits = [self._edit(index, index, [line])] if line is not None else []
            if block.line and block.empty:
                # the convention's sentence for no tests gives way to the list,
                # unless a person wrote words after it
                lines = self._tests_lines(expected)
                edits = [] if block.prose.strip() else [self._edit(block.start, block.end, lines)]
            elif any(doc.inline for doc in documented) or table is not None:
                # the list is written on the lead line, or as a table: no bullet joins it
                edits = []
            self.add(kind, MISSING, item.key, message, block.line, [] if noted else edits)
