"""The commands besides check, as functions the CLI (and other programs) call:
inspect, scaffold, schema, baseline write and prune, init, rules, cache clear."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from doxtool.api import UsageError, check, module_paths, read_baseline
from doxtool.core.config import ConfigError, find_root
from doxtool.core.facts import ModuleFacts
from doxtool.core.serde import to_data
from doxtool.prompts.toggles import plugin_dir, plugin_loaded, plugin_name
from doxtool.run.context import Context
from doxtool.run.project import Project
from doxtool.run.scoping import names_root

if TYPE_CHECKING:
    from doxtool.scaffold import ScaffoldPlan

#: ModuleFacts keys that are internal to doxtool and not part of ``inspect --json``
_INTERNAL_KEYS = frozenset(
    {
        "candidates",
        "imported_names",
        "star_imports",
        "summaries",
        "helper_calls",
        "helper_sites",
        "hook_present",
        "returned_calls",
        "module_names",
        "absence_calls",
        "absence_required",
        "reach_caught_only",
        "absence_presence",
        "absence_values",
        "is_a_base",
    }
)


def inspect(project: Project, paths: list[Path]) -> list[ModuleFacts]:
    return [project.module_facts(rel) for rel in module_paths(project, paths)]


def inspect_data(facts: ModuleFacts) -> dict[str, Any]:
    """The stable ``inspect --json`` shape of one module."""
    data: dict[str, Any] = to_data(facts, exclude=_INTERNAL_KEYS)
    return data


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
) -> ScaffoldPlan:
    from doxtool import scaffold as scaffolding

    try:
        plan = scaffolding.plan(
            project, name, directory, class_name, args or [], terminal, description
        )
        _refuse_shadowed(project, plan.paths[0])
        clash = scaffolding.existing(project, plan)
        if clash and not force:
            raise UsageError(
                "refusing to overwrite existing files: " + ", ".join(clash) + " (use --force)"
            )
        plan.existing = clash
        scaffolding.check_targets(project, plan)
        if not dry_run:
            scaffolding.write(project, plan, force=force)
    except scaffolding.ScaffoldError as exc:
        raise UsageError(str(exc)) from exc
    return plan


def _refuse_shadowed(project: Project, module: str) -> None:
    """Refuse a new tool module the framework would never run: a tool of
    its name that comes first on the search path (a plugin's before a core
    one, the first plugin in name order, the first ``tool-dirs`` entry's)
    is the one it runs. A profile's own tool is that profile's, and left."""
    from doxtool.scaffold_dirs import ScaffoldError, profile_of

    if profile_of(project, module.rsplit("/", 1)[0]) is not None:
        return
    modules = list(dict.fromkeys([*project.tool_modules, module]))
    if module not in _shadowed(project, modules):
        return
    first = next(
        m
        for m in modules
        if m != module
        and m.rsplit("/", 1)[-1] == module.rsplit("/", 1)[-1]
        and m not in _shadowed(project, modules)
    )
    raise ScaffoldError(
        f"{module} would never run: the framework finds the tool of that name in {first} "
        "first; choose another name"
    )


# ---------------------------------------------------------------------------
# schema


def _schema() -> Any:
    from doxtool.prompts import schema  # only `doxtool schema` needs it

    return schema


def schemas(
    project: Project,
    paths: list[Path] | None = None,
    style: str = "openai",
    notes: list[str] | None = None,
) -> list[Any]:
    """Function-calling schemas of the exposed tools (all, or those in PATHS).
    A tool of a plugin turned off by its toggle files, or of a bundled plugin
    a user plugin of its name replaces, is not exposed: the framework does
    not load it, whether or not a core tool has its name. A module doxtool
    cannot read (a syntax error) gives no schema, and a line to ``notes``
    saying why."""
    ctx = Context(project)
    if paths and names_root(project, paths):
        paths = None  # `schema .`: every exposed tool, as `schema`
    modules = module_paths(project, paths) if paths else project.tool_modules
    internal = set(project.config.internal_tools)
    listed = set(modules)
    shadowed = _shadowed(project, modules)
    out: list[Any] = []
    for module in modules:
        name = module.rsplit("/", 1)[-1].removesuffix(".py")
        if name in internal or module in shadowed or _plugin_off(project, module):
            continue
        facts = project.facts(module)
        if not facts.parsed:
            if notes is not None:
                why = next((p for p in facts.problems if p.message), None)
                where = f" at {why.line}:{why.column}: {why.message}" if why is not None else ""
                notes.append(f"{module}: not read{where}; it has no schema")
            continue
        tool = project.run_tool(module)
        if tool is None:
            continue
        # a compatibility shim re-exporting the tool of a module of the same
        # name (``tools/timer.py`` importing the timers plugin's ``Timer``) is
        # that one tool: the module defining the class gives its schema
        defined = tool.defined_in_path
        if defined is not None and defined in listed and defined.endswith(f"/{name}.py"):
            continue
        where = defined or module  # a shim alone: described where its class lives
        out.append(_schema().tool_schema(tool, ctx.tool_description(where, name), style))
    return out


def _shadowed(project: Project, modules: list[str]) -> set[str]:
    """The modules of ``modules`` the framework does not run because another
    of them has the same name and comes first on its search path: a plugin's
    tool (``plugins/<plugin>/tools/<name>.py`` or the user's
    ``usr/plugins/<plugin>/tools/<name>.py``, the plugin loaded; the first
    plugin in name order) before the core
    one; of two core ones, the one of the first ``tool-dirs`` entry, as the
    check reads it. An agent profile's own tool shadows the core one for
    that profile only, and is left as it is."""
    profiled = {m for found in project.profile_tool_modules.values() for m in found}
    order = {m: i for i, m in enumerate(project.tool_modules)}
    by_name: dict[str, list[str]] = {}
    for module in modules:
        if module not in profiled:
            by_name.setdefault(module.rsplit("/", 1)[-1], []).append(module)
    shadowed: set[str] = set()
    for found in by_name.values():
        if len(found) < 2:
            continue
        # plugins in name order, the user's and the bundled alike
        plugins = sorted(
            (m for m in found if _plugin_on(project, m)),
            key=lambda m: (plugin_name(plugin_dir(m) or ""), m),
        )
        if plugins:
            shadowed.update(m for m in found if m != plugins[0])
            continue
        # two core tool directories: the first of `tool-dirs` holding it wins
        core = sorted(
            (m for m in found if plugin_dir(m) is None and m in order),
            key=order.__getitem__,
        )
        shadowed.update(core[1:])
    return shadowed


def _plugin_on(project: Project, module: str) -> bool:
    """Whether ``module`` is a plugin's tool, the plugin loaded."""
    return plugin_dir(module) is not None and not _plugin_off(project, module)


def _plugin_off(project: Project, module: str) -> bool:
    """Whether ``module`` is the tool of a plugin Agent Zero does not load:
    turned off by its toggle files, or a bundled one a user plugin of its
    name replaces (:mod:`doxtool.prompts.toggles`)."""
    directory = plugin_dir(module)

    def read(rel: str) -> bool:
        return not project.excluded(rel) and (project.root / rel).exists()

    return directory is not None and not plugin_loaded(directory, read)


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
    from doxtool.run.baseline import DEFAULT_FILE

    if given is not None:
        return given
    return project.root / (project.config.baseline or DEFAULT_FILE)


def write_baseline(project: Project, given: Path | None = None) -> BaselineUpdate:
    """Record every current finding (configured selection) as accepted."""
    from doxtool.run import baseline as baselines

    path = baseline_file(project, given)
    _refuse_left_out(project.root, path)
    configured = project.root / project.config.baseline if project.config.baseline else None
    if configured is None or path.absolute() != configured.absolute():
        _refuse_other_file(path)
    previous = None
    with contextlib.suppress(baselines.BaselineError):
        previous = baselines.load(path) if path.is_file() else None
    findings = check(project, use_baseline=False).findings
    written = baselines.from_findings(findings, previous)
    _write_file(project.root, path, written.dumps().encode("utf-8"))
    return BaselineUpdate(path, len(findings))


def _refuse_left_out(root: Path, path: Path) -> None:
    """A baseline git holds that a sparse checkout leaves out of the work
    tree is not written over: the notes a person keeps in it are not here
    to keep."""
    from doxtool.run.leftdeps import left_out_paths

    try:
        rel = path.absolute().relative_to(root.absolute()).as_posix()
    except ValueError:
        return
    if left_out_paths(root, [rel]):
        raise UsageError(
            f"{path}: exists, left out of the work tree by a sparse checkout; not overwritten"
            " (check it out, or name another file)"
        )


def _refuse_other_file(path: Path) -> None:
    """A file that exists is overwritten only when it is a baseline, or holds
    none yet (empty, ``{}``): a module, a configuration or anything else given
    by mistake is left as it is. (The configured baseline is never asked.)"""
    from doxtool.run import baseline as baselines

    if not (path.exists() or path.is_symlink()):
        return
    if path.is_file() and path.stat().st_size <= 16:
        with contextlib.suppress(OSError, UnicodeDecodeError):
            if path.read_text(encoding="utf-8").strip() in ("", "{}", "[]"):
                return
    try:
        baselines.load(path)
    except baselines.BaselineError:
        raise UsageError(
            f"{path}: exists and is not a doxtool baseline; not overwritten"
            " (remove it, or name another file)"
        ) from None


def prune_baseline(project: Project, given: Path | None = None) -> BaselineUpdate:
    """Drop the entries no current finding matches; never add one."""
    from doxtool.run import baseline as baselines

    path = baseline_file(project, given)
    if not path.is_file():
        raise UsageError(baselines.missing(path))
    accepted = read_baseline(path)
    findings = check(project, use_baseline=False).findings
    kept = baselines.prune(accepted, findings)
    text = kept.dumps()
    if path.read_bytes() != text.encode("utf-8"):
        _write_file(project.root, path, text.encode("utf-8"))
    return BaselineUpdate(path, len(kept.entries), len(accepted.entries) - len(kept.entries))


def _write_file(root: Path, path: Path, data: bytes) -> None:
    """Write atomically, inside ``root`` only; a failure is a one-line UsageError."""
    from doxtool.core.writes import UnsafeWrite, atomic_write

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

    from doxtool.core.config import from_table
    from doxtool.run.layout import detect, render_table

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
    from doxtool.run.leftdeps import left_out_paths

    left = sorted(left_out_paths(root, ["doxtool.toml", "pyproject.toml"]))
    if left:  # in the repository, out of a sparse work tree: what it holds is not known
        raise UsageError(
            f"{root / left[0]}: exists, left out of the work tree by a sparse checkout; "
            "doxtool init never overwrites a configuration"
        )
    old = b""
    if target.is_file():
        from doxtool.core.source import MAX_CONFIG_BYTES, ReadError, read_bytes

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
    from doxtool.run.cache import ClearError, clear

    try:
        return clear(directory)
    except ClearError as exc:
        raise UsageError(f"cache not cleared: {exc}") from None
