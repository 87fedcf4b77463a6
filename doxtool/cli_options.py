"""The options and argument types several commands share: a path, --root, --config."""

from __future__ import annotations

from pathlib import Path

import click

path_type = click.Path(path_type=Path)
root_option = click.option(
    "--root",
    type=click.Path(path_type=Path, file_okay=False),
    metavar="DIR",
    help="Project root (default: the nearest directory holding pyproject.toml, "
    "doxtool.toml or .git, from the working directory up).",
)
config_option = click.option(
    "--config",
    "config_file",
    type=path_type,
    metavar="FILE",
    help="Configuration file (pyproject.toml or doxtool.toml; default: the root's). "
    "It never moves the root.",
)
