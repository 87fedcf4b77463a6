"""``check --statistics``: how many findings of each code, like ``ruff --statistics``."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass

from doxtool.core.findings import Finding
from doxtool.formats.options import OutputOptions
from doxtool.formats.text import summary


@dataclass
class CodeCount:
    code: str
    name: str
    count: int
    fixable: int


def count_codes(findings: list[Finding]) -> list[CodeCount]:
    """Counts per code, the most frequent first (then by code)."""
    counts = Counter(f.code for f in findings)
    fixable = Counter(f.code for f in findings if f.fixable)
    names = {f.code: f.rule for f in findings}
    rows = [CodeCount(code, names[code], n, fixable[code]) for code, n in counts.items()]
    return sorted(rows, key=lambda row: (-row.count, row.code))


def render_text(findings: list[Finding], options: OutputOptions | None = None) -> str:
    options = options or OutputOptions()
    rows = count_codes(findings)
    lines = [] if options.quiet else [summary(findings, options.unsafe_fixes)]
    if not rows:
        return "".join(line + "\n" for line in lines)
    width = max(len(str(row.count)) for row in rows)
    name_width = max(len(row.name) for row in rows)
    table = []
    for row in rows:
        mark = "[*]" if row.fixable else "   "
        fixable = f"{row.fixable} fixable" if row.fixable else ""
        table.append(
            f"{row.count:>{width}}  {row.code}  {mark} {row.name:<{name_width}}  {fixable}".rstrip()
        )
    return "".join(line + "\n" for line in [*table, *lines])


def render_json(findings: list[Finding], options: OutputOptions | None = None) -> str:
    data = [
        {"code": r.code, "name": r.name, "count": r.count, "fixable": r.fixable}
        for r in count_codes(findings)
    ]
    return json.dumps(data, indent=2) + "\n"


STATISTICS = {"text": render_text, "json": render_json}
