"""A standalone plugin repository: its root is an Agent Zero plugin.

Agent Zero installs a plugin at ``usr/plugins/<name>/``, ``<name>`` being the
``name`` its ``plugin.yaml`` gives (the installer refuses a plugin without
one), and the plugin's code imports its own modules by that path:
``from usr.plugins.<name>.helpers.x import y``. In the plugin's own
repository those modules are at the root (``helpers/x.py``), so the package
``usr.plugins.<name>`` is the root.

Some plugins are written to be installed among the framework's own, at
``plugins/<name>/``, and import their modules as ``plugins.<name>.helpers.x``.
``plugins.<name>`` names the root too, but only where it can name nothing
else: the repository has no ``plugins/<name>`` of its own (a full Agent Zero
checkout's bundled plugins are read where they are). Otherwise that spelling
stays a module doxtool does not read.

Only a ``plugin.yaml`` at the root whose ``name`` is read for certain counts:
a plain top-level ``name:`` key, given once, whose value is a Python
identifier (no import spells another). Anything else (no file, a link out of
the root, a flow mapping, a name given twice) maps nothing.
"""

from __future__ import annotations

import dataclasses
import keyword
import os
import re
from functools import cached_property
from typing import TYPE_CHECKING

from doxtool.core.outline_facts import ImportOutline
from doxtool.core.source import ReadError, read_text
from doxtool.run.importroots import module_file

if TYPE_CHECKING:
    from pathlib import Path

#: the file that makes a directory an Agent Zero plugin
PLUGIN_FILE = "plugin.yaml"
#: the package Agent Zero's user plugins are imported from
USER_PLUGINS = "usr.plugins"
#: the package the framework's bundled plugins are imported from
BUNDLED_PLUGINS = "plugins"

#: a top-level ``name`` key and its value, plain or quoted, and a comment
_NAME = re.compile(
    r"""^name[ \t]*:[ \t]*(?:"(?P<double>[^"\\]*)"|'(?P<single>[^']*)'|(?P<plain>[^\s#'"]+))"""
    r"""[ \t]*(?:#.*)?$"""
)
#: plain values YAML reads as no string (a boolean, null)
_NOT_STRINGS = frozenset({"true", "false", "yes", "no", "on", "off", "null", "y", "n"})
#: a line that may give a top-level ``name`` key in a way not read above
_NAME_KEY = re.compile(r"""^(?:name|["']name["'])[ \t]*:""")


def plugin_name(root: Path) -> str | None:
    """The name the ``plugin.yaml`` at ``root`` gives its plugin, when read
    for certain and importable; None otherwise."""
    text = read_text(root / PLUGIN_FILE, root=root)
    if isinstance(text, ReadError):
        return None
    names: list[str | None] = []
    for line in text.text.splitlines():
        if _NAME_KEY.match(line):
            found = _NAME.match(line.rstrip())
            names.append(_value(found))
    if len(names) != 1 or names[0] is None:
        return None
    name = names[0]
    return name if name.isidentifier() and not keyword.iskeyword(name) else None


def _value(found: re.Match[str] | None) -> str | None:
    """The string a ``name`` line gives; None when it gives none for certain."""
    if found is None:
        return None
    plain = found["plain"]
    if plain is not None:
        return None if plain.lower() in _NOT_STRINGS else plain
    return found["double"] if found["double"] is not None else found["single"]


class PluginRoot:
    """The root of a repository as the root of a standalone plugin: the
    packages that name it, read once."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @cached_property
    def name(self) -> str | None:
        """The plugin's name, when its ``plugin.yaml`` gives it for certain."""
        return plugin_name(self.root)

    @cached_property
    def packages(self) -> tuple[str, ...]:
        """``usr.plugins.<name>``, and ``plugins.<name>`` where the repository
        has no ``plugins/<name>`` of its own: the packages the plugin's modules
        import the root's modules by; none when the root is not known to be a
        plugin."""
        name = self.name
        if not name:
            return ()
        if any(os.path.lexists(self.root / entry) for entry in self._bundled(name)):
            return (f"{USER_PLUGINS}.{name}",)
        return (f"{USER_PLUGINS}.{name}", f"{BUNDLED_PLUGINS}.{name}")

    @staticmethod
    def _bundled(name: str) -> tuple[str, str]:
        """Where the repository would hold a bundled plugin ``name`` of its own."""
        return (f"{BUNDLED_PLUGINS}/{name}", f"{BUNDLED_PLUGINS}/{name}.py")

    @cached_property
    def roots(self) -> frozenset[str]:
        """The top-level packages that name the root (``usr``, ``plugins``), if any."""
        return frozenset(package.split(".")[0] for package in self.packages)

    def module_file(self, source: str, dotted: str) -> str | None:
        """The repository path of a module named through one of :attr:`packages`
        (``usr.plugins.<name>.helpers.x`` is ``helpers/x.py``); None otherwise."""
        for package in self.packages:
            if dotted.startswith(f"{package}."):
                return module_file(self.root, source, dotted[len(package) + 1 :])
        return None

    def unprefixed(self, imported: ImportOutline) -> ImportOutline:
        """``imported`` as the root names it: an absolute import of a module
        below one of :attr:`packages` without the package (``helpers.x``)."""
        if imported.level:
            return imported
        for package in self.packages:
            if imported.module.startswith(f"{package}."):
                return dataclasses.replace(imported, module=imported.module[len(package) + 1 :])
        return imported
