"""Detecting a repository's layout, for ``doxtool init``.

The filesystem is looked at (directory and file names), a regular
expression over files named ``tool.py`` finds the ``Tool`` base class, as
``ast`` does a base by what its module defines in any module
(:mod:`doxtool.python.basedetect`), and the modules of each ``tools``
directory, and of other directories, are read with ``ast`` for a class
deriving from it (:mod:`doxtool.run.layoutdirs`). Nothing is imported or
executed.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from fnmatch import fnmatch
from pathlib import Path

from doxtool.agents.declarations import declared_directories
from doxtool.companions.conventions import detect_convention
from doxtool.core.config import DEFAULT_EXCLUDE, Config
from doxtool.core.source import ReadError, read_text
from doxtool.prompts.olderlayout import older_prompts
from doxtool.python.basedetect import base_classes
from doxtool.python.names import module_name, source_root
from doxtool.run.basespelling import as_imported
from doxtool.run.layoutdirs import ToolDirCandidates, preferred
from doxtool.run.project import COMPANION_SUFFIX

_TOOL_CLASS = re.compile(r"^class\s+Tool\b", re.MULTILINE)
_TEST_DIRS = ("tests", "test")
#: directories whose content is not what the agent runs: tests, their
#: fixtures, documentation and its examples, benchmarks and evaluations. A ``prompts`` or ``tools``
#: directory in one (``docs/examples/prompts``, ``tests/fixtures/tools``)
#: shows how files look; it is no core, profile or plugin directory
_NOT_RUNTIME = frozenset(
    {
        *_TEST_DIRS,
        "testdata",
        "test_data",
        "fixtures",
        "fixture",
        "docs",
        "doc",
        "examples",
        "example",
        "samples",
        "sample",
        "demos",
        "demo",
        "bench",
        "benchmark",
        "benchmarks",
        "evals",
    }
)
#: parents whose children are plugins or profiles: ``plugins/<name>/tools``
_PLUGIN_PARENTS = ("plugins",)
_PROFILE_PARENTS = ("agents",)
MAX_DEPTH = 6


@dataclass
class Layout:
    """What ``doxtool init`` found (posix paths and globs, relative to the root)."""

    tool_dirs: list[str] = field(default_factory=list)
    tool_modules: int = 0
    #: agent profiles' own tool directories (``agents/*/tools``), kept apart
    #: from the core tool directories
    profile_tool_dirs: list[str] = field(default_factory=list)
    tool_bases: list[str] = field(default_factory=list)
    base_files: list[str] = field(default_factory=list)
    #: the bases by their files' paths from the root (``src.myagent.helpers.tool.Tool``)
    base_paths: list[str] = field(default_factory=list)
    prompt_dirs: list[str] = field(default_factory=list)
    profile_prompt_dirs: list[str] = field(default_factory=list)
    profiles: list[str] = field(default_factory=list)
    plugin_prompt_dirs: list[str] = field(default_factory=list)
    plugins: list[str] = field(default_factory=list)
    #: directories holding companions that are neither tool dirs nor declared
    documented_dirs: list[str] = field(default_factory=list)
    #: directories whose AGENTS.md declares them file-documented (found anyway)
    declared_dirs: list[str] = field(default_factory=list)
    test_dirs: list[str] = field(default_factory=list)
    #: the convention the companions follow (doxtool.companions.conventions), and why
    convention: str = "doxtool"
    convention_reason: str = ""

    def describe(self) -> list[str]:
        """One line per finding, for the person running ``init``."""

        def listing(items: list[str]) -> str:
            return ", ".join(items) if items else "none"

        profile_tools = (
            [f"profile tool directories: {listing(self.profile_tool_dirs)}"]
            if self.profile_tool_dirs
            else []
        )
        return [
            f"tool directories: {listing(self.tool_dirs)} "
            f"({self.tool_modules} module{'' if self.tool_modules == 1 else 's'})",
            *profile_tools,
            f"tool base classes: {listing(self.tool_bases)}"
            + (f" (in {', '.join(self.base_files)})" if self.base_files else ""),
            f"prompt directories: {listing(self.prompt_dirs)}",
            f"profiles: {listing(self.profiles)}",
            f"plugins: {listing(self.plugins)}",
            f"file-documented directories: {listing(self.documented_dirs)}"
            + (
                f"; declared in AGENTS.md: {', '.join(self.declared_dirs)}"
                if self.declared_dirs
                else ""
            ),
            f"test directories: {listing(self.test_dirs)}",
            f"companion convention: {self.convention}"
            + (f" ({self.convention_reason})" if self.convention_reason else ""),
        ]


def _walk(root: Path) -> list[tuple[str, list[str]]]:
    """(relative dir, files) below ``root``, skipping what doxtool skips."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = Path(dirpath).relative_to(root).as_posix()
        depth = 0 if rel == "." else rel.count("/") + 1
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not d.startswith(".")
            and d not in DEFAULT_EXCLUDE
            and not os.path.islink(os.path.join(dirpath, d))
            and depth < MAX_DEPTH
        )
        out.append((rel, sorted(filenames)))
    return out


def _under_tests(rel: str) -> bool:
    return rel.split("/", 1)[0] in _TEST_DIRS


def _not_runtime(rel: str) -> bool:
    """Whether a directory lies in one the agent does not run
    (:data:`_NOT_RUNTIME`, at any depth: ``docs/examples/prompts``,
    ``plugins/x/tests/tools``)."""
    return any(part.lower() in _NOT_RUNTIME for part in rel.split("/"))


def _generalise(rel: str, parents: tuple[str, ...]) -> tuple[str, str] | None:
    """``plugins/x/tools`` -> (``plugins/*/tools``, ``x``), for a plugin or profile parent."""
    parts = rel.split("/")
    if len(parts) >= 3 and parts[-3] in parents:
        return "/".join([*parts[:-2], "*", parts[-1]]), parts[-2]
    return None


def _add(items: list[str], value: str) -> None:
    if value not in items:
        items.append(value)


#: companions read to tell which convention a repository follows
_CONVENTION_SAMPLE = 400


def detect(root: Path) -> Layout:
    layout = Layout()
    companions: list[str] = []
    walked = _walk(root)
    listed = dict(walked)
    candidates = ToolDirCandidates()
    for rel, files in walked:
        name = rel.rsplit("/", 1)[-1]
        modules = [f for f in files if f.endswith(".py") and f != "__init__.py"]
        if "AGENTS.md" in files and not _under_tests(rel):
            _declared(root, rel, layout.declared_dirs)
        if rel != "." and not _not_runtime(rel):
            candidates.note_prompts(files)
            if name == "tools" and modules:
                candidates.add(rel, modules)
            elif modules:
                candidates.add_other(rel, modules)
            if name == "prompts" and any(f.endswith(".md") for f in files):
                profile = _generalise(rel, _PROFILE_PARENTS)
                plugin = _generalise(rel, _PLUGIN_PARENTS)
                if profile:
                    _add(layout.profile_prompt_dirs, profile[0])
                    _add(layout.profiles, profile[1])
                elif plugin:
                    _add(layout.plugin_prompt_dirs, plugin[0])
                    _add(layout.plugins, plugin[1])
                elif not _prompt_subdirs(rel, listed, layout):
                    _add(layout.prompt_dirs, rel)
            elif name == "prompts" and not _generalise(rel, (*_PROFILE_PARENTS, *_PLUGIN_PARENTS)):
                _prompt_subdirs(rel, listed, layout)
            if "tool.py" in files:
                text = read_text(root / rel / "tool.py", python=True)
                if not isinstance(text, ReadError) and _TOOL_CLASS.search(text.text):
                    _add(
                        layout.tool_bases,
                        module_name(f"{rel}/tool.py", source_root(root)) + ".Tool",
                    )
                    _add(layout.base_files, f"{rel}/tool.py")
                    _add(layout.base_paths, module_name(f"{rel}/tool.py") + ".Tool")
            for f in modules:
                _structural_bases(root, f"{rel}/{f}", layout)
            if any(f.endswith(".py" + COMPANION_SUFFIX) for f in files):
                _add(layout.documented_dirs, rel)
                for f in sorted(files):
                    if (
                        f.endswith(".py" + COMPANION_SUFFIX)
                        and len(companions) < _CONVENTION_SAMPLE
                    ):
                        text = read_text(root / rel / f)
                        if not isinstance(text, ReadError):
                            companions.append(text.text)
    _tool_dirs(root, layout, candidates)
    # the framework's own first (`scaffold` writes into the first tool directory)
    layout.prompt_dirs = preferred(layout.prompt_dirs)
    # as the code imports them (a framework in a directory of its own runs from there)
    named, src = candidates.named_bases, source_root(root)
    layout.tool_bases = [as_imported(root, base, named, src) for base in layout.tool_bases]
    layout.tool_bases = list(dict.fromkeys(filter(None, map(_importable, layout.tool_bases))))
    layout.test_dirs = [d for d in _TEST_DIRS if (root / d).is_dir()]
    found = detect_convention(companions)
    layout.convention, layout.convention_reason = found.name, found.reason
    plugin_tools = {d for d in layout.tool_dirs if "*" in d}
    layout.plugins.extend(p for p in _plugin_names(root, plugin_tools) if p not in layout.plugins)
    layout.plugins.sort()
    layout.declared_dirs = [
        d for d in layout.declared_dirs if not _in_tool_dirs(d, layout.tool_dirs)
    ]
    layout.documented_dirs = [
        d
        for d in layout.documented_dirs
        if d not in layout.declared_dirs and not _in_tool_dirs(d, layout.tool_dirs)
    ]
    return layout


def _tool_dirs(root: Path, layout: Layout, candidates: ToolDirCandidates) -> None:
    """Fill the layout's tool directories with the candidates holding tools,
    the core ones generalised to patterns for plugins and profiles."""
    bases = [*layout.base_paths, *layout.tool_bases, *Config().tool_bases]
    with_tools = candidates.with_tools(root, bases)
    core: list[str] = []
    for rel in with_tools:
        profile = _generalise(rel, _PROFILE_PARENTS)
        plugin = _generalise(rel, _PLUGIN_PARENTS)
        if profile:
            _add(layout.profile_tool_dirs, profile[0])
        else:
            _add(core, plugin[0] if plugin else rel)
    layout.tool_dirs = preferred(core)
    layout.tool_modules = sum(
        len(modules)
        for rel, modules in [*candidates.modules.items(), *candidates.others.items()]
        if rel in with_tools and _in_tool_dirs(rel, layout.tool_dirs)
    )


def _structural_bases(root: Path, path: str, layout: Layout) -> None:
    """Add the tool bases the module at ``path`` defines by what it defines
    (:mod:`doxtool.python.basedetect`): a fork's ``class BaseTool`` beside its
    ``Response``, in a ``tool.py`` beside ``class Tool`` too (a fork moving
    its tools to a base of its own keeps the old one)."""
    text = read_text(root / path, python=True)
    if isinstance(text, ReadError):
        return
    for name in base_classes(text.text):
        _add(layout.tool_bases, f"{module_name(path, source_root(root))}.{name}")
        _add(layout.base_files, path)
        _add(layout.base_paths, f"{module_name(path)}.{name}")


def _importable(base: str) -> str | None:
    """A base's dotted name as code imports it: a directory whose name is no
    identifier (``agents-a/helpers/tool.py``) is no package, so the module's
    name starts below it (``helpers.tool.Tool``); None when nothing is left."""
    parts = base.split(".")
    kept = parts
    for i, part in enumerate(parts):
        if not part.isidentifier():
            kept = parts[i + 1 :]
    return ".".join(kept) if len(kept) >= 2 else None


def _prompt_subdirs(rel: str, listed: dict[str, list[str]], layout: Layout) -> bool:
    """Add ``rel`` to the layout as the older layout has it
    (:mod:`doxtool.prompts.olderlayout`); whether it is laid out that way."""
    subdirectories = {sub: files for sub, files in listed.items() if sub.rpartition("/")[0] == rel}
    found = older_prompts(rel, {rel: listed.get(rel, []), **subdirectories})
    if found is None:
        return False
    _add(layout.prompt_dirs, found.core)
    for sub in found.profiles:
        _add(layout.profile_prompt_dirs, sub)
        _add(layout.profiles, sub.rpartition("/")[2])
    return True


def _declared(root: Path, rel: str, found: list[str]) -> None:
    """Add the directories ``rel``'s AGENTS.md declares file-documented (those there)."""
    text = read_text(root / rel / "AGENTS.md")
    if isinstance(text, ReadError):
        return
    for declared in declared_directories(text.text, rel):
        if declared == rel or (root / declared).is_dir():
            _add(found, declared)


def _plugin_names(root: Path, patterns: set[str]) -> list[str]:
    names = []
    for pattern in sorted(patterns):
        for path in sorted(root.glob(pattern)):
            rel = path.relative_to(root).as_posix().split("/")
            names.append(rel[pattern.split("/").index("*")])
    return names


def _in_tool_dirs(rel: str, tool_dirs: list[str]) -> bool:
    return any(fnmatch(rel, pattern) for pattern in tool_dirs)


def _toml_list(values: list[str]) -> str:
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def _plugin_tool_dirs(layout: Layout, defaults: Config) -> list[str]:
    """The plugin tool directories a written ``tool-dirs`` lacks: those beside
    each plugin prompt directory in force (``plugins/*/tools`` beside
    ``plugins/*/prompts``, the defaults' when none was found), so that a
    plugin added later has its tools read as its prompts are."""
    if not layout.plugin_prompt_dirs:
        wanted = [d for d in defaults.tool_dirs if "*" in d]
    else:
        wanted = [
            d.removesuffix("/prompts") + "/tools"
            for d in layout.plugin_prompt_dirs
            if d.endswith("/prompts")
        ]
    return [d for d in dict.fromkeys(wanted) if d not in layout.tool_dirs]


def render_table(layout: Layout, header: bool = True) -> str:
    """The ``[tool.doxtool]`` table (or a ``doxtool.toml`` body) for ``layout``."""
    defaults = Config()
    lines = ["[tool.doxtool]"] if header else []
    lines.append("# written by `doxtool init`; every key is optional (README: Configuration)")

    def key(name: str, values: list[str], default: list[str], note: str = "") -> None:
        if values:
            lines.append(f"{name} = {_toml_list(values)}" + (f"  # {note}" if note else ""))
        else:
            lines.append(f"# {name}: none found; the default is {_toml_list(default)}")

    modules = f"{layout.tool_modules} module{'' if layout.tool_modules == 1 else 's'}"
    # none found leaves the default, which has them
    plugin_tools = _plugin_tool_dirs(layout, defaults) if layout.tool_dirs else []
    if plugin_tools:
        modules += f"; {', '.join(plugin_tools)}: plugins' tools"
    key("tool-dirs", [*layout.tool_dirs, *plugin_tools], defaults.tool_dirs, modules)
    if layout.profile_tool_dirs:
        key("profile-tool-dirs", layout.profile_tool_dirs, defaults.profile_tool_dirs)
    key("tool-bases", layout.tool_bases, defaults.tool_bases)
    key("prompt-dirs", layout.prompt_dirs, defaults.prompt_dirs)
    key(
        "profile-prompt-dirs",
        layout.profile_prompt_dirs,
        defaults.profile_prompt_dirs,
        "profiles: " + ", ".join(layout.profiles) if layout.profiles else "",
    )
    key(
        "plugin-prompt-dirs",
        layout.plugin_prompt_dirs,
        defaults.plugin_prompt_dirs,
        "plugins: " + ", ".join(layout.plugins) if layout.plugins else "",
    )
    if layout.declared_dirs:
        lines.append(
            "# file-documented by their AGENTS.md (found without configuration): "
            + ", ".join(layout.declared_dirs)
        )
    lines.append(f"documented-dirs = {_toml_list(layout.documented_dirs)}")
    key("test-dirs", layout.test_dirs, defaults.test_dirs)
    lines.append(f"internal-tools = {_toml_list(defaults.internal_tools)}")
    note = f"  # {layout.convention_reason}" if layout.convention_reason else ""
    lines.append(f'convention = "{layout.convention}"{note}')
    return "\n".join(lines) + "\n"
