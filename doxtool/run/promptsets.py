"""The prompt sets of a project as its configuration has them: those a run
checks, and those it excludes (there at run time all the same)."""

from __future__ import annotations

import dataclasses

from doxtool.prompts.sets import PromptSet, discover_prompt_sets
from doxtool.run.plugindirs import in_undeclared, undeclared_plugins, with_user_plugins
from doxtool.run.project import Project


def project_prompt_sets(project: Project) -> tuple[list[PromptSet], list[PromptSet]]:
    """The prompt sets a run checks, and those the configuration excludes.

    Every configured pattern of profile and plugin prompt directories is
    asked; a set found twice is kept once. A set whose directory is excluded
    is left out whole; a directory of ``prompt-dirs`` excluded while the
    core set is not keeps its files on the core search path, but they are
    not the set's own (not checked): it is left out as a core set of its own
    holding them.

    A pattern below the bundled plugins (``plugins/*/prompts``) asks the
    user's too (``usr/plugins/*/prompts``), as the framework finds a plugin
    in either root; a user plugin's set so found is dropped whole when its
    directory is excluded (``usr``, by default): the user's state is not
    the repository's. The set of a directory the framework takes for no
    plugin (no ``plugin.yaml`` beside ones that have it:
    :mod:`doxtool.run.plugindirs`) is dropped whole too: nothing loads it.
    """
    config = project.config
    sets: list[PromptSet] = []
    nothing = ".doxtool-matches-nothing/*"
    profiled = list(project.profile_tool_modules)
    excluded = project.excluded
    undeclared = undeclared_plugins(project.root, excluded)
    for profiles in config.profile_prompt_dirs or [nothing]:
        for plugins in with_user_plugins(config.plugin_prompt_dirs) or [nothing]:
            user = plugins not in config.plugin_prompt_dirs
            for found in discover_prompt_sets(
                project.root, config.prompt_dirs, profiles, plugins, profiled
            ):
                if user and found.kind == "plugin":
                    if excluded(found.directory):
                        continue
                elif user:
                    continue  # asked for the plugins: the rest is found by the others
                if found.kind == "plugin" and in_undeclared(found.directory, undeclared):
                    continue
                if all((s.kind, s.directory) != (found.kind, found.directory) for s in sets):
                    sets.append(found)
    kept = [s for s in sets if not excluded(s.directory)]
    left_out = [s for s in sets if excluded(s.directory)]
    for index, prompt_set in enumerate(kept):
        sources = prompt_set.sources or ()
        if prompt_set.kind != "core" or not any(map(excluded, sources)):
            continue
        kept[index] = dataclasses.replace(
            prompt_set, sources=tuple(d for d in sources if not excluded(d))
        )
        for directory in filter(excluded, sources):
            parent = "" if directory in ("", ".") else directory
            files = {
                name: path
                for name, path in prompt_set.files.items()
                if path.rpartition("/")[0] == parent
            }
            left_out.append(PromptSet("core", "core", directory, files, sources=(directory,)))
    return kept, left_out
