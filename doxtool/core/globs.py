r"""The spellings of a path or glob of the configuration that name the same paths.

``exclude``, ``extend-exclude`` and ``per-file-ignores`` are matched against
repository paths as doxtool writes them: relative to the root, with ``/``
between their parts, without a leading ``./`` and without a trailing ``/``.
A glob written ``./build`` or ``tools/`` (as a shell or a ``.gitignore``
would take it) names the path ``build`` or ``tools``; kept as written, it
could match no path at all, and what it was meant to leave out would still
be checked. A glob starting with ``**/`` names the paths at any depth, the
root's own included, as gitignore and other linters read it (``fnmatch``'s
``*`` alone needs one directory at least). A ``\`` between the parts of a
path or a glob (``tools\legacy.py``, as Windows writes it) is a ``/``, as the
configuration's check of a path already reads it (a file name holding a
backslash is no name git can check out on Windows).
"""

from __future__ import annotations


def slashed(path: str) -> str:
    """``path`` with ``/`` between its parts, however they were separated."""
    return path.replace("\\", "/")


def normalized(pattern: str) -> str:
    """``pattern`` with ``/`` between its parts, without leading ``./`` and
    trailing ``/`` (a glob of the root itself, ``./`` or ``/``, is kept as
    written: it names no path)."""
    pattern = text = slashed(pattern)
    while text.startswith("./"):
        text = text[2:].lstrip("/")
    text = text.rstrip("/")
    return text or pattern


def spellings(pattern: str) -> list[str]:
    """The globs ``pattern``, as the configuration writes it, stands for: its
    :func:`normalized` form and, for ``**/rest``, ``rest`` (the paths at the
    root's own level). The configuration keeps the glob as written, so that a
    message names what the person wrote."""
    pattern = normalized(pattern)
    forms = [pattern]
    while pattern.startswith("**/"):
        pattern = pattern[3:]
        if pattern:
            forms.append(pattern)
    return forms
