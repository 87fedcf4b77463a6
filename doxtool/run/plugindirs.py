"""Directories of ``plugins/`` (and ``usr/plugins/``) that Agent Zero does
not take for plugins.

The framework lists a plugin only when its directory holds a
``plugin.yaml`` (helpers/plugins.py ``get_plugins_list``, ``find_plugin_dir``):
a directory beside them without one is never loaded, neither its tools nor
its prompts (``subagents.get_paths`` asks only the plugins listed). Where
no directory of a parent holds a ``plugin.yaml``, what reads them is not
known (a framework without the file, a fork): each is taken for a plugin,
as before.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

from doxtool.prompts.toggles import (
    BUNDLED_PLUGINS,
    PLUGIN_META,
    USER_PLUGINS,
    plugin_dir,
    with_user_plugins,
)


class ProjectDirs(Protocol):
    """What is read of the project (:class:`doxtool.run.project.Project`)."""

    root: Path

    def excluded(self, rel: str) -> bool: ...

    def glob_dirs(self, patterns: list[str]) -> list[str]: ...


__all__ = [
    "in_undeclared",
    "plugin_tool_dirs",
    "undeclared_plugins",
    "unlisted_plugin",
    "with_user_plugins",
]


def undeclared_plugins(root: Path, excluded: Callable[[str], bool]) -> frozenset[str]:
    """The directories (``plugins/<name>``) without a ``plugin.yaml`` beside
    one that has it, in each plugin root not excluded."""
    found: set[str] = set()
    for parent in (BUNDLED_PLUGINS, USER_PLUGINS):
        if excluded(parent):
            continue
        try:
            names = sorted(os.listdir(root / parent))
        except OSError:
            continue
        dirs = [
            name for name in names if not name.startswith(".") and (root / parent / name).is_dir()
        ]
        declared = {name for name in dirs if (root / parent / name / PLUGIN_META).is_file()}
        if declared:
            found.update(f"{parent}/{name}" for name in dirs if name not in declared)
    return frozenset(found)


def unlisted_plugin(root: Path, rel: str) -> str | None:
    """The plugin directory of the directory ``rel`` (``plugins/<name>``,
    there or not yet) when the framework would not list it: it holds no
    ``plugin.yaml`` while another directory beside it does; else None."""
    plugin = plugin_dir(f"{rel}/")
    if plugin is None or (root / plugin / PLUGIN_META).is_file():
        return None
    parent = root / plugin.rpartition("/")[0]
    try:
        names = sorted(os.listdir(parent))
    except OSError:
        return None
    if any(not name.startswith(".") and (parent / name / PLUGIN_META).is_file() for name in names):
        return plugin
    return None


def in_undeclared(path: str, undeclared: frozenset[str]) -> bool:
    """Whether ``path`` lies in one of the ``undeclared`` directories."""
    return bool(undeclared) and plugin_dir(f"{path}/") in undeclared


def plugin_tool_dirs(project: ProjectDirs, patterns: list[str]) -> list[str]:
    """The directories ``patterns`` name (a user plugin's beside a bundled
    one's: :func:`~doxtool.prompts.toggles.with_user_plugins`), not excluded,
    but for those of directories the framework takes for no plugin."""
    found = project.glob_dirs(with_user_plugins(patterns))
    if not any(plugin_dir(f"{d}/") for d in found):
        return found  # no plugin's: the plugin roots are not listed
    undeclared = undeclared_plugins(project.root, project.excluded)
    return [d for d in found if not in_undeclared(d, undeclared)]


def plugin_profile_prompt_dirs(
    project: ProjectDirs, plugin_prompt_dirs: list[str]
) -> list[tuple[str, str]]:
    """(profile, directory) of each plugin's prompt directory for one agent
    profile, ``<plugin>/agents/<profile>/prompts`` beside a plugin prompt
    directory ``<plugin>/prompts`` (helpers/subagents.py ``get_paths``
    searches it for that profile's agents), the plugin's directory a plugin."""
    undeclared = undeclared_plugins(project.root, project.excluded)
    patterns = [
        f"{pattern.removesuffix('/prompts')}/agents/*/prompts"
        for pattern in with_user_plugins(plugin_prompt_dirs)
        if pattern.endswith("/prompts")
    ]
    return [
        (directory.split("/")[-2], directory)
        for directory in project.glob_dirs(patterns)
        if not in_undeclared(directory, undeclared)
    ]
