"""The older Agent Zero layout of prompts, told from file names alone.

Releases before agent profiles kept their prompts one level down:
``prompts/default/`` holds the core prompts (the tool prompts among them),
each other subdirectory of ``prompts/`` holding prompts is a profile's
(``prompts/<profile>/``, overriding the core files it names), and
``prompts/`` itself holds no tool prompt (an add-on copied over an
installation may leave ``prompts/default/`` out, its profile teaching its
tools). ``doxtool init`` writes that layout
into the configuration it writes; a configuration that does not set
``prompt-dirs`` is read that way too (:func:`fitted`), since its default
(``prompts/``) would find no prompt there and report every tool untaught.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from doxtool.core.config import Config
from doxtool.prompts.sets import tool_key

#: the directory of the core prompts below ``prompts/`` in the older layout
CORE = "default"
#: the default core prompt directory, which the older layout holds the others in
PROMPTS = "prompts"


@dataclass(frozen=True)
class OlderPrompts:
    """A prompt directory laid out the older way (posix, relative to the root)."""

    #: the core prompt directory: ``prompts/default``
    core: str
    #: the profiles' prompt directories (``prompts/<profile>``), in name order
    profiles: tuple[str, ...]


def has_tool_prompts(names: Iterable[str]) -> bool:
    """Whether any of these file names is a tool prompt's (``agent.system.tool.<key>.md``)."""
    return any(tool_key(name) is not None for name in names)


def older_prompts(rel: str, listed: Mapping[str, Sequence[str]]) -> OlderPrompts | None:
    """The prompt directory ``rel`` as the older layout has it, or None when
    it is not laid out that way: ``rel`` holds no tool prompt and
    ``rel/default`` does, or, with no tool prompt in either, ``rel`` holds
    no prompt and ``rel/default`` does, or ``rel`` holds no prompt and a
    profile's ``rel/<name>`` holds a tool prompt. ``listed`` maps ``rel`` and its subdirectories
    (``rel/<name>``) to the names of the files in each."""
    own = listed.get(rel, ())
    if has_tool_prompts(own):
        return None
    core = listed.get(f"{rel}/{CORE}", ())
    profiles = []
    for sub, files in listed.items():
        parent, _, name = sub.rpartition("/")
        if parent == rel and name != CORE and any(f.endswith(".md") for f in files):
            profiles.append(sub)
    # no tool prompt yet (a repository adopting doxtool before teaching its
    # tools): ``rel/default`` holding prompts where ``rel`` holds none; or
    # the core prompts left out (an add-on copied over an installation):
    # only a profile's directory teaches tools, ``rel`` holding no prompt
    if _prompts(own) and not has_tool_prompts(core):
        return None
    taught = has_tool_prompts(core) or any(has_tool_prompts(listed[sub]) for sub in profiles)
    if not taught and not _prompts(core):
        return None
    return OlderPrompts(f"{rel}/{CORE}", tuple(sorted(profiles)))


#: Markdown files of a prompt directory that are no prompt
_NOT_PROMPTS = frozenset({"AGENTS.md", "README.md"})


def _prompts(names: Iterable[str]) -> bool:
    """Whether any of these file names is a prompt's (Markdown, not a
    directory's ``AGENTS.md`` or ``README.md``)."""
    return any(name.endswith(".md") and name not in _NOT_PROMPTS for name in names)


def fitted(config: Config, root: Path) -> Config:
    """``config`` for a repository whose ``prompts/`` is laid out the older
    way, when the configuration leaves ``prompt-dirs`` to its default:
    ``prompts/default`` is then the core prompt directory, and each profile
    directory beside it is added to ``profile-prompt-dirs`` unless that is
    configured. Any other configuration is returned as it is."""
    if "prompt-dirs" in config.given or config.prompt_dirs != [PROMPTS]:
        return config
    if not os.path.isdir(root / PROMPTS / CORE) and _holds_prompt(root / PROMPTS):
        return config  # one look, where a newer layout's prompts/ holds thousands of files
    found = older_prompts(PROMPTS, _listed(root, PROMPTS))
    if found is None:
        return config
    profile_dirs = config.profile_prompt_dirs
    if "profile-prompt-dirs" not in config.given:
        profile_dirs = [*profile_dirs, *(d for d in found.profiles if d not in profile_dirs)]
    return dataclasses.replace(config, prompt_dirs=[found.core], profile_prompt_dirs=profile_dirs)


def _holds_prompt(directory: Path) -> bool:
    """Whether ``directory`` holds a prompt file itself (stopping at the
    first), or cannot be listed."""
    try:
        with os.scandir(directory) as entries:
            return any(
                _prompts((entry.name,)) and not entry.is_dir(follow_symlinks=False)
                for entry in entries
            )
    except OSError:
        return True


def _listed(root: Path, rel: str) -> dict[str, list[str]]:
    """``rel`` and its subdirectories (links not followed), each with the
    names of the entries in it; an unreadable directory lists nothing."""
    listed: dict[str, list[str]] = {rel: []}
    subdirectories: list[str] = []
    try:
        with os.scandir(root / rel) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    subdirectories.append(entry.name)
                else:
                    listed[rel].append(entry.name)
    except OSError:
        return {}
    for name in subdirectories:
        try:
            listed[f"{rel}/{name}"] = os.listdir(root / rel / name)
        except OSError:
            continue
    return listed
