"""``--format json``: an array of findings."""

from __future__ import annotations

from typing import Any

from doxtool.core.findings import Finding
from doxtool.formats.escape import json_text
from doxtool.formats.options import OutputOptions


def finding_data(finding: Finding) -> dict[str, Any]:
    return {
        "code": finding.code,
        "rule": finding.rule,
        "message": finding.message,
        "path": finding.path,
        "line": finding.line,
        "column": finding.column,
        "severity": finding.severity,
        "fixable": finding.fixable,
        "subject": finding.subject,
        "fix": finding.fix.description if finding.fix else None,
    }


def render(findings: list[Finding], options: OutputOptions | None = None) -> str:
    return json_text([finding_data(f) for f in findings], indent=2) + "\n"
