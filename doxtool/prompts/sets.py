"""Prompt sets: which prompt files a core agent, a profile or a plugin sees.

Discovery is pure filesystem work: nothing is parsed and no Python is
imported. A prompt file is a regular ``*.md`` file directly in a prompt
directory; everything else there, in particular the ``.py`` files that supply
template variables, is not a prompt and is ignored.

- The **core** set merges the configured prompt directories (``prompts/`` by
  default). When a file name occurs in more than one of them, the directory
  listed first wins, like a search path.
- A **profile** (``agents/<name>/prompts/``) sees the core files overlaid by its
  own files of the same name; :attr:`PromptSet.overrides` names the files it
  replaces.
- A **plugin** (``plugins/<name>/prompts/``) has only its own files: they are
  added to every agent's prompts, they override nothing.

Links are never followed out of the repository root.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from doxtool.core.unlisted import absent, refuse

#: the wrapper of the tool listing, holding the ``{{tools}}`` placeholder
WRAPPER_FILE = "agent.system.tools.md"
_TOOL_PREFIX = "agent.system.tool."
_PROMPT_SUFFIX = ".md"


@dataclass
class PromptSet:
    """The effective prompt files of the core agent, one profile or one plugin."""

    #: core | profile | plugin
    kind: str
    #: "core", or the profile's or plugin's name
    name: str
    #: the set's own prompt directory, posix, relative to the root
    directory: str
    #: file name -> root-relative posix path of the file in effect for this
    #: set (the path ends with the name), in the order of the names
    files: dict[str, str] = field(default_factory=dict)
    #: for a profile: file names it overrides (that the core set has too)
    overrides: list[str] = field(default_factory=list)
    #: the directories of ``files`` that are the set's own, when known: the
    #: core set's are every configured prompt directory (less those a run
    #: excludes), a plugin's its own; unknown for a profile, whose files are
    #: the core ones overlaid by those of its directory
    #: (how the set was found, not what it is: not compared)
    sources: tuple[str, ...] | None = field(default=None, compare=False)

    def tool_prompts(self) -> dict[str, str]:
        """Tool prompt files (``agent.system.tool.<key>.md``) by file name."""
        return {name: path for name, path in self.files.items() if tool_key(name) is not None}

    def wrapper(self) -> str | None:
        """Path of the tool listing wrapper (``agent.system.tools.md``), if any."""
        return self.files.get(WRAPPER_FILE)

    def anchor(self) -> str | None:
        """The file the set's tool listing is reported at: its wrapper, else its first file."""
        return self.wrapper() or next(iter(self.files.values()), None)

    def own_files(self) -> dict[str, str]:
        """The files that live in this set's own directories: for the core
        set, every configured prompt directory (a tool prompt in the second
        of ``prompt-dirs`` teaches as one in the first does); for a profile,
        its directory only (found once per set: discovery's files are not
        changed afterwards; nor is this)."""
        return self._own

    def own_prompts(self) -> tuple[str, ...]:
        """The paths of the own files that may be prompts: every one but the
        directory's ``AGENTS.md`` (its documentation, never a prompt), in the
        order of :meth:`own_files`."""
        return self._own_prompts

    @cached_property
    def _own_prompts(self) -> tuple[str, ...]:
        return tuple(path for name, path in self._own.items() if name != "AGENTS.md")

    @cached_property
    def _own(self) -> dict[str, str]:
        if self.sources is not None:
            sources = {"" if d in ("", ".") else d for d in self.sources}
            return {n: p for n, p in self.files.items() if p.rpartition("/")[0] in sources}
        prefix = self.directory + "/"
        return {name: path for name, path in self.files.items() if path.startswith(prefix)}


def tool_key(file_name: str) -> str | None:
    """The key of a tool prompt file name: ``agent.system.tool.call_sub.md`` -> ``call_sub``.

    The key often but not always equals the tool's name; the name is what the
    prompt's heading and examples say.
    """
    if not (file_name.startswith(_TOOL_PREFIX) and file_name.endswith(_PROMPT_SUFFIX)):
        return None
    key = file_name[len(_TOOL_PREFIX) : -len(_PROMPT_SUFFIX)]
    return key or None


def discover_prompt_sets(
    root: Path,
    prompt_dirs: Iterable[str] = ("prompts",),
    profiles_glob: str = "agents/*/prompts",
    plugins_glob: str = "plugins/*/prompts",
    profile_names: Iterable[str] = (),
) -> list[PromptSet]:
    """The core set (when a prompt directory exists), then profiles, then plugins.

    Profiles and plugins are each sorted by name. A profile is listed even when
    there is no core set; it then has only its own files. A profile without
    its prompt directory (git keeps no empty directory) is one too, with the
    core files only, when its directory (``agents/<name>``, the glob's part
    above the prompt directory) holds an ``agent.yaml`` or its name is one of
    ``profile_names`` (the profiles with a tool directory of their own).
    """
    root = Path(root)
    real_root = _real(root)
    if real_root is None:
        return []
    sets: list[PromptSet] = []

    core_files: dict[str, str] = {}
    core_directory: str | None = None
    core_directories: list[str] = []
    for directory in prompt_dirs:
        path = root / directory
        if not _inside(path, real_root) or not path.is_dir():
            continue
        core_directory = core_directory or _relative(path, root)
        core_directories.append(_relative(path, root))
        # the directory listed first wins
        core_files = {**_prompt_files(path, root, real_root), **core_files}
    if core_directory is not None:
        sets.append(
            PromptSet(
                "core",
                "core",
                core_directory,
                _by_name(core_files),
                sources=tuple(core_directories),
            )
        )

    profiles = _matches(root, real_root, profiles_glob)
    for name, directory in _without_prompts(root, real_root, profiles_glob, profile_names):
        if all(name != known for known, _ in profiles):
            profiles.append((name, root / directory))
    for name, path in sorted(profiles):
        own = _prompt_files(path, root, real_root) if path.is_dir() else {}
        files = _by_name({**core_files, **own})
        overrides = sorted(set(own) & set(core_files))
        sets.append(PromptSet("profile", name, _relative(path, root), files, overrides))

    for name, path in _matches(root, real_root, plugins_glob):
        files = _by_name(_prompt_files(path, root, real_root))
        directory = _relative(path, root)
        sets.append(PromptSet("plugin", name, directory, files, sources=(directory,)))
    return sets


def _by_name(files: dict[str, str]) -> dict[str, str]:
    """``files`` in the order of their names."""
    names = sorted(files)
    return dict(zip(names, map(files.__getitem__, names), strict=True))


def _matches(root: Path, real_root: Path, pattern: str) -> list[tuple[str, Path]]:
    """Directories matching ``pattern``, named by the part its first wildcard
    matched; without a wildcard, by the directory above a ``prompts``
    directory, else by the directory's own name."""
    parts = Path(pattern).parts
    wildcard = next((i for i, part in enumerate(parts) if any(c in part for c in "*?[")), None)
    found: dict[str, Path] = {}
    try:
        matches = sorted(root.glob(pattern))
    except (OSError, ValueError):  # an unreadable directory or a malformed pattern
        return []
    for path in matches:
        if not _inside(path, real_root) or not path.is_dir():
            continue
        relative = path.relative_to(root).parts
        if wildcard is not None and wildcard < len(relative):
            name = relative[wildcard]
        elif path.name == "prompts":  # ``agents/x/prompts``: the directory above
            name = path.parent.name or path.name
        else:  # ``prompts/x``, the older layout's profile: the directory itself
            name = path.name
        # Two matches of one name (``a/x/prompts``, ``b/x/prompts``): the first wins.
        found.setdefault(name, path)
    return sorted(found.items())


def _without_prompts(
    root: Path, real_root: Path, pattern: str, names: Iterable[str]
) -> list[tuple[str, str]]:
    """(name, prompt directory) of the profiles whose directory the glob's
    single ``*`` part names, that hold an ``agent.yaml`` or are named in
    ``names``, whether their prompt directory exists or not."""
    parts = pattern.strip("/").split("/")
    wild = [i for i, part in enumerate(parts) if any(c in part for c in "*?[")]
    if len(wild) != 1 or parts[wild[0]] != "*" or wild[0] == len(parts) - 1:
        return []
    above, below = "/".join(parts[: wild[0]]), "/".join(parts[wild[0] + 1 :])
    base = root / above if above else root
    try:
        candidates = sorted(os.listdir(base)) if _inside(base, real_root) else []
    except OSError:
        return []
    wanted = set(names)
    found: list[tuple[str, str]] = []
    for name in candidates:
        profile = base / name
        if name.startswith(".") or not _inside(profile, real_root) or not profile.is_dir():
            continue
        if os.path.lexists(profile / below):
            continue  # its prompt directory is there: found as such, or not followed
        if name in wanted or (profile / "agent.yaml").is_file():
            found.append((name, f"{above}/{name}/{below}" if above else f"{name}/{below}"))
    return found


def _prompt_files(directory: Path, root: Path, real_root: Path) -> dict[str, str]:
    """Prompt files directly in ``directory``: name -> root-relative posix path."""
    files: dict[str, str] = {}
    prefix = _relative(directory, root)
    try:
        entries = list(os.scandir(directory))
    except OSError as exc:
        if absent(exc):
            return files
        raise refuse(prefix, exc) from None  # its prompts are unknown, not none
    prefix = "" if prefix in ("", ".") else prefix + "/"
    for entry in entries:
        name = entry.name
        if not name.endswith(_PROMPT_SUFFIX):
            continue  # .py variable providers, caches, editor leftovers
        try:
            if not entry.is_file():
                continue
            if entry.is_symlink() and not _inside(Path(entry.path), real_root):
                continue
        except OSError:
            continue
        files[name] = prefix + name
    return files


def _real(path: Path) -> Path | None:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symlink loop on older Pythons
        return None


def _inside(path: Path, real_root: Path) -> bool:
    """Whether ``path``, links resolved, stays inside the root."""
    real = _real(path)
    return real is not None and (real == real_root or real_root in real.parents)


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()
