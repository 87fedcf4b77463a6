"""Run rules over a project, filter their findings, and apply their fixes."""

from __future__ import annotations

import difflib
import fnmatch
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from doxtool.context import Context
from doxtool.edits import Edit, apply_edits
from doxtool.findings import Finding
from doxtool.rules import ALL_RULES
from doxtool.rules.base import Rule
from doxtool.source import ReadError, SourceText, decode, read_bytes
from doxtool.writes import UnsafeWrite, atomic_write

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


def run(ctx: Context, rules: list[Rule]) -> list[Finding]:
    findings: list[Finding] = []
    for rule in rules:
        findings.extend(rule.check(ctx))
    findings = _per_file_ignores(findings, ctx.config.per_file_ignores)
    unique: dict[tuple[object, ...], Finding] = {}
    for finding in findings:
        unique.setdefault((*finding.sort_key(), finding.subject), finding)
    return sorted(unique.values(), key=Finding.sort_key)


def _per_file_ignores(findings: list[Finding], table: dict[str, list[str]]) -> list[Finding]:
    if not table:
        return findings
    out = []
    for finding in findings:
        codes = [
            c for pattern, cs in table.items() if fnmatch.fnmatch(finding.path, pattern) for c in cs
        ]
        if not _matches(finding.code, codes):
            out.append(finding)
    return out


# ---------------------------------------------------------------------------
# fixes


@dataclass
class FileChange:
    path: str
    old: str | None
    new: str
    source: SourceText | None = None


@dataclass
class FixResult:
    changes: list[FileChange] = field(default_factory=list)
    fixed: int = 0
    errors: list[str] = field(default_factory=list)


def plan_fixes(root: Path, findings: list[Finding]) -> FixResult:
    """The new content of every file the fixable findings touch (nothing written)."""
    result = FixResult()
    edits: dict[str, list[Edit]] = defaultdict(list)
    new_files: dict[str, str] = {}
    for finding in findings:
        if not finding.fixable or finding.fix is None:
            continue
        result.fixed += 1
        for edit in finding.fix.edits:
            if edit not in edits[edit.path]:
                edits[edit.path].append(edit)
        for new in finding.fix.new_files:
            new_files.setdefault(new.path, new.text)
    for path, text in new_files.items():
        if not (root / path).exists():
            result.changes.append(FileChange(path, None, text))
    for path, file_edits in edits.items():
        data = read_bytes(root / path)
        source = decode(data) if not isinstance(data, ReadError) else data
        if isinstance(source, ReadError):
            result.errors.append(f"{path}: {source.message}; not fixed")
            continue
        new = apply_edits(source.text, file_edits)
        if new != source.text:
            result.changes.append(FileChange(path, source.text, new, source))
    result.changes.sort(key=lambda c: c.path)
    return result


def write_changes(root: Path, changes: list[FileChange]) -> list[str]:
    """Write planned changes atomically; returns one-line errors."""
    errors = []
    for change in changes:
        target = root / change.path
        data = change.source.encode(change.new) if change.source else change.new.encode("utf-8")
        try:
            atomic_write(root, target, data, create_only=change.old is None)
        except (UnsafeWrite, OSError) as exc:
            errors.append(f"{change.path}: not written: {exc}")
    return errors


def unified_diff(changes: list[FileChange]) -> str:
    out: list[str] = []
    for change in changes:
        old = (change.old or "").splitlines(keepends=True)
        new = change.new.splitlines(keepends=True)
        fromfile = f"a/{change.path}" if change.old is not None else "/dev/null"
        for line in difflib.unified_diff(old, new, fromfile, f"b/{change.path}"):
            out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)
