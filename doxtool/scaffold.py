"""``doxtool scaffold NAME``: a new tool that passes ``doxtool check`` at once.

Everything is rendered in memory first; nothing is written when any target
exists or any value is invalid. User-supplied text is validated (names) or
escaped for the context it lands in (Python docstrings and string literals,
Markdown lines, JSON).
"""

from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass, field
from pathlib import Path

from doxtool.companions.generate import is_identifier, render_companion
from doxtool.companions.rendering import expected_blocks
from doxtool.companions.templates import render
from doxtool.core.writes import UnsafeWrite, atomic_write
from doxtool.python.extract import extract_module
from doxtool.python.names import module_name
from doxtool.run.context import Context
from doxtool.run.project import COMPANION_SUFFIX, Project


class ScaffoldError(Exception):
    """A scaffold request that cannot be honoured; nothing was written."""


@dataclass
class ScaffoldPlan:
    name: str
    class_name: str
    #: (repository-relative path, content), in writing order
    files: list[tuple[str, str]] = field(default_factory=list)
    #: the paths among ``files`` that exist (and that only ``--force`` replaces)
    existing: list[str] = field(default_factory=list)

    @property
    def paths(self) -> list[str]:
        return [path for path, _ in self.files]


#: names the generated module and test bind or call (the built-in templates):
#: a class or argument of the same name would break them
_TAKEN_BY_CLASS = frozenset(
    {"Response", "Tool", "StandInAgent", "Path", "ROOT", "asyncio", "sys", "annotations"}
)
_TAKEN_BY_ARGUMENT = frozenset(
    {"self", "kwargs", "message", "str", "Response", "Tool", "annotations"}
)


def _pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in name.split("_") if part) or "Tool"


def validate_name(name: str) -> None:
    if "/" in name or "\\" in name or name in (".", ".."):
        raise ScaffoldError(f"tool name {name!r} must not contain a path separator")
    if not is_identifier(name) or name != name.lower():
        raise ScaffoldError(
            f"tool name {name!r} must be a lowercase Python identifier (ASCII letters, "
            "digits, underscores) and not a keyword"
        )
    if name.startswith("__") and name.endswith("__"):
        raise ScaffoldError(
            f"tool name {name!r} is a name Python reserves for package machinery "
            f"(`{name}.py` is not a tool module, and `doxtool check` does not read it)"
        )


def plan(
    project: Project,
    name: str,
    directory: str | None = None,
    class_name: str | None = None,
    args: list[str] | tuple[str, ...] = (),
    terminal: bool = False,
    description: str | None = None,
) -> ScaffoldPlan:
    validate_name(name)
    class_name = class_name or _pascal(name) + "Tool"
    if not is_identifier(class_name):
        raise ScaffoldError(
            f"class name {class_name!r} is not a Python identifier (ASCII letters, digits,"
            " underscores) or is a keyword"
        )
    if class_name in _TAKEN_BY_CLASS:
        raise ScaffoldError(
            f"class name {class_name!r} is a name the generated module or test already"
            " uses; choose another (--class-name)"
        )
    for arg in args:
        if not is_identifier(arg):
            raise ScaffoldError(
                f"argument name {arg!r} is not a Python identifier (ASCII letters, digits,"
                " underscores) or is a keyword"
            )
        if arg in _TAKEN_BY_ARGUMENT:
            raise ScaffoldError(
                f"argument name {arg!r} is a name the generated `execute` already uses"
                " (each argument becomes a local variable of it)"
            )
    if len(set(args)) != len(args):
        raise ScaffoldError("argument names must be distinct")
    tool_dir = _tool_dir(project, directory)
    description = description or f"The `{name}` tool."
    if "\x00" in description:
        raise ScaffoldError("description must not contain NUL characters")

    module_path = f"{tool_dir}/{name}.py"
    if project.excluded(module_path):
        raise ScaffoldError(
            f"{module_path} is excluded by the configuration (`exclude`, `extend-exclude`): "
            "`doxtool check` would never read it"
        )
    # the test imports the module by its dotted name: each part must be an
    # identifier, or the generated test would not even parse
    for part in module_name(module_path).split("."):
        if not is_identifier(part):
            raise ScaffoldError(
                f"tool directory {tool_dir!r} cannot be imported as a package: "
                f"{part!r} is not a Python identifier"
            )
    prompt_dir = _prompt_dir(project, tool_dir)
    prompt_path = f"{prompt_dir}/agent.system.tool.{name}.md"
    tests_root = project.config.test_dirs[0] if project.config.test_dirs else "tests"
    test_dir = f"{tests_root}/{tool_dir}"
    test_path = f"{test_dir}/test_{name}.py"
    override = project.root / project.config.templates_dir if project.config.templates_dir else None

    values = {
        "name": name,
        "class_name": class_name,
        "args": list(args),
        "terminal": terminal,
        "description": description,
    }
    module_text = render("tool.py.j2", override, **values)
    example = json.dumps(
        {
            "thoughts": [f"I need the {name} tool."],
            "headline": f"Calling {name}",
            "tool_name": name,
            "tool_args": {arg: "..." for arg in args},
        },
        indent=4,
        ensure_ascii=False,
    )
    prompt_text = render("prompt.md.j2", override, example=example, **values)
    test_text = render(
        "test_tool.py.j2",
        override,
        module=module_name(module_path),
        module_path=module_path,
        depth=len(Path(test_dir).parts),
        **values,
    )

    facts = extract_module(
        module_text, module_path, project.local_roots | {module_path.split("/")[0]}
    )
    facts.tools = project.resolver.tools(facts)
    if not facts.tools:
        bases = ", ".join(project.config.tool_bases)
        raise ScaffoldError(
            f"the generated class would not be a tool here: none of {bases} can be found "
            "in this repository (configure `tool-bases`)"
        )
    expected = expected_blocks(facts, [test_path])
    companion_text = render_companion(
        module_path,
        facts,
        expected,
        True,
        override,
        purpose=description,
        tests=[test_path],
        style=Context(project).companion_style,
        tool_base=project.tool_base(facts.tools),
    )
    files = [
        (module_path, module_text),
        (module_path + COMPANION_SUFFIX, companion_text),
        (prompt_path, prompt_text),
        (test_path, test_text),
    ]
    return ScaffoldPlan(name=name, class_name=class_name, files=files)


def _tool_dir(project: Project, directory: str | None) -> str:
    if directory is None:
        return project.tool_dirs[0] if project.tool_dirs else "tools"
    path = (
        (project.root / directory).resolve()
        if not Path(directory).is_absolute()
        else Path(directory).resolve()
    )
    if not project.inside(path):
        raise ScaffoldError(f"--dir {directory} is outside the project root {project.root}")
    rel = project.rel(path)
    rel = rel if rel else "."
    if not any(_matches(rel, pattern) for pattern in project.config.tool_dirs):
        configured = ", ".join(project.config.tool_dirs) or "none"
        where = project.config.source or "[tool.doxtool] in pyproject.toml (or doxtool.toml)"
        raise ScaffoldError(
            f"--dir {directory}: `doxtool check` does not look for tools in {rel} "
            f"(tool-dirs: {configured}); add it to `tool-dirs` in {where} first"
        )
    return rel


def _matches(rel: str, pattern: str) -> bool:
    """Whether directory ``rel`` is one the ``tool-dirs`` glob ``pattern`` names
    (part by part, so ``plugins/*/tools`` takes a plugin that does not exist yet)."""
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    wanted = [p for p in pattern.strip("/").split("/") if p not in ("", ".")]
    return len(parts) == len(wanted) and all(
        fnmatch.fnmatchcase(part, glob) for part, glob in zip(parts, wanted, strict=True)
    )


def _prompt_dir(project: Project, tool_dir: str) -> str:
    """A plugin's tools are taught by the plugin's prompts; any other tool by the core ones."""
    parent = tool_dir.rsplit("/", 1)[0] if "/" in tool_dir else ""
    candidate = f"{parent}/prompts"
    if parent and any(_matches(candidate, p) for p in project.config.plugin_prompt_dirs):
        return candidate
    return project.config.prompt_dirs[0] if project.config.prompt_dirs else "prompts"


def existing(project: Project, scaffold: ScaffoldPlan) -> list[str]:
    return [
        p for p in scaffold.paths if (project.root / p).exists() or (project.root / p).is_symlink()
    ]


def write(project: Project, scaffold: ScaffoldPlan, force: bool = False) -> None:
    """Write every file, refusing (before any write) when one exists, unless forced."""
    clash = existing(project, scaffold)
    if clash and not force:
        raise ScaffoldError("refusing to overwrite: " + ", ".join(clash) + " (use --force)")
    written: list[Path] = []
    try:
        for path, text in scaffold.files:
            target = project.root / path
            is_new = not target.exists()
            atomic_write(project.root, target, text.encode("utf-8"), create_only=not force)
            if is_new:
                written.append(target)
    except (UnsafeWrite, OSError) as exc:
        for target in written:  # leave nothing half-made
            target.unlink(missing_ok=True)
        raise ScaffoldError(f"cannot write: {exc}") from exc
