"""What a formatter may take into account besides the findings."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass
class OutputOptions:
    """How findings are printed."""

    #: the project root, to read source lines for ``--show-source``
    root: Path | None = None
    #: ANSI colours (text format only; see :mod:`doxtool.core.terminal`)
    color: bool = False
    #: the offending line with a caret under the column (text format only)
    show_source: bool = False
    #: findings only, no summary line (text format only)
    quiet: bool = False
    #: unsafe fixes are applied (``--unsafe-fixes``): count them as fixable
    unsafe_fixes: bool = False
