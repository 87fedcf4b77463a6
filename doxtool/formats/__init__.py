"""Output formats: one module each, all taking the same findings and options.

Owns: text, JSON, GitHub annotations, SARIF and statistics of findings, the
escaping of analysed text for where it goes (:mod:`.escape`), and the
human-readable rendering of facts (:mod:`.describe`).

May import: everything below the commands (:mod:`doxtool.core`, the source
packages, :mod:`doxtool.run`, :mod:`doxtool.rules` for the catalogue). Never
the commands.
"""

from __future__ import annotations

from collections.abc import Callable

from doxtool.core.findings import Finding
from doxtool.formats.options import OutputOptions

Formatter = Callable[[list[Finding], OutputOptions], str]

#: the output formats; a run imports only the module of the one it prints
FORMATS = ("text", "json", "github", "sarif")

#: formats whose text is data for programs: written as UTF-8 bytes whatever
#: the encoding of the stream they go to
MACHINE_FORMATS = frozenset({"json", "sarif"})

#: the formats ``check --statistics`` prints (see :mod:`.statistics`)
STATISTICS_FORMATS = frozenset({"text", "json"})

__all__ = [
    "FORMATS",
    "MACHINE_FORMATS",
    "STATISTICS_FORMATS",
    "Formatter",
    "OutputOptions",
    "formatter",
    "render",
]


def formatter(name: str) -> Formatter:
    """The function rendering findings in the format ``name`` (one of :data:`FORMATS`)."""
    if name == "text":
        from doxtool.formats import text

        return text.render
    if name == "json":
        from doxtool.formats import json_format

        return json_format.render
    if name == "github":
        from doxtool.formats import github

        return github.render
    if name == "sarif":
        from doxtool.formats import sarif

        return sarif.render
    raise KeyError(name)


def render(name: str, findings: list[Finding], options: OutputOptions | None = None) -> str:
    return formatter(name)(findings, options or OutputOptions())
