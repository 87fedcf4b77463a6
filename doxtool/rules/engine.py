"""Run rules over a project, filter their findings, and apply their fixes."""

from __future__ import annotations

import fnmatch
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from doxtool.companions.edits import drop_emptied_headers
from doxtool.companions.insertions import combine_insertions, items_first
from doxtool.core.edits import Edit, accepted_edits, apply_edits, split_lines
from doxtool.core.findings import Finding, Fix
from doxtool.core.globs import spellings
from doxtool.core.source import ReadError, SourceText, decode, read_bytes
from doxtool.core.writes import UnsafeWrite, atomic_write
from doxtool.rules import ALL_RULES
from doxtool.rules.base import Rule
from doxtool.rules.writable import writable_fixes
from doxtool.run import communication, incremental
from doxtool.run.context import Context, Scope
from doxtool.run.prefetch import Progress, prefetch
from doxtool.run.project import COMPANION_SUFFIX
from doxtool.run.suppressions import MALFORMED, OWN_CODES, UNUSED, SuppressionIndex
from doxtool.run.unsuppress import removal

#: how often ``--fix`` re-checks and fixes again before it gives up
MAX_FIX_ROUNDS = 4


def _matches(code: str, patterns: Iterable[str]) -> int:
    """How specifically ``patterns`` name ``code``: 0 not at all, 1 for ``ALL``,
    otherwise one more than the length of the longest matching prefix."""
    best = 0
    for pattern in patterns:
        pattern = pattern.strip().upper()
        if pattern == "ALL":
            best = max(best, 1)
        elif pattern and code.startswith(pattern):
            best = max(best, len(pattern) + 1)
    return best


def select_rules(
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    rules: Iterable[type[Rule]] = ALL_RULES,
) -> list[Rule]:
    """Rules enabled by ``select``/``ignore`` code prefixes; the more specific wins."""
    chosen = []
    for rule in rules:
        selected = _matches(rule.code, select) if select else (1 if rule.default_enabled else 0)
        ignored = _matches(rule.code, ignore or [])
        if selected and selected > ignored:
            chosen.append(rule())
    return chosen


def known_code(pattern: str) -> bool:
    pattern = pattern.strip().upper()
    return pattern == "ALL" or any(r.code.startswith(pattern) for r in ALL_RULES)


def run(
    ctx: Context,
    rules: list[Rule],
    progress: Progress | None = None,
    unused: bool | None = None,
) -> list[Finding]:
    """Findings of ``rules``, less the suppressed and per-file-ignored ones, sorted.

    Suppression comments are applied here, after the rules ran; the findings
    about the comments themselves (unused, malformed) are added when their
    rules are among ``rules``. Unused suppressions are looked for in a
    whole-repository run, or when ``unused`` asks (a scoped run whose every
    file in scope gets all its findings: :mod:`doxtool.run.incremental`).
    """
    by_code = {rule.code: rule for rule in rules}
    # a fact line no rule of the run judges is one no fix of the run writes
    ctx.checked_kinds = frozenset(kind for rule in rules for kind in getattr(rule, "kinds", ()))
    findings: list[Finding] = []
    for done, rule in enumerate(rules, 1):
        if rule.code not in OWN_CODES:
            findings.extend(rule.check(ctx))
        if progress is not None:
            progress("rules", done, len(rules))
    index = SuppressionIndex(ctx.project.root, known_code, ctx.mentions_doxtool)
    kept = [f for f in findings if not index.suppress(f.path, f.line, f.code)]
    whole = ctx.scope.everything if unused is None else unused
    unused_rule = by_code.get(UNUSED) if whole else None
    malformed_rule = by_code.get(MALFORMED)
    if unused_rule or malformed_rule:
        files = sorted({*scope_files(ctx), *(f.path for f in findings)})
        if unused_rule:
            for finding in _shadow_findings(ctx, rules, index.named_codes(files)):
                index.suppress(finding.path, finding.line, finding.code)
            kept.extend(_unused(unused_rule, index, files))
        if malformed_rule:
            kept.extend(_malformed(malformed_rule, index, files))
    kept = _per_file_ignores(kept, ctx.config.per_file_ignores)
    if ctx.scope.reported_codes:  # a prompt read for some findings reports those alone
        kept = [f for f in kept if ctx.reports(f.path, f.code)]
    unique: dict[tuple[object, ...], Finding] = {}
    for finding in kept:
        unique.setdefault((*finding.sort_key(), finding.subject), finding)
    return writable_fixes(ctx.project.root, sorted(unique.values(), key=Finding.sort_key))


def scope_files(ctx: Context) -> list[str]:
    """The files a run checks: modules, companions and prompts in scope."""
    files = [*ctx.documented_modules, *ctx.companions]
    for prompt_set in ctx.prompt_sets:
        files.extend(ctx.in_scope(prompt_set).values())
    return list(dict.fromkeys(files))


def _shadow_findings(ctx: Context, rules: list[Rule], named: set[str]) -> list[Finding]:
    """Findings of rules that suppressions name but this run did not select.

    "Unused" must mean "this rule does not fire here", not "this rule was not
    selected", so those rules run too; their findings only mark suppressions
    as used and are not reported.
    """
    selected = {rule.code for rule in rules}
    extra = [
        rule()
        for rule in ALL_RULES
        if rule.code not in selected
        and rule.code not in OWN_CODES
        and any(rule.code.startswith(code) for code in named)
    ]
    return [finding for rule in extra for finding in rule.check(ctx)]


def _unused(rule: Rule, index: SuppressionIndex, files: list[str]) -> Iterator[Finding]:
    for path in files:
        found = index.of(path)
        if not found.exact:
            continue  # a comment cannot be told from text in a string
        for suppression in found.suppressions:
            unused = suppression.unused_codes()
            if not unused:
                continue
            names = ", ".join(f"`{code}`" for code in unused)
            noun = "code" if len(unused) == 1 else "codes"
            yield rule.finding(
                f"unused suppression {noun} {names}: no such finding in the lines it covers "
                f"({suppression.first}-{suppression.last})",
                path,
                suppression.line,
                suppression.column,
                subject=f"{path}:suppression:{','.join(suppression.codes)}:{','.join(unused)}",
                fix=_removal_fix(names, removal(index, suppression)),
            )


def _removal_fix(names: str, edit: Edit | None) -> Fix | None:
    return None if edit is None else Fix(f"remove unused suppression of {names}", [edit])


def _malformed(rule: Rule, index: SuppressionIndex, files: list[str]) -> Iterator[Finding]:
    for path in files:
        found = index.of(path)
        if not found.exact:
            continue
        for bad in found.malformed:
            yield rule.finding(
                f"malformed suppression comment: {bad.problem}",
                path,
                bad.line,
                bad.column,
                subject=f"{path}:malformed-suppression:{bad.text}",
            )


def _per_file_ignores(findings: list[Finding], table: dict[str, list[str]]) -> list[Finding]:
    """``findings`` less those ``per-file-ignores`` drops. A companion's are
    matched against its module's path too (``tools/wait.py`` for
    ``tools/wait.py.dox.md``): the module's pattern covers its companion."""
    if not table:
        return findings
    forms = [(spellings(pattern), cs) for pattern, cs in table.items()]
    out = []
    for finding in findings:
        paths = [finding.path]
        if finding.path.endswith(".py" + COMPANION_SUFFIX):
            paths.append(finding.path.removesuffix(COMPANION_SUFFIX))
        codes = [
            c
            for globs, cs in forms
            if any(fnmatch.fnmatch(path, form) for path in paths for form in globs)
            for c in cs
        ]
        if not _matches(finding.code, codes):
            out.append(finding)
    return out


# ---------------------------------------------------------------------------
# fixes


@dataclass(eq=False, repr=False)
class FileChange:
    """What fixes do to one file: its text before and after."""

    path: str
    old: str | None
    new: str
    source: SourceText | None = None
    #: the bytes the change was planned from (None: a new file)
    original: bytes | None = None


@dataclass(eq=False, repr=False)
class FixResult:
    """What applying fixes did: the changed files, the count fixed and the errors."""

    changes: list[FileChange] = field(default_factory=list)
    fixed: int = 0
    errors: list[str] = field(default_factory=list)
    #: each finding whose fix is applied: its identity (:func:`finding_identity`)
    #: and the files the fix changes
    fixed_findings: list[tuple[tuple[str, str, str], set[str]]] = field(default_factory=list)
    #: unsafe fixes left out (``--unsafe-fixes`` applies them)
    hidden: int = 0
    #: files whose bytes differ from those the findings were computed from
    stale: list[str] = field(default_factory=list)

    def fixed_identities(self, written: set[str]) -> Counter[tuple[str, str, str]]:
        """The findings fixed when only ``written`` files were written, by
        identity (two findings alike count twice)."""
        return Counter(identity for identity, paths in self.fixed_findings if paths <= written)


#: what fixes create: companions
CREATED_SUFFIX = ".py.dox.md"
#: what fixes edit: companions; and modules and Markdown prompt files, whose
#: unused suppression comments (only those lines) a fix rewrites
EDITED_SUFFIXES = (".py.dox.md", ".py", ".md")


def may_write(path: str, created: bool = False) -> bool:
    """Whether a fix may write ``path`` (the README's Safety section lists them)."""
    return path.endswith(CREATED_SUFFIX) if created else path.endswith(EDITED_SUFFIXES)


def applies(finding: Finding, unsafe: bool = False) -> bool:
    """Whether ``finding``'s fix is applied: safe ones always, unsafe ones on request."""
    if finding.fix is None:
        return False
    return finding.fix.applicability == "safe" or (unsafe and finding.fix.applicability == "unsafe")


def plan_fixes(
    root: Path,
    findings: list[Finding],
    unsafe: bool = False,
    seen: Callable[[str], str | None] | None = None,
) -> FixResult:
    """The new content of every file the applicable fixes touch (nothing written).

    ``seen(path)`` is the text the findings were computed from, when known: a
    file that holds other text now (another program wrote it meanwhile) is
    listed in ``stale`` and not planned, as its edits would land on other lines.

    Fixes inserting at one line of a companion are one insertion there
    (:func:`~doxtool.companions.insertions.combine_insertions`), so a section
    several findings ask for is written once. A finding counts as fixed when
    every edit of its fix is applied: one that overlaps an edit applied before
    it is left for the next round.
    """
    result = FixResult()
    edits: dict[str, list[Edit]] = defaultdict(list)
    new_files: dict[str, str] = {}
    #: each applied finding: its identity, its edits (path, position) and new files
    planned: list[tuple[tuple[str, str, str], list[tuple[str, int]], set[str]]] = []
    for finding in findings:
        if not applies(finding, unsafe):
            if finding.fix is not None and finding.fix.applicability == "unsafe":
                result.hidden += 1
            continue
        assert finding.fix is not None
        own: list[tuple[str, int]] = []
        for edit in finding.fix.edits:
            if edit not in edits[edit.path]:
                edits[edit.path].append(edit)
            own.append((edit.path, edits[edit.path].index(edit)))
        for new in finding.fix.new_files:
            new_files.setdefault(new.path, new.text)
        planned.append((finding_identity(finding), own, {n.path for n in finding.fix.new_files}))
    changed: set[str] = set()
    for path in [*new_files, *edits]:
        if not may_write(path, created=path in new_files):
            result.errors.append(f"{path}: doxtool's fixes never write this file; not fixed")
            new_files.pop(path, None)
            edits.pop(path, None)
    for path, text in new_files.items():
        if not (root / path).exists():
            result.changes.append(FileChange(path, None, text))
            changed.add(path)
    #: per path, whether each of its edits (by position) is applied
    applied: dict[str, list[bool]] = {}
    for path, file_edits in edits.items():
        data = read_bytes(root / path)
        source = _decoded(path, data)
        if isinstance(source, ReadError):
            result.errors.append(f"{path}: {source.message}; not fixed")
            continue
        assert isinstance(data, bytes)
        expected = seen(path) if seen is not None else None
        if expected is not None and expected != source.text:
            result.stale.append(path)
            continue
        companion = path.endswith(COMPANION_SUFFIX)
        carriers = combine_insertions(source.text, file_edits) if companion else file_edits
        distinct: list[Edit] = []
        for carrier in carriers:
            if carrier not in distinct:
                distinct.append(carrier)
        if companion:
            distinct = items_first(distinct)
        accepted = accepted_edits(distinct, len(split_lines(source.text)))
        new = apply_edits(source.text, distinct)
        if new != source.text and companion:
            # a header whose every item the fixes removed goes too
            new = drop_emptied_headers(source.text, new)
        if new != source.text:
            result.changes.append(FileChange(path, source.text, new, source, data))
            changed.add(path)
            applied[path] = [carrier in accepted for carrier in carriers]
    for identity, own, created in planned:
        paths = ({path for path, _ in own} | created) & changed
        if paths and all(applied[path][at] for path, at in own if path in applied):
            result.fixed_findings.append((identity, paths))
    result.fixed = len(result.fixed_findings)
    result.changes.sort(key=lambda c: c.path)
    return result


def _decoded(path: str, data: bytes | ReadError) -> SourceText | ReadError:
    """The text of a file a fix edits, read as its checks read it (a Python
    module in the encoding its coding cookie declares). A file its own
    encoding does not give back byte for byte (``+AGE-`` in UTF-7 is an
    ``a`` written back as ``a``) is not edited: every byte but the fixed
    ones must stay."""
    if isinstance(data, ReadError):
        return data
    source = decode(data, python=path.endswith(".py"))
    if isinstance(source, SourceText) and source.encode(source.text) != data:
        return ReadError(f"its {source.encoding} text does not encode back to the same bytes")
    return source


def finding_identity(finding: Finding) -> tuple[str, str, str]:
    """What tells a finding from another across the rounds of ``--fix``
    (its line may move as fixes write the file)."""
    return (finding.path, finding.code, finding.subject or finding.message)


def _still_holds(path: Path, original: bytes) -> bool:
    data = read_bytes(path, limit=max(len(original), 1))
    return isinstance(data, bytes) and data == original


def write_changes(root: Path, changes: list[FileChange]) -> tuple[list[str], list[str], list[str]]:
    """Write planned changes atomically: (paths written, one-line errors, paths
    changed meanwhile).

    A file whose bytes differ from those its change was planned from is not
    written: another program changed it meanwhile, and it is to be planned again.
    """
    written: list[str] = []
    errors: list[str] = []
    changed: list[str] = []
    for change in changes:
        target = root / change.path
        data = change.source.encode(change.new) if change.source else change.new.encode("utf-8")
        if change.original is not None and not _still_holds(target, change.original):
            changed.append(change.path)
            continue
        try:
            atomic_write(root, target, data, create_only=change.old is None)
        except (UnsafeWrite, OSError) as exc:
            errors.append(f"{change.path}: not written: {exc}")
        else:
            written.append(change.path)
    return written, errors, changed


def incremental_findings(
    session: incremental.Session, rules: list[Any], jobs: int | None, progress: Any = None
) -> list[Finding] | None:
    """The findings of a whole-repository check, computed over what changed
    since the stored state; None when only a full run is exact (then the
    caller runs one and :meth:`Session.save` keeps its state)."""
    project = session.project
    # what an edited prompt file now teaches, read outside any scope; made
    # only when a prompt file was edited
    probe = cache(lambda: Context(project, Scope(modules=set(), companions=set(), prompts=set())))
    plan = session.plan(lambda path: communication.prompt_edit(probe(), path))
    if plan is None:
        return None
    scope = Scope(
        modules=set(plan.modules),
        companions={m + COMPANION_SUFFIX for m in plan.modules},
        prompts=set(plan.prompts),
    )
    ctx = Context(project, scope)
    # an edited prompt is read afresh: the prompt index goes by size and
    # modification time, which an edit may keep (the snapshot compared digests)
    for path in plan.taught:
        ctx.prompt(path)
        ctx.taught_names(path)
    modules = [m for m in project.documented_modules if m in plan.modules]
    prefetch(ctx, modules, jobs, progress)
    new = run(ctx, rules, progress, unused=True)
    session.rechecked = len(plan.modules)
    merged = session.merge(plan, scope_files(ctx), new, project.loaded_modules())
    ctx.close()
    if merged is not None:
        session.save(merged, full=False)
    return merged
