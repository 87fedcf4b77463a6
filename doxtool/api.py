"""The callable surface of doxtool: what the CLI (and other programs) use."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doxtool import scaffold as scaffolding
from doxtool import schema as schema_of
from doxtool.config import Config, ConfigError, find_config, find_root, load_file
from doxtool.context import Context, Scope
from doxtool.engine import (
    MAX_FIX_ROUNDS,
    FileChange,
    known_code,
    plan_fixes,
    run,
    select_rules,
    write_changes,
)
from doxtool.facts import ModuleFacts
from doxtool.findings import Finding
from doxtool.project import COMPANION_SUFFIX, Project
from doxtool.serde import to_data
from doxtool.source import ReadError, read_text

#: ModuleFacts keys that are internal to doxtool and not part of ``inspect --json``
_INTERNAL_KEYS = frozenset({"candidates", "imported_names"})


class UsageError(Exception):
    """A problem with what the user asked for (exit code 2)."""


def load_project(
    root: Path | None = None,
    config_file: Path | None = None,
    cwd: Path | None = None,
    use_cache: bool = True,
) -> Project:
    """Find the configuration and the root, as the CLI does."""
    cwd = (cwd or Path.cwd()).resolve()
    config: Config
    if config_file is not None:
        if not config_file.is_file():
            raise ConfigError(f"{config_file}: configuration file not found")
        loaded = load_file(config_file)
        config = loaded if loaded is not None else Config(source=str(config_file))
        found_root: Path | None = config_file.resolve().parent
    else:
        found_root, config = find_config(root.resolve() if root else cwd)
    if root is None:
        root = found_root or find_root(cwd)
    if not root.is_dir():
        raise UsageError(f"root {root} is not a directory")
    project = Project(root, config)
    if use_cache:
        project.attach_cache()
    return project


def module_paths(project: Project, paths: list[Path]) -> list[str]:
    """Repository-relative modules named by PATHS (a directory means its modules)."""
    out: list[str] = []
    for path in paths:
        if not path.exists() and not path.is_symlink():
            raise UsageError(f"{path}: no such file or directory")
        if not project.inside(path) and not path.is_symlink():
            raise UsageError(f"{path}: outside the project root {project.root}")
        if path.is_dir():
            rel = project.rel(path)
            out.extend(project.modules_in(rel if rel else "."))
        else:
            out.append(project.rel(path) if project.inside(path) else path.as_posix())
    return list(dict.fromkeys(out))


def inspect(project: Project, paths: list[Path]) -> list[ModuleFacts]:
    return [project.module_facts(rel) for rel in module_paths(project, paths)]


def inspect_data(facts: ModuleFacts) -> dict[str, Any]:
    """The stable ``inspect --json`` shape of one module."""
    data: dict[str, Any] = to_data(facts, exclude=_INTERNAL_KEYS)
    return data


# ---------------------------------------------------------------------------
# check


@dataclass
class CheckReport:
    findings: list[Finding]
    fixed: int = 0
    changes: list[FileChange] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


def _codes(values: list[str] | None) -> list[str]:
    out: list[str] = []
    for value in values or []:
        out.extend(part.strip() for part in value.split(",") if part.strip())
    for code in out:
        if not known_code(code):
            raise UsageError(f"unknown rule code or prefix `{code}` (see `doxtool rules`)")
    return out


def scope_for(project: Project, paths: list[Path] | None) -> Scope:
    """What a run over PATHS checks: the files themselves and what they touch."""
    if not paths:
        return Scope()
    modules: set[str] = set()
    companions: set[str] = set()
    prompts: set[str] = set()
    for path in paths:
        if not path.exists() and not path.is_symlink():
            # pre-commit passes deleted files too: their companions may be stale now
            rel = path.as_posix()
        elif not project.inside(path):
            raise UsageError(f"{path}: outside the project root {project.root}")
        else:
            rel = project.rel(path)
        if path.is_dir():
            prefix = "" if rel in (".", "") else rel + "/"
            modules.update(m for m in project.documented_modules if m.startswith(prefix))
            companions.update(c for c in project.companions if c.startswith(prefix))
            continue
        if rel.endswith(".py" + COMPANION_SUFFIX):
            companions.add(rel)
            modules.add(rel.removesuffix(COMPANION_SUFFIX))
        elif rel.endswith(".py"):
            modules.add(rel)
            companions.add(rel + COMPANION_SUFFIX)
        elif rel.endswith(".md"):
            prompts.add(rel)
    return Scope(modules=modules, companions=companions, prompts=prompts)


def check(
    project: Project,
    paths: list[Path] | None = None,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    fix: bool = False,
    diff: bool = False,
    jobs: int | None = None,
) -> CheckReport:
    """Run the selected rules over the project (or what PATHS touch).

    ``jobs`` is the number of processes for a cold run (None: the CPU count).
    """
    config = project.config
    rules = select_rules(
        _codes(select) or _codes(config.select) or None,
        [*_codes(config.ignore), *_codes(ignore)],
    )
    scope = scope_for(project, paths)
    modules = project.documented_modules
    if scope.modules is not None:
        modules = [m for m in modules if m in scope.modules]
    project.prefetch(modules, jobs)
    report = CheckReport(findings=run(Context(project, scope), rules))
    project.close()
    if not (fix or diff):
        return report
    for _ in range(MAX_FIX_ROUNDS):
        plan = plan_fixes(project.root, report.findings)
        report.errors.extend(plan.errors)
        if not plan.changes:
            break
        if diff:
            report.changes = plan.changes
            break
        report.errors.extend(write_changes(project.root, plan.changes))
        report.fixed += plan.fixed
        report.changes.extend(plan.changes)
        project.forget()
        report.findings = run(Context(project, scope), rules)
        project.close()
    return report


# ---------------------------------------------------------------------------
# scaffold


def scaffold(
    project: Project,
    name: str,
    directory: str | None = None,
    class_name: str | None = None,
    args: list[str] | None = None,
    terminal: bool = False,
    description: str | None = None,
    dry_run: bool = False,
    force: bool = False,
) -> scaffolding.ScaffoldPlan:
    try:
        plan = scaffolding.plan(
            project, name, directory, class_name, args or [], terminal, description
        )
        clash = scaffolding.existing(project, plan)
        if clash and not force:
            raise UsageError(
                "refusing to overwrite existing files: " + ", ".join(clash) + " (use --force)"
            )
        if not dry_run:
            scaffolding.write(project, plan, force=force)
    except scaffolding.ScaffoldError as exc:
        raise UsageError(str(exc)) from exc
    return plan


# ---------------------------------------------------------------------------
# schema


def schemas(project: Project, paths: list[Path] | None = None, style: str = "openai") -> list[Any]:
    """Function-calling schemas of the exposed tools (all, or those in PATHS)."""
    ctx = Context(project)
    modules = module_paths(project, paths) if paths else project.tool_modules
    internal = set(project.config.internal_tools)
    out: list[Any] = []
    for module in modules:
        name = module.rsplit("/", 1)[-1].removesuffix(".py")
        if name in internal or not project.facts(module).parsed:
            continue
        tools = project.tools(module)
        if not tools:
            continue
        out.append(schema_of.tool_schema(tools[0], _description(ctx, module, name), style))
    return out


def _description(ctx: Context, module: str, name: str) -> str:
    prompt_set = ctx.set_of_module(module)
    if prompt_set is None:
        return ""
    for path in prompt_set.tool_prompts().values():
        doc = ctx.prompt(path)
        if doc is None or name not in {n.split(":", 1)[0] for n in doc.tool_names}:
            continue
        text = read_text(project_path(ctx.project, path))
        if not isinstance(text, ReadError):
            return schema_of.prompt_description(text.text, name)
    return ""


def project_path(project: Project, rel: str) -> Path:
    return project.root / rel
