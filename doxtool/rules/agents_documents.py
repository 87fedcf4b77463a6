"""DOX203, DOX204: each ``AGENTS.md`` on its own (links that lead nowhere, the
sections it must have)."""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.agents.document import (
    AgentsDoc,
    Heading,
)
from doxtool.agents.tree import AGENTS, resolve_link
from doxtool.core.findings import Finding
from doxtool.rules.agents_scope import checked, tree
from doxtool.rules.base import Example, Expect, Rule
from doxtool.run import sparse
from doxtool.run.context import Context


class DeadLink(Rule):
    code = "DOX203"
    name = "agents-dead-link"
    summary = "A link in an `AGENTS.md` points to a file or folder that does not exist"
    doc = """\
**What it checks.** Every link and image in an `AGENTS.md` whose target is a
path of the repository (not a URL, an anchor or a template) points to a file
or folder that exists. Targets are taken relative to the file's directory, or
to the repository root when they start with `/`; a target that leaves the
repository is not followed. Links inside code spans, code blocks and HTML
comments are not links. Rows of the Child DOX Index are DOX201's.

**Why it matters.** `AGENTS.md` files are read by people and agents before
they edit; a dead link sends them to documentation or code that moved.

**Example.** `docs/AGENTS.md` links `[setup](setup/install.md)` after the
guide was renamed.

**Precision.** On the shared Agent Zero corpus it reports nothing: its links
are the index rows and the root's in-page anchors.
"""
    valid = [
        Example(
            {
                "docs/AGENTS.md": "# docs\n\nSee [the guide](guide.md#setup), "
                "[home](https://example.com), [top](#docs), `[x](nowhere.md)` and "
                "[root](/README.md).\n\n```\n[y](nowhere.md)\n```\n",
                "docs/guide.md": "# Guide\n",
                "README.md": "# Readme\n",
            }
        )
    ]
    invalid = [
        Example(
            {
                "docs/AGENTS.md": "# docs\n\nSee [setup](setup/install.md) and\n"
                "[the folder](../assets/).\n",
            },
            [
                Expect("docs/AGENTS.md", 3, "`setup/install.md`"),
                Expect("docs/AGENTS.md", 4, "`assets`"),
            ],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        paths = checked(ctx)
        if not paths:
            return
        agents_tree = tree(ctx)
        for path in paths:
            doc = agents_tree.docs.get(path)
            if doc is None:
                continue
            rows = (
                {(link.line, link.target) for link in doc.index.links}
                if doc.index is not None
                else set()
            )
            for link in doc.links:
                if (link.line, link.target) in rows:
                    continue
                resolved = resolve_link(path, link.target)
                if resolved is None or resolved == "" or sparse.present(ctx, resolved):
                    continue
                yield self.finding(
                    f"link `{link.target}` points to `{resolved}`, which does not exist",
                    path,
                    link.line,
                    link.column,
                    subject=f"{path}:link:{link.target}",
                )


class SectionShape(Rule):
    code = "DOX204"
    name = "agents-section-missing"
    summary = "A non-root `AGENTS.md` lacks a required section, misnames it or misorders it"
    doc = """\
**What it checks.** Every `AGENTS.md` below the root has the `##` sections
named by `agents-sections` (default: Purpose, Ownership, Local Contracts,
Work Guidance, Verification, Child DOX Index), in that order. A heading that
differs from a required title only in case or by a small misspelling is named
as misnamed. The root `AGENTS.md` is free-form. The rule applies once the
repository keeps a Child DOX Index in at least one `AGENTS.md`. An
`AGENTS.md` that cannot be read (the root's too: undecodable, a NUL byte)
is reported here in any repository; it may keep an index, so while no file
read keeps one, whether the sections are a convention is unknown and none
is checked.

**Why it matters.** The sections are the DOX contract: people and agents look
for Local Contracts before editing and for Verification after. A missing or
renamed section is a contract nobody finds.

**Example.** `api/AGENTS.md` with `## Local Contract` (no `s`) and no
`## Verification`.

**Precision.** On the shared Agent Zero corpus it reports nothing: the 137
non-root files all have the six sections in order.
"""
    valid = [
        Example(
            {
                "AGENTS.md": "# Free-form root\n\n## Anything\n\n## Child DOX Index\n\n"
                "No child DOX files.\n",
                "api/AGENTS.md": "# api\n\n## Purpose\n## Ownership\n## Local Contracts\n"
                "### Detail\n## Work Guidance\n## Verification\n## Child DOX Index\n"
                "No child DOX files.\n## Extra\n",
            }
        )
    ]
    invalid = [
        Example(
            {
                "api/AGENTS.md": "# api\n\n## Purpose\n## Ownership\n## Local Contract\n"
                "## Work Guidance\n## Child DOX Index\nNo child DOX files.\n",
            },
            [
                Expect("api/AGENTS.md", 5, "`## Local Contract` should be `## Local Contracts`"),
                Expect("api/AGENTS.md", 1, "missing required section `## Verification`"),
            ],
        ),
        Example(
            {
                "api/AGENTS.md": "# api\n\n## Ownership\n## Purpose\n## Local Contracts\n"
                "## Work Guidance\n## Verification\n## Child DOX Index\nNo child DOX files.\n",
            },
            [Expect("api/AGENTS.md", 4, "`## Purpose` comes after `## Ownership`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        paths = checked(ctx)
        if not paths:
            return
        agents_tree = tree(ctx)
        required = list(ctx.config.agents_sections)
        for path in paths:
            error = agents_tree.unreadable.get(path)
            if error is not None:
                # whatever the convention, what it holds (its links, the index
                # it may keep) is unknown: said, never passed over
                unchecked = "its links and index" if path == AGENTS else "its sections"
                yield self.finding(
                    f"cannot be read: {error.message}; {unchecked} are not checked",
                    path,
                    subject=f"{path}:unreadable",
                )
                continue
            doc = agents_tree.docs.get(path)
            if doc is not None and path != AGENTS and agents_tree.uses_index:
                yield from self._sections(path, doc, required)

    def _sections(self, path: str, doc: AgentsDoc, required: list[str]) -> Iterator[Finding]:
        headings = doc.sections()
        present = {h.title: h for h in reversed(headings)}
        claimed: set[int] = set()
        found: list[tuple[int, str]] = []  # (position among required, heading line)
        for rank, title in enumerate(required):
            heading = present.get(title)
            if heading is not None:
                found.append((rank, heading.line))
                claimed.add(heading.line)
                continue
            near = self._near(title, headings, set(required), claimed)
            if near is not None:
                claimed.add(near.line)
                found.append((rank, near.line))
                yield self.finding(
                    f"section `## {near.title}` should be `## {title}`",
                    path,
                    near.line,
                    subject=f"{path}:section-name:{title}",
                )
            else:
                yield self.finding(
                    f"missing required section `## {title}`",
                    path,
                    1,
                    subject=f"{path}:section:{title}",
                )
        found.sort(key=lambda item: item[1])
        for (rank, line), (prev_rank, _) in zip(found[1:], found, strict=False):
            if rank < prev_rank:
                title, before = required[rank], required[prev_rank]
                yield self.finding(
                    f"section `## {title}` comes after `## {before}`; the order is "
                    + ", ".join(required),
                    path,
                    line,
                    subject=f"{path}:section-order:{title}",
                )
                break

    @staticmethod
    def _near(
        title: str, headings: list[Heading], required: set[str], claimed: set[int]
    ) -> Heading | None:
        """A heading that is ``title`` misspelt: same letters in another case,
        or close enough, and not a required title itself."""
        import difflib  # only a heading no required title matches is compared

        wanted = title.casefold()
        for heading in headings:
            if heading.line in claimed or heading.title in required:
                continue
            candidate = heading.title.casefold()
            if len(candidate) > 2 * len(wanted):
                continue  # too long to be a misspelling (and costly to compare)
            if (
                candidate == wanted
                or difflib.SequenceMatcher(None, candidate, wanted).ratio() >= 0.85
            ):
                return heading
        return None


RULES: list[type[Rule]] = [DeadLink, SectionShape]
