"""``doxtool scaffold NAME``: a new tool that passes ``doxtool check`` at once.

Everything is rendered in memory first; nothing is written when any target
exists or any value is invalid. User-supplied text is validated (names) or
escaped for the context it lands in (Python docstrings and string literals,
Markdown lines, JSON).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from doxtool.companions.derive import expected_blocks
from doxtool.companions.filters import prompt_text
from doxtool.companions.generate import is_identifier, render_companion
from doxtool.companions.templates import render
from doxtool.core.config import CALL_KEYS
from doxtool.core.facts import ModuleFacts
from doxtool.core.writes import UnsafeWrite, atomic_write, check_target
from doxtool.prompts.schema import prompt_description
from doxtool.python.extract import extract_module
from doxtool.run.context import Context
from doxtool.run.leftdeps import left_out_paths
from doxtool.run.project import COMPANION_SUFFIX, Project
from doxtool.scaffold_dirs import (
    ScaffoldError,
    file_documented,
    own_repository,
    profile_of,
    prompt_dir_of,
    test_dir_of,
    tool_dir_of,
)

__all__ = ["ScaffoldError", "ScaffoldPlan", "check_targets", "existing", "plan", "write"]


@dataclass
class ScaffoldPlan:
    name: str
    class_name: str
    #: (repository-relative path, content), in writing order
    files: list[tuple[str, str]] = field(default_factory=list)
    #: the paths among ``files`` that exist (and that only ``--force`` replaces)
    existing: list[str] = field(default_factory=list)
    #: (path, why) of each file a tool usually has that is not written: a
    #: companion where none is checked
    skipped: list[tuple[str, str]] = field(default_factory=list)

    @property
    def paths(self) -> list[str]:
        return [path for path, _ in self.files]


#: names the generated module and test bind or call (the built-in templates):
#: a class or argument of the same name would break them
_TAKEN_BY_CLASS = frozenset(
    {
        "Response",
        "Tool",
        "StandInAgent",
        "Path",
        "ROOT",
        "MODULE",
        "MODULE_SPEC",
        "asyncio",
        "importlib",
        "sys",
        "annotations",
    }
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


#: how a line starts that Markdown reads as a block other than a paragraph: a
#: heading, list item, block quote, code fence, HTML block or thematic break
_BLOCK_START = re.compile(
    r"#{1,6}(\s|$)|[-+*](\s|$)|\d{1,9}[.)](\s|$)|>|```|~~~|<[A-Za-z!?/]|(?P<rule>[-*_])(\s*(?P=rule)){2,}\s*$"
)


def validate_description(name: str, description: str) -> None:
    """Refuse a description the prompt cannot hold as written: the prompt
    says it as it is (a model reads the text, not its rendering), so it must
    read as a plain line of prose, the tool's description as ``schema`` reads
    it, and hold no ``{{`` (Agent Zero fills ``{{...}}`` in a prompt)."""
    if "\x00" in description:
        raise ScaffoldError("description must not contain NUL characters")
    line = prompt_text(description)
    if "{{" in line:
        raise ScaffoldError(
            "description must not contain `{{`: Agent Zero reads `{{...}}` in a prompt "
            "as a placeholder or an include"
        )
    if _BLOCK_START.match(line) or prompt_description(f"### {name}\n{line}\n", name) != line:
        raise ScaffoldError(
            f"description {line!r} cannot be the prompt's description line as written: "
            "it must start as a sentence, not as a Markdown heading, list item, quote, "
            "code fence, HTML block or rule, an argument list or a usage example"
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
                " (each argument becomes a local variable of it); choose another (--arg)"
            )
    if len(set(args)) != len(args):
        raise ScaffoldError("argument names must be distinct")
    tool_dir = tool_dir_of(project, directory)
    profile = profile_of(project, tool_dir)
    description = description or f"The `{name}` tool."
    validate_description(name, description)

    module_path = f"{tool_dir}/{name}.py"
    module, src = project.module_of(module_path), project.source_root
    if project.excluded(module_path):
        raise ScaffoldError(
            f"{module_path} {_excluded_by(project, module_path)}: "
            "`doxtool check` would never read it"
        )
    # the test imports the module by its dotted name, or, where a part of it
    # is no identifier (``agents/tiny-local/tools``), loads it from its file
    by_path = not all(is_identifier(part) for part in module.split("."))
    base_module, base_class, response_module, framework = _tool_import(project, tool_dir)
    for arg in args:
        if arg == base_class:
            raise ScaffoldError(
                f"argument name {arg!r} is a name the generated `execute` already uses"
                " (the tool base class); choose another (--arg)"
            )
    if class_name == base_class:
        raise ScaffoldError(
            f"class name {class_name!r} is a name the generated module or test already"
            " uses (the tool base class); choose another (--class-name)"
        )
    prompt_dir = prompt_dir_of(project, tool_dir, profile)
    prompt_path = f"{prompt_dir}/agent.system.tool.{name}.md"
    test_dir = test_dir_of(project, tool_dir)
    test_path = f"{test_dir}/test_{name}.py"
    override = project.root / project.config.templates_dir if project.config.templates_dir else None

    values = {
        "name": name,
        "class_name": class_name,
        "args": list(args),
        "terminal": terminal,
        "description": description,
        "base_module": base_module,
        "base_class": base_class,
        "response_module": response_module,
        "base_imports": sorted({base_class, "Response"}),
    }
    module_text = render("tool.py.j2", override, **values)
    # the example holds only the top-level keys the contract of the prompts
    # teaching the tool allows (``PRM007``: a profile's own, else the
    # default's); a contract of the call alone (``tiny-local``) shows it as
    # its prompts do, one line of inline JSON outside any fence
    allowed = project.config.profile(profile or "default").allowed_keys
    call = {
        "thoughts": [f"I need the {name} tool."],
        "headline": f"Calling {name}",
        "tool_name": name,
        "tool_args": {arg: "..." for arg in args},
    }
    shown = {key: value for key, value in call.items() if key in CALL_KEYS or key in allowed}
    inline = set(shown) == set(CALL_KEYS)
    example = json.dumps(
        shown, ensure_ascii=False, **({"separators": (",", ":")} if inline else {"indent": 4})
    )
    prompt = render("prompt.md.j2", override, example=example, inline=inline, **values)
    test_text = render(
        "test_tool.py.j2",
        override,
        module=module,
        module_path=module_path,
        # the directory the test puts on the import path: a src layout's, for a module below it
        source=src if src and module_path.startswith(f"{src}/") else "",
        # and the directory the base is imported from (a monorepo's framework's own)
        framework=framework,
        depth=len(Path(test_dir).parts),
        by_path=by_path,
        **values,
    )

    facts = extract_module(
        module_text, module_path, project.local_roots | {module.split(".")[0]}, module
    )
    facts.tools = project.resolver.tools(facts)
    # a template of the repository's own may render no module doxtool can read
    own = override is not None and (override / "tool.py.j2").is_file()
    template = f"{project.config.templates_dir}/tool.py.j2" if own else "tool.py.j2"
    syntax = next((p for p in facts.problems if p.kind == "syntax"), None)
    if syntax is not None or not facts.classes:
        what = f"a {syntax.message} at line {syntax.line}" if syntax else "no class"
        raise ScaffoldError(f"{template} rendered {module_path} with {what}; nothing was written")
    if not facts.tools:
        bases = ", ".join(project.config.tool_bases)
        raise ScaffoldError(
            f"the generated class would not be a tool here: none of {bases} can be found "
            "in this repository (configure `tool-bases`)"
        )
    scaffold = ScaffoldPlan(name=name, class_name=class_name)
    scaffold.files.append((module_path, module_text))
    companion = module_path + COMPANION_SUFFIX
    if file_documented(project, tool_dir):
        context = Context(project)
        expected = expected_blocks(facts, [test_path], context.convention)
        companion_text = render_companion(
            module_path,
            facts,
            expected,
            True,
            override,
            purpose=description,
            tests=[test_path],
            style=context.companion_style,
            convention=context.convention,
            tool_base=project.tool_base(facts.tools),
        )
        scaffold.files.append((companion, companion_text))
    else:
        # its neighbours have none, and `check` would never read it
        scaffold.skipped.append(
            (
                companion,
                f"{tool_dir} is not file-documented, so `doxtool check` reads no companion "
                "there (declare it in an `AGENTS.md`, or add it to `documented-dirs`; "
                "`doxtool check --fix` then writes it)",
            )
        )
    scaffold.files += [(prompt_path, prompt), (test_path, test_text)]
    return scaffold


def _tool_import(project: Project, tool_dir: str) -> tuple[str, str, str, str]:
    """(module, class, module of ``Response``, directory the module is
    imported from) of the configured tool base the generated module derives
    from: the first base that is a class of a module of the repository whose
    module also has ``Response``, those the directory's tools derive from
    first; when none is, the first base as configured. The directory is ``""``
    for the root, else the one above the base's package (``alpha`` for
    ``alpha/helpers/tool.py`` imported as ``helpers.tool``), which the
    framework runs from."""
    found: list[str] = []
    # a base whose module is where its name puts it, from the root, before
    # one found below a directory above the tool directory (``src/``):
    # with ``python/helpers/tool.py``, ``python.helpers.tool.Tool`` is the
    # base, not ``helpers.tool.Tool`` read below ``python/``; but the base
    # the directory's own tools derive from first, as they import it (in a
    # monorepo, ``alpha/tools/`` imports ``helpers.tool`` below ``alpha/``,
    # never the other framework's base at the root)
    own = [(base, below) for base in _own_bases(project, tool_dir) for below in (False, True)]
    configured = [(base, below) for below in (False, True) for base in project.config.tool_bases]
    for base, below in own + configured:
        module, _, name = base.rpartition(".")
        facts, above = _base_module(project, module, tool_dir, below) if module else (None, "")
        if facts is None or (facts.class_named(name) is None and name not in facts.imported_names):
            continue
        if project.source_root and facts.path.startswith(f"{project.source_root}/"):
            module = facts.module  # below a src layout's root: imported by its name there
            above = ""
        if facts.class_named("Response") is not None or "Response" in facts.imported_names:
            return module, name, module, above
        found.append(base)
    if found:
        raise ScaffoldError(
            f"the module of tool base {found[0]} has no `Response`: doxtool cannot tell "
            "what the generated `execute` should return"
        )
    # no configured base is a class here (the framework may be installed, not
    # vendored): the one the tools already here derive from (``python/tools/``
    # of an older layout imports ``python.helpers.tool``), else the first one,
    # as configured; the check below tells whether the generated class is a tool
    for base in [*_bases_in_use(project, tool_dir), *project.config.tool_bases]:
        module, _, name = base.rpartition(".")
        if module and all(part.isidentifier() for part in base.split(".")):
            return module, name, module, ""
    raise ScaffoldError(
        "the generated class would not be a tool here: no tool base is configured"
        " (configure `tool-bases`)"
    )


def _excluded_by(project: Project, path: str) -> str:
    """What excludes ``path``: a repository of its own it lies in, or else
    the configuration."""
    clone = own_repository(project.root, path)
    if clone is not None:
        return f"lies in {clone}, a repository of its own (its `.git` directory)"
    return "is excluded by the configuration (`exclude`, `extend-exclude`)"


def _own_bases(project: Project, tool_dir: str) -> list[str]:
    """The configured bases the tool classes of ``tool_dir`` derive from,
    through every class between (``GhTool(McpTool)``, ``McpTool(Tool)``: both
    bases when both are configured), in the configured order: a base of
    their own that only some tools use, or an abstract one, comes after the
    framework's ``Tool`` they derive from as well."""
    configured = project.config.tool_bases
    todo = [
        base for rel in project.modules_in(tool_dir) for t in project.tools(rel) for base in t.bases
    ]
    reached: set[str] = set()
    seen: set[str] = set()
    while todo and len(seen) < _MAX_ANCESTORS:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        if (canonical := project.resolver.canonical(current)) in configured:
            reached.add(canonical)
        found = project.resolver.defined(current)
        cls = found[0].class_named(found[1]) if found is not None else None
        todo.extend(cls.resolved_bases if cls is not None else ())
    return [base for base in configured if base in reached]


#: the classes :func:`_own_bases` reads at most (a cycle of imports, a deep hierarchy)
_MAX_ANCESTORS = 200


def _bases_in_use(project: Project, tool_dir: str) -> list[str]:
    """The configured bases the tool classes of ``tool_dir`` derive from, the
    most used first (those of every tool directory when it has none)."""
    configured = project.config.tool_bases
    for modules in (project.modules_in(tool_dir), project.tool_modules):
        used: Counter[str] = Counter()
        for rel in modules:
            for tool in project.tools(rel):
                for base in tool.bases:
                    found = project.resolver.base_of(base)
                    if found in configured:
                        used[found] += 1
        if used:
            return sorted(used, key=lambda base: (-used[base], configured.index(base)))
    return []


def _base_module(
    project: Project, module: str, tool_dir: str, below: bool
) -> tuple[ModuleFacts | None, str]:
    """Facts of the base's module, and the directory it is imported from: at
    the root (``""``), or (``below``) below a directory above the tool
    directory (``src/`` in a src layout, a monorepo's ``alpha/``) that holds
    its package."""
    if not all(part.isidentifier() for part in module.split(".")):
        return None, ""
    rel = None if below else project.module_path(module)
    above = ""
    parts = [p for p in tool_dir.split("/") if p not in ("", ".")]
    for cut in range(len(parts) - 1, 0, -1) if below else ():
        if rel is not None:
            break
        above = "/".join(parts[:cut])
        rel = _module_below(project, above, module)
    return (project.facts(rel), above) if rel is not None else (None, "")


def _module_below(project: Project, above: str, module: str) -> str | None:
    base = project.root / above / Path(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file() and project.inside(candidate):
            rel = project.rel(candidate)
            return rel if not project.excluded(rel) else None
    return None


def existing(project: Project, scaffold: ScaffoldPlan) -> list[str]:
    left = left_out_paths(project.root, scaffold.paths)  # in git, out of a sparse work tree
    return [p for p in scaffold.paths if os.path.lexists(project.root / p) or p in left]


def check_targets(project: Project, scaffold: ScaffoldPlan) -> None:
    """Refuse a target no write may replace (a link, a directory), before
    any file is written (and in a dry run, which says what a run would do)."""
    try:
        for path, _ in scaffold.files:
            check_target(project.root, project.root / path)
    except UnsafeWrite as exc:
        raise ScaffoldError(f"cannot write: {exc}") from exc


def write(project: Project, scaffold: ScaffoldPlan, force: bool = False) -> None:
    """Write every file, refusing (before any write) when one exists, unless forced."""
    clash = existing(project, scaffold)
    if clash and not force:
        raise ScaffoldError("refusing to overwrite: " + ", ".join(clash) + " (use --force)")
    check_targets(project, scaffold)
    written: list[Path] = []
    replaced: list[tuple[Path, bytes]] = []
    try:
        for path, text in scaffold.files:
            target = project.root / path
            old = target.read_bytes() if target.exists() else None
            atomic_write(project.root, target, text.encode("utf-8"), create_only=not force)
            if old is None:
                written.append(target)
            else:
                replaced.append((target, old))
    except (UnsafeWrite, OSError) as exc:
        # leave nothing half-made: no new file, every replaced one as it was
        for target in written:
            target.unlink(missing_ok=True)
        for target, old in replaced:
            with contextlib.suppress(UnsafeWrite, OSError):
                atomic_write(project.root, target, old)
        raise ScaffoldError(f"cannot write: {exc}") from exc
