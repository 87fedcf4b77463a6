"""Later ``###`` headings that name a tool only in part: one with a number or
an icon before a tool's name (``### 2. 💤 nap``, ``### 🔍 search_engine``), or
a description after it (``### beep (make a sound)``, ``### beep: make a sound``),
titles a tool's section only when an example of the file calls that tool;
else it may be a numbered step written in lower case (``### 1. decide``), and
what is taught under it stays with no heading's tool, as under any heading of
prose, save an argument, taught for that name's tool where there is one
(:attr:`~doxtool.prompts.model.TaughtArgument.step`). One that says its
tool is gone or not there yet (``### alarm (removed)``, ``### ~~alarm~~``,
``### beep — coming soon``) names no tool, and the arguments under it are
taught for none."""

from __future__ import annotations

from doxtool.prompts.model import PromptDoc, PromptTool


def settle_labelled_headings(doc: PromptDoc) -> None:
    """Drop the marked headings of ``doc`` that title no tool's section, and
    give what was taught under one no tool, as the reader does under a
    heading that names none; an argument under a numbered one keeps its
    name, marked :attr:`~doxtool.prompts.model.TaughtArgument.step`, and
    one under a heading of a tool gone is taught for none at all."""
    called = {t.name.split(":", 1)[0] for t in doc.tools if t.source == "example"}
    dropped = [
        t
        for t in doc.tools
        if t.mark == "gone" or (t.mark == "label" and t.name.split(":", 1)[0] not in called)
    ]
    if not dropped:
        return
    starts = sorted({t.line for t in doc.tools if t.source in ("heading", "title")})
    for heading in dropped:
        end = next((line for line in starts if line > heading.line), None)
        if heading.mark == "gone":
            for found in (doc.arguments, doc.keyed):
                found[:] = [
                    a
                    for a in found
                    if not (a.tool == heading.name and _under(heading, end, a.line))
                ]
        for argument in doc.arguments:
            if argument.tool == heading.name and _under(heading, end, argument.line):
                argument.step = True  # its tool's, or as under prose: known with the tools
        for taught in [*doc.arguments, *doc.mentions, *doc.keyed]:
            if _under(heading, end, taught.line):
                if taught.tool == heading.name and not taught.step:
                    taught.tool = None
                if taught.section == heading.name:
                    taught.section = None
        for item in doc.listed:
            if item.section == heading.name and _under(heading, end, item.line):
                item.section = None
    doc.labelled = [t.name for t in dropped if t.mark == "label"]
    doc.tools = [t for t in doc.tools if not any(t is heading for heading in dropped)]


def _under(heading: PromptTool, end: int | None, line: int) -> bool:
    """Whether ``line`` is in the section of ``heading``, which ``end`` ends."""
    return heading.line <= line and (end is None or line < end)
