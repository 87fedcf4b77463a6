"""Part 1: the findings of ``doxtool check`` on the corpus, counted and listed by code."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from .runner import Doxtool, findings_of


def part_findings(tool: Doxtool, root: Path) -> dict[str, Any]:
    findings = findings_of(tool.run(root, "check", "--format", "json", "--no-cache"))
    by_code = Counter(str(entry.get("code", "?")) for entry in findings)
    listed: dict[str, list[str]] = {}
    for entry in sorted(
        findings, key=lambda e: (str(e.get("path", "")), line_number(e.get("line")))
    ):
        code = str(entry.get("code", "?"))
        listed.setdefault(code, []).append(
            f"{entry.get('path', '?')}:{entry.get('line', '?')} {code} {entry.get('message', '')}"
        )
    ordered = dict(sorted(by_code.items(), key=lambda kv: (-kv[1], kv[0])))
    return {
        "total": len(findings),
        "by_code": ordered,
        "findings": {code: listed[code] for code in ordered},
    }


def line_number(value: object) -> int:
    return value if isinstance(value, int) else 0
