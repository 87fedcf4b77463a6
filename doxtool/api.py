"""The callable surface of doxtool for checking: the project a command works on,
and check (with --fix and --diff). The other commands are in :mod:`doxtool.commands`."""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doxtool.core.config import Config, ConfigError, config_at, find_root, load_file
from doxtool.core.exits import UsageError
from doxtool.core.findings import Finding
from doxtool.prompts.olderlayout import fitted
from doxtool.rules import contract_scope
from doxtool.rules.engine import (
    FileChange,
    incremental_findings,
    known_code,
    run,
    select_rules,
)
from doxtool.rules.prompt_examples import SHAPE_CODES
from doxtool.rules.prompt_listing import LISTING_CODES
from doxtool.rules.prompt_teaching import UNKNOWN_TOOL_CODES
from doxtool.run import (
    ahead,
    deletions,
    dependents,
    gitindex,
    incremental,
    libraries,
    scoping,
    sideparser,
    unwatched,
)
from doxtool.run.context import Context, Scope
from doxtool.run.convention import detected_convention
from doxtool.run.discovery import Exclusion
from doxtool.run.project import Project
from doxtool.run.unchecked import unchecked


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
        if not os.path.lexists(config_file):
            raise ConfigError(f"{config_file}: configuration file not found")
        # one that is there but no regular file (a directory, a FIFO, a link to
        # nothing) is named as such by load_file, as a root's own is
        loaded = load_file(config_file)
        config = loaded if loaded is not None else Config(source=str(config_file))
    else:
        config = config_at(root)
    config = fitted(config, root)
    project = Project(root, config)
    if config.templates_dir and not (root / config.templates_dir).is_dir():
        where = config.source or "configuration"
        raise ConfigError(
            f"{where}: `templates-dir`: {json.dumps(config.templates_dir)} is not a directory"
        )
    if use_cache:
        _check_cache_dir(project)
        project.attach_cache()
    if "convention" not in config.given:
        detected = detected_convention(project).name
        project.config = dataclasses.replace(config, convention=detected)
    return project


def shown_path(project: Project, path: Path) -> str:
    """A file as messages name it: relative to the root inside the project
    (as findings name files), however it was given; absolute outside."""
    absolute = path.absolute()
    return project.rel(absolute) if project.inside(absolute) else str(absolute)


def _check_cache_dir(project: Project) -> None:
    """A cache directory that holds sources is a configuration error."""
    from doxtool.run.cache import cache_dir_problem

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
    """Repository-relative modules named by PATHS: a directory means the
    modules doxtool reads in and below it (tool modules, documented ones,
    agent profiles' own tools), or else the Python modules directly in it."""
    out: list[str] = []
    for path in paths:
        if not path.exists() and not path.is_symlink():
            raise UsageError(f"{path}: no such file or directory")
        # a link to a file out of the root is read as a whole run reads it
        # (a problem says it is not followed); a directory there is not listed
        if not project.inside(path) and (path.is_dir() or not path.is_symlink()):
            raise UsageError(f"{path}: outside the project root {project.root}")
        if path.is_dir():
            rel = project.rel(path) or "."
            found = project.modules_under(rel) or project.modules_in(rel)
            if not found:
                raise UsageError(f"{path}: a directory with no Python module doxtool reads")
            out.extend(found)
        elif path.suffix != ".py":
            raise UsageError(
                f"{path}: not a Python module (give `.py` files, or directories of them)"
            )
        else:
            # a link is the module it is, as a check reads it, not its target
            rel = scoping.given_rel(project, path)
            out.append(rel if rel is not None else path.as_posix())
    return list(dict.fromkeys(out))


# ---------------------------------------------------------------------------
# check


@dataclass
class CheckReport:
    """What a check found and did."""

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
    only_paths: bool = False,
    nested: tuple[str, ...] = (),
) -> CheckReport:
    """Run the selected rules over the project (or what PATHS touch).

    ``jobs`` is the number of processes for a cold run (None: the CPU count).
    ``use_cache`` says whether the facts cache may be used (``load_project``
    attaches it). ``baseline`` is a baseline file (default: the configured
    one); the findings it holds are not reported. ``progress`` is called with
    ``(phase, done, total)`` as files and rules are gone through. With ``fix``,
    the run holds the repository's fixing lock from its first read to its
    last write (``waiting`` is told when it has to wait for another run);
    ``unsafe_fixes`` applies unsafe fixes too. With ``only_paths`` and no
    PATHS, only what the deletions staged in git reach is checked
    (:func:`~doxtool.run.deletions.staged_scope`), not the whole repository;
    with PATHS, that too. ``nested``: the directories of the projects below
    this one (:mod:`doxtool.subprojects`), whose deletions are theirs.
    """
    import contextlib

    from doxtool.rules.engine import scope_files
    from doxtool.run.heap import held_collector
    from doxtool.run.prefetch import prefetch
    from doxtool.run.timings import Timings

    timings = Timings()
    config = project.config
    unwatched.reset()
    with timings.phase("discover"):
        rules = select_rules(
            _codes(select) or _config_codes(config, "select", config.select) or None,
            [*_config_codes(config, "ignore", config.ignore), *_codes(ignore)],
        )
        _check_per_file_ignores(config)
        accepted_path = _baseline_to_read(project, baseline) if use_baseline else None
        accepted = read_baseline(accepted_path) if accepted_path else None
        if paths and scoping.names_root(project, paths):
            paths = None  # `check .`: the whole repository, as `check`
        scope, widen = scoping.scope_for(project, paths), bool(paths)
        if paths and not fix:  # (a fix reads what it parses while it holds the lock)
            # parsed beside while the rest of the run is found
            ahead.hand(project, [m for m in project.documented_modules if m in scope.modules], jobs)
        if paths:
            dependents.add_units_fed(project, scope)
        if only_paths and not paths:
            scope, widen = deletions.staged_scope(project, nested)
        elif only_paths:
            deletions.add_staged(project, scope, nested)
        if only_paths and not scope.everything:
            # the hook mode judges the tree the commit holds
            scope.committed = gitindex.committed_files(project.root)
        ctx = Context(project, scope, fixing=fix or diff)
        if widen:
            deletions.add_what_deletions_leave(ctx, scope, UNKNOWN_TOOL_CODES)
            libraries.add_libraries(project, scope)
            scoping.add_directories(ctx, scope)
            scoping.add_listings(ctx, scope, LISTING_CODES, SHAPE_CODES)
        modules = project.documented_modules
        if scope.modules is not None:
            modules = [m for m in modules if m in scope.modules]
        counts = _counts(ctx, modules, len(rules))
        session = _incremental_session(project, scope, rules, fix or diff)
    report = CheckReport(findings=[])
    led_out = project.tool_dirs_led_out if scope.everything else []
    for directory in led_out:
        report.notes.append(
            f"{directory}/ is a link that leads out of the repository; not followed: "
            "the tools there are not checked"
        )
    # a profile's own tool modules (``agents/<name>/tools``) are checked too
    profiled = any(project.profile_tool_modules.values())
    if scope.everything and not project.tool_modules and not profiled and not led_out:
        report.notes.append(_no_tools_note(project))
    elif not scope.everything and not widen:
        report.notes.append(
            "no PATHS, and no file doxtool reads is staged for deletion: nothing checked"
        )
    if paths:
        named = [scoping.given_rel(project, p) or "" for p in paths if not p.is_dir()]
        report.notes.extend(unchecked(project, named))
    report.counts = counts
    if fix:
        from doxtool.core.lock import repository_lock

        lock = repository_lock(project.root, waiting)
    else:
        lock = contextlib.nullcontext()
    # A run builds many objects that live to its end and few cycles: the
    # collector's passes over the growing heap would cost more than they free.
    with lock, held_collector():
        found = None
        if session is not None:
            with timings.phase("reuse"):
                found = incremental_findings(session, rules, jobs, progress)
            if found is None:  # only a full run is exact: the look was discovery
                timings.phases["discover"] += timings.phases.pop("reuse")
            else:
                report.rechecked = session.rechecked
        if found is None:
            with timings.phase("parse"):
                prefetch(ctx, modules, jobs, progress)
            sideparser.let_go()  # it has nothing more to parse: its end overlaps the rules
            with timings.phase("rules"):
                report.findings = run(ctx, rules, progress)
            if session is not None and not unwatched.looked():
                # (a run that looked where no snapshot looks keeps no state)
                session.save(report.findings, full=True, taught=ctx.taught_by_file())
        else:
            report.findings = found
        if found is None:
            ctx.close()
        project.close()
        if fix or diff:
            with timings.phase("fix"):
                _fix(project, scope, rules, report, ctx, diff, unsafe_fixes)
    if accepted is not None:
        from doxtool.run import baseline as baselines

        checked_codes = {rule.code for rule in rules}
        checking = Context(project, scope)
        checked_files = set(scope_files(checking))
        result = baselines.match(accepted, report.findings)
        report.findings = result.new
        report.baseline = accepted_path
        report.baselined = result.hidden
        report.baseline_fixed = len(
            baselines.looks_fixed(
                result,
                lambda e: (
                    e.code in checked_codes
                    and (scope.everything or e.path in checked_files)
                    and checking.reports(e.path, e.code)
                ),
            )
        )
    report.timings = timings.phases
    return report


def _counts(ctx: Context, modules: list[str], rules: int) -> dict[str, int]:
    """What a run looks at: its modules (the documented ``modules`` and the
    tool modules the tool rules go through, a plugin's or an agent profile's
    own included), companions and prompts (the files of
    :func:`~doxtool.rules.engine.scope_files` that are neither), and rules;
    counted in passes at C speed (a whole run's files are many)."""
    checked = set(modules)
    checked.update(contract_scope.tool_modules(ctx))
    prompts: set[str] = set()
    for prompt_set in ctx.prompt_sets:
        prompts.update(ctx.in_scope(prompt_set).values())
    prompts.difference_update(checked, ctx.companions)
    return {
        "modules": len(checked),
        "companions": len(ctx.companions),
        "prompts": len(prompts),
        "rules": rules,
    }


# ---------------------------------------------------------------------------
# check: the incremental session


def _incremental_session(
    project: Project, scope: Scope, rules: list[Any], fixing: bool
) -> incremental.Session | None:
    """The state of the last whole check, for a whole check that only reads
    (a fix re-checks after writing, and a run over PATHS is already small)."""
    if not scope.everything or fixing or project.cache is None:
        return None
    elsewhere = [rule.code for rule in rules if rule.reports_elsewhere]
    return incremental.Session(project, [rule.code for rule in rules], elsewhere)


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
    """Apply the fixes round after round, or with ``diff`` compute what they
    would write (:mod:`doxtool.fixing`)."""
    from doxtool import fixing

    (fixing.preview if diff else fixing.fix)(project, scope, rules, report, ctx, unsafe)


def _no_tools_note(project: Project) -> str:
    dirs = ", ".join(f"{d.rstrip('/')}/" for d in project.config.tool_dirs) or "(none)"
    where = f" in {project.config.source}" if project.config.source else ""
    left_out = _excluded_tool_dirs(project)
    if left_out:
        # `tool-dirs` names them: an `exclude` glob leaves them out (`usr`,
        # Agent Zero's user state, holds a plugin repository's own plugin)
        named = ", ".join(f"{d}/ (`{glob}`)" for d, glob in left_out)
        return (
            f"no tool modules found under {dirs} in {project.root}: "
            f"`exclude` leaves out {named} (set `exclude`{where} without it)"
        )
    return (
        f"no tool modules found under {dirs} in {project.root} "
        f"(set `tool-dirs`{where}, or run `doxtool init`)"
    )


def _excluded_tool_dirs(project: Project) -> list[tuple[str, str]]:
    """Each directory a ``tool-dirs`` entry matches that an exclude glob leaves
    out, with the first glob that does."""
    globs = [*project.config.exclude, *project.config.extend_exclude]
    found: list[tuple[str, str]] = []
    for pattern in project.config.tool_dirs:
        for path in sorted(project.root.glob(pattern)):
            rel = project.rel(path)
            if not path.is_dir() or not project.inside(path) or not project.excluded(rel):
                continue
            glob = next((g for g in globs if Exclusion([g]).path(rel)), "")
            if (rel, glob) not in found:
                found.append((rel, glob))
    return found


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
            from doxtool.run.baseline import missing

            raise UsageError(missing(given))
        return given
    if not project.config.baseline:
        return None
    path = project.root / project.config.baseline
    if not path.is_file():
        why = (
            "is a directory, not a baseline file"
            if path.is_dir()
            else "does not exist (write it with `doxtool baseline write`)"
        )
        raise ConfigError(
            f"{project.config.source}: `baseline` names {project.config.baseline}, which {why}"
        )
    return path


def read_baseline(path: Path) -> Any:
    from doxtool.run import baseline as baselines

    try:
        return baselines.load(path)
    except baselines.BaselineError as exc:
        raise UsageError(str(exc)) from None
