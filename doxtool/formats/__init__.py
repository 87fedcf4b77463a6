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
from doxtool.formats import github, json_format, sarif, text
from doxtool.formats.options import OutputOptions

Formatter = Callable[[list[Finding], OutputOptions], str]

FORMATS: dict[str, Formatter] = {
    "text": text.render,
    "json": json_format.render,
    "github": github.render,
    "sarif": sarif.render,
}

#: formats whose text is data for programs: written as UTF-8 bytes whatever
#: the encoding of the stream they go to
MACHINE_FORMATS = frozenset({"json", "sarif"})

__all__ = ["FORMATS", "MACHINE_FORMATS", "Formatter", "OutputOptions", "render"]


def render(name: str, findings: list[Finding], options: OutputOptions | None = None) -> str:
    return FORMATS[name](findings, options or OutputOptions())
