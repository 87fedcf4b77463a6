"""``--format text``: one finding per line, like ruff and flake8.

With ``--show-source`` each finding is followed by the offending line and a
caret under its column, as compilers print them. Colour is used only when
:mod:`doxtool.core.terminal` says the output wants it.
"""

from __future__ import annotations

from pathlib import Path

from doxtool.core.edits import line_content, split_lines
from doxtool.core.findings import WARNING, Finding
from doxtool.core.source import ReadError, read_text
from doxtool.core.terminal import style
from doxtool.formats.escape import printable
from doxtool.formats.options import OutputOptions

BOLD, RED, YELLOW, BLUE, CYAN = 1, 31, 33, 34, 36


def _unsafe(finding: Finding) -> bool:
    return finding.fix is not None and finding.fix.applicability == "unsafe"


def line(finding: Finding, color: bool = False) -> str:
    """One finding; ``[*]`` marks a safe fix, ``[!]`` an unsafe one (``--unsafe-fixes``)."""
    mark = ""
    if finding.fixable:
        mark = " " + style("[*]", CYAN, enabled=color)
    elif _unsafe(finding):
        mark = " " + style("[!]", YELLOW, enabled=color)
    where = style(printable(finding.path), BOLD, enabled=color) + style(":", CYAN, enabled=color)
    position = f"{finding.line}{style(':', CYAN, enabled=color)}{finding.column}"
    colon = style(":", CYAN, enabled=color)
    code = style(finding.code, BOLD, YELLOW if finding.severity == WARNING else RED, enabled=color)
    return f"{where}{position}{colon} {code} {printable(finding.message)}{mark}"


def summary(findings: list[Finding], unsafe_fixes: bool = False) -> str:
    """The last line: how many findings, how many ``--fix`` would fix, and how
    many unsafe fixes ``--unsafe-fixes`` would add."""
    if not findings:
        return "All checks passed."
    count = len(findings)
    fixable = sum(1 for f in findings if f.fixable)
    unsafe = sum(1 for f in findings if _unsafe(f))
    noun = "finding" if count == 1 else "findings"
    text = f"Found {count} {noun}"
    if unsafe_fixes:
        fixable += unsafe
        unsafe = 0
    notes = []
    if fixable:
        command = "doxtool check --fix --unsafe-fixes" if unsafe_fixes else "doxtool check --fix"
        notes.append(f"{fixable} fixable with `{command}`")
    if unsafe:
        notes.append(
            f"{unsafe} hidden fix{'es' if unsafe != 1 else ''} can be enabled with the "
            "`--unsafe-fixes` option"
        )
    if notes:
        text += f" ({'; '.join(notes)})"
    return text + "."


class SourceLines:
    """Lines of the files findings point at, each file read once."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._files: dict[str, list[str] | None] = {}

    def get(self, path: str, number: int) -> str | None:
        if self.root is None:
            return None
        if path not in self._files:
            text = read_text(self.root / path, python=path.endswith(".py"), root=self.root)
            self._files[path] = (
                None
                if isinstance(text, ReadError)
                else [line_content(x) for x in split_lines(text.text)]
            )
        lines = self._files[path]
        if lines is None or not 1 <= number <= len(lines):
            return None
        return lines[number - 1]


def source_excerpt(finding: Finding, source: str, color: bool = False) -> list[str]:
    """The line, and a caret under the finding's column (tabs kept, so it lines up)."""
    number = str(finding.line)
    gutter = " " * len(number)
    bar = style("|", BLUE, BOLD, enabled=color)
    # escaped characters widen the line: the caret goes under the escaped text
    shown = printable(source[: max(0, finding.column - 1)], tabs=True)
    lead = "".join(c if c == "\t" else " " for c in shown)
    caret = style("^", RED, BOLD, enabled=color)
    return [
        f"{gutter} {bar}",
        f"{style(number, BLUE, BOLD, enabled=color)} {bar} {printable(source, tabs=True)}",
        f"{gutter} {bar} {lead}{caret}",
        "",
    ]


def render(findings: list[Finding], options: OutputOptions | None = None) -> str:
    options = options or OutputOptions()
    sources = SourceLines(options.root) if options.show_source else None
    out: list[str] = []
    for finding in findings:
        out.append(line(finding, options.color))
        if sources is not None:
            source = sources.get(finding.path, finding.line)
            if source is not None:
                out.extend(source_excerpt(finding, source, options.color))
    if not options.quiet:
        out.append(
            style(
                summary(findings, options.unsafe_fixes),
                BOLD,
                enabled=options.color and bool(findings),
            )
        )
    return "".join(x + "\n" for x in out)
