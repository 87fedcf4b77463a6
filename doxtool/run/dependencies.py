"""The libraries doxtool needs, whether they are there, and which versions.

An interpreter that lacks one (``python3 -m doxtool`` from a source tree, a
half-installed environment) must fail with an error naming the package,
never run on with a parser missing and report what that parser would have
found as absent. Results depend on the libraries' versions as much as on
doxtool's own code, so cached values and recorded runs are keyed by them.
Only ``os`` and ``sys`` are imported here: the launcher asks before a replay.
"""

from __future__ import annotations

import os
import sys

#: (import name, distribution name) of every library doxtool imports
REQUIRED = (
    ("click", "click"),
    ("libcst", "libcst"),
    ("markdown_it", "markdown-it-py"),
    ("jinja2", "jinja2"),
    ("json5", "json5"),
)

_SUFFIXES = (".dist-info", ".egg-info")


class MissingDependency(Exception):
    """A library doxtool needs cannot be imported (exit code 2)."""


def distribution(module: str) -> str:
    """The distribution (what ``pip install`` takes) that provides ``module``."""
    top = module.split(".", 1)[0]
    return next((dist for name, dist in REQUIRED if name == top), top)


def missing() -> list[str]:
    """Distributions of the required libraries this interpreter cannot find."""
    import importlib.util

    absent = []
    for name, dist in REQUIRED:
        try:
            found = name in sys.modules or importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):
            found = False
        if not found:
            absent.append(dist)
    return absent


def require() -> None:
    """Raise :class:`MissingDependency` naming every library that is missing."""
    absent = missing()
    if absent:
        names = ", ".join(absent)
        raise MissingDependency(
            f"missing dependenc{'ies' if len(absent) > 1 else 'y'}: {names} "
            f"(this Python, {sys.executable}, cannot import {'them' if len(absent) > 1 else 'it'}; "
            f"install doxtool with `pip install doxtool`, or `pip install {' '.join(absent)}`)"
        )


def _failing_module(exc: ImportError) -> str | None:
    """The required library an import error comes from: its ``name``, or the
    package of the innermost frame that lies in one."""
    names = {name for name, _ in REQUIRED}
    if exc.name and exc.name.split(".", 1)[0] in names:
        return exc.name
    found = None
    tb = exc.__traceback__
    while tb is not None:
        parts = tb.tb_frame.f_code.co_filename.replace("\\", "/").split("/")
        found = next((part for part in reversed(parts[:-1]) if part in names), found)
        tb = tb.tb_next
    return found or exc.name


def message(exc: ImportError) -> str:
    """The one-line error for a library that failed to import."""
    module = _failing_module(exc)
    dist = distribution(module) if module else "a library doxtool imports"
    fix = f" (reinstall it: `pip install --force-reinstall {dist}`)" if module else ""
    return f"dependency {dist} cannot be imported: {exc}{fix}"


def _normal(name: str) -> str:
    return name.replace("-", "_").replace(".", "_").lower()


def versions() -> str:
    """``name==version`` of each required library, as installed for this
    interpreter (the first metadata directory along ``sys.path``), with
    ``?`` for one whose version cannot be told."""
    wanted = {_normal(dist): dist for _, dist in REQUIRED}
    found: dict[str, str] = {}
    for entry in sys.path:
        if len(found) == len(wanted):
            break
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if not name.endswith(_SUFFIXES):
                continue
            stem = name.rsplit(".", 1)[0]
            project, _, version = stem.partition("-")
            key = _normal(project)
            if key in wanted and key not in found:
                found[key] = version
    return ",".join(f"{dist}=={found.get(key, '?')}" for key, dist in sorted(wanted.items()))
