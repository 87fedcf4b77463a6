"""The callable surface of doxtool: what the CLI (and other programs) use."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from doxtool.config import Config, ConfigError, find_config, find_root, load_file
from doxtool.facts import ModuleFacts
from doxtool.project import Project
from doxtool.serde import to_data

#: ModuleFacts keys that are internal to doxtool and not part of ``inspect --json``
_INTERNAL_KEYS = frozenset({"candidates", "imported_names"})


class UsageError(Exception):
    """A problem with what the user asked for (exit code 2)."""


def load_project(
    root: Path | None = None, config_file: Path | None = None, cwd: Path | None = None
) -> Project:
    """Find the configuration and the root, as the CLI does."""
    cwd = (cwd or Path.cwd()).resolve()
    config: Config
    if config_file is not None:
        if not config_file.is_file():
            raise ConfigError(f"{config_file}: configuration file not found")
        loaded = load_file(config_file)
        config = loaded if loaded is not None else Config(source=str(config_file))
        found_root: Path | None = config_file.resolve().parent
    else:
        found_root, config = find_config(root.resolve() if root else cwd)
    if root is None:
        root = found_root or find_root(cwd)
    if not root.is_dir():
        raise UsageError(f"root {root} is not a directory")
    return Project(root, config)


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
        else:
            out.append(project.rel(path) if project.inside(path) else path.as_posix())
    return list(dict.fromkeys(out))


def inspect(project: Project, paths: list[Path]) -> list[ModuleFacts]:
    return [project.module_facts(rel) for rel in module_paths(project, paths)]


def inspect_data(facts: ModuleFacts) -> dict[str, Any]:
    """The stable ``inspect --json`` shape of one module."""
    data: dict[str, Any] = to_data(facts, exclude=_INTERNAL_KEYS)
    return data
