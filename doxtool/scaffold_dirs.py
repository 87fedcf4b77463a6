"""Where ``doxtool scaffold`` writes: the tool directory (a core one unless
``--dir`` names another), the prompt and test directories that go with it,
and whether companions there are checked."""

from __future__ import annotations

import fnmatch
import posixpath
from pathlib import Path

from doxtool.prompts.toggles import with_user_plugins
from doxtool.run.declared import declarations
from doxtool.run.plugindirs import unlisted_plugin
from doxtool.run.project import Project


class ScaffoldError(Exception):
    """A scaffold request that cannot be honoured; nothing was written."""


def tool_dir_of(project: Project, directory: str | None) -> str:
    if directory is None:
        return _core_tool_dir(project)
    # relative to the working directory, as every path given to doxtool is,
    # when that is in the project (``--dir tools`` in ``plugins/memory`` is
    # its ``tools/``); from outside it (``--root DIR``), to the root
    try:
        cwd = Path.cwd()
    except OSError:  # a working directory removed meanwhile
        cwd = project.root
    base = cwd if project.inside(cwd) else project.root
    path = (base / directory).resolve()
    if not project.inside(path):
        raise ScaffoldError(f"--dir {directory} is outside the project root {project.root}")
    rel = project.rel(path)
    rel = rel if rel else "."
    patterns = [*project.config.tool_dirs, *project.config.profile_tool_dirs]
    # a user plugin's beside a bundled one's, as ``check`` reads them when not excluded
    user = [p for p in with_user_plugins(project.config.tool_dirs) if p not in patterns]
    named = any(_matches(rel, pattern) for pattern in patterns)
    if (
        not named
        and project.excluded(rel)
        and (any(_matches(rel, p) for p in user) or own_repository(project.root, rel))
    ):
        # a user plugin's: read once the exclusion goes, not by adding it to
        # `tool-dirs`; a clone's: by no entry of the configuration
        raise ScaffoldError(
            f"--dir {directory}: `doxtool check` does not look for tools in {rel}: "
            f"{exclusion(project.root, rel)}"
        )
    if not named and (project.excluded(rel) or not any(_matches(rel, pattern) for pattern in user)):
        configured = ", ".join(project.config.tool_dirs) or "none"
        where = project.config.source or "[tool.doxtool] in pyproject.toml (or doxtool.toml)"
        raise ScaffoldError(
            f"--dir {directory}: `doxtool check` does not look for tools in {rel} "
            f"(tool-dirs: {configured}); add it to `tool-dirs` in {where} first"
        )
    # a plugin the framework does not list (no plugin.yaml beside plugins that
    # have one) has its tools loaded never, and read by `check` never either
    unlisted = unlisted_plugin(project.root, rel)
    if unlisted is not None:
        raise ScaffoldError(
            f"--dir {directory}: the framework loads no tool of {unlisted}, which has no "
            f"`plugin.yaml` as the plugins beside it do; add {unlisted}/plugin.yaml first"
        )
    return rel


def own_repository(root: Path, rel: str) -> str | None:
    """The directory holding a repository of its own (a ``.git`` directory:
    a clone, as :class:`~doxtool.run.discovery.NestedRepositories` reads
    it) that ``rel`` is or lies in, the outermost; else None."""
    parts = [part for part in rel.split("/") if part not in ("", ".")]
    for cut in range(1, len(parts) + 1):
        if (root.joinpath(*parts[:cut]) / ".git").is_dir():
            return "/".join(parts[:cut])
    return None


def exclusion(root: Path, rel: str) -> str:
    """Why the project excludes ``rel``: a repository of its own it lies in,
    which no run reads, or else the configuration."""
    clone = own_repository(root, rel)
    if clone is not None:
        return f"it lies in {clone}, a repository of its own (its `.git` directory)"
    return "the configuration excludes it (`exclude`, `extend-exclude`)"


def _wildcard(part: str) -> bool:
    return any(c in part for c in "*?[")


def _core_tool_dir(project: Project) -> str:
    """The core tool directory: the first ``tool-dirs`` entry without a
    wildcard (``tools``), one that exists first; never a plugin's (a glob
    such as ``plugins/*/tools``) or an agent profile's."""
    plain = [
        "/".join(p for p in pattern.strip("/").split("/") if p not in ("", "."))
        for pattern in project.config.tool_dirs
        if not _wildcard(pattern)
    ]
    plain = [d or "." for d in plain if profile_of(project, d or ".") is None]
    for rel in plain:
        if rel in project.tool_dirs:
            return rel
    if plain:
        return plain[0]
    configured = ", ".join(project.config.tool_dirs) or "none"
    raise ScaffoldError(
        f"no core tool directory: every `tool-dirs` entry ({configured}) is a pattern "
        "of several directories; name the one to write into with --dir"
    )


def profile_of(project: Project, tool_dir: str) -> str | None:
    """The agent profile whose own tool directory ``tool_dir`` is (as
    ``check`` reads ``profile-tool-dirs``), or None for a core or plugin one."""
    for pattern in project.config.profile_tool_dirs:
        if not _matches(tool_dir, pattern):
            continue
        wanted = [p for p in pattern.strip("/").split("/") if p not in ("", ".")]
        wildcard = next((i for i, p in enumerate(wanted) if _wildcard(p)), None)
        if wildcard is None:
            if any(_matches(tool_dir, p) for p in project.config.tool_dirs):
                continue  # named as a core directory too: a core one
            return wanted[-2] if len(wanted) > 1 else None
        return [p for p in tool_dir.split("/") if p not in ("", ".")][wildcard]
    return None


def _matches(rel: str, pattern: str) -> bool:
    """Whether directory ``rel`` is one the ``tool-dirs`` glob ``pattern`` names
    (part by part, so ``plugins/*/tools`` takes a plugin that does not exist yet)."""
    parts = [p for p in rel.split("/") if p not in ("", ".")]
    wanted = [p for p in pattern.strip("/").split("/") if p not in ("", ".")]
    return len(parts) == len(wanted) and all(
        fnmatch.fnmatchcase(part, glob) for part, glob in zip(parts, wanted, strict=True)
    )


def prompt_dir_of(project: Project, tool_dir: str, profile: str | None) -> str:
    """A plugin's tools are taught by the plugin's prompts, an agent profile's
    own tools by the profile's; any other tool by the core ones."""
    parent = tool_dir.rsplit("/", 1)[0] if "/" in tool_dir else ""
    candidate = f"{parent}/prompts"
    if profile is not None:
        for pattern in project.config.profile_prompt_dirs:
            wanted = [p for p in pattern.strip("/").split("/") if p not in ("", ".")]
            wildcard = next((i for i, p in enumerate(wanted) if _wildcard(p)), None)
            at = wildcard if wildcard is not None else len(wanted) - 2
            if parent and _matches(candidate, pattern) and candidate.split("/")[at] == profile:
                return candidate
        for pattern in project.config.profile_prompt_dirs:
            # an entry without a wildcard is the profile it is named for, as
            # ``check`` reads it: ``prompts/<profile>`` in the older layout
            if _named_profile(pattern) == profile:
                return pattern.strip("/")
        configured = ", ".join(project.config.profile_prompt_dirs) or "none"
        raise ScaffoldError(
            f"{tool_dir} holds the own tools of agent profile `{profile}`, which only its "
            f"prompts teach, and no `profile-prompt-dirs` entry ({configured}) names "
            f"{candidate} as that profile's prompt directory"
        )
    plugin_dirs = with_user_plugins(project.config.plugin_prompt_dirs)
    if parent and any(_matches(candidate, p) for p in plugin_dirs):
        return candidate
    return project.config.prompt_dirs[0] if project.config.prompt_dirs else "prompts"


def _named_profile(pattern: str) -> str | None:
    """The profile a ``profile-prompt-dirs`` entry without a wildcard is the
    prompt directory of: the directory above a ``prompts`` one
    (``agents/x/prompts``), else the directory itself (``prompts/x``)."""
    parts = [p for p in pattern.strip("/").split("/") if p not in ("", ".")]
    if not parts or any(_wildcard(p) for p in parts):
        return None
    if parts[-1] == "prompts":
        return parts[-2] if len(parts) > 1 else None
    return parts[-1]


def test_dir_of(project: Project, tool_dir: str) -> str:
    """Where the test goes: below the first ``test-dirs`` entry, never in a
    tool directory (a module there is a tool the framework can load)."""
    root = project.config.test_dirs[0] if project.config.test_dirs else "tests"
    patterns = [*project.config.tool_dirs, *project.config.profile_tool_dirs]
    for candidate in (f"{root}/{tool_dir}", f"{root}/tests/{tool_dir}"):
        rel = posixpath.normpath(candidate)
        if not any(_matches(rel, p) for p in patterns) and not project.excluded(rel):
            return rel
    raise ScaffoldError(
        f"the test would be a module of a tool directory ({root}/{tool_dir}); "
        "set `test-dirs` to a directory of tests"
    )


def file_documented(project: Project, tool_dir: str) -> bool:
    """Whether ``check`` reads the companions of ``tool_dir`` (a tool
    directory, which may not exist yet): whether it is file-documented as
    :attr:`Project.documented_dirs` tells, once it exists."""
    if tool_dir in project.documented_dirs or any(
        _matches(tool_dir, pattern) for pattern in project.config.documented_dirs
    ):
        return True
    declared = declarations(project)
    if tool_dir in declared.named:
        return True  # declared before it was made
    # no declaration anywhere: every core and plugin tool directory is documented
    return not declared.existing and any(_matches(tool_dir, p) for p in project.config.tool_dirs)
