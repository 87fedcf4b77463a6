"""Command line: parse options, call :mod:`doxtool.api` and :mod:`doxtool.commands`,
print. No logic here. The commands that set a project up and keep it are in
:mod:`doxtool.cli_project`."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import click

from doxtool import __version__, api, subprojects
from doxtool.cli_options import config_option, path_type, root_option
from doxtool.cli_project import baseline, cache, init, scaffold
from doxtool.core.config import ConfigError
from doxtool.core.exits import EXIT_CODES, EXIT_ERROR, EXIT_FINDINGS, EXIT_PIPE, stopped
from doxtool.core.terminal import degrade_unencodable, wants_color
from doxtool.formats import (
    FORMATS,
    MACHINE_FORMATS,
    STATISTICS_FORMATS,
    OutputOptions,
    render,
)
from doxtool.formats.escape import json_text, printable
from doxtool.rules import ALL_RULES, rule_by_code
from doxtool.rules.unidiff import unified_diff_bytes
from doxtool.run.pool import MAX_JOBS
from doxtool.run.progress import ProgressBar
from doxtool.run.timings import cache_counts, verbose_lines


def _discard_stdout() -> None:
    _discard(sys.stdout)


def _discard(stream: object) -> None:
    """What is still to be written to ``stream`` goes nowhere (its reader is gone)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())  # type: ignore[attr-defined]


def _os_error(exc: OSError) -> str:
    """``path: reason`` for an error of the system, the path shortened."""
    reason = exc.strerror or str(exc)
    if exc.filename is None:
        return reason
    name = os.fsdecode(exc.filename) if isinstance(exc.filename, bytes) else str(exc.filename)
    if len(name) > 80:
        name = name[:38] + "..." + name[-39:]
    return f"{name}: {reason}"


def _tell(line: str) -> None:
    """Write an error's line to stderr. A stderr that cannot take it (a
    closed pipe, a full device) gets nothing more: the exit status still
    tells the error."""
    try:
        click.echo(line, err=True)
    except OSError:
        _discard(sys.stderr)


def _traceback() -> None:
    """The traceback of the error being handled, on stderr (``--debug``), as far as it takes it."""
    import traceback

    try:
        traceback.print_exc()
    except OSError:
        _discard(sys.stderr)


class _Group(click.Group):
    """Turns every error into a one-line message and exit code 2."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except OSError as exc:
            # an error's message met a closed pipe or a full device (`doxtool
            # check --bogus 2>&1 | head -0`, `2>/dev/full`): the status still
            # tells the error
            _discard(sys.stdout)
            if not isinstance(exc, BrokenPipeError):
                _tell(f"doxtool: error: {printable(_os_error(exc))}")
            _discard(sys.stderr)
            sys.exit(EXIT_ERROR)

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        try:
            return super().make_context(*args, **kwargs)
        except BrokenPipeError:
            # `doxtool --help | head -0`: the help or the version met a closed
            # pipe; stop quietly, as any other output does
            _discard_stdout()
            raise click.exceptions.Exit(EXIT_PIPE) from None
        except OSError as exc:
            # `doxtool --help > /dev/full`: the help or the version could not
            # be written; an error, as for a command's own help
            _discard_stdout()
            _tell(f"doxtool: error: {printable(_os_error(exc))}")
            raise click.exceptions.Exit(EXIT_ERROR) from None

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except KeyboardInterrupt as exc:
            # Ctrl-C: one line and the shell's status for it, not click's
            # "Aborted!" and 1 (the status of a check that found something)
            status, line = stopped(exc)
            _tell(line)
            ctx.exit(status)
        except (ConfigError, api.UsageError) as exc:
            _tell(f"doxtool: error: {printable(str(exc))}")
            ctx.exit(EXIT_ERROR)
        except BrokenPipeError:
            # the reader closed the pipe (`doxtool inspect tools | head -1`): stop
            # quietly; what is still buffered goes nowhere rather than failing again
            _discard_stdout()
            ctx.exit(EXIT_PIPE)
        except OSError as exc:
            # a path the system refuses (a name too long, a file one may not
            # read): the file's name and the reason, as a usage error
            if "--debug" in sys.argv[1:] or (ctx.obj or {}).get("debug"):
                _traceback()
            _tell(f"doxtool: error: {printable(_os_error(exc))}")
            ctx.exit(EXIT_ERROR)
        except ImportError as exc:
            from doxtool.run.dependencies import message

            _tell(f"doxtool: error: {message(exc)}")
            ctx.exit(EXIT_ERROR)
        except Exception as exc:
            if "--debug" in sys.argv[1:] or (ctx.obj or {}).get("debug"):
                _traceback()
            lines = str(exc).splitlines()
            command = f"doxtool --debug {ctx.invoked_subcommand or '<command>'} ..."
            _tell(
                f"doxtool: internal error: {type(exc).__name__}: {lines[0] if lines else ''} "
                f"(run `{command}` for details)"
            )
            ctx.exit(EXIT_ERROR)
        return None


@click.group(
    cls=_Group,
    context_settings={"help_option_names": ["-h", "--help"]},
    epilog=EXIT_CODES,
)
@click.version_option(__version__, "--version", prog_name="doxtool")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Keep agent tools, their DOX companions and their prompts in agreement.

    Every command works on the project around the working directory: the
    nearest directory holding pyproject.toml, doxtool.toml or .git (or
    --root DIR). `doxtool COMMAND -h` shows a command's options.

    \b
    Examples:
      doxtool check                 check the whole project
      doxtool check --fix           apply the safe fixes
      doxtool scaffold web_fetch    a new tool that passes check at once
      doxtool explain DOX111        what a rule checks, and why
    """
    ctx.obj = {"debug": debug}
    degrade_unencodable(sys.stdout, sys.stderr)


cli.add_command(scaffold)
cli.add_command(baseline)
cli.add_command(init)
cli.add_command(cache)


@cli.command(short_help="Print the facts extracted from Python modules.")
@click.argument("paths", nargs=-1, required=True, type=path_type)
@click.option("--json", "as_json", is_flag=True, help="Print facts as a JSON array.")
@root_option
@config_option
def inspect(
    paths: tuple[Path, ...], as_json: bool, root: Path | None, config_file: Path | None
) -> None:
    """Print the facts extracted from Python modules (files, or directories of them).

    With --json, a JSON array with one object per module, however many PATHS.

    \b
    Example:
      doxtool inspect tools/wait.py --json
    """
    from doxtool import commands
    from doxtool.formats.describe import describe

    project = api.load_project(root, config_file)
    facts = commands.inspect(project, list(paths))
    if as_json:
        data = [commands.inspect_data(f) for f in facts]
        click.echo((json_text(data, indent=2) + "\n").encode("utf-8"), nl=False)
        return
    from doxtool.run.context import Context

    context = Context(project)
    for index, module in enumerate(facts):
        if index:
            click.echo("")
        # "none" only where check would derive it: every call of the module seen
        unseen = context.unseen_tool_areas(module.path) if module.parsed else frozenset()
        for line in describe(module, unseen):
            click.echo(line)


@cli.command(short_help="Check tools, companions and prompts.", epilog=EXIT_CODES)
@click.argument("paths", nargs=-1, type=path_type)
@click.option("--fix", is_flag=True, help="Apply safe fixes.")
@click.option(
    "--diff", is_flag=True, help="Print what --fix would write as a unified diff; write nothing."
)
@click.option(
    "--exit-non-zero-on-fix",
    is_flag=True,
    help="With --fix, exit 1 when a file was written or created, even if no finding is left.",
)
@click.option(
    "--only-paths",
    is_flag=True,
    help="Never check the whole repository: with no PATHS, check only what the files "
    "staged for deletion in git leave behind (as the pre-commit hooks run).",
)
@click.option(
    "--unsafe-fixes",
    is_flag=True,
    help="With --fix or --diff, apply unsafe fixes too (they may drop a person's words).",
)
@click.option(
    "--format",
    "output_format",
    type=click.Choice(sorted(FORMATS)),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option(
    "--select",
    multiple=True,
    metavar="CODES",
    help="Only these codes or prefixes (DOX111, DOX1, PRM, ALL); comma-separated or "
    "repeated; replaces the configured `select`.",
)
@click.option(
    "--ignore",
    multiple=True,
    metavar="CODES",
    help="Skip these codes or prefixes (DOX111, DOX1, PRM, ALL); comma-separated or "
    "repeated; adds to the configured `ignore`. The more specific pattern wins.",
)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option("--statistics", is_flag=True, help="Count findings per code instead of listing them.")
@click.option(
    "--show-source", is_flag=True, help="Show the offending line with a caret (text format)."
)
@click.option(
    "--baseline",
    type=path_type,
    metavar="FILE",
    help="Report only findings this baseline file does not hold (default: the configured one).",
)
@click.option("--no-baseline", is_flag=True, help="Report every finding; ignore any baseline.")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only: no summary, no progress.")
@click.option(
    "-v", "--verbose", is_flag=True, help="Print time per phase and cache hits on stderr."
)
@click.option("--no-cache", is_flag=True, help="Neither read nor write the facts cache.")
@click.option(
    "--jobs",
    type=click.IntRange(min=1, max=MAX_JOBS),
    metavar="N",
    help=f"Processes for extracting facts (default: the CPU count; at most {MAX_JOBS}).",
)
@root_option
@config_option
def check(
    paths: tuple[Path, ...],
    fix: bool,
    diff: bool,
    exit_non_zero_on_fix: bool,
    only_paths: bool,
    unsafe_fixes: bool,
    output_format: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    exit_zero: bool,
    statistics: bool,
    show_source: bool,
    baseline: Path | None,
    no_baseline: bool,
    quiet: bool,
    verbose: bool,
    no_cache: bool,
    jobs: int | None,
    root: Path | None,
    config_file: Path | None,
) -> None:
    """Check tools, companions and prompts: all of them, or what PATHS touch.

    A changed tools/wait.py checks its companion and the prompts that teach
    `wait`; a changed prompt checks the tools it names.

    \b
    Examples:
      doxtool check
      doxtool check tools/wait.py
      doxtool check --diff | less
      doxtool check --select PRM --ignore PRM009
      doxtool check --format sarif > doxtool.sarif
    """
    if fix and diff:
        raise api.UsageError("--fix and --diff exclude each other")
    if exit_non_zero_on_fix and not fix:
        raise api.UsageError("--exit-non-zero-on-fix goes with --fix")
    if baseline is not None and no_baseline:
        raise api.UsageError("--baseline and --no-baseline exclude each other")
    if statistics and output_format not in STATISTICS_FORMATS:
        raise api.UsageError("--statistics prints `--format text` or `--format json` only")
    project = api.load_project(root, config_file, use_cache=not no_cache)
    bar = ProgressBar(sys.stderr, enabled=not quiet)
    try:
        report = subprojects.check(
            project,
            list(paths),
            pinned=root is not None or config_file is not None,
            select=list(select),
            ignore=list(ignore),
            fix=fix,
            diff=diff,
            jobs=jobs,
            use_cache=not no_cache,
            baseline=baseline,
            use_baseline=not no_baseline,
            progress=bar.callback,
            unsafe_fixes=unsafe_fixes,
            waiting=lambda message: click.echo(f"doxtool: {message}", err=True),
            only_paths=only_paths,
        )
    finally:
        bar.close()
    started = time.perf_counter()
    for error in report.errors:
        click.echo(f"doxtool: {printable(error)}", err=True)
    for note in report.notes:
        click.echo(f"doxtool: warning: {printable(note)}", err=True)
    if diff:
        # a machine-readable document stays one document: the diff goes to stderr
        click.echo(unified_diff_bytes(report.changes), nl=False, err=output_format != "text")
    elif report.fixed and not quiet:
        click.echo(f"Fixed {report.fixed} finding{'s' if report.fixed != 1 else ''}.", err=True)
    options = OutputOptions(
        root=project.root,
        color=wants_color(sys.stdout),
        show_source=show_source,
        # "All checks passed." would claim what a run that found nothing to check did not do
        quiet=quiet or (bool(report.notes) and not report.findings),
        unsafe_fixes=unsafe_fixes,
    )
    if statistics:
        from doxtool.formats.statistics import STATISTICS

        output = STATISTICS[output_format](report.findings, options)
    else:
        output = render(output_format, report.findings, options)
    machine = output_format in MACHINE_FORMATS and not statistics
    click.echo(output.encode("utf-8") if machine else output, nl=False, color=options.color)
    if report.baseline is not None and (report.baselined or report.baseline_fixed) and not quiet:
        shown = api.shown_path(project, report.baseline)
        click.echo(
            f"doxtool: baseline {shown}: {report.baselined} known "
            f"finding{'s' if report.baselined != 1 else ''} hidden, {report.baseline_fixed} "
            f"look{'s' if report.baseline_fixed == 1 else ''} fixed"
            + (" (`doxtool baseline prune` drops them)" if report.baseline_fixed else ""),
            err=True,
        )
    if verbose:
        timings = {**report.timings, "output": time.perf_counter() - started}
        for line in verbose_lines(timings, report.counts, cache_counts(project), report.rechecked):
            click.echo(f"doxtool: {line}", err=True)
    wrote = exit_non_zero_on_fix and bool(report.changes)
    if wrote:
        # a created file is new to git: a hook that passed would commit without it
        written = ", ".join(printable(change.path) for change in report.changes)
        click.echo(f"doxtool: --fix wrote (stage them): {written}", err=True)
    if report.errors:
        sys.exit(EXIT_ERROR)
    if (report.findings or wrote) and not exit_zero:
        sys.exit(EXIT_FINDINGS)


@cli.command()
@click.argument("paths", nargs=-1, type=path_type)
@click.option(
    "--format",
    "style",
    type=click.Choice(["openai", "jsonschema"]),
    default="openai",
    show_default=True,
    help="Function-calling tool format, or bare JSON Schema documents.",
)
@root_option
@config_option
def schema(
    paths: tuple[Path, ...], style: str, root: Path | None, config_file: Path | None
) -> None:
    """Print the JSON Schema of each exposed tool's arguments.

    \b
    Examples:
      doxtool schema
      doxtool schema --format jsonschema tools/wait.py
    """
    from doxtool import commands

    project = api.load_project(root, config_file)
    notes: list[str] = []
    schemas = commands.schemas(project, list(paths), style, notes)
    for note in notes:
        click.echo(f"doxtool: warning: {printable(note)}", err=True)
    click.echo((json_text(schemas, indent=2) + "\n").encode("utf-8"), nl=False)


@cli.command()
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["text", "json"]),
    default="text",
    show_default=True,
    help="A table, or a JSON array with each rule's documentation.",
)
def rules(output_format: str) -> None:
    """List the rules: code, name, fixable, on by default, summary.

    \b
    Examples:
      doxtool rules
      doxtool rules --format json
    """
    if output_format == "json":
        from doxtool import commands

        click.echo(json.dumps([commands.rule_data(r) for r in ALL_RULES], indent=2))
        return
    width = max(len(rule.name) for rule in ALL_RULES)
    for rule in ALL_RULES:
        fixable = "fix" if rule.fixable else "-  "
        enabled = "on " if rule.default_enabled else "off"
        click.echo(f"{rule.code}  {rule.name:<{width}}  {fixable}  {enabled}  {rule.summary}")


@cli.command()
@click.argument("code")
def explain(code: str) -> None:
    """Print a rule's documentation (CODE or rule name).

    \b
    Examples:
      doxtool explain DOX111
      doxtool explain arguments-drift
    """
    rule = rule_by_code(code)
    if rule is None:
        raise api.UsageError(f"unknown rule `{code}` (see `doxtool rules`)")
    click.echo(f"# {rule.code} {rule.name}\n")
    click.echo(f"{rule.summary}.\n")
    fix = "A safe fix exists (`doxtool check --fix`)." if rule.fixable else "No automatic fix."
    enabled = "on by default" if rule.default_enabled else "off by default (select it)"
    click.echo(f"Severity: {rule.severity}, {enabled}. {fix}\n")
    click.echo(rule.doc.rstrip())


def main() -> None:
    cli(prog_name="doxtool")
