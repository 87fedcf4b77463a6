"""Commands that set a project up and keep it: scaffold, baseline write and prune,
init, cache clear (options and printing; the work is in :mod:`doxtool.commands`,
imported by each command when it runs: a check does without it)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from doxtool import api
from doxtool.cli_options import config_option, path_type, root_option


@click.command(short_help="Create a tool module, its companion, its prompt and a test.")
@click.argument("name")
@click.option(
    "--dir",
    "directory",
    metavar="DIR",
    help=(
        "Tool directory, one `tool-dirs` or `profile-tool-dirs` names (default: the "
        "first `tool-dirs` entry without a wildcard, one that exists first)."
    ),
)
@click.option("--class-name", metavar="NAME", help="Class name (default: NameTool).")
@click.option(
    "--arg", "args", multiple=True, metavar="NAME", help="An argument the tool reads (repeatable)."
)
@click.option("--terminal", is_flag=True, help="The tool ends the turn (break_loop true).")
@click.option("--description", metavar="TEXT", help="One line saying what the tool does.")
@click.option("--dry-run", is_flag=True, help="List the files and write nothing.")
@click.option("--force", is_flag=True, help="Overwrite files that exist.")
@root_option
@config_option
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
    """Create a tool module, its companion, its prompt and a test.

    NAME is a lowercase Python identifier: the tool's name and its file's.
    The files pass `doxtool check` at once; nothing is written when any of
    them exists, unless --force. No companion is written in a tool directory
    that is not file-documented (`check` would not read it).

    \b
    Examples:
      doxtool scaffold web_fetch --arg url --description "Fetch a web page."
      doxtool scaffold recall --dir plugins/memory/tools --dry-run
    """
    from doxtool import commands

    project = api.load_project(root, config_file)
    plan = commands.scaffold(
        project, name, directory, class_name, list(args), terminal, description, dry_run, force
    )
    for path in plan.paths:
        verb = "overwrote" if path in plan.existing else "created"
        if dry_run:
            verb = "would overwrite" if path in plan.existing else "would create"
        click.echo(f"{verb} {path}")
    for path, why in plan.skipped:
        click.echo(f"{'would skip' if dry_run else 'skipped'} {path}: {why}")


@click.group(short_help="Accept today's findings; report only new ones.")
def baseline() -> None:
    """Accept the current findings, so that checks report only new ones.

    \b
    Examples:
      doxtool baseline write
      doxtool check --baseline .doxtool-baseline.json
      doxtool baseline prune
    """


@baseline.command("write")
@click.argument("file", required=False, type=path_type)
@root_option
@config_option
def baseline_write(file: Path | None, root: Path | None, config_file: Path | None) -> None:
    """Record every current finding in FILE.

    FILE defaults to the configured `baseline`, else .doxtool-baseline.json at
    the project root.

    \b
    Example:
      doxtool baseline write
    """
    from doxtool import commands

    project = api.load_project(root, config_file)
    update = commands.write_baseline(project, file)
    noun = "finding" if update.entries == 1 else "findings"
    shown = api.shown_path(project, update.path)
    click.echo(f"Wrote {update.entries} {noun} to {shown}.")
    configured = project.config.baseline
    if not configured or update.path.absolute() != (project.root / configured).absolute():
        # not what a check reads by itself: say how it is read
        here = os.path.relpath(update.path)  # (--baseline is read from the working directory)
        click.echo(
            f"doxtool: `doxtool check` reads it given `--baseline {here}`,"
            f' or with `baseline = "{shown}"` in the configuration',
            err=True,
        )


@baseline.command("prune")
@click.argument("file", required=False, type=path_type)
@root_option
@config_option
def baseline_prune(file: Path | None, root: Path | None, config_file: Path | None) -> None:
    """Drop the entries of FILE that no current finding matches.

    It never adds one. FILE defaults to the configured `baseline`, else
    .doxtool-baseline.json at the project root.

    \b
    Example:
      doxtool baseline prune
    """
    from doxtool import commands

    project = api.load_project(root, config_file)
    update = commands.prune_baseline(project, file)
    total = update.removed + update.entries
    click.echo(f"Removed {update.removed} of {total} from {api.shown_path(project, update.path)}.")


@click.command()
@click.option("--dry-run", is_flag=True, help="Print the table only; write nothing.")
@root_option
def init(dry_run: bool, root: Path | None) -> None:
    """Detect the layout and write a matching [tool.doxtool] table.

    The table is appended to the root's pyproject.toml (every other byte
    kept), or written to a new doxtool.toml when there is no pyproject.toml.
    An existing table or doxtool.toml is never overwritten (exit 2). The root
    is --root, else the nearest directory holding pyproject.toml, doxtool.toml
    or .git, else the working directory.

    \b
    Examples:
      doxtool init --dry-run
      doxtool init
    """
    from doxtool import commands

    result = commands.init(root, dry_run=dry_run)
    if dry_run:
        click.echo(result.table, nl=False)
        return
    for line in result.detected:
        click.echo(f"detected {line}")
    click.echo(f"wrote the configuration to {result.path}:\n")
    click.echo(result.table, nl=False)


@click.group()
def cache() -> None:
    """Manage the facts cache.

    \b
    Example:
      doxtool cache clear
    """


@cache.command("clear")
@root_option
@config_option
def cache_clear(root: Path | None, config_file: Path | None) -> None:
    """Drop the facts cache and the recorded runs (.doxtool_cache/).

    \b
    Example:
      doxtool cache clear
    """
    from doxtool import commands

    project = api.load_project(root, config_file, use_cache=False)
    removed = commands.clear_cache(project)
    click.echo(f"{'Cleared' if removed else 'No cache in'} {project.config.cache_dir}")
