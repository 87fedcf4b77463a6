"""DOX201, DOX202, DOX205: the rows of each ``AGENTS.md`` Child DOX Index against
the tree (a row whose file is gone, a child without a row, a row naming no
child)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from doxtool.agents.document import (
    CHILDREN_LEAD,
    NO_CHILDREN,
    TABLE_HEADER,
    AgentsDoc,
    ChildIndex,
    IndexRow,
    Link,
)
from doxtool.agents.rebase import rebased
from doxtool.agents.tree import AGENTS, AgentsTree, directory_of, resolve_link
from doxtool.core.edits import Edit
from doxtool.core.findings import Finding, Fix
from doxtool.rules.agents_moves import Move, pair_moves, relative
from doxtool.rules.agents_scope import checked, tree
from doxtool.rules.base import Example, Expect, Rule
from doxtool.run import sparse
from doxtool.run.context import Context

#: the head of a root index table, for the examples
_ROOT_INDEX = (
    "# Repo\n\n## Child DOX Index\n\nDirect child DOX files:\n\n| Child | Scope |\n| --- | --- |\n"
)


@dataclass
class _Entry:
    """A link of a Child DOX Index and the repository path it names."""

    link: Link
    resolved: str | None


def _entries(path: str, index: ChildIndex) -> list[_Entry]:
    return [_Entry(link, resolve_link(path, link.target)) for link in index.links]


def _names_child(entry: _Entry, child: str) -> bool:
    return entry.resolved is not None and entry.resolved in (child, directory_of(child))


def _cell(text: str) -> str:
    """``text`` as one table cell: on one line, its pipes escaped (once)."""
    return " ".join(_UNESCAPED_PIPE.sub(r"\\|", text).split())


_UNESCAPED_PIPE = re.compile(r"(?<!\\)\|")


_PLAIN_PATH = re.compile(r"[A-Za-z0-9._/@+~%-]+")
_ENCODED = {"%": "%25", "#": "%23", "?": "%3F", "|": "%7C"}


def _row(tree: AgentsTree, source: str, child: str) -> str | None:
    """The index row of ``child``; None when its path cannot be a link."""
    rel = relative(source, child)
    # a backtick would open a code span that hides the link from readers
    if not rel.isprintable() or any(c in rel for c in "<>\\`"):
        return None
    # what a reader takes as the end of the path (``#``, ``?``) or of the cell
    # (``|``), and ``%`` itself, percent-encoded: the target reads back as ``rel``
    encoded = "".join(_ENCODED.get(c, c) for c in rel)
    target = encoded if _PLAIN_PATH.fullmatch(encoded) else f"<{encoded}>"
    text = _cell(rel.replace("[", "\\[").replace("]", "\\]"))
    doc = tree.docs.get(child)
    # the child's links, written relative to its directory, made to point
    # from the index's
    scope = _cell(rebased(doc.purpose, child, source, doc.definitions)) if doc is not None else ""
    return f"| [{text}]({target}) | {scope} |"


def _missing_children(ctx: Context, path: str, doc: AgentsDoc) -> list[str]:
    agents_tree = tree(ctx)
    entries = _entries(path, doc.index) if doc.index is not None else []
    named = _span_named(path, doc.index.named) if doc.index is not None else set()
    return [
        child
        for child in agents_tree.children(path)
        if not any(_names_child(entry, child) for entry in entries)
        and not {child, directory_of(child)} & named
    ]


def _span_named(path: str, spans: list[str]) -> set[str]:
    """The repository paths the index's code spans name, read from the file's
    directory or from the root (``- `tools/AGENTS.md` — entrypoints``): a
    child named so has its row, only not as a link."""
    named: set[str] = set()
    for text in spans:
        text = text.strip()
        if not text or any(c.isspace() for c in text):
            continue
        for source in (path, AGENTS):
            resolved = resolve_link(source, text)
            if resolved:
                named.add(resolved.rstrip("/"))
    return named


def _gone(ctx: Context, path: str, doc: AgentsDoc) -> list[_Entry]:
    if doc.index is None:
        return []
    return [e for e in _entries(path, doc.index) if e.resolved is not None and not _exists(ctx, e)]


def _moves(ctx: Context, path: str, doc: AgentsDoc) -> list[Move]:
    """The rows of ``path``'s index whose ``AGENTS.md`` is gone that probably
    name a child without a row (computed once per run and file)."""

    def compute() -> list[Move]:
        gone = _gone(ctx, path, doc)
        missing = _missing_children(ctx, path, doc)
        if not gone or not missing or doc.index is None or doc.index.kind != "table":
            return []
        return pair_moves(ctx, path, [(e.link, e.resolved or "") for e in gone], missing)

    return ctx.memo(("index-moves", path), compute)


def _rename_fix(move: Move) -> Fix | None:
    if move.edit is None:
        return None
    return Fix(f"link the row of `{move.link.target}` to `{move.child}`", [move.edit])


def _is_dir(ctx: Context, rel: str) -> bool:
    try:
        return (ctx.project.root / rel).is_dir()
    except (OSError, ValueError):
        return False


def _exists(ctx: Context, entry: _Entry) -> bool:
    resolved = entry.resolved
    return resolved is not None and (resolved == "" or sparse.present(ctx, resolved))


class IndexRowGone(Rule):
    code = "DOX201"
    name = "agents-index-row-gone"
    summary = "A Child DOX Index row links an `AGENTS.md` that does not exist"
    fixable = True
    doc = """\
**What it checks.** Every link in the `## Child DOX Index` section of an
`AGENTS.md` (the rows of its `| Child | Scope |` table, or a list of links)
points to a file or folder that exists.

**Why it matters.** The index is how people and agents find the
documentation below a directory. A row for a directory that was deleted or
renamed sends them nowhere. When a nearest descendant of the same index has
no row (DOX202) and its directory's name is like the gone one's (each the
other's best match, as DOX002 guesses a renamed module), the directory
probably moved: the finding names the new place, and `--fix` rewrites the
row's link to it in place, the scope sentence kept (the link's text changes
only where it spells the old path). Otherwise `--fix` deletes the row (a
table whose last row goes becomes `No child DOX files.`), safely only when
its scope cell is empty: a scope sentence is a person's words, and deleting
it is an unsafe fix (`--unsafe-fixes`). Every other row and its scope
sentence stay as written. A list of links is reported, not fixed.

**Example.** `plugins/AGENTS.md` still lists
`[_old_plugin/AGENTS.md](_old_plugin/AGENTS.md)` after the plugin was removed.

**Precision.** On the shared Agent Zero corpus (138 `AGENTS.md`, 13 tables)
it reports nothing: every row there points to an existing file.
"""
    valid = [
        Example(
            {
                "AGENTS.md": _ROOT_INDEX + "| [tools/AGENTS.md](tools/AGENTS.md) | Tools. |\n",
                "tools/AGENTS.md": "# tools\n\n## Child DOX Index\n\nNo child DOX files.\n",
            }
        )
    ]
    invalid = [
        Example(
            {
                "AGENTS.md": "# Repo\n\n## Child DOX Index\n\nDirect child DOX files:\n\n"
                "| Child | Scope |\n| --- | --- |\n"
                "| [api/AGENTS.md](api/AGENTS.md) | Handlers, said by a person. |\n"
                "| [tools/AGENTS.md](tools/AGENTS.md) | |\n",
                "api/AGENTS.md": "# api\n\n## Child DOX Index\n\nNo child DOX files.\n",
            },
            [Expect("AGENTS.md", 10, "`tools/AGENTS.md`, which does not exist")],
        ),
        Example(
            {
                "AGENTS.md": "# Repo\n\n## Child DOX Index\n\nDirect child DOX files:\n\n"
                "| Child | Scope |\n| --- | --- |\n"
                "| [tools/AGENTS.md](tools/AGENTS.md) | Tools, in a person's words. |\n",
                "tool_kit/AGENTS.md": "# tool_kit\n\n## Purpose\n\n- Moved tools.\n",
            },
            [Expect("AGENTS.md", 9, "probably moved to `tool_kit/AGENTS.md`")],
        ),
        Example(
            {
                "docs/AGENTS.md": "# docs\n\n## Child DOX Index\n\nDirect child DOX files:\n\n"
                "| Child | Scope |\n| --- | --- |\n| [old/AGENTS.md](old/AGENTS.md) | Old. |\n",
            },
            [Expect("docs/AGENTS.md", 9, "`old/AGENTS.md`")],
            fixed_clean=False,  # the scope sentence goes with --unsafe-fixes only
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        paths = checked(ctx)
        if not paths:
            return
        agents_tree = tree(ctx)
        for path in paths:
            doc = agents_tree.docs.get(path)
            if doc is None or doc.index is None:
                continue
            gone = _gone(ctx, path, doc)
            moves = {move.link.line: move for move in _moves(ctx, path, doc)}
            for entry in gone:
                message = (
                    f"Child DOX Index row links `{entry.link.target}`, which does not exist "
                    f"(`{entry.resolved}`)"
                )
                move = moves.get(entry.link.line)
                if move is not None:
                    message += f"; it probably moved to `{move.child}`"
                fix = _rename_fix(move) if move is not None else None
                yield self.finding(
                    message,
                    path,
                    entry.link.line,
                    entry.link.column,
                    subject=f"{path}:index-row:{entry.resolved}",
                    fix=fix or self._fix(ctx, path, doc.index, entry, gone),
                )

    def _fix(
        self, ctx: Context, path: str, index: ChildIndex, entry: _Entry, gone: list[_Entry]
    ) -> Fix | None:
        if index.kind != "table":
            return None
        description = f"remove the row of `{entry.link.target}`"
        rows = index.rows
        if (
            len(gone) == len(rows)
            and all(r.target is not None for r in rows)
            and not tree(ctx).children(path)
        ):
            edits = [Edit(path, index.header_line - 1, index.table_end - 1, [NO_CHILDREN])]
            lead = index.lead_line
            if 0 < lead < index.header_line:
                # the lead goes with the blank lines after it; a person's
                # words between it and the table stay
                after = next((n for n in sorted(index.written) if n > lead), index.header_line)
                if after == index.header_line:
                    edits = [Edit(path, lead - 1, index.table_end - 1, [NO_CHILDREN])]
                else:
                    edits.insert(0, Edit(path, lead - 1, after - 1, []))
            return Fix(description, edits, applicability=_removal(rows))
        own = [row for row in rows if row.line == entry.link.line]
        edit = Edit(path, entry.link.line - 1, entry.link.line, [])
        return Fix(description, [edit], applicability=_removal(own))


def _removal(rows: list[IndexRow]) -> str:
    """How safe removing ``rows`` is: a scope sentence is a person's words,
    which only they may drop (the directory may have moved)."""
    return "unsafe" if any(row.scope.strip() for row in rows) else "safe"


class IndexRowMissing(Rule):
    code = "DOX202"
    name = "agents-index-row-missing"
    summary = "A nearest descendant `AGENTS.md` has no row in the Child DOX Index"
    fixable = True
    doc = """\
**What it checks.** The `## Child DOX Index` of every `AGENTS.md` links each
of its nearest descendants: the first `AGENTS.md` on each path down from its
directory. Companions (`*.py.dox.md`) are never indexed there, and an
`AGENTS.md` in a hidden directory (`.github/`) is not required, though a
row for one is kept. The rule applies once the repository keeps a Child DOX
Index in at least one `AGENTS.md`.

**Why it matters.** A directory whose `AGENTS.md` is not indexed is invisible
to someone reading the tree from the top. `--fix` adds the row
`| [dir/AGENTS.md](dir/AGENTS.md) | <scope> |`, the scope taken from the
first bullet of the child's `## Purpose`; it goes before the first row that
sorts after it (the file's own order is kept), and turns `No child DOX
files.` into a table. Rows already there, and their scope sentences, stay as
written: a row whose `AGENTS.md` is gone and that probably names the child
(its directory moved or was renamed, DOX201) gets its link rewritten to the
child instead, and no second row is added. An index written as a list of
links, or as a table of other columns, is reported, not fixed.

**Example.** `plugins/_new/AGENTS.md` exists, and `plugins/AGENTS.md` has no
row for it.

**Precision.** On the shared Agent Zero corpus (138 `AGENTS.md`) it reports
nothing: every index there lists exactly the nearest descendants.
"""
    valid = [
        Example(
            {
                "AGENTS.md": _ROOT_INDEX + "| [tools/AGENTS.md](tools/AGENTS.md) | Tools. |\n",
                "tools/AGENTS.md": "# tools\n\n## Child DOX Index\n\n"
                "- [deep/AGENTS.md](deep/AGENTS.md)\n",
                "tools/wait.py.dox.md": "# wait.py DOX\n",
                "tools/deep/AGENTS.md": "# deep\n",
                ".github/AGENTS.md": "# hidden\n",
            }
        )
    ]
    invalid = [
        Example(
            {
                "AGENTS.md": "# Repo\n\n## Child DOX Index\n\nDirect child DOX files:\n\n"
                "| Child | Scope |\n| --- | --- |\n"
                "| [tools/AGENTS.md](tools/AGENTS.md) | Tools, in a person's words. |\n",
                "api/AGENTS.md": "# api\n\n## Purpose\n\n- HTTP handlers.\n\n"
                "## Child DOX Index\n\nNo child DOX files.\n",
                "tools/AGENTS.md": "# tools\n\n## Child DOX Index\n\nNo child DOX files.\n",
            },
            [Expect("AGENTS.md", 3, "`api/AGENTS.md` has no row")],
        ),
        Example(
            {
                "AGENTS.md": "# Repo\n\n## Child DOX Index\n\nNo child DOX files.\n",
                "a/b/AGENTS.md": "# b\n\n## Purpose\n- Deep.\n\n## Child DOX Index\n\n"
                "No child DOX files.\n",
            },
            [Expect("AGENTS.md", 3, "`a/b/AGENTS.md`")],
        ),
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        paths = checked(ctx)
        if not paths:
            return
        agents_tree = tree(ctx)
        if not agents_tree.uses_index:
            return
        for path in paths:
            doc = agents_tree.docs.get(path)
            if doc is None:
                continue
            missing = _missing_children(ctx, path, doc)
            moves = {move.child: move for move in _moves(ctx, path, doc)}
            renamed = {child: _rename_fix(move) for child, move in moves.items()}
            added = [child for child in missing if renamed.get(child) is None]
            fix = self._fix(ctx, path, doc, added) if added else None
            for child in missing:
                message = f"nearest descendant `{child}` has no row in the Child DOX Index"
                move = moves.get(child)
                if move is not None:
                    message += (
                        f"; the row of `{move.link.target}`, which does not exist, "
                        "probably names it"
                    )
                yield self.finding(
                    message,
                    path,
                    doc.index.line if doc.index is not None else 1,
                    subject=f"{path}:index-missing:{child}",
                    fix=renamed.get(child) or fix,
                )

    def _fix(self, ctx: Context, path: str, doc: AgentsDoc, missing: list[str]) -> Fix | None:
        index = doc.index
        if index is None or index.kind == "links":
            return None
        if index.kind == "empty" and index.other_table:
            return None  # a table of other columns is there: a second one would duplicate it
        agents_tree = tree(ctx)
        description = "add " + ", ".join(f"`{child}`" for child in missing) + " to the index"
        rows = [_row(agents_tree, path, child) for child in missing]
        if any(row is None for row in rows):
            return None  # a path no Markdown link can hold: a person writes that row
        new_rows = [row for row in rows if row is not None]
        table = [CHILDREN_LEAD, "", f"| {' | '.join(TABLE_HEADER)} |", "| --- | --- |"]
        if index.kind in ("none", "empty"):
            # the line the table replaces, or the heading it goes under
            at = index.none_line if index.kind == "none" else index.line
            # a person's line right after the table would read as its last row
            apart = [""] if at + 1 in index.written else []
            if index.kind == "none":
                return Fix(description, [Edit(path, at - 1, at, table + new_rows + apart)])
            return Fix(description, [Edit(path, at, at, ["", *table, *new_rows, *apart])])
        # a table: each row goes before the first row that sorts after it
        edits: list[Edit] = []
        existing = [(entry.resolved or "", entry.link.line) for entry in _entries(path, index)]
        for child, text in zip(missing, new_rows, strict=True):
            after = [line for resolved, line in existing if resolved > child]
            at = (min(after) if after else index.table_end) - 1
            edits.append(Edit(path, at, at, [text]))
        edits.sort(key=lambda e: e.start)
        return Fix(description, edits)


class IndexRowNotChild(Rule):
    code = "DOX205"
    name = "agents-index-row-not-child"
    summary = "A Child DOX Index row links a file that is not one of its nearest descendants"
    doc = """\
**What it checks.** Every row of a Child DOX Index that points to an existing
file links one of the file's nearest descendants: an `AGENTS.md` below its
directory with no other `AGENTS.md` in between. Reported are rows for an
`AGENTS.md` that another index owns (one deeper down, or outside the
directory) and rows for anything that is not an `AGENTS.md` (companions are
never indexed there). A row for an `AGENTS.md` in a hidden or excluded
directory is left alone. Nothing is fixed: the row's scope sentence is a
person's, and only they know whether it moves or goes.

**Why it matters.** An index that skips a level hides the `AGENTS.md` in
between from anyone reading down the tree; the set of rows is meant to be
exactly the nearest descendants.

**Example.** `tools/AGENTS.md` still lists `x/y/AGENTS.md` after
`tools/x/AGENTS.md` was added, which now indexes it.

**Precision.** On the shared Agent Zero corpus it reports nothing: every
index lists exactly its nearest descendants.
"""
    valid = [
        Example(
            {
                "AGENTS.md": _ROOT_INDEX
                + "| [tools/AGENTS.md](tools/AGENTS.md) | Tools. |\n"
                + "| [.github/AGENTS.md](.github/AGENTS.md) | CI. |\n",
                "tools/AGENTS.md": "# tools\n\n## Child DOX Index\n\nNo child DOX files.\n",
                ".github/AGENTS.md": "# ci\n",
            }
        )
    ]
    invalid = [
        Example(
            {
                "AGENTS.md": _ROOT_INDEX
                + "| [tools/AGENTS.md](tools/AGENTS.md) | Tools. |\n"
                + "| [tools/x/AGENTS.md](tools/x/AGENTS.md) | X. |\n"
                + "| [tools/wait.py.dox.md](tools/wait.py.dox.md) | Wait. |\n",
                "tools/AGENTS.md": "# tools\n\n## Child DOX Index\n\n"
                "- [x/AGENTS.md](x/AGENTS.md)\n",
                "tools/x/AGENTS.md": "# x\n",
                "tools/wait.py.dox.md": "# wait.py DOX\n",
            },
            [
                Expect("AGENTS.md", 10, "indexed by `tools/AGENTS.md`"),
                Expect("AGENTS.md", 11, "not an `AGENTS.md`"),
            ],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        paths = checked(ctx)
        if not paths:
            return
        agents_tree = tree(ctx)
        known = set(agents_tree.files)
        directories = {directory_of(f): f for f in agents_tree.files}
        for path in paths:
            doc = agents_tree.docs.get(path)
            if doc is None or doc.index is None:
                continue
            children = agents_tree.children(path)
            for entry in _entries(path, doc.index):
                resolved = entry.resolved
                if resolved is None or not _exists(ctx, entry):
                    continue
                if any(_names_child(entry, child) for child in children):
                    continue
                target = resolved if resolved in known else directories.get(resolved)
                if target is None:
                    if resolved.rsplit("/", 1)[-1] == AGENTS or _is_dir(ctx, resolved):
                        continue  # hidden, excluded, or a folder without one: not the tree's
                    problem = "which is not an `AGENTS.md` (only `AGENTS.md` files are indexed)"
                else:
                    owner = agents_tree.parent.get(target)
                    where = f"indexed by `{owner}`" if owner else "not below this directory"
                    problem = f"which is not a nearest descendant here: it is {where}"
                yield self.finding(
                    f"Child DOX Index row links `{entry.link.target}`, {problem}",
                    path,
                    entry.link.line,
                    entry.link.column,
                    subject=f"{path}:index-row-not-child:{resolved}",
                )


RULES: list[type[Rule]] = [IndexRowGone, IndexRowMissing, IndexRowNotChild]
