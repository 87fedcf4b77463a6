"""Fixes only for files doxtool would write.

doxtool never writes through a link, over anything but a regular file, or
outside the project root (:func:`doxtool.core.writes.check_target`). A fix
whose file is such a one (a companion that is a link to a shared document, a
directory where a companion would be created) could never be applied: its
finding is reported with no fix, so ``check`` does not mark it fixable,
``--fix`` leaves it as a finding (exit 1) rather than fail to write it (exit
2), and ``--diff`` shows nothing for it. The three agree.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from doxtool.core.findings import Finding
from doxtool.core.writes import UnsafeWrite, check_target


def writable_fixes(root: Path, findings: list[Finding]) -> list[Finding]:
    """``findings``, each whose fix touches a file doxtool refuses to write without it."""
    verdicts: dict[str, bool] = {}

    def writable(path: str) -> bool:
        if path not in verdicts:
            try:
                check_target(root, root / path)
            except UnsafeWrite:
                verdicts[path] = False
            else:
                verdicts[path] = True
        return verdicts[path]

    kept: list[Finding] = []
    for finding in findings:
        fix = finding.fix
        if fix is not None:
            paths = [edit.path for edit in fix.edits] + [new.path for new in fix.new_files]
            if not all(writable(path) for path in paths):
                finding = dataclasses.replace(finding, fix=None)
        kept.append(finding)
    return kept
