"""Text generated from templates: new companions, and scaffolded tools."""

from __future__ import annotations

import keyword
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from doxtool.companions.conventions import Convention
from doxtool.companions.factlines import SECTIONS, ExpectedBlock
from doxtool.companions.filters import markdown_code, markdown_inline
from doxtool.companions.templates import render
from doxtool.core.facts import BREAK_LOOP, ModuleFacts

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")


def is_identifier(name: str) -> bool:
    return bool(_IDENTIFIER.match(name)) and not keyword.iskeyword(name)


@dataclass(frozen=True)
class CompanionStyle:
    """How the repository's own companions are laid out."""

    #: a blank line between each heading and its first line
    blank_after_heading: bool = False


def companion_style(texts: Iterable[str]) -> CompanionStyle:
    """The layout most of ``texts`` (existing companions) use; doxtool's own
    (no blank line after a heading) when they do not say."""
    blank = tight = 0
    for text in texts:
        lines = text.splitlines()
        for index, line in enumerate(lines[:-1]):
            if line.startswith("#"):
                if lines[index + 1].strip():
                    tight += 1
                else:
                    blank += 1
    return CompanionStyle(blank_after_heading=blank > tight)


def purpose_line(
    facts: ModuleFacts, is_tool_module: bool, prompt_line: str = "", run_class: str | None = None
) -> str:
    """What the module does, in the words its code or prompt already uses:
    the tool class's docstring, else the tool prompt's first line; for a
    module without a tool, its docstring, else its first class docstring; a
    plain sentence when none says it. Of a module holding several tool
    classes, a call of its tool runs one (``run_class``, None when not
    known): another's docstring says what the tool does not."""
    tools = facts.tools if is_tool_module else []
    described = tools
    if len({t.class_name for t in tools}) > 1:
        described = [t for t in tools if t.class_name == run_class]
    classes = {c.name: c for c in facts.outline.classes} if facts.outline else {}
    docs = [classes[t.class_name].doc for t in described if t.class_name in classes]
    docs.append(prompt_line)
    if not tools and facts.outline is not None:
        docs.append(facts.outline.docstring)
        docs.extend(c.doc for c in facts.outline.classes if c.top_level)
    for text in docs:
        text = " ".join(text.split())
        if text:
            text = text[0].upper() + text[1:]  # a prompt line may start in lower case
            return text if text.endswith((".", "!", "?", ":")) else text + "."
    if tools:
        return f"Provide the `{tools[0].name}` tool."
    # a file name no import can spell (``audio_analysis copy.py``) is named by its path
    importable = facts.module and all(p.isidentifier() for p in facts.module.split("."))
    return f"Provide the `{facts.module if importable else facts.path}` module."


def verification_lines(module: str, file_name: str, tests: list[str]) -> list[str]:
    """Verification that names the tests which exercise the module."""
    check = markdown_code(f"doxtool check {module}")
    # pytest collects test_*.py and *_test.py; other related files are helpers of tests
    tests = [t for t in tests if re.fullmatch(r"test_\w*\.py|\w*_test\.py", t.rsplit("/")[-1])]
    if not tests:
        return [
            f"- No test imports {markdown_code(file_name)} yet: add one under `tests/`; "
            f"until then, {check} compares this file with the code.",
        ]
    shown = tests[:3]
    command = markdown_code("pytest " + " ".join(shown))
    more = f" (and the {len(tests) - 3} more listed below)" if len(tests) > 3 else ""
    return [
        f"- Run {command}{more} after changing {markdown_code(file_name)}, "
        f"and {check} to keep this file in step.",
    ]


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


#: the classes a tool module's line names when nothing else is known
DEFAULT_TOOL_BASE = ("helpers.tool.Tool", "helpers.tool.Response")


def tool_base_line(base: str, response: str | None, execute: str) -> str:
    """The line saying which class a tool module's classes derive from and
    what ``execute`` returns (escaped; without a ``- ``): the repository's
    base, and its ``Response`` when the base's module has one."""
    line = f"Tool modules must define {markdown_code(base)} subclasses"
    if response:
        line += f" and return {markdown_code(response)} from {markdown_code(execute)}"
    return line + "."


def render_companion(
    module: str,
    facts: ModuleFacts,
    expected: list[ExpectedBlock],
    is_tool_module: bool,
    templates_override: Path | None = None,
    purpose: str | None = None,
    prompt_line: str = "",
    tests: list[str] | None = None,
    style: CompanionStyle | None = None,
    convention: Convention | None = None,
    tool_base: tuple[str, str | None] = DEFAULT_TOOL_BASE,
    run_class: str | None = None,
) -> str:
    """A new companion for ``module`` with every fact line filled in
    (``tool_base``: the tool base class and ``Response`` of the repository,
    dotted, for a tool module's contract line; ``run_class``: the tool
    class a call of the tool runs, :func:`purpose_line`).

    A ``break_loop`` line is written only when doxtool knows the value in
    full: the values it sees of a tool that may return others (a handler
    reached through a dispatch table, ``break_loop=self.done``) say *always*
    what is only sometimes true."""
    unknown = {t.class_name for t in facts.tools if not t.knows(BREAK_LOOP)}
    blocks: dict[str, list[str]] = {section: [] for section in SECTIONS}
    for block in expected:
        if block.kind == "break-loop" and block.subject in unknown:
            continue
        blocks.setdefault(block.section, []).extend(block.lines)
    if convention is not None and convention.boilerplate:
        kind = module_kind(module, facts, is_tool_module)
        boilerplate = convention.boilerplate[kind]
        if boilerplate.base_line_execute:
            line = tool_base_line(*tool_base, boilerplate.base_line_execute)
            boilerplate = replace(boilerplate, runtime=(line, *boilerplate.runtime))
        return render(
            f"companion.{convention.name}.py.dox.md.j2",
            templates_override,
            file_name=module.rsplit("/", 1)[-1],
            path=module,
            boilerplate=boilerplate,
            description=_description(module, kind, facts),
            blocks=blocks,
        )
    tools = facts.tools if is_tool_module else []
    if purpose is None:
        purpose = purpose_line(facts, is_tool_module, prompt_line, run_class)
    file_name = module.rsplit("/", 1)[-1]
    return render(
        "companion.py.dox.md.j2",
        templates_override,
        file_name=file_name,
        path=module,
        tools=[t.name for t in tools],
        tool_line=tool_base_line(*tool_base, "execute"),
        purpose=markdown_inline(purpose, keep_code=True),
        blocks=blocks,
        verification=verification_lines(module, file_name, tests or []),
        blank=(style or CompanionStyle()).blank_after_heading,
    )
