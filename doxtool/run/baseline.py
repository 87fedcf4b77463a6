"""Baselines: findings accepted once, hidden until they change.

An entry matches a finding by code, path and subject (the tool, argument or
section the finding is about), never by line number, so moving code around
does not bring accepted findings back; the message it keeps for readers names
files without line numbers, so moving code does not change the file either.
Matching counts: two accepted findings with the same key hide two findings,
not three.

The file is deterministic JSON (entries sorted, keys sorted, two-space
indent, final newline), so rewriting an unchanged baseline changes no byte
and reviews of a changed one show only what changed. Keys a person added (a
note on why a finding is accepted, in an entry or beside the findings) are
kept as written by ``prune``, and by ``write`` for the entries it writes again.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from doxtool.core.findings import Finding
from doxtool.core.source import ReadError, read_text

DEFAULT_FILE = ".doxtool-baseline.json"
FORMAT_VERSION = 1
_KEYS = ("code", "path", "subject")


class BaselineError(Exception):
    """A baseline file that cannot be read, worded for a one-line error."""


@dataclass(frozen=True, order=True)
class Entry:
    path: str
    code: str
    subject: str
    #: what the finding said when it was accepted (for readers; not matched)
    message: str = field(default="", compare=False)
    #: the keys a person added to the entry, with their JSON values (kept)
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.path, self.code, self.subject)

    def data(self) -> dict[str, Any]:
        return {
            **self.extra,
            "code": self.code,
            "path": self.path,
            "subject": self.subject,
            "message": self.message,
        }


#: ``path:line`` or ``path:line:column`` in a message: the place moves with the code
_PLACE = re.compile(r"(?<=\S)\.(py|md)((?::\d+)+)\b")
#: a lone surrogate: an undecodable byte of a file name
_SURROGATE = re.compile("[\ud800-\udfff]")
#: "(first at line 12)" and the like
_LINE = re.compile(r" \((?:first )?at line \d+\)")


def stored_message(message: str) -> str:
    """The message as a baseline keeps it: references to places in files name
    the file only, so moving code changes no byte of the baseline."""
    return _LINE.sub("", _PLACE.sub(r".\1", message))


def entry_of(finding: Finding) -> Entry:
    return Entry(finding.path, finding.code, finding.subject, stored_message(finding.message))


@dataclass
class Baseline:
    entries: list[Entry] = field(default_factory=list)
    #: the keys a person added beside the findings, with their JSON values (kept)
    extra: dict[str, Any] = field(default_factory=dict)

    def dumps(self) -> str:
        entries = sorted(self.entries, key=lambda e: (*e.key, e.message))
        data = {
            **self.extra,
            "doxtool-baseline": FORMAT_VERSION,
            "findings": [e.data() for e in entries],
        }
        text = json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False)
        # a file name's undecodable byte (a lone surrogate) has no UTF-8: the
        # JSON escape of it reads back as the same name
        return _SURROGATE.sub(lambda m: f"\\u{ord(m[0]):04x}", text) + "\n"


@dataclass
class Match:
    """What a baseline did to one run's findings."""

    #: findings not in the baseline: what the run reports
    new: list[Finding]
    #: how many findings the baseline hid
    hidden: int
    #: baseline entries no finding matched
    unmatched: list[Entry]


def from_findings(findings: list[Finding], previous: Baseline | None = None) -> Baseline:
    """The baseline accepting ``findings``; what a person added to
    ``previous`` (the file written over) stays, on the entries written again
    (matched as a check matches them) and beside the findings."""
    entries = [entry_of(f) for f in findings]
    if previous is None:
        return Baseline(entries)
    notes: dict[tuple[str, str, str], list[dict[str, Any]]] = {}
    for old in sorted(previous.entries, key=lambda e: (*e.key, e.message)):
        if old.extra:
            notes.setdefault(old.key, []).append(old.extra)
    for at, entry in enumerate(entries):
        if notes.get(entry.key):
            entries[at] = replace(entry, extra=notes[entry.key].pop(0))
    return Baseline(entries, previous.extra)


def load(path: Path) -> Baseline:
    text = read_text(path)
    if isinstance(text, ReadError):
        raise BaselineError(f"{path}: cannot read baseline: {text.message}")
    try:
        data = json.loads(text.text)
    except json.JSONDecodeError as exc:
        raise BaselineError(f"{path}: not a doxtool baseline: invalid JSON: {exc}") from None
    except RecursionError:
        raise BaselineError(f"{path}: not a doxtool baseline: nested too deeply") from None
    # the integer 1: not ``true``, nor ``1.0`` (both equal to 1 in Python)
    version = data.get("doxtool-baseline") if isinstance(data, dict) else None
    if type(version) is not int or version != FORMAT_VERSION:
        raise BaselineError(
            f"{path}: not a doxtool baseline (expected `doxtool-baseline: {FORMAT_VERSION}`)"
        )
    raw = data.get("findings")
    if not isinstance(raw, list):
        raise BaselineError(f"{path}: `findings` must be a list")
    entries = []
    for number, item in enumerate(raw, 1):
        entries.append(_entry(path, number, item))
    extra = {k: v for k, v in data.items() if k not in ("doxtool-baseline", "findings")}
    try:  # what is kept must be written back: as deep as JSON's writer goes
        json.dumps([extra, *(e.extra for e in entries if e.extra)], indent=2)
    except RecursionError:
        raise BaselineError(f"{path}: not a doxtool baseline: nested too deeply") from None
    return Baseline(entries, extra)


def missing(path: Path | str) -> str:
    """Why no baseline can be read at ``path`` (which is no regular file)."""
    if Path(path).is_dir():
        return f"{path}: is a directory, not a baseline file"
    return f"{path}: baseline file not found (write one with `doxtool baseline write`)"


def _entry(path: Path, number: int, item: Any) -> Entry:
    if not isinstance(item, dict) or not all(isinstance(item.get(k), str) for k in _KEYS):
        raise BaselineError(f"{path}: finding {number} needs string `code`, `path` and `subject`")
    message = item.get("message", "")
    return Entry(
        item["path"],
        item["code"],
        item["subject"],
        message if isinstance(message, str) else "",
        {k: v for k, v in item.items() if k not in (*_KEYS, "message")},
    )


def match(baseline: Baseline, findings: list[Finding]) -> Match:
    available = Counter(entry.key for entry in baseline.entries)
    new: list[Finding] = []
    hidden = 0
    for finding in findings:
        key = entry_of(finding).key
        if available[key] > 0:
            available[key] -= 1
            hidden += 1
        else:
            new.append(finding)
    unmatched: list[Entry] = []
    for entry in sorted(baseline.entries, key=lambda e: (*e.key, e.message), reverse=True):
        if available[entry.key] > 0:
            available[entry.key] -= 1
            unmatched.append(entry)
    return Match(new, hidden, sorted(unmatched))


def prune(baseline: Baseline, findings: list[Finding]) -> Baseline:
    """The entries some current finding still matches; nothing is added."""
    gone = Counter(entry.key for entry in match(baseline, findings).unmatched)
    kept = []
    for entry in sorted(baseline.entries, key=lambda e: (*e.key, e.message), reverse=True):
        if gone[entry.key] > 0:
            gone[entry.key] -= 1
        else:
            kept.append(entry)
    return Baseline(sorted(kept), baseline.extra)


def looks_fixed(result: Match, checked: Callable[[Entry], bool]) -> list[Entry]:
    """Unmatched entries this run would have reported had they still been there."""
    return [entry for entry in result.unmatched if checked(entry)]
