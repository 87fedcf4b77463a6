"""Command line: parse options, call :mod:`doxtool.api`, print. No logic here."""

from __future__ import annotations

import json
import sys
import traceback
from pathlib import Path

import click

from doxtool import __version__, api
from doxtool.config import ConfigError
from doxtool.describe import describe
from doxtool.engine import unified_diff
from doxtool.formats import FORMATS
from doxtool.rules import ALL_RULES, rule_by_code

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2

_path = click.Path(path_type=Path)
_root_option = click.option(
    "--root", type=click.Path(path_type=Path, file_okay=False), help="Project root."
)
_config_option = click.option(
    "--config",
    "config_file",
    type=_path,
    help="Configuration file (pyproject.toml or doxtool.toml).",
)


class _Group(click.Group):
    """Turns every error into a one-line message and exit code 2."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except (ConfigError, api.UsageError) as exc:
            click.echo(f"doxtool: error: {exc}", err=True)
            ctx.exit(EXIT_ERROR)
        except BrokenPipeError:
            ctx.exit(EXIT_ERROR)
        except Exception as exc:
            if "--debug" in sys.argv[1:] or (ctx.obj or {}).get("debug"):
                traceback.print_exc()
            lines = str(exc).splitlines()
            click.echo(
                f"doxtool: internal error: {type(exc).__name__}: {lines[0] if lines else ''} "
                "(run with --debug for details)",
                err=True,
            )
            ctx.exit(EXIT_ERROR)
        return None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="doxtool")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
@click.pass_context
def cli(ctx: click.Context, debug: bool) -> None:
    """Keep agent tools, their DOX companions and their prompts in agreement."""
    ctx.obj = {"debug": debug}


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=_path)
@click.option("--json", "as_json", is_flag=True, help="Print facts as JSON.")
@_root_option
@_config_option
def inspect(
    paths: tuple[Path, ...], as_json: bool, root: Path | None, config_file: Path | None
) -> None:
    """Print the facts extracted from tool modules (files or directories)."""
    project = api.load_project(root, config_file)
    facts = api.inspect(project, list(paths))
    if as_json:
        data = [api.inspect_data(f) for f in facts]
        shown = data[0] if len(paths) == 1 and len(data) == 1 and not paths[0].is_dir() else data
        click.echo(json.dumps(shown, indent=2, ensure_ascii=False))
        return
    for index, module in enumerate(facts):
        if index:
            click.echo("")
        for line in describe(module):
            click.echo(line)


@cli.command()
@click.argument("paths", nargs=-1, type=_path)
@click.option("--fix", is_flag=True, help="Apply safe fixes.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff; write nothing.")
@click.option(
    "--format",
    "output_format",
    type=click.Choice(sorted(FORMATS)),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option("--select", multiple=True, help="Only these codes or prefixes (comma-separated).")
@click.option("--ignore", multiple=True, help="Skip these codes or prefixes (comma-separated).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@_root_option
@_config_option
def check(
    paths: tuple[Path, ...],
    fix: bool,
    diff: bool,
    output_format: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    exit_zero: bool,
    root: Path | None,
    config_file: Path | None,
) -> None:
    """Check tools, companions and prompts (all of them, or what PATHS touch)."""
    if fix and diff:
        raise api.UsageError("--fix and --diff exclude each other")
    project = api.load_project(root, config_file)
    report = api.check(project, list(paths), list(select), list(ignore), fix=fix, diff=diff)
    for error in report.errors:
        click.echo(f"doxtool: {error}", err=True)
    if diff:
        click.echo(unified_diff(report.changes), nl=False)
    elif report.fixed:
        click.echo(f"Fixed {report.fixed} finding{'s' if report.fixed != 1 else ''}.", err=True)
    click.echo(FORMATS[output_format](report.findings), nl=False)
    if report.errors:
        sys.exit(EXIT_ERROR)
    if report.findings and not exit_zero:
        sys.exit(EXIT_FINDINGS)


@cli.command()
@click.argument("name")
@click.option("--dir", "directory", help="Tool directory (default: the first configured one).")
@click.option("--class-name", help="Class name (default: NameTool).")
@click.option("--arg", "args", multiple=True, help="An argument the tool reads (repeatable).")
@click.option("--terminal", is_flag=True, help="The tool ends the turn (break_loop true).")
@click.option("--description", help="One line saying what the tool does.")
@click.option("--dry-run", is_flag=True, help="List the files and write nothing.")
@click.option("--force", is_flag=True, help="Overwrite files that exist.")
@_root_option
@_config_option
def scaffold(
    name: str,
    directory: str | None,
    class_name: str | None,
    args: tuple[str, ...],
    terminal: bool,
    description: str | None,
    dry_run: bool,
    force: bool,
    root: Path | None,
    config_file: Path | None,
) -> None:
    """Create a tool module, its companion, its prompt and a test."""
    project = api.load_project(root, config_file)
    plan = api.scaffold(
        project, name, directory, class_name, list(args), terminal, description, dry_run, force
    )
    verb = "would create" if dry_run else "created"
    for path in plan.paths:
        click.echo(f"{verb} {path}")


@cli.command()
@click.argument("paths", nargs=-1, type=_path)
@click.option(
    "--format",
    "style",
    type=click.Choice(["openai", "jsonschema"]),
    default="openai",
    show_default=True,
    help="Function-calling tool format, or bare JSON Schema documents.",
)
@_root_option
@_config_option
def schema(
    paths: tuple[Path, ...], style: str, root: Path | None, config_file: Path | None
) -> None:
    """Print the JSON Schema of each exposed tool's arguments."""
    project = api.load_project(root, config_file)
    click.echo(json.dumps(api.schemas(project, list(paths), style), indent=2, ensure_ascii=False))


@cli.command()
def rules() -> None:
    """List the rules: code, name, fixable, enabled by default, summary."""
    for rule in ALL_RULES:
        fixable = "fix" if rule.fixable else "   "
        enabled = "on " if rule.default_enabled else "off"
        click.echo(f"{rule.code}  {fixable}  {enabled}  {rule.name:<28} {rule.summary}")


@cli.command()
@click.argument("code")
def explain(code: str) -> None:
    """Print a rule's documentation."""
    rule = rule_by_code(code)
    if rule is None:
        raise api.UsageError(f"unknown rule `{code}` (see `doxtool rules`)")
    click.echo(f"# {rule.code} {rule.name}\n")
    click.echo(f"{rule.summary}.\n")
    fix = "A safe fix exists (`doxtool check --fix`)." if rule.fixable else "No automatic fix."
    click.echo(f"Severity: {rule.severity}. {fix}\n")
    click.echo(rule.doc.rstrip())


def main() -> None:
    cli(prog_name="doxtool")
