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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="doxtool")
@click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
def cli(debug: bool) -> None:
    """Keep agent tools, their DOX companions and their prompts in agreement."""


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


def main() -> None:
    debug = "--debug" in sys.argv[1:]
    try:
        cli.main(prog_name="doxtool", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.ClickException as exc:
        exc.show()
        sys.exit(EXIT_ERROR)
    except click.Abort:
        click.echo("doxtool: aborted", err=True)
        sys.exit(EXIT_ERROR)
    except (ConfigError, api.UsageError) as exc:
        click.echo(f"doxtool: error: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(EXIT_ERROR)
    except Exception as exc:
        if debug:
            traceback.print_exc()
        message = str(exc).splitlines()[0] if str(exc) else ""
        click.echo(
            f"doxtool: internal error: {type(exc).__name__}: {message} (run with --debug for details)",
            err=True,
        )
        sys.exit(EXIT_ERROR)
