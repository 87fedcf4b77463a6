"""The callable surface of doxtool: what the CLI (and other programs) use."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doxtool import incremental
from doxtool.config import Config, ConfigError, config_at, find_root, load_file
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

if TYPE_CHECKING:
    from doxtool.scaffold import ScaffoldPlan

#: ModuleFacts keys that are internal to doxtool and not part of ``inspect --json``
_INTERNAL_KEYS = frozenset(
    {"candidates", "imported_names", "star_imports", "summaries", "helper_calls"}
)


class UsageError(Exception):
    """A problem with what the user asked for (exit code 2)."""


def load_project(
    root: Path | None = None,
    config_file: Path | None = None,
    cwd: Path | None = None,
    use_cache: bool = True,
) -> Project:
    """The project the CLI works on.

    The root is ``root``, else the nearest directory above ``cwd`` holding a
    ``pyproject.toml``, a ``doxtool.toml`` or ``.git``; with none, a
    UsageError (nothing is read or written outside a project). ``config_file``
    names the configuration; it never moves the root.
    """
    cwd = (cwd or Path.cwd()).resolve()
    if root is None:
        root = find_root(cwd)
        if root is None:
            raise UsageError(
                f"{cwd} is not inside a project: no pyproject.toml, doxtool.toml or .git "
                "here or above (run `doxtool init`, or pass --root DIR)"
            )
    else:
        root = root.resolve()
    if not root.is_dir():
        raise UsageError(f"root {root} is not a directory")
    config: Config
    if config_file is not None:
        if not config_file.is_file():
            raise ConfigError(f"{config_file}: configuration file not found")
        loaded = load_file(config_file)
        config = loaded if loaded is not None else Config(source=str(config_file))
    else:
        config = config_at(root)
    project = Project(root, config)
    if use_cache:
        _check_cache_dir(project)
        project.attach_cache()
    return project


def shown_path(project: Project, path: Path) -> str:
    """A file as messages name it: relative to the root inside the project
    (as findings name files), however it was given; absolute outside."""
    absolute = path.absolute()
    return project.rel(absolute) if project.inside(absolute) else str(absolute)


def _check_cache_dir(project: Project) -> None:
    """A cache directory that holds sources is a configuration error."""
    from doxtool.cache import cache_dir_problem

    config = project.config
    sources = {
        "tool-dirs": config.tool_dirs,
        "documented-dirs": config.documented_dirs,
        "prompt-dirs": config.prompt_dirs,
        "profile-prompt-dirs": config.profile_prompt_dirs,
        "plugin-prompt-dirs": config.plugin_prompt_dirs,
        "test-dirs": config.test_dirs,
    }
    problem = cache_dir_problem(project.root, config.cache_dir, sources)
    if problem is not None:
        where = config.source or "configuration"
        raise ConfigError(f"{where}: `cache-dir`: {json.dumps(config.cache_dir)} {problem}")


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
        elif path.suffix != ".py":
            raise UsageError(f"{path}: not a Python module (inspect reads `.py` files)")
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
    #: seconds per phase (discover, facts, rules, fix), in the order they ran
    timings: dict[str, float] = field(default_factory=dict)
    #: what the run looked at: modules, companions, prompts, rules
    counts: dict[str, int] = field(default_factory=dict)
    #: modules an incremental check re-checked (None: a full run)
    rechecked: int | None = None
    #: the baseline file used, if any
    baseline: Path | None = None
    #: findings the baseline hid
    baselined: int = 0
    #: baseline entries that matched no finding this run would have reported
    baseline_fixed: int = 0
    #: what the user should know about the run itself (say, that it found no tools)
    notes: list[str] = field(default_factory=list)


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
            _known_counterpart(project, path)
        if not project.inside(path):
            raise UsageError(f"{path}: outside the project root {project.root}")
        rel = project.rel(path)
        # a directory named like a module or a companion is checked as one
        # (and reported: it is not a regular file), not searched as a folder
        if path.is_dir() and not rel.endswith((".py", ".py" + COMPANION_SUFFIX)):
            prefix = "" if rel in (".", "") else rel + "/"
            modules.update(
                m
                for m in [*project.documented_modules, *project.tool_modules]
                if m.startswith(prefix)
            )
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


def _add_what_deletions_leave(ctx: Context, scope: Scope) -> None:
    """Widen a run over PATHS by what a deleted tool module leaves behind.

    pre-commit never passes a deleted file, so a commit that deletes a tool
    module would check nothing of what it broke: its companion, now stale,
    and the prompts that still teach it. Both are found without parsing
    (discovery, and the index of which tools each prompt teaches), so this
    costs a run over PATHS little. Either is a problem whatever deleted it.
    A prompt is widened in only for the names its headings and examples
    write (a list item may name an argument; a tool's existence changes no
    finding of it).
    """
    assert scope.modules is not None and scope.companions is not None
    assert scope.prompts is not None
    project = ctx.project
    modules = set(project.documented_modules)
    for companion in project.companions:
        module = companion.removesuffix(COMPANION_SUFFIX)
        if module not in modules:
            scope.companions.add(companion)
            scope.modules.add(module)
    known = set(ctx.tool_index) | set(project.config.internal_tools)
    for prompt_set in ctx.prompt_sets:
        for path in prompt_set.own_files().values():
            if path not in scope.prompts and ctx.named_tools(path) - known:
                scope.prompts.add(path)


def _known_counterpart(project: Project, path: Path) -> None:
    """Accept a path that does not exist only when its module or companion
    does (a deleted module whose companion is now stale, a companion still to
    be written); a typo must not pass as "nothing to check"."""
    name = path.as_posix()
    if name.endswith(".py" + COMPANION_SUFFIX):
        counterpart = Path(name.removesuffix(COMPANION_SUFFIX))
    elif name.endswith(".py"):
        counterpart = Path(name + COMPANION_SUFFIX)
    else:
        counterpart = None
    if counterpart is None or not counterpart.is_file() or not project.inside(counterpart):
        raise UsageError(f"{path}: no such file or directory")


def check(
    project: Project,
    paths: list[Path] | None = None,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    fix: bool = False,
    diff: bool = False,
    jobs: int | None = None,
    use_cache: bool = True,
    baseline: Path | None = None,
    use_baseline: bool = True,
    progress: Callable[[str, int, int], None] | None = None,
    unsafe_fixes: bool = False,
    waiting: Callable[[str], None] | None = None,
) -> CheckReport:
    """Run the selected rules over the project (or what PATHS touch).

    ``jobs`` is the number of processes for a cold run (None: the CPU count).
    ``use_cache`` says whether the facts cache may be used (``load_project``
    attaches it). ``baseline`` is a baseline file (default: the configured
    one); the findings it holds are not reported. ``progress`` is called with
    ``(phase, done, total)`` as files and rules are gone through. With ``fix``,
    the run holds the repository's fixing lock from its first read to its
    last write (``waiting`` is told when it has to wait for another run);
    ``unsafe_fixes`` applies unsafe fixes too.
    """
    import contextlib

    from doxtool import baseline as baselines
    from doxtool.cstparse import paused_gc
    from doxtool.engine import prefetch, scope_files
    from doxtool.lock import repository_lock
    from doxtool.timings import Timings

    timings = Timings()
    config = project.config
    with timings.phase("discover"):
        rules = select_rules(
            _codes(select) or _config_codes(config, "select", config.select) or None,
            [*_config_codes(config, "ignore", config.ignore), *_codes(ignore)],
        )
        _check_per_file_ignores(config)
        accepted_path = _baseline_to_read(project, baseline) if use_baseline else None
        accepted = _read_baseline(accepted_path) if accepted_path else None
        scope = scope_for(project, paths)
        ctx = Context(project, scope, fixing=fix or diff)
        if not scope.everything:
            _add_what_deletions_leave(ctx, scope)
        modules = project.documented_modules
        if scope.modules is not None:
            modules = [m for m in modules if m in scope.modules]
        files = scope_files(ctx)
        session = _incremental_session(project, scope, rules, fix or diff)
    report = CheckReport(findings=[])
    if scope.everything and not project.tool_modules:
        report.notes.append(_no_tools_note(project))
    report.counts = {
        "modules": len(modules),
        "companions": len(ctx.companions),
        "prompts": len(files) - len(set(modules) | set(ctx.companions)),
        "rules": len(rules),
    }
    lock = repository_lock(project.root, waiting) if fix else contextlib.nullcontext()
    with lock:
        # A run builds many objects that live to its end and few cycles: the
        # collector's passes over the growing heap would cost more than they free.
        with paused_gc():
            found = None
            if session is not None:
                with timings.phase("reuse"):
                    found = incremental.findings(session, rules, jobs, progress)
                if found is None:  # only a full run is exact: the look was discovery
                    timings.phases["discover"] += timings.phases.pop("reuse")
                else:
                    report.rechecked = session.rechecked
            if found is None:
                with timings.phase("parse"):
                    prefetch(ctx, modules, jobs, progress)
                with timings.phase("rules"):
                    report.findings = run(ctx, rules, progress)
                if session is not None:
                    session.save(report.findings, full=True)
            else:
                report.findings = found
        if found is None:
            ctx.close()
        project.close()
        if fix or diff:
            with timings.phase("fix"):
                _fix(project, scope, rules, report, ctx, diff, unsafe_fixes)
    if accepted is not None:
        checked_codes = {rule.code for rule in rules}
        checked_files = set(scope_files(Context(project, scope)))
        result = baselines.match(accepted, report.findings)
        report.findings = result.new
        report.baseline = accepted_path
        report.baselined = result.hidden
        report.baseline_fixed = len(
            baselines.looks_fixed(
                result,
                lambda e: e.code in checked_codes and (scope.everything or e.path in checked_files),
            )
        )
    report.timings = timings.phases
    return report


# ---------------------------------------------------------------------------
# scaffold


def _incremental_session(
    project: Project, scope: Scope, rules: list[Any], fixing: bool
) -> incremental.Session | None:
    """The state of the last whole check, for a whole check that only reads
    (a fix re-checks after writing, and a run over PATHS is already small)."""
    if not scope.everything or fixing or project.cache is None:
        return None
    return incremental.Session(project, [rule.code for rule in rules])


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
) -> ScaffoldPlan:
    from doxtool import scaffold as scaffolding

    try:
        plan = scaffolding.plan(
            project, name, directory, class_name, args or [], terminal, description
        )
        clash = scaffolding.existing(project, plan)
        if clash and not force:
            raise UsageError(
                "refusing to overwrite existing files: " + ", ".join(clash) + " (use --force)"
            )
        plan.existing = clash
        if not dry_run:
            scaffolding.write(project, plan, force=force)
    except scaffolding.ScaffoldError as exc:
        raise UsageError(str(exc)) from exc
    return plan


# ---------------------------------------------------------------------------
# schema


def _schema() -> Any:
    from doxtool import schema  # only `doxtool schema` needs it

    return schema


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
        out.append(_schema().tool_schema(tools[0], _description(ctx, module, name), style))
    return out


def _description(ctx: Context, module: str, name: str) -> str:
    prompt_set = ctx.set_of_module(module)
    if prompt_set is None:
        return ""
    for path in prompt_set.tool_prompts().values():
        doc = ctx.prompt(path)
        if doc is None or name not in {n.split(":", 1)[0] for n in doc.tool_names}:
            continue
        text = read_text(ctx.project.root / path)
        if not isinstance(text, ReadError):
            return _schema().prompt_description(text.text, name)
    return ""


# ---------------------------------------------------------------------------
# check: helpers


def _fix(
    project: Project,
    scope: Scope,
    rules: list[Any],
    report: CheckReport,
    ctx: Context,
    diff: bool,
    unsafe: bool,
) -> None:
    """Apply (or, with ``diff``, only plan) the fixes, re-checking after each round.

    A fix is planned against the text its finding was computed from and
    written only while the file still holds the bytes the plan read: a file
    another program changed meanwhile is checked again and planned afresh.
    """
    conflicts: list[str] = []
    for _ in range(MAX_FIX_ROUNDS):
        plan = plan_fixes(project.root, report.findings, unsafe, ctx.text_seen)
        report.errors.extend(e for e in plan.errors if e not in report.errors)
        conflicts = []
        if not plan.changes and not plan.stale:
            break
        if diff and not plan.stale:
            report.changes = plan.changes
            break
        failed: list[str] = []
        conflicts.extend(plan.stale)
        if not diff:
            written, failed, changed = write_changes(project.root, plan.changes)
            conflicts.extend(changed)
            report.errors.extend(e for e in failed if e not in report.errors)
            report.fixed += plan.fixed_in(set(written))
            report.changes.extend(c for c in plan.changes if c.path in written)
        project.forget()
        ctx = Context(project, scope, fixing=True)
        report.findings = run(ctx, rules)
        project.close()
        if failed:
            break  # the same writes would fail again
    for path in dict.fromkeys(conflicts):
        message = f"{path}: not written: changed by another program while being fixed; run again"
        if message not in report.errors:
            report.errors.append(message)


def _no_tools_note(project: Project) -> str:
    dirs = ", ".join(f"{d.rstrip('/')}/" for d in project.config.tool_dirs) or "(none)"
    where = f" in {project.config.source}" if project.config.source else ""
    return (
        f"no tool modules found under {dirs} in {project.root} "
        f"(set `tool-dirs`{where}, or run `doxtool init`)"
    )


def _config_codes(config: Config, key: str, values: list[str]) -> list[str]:
    """Codes from the configuration; an unknown one is a ConfigError naming key and file."""
    try:
        return _codes(values)
    except UsageError as exc:
        raise ConfigError(f"{config.source or 'configuration'}: `{key}`: {exc}") from None


def _check_per_file_ignores(config: Config) -> None:
    for pattern, codes in config.per_file_ignores.items():
        _config_codes(config, f"per-file-ignores.{pattern}", codes)


def _baseline_to_read(project: Project, given: Path | None) -> Path | None:
    """The baseline file a check reads: ``given``, else the configured one, else none."""
    if given is not None:
        if not given.is_file():
            raise UsageError(
                f"{given}: baseline file not found (write one with `doxtool baseline write`)"
            )
        return given
    if not project.config.baseline:
        return None
    path = project.root / project.config.baseline
    if not path.is_file():
        raise ConfigError(
            f"{project.config.source}: `baseline` names {project.config.baseline}, which does "
            "not exist (write it with `doxtool baseline write`)"
        )
    return path


def _read_baseline(path: Path) -> Any:
    from doxtool import baseline as baselines

    try:
        return baselines.load(path)
    except baselines.BaselineError as exc:
        raise UsageError(str(exc)) from None


# ---------------------------------------------------------------------------
# baseline


@dataclass
class BaselineUpdate:
    path: Path
    #: entries in the file afterwards
    entries: int
    #: entries dropped (prune only)
    removed: int = 0


def baseline_file(project: Project, given: Path | None = None) -> Path:
    """Where ``baseline write`` / ``prune`` work: FILE, the configured one, or the default."""
    from doxtool.baseline import DEFAULT_FILE

    if given is not None:
        return given
    return project.root / (project.config.baseline or DEFAULT_FILE)


def write_baseline(project: Project, given: Path | None = None) -> BaselineUpdate:
    """Record every current finding (configured selection) as accepted."""
    from doxtool import baseline as baselines

    path = baseline_file(project, given)
    findings = check(project, use_baseline=False).findings
    _write_file(project.root, path, baselines.from_findings(findings).dumps().encode("utf-8"))
    return BaselineUpdate(path, len(findings))


def prune_baseline(project: Project, given: Path | None = None) -> BaselineUpdate:
    """Drop the entries no current finding matches; never add one."""
    from doxtool import baseline as baselines

    path = baseline_file(project, given)
    if not path.is_file():
        raise UsageError(
            f"{path}: baseline file not found (write one with `doxtool baseline write`)"
        )
    accepted = _read_baseline(path)
    findings = check(project, use_baseline=False).findings
    kept = baselines.prune(accepted, findings)
    text = kept.dumps()
    if path.read_bytes() != text.encode("utf-8"):
        _write_file(project.root, path, text.encode("utf-8"))
    return BaselineUpdate(path, len(kept.entries), len(accepted.entries) - len(kept.entries))


def _write_file(root: Path, path: Path, data: bytes) -> None:
    """Write atomically, inside ``root`` only; a failure is a one-line UsageError."""
    from doxtool.writes import UnsafeWrite, atomic_write

    try:
        atomic_write(root, path.absolute(), data)
    except (UnsafeWrite, OSError) as exc:
        raise UsageError(f"{path}: not written: {exc}") from None


# ---------------------------------------------------------------------------
# init


@dataclass
class InitResult:
    #: the file the table goes (or went) into
    path: Path
    table: str
    #: what was detected, one line each
    detected: list[str]
    written: bool


def init(root: Path | None = None, dry_run: bool = False, cwd: Path | None = None) -> InitResult:
    """Detect the layout under ``root`` and write a matching configuration.

    The table is appended to ``pyproject.toml`` (every other byte kept) or, when
    there is none, written to a new ``doxtool.toml``. An existing table or
    ``doxtool.toml`` is never overwritten.
    """
    import sys

    from doxtool.config import from_table
    from doxtool.layout import detect, render_table

    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - Python 3.10
        import tomli as tomllib

    cwd = (cwd or Path.cwd()).resolve()
    root = (root or find_root(cwd) or cwd).resolve()
    if not root.is_dir():
        raise UsageError(f"root {root} is not a directory")
    layout = detect(root)
    pyproject, standalone = root / "pyproject.toml", root / "doxtool.toml"
    target = pyproject if pyproject.is_file() else standalone
    table = render_table(layout, header=target is pyproject)
    result = InitResult(target, table, layout.describe(), written=False)
    if dry_run:
        return result
    if standalone.exists():
        raise UsageError(f"{standalone}: exists; doxtool init never overwrites a configuration")
    old = b""
    if target.is_file():
        from doxtool.source import MAX_CONFIG_BYTES, ReadError, read_bytes

        data = read_bytes(target, MAX_CONFIG_BYTES)
        if isinstance(data, ReadError):
            raise ConfigError(f"{target}: {data.message}")
        old = data
    try:
        existing = tomllib.loads(old.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsageError(f"{target}: cannot read it as TOML: {exc}") from None
    tool = existing.get("tool", {})
    if not isinstance(tool, dict):
        raise ConfigError(f"{target}: `tool` must be a table; doxtool init cannot add to it")
    if "doxtool" in tool:
        raise UsageError(
            f"{target}: already has a [tool.doxtool] table; doxtool init never overwrites it"
        )
    text = old.decode("utf-8")
    newline = "\r\n" if "\r\n" in text else "\n"
    lead = "" if not text else (newline if text.endswith("\n") else newline * 2)
    new = text + lead + table.replace("\n", newline)
    try:
        parsed = tomllib.loads(new)
    except tomllib.TOMLDecodeError:
        # `tool = { black = {...} }`: an inline table cannot be extended by a
        # [tool.doxtool] header, and rewriting a person's table is not init's job
        raise ConfigError(
            f"{target}: `tool` is an inline table, which a [tool.doxtool] table cannot be "
            "added to; write `[tool.black]`-style tables, or put the configuration in "
            "doxtool.toml (`doxtool init --dry-run` prints it)"
        ) from None
    from_table(parsed["tool"]["doxtool"] if target is pyproject else parsed, str(target))
    _write_file(root, target, old + (lead + table.replace("\n", newline)).encode("utf-8"))
    result.written = True
    return result


# ---------------------------------------------------------------------------
# rules


def rule_data(rule: Any) -> dict[str, Any]:
    """One rule as ``doxtool rules --format json`` prints it."""
    return {
        "code": rule.code,
        "name": rule.name,
        "summary": rule.summary,
        "severity": rule.severity,
        "fixable": rule.fixable,
        "default_enabled": rule.default_enabled,
        "doc": rule.doc,
    }


def clear_cache(project: Project) -> bool:
    """Remove the facts cache and the recorded runs; True when there was one."""
    directory = project.root / project.config.cache_dir
    if not project.config.cache_dir or not project.inside(directory):
        return False
    from doxtool.cache import ClearError, clear

    try:
        return clear(directory)
    except ClearError as exc:
        raise UsageError(f"cache not cleared: {exc}") from None
