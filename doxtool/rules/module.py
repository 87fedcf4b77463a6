"""DOX001-DOX003, DOX009: module-level rules (companions exist and are read, modules parse).

The shape of a tool module's tools (DOX004-DOX008) is :mod:`.tool_shape`."""

from __future__ import annotations

import os
from collections.abc import Iterator

from doxtool.core.findings import Finding, Fix, NewFile
from doxtool.core.source import ReadError, name_fits, present
from doxtool.rules import contract_scope
from doxtool.rules.base import Example, Expect, Rule
from doxtool.rules.commitment import staged_apart_note
from doxtool.rules.examples import WAIT_DOX, WAIT_PY, with_files
from doxtool.run.context import Context
from doxtool.run.leftdeps import unparsed_dependency
from doxtool.run.project import safe_name
from doxtool.run.renames import rename_pairs
from doxtool.run.sparse import not_checked_out

#: why a file the next commit leaves out is not in it, and what to do
_NOT_ADDED = "git does not track it and it is not staged (`git add` it)"


class MissingCompanion(Rule):
    code = "DOX001"
    name = "missing-companion"
    summary = "A module in a file-documented directory has no `.py.dox.md` companion"
    fixable = True
    doc = """\
**What it checks.** Every direct `*.py` module of a file-documented directory
has a companion named by appending `.dox.md` to its file name. The
file-documented directories are those an `AGENTS.md` declares (its own
directory, or one below it it names) and `documented-dirs`; in a repository
that declares none, the tool directories.

**Why it matters.** The companion is where the module's contract lives; a
module without one is undocumented, and agents editing it have nothing to keep
in sync.

**Example.** `tools/wait.py` without `tools/wait.py.dox.md`. `--fix` writes the
companion from the templates, with every fact line filled in, unless the
companion of a module that no longer exists probably belongs to it (a
renamed module, DOX002): that companion is to be renamed, and no fresh one
takes its place.

**In the hook mode.** With `--only-paths` in a git repository (as the
pre-commit hooks run), a companion that exists but that git neither tracks
nor has staged is missing from the commit: a module the commit holds is
reported (`git add` the companion; no fix, the file is there).

A companion a sparse checkout leaves out of the work tree (git's index holds
it, marked skip-worktree) exists: nothing is said, and none is written.
"""
    valid = [Example(with_files({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}))]
    invalid = [
        Example(
            with_files({"tools/wait.py": WAIT_PY}),
            [Expect("tools/wait.py", 1, "has no companion")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.documented_modules:
            companion = ctx.companion_path(module)
            if _name_problem(ctx, module):
                continue  # DOX003 says why no companion can be written for it
            if ctx.exists(companion) or (ctx.project.root / companion).is_symlink():
                if ctx.left_out(companion) and ctx.scope.holds(module):
                    # the hook mode: the commit holds the module, not the companion
                    why = staged_apart_note(ctx, [companion]) or _NOT_ADDED
                    yield self.finding(
                        f"module has no companion in the commit: `{companion}` exists, but {why}",
                        module,
                        subject=f"{module}:companion",
                    )
                continue
            if not (ctx.project.root / module).is_file():
                continue  # a directory or a FIFO named like a module: DOX003 says so
            if not_checked_out(ctx, companion):
                continue  # in the repository, out of a sparse work tree: not written over
            facts = ctx.facts(module)
            fix = None
            moved = _renamed_companion(ctx, module)
            if moved is not None:
                # the person's companion of the module's old name is to be
                # renamed: a fresh one would take its place (DOX002)
                yield self.finding(
                    f"module has no companion `{companion}`; `{moved}` probably belongs "
                    "to it (rename it)",
                    module,
                    subject=f"{module}:companion",
                )
                continue
            if facts.parsed:
                # templates are rendered only when the fix is to be applied
                text = ctx.new_companion(module) if ctx.fixing else ""
                fix = Fix(f"create {companion}", new_files=[NewFile(companion, text)])
            yield self.finding(
                f"module has no companion `{companion}`",
                module,
                subject=f"{module}:companion",
                fix=fix,
            )


class StaleCompanion(Rule):
    code = "DOX002"
    name = "stale-companion"
    summary = "A companion's module is gone"
    doc = """\
**What it checks.** Every `<name>.py.dox.md` in a file-documented directory
sits next to its `<name>.py`.

**Why it matters.** A companion whose module was deleted or renamed documents
code that no longer exists. When a module in the same directory lacks a
companion and is like it (its text holds at least 30% of the code names in
the companion's backquoted spans, or its file name is close), the finding
names it as the probable rename target. A short companion, mostly the words
its template writes for any module (a scaffolded one), is compared again
without them, without the names most modules of the directory hold and
without the names built from the old file name: the module must then hold
half of what the companion names, and the companion half of what the
module's fact lines would name, two names at least each way. The guess is one to one: a companion
is sent to the module most like it only when no other companion of a module
gone is as like that module; a tie, or a weak likeness, names no target.
doxtool never deletes files: moving or deleting the companion is a person's
decision. A module a sparse checkout leaves out of the work tree (git's
index holds it, marked skip-worktree) is not gone: its companion is not
reported, nor guessed to belong to another module.

**Example.** `tools/sleep.py.dox.md` after `tools/sleep.py` was renamed to
`tools/wait.py`.

**In the hook mode.** With `--only-paths` in a git repository, a companion
the next commit holds whose module exists but is neither tracked by git nor
staged is reported too: the commit holds the companion without its module.
"""
    valid = [Example(with_files({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}))]
    invalid = [
        Example(
            with_files({"tools/waiting.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}),
            [Expect("tools/wait.py.dox.md", 1, "probably belongs to `tools/waiting.py`")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for companion in ctx.companions:
            module = companion.removesuffix(".dox.md")
            if ctx.exists(module):
                if ctx.left_out(module) and ctx.scope.holds(companion):
                    # the hook mode: the commit holds the companion, not the module
                    why = staged_apart_note(ctx, [module]) or _NOT_ADDED
                    yield self.finding(
                        f"companion of `{module}`, which is not in the commit: "
                        f"it exists, but {why}",
                        companion,
                        subject=f"{companion}:stale",
                    )
                continue
            if not_checked_out(ctx, module):
                continue  # in the repository, out of a sparse work tree
            hint = rename_pairs(ctx, _directory(module)).get(companion)
            message = f"companion of `{module}`, which does not exist"
            if hint:
                message += f"; it probably belongs to `{hint}` (rename it)"
            else:
                message += "; delete it or restore the module"
            yield self.finding(message, companion, subject=f"{companion}:stale")


def _renamed_companion(ctx: Context, module: str) -> str | None:
    """The companion of a module that no longer exists whose probable rename
    target (as DOX002 guesses it) is ``module``; None when there is none."""
    pairs = rename_pairs(ctx, _directory(module))
    return next((c for c, m in pairs.items() if m == module), None)


def _name_problem(ctx: Context, module: str) -> str | None:
    """Why no companion can be written for ``module`` because of its name."""
    if not safe_name(module):
        return (
            "file name holds control characters or undecodable bytes; it cannot be "
            "documented (rename the file)"
        )
    companion = ctx.project.root / ctx.companion_path(module)
    if not name_fits(companion):
        return (
            f"file name is too long for a companion: `{companion.name}` would be "
            f"{len(os.fsencode(companion.name))} bytes, over the file system's limit; "
            "it cannot be documented (rename the file)"
        )
    return None


def _directory(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else "."


class ModuleDoesNotParse(Rule):
    code = "DOX003"
    name = "module-unreadable"
    summary = "A module cannot be read or parsed"
    doc = """\
**What it checks.** Every module doxtool must analyse (the modules of
file-documented directories, and every tool module, an agent profile's own
included) can be decoded and parsed: no syntax error (what CPython's compiler
refuses in a module that parses included: `from __future__` after other
statements, `return` outside a function, a parameter named twice; the code
is compiled, never run), no undecodable bytes, no NUL byte, not so deeply
nested that a parser would exhaust its stack, not over the size limit. A
documented module's file name can be written in a companion (no control
characters or undecodable bytes) and leaves room for the companion's own
(`<name>.py.dox.md` within the file system's file-name limit, 255 bytes on
most).

**Why it matters.** Facts cannot be extracted from a module that does not
parse, so none of its documentation can be checked. The finding points at the
line and column of the problem.

So can a module those are built from in part (a shim's target, a base
class's module, a helper's): what it adds to their facts is not known.

**Example.** `tools/wait.py` with `def execute(self` and no closing parenthesis.
"""
    valid = [Example(with_files({"tools/wait.py": WAIT_PY}))]
    invalid = [
        Example(
            with_files({"tools/wait.py": "from helpers.tool import Tool\n\ndef broken(:\n"}),
            [Expect("tools/wait.py", 3, "syntax error")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        documented = ctx.documented_modules
        for module in documented:
            problem = _name_problem(ctx, module)
            if problem:
                yield self.finding(problem, module, subject=f"{module}:name")
                continue
            yield from self._problems(ctx, module)
        # the tool modules no companion documents (a profile's own, those of
        # a directory no AGENTS.md declares): the framework runs them too
        known = set(documented)
        tools = contract_scope.tool_modules(ctx)
        for module in tools:
            if module not in known:
                yield from self._problems(ctx, module)
        # a module they are built from in part (a shim's target, a base's)
        reached = {unparsed_dependency(ctx, module) for module in sorted({*known, *tools})}
        for module in sorted(m for m in reached if m and m not in known and m not in tools):
            if not ctx.project.excluded(module):
                yield from self._problems(ctx, module)

    def _problems(self, ctx: Context, module: str) -> Iterator[Finding]:
        for problem in ctx.facts(module).problems:
            yield self.finding(
                problem.message,
                module,
                problem.line,
                problem.column,
                subject=f"{module}:unreadable",
            )


class UnreadableCompanion(Rule):
    code = "DOX009"
    name = "companion-unreadable"
    summary = "A companion exists but cannot be read whole as UTF-8 Markdown"
    doc = """\
**What it checks.** Every companion doxtool must compare with its module can
be read: a regular file inside the repository, valid UTF-8, no NUL byte, not
over the size limit, and not nested deeper than the Markdown parser reads
(it stops, without an error, past 20 levels: a list nested ten deep).

**Why it matters.** A companion that cannot be read cannot be checked; without
this finding it would pass silently. doxtool never rewrites such a file.

**Example.** `tools/wait.py.dox.md` saved in Latin-1 with an `é` in its prose.
"""
    valid = [Example(with_files({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX}))]
    invalid = [
        Example(
            with_files({"tools/wait.py": WAIT_PY, "tools/wait.py.dox.md": WAIT_DOX + "\x00"}),
            [Expect("tools/wait.py.dox.md", None, "NUL")],
        )
    ]

    def check(self, ctx: Context) -> Iterator[Finding]:
        for module in ctx.documented_modules:
            path = ctx.companion_path(module)
            if not present(ctx.project.root / path) or ctx.project.excluded(path):
                continue  # missing (DOX001), or left out of every check
            source = ctx.companion_source(path)
            if not isinstance(source, ReadError):
                continue
            yield self.finding(
                f"companion cannot be read: {source.message}",
                path,
                source.line,
                source.column,
                subject=f"{path}:unreadable",
            )


RULES: list[type[Rule]] = [
    MissingCompanion,
    StaleCompanion,
    ModuleDoesNotParse,
    UnreadableCompanion,
]
