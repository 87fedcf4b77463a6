"""``--format text``: one finding per line, like ruff and flake8."""

from __future__ import annotations

from doxtool.findings import Finding


def line(finding: Finding) -> str:
    mark = " [*]" if finding.fixable else ""
    return f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}{mark}"


def summary(findings: list[Finding]) -> str:
    if not findings:
        return "All checks passed."
    count = len(findings)
    fixable = sum(1 for f in findings if f.fixable)
    noun = "finding" if count == 1 else "findings"
    text = f"Found {count} {noun}"
    if fixable:
        text += f" ({fixable} fixable with `doxtool check --fix`)"
    return text + "."


def render(findings: list[Finding]) -> str:
    return "".join(line(f) + "\n" for f in findings) + summary(findings) + "\n"
