"""Output formats: one module each, all taking the same findings."""

from __future__ import annotations

from collections.abc import Callable

from doxtool.findings import Finding
from doxtool.formats import github, json_format, sarif, text

Formatter = Callable[[list[Finding]], str]

FORMATS: dict[str, Formatter] = {
    "text": text.render,
    "json": json_format.render,
    "github": github.render,
    "sarif": sarif.render,
}
