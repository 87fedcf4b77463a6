"""The modules of the packages in the tool directories.

A package below a tools directory (``tools/lib/__init__.py``,
``tools/lib/fmt.py``) holds no tools, but code a tool module may load: what
loads a module of a tools directory may pass through it
(:mod:`doxtool.run.importers`), and a module may load one by its path
(:func:`doxtool.run.snapshot.references`).
"""

from __future__ import annotations

import os

from doxtool.run.listing import NEVER_READ
from doxtool.run.project import Project


def package_modules(project: Project) -> list[str]:
    """The modules of the packages in the tool directories (``tools/lib/__init__.py``,
    ``tools/lib/fmt.py``): no tools, but code a tool module may load."""
    found: list[str] = []
    for directory in project.tool_dirs:
        top = project.root / directory
        for path, dirs, files in os.walk(top):
            rel = os.path.relpath(path, project.root).replace(os.sep, "/")
            dirs[:] = sorted(
                d for d in dirs if d not in NEVER_READ and not project.excluded(f"{rel}/{d}")
            )
            if path != str(top):
                found.extend(f"{rel}/{f}" for f in sorted(files) if f.endswith(".py"))
    return found
