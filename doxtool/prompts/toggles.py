"""Whether Agent Zero loads a plugin: its directories and toggle files.

A plugin ``<name>`` is a directory of ``usr/plugins/`` (the user's) or of
``plugins/`` (bundled) holding a ``plugin.yaml``; the user's directory wins
(helpers/plugins.py ``get_plugins_list``, ``find_plugin_dir``): a bundled
plugin of a name a user plugin takes is not loaded. Every plugin is on unless
turned off (``determined_toggle_from_paths`` over ``get_plugin_roots``,
bundled then user): ``plugins/<name>/.toggle-0`` turns it off, then in
``usr/plugins/<name>/``, ``.toggle-0`` turns an on plugin off and
``.toggle-1`` an off one on. A plugin directory configured elsewhere
(``ext/<name>``) is off by its own ``.toggle-0`` alone.

``exists`` says whether a repository file is there and read: a file of an
excluded directory (``usr``, by default) counts as absent.
"""

from __future__ import annotations

from collections.abc import Callable

#: a file in a plugin's directory that turns the plugin off (Agent Zero's
#: helpers/plugins.py ``DISABLED_FILE_NAME``): every plugin is on without it
PLUGIN_OFF = ".toggle-0"
#: the file that turns it on again (``ENABLED_FILE_NAME``)
PLUGIN_ON = ".toggle-1"
#: the file that makes a directory a plugin (``META_FILE_NAME``)
PLUGIN_META = "plugin.yaml"
#: where the user's plugins are, and the bundled ones
USER_PLUGINS = "usr/plugins"
BUNDLED_PLUGINS = "plugins"


def with_user_plugins(patterns: list[str]) -> list[str]:
    """``patterns`` (globs of plugin directories' parts, ``plugins/*/prompts``)
    followed by the same below the user's plugins (``usr/plugins/*/prompts``)
    for each below the bundled ones: the framework finds a plugin's files in
    either root (helpers/plugins.py ``get_plugin_roots``)."""
    user = [
        f"{USER_PLUGINS}/{pattern[len(BUNDLED_PLUGINS) + 1 :]}"
        for pattern in patterns
        if pattern.startswith(f"{BUNDLED_PLUGINS}/")
    ]
    return list(dict.fromkeys([*patterns, *user]))


def plugin_dir(path: str) -> str | None:
    """The plugin directory (``plugins/<name>`` or ``usr/plugins/<name>``)
    of a path below one, or None."""
    for parent in (USER_PLUGINS, BUNDLED_PLUGINS):
        if path.startswith(f"{parent}/"):
            name = path[len(parent) + 1 :].split("/", 1)[0]
            return f"{parent}/{name}" if name and "/" in path[len(parent) + 1 :] else None
    return None


def plugin_name(directory: str) -> str:
    """The name of a plugin directory: its last part."""
    return directory.rstrip("/").rsplit("/", 1)[-1]


def plugin_loaded(directory: str, exists: Callable[[str], bool]) -> bool:
    """Whether Agent Zero loads the plugin of ``directory`` (a plugin
    directory, :func:`plugin_dir`, or one configured elsewhere)."""
    parent, _, name = directory.rstrip("/").rpartition("/")
    if parent not in (USER_PLUGINS, BUNDLED_PLUGINS):
        return not exists(f"{directory}/{PLUGIN_OFF}")
    user = f"{USER_PLUGINS}/{name}"
    if parent == BUNDLED_PLUGINS and exists(f"{user}/{PLUGIN_META}"):
        return False  # the user's plugin of that name is loaded instead
    if not exists(f"{BUNDLED_PLUGINS}/{name}/{PLUGIN_OFF}"):
        return not exists(f"{user}/{PLUGIN_OFF}")
    return exists(f"{user}/{PLUGIN_ON}")
