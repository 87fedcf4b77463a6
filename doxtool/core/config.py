"""``[tool.doxtool]`` configuration: defaults that fit an Agent Zero checkout.

Configuration lives in ``pyproject.toml`` (table ``[tool.doxtool]``) or in
``doxtool.toml`` (top level) at the project root: the nearest directory above
the working directory that holds either file or ``.git``.
An unknown key or a value of the wrong type is a :class:`ConfigError` naming
the key and the file; the CLI turns it into a one-line error and exit 2.
"""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doxtool.core.digests import blake2b
from doxtool.core.globs import slashed

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

DEFAULT_EXCLUDE = (
    ".git",
    ".hg",
    ".venv",
    "venv",
    "env",
    ".tox",
    ".nox",
    "__pycache__",
    ".mypy_cache",
    ".pytest_cache",
    ".ruff_cache",
    ".doxtool_cache",
    "node_modules",
    "build",
    "dist",
    "tmp",
    "usr",
    "site-packages",
)

#: the keys of a tool call every example needs: the framework reads these two
CALL_KEYS = ("tool_name", "tool_args")
DEFAULT_KEYS = ("thoughts", "headline", *CALL_KEYS)


class ConfigError(Exception):
    """A configuration problem, worded for a one-line error."""


@dataclass
class Profile:
    """The contract of one prompt profile."""

    #: top-level keys a tool-call example may hold
    allowed_keys: list[str] = field(default_factory=lambda: list(DEFAULT_KEYS))
    #: size budget of the rendered tool listing in characters (0: no budget)
    budget: int = 0
    #: whether the configuration sets ``allowed-keys`` (not a key): then
    #: those keys are the contract, else what the profile's communication
    #: prompt shows widens them (rule ``PRM007``)
    keys_given: bool = field(default=False, metadata={"internal": True})
    #: whether a tool call example may stand in a markdown fence; ``tiny-local``
    #: takes one line of inline JSON (rule ``PRM007``)
    fenced_examples: bool = True
    #: whether the configuration sets ``fenced-examples`` (not a key): then it
    #: is the contract, else a fenced reply its communication prompt shows
    #: allows fences
    fences_given: bool = field(default=False, metadata={"internal": True})


def _default_profiles() -> dict[str, Profile]:
    return {
        "default": Profile(),
        "tiny-local": Profile(allowed_keys=["tool_name", "tool_args"], fenced_examples=False),
    }


@dataclass
class Config:
    """A project's settings: the ``[tool.doxtool]`` table over these defaults."""

    #: directories (globs, relative to the root) holding tool modules; ``python/tools``
    #: is where Agent Zero releases keep them (with ``python/helpers/tool.py``)
    tool_dirs: list[str] = field(
        default_factory=lambda: ["tools", "python/tools", "plugins/*/tools"]
    )
    #: more file-documented directories, besides those whose AGENTS.md says so
    documented_dirs: list[str] = field(default_factory=list)
    #: dotted names of the classes that make a class a tool
    tool_bases: list[str] = field(
        default_factory=lambda: ["helpers.tool.Tool", "python.helpers.tool.Tool"]
    )
    #: directories (globs) of agent profiles' own tools; a profile's tool
    #: shadows a core tool of the same name for that profile only, and the
    #: profile is the directory above ``tools``
    profile_tool_dirs: list[str] = field(default_factory=lambda: ["agents/*/tools"])
    #: the core prompt directory
    prompt_dirs: list[str] = field(default_factory=lambda: ["prompts"])
    #: profile prompt directories; the profile is the directory above ``prompts``
    profile_prompt_dirs: list[str] = field(default_factory=lambda: ["agents/*/prompts"])
    #: plugin prompt directories; the plugin is the directory above ``prompts``
    plugin_prompt_dirs: list[str] = field(default_factory=lambda: ["plugins/*/prompts"])
    #: tools that need no prompt of their own
    internal_tools: list[str] = field(default_factory=lambda: ["unknown"])
    #: the ``##`` sections every ``AGENTS.md`` below the root has, in order
    agents_sections: list[str] = field(
        default_factory=lambda: [
            "Purpose",
            "Ownership",
            "Local Contracts",
            "Work Guidance",
            "Verification",
            "Child DOX Index",
        ]
    )
    #: where related tests are searched
    test_dirs: list[str] = field(default_factory=lambda: ["tests"])
    profiles: dict[str, Profile] = field(default_factory=_default_profiles)
    select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    exclude: list[str] = field(default_factory=lambda: list(DEFAULT_EXCLUDE))
    extend_exclude: list[str] = field(default_factory=list)
    baseline: str = ""
    cache_dir: str = ".doxtool_cache"
    templates_dir: str = ""
    #: how companions are written: ``doxtool`` or ``agent-zero`` (doxtool.companions.conventions)
    convention: str = "doxtool"

    #: where the configuration was read from (not a key)
    source: str = field(default="", metadata={"internal": True})
    #: the keys the configuration sets, sorted (not a key): the others keep their defaults
    given: tuple[str, ...] = field(default=(), metadata={"internal": True})

    def profile(self, name: str) -> Profile:
        return self.profiles.get(name) or self.profiles.get("default") or Profile()

    def fingerprint(self) -> str:
        """Hash of the settings that change extracted facts (part of cache keys)."""
        relevant = {"tool_bases": self.tool_bases}
        return blake2b(json.dumps(relevant, sort_keys=True).encode(), digest_size=8).hexdigest()


_CONVENTIONS = ("doxtool", "agent-zero")


def _toml_key(name: str) -> str:
    return name.replace("_", "-")


_FIELDS = {
    _toml_key(f.name): f for f in dataclasses.fields(Config) if not f.metadata.get("internal")
}
_PROFILE_FIELDS = {
    _toml_key(f.name): f for f in dataclasses.fields(Profile) if not f.metadata.get("internal")
}


def _check_list(value: Any, key: str, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings")
    return list(value)


def _check_str(value: Any, key: str, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{where}: `{key}` must be a string")
    return value


def _check_profiles(value: Any, key: str, where: str) -> dict[str, Profile]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `{key}` must be a table of profiles")
    profiles = _default_profiles()
    for name, table in value.items():
        if not isinstance(table, dict):
            raise ConfigError(f"{where}: `{key}.{name}` must be a table")
        profile = Profile(**dataclasses.asdict(profiles.get(name, Profile())))
        for sub, raw in table.items():
            sub_key = f"{key}.{name}.{sub}"
            if sub not in _PROFILE_FIELDS:
                raise ConfigError(f"{where}: unknown key `{sub_key}`")
            if sub == "budget":
                if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
                    raise ConfigError(f"{where}: `{sub_key}` must be a non-negative integer")
                profile.budget = raw
            elif sub == "fenced-examples":
                if not isinstance(raw, bool):
                    raise ConfigError(f"{where}: `{sub_key}` must be true or false")
                profile.fenced_examples = raw
                profile.fences_given = True
            else:
                profile.allowed_keys = _check_allowed_keys(raw, sub_key, where)
                profile.keys_given = True
        profiles[name] = profile
    return profiles


def _check_allowed_keys(value: Any, key: str, where: str) -> list[str]:
    """A profile's ``allowed-keys``: every tool call needs ``tool_name`` and
    ``tool_args`` (the framework reads them), so a list without them would
    have every example reported whatever it held."""
    keys = _check_list(value, key, where)
    missing = [k for k in CALL_KEYS if k not in keys]
    if missing:
        lacking = " and ".join(f"`{k}`" for k in missing)
        raise ConfigError(
            f"{where}: `{key}` lacks {lacking}: every tool call example needs `tool_name` "
            "and `tool_args`"
        )
    return list(dict.fromkeys(keys))  # a key given twice is one key of the contract


def _check_per_file(value: Any, key: str, where: str) -> dict[str, list[str]]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `{key}` must be a table of glob = [codes]")
    # kept as written, for the messages that name a glob: how it is matched
    # (``./tools/x.py`` is ``tools/x.py``) is :mod:`doxtool.core.globs`'s
    return {
        pattern: _check_list(codes, f"{key}.{pattern}", where) for pattern, codes in value.items()
    }


#: keys naming directories (globs) relative to the project root
_DIRECTORY_LISTS = frozenset(
    {
        "tool-dirs",
        "documented-dirs",
        "prompt-dirs",
        "profile-prompt-dirs",
        "plugin-prompt-dirs",
        "test-dirs",
    }
)
#: keys naming one path relative to the project root ("" leaves it unset)
_PATHS = frozenset({"baseline", "cache-dir", "templates-dir"})


def relative_path_problem(value: str) -> str | None:
    """Why ``value`` cannot name a place inside the project root, if it cannot."""
    if not value.strip():
        return "is empty"
    if "\x00" in value:
        return "holds a NUL character"
    if value.startswith(("/", "\\")) or (len(value) > 1 and value[1] == ":"):
        return "is absolute; give a path relative to the project root"
    parts = slashed(value).split("/")
    if ".." in parts:
        return "leads out of the project root (`..`)"
    if all(part in ("", ".") for part in parts):
        return "names the project root itself"
    return None


#: directory lists read as the directories they name, never as patterns
_LITERAL_DIRS = {
    "prompt-dirs": " (the core prompts; put a pattern of plugins' prompt directories in "
    "`plugin-prompt-dirs`, of profiles' in `profile-prompt-dirs`)",
    "test-dirs": "",
}


def _check_dirs(value: Any, key: str, where: str) -> list[str]:
    dirs = _check_list(value, key, where)
    for entry in dirs:
        if key == "test-dirs" and entry.strip() in (".", "./"):
            continue  # tests anywhere in the repository: searched, never globbed
        problem = relative_path_problem(entry)
        if problem is None and key in _LITERAL_DIRS and any(c in entry for c in "*?["):
            problem = f"is a pattern: `{key}` names directories{_LITERAL_DIRS[key]}"
        if problem is not None:
            raise ConfigError(f"{where}: `{key}`: {json.dumps(entry)} {problem}")
    return [slashed(entry) for entry in dirs]  # ``prompts\\`` is ``prompts/``


def _check_path(value: Any, key: str, where: str) -> str:
    path = _check_str(value, key, where)
    # "" leaves ``baseline`` and ``templates-dir`` unset; a cache has no such state
    problem = relative_path_problem(path) if path or key == "cache-dir" else None
    if problem is not None:
        raise ConfigError(f"{where}: `{key}`: {json.dumps(path)} {problem}")
    return slashed(path)


def _check_patterns(value: Any, key: str, where: str) -> list[str]:
    patterns = _check_list(value, key, where)
    if any(not pattern.strip() for pattern in patterns):
        raise ConfigError(f"{where}: `{key}`: an empty pattern matches nothing")
    return patterns  # as written (see ``_check_per_file``)


def _check_bases(value: Any, key: str, where: str) -> list[str]:
    """``tool-bases``: each a dotted class name with its module
    (``helpers.tool.Tool``), which is all a resolved base can be equal to (a
    module's parts are its path's, which a relative import may reach though
    they are no identifiers: ``my-agent.helpers.tool.Tool``)."""
    bases = _check_list(value, key, where)
    for base in bases:
        parts = base.split(".")
        if (
            len(parts) < 2
            or not parts[-1].isidentifier()
            or not all(part.isprintable() and part.split() == [part] for part in parts)
        ):
            raise ConfigError(
                f"{where}: `{key}`: {json.dumps(base)} is not a dotted class name "
                "with its module (`helpers.tool.Tool`)"
            )
    return bases


def _check_sections(value: Any, key: str, where: str) -> list[str]:
    """``agents-sections``: titles a ``## `` heading can carry, which is one
    line of text without outer blanks (a heading's title is read stripped)."""
    titles = _check_list(value, key, where)
    for title in titles:
        if not title.strip() or title != title.strip() or not title.isprintable():
            raise ConfigError(
                f"{where}: `{key}`: {json.dumps(title)} is no heading title "
                "(one line of text, without blanks around it)"
            )
    return titles


_CHECKERS = {
    "tool-bases": _check_bases,
    "agents-sections": _check_sections,
    "profiles": _check_profiles,
    "per-file-ignores": _check_per_file,
    "exclude": _check_patterns,
    "extend-exclude": _check_patterns,
    **{key: _check_dirs for key in _DIRECTORY_LISTS},
    **{key: _check_path for key in _PATHS},
}


def from_table(table: dict[str, Any], where: str) -> Config:
    """Build a Config from a parsed ``[tool.doxtool]`` table."""
    config = Config(source=where, given=tuple(sorted(table)))
    for key, value in table.items():
        spec = _FIELDS.get(key)
        if spec is None:
            hint = ""
            if key.replace("-", "_") in {f.name for f in dataclasses.fields(Config)}:
                hint = f" (did you mean `{_toml_key(key)}`?)"
            raise ConfigError(f"{where}: unknown key `{key}`{hint}")
        checker = _CHECKERS.get(key)
        if checker is not None:
            setattr(config, spec.name, checker(value, key, where))
        elif isinstance(getattr(config, spec.name), list):
            setattr(config, spec.name, _check_list(value, key, where))
        else:
            setattr(config, spec.name, _check_str(value, key, where))
    if config.convention not in _CONVENTIONS:
        raise ConfigError(
            f"{where}: `convention` must be one of {', '.join(map(repr, _CONVENTIONS))}, "
            f"not {config.convention!r}"
        )
    return config


def _load_toml(path: Path) -> dict[str, Any]:
    from doxtool.core.source import MAX_CONFIG_BYTES, ReadError, read_bytes

    data = read_bytes(path, MAX_CONFIG_BYTES)
    if isinstance(data, ReadError):
        raise ConfigError(f"{path}: {data.message}")
    try:
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read: {exc}") from exc
    except (RecursionError, MemoryError) as exc:
        raise ConfigError(f"{path}: invalid TOML: nested too deeply") from exc


def load_file(path: Path) -> Config | None:
    """Config from one file; None when a pyproject.toml has no [tool.doxtool]."""
    data = _load_toml(path)
    if path.name == "pyproject.toml":
        tool = data.get("tool", {})
        if not isinstance(tool, dict):  # ``tool = 5``, ``[[tool]]``: no ``[tool.doxtool]``
            raise ConfigError(f"{path}: `tool` must be a table (it holds `[tool.doxtool]`)")
        if "doxtool" not in tool:
            return None
        table = tool["doxtool"]
        if not isinstance(table, dict):
            raise ConfigError(f"{path}: `tool.doxtool` must be a table")
        return from_table(table, str(path))
    tool = data.get("tool")
    if isinstance(tool, dict) and "doxtool" in tool:
        raise ConfigError(
            f"{path}: unknown key `tool`: outside `pyproject.toml` the keys of "
            "`[tool.doxtool]` go at the top level"
        )
    return from_table(data, str(path))


#: what marks a project's root: the nearest directory above the working
#: directory holding one of these is the root
ROOT_MARKERS = ("doxtool.toml", "pyproject.toml", ".git")


def find_root(start: Path) -> Path | None:
    """The nearest directory from ``start`` up holding a root marker; None without one."""
    for directory in [start, *start.parents]:
        if any((directory / name).exists() for name in ROOT_MARKERS):
            return directory
    return None


def config_at(root: Path) -> Config:
    """The configuration of the project at ``root``: its ``doxtool.toml``, else the
    ``[tool.doxtool]`` table of its ``pyproject.toml``, else the defaults."""
    for name in ("doxtool.toml", "pyproject.toml"):
        candidate = root / name
        # one that is there but is not a regular file (a directory, a FIFO, a
        # link to nothing) is an error, not a file to pass over: the next
        # one, or the defaults, would be read in its place
        if candidate.is_file() or os.path.lexists(candidate):
            config = load_file(candidate)
            if config is not None:
                return config
    return Config()
