"""The options and argument types several commands share: a path, --root, --config."""

from __future__ import annotations

from pathlib import Path

import click


class NamedPath(click.Path):
    """A path the user spelled: an empty one (``''``, an unset shell variable)
    names no file, and is a usage error rather than ``.``, the whole project."""

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> object:
        if isinstance(value, (str, bytes)) and not value:
            self.fail("an empty path names no file", param, ctx)
        return super().convert(value, param, ctx)


path_type = NamedPath(path_type=Path)
root_option = click.option(
    "--root",
    type=NamedPath(path_type=Path, file_okay=False),
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
