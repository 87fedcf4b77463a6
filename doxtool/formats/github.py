"""``--format github``: GitHub Actions workflow commands (annotations)."""

from __future__ import annotations

import re

from doxtool.core.findings import WARNING, Finding
from doxtool.formats.escape import printable
from doxtool.formats.options import OutputOptions


def _escape_data(value: str) -> str:
    # control characters (escape sequences above all) are shown escaped first;
    # the workflow-command escapes then keep line breaks from ending the command
    parts = re.split(r"([\r\n])", value)
    value = "".join(part if part in ("\r", "\n") else printable(part) for part in parts)
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")


def render(findings: list[Finding], options: OutputOptions | None = None) -> str:
    lines = []
    for f in findings:
        level = "warning" if f.severity == WARNING else "error"
        props = ",".join(
            [
                f"file={_escape_property(f.path)}",
                f"line={f.line}",
                f"col={f.column}",
                f"title={_escape_property(f'{f.code} {f.rule}'.strip())}",
            ]
        )
        lines.append(f"::{level} {props}::{_escape_data(f'{f.code} {f.message}')}")
    return "".join(line + "\n" for line in lines)
