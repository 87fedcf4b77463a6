"""Text generated from templates: new companions, and scaffolded tools."""

from __future__ import annotations

import json
import keyword
import re
from pathlib import Path

from doxtool.conventions import Convention
from doxtool.factlines import SECTIONS, ExpectedBlock, code, display_name, escape_unsafe
from doxtool.facts import ModuleFacts
from doxtool.templates import render

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def markdown_inline(text: str) -> str:
    """Text made safe for one Markdown line: one line, markup characters and
    invisible or control characters escaped."""
    text = escape_unsafe(" ".join(str(text).split()))
    return re.sub(r"([\\`*_\[\]<>#|!{}])", r"\\\1", text)


def markdown_code(text: str) -> str:
    """Any text as one Markdown code span (see :func:`doxtool.factlines.display_name`)."""
    return code(display_name(str(text)))


def markdown_title(text: str) -> str:
    """Text kept on a heading's line: only line breaks, controls and invisible
    characters are escaped, so an ordinary file name reads as it is."""
    return escape_unsafe(str(text))


def py_docstring(text: str) -> str:
    """Text made safe inside a triple-quoted Python docstring (one line): no
    quote or backslash can end it or start an escape, no control character
    reaches the file."""
    text = " ".join(str(text).split())
    text = text.replace("\\", "\\\\").replace('"', '\\"')
    return escape_unsafe(text)


def py_string(text: str) -> str:
    """A Python string literal holding ``text`` exactly."""
    return json.dumps(str(text), ensure_ascii=True)


def is_identifier(name: str) -> bool:
    return bool(_IDENTIFIER.match(name)) and not keyword.iskeyword(name)


def module_kind(module: str, facts: ModuleFacts, is_tool_module: bool) -> str:
    """``tool``, ``api`` (HTTP or WebSocket handlers) or ``helper``."""
    if is_tool_module and facts.tools:
        return "tool"
    handler = any(
        base.rsplit(".", 1)[-1] in ("ApiHandler", "WsHandler")
        for cls in facts.classes
        for base in cls.bases
    )
    directory = module.rsplit("/", 1)[0].rsplit("/", 1)[-1] if "/" in module else ""
    if handler or directory == "api":
        return "api"
    return "tool" if is_tool_module else "helper"


def _description(module: str, kind: str, facts: ModuleFacts) -> str:
    """What the Purpose line says the module does (escaped)."""
    stem = module.rsplit("/", 1)[-1].removesuffix(".py")
    words = markdown_inline(stem.replace("_", " ").strip() or stem)
    if kind == "api":
        return f"handles {words} API requests"
    if kind == "tool" and facts.tools:
        return f"implements the {markdown_code(facts.tools[0].name)} agent tool"
    return f"provides the {words} helpers"


def render_companion(
    module: str,
    facts: ModuleFacts,
    expected: list[ExpectedBlock],
    is_tool_module: bool,
    templates_override: Path | None = None,
    purpose: str | None = None,
    convention: Convention | None = None,
) -> str:
    """A new companion for ``module`` with every fact line filled in."""
    blocks: dict[str, list[str]] = {section: [] for section in SECTIONS}
    for block in expected:
        blocks.setdefault(block.section, []).extend(block.lines)
    if convention is not None and convention.boilerplate:
        kind = module_kind(module, facts, is_tool_module)
        return render(
            f"companion.{convention.name}.py.dox.md.j2",
            templates_override,
            file_name=module.rsplit("/", 1)[-1],
            path=module,
            boilerplate=convention.boilerplate[kind],
            description=_description(module, kind, facts),
            blocks=blocks,
        )
    tools = facts.tools if is_tool_module else []
    docstring = getattr(facts, "docstring", "") or ""
    if purpose is None and docstring.strip():
        purpose = docstring.strip().splitlines()[0]
    if purpose is not None:
        purpose = markdown_inline(purpose)
    elif tools:
        purpose = f"Provide the {markdown_code(tools[0].name)} tool."
    else:
        purpose = f"Provide the {markdown_code(facts.module)} module."
    return render(
        "companion.py.dox.md.j2",
        templates_override,
        file_name=module.rsplit("/", 1)[-1],
        path=module,
        tools=[t.name for t in tools],
        purpose=purpose,
        blocks=blocks,
    )
