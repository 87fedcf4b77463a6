"""Fixing a checked project: rounds of fixes until nothing changes (``--fix``),
or the change those rounds make, computed on a copy (``--diff``).

A round plans the fixes of the findings, writes them, and checks again: what
one round wrote (a companion created, a section added) may call for more in
the next. ``--diff`` runs the same rounds on a copy of the repository
(:mod:`doxtool.run.shadow`) and shows, per file, the original text against
the text the last round left: exactly what ``--fix`` would write.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any, Protocol

from doxtool.core.findings import Finding
from doxtool.rules.engine import MAX_FIX_ROUNDS, FileChange, plan_fixes, run, write_changes
from doxtool.run.context import Context, Scope
from doxtool.run.project import Project
from doxtool.run.shadow import shadow_tree


class Report(Protocol):
    """What a fix reads and fills of a check's report (``api.CheckReport``)."""

    findings: list[Finding]
    fixed: int
    changes: list[FileChange]
    errors: list[str]


def fix(
    project: Project,
    scope: Scope,
    rules: list[Any],
    report: Report,
    ctx: Context,
    unsafe: bool,
) -> None:
    """Apply the fixes, re-checking after each round, until a round changes
    nothing (``report``: the findings to fix; it gets the changes written,
    the count of findings fixed, the errors, and the findings left).

    A fix is planned against the text its finding was computed from and
    written only while the file still holds the bytes the plan read: a file
    another program changed meanwhile is checked again and planned afresh.
    """
    conflicts: list[str] = []
    # a finding fixed again in a later round (its first fix left part of it)
    # is one finding fixed: each is counted once, by its identity
    fixed: Counter[tuple[str, str, str]] = Counter()
    for _ in range(MAX_FIX_ROUNDS):
        plan = plan_fixes(project.root, report.findings, unsafe, ctx.text_seen)
        report.errors.extend(e for e in plan.errors if e not in report.errors)
        conflicts = []
        if not plan.changes and not plan.stale:
            break
        conflicts.extend(plan.stale)
        written, failed, changed = write_changes(project.root, plan.changes)
        conflicts.extend(changed)
        report.errors.extend(e for e in failed if e not in report.errors)
        fixed |= plan.fixed_identities(set(written))  # the larger count of each
        report.fixed = sum(fixed.values())
        report.changes.extend(c for c in plan.changes if c.path in written)
        project.forget()
        ctx = Context(project, scope, fixing=True)
        report.findings = run(ctx, rules)
        project.close()
        if failed:
            break  # the same writes would fail again
    for path in dict.fromkeys(conflicts):
        message = f"{path}: not written: changed by another program while being fixed; run again"
        if message not in report.errors:
            report.errors.append(message)


def preview(
    project: Project,
    scope: Scope,
    rules: list[Any],
    report: Report,
    ctx: Context,
    unsafe: bool,
) -> None:
    """What :func:`fix` would write, in ``report.changes`` (each file's text
    now against the text the last round leaves), the repository left as it
    is; ``report.findings`` stay the findings of the check."""
    plan = plan_fixes(project.root, report.findings, unsafe, ctx.text_seen)
    report.errors.extend(e for e in plan.errors if e not in report.errors)
    if not plan.changes and not plan.stale:
        return
    with shadow_tree(project) as root:
        trial = dataclasses.replace(
            report, findings=list(report.findings), fixed=0, changes=[], errors=[]
        )
        # the cache is content-addressed: what it holds of the repository holds of the copy
        copy = Project(root, project.config, project.cache)
        fix(copy, scope, rules, trial, ctx, unsafe)
        shown = str(root)
        for error in trial.errors:
            error = error.replace(shown, str(project.root))
            if error not in report.errors:
                report.errors.append(error)
    report.changes = _net_changes(trial.changes)


def _net_changes(changes: list[FileChange]) -> list[FileChange]:
    """One change per file, from its text before the first round to its text
    after the last (none where the rounds end where they began)."""
    first: dict[str, FileChange] = {}
    last: dict[str, FileChange] = {}
    for change in changes:
        first.setdefault(change.path, change)
        last[change.path] = change
    return [
        FileChange(path, start.old, last[path].new, start.source, start.original)
        for path, start in first.items()
        if start.old != last[path].new
    ]
