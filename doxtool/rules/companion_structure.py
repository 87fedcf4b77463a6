"""DOX101-DOX104: a companion's structure (its title and its sections)."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from doxtool.companions.conventions import CONVENTIONS
from doxtool.companions.edits import block_edit, section_edit
from doxtool.companions.filelines import (
    FileLine,
    other_file_names,
    renamed_lines,
    stale_run_lines,
)
from doxtool.companions.model import Companion
from doxtool.companions.otherwords import (
    held_somewhere,
    other_words,
    said_in_words,
    sharing_place,
)
from doxtool.companions.outline import front_matter_end
from doxtool.companions.templates import TemplateError
from doxtool.core.edits import Edit, line_content
from doxtool.core.facts import BREAK_LOOP
from doxtool.core.findings import WARNING, Finding, Fix
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.documented import (
    DOX,
    Documented,
    documented,
    valid_examples,
    with_dox,
)
from doxtool.run import sparse
from doxtool.run.context import Context


class WrongTitle(Rule):
    code = "DOX101"
    name = "wrong-title"
    summary = (
        "The companion's H1 is not `# <file name> DOX`, or a generated line names another file"
    )
    fixable = True
    doc = """\
**What it checks.** The first heading of `wait.py.dox.md` is `# wait.py DOX`;
and the lines a generated companion writes about its module's file (`- Own
the `wait.py` agent tool.`, `- `wait.py` owns the runtime implementation.`,
the line saying which tests to run) name `wait.py`. A line is one of these
when it is, byte for byte, what the template writes for the module's facts
under a file name the companion gives that no longer exists (the name before
a rename); `--fix` writes it in place as the template writes it now. A line a
person wrote or changed is never one.

**Why it matters.** The title names the module the file documents; a
renamed or copied companion that still carries its old title, or lines
about its old file, misleads every reader.

**Example.** `# sleep.py DOX` in `tools/wait.py.dox.md`.

**Precision.** A title that opens with `# wait.py DOX` and goes on with a
person's subtitle after a space, `:` or `,` (`# wait.py DOX — waiting
without blocking`, `# wait.py DOX (tools)`, `# wait.py DOX: waiting`) is
the right title: it is not reported, nor is one that marks the name up as
code or emphasis or links it (``# `wait.py` DOX``, `# **wait.py** DOX`,
`# [wait.py](wait.py) DOX`). When the title names another file
(`# sleep.py DOX — waiting`), `--fix` writes the module's file name and
keeps the subtitle (`# wait.py DOX — waiting`). A title of a person's own
words (`# Wait tool`) is replaced only by an unsafe fix (`--unsafe-fixes`):
the words would be lost.
"""
    valid = [
        *valid_examples(),
        Example(with_dox("# wait.py DOX", "# wait.py DOX — waiting without blocking")),
        Example(with_dox("# wait.py DOX", "# wait.py DOX (tools)")),
        Example(with_dox("# wait.py DOX", "# wait.py DOX: waiting")),
        # markup around the name
        Example(with_dox("# wait.py DOX", "# `wait.py` DOX")),
        Example(with_dox("# wait.py DOX", "# **wait.py** DOX \u2014 waiting")),
        # a link around the name
        Example(with_dox("# wait.py DOX", "# [`wait.py`](wait.py) DOX")),
    ]
    invalid = [
        Example(with_dox("# wait.py DOX", "# sleep.py DOX"), [Expect(DOX, 1, "`# wait.py DOX`")]),
        Example(
            with_dox("# wait.py DOX", "# sleep.py DOX — waiting"),
            [Expect(DOX, 1, "should be `# wait.py DOX — waiting`")],
        ),
        Example(with_dox("# wait.py DOX", "# wait.py DOXes"), [Expect(DOX, 1, "`# wait.py DOX`")]),
        Example(with_dox("# wait.py DOX", "# `sleep.py` DOX"), [Expect(DOX, 1, "`# wait.py DOX`")]),
        Example(
            with_dox("- Own the `wait.py` agent tool.", "- Own the `sleep.py` agent tool."),
            [Expect(DOX, 4, "generated line names `sleep.py`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            expected = f"{doc.module.rsplit('/', 1)[-1]} DOX"
            title = doc.companion.title
            if title is not None and (
                _subtitle(title.strip(), expected) is not None
                or _subtitle(_unmarked(title.strip()), _unmarked(expected)) is not None
            ):
                continue  # the title, and a person's words after it (``# `wait.py` DOX``)
            applicability = "safe"
            if title is None:
                edit = _title_insertion(doc.companion, f"# {expected}")
                message = f"companion has no title; expected `# {expected}`"
                line = 1
            else:
                # ``# sleep.py DOX — waiting``: the words after the name stay
                named = _NAMED_TITLE.match(title.strip())
                words = _subtitle(title.strip(), named.group(1)) if named else None
                right = f"# {expected}{words or ''}"
                line = doc.companion.title_line
                edit = Edit(doc.path, line - 1, line, [right])
                message = f"title `# {title.strip()}` should be `{right}`"
                file_name = expected.rsplit(" ", 1)[0]
                if named is None and not title.strip().startswith(file_name):
                    applicability = "unsafe"  # ``# Wait tool``: a person's words it replaces
            fix = Fix("fix title", [edit], applicability=applicability)
            yield self.finding(message, doc.path, line, subject=f"{doc.path}:title", fix=fix)
        for doc in documented(ctx):
            yield from self._file_lines(ctx, doc)

    def _file_lines(self, ctx: Context, doc: Documented) -> Iterator[Finding]:
        """The lines doxtool generated that name another file than the
        module's (:mod:`doxtool.companions.filelines`), rewritten in place."""
        folder, _, own = doc.module.rpartition("/")
        # a file still there may be what the line means (a person's pointer to it)
        names = [
            name
            for name in other_file_names(doc.companion, doc.module)
            if not sparse.present(ctx, f"{folder}/{name}".lstrip("/"))
        ]
        found: dict[int, FileLine] = {}
        # a companion may have been generated in another convention's template
        conventions = [
            ctx.convention,
            *(c for c in CONVENTIONS.values() if c.name != ctx.convention.name),
        ]
        for convention in conventions if names else []:
            try:
                now = ctx.new_companion(doc.module, convention=convention).splitlines()
                for name in names:
                    before = ctx.new_companion(doc.module, name, convention).splitlines()
                    for line in renamed_lines(doc.companion, now, before, name):
                        found.setdefault(line.index, line)
            except TemplateError:
                continue  # a project's template that does not render says nothing here
        tests = ctx.related_tests(doc.module)
        # a test a sparse checkout leaves out of the work tree still exists
        present = functools.partial(sparse.present, ctx)
        for line in stale_run_lines(doc.companion, doc.module, tests, present):
            if line.named == own or line.named in names:
                found.setdefault(line.index, line)
        for index, line in sorted(found.items()):
            content = line_content(doc.companion.lines[index])
            yield self.finding(
                f"generated line names `{line.named}`, not the module's file `{own}`"
                if line.named != own
                else "generated line names tests that no longer exist",
                doc.path,
                index + 1,
                subject=f"{doc.path}:file-line:{content}",
                fix=Fix("name the module's file", [Edit(doc.path, index, index + 1, [line.line])]),
            )


#: a title naming a file: its name and ``DOX``, then perhaps a subtitle
_NAMED_TITLE = re.compile(r"(\S+[ \t]+DOX)(?![\w.])")


#: markup around a title's words: a code span, emphasis (``# `wait.py` DOX``,
#: ``# **wait.py** DOX``, ``# *wait.py DOX*``)
_TITLE_MARKUP = re.compile(r"`+|(?<![\w*])(?:\*\*|__|\*)(?=\S)|(?<=\S)(?:\*\*|__|\*)(?![\w*])")


#: a link around a title's words (``# [wait.py](wait.py) DOX``): its text stands
_TITLE_LINK = re.compile(r"\[([^\[\]]*)\](?:\([^()]*\)|\[[^\[\]]*\])")


def _unmarked(title: str) -> str:
    """``title`` without the code spans, emphasis and links around its words."""
    return _TITLE_MARKUP.sub("", _TITLE_LINK.sub(r"\1", title))


def _subtitle(title: str, named: str) -> str | None:
    """What follows ``named`` (``wait.py DOX``) in ``title``: ``""`` when
    nothing does, a person's subtitle after a space, ``:`` or ``,``
    (``— waiting without blocking``, ``(tools)``, ``: waiting``); None when
    ``title`` does not open so (``sleep.py DOX``, ``wait.py DOXes``), or
    a separator ends it with no words after it."""
    if not title.startswith(named):
        return None
    rest = title[len(named) :]
    if not rest:
        return ""
    opens = rest[0].isspace() or rest[0] in ":,"
    return rest if opens and rest.strip(" \t:,;|\u2013\u2014-") else None


def _title_insertion(companion: Companion, title: str) -> Edit:
    """The edit writing a missing title: at the top, or after the YAML front
    matter the file opens with (which must stay on its first line)."""
    end = front_matter_end(companion.lines)
    if end == 0:
        return Edit(companion.path, 0, 0, [title, ""])
    following = companion.lines[end] if end < companion.line_count else None
    blank_after = following is None or not line_content(following).strip()
    return Edit(companion.path, end, end, ["", title] if blank_after else ["", title, ""])


class MissingSection(Rule):
    code = "DOX102"
    name = "missing-section"
    summary = "A required `##` section is missing from the companion"
    fixable = True
    doc = """\
**What it checks.** The companion has the sections Purpose, Ownership,
Runtime Contracts, Key Concepts, Work Guidance, Verification and Child DOX
Index. `## Local Contracts`, as Agent Zero's files also name it, is the
Runtime Contracts section.

**Why it matters.** Readers and tools find a module's contract by section; a
missing section means that part of the contract was never written down.

A section written at another heading level (`### Verification`) or as a
bold line standing alone (`**Verification**`, also over text on the next
line), where no `##` heading names it, is that section: its fact lines are
read as in it, and it is reported as written so; the fix makes its line a
`##` heading in place.

**Example.** A companion without `## Verification`. The fix inserts the
heading (and the fact lines it should hold) in its canonical place.

**Precision.** A section may be written under a heading in other words or
another language (`## Zweck`, `## Überprüfung`): where `##` headings
doxtool does not know stand in a missing section's place (between the known
sections before and after it) and are at least as many as the sections
missing there, none is reported; where they are fewer, the missing sections
are reported naming them, without a fix (a heading added beside the
person's might say the same twice). A section carrying fact lines for the
module, none of which the companion has anywhere, is reported (and fixed)
whatever heading stands in its place.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_dox("## Work Guidance\n- Keep waits short.\n\n", ""),
            [Expect(DOX, None, "`## Work Guidance`")],
        ),
        Example(
            with_dox("## Work Guidance", "### Work Guidance"),
            [Expect(DOX, None, "written as `### Work Guidance`")],
        ),
        Example(
            with_dox("## Work Guidance", "**Work Guidance**"),
            [Expect(DOX, None, "written as `**Work Guidance**`")],
        ),
        # over text on the next line, one paragraph: still the section
        Example(
            with_dox("## Child DOX Index\n", "**Child DOX Index**\n"),
            [Expect(DOX, None, "written as `**Child DOX Index**`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            yield from self._other_levels(ctx, doc)
            present = {ctx.convention.section(s.title) for s in doc.companion.sections}
            expected = ctx.expected(doc.module)
            missing = [s for s in ctx.convention.sections if s not in present and s.required]
            # a section the person titled in other words (``## Zweck``) may stand
            # where a missing one goes: never a heading added beside it
            # (not one whose fact lines the companion has none of: its
            # content is nowhere, whatever heading stands in its place)
            held = {e.section for e in expected}
            worded = other_words(
                doc.companion,
                ctx.convention,
                [
                    s
                    for s in missing
                    if s.title not in held
                    or held_somewhere(doc.companion, s.title, expected, ctx.convention)
                ],
            )
            for spec in missing:
                title = spec.title
                others = worded.get(title)
                if others is not None and others.enough:
                    continue
                if said_in_words(doc.companion, title, expected):
                    continue  # (`- `X` ist ein `Tool`.` under the person's heading)
                if others is None:
                    # none of its fact lines is read, but it shares its place
                    # with sections titled in other words: no heading is
                    # written there (it would split the place), and the
                    # finding names the person's headings
                    others = sharing_place(doc.companion, ctx.convention, title)
                # the fact lines of a missing section are inserted with its
                # heading; taking their edit keeps the heading from doubling.
                # A block the companion has (under another heading, once this
                # one was deleted) is left where it is: the heading is added
                # (only those of the rules the run checks: `ignore = ["DOX133"]`
                # writes no side-effect areas line with the section)
                checked = ctx.checked_kinds
                # nor a `break_loop` line of a tool doxtool knows in part
                # (`break_loop=bool(done)` beside `False`): its *always*
                # would state what the code is not seen to do
                unknown = {t.class_name for t in ctx.tools(doc.module) if not t.knows(BREAK_LOOP)}
                blocks = [
                    e
                    for e in expected
                    if e.section == title
                    and doc.companion.block(e.key) is None
                    and (checked is None or e.kind in checked)
                    and not (e.kind == BREAK_LOOP and e.subject in unknown)
                ]
                # (one whose lead a person wrote in a form doxtool cannot
                # read has no edit: the next block's carries the section)
                edits = (block_edit(doc.companion, block) for block in blocks)
                edit = next((e for e in edits if e is not None), None) or (
                    section_edit(doc.companion, title)
                )
                named = ""
                if others is not None:
                    headings = ", ".join(f"`## {s.title.strip()}`" for s in others.headings)
                    named = f" (unless one of {headings} is it in other words)"
                yield self.finding(
                    f"section `## {title}` is missing{named}",
                    doc.path,
                    edit.start + 1,
                    subject=f"{doc.path}:section:{title}",
                    fix=Fix(f"add section {title}", [edit]) if others is None else None,
                )

    def _other_levels(self, ctx: Context, doc: Documented) -> Iterator[Finding]:
        """A section written at another heading level (``### Work Guidance``)
        or as a bold line alone (``**Work Guidance**``): it is that section,
        and the fix makes its line a ``##`` heading in place."""
        for section in doc.companion.sections:
            spec = ctx.convention.section(section.title)
            if section.level == 2 or spec is None:
                continue
            written = line_content(doc.companion.lines[section.start]).strip(" \t")
            heading = f"## {section.title}"
            yield self.finding(
                f"section `## {spec.title}` is written as `{written}`; make it `{heading}`",
                doc.path,
                section.line,
                subject=f"{doc.path}:section-level:{spec.title}",
                fix=Fix(
                    f"make {spec.title} a `##` heading",
                    [Edit(doc.path, section.start, section.start + 1, [heading])],
                ),
            )


class DuplicatedSection(Rule):
    code = "DOX103"
    name = "duplicated-section"
    summary = "A `##` section appears more than once"
    doc = """\
**What it checks.** Each section title appears once.

**Why it matters.** Two `## Ownership` sections split one contract in two;
readers stop at the first and miss the second. Merging them is a person's
decision, so there is no automatic fix.

**Example.** `## Verification` twice.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_dox("## Child DOX Index", "## Verification\n- Again.\n\n## Child DOX Index"),
            [Expect(DOX, 29, "`## Verification` appears again")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            seen: dict[str, int] = {}
            for section in doc.companion.sections:
                title = section.title.strip()
                spec = ctx.convention.section(title)
                if spec is not None:
                    title = spec.title
                if title in seen:
                    yield self.finding(
                        f"section `## {title}` appears again (first at line {seen[title]})",
                        doc.path,
                        section.line,
                        subject=f"{doc.path}:duplicate-section:{title}",
                    )
                else:
                    seen[title] = section.line


class MisorderedSections(Rule):
    code = "DOX104"
    name = "misordered-sections"
    summary = "Sections are not in the canonical order"
    severity = WARNING
    doc = """\
**What it checks.** The known sections appear in the order Purpose, Ownership,
Runtime Contracts, Key Concepts, Work Guidance, Verification, Child DOX Index.

**Why it matters.** Every companion reads the same way when the order is the
same. doxtool never reorders a person's sections itself.

**Example.** `## Verification` before `## Ownership`.
"""
    valid = valid_examples()
    invalid = [
        Example(
            with_dox(
                "## Work Guidance\n- Keep waits short.\n\n## Verification\n",
                "## Verification\n- Run the tool with `seconds` 0.\n\n## Work Guidance\n"
                "- Keep waits short.\n\n## Verification\n",
            ),
            [Expect(DOX, 26, "comes after `## Verification`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for doc in documented(ctx):
            last_index = -1
            last_title = ""
            order = ctx.convention.section_titles()
            for section in doc.companion.sections:
                spec = ctx.convention.section(section.title)
                if spec is None:
                    continue
                title = section.title.strip()
                index = order.index(spec.title)
                if index < last_index:
                    yield self.finding(
                        f"section `## {title}` comes after `## {last_title}`; "
                        f"the canonical order puts it before `## {last_title}`",
                        doc.path,
                        section.line,
                        subject=f"{doc.path}:order:{title}",
                    )
                else:
                    last_index, last_title = index, title


RULES: list[type[Rule]] = [
    WrongTitle,
    MissingSection,
    DuplicatedSection,
    MisorderedSections,
]
