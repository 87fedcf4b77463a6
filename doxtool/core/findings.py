"""Findings and fixes: what rules report, plain data that serialises to JSON."""

from __future__ import annotations

from dataclasses import dataclass, field

from doxtool.core.edits import Edit

ERROR = "error"
WARNING = "warning"


@dataclass
class NewFile:
    """Create ``path`` with ``text`` (never overwrites an existing file)."""

    path: str
    text: str


@dataclass
class Fix:
    """The fix of a finding: edits to existing files and files to create."""

    description: str
    edits: list[Edit] = field(default_factory=list)
    new_files: list[NewFile] = field(default_factory=list)
    #: only safe fixes are applied by ``--fix``
    applicability: str = "safe"


@dataclass
class Finding:
    """Something a rule found, at a place in a file."""

    code: str
    message: str
    path: str
    line: int = 1
    column: int = 1
    severity: str = ERROR
    #: a stable identity that survives moved lines (baselines match on it)
    subject: str = ""
    fix: Fix | None = None
    #: the rule's name (``missing-companion``)
    rule: str = ""

    @property
    def fixable(self) -> bool:
        return self.fix is not None and self.fix.applicability == "safe"

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.code, self.message)
