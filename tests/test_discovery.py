"""Discovery finds what a plain walk of the tree finds, in the same order.

Each test builds an awkward tree (exclusions by name, by path and by
wildcard, hidden directories, links to directories inside and outside the
root, nested and odd ``AGENTS.md`` entries, names with line breaks,
backslashes and undecodable bytes, directories that fail to list) and
compares what :class:`Project` discovers with a direct reading of the tree:
``os.walk`` for the ``AGENTS.md`` files, one regular expression per glob for
the exclusions, a sorted listing per directory for modules and companions.
"""

from __future__ import annotations

import fnmatch
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from doxtool.core.config import Config
from doxtool.core.globs import spellings
from doxtool.core.unlisted import UnreadableDirectory
from doxtool.run.context import Context
from doxtool.run.discovery import Exclusion, agents_in_listing
from doxtool.run.listing import inputs_excluding
from doxtool.run.project import COMPANION_SUFFIX, Project

# -- the plain reading ---------------------------------------------------------


def plain_excluded(patterns: list[str]) -> Callable[[str], bool]:
    # the configuration holds globs as written: the paths each stands for
    # (``\\`` is ``/``, ``./x/`` is ``x``) are tested in test_config.py
    patterns = [form for pattern in patterns for form in spellings(pattern)]
    never = r"(?!)"
    whole = re.compile("|".join(fnmatch.translate(p) for p in patterns) or never)
    part = re.compile("|".join(fnmatch.translate(p) for p in patterns if "/" not in p) or never)
    return lambda rel: bool(whole.match(rel)) or any(part.match(n) for n in rel.split("/"))


def plain_agents_files(root: Path, excluded: Callable[[str], bool]) -> list[str]:
    found: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel_dir = Path(dirpath).relative_to(root).as_posix()
        dirnames[:] = sorted(
            d
            for d in dirnames
            if not excluded(f"{rel_dir}/{d}".lstrip("./"))
            and not d.startswith(".")
            and not os.path.islink(os.path.join(dirpath, d))
        )
        if "AGENTS.md" in filenames:
            found.append("AGENTS.md" if rel_dir == "." else f"{rel_dir}/AGENTS.md")
    return found


def plain_names(root: Path, directory: str) -> list[str]:
    try:
        with os.scandir(root / directory) as it:
            return sorted(entry.name for entry in it)
    except OSError:
        return []


def plain_modules(root: Path, directory: str, excluded: Callable[[str], bool]) -> list[str]:
    prefix = f"{directory}/" if directory != "." else ""
    return [
        prefix + name
        for name in plain_names(root, directory)
        if name.endswith(".py") and name != "__init__.py" and not excluded(prefix + name)
    ]


def plain_companions(root: Path, directory: str, excluded: Callable[[str], bool]) -> list[str]:
    prefix = f"{directory}/" if directory != "." else ""
    return [
        prefix + name
        for name in plain_names(root, directory)
        if name.endswith(".py" + COMPANION_SUFFIX) and not excluded(prefix + name)
    ]


def every_path(root: Path) -> list[str]:
    """Every path under root (links not followed), repository-relative."""
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        rel = Path(dirpath).relative_to(root).as_posix()
        prefix = "" if rel == "." else rel + "/"
        out.extend(prefix + n for n in [*dirnames, *filenames])
    return sorted(out)


def assert_same_discovery(root: Path, config: Config) -> None:
    project = Project(root, config)
    root = project.root
    excluded = plain_excluded([*config.exclude, *config.extend_exclude])
    paths = every_path(root)
    for rel in [*paths, *(p.rsplit("/", 1)[-1] for p in paths), "", "."]:
        assert project.excluded(rel) == excluded(rel), rel
    assert project.agents_files == plain_agents_files(root, excluded)
    # read off a listing of the tree, as a whole check through the console script does
    _, listing = inputs_excluding(str(root), project.excluded)
    read_off = agents_in_listing(str(root), listing)
    assert read_off is None or read_off == project.agents_files
    directories = [".", *(p for p in paths if (root / p).is_dir())]
    documented = project.documented_dirs
    for directory in [*project.tool_dirs, *documented]:
        assert project.modules_in(directory) == plain_modules(root, directory, excluded)
    modules = {d: plain_modules(root, d, excluded) for d in directories}
    companions = {d: plain_companions(root, d, excluded) for d in directories}
    assert project.tool_modules == [m for d in project.tool_dirs for m in modules[d]]
    assert project.documented_modules == [m for d in documented for m in modules[d]]
    assert project.companions == [c for d in documented for c in companions[d]]
    for directory in directories:
        assert project.modules_in(directory) == modules[directory], directory
        assert project.companions_in(directory) == companions[directory], directory
    profiles: dict[str, list[str]] = {}
    for directory in sorted(d for d in directories if re.fullmatch(r"agents/[^/]+/tools", d)):
        if not excluded(directory):
            profiles.setdefault(directory.split("/")[1], []).extend(modules[directory])
    assert project.profile_tool_modules == profiles
    for module in [m for found in modules.values() for m in found]:
        owner = next((name for name, found in profiles.items() if module in found), None)
        assert project.profile_of_module(module) == owner
    # a tool's modules found by its name alone are those of the index of every tool
    names = {p.rsplit("/", 1)[-1].removesuffix(".py") for p in paths}
    names.update(["", "tools/m", "m.py", "a/b", "x.py"])
    by_name, indexed = Context(project), Context(project)
    for name in sorted(names):
        assert by_name._tool_modules_named(name) == indexed.tool_index.get(name, []), name
    assert "tool_index" not in by_name.__dict__


# -- trees -----------------------------------------------------------------------


def write(root: Path, rel: str, text: str = "x = 1\n") -> None:
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def tool(root: Path, rel: str) -> None:
    write(root, rel)
    write(root, rel + COMPANION_SUFFIX, "# companion\n")


def awkward_tree(root: Path, outside: Path) -> None:
    write(root, "AGENTS.md", "# root\n")
    write(root, "tools/AGENTS.md", "# tools\n\nThis folder is file-documented.\n")
    for name in ("b.py", "a.py", "__init__.py", "z_old.py", "keep.txt"):
        tool(root, f"tools/{name}")
    write(root, "tools/orphan.py.dox.md", "# orphan\n")
    tool(root, "a.py")  # a module at the root, a tool where the root is a tool directory
    write(root, "tools/not_a_module.pyc")
    write(root, "tools/build/AGENTS.md", "# excluded by name\n")
    write(root, "tools/sub/AGENTS.md", "# nested\n")
    write(root, "tools/sub/deeper/AGENTS.md", "# nested twice\n")
    write(root, "tools/.hidden/AGENTS.md", "# hidden\n")
    write(root, ".hidden/AGENTS.md", "# hidden at the top\n")
    write(root, "node_modules/pkg/AGENTS.md", "# excluded\n")
    write(root, "docs/api/AGENTS.md", "# docs\n")
    write(root, "docs/vendor/AGENTS.md", "# excluded by path\n")
    write(root, "docs/a.gen/AGENTS.md", "# excluded by wildcard\n")
    (root / "dir_named" / "AGENTS.md").mkdir(parents=True)
    write(root, "dir_named/AGENTS.md/AGENTS.md", "# inside a directory named AGENTS.md\n")
    write(root, "Zeta/AGENTS.md", "# upper case sorts first\n")
    write(root, "zeta/AGENTS.md", "# lower case\n")
    write(root, "plugins/p/tools/x.py")
    for profile in ("dev", "ops"):
        tool(root, f"agents/{profile}/tools/{profile}_tool.py")
    write(root, "agents/dev/tools/generated.py")
    tool(root, "helpers/h.py")
    (outside / "AGENTS.md").write_text("# outside\n")
    (outside / "sub").mkdir()
    (outside / "sub" / "AGENTS.md").write_text("# outside, nested\n")
    os.symlink(outside, root / "linked_out")
    os.symlink(root / "docs", root / "linked_in")
    os.symlink(root / "docs" / "api", root / "tools" / "linked_api")
    os.symlink(root / "docs", root / "links_to_docs")
    os.symlink(root / "docs", root / "AGENTS.md.d")
    os.symlink(root / "nowhere", root / "docs" / "AGENTS.md")  # broken: still an entry
    os.symlink(root / "docs" / "api", root / "zeta" / "sub")
    write(root, "linkdir_agents/keep.md")
    os.symlink(root / "docs" / "api", root / "linkdir_agents" / "AGENTS.md")
    write(root, "tools/odd\nname.py")
    write(root, "tools/back\\slash.py")
    tool(root, "tools/sp ace.py")
    write(root, "odd\ndir/AGENTS.md", "# line break in a directory name\n")
    write(root, "back\\slash/AGENTS.md", "# backslash in a directory name\n")
    raw = os.fsencode(root)
    os.mkdir(raw + b"/bad\xffdir")
    with open(raw + b"/bad\xffdir/AGENTS.md", "w") as handle:
        handle.write("# undecodable directory name\n")
    with open(raw + b"/tools/bad\xff.py", "w") as handle:
        handle.write("x = 1\n")
    with open(raw + b"/tools/bad\xff.py" + COMPANION_SUFFIX.encode(), "w") as handle:
        handle.write("# companion\n")


CONFIGS: dict[str, dict[str, Any]] = {
    "defaults": {},
    "wildcards and paths": {
        "extend_exclude": ["*.gen", "docs/vendor", "z_*.py", "tools/sp ace.py*", "ag?nts/ops"],
    },
    "wildcard crossing slashes": {"extend_exclude": ["*/sub/*", "[!a-z]eta", "*.md"]},
    "a whole-path literal": {"exclude": ["tools/b.py", "tools/sub"], "extend_exclude": ["x"]},
    "an excluded tool directory": {"extend_exclude": ["tools"]},
    "no exclusions": {"exclude": []},
    "odd globs": {"extend_exclude": ["[", "]", "a]b", "[]]", "odd\ndir", "back\\slash", "*\n*"]},
    "documented dirs": {"documented_dirs": ["docs/*", "helpers", "agents/*/tools"]},
    "linked tool directories": {"tool_dirs": ["tools/", "./tools/linked_api", "linked_in"]},
    "the root a tool directory": {"tool_dirs": ["tools/..", "tools"]},
    "several tool directories": {
        "tool_dirs": ["tools", "helpers", "*/p/tools"],
        "extend_exclude": ["*.txt"],
    },
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_discovery_matches_a_plain_reading(tmp_path: Path, name: str) -> None:
    root, outside = tmp_path / "repo", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    awkward_tree(root, outside)
    assert_same_discovery(root, Config(**CONFIGS[name]))


def test_awkward_tree_finds_what_it_should(tmp_path: Path) -> None:
    """The comparison above is over a tree where the awkward cases are there."""
    root, outside = tmp_path / "repo", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    awkward_tree(root, outside)
    project = Project(root, Config())
    found = project.agents_files
    assert agents_in_listing(str(root), inputs_excluding(str(root), project.excluded)[1]) == found
    assert found[0] == "AGENTS.md"
    assert "docs/AGENTS.md" in found  # a broken link is an entry
    assert "tools/sub/deeper/AGENTS.md" in found and "odd\ndir/AGENTS.md" in found
    assert "bad\udcffdir/AGENTS.md" in found
    assert "dir_named/AGENTS.md/AGENTS.md" in found
    for absent in ("tools/build/", "node_modules/", ".hidden/", "tools/.hidden/", "linked_"):
        assert not any(f.startswith(absent) for f in found), absent
    assert "dir_named/AGENTS.md" not in found and "linkdir_agents/AGENTS.md" not in found
    assert found.index("Zeta/AGENTS.md") < found.index("back\\slash/AGENTS.md")
    assert "tools/bad\udcff.py" in project.tool_modules
    assert project.profile_of_module("agents/ops/tools/ops_tool.py") == "ops"


def random_tree(root: Path, rng: random.Random) -> None:
    names = ["a", "b", "tools", "build", ".h", "x.gen", "AGENTS.md", "m.py", "n\nl", "b\\s"]
    directories = ["."]
    for _ in range(40):
        parent = rng.choice(directories)
        name = rng.choice(names)
        rel = name if parent == "." else f"{parent}/{name}"
        path = root / rel
        if path.exists() or path.is_symlink():
            continue
        kind = rng.random()
        if kind < 0.45:
            path.mkdir()
            directories.append(rel)
        elif kind < 0.55:
            os.symlink(root / rng.choice(directories), path)
        else:
            path.write_text("x = 1\n")
            if name.endswith(".py"):
                (root / (rel + COMPANION_SUFFIX)).write_text("# c\n")


@pytest.mark.parametrize("seed", range(12))
def test_random_trees_match_a_plain_reading(tmp_path: Path, seed: int) -> None:
    rng = random.Random(seed)
    root = tmp_path / "repo"
    root.mkdir()
    random_tree(root, rng)
    globs = ["b", "*.gen", "a/b", "tools/*.py", "?", "[ab]", "n\nl", "*/tools", "x*"]
    config = Config(
        tool_dirs=["tools", "a/tools", "*/tools"],
        extend_exclude=rng.sample(globs, rng.randrange(len(globs))),
    )
    assert_same_discovery(root, config)


def test_exclusion_matches_one_expression_per_glob() -> None:
    rng = random.Random(7)
    alphabet = ["a", "b", "/", "*", "?", "[", "]", "!", "-", ".", "\n", "\\", "\udcff"]
    for _ in range(400):
        patterns = ["".join(rng.choices(alphabet, k=rng.randrange(1, 5))) for _ in range(3)]
        exclusion = Exclusion(patterns)
        plain = plain_excluded(patterns)
        for _ in range(20):
            rel = "".join(rng.choices(alphabet[:3] + alphabet[9:], k=rng.randrange(0, 7)))
            assert exclusion.path(rel) == plain(rel), (patterns, rel)
            prefix = rel + "/" if rel else ""
            names = ["".join(rng.choices(["a", "b", "."], k=2)) for _ in range(4)]
            kept = exclusion.kept(prefix, names)
            assert kept == [prefix + n for n in names if not plain(prefix + n)], (patterns, rel)


# -- listings that fail ------------------------------------------------------------


class _Entry:
    """A directory entry whose own type cannot be read (as where the listing
    gives none and ``lstat`` is refused)."""

    def __init__(self, entry: os.DirEntry[str]) -> None:
        self._entry = entry
        self.name = entry.name
        self.path = entry.path

    def is_dir(self, *, follow_symlinks: bool = True) -> bool:
        if not follow_symlinks:
            raise PermissionError(13, "refused", self.path)
        return self._entry.is_dir()

    def is_symlink(self) -> bool:
        return self._entry.is_symlink()


class _Listing:
    def __init__(self, it: Any, fail_after: int | None, untyped: bool) -> None:
        self._it, self._left, self._untyped = it, fail_after, untyped

    def __enter__(self) -> _Listing:
        return self

    def __exit__(self, *exc: object) -> None:
        self._it.close()

    def __iter__(self) -> Iterator[Any]:
        return self

    def __next__(self) -> Any:
        if self._left is not None:
            if self._left == 0:
                raise OSError(5, "input/output error")
            self._left -= 1
        entry = next(self._it)
        return _Entry(entry) if self._untyped else entry


def test_directories_that_fail_to_list(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root, outside = tmp_path / "repo", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    awkward_tree(root, outside)
    real_scandir, real_listdir = os.scandir, os.listdir
    unreadable = {str(root / "docs"), str(root / "tools" / "sub")}
    broken_midway = {str(root / "zeta")}
    untyped = {str(root), str(root / "tools")}

    def scandir(path: Any = ".") -> Any:
        key = os.fsdecode(path)
        if key in unreadable:
            raise PermissionError(13, "permission denied", key)
        fail_after = 1 if key in broken_midway else None
        return _Listing(real_scandir(path), fail_after, key in untyped)

    def listdir(path: Any = ".") -> list[str]:
        key = os.fsdecode(path)
        if key in unreadable or key in broken_midway:
            raise PermissionError(13, "permission denied", key)
        return real_listdir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    monkeypatch.setattr(os, "listdir", listdir)
    # a directory that cannot be listed (to the end) is unknown, not empty:
    # the walk stops naming it, unless it is excluded
    failing = ["docs", "tools/sub", "zeta"]
    config = Config(extend_exclude=["*.gen", *failing])
    assert_same_discovery(root, config)
    found = Project(root, config).agents_files
    assert "tools/AGENTS.md" in found and "zeta/AGENTS.md" not in found
    for rel in failing:
        others = [other for other in failing if other != rel]
        with pytest.raises(UnreadableDirectory) as caught:
            _ = Project(root, Config(extend_exclude=["*.gen", *others])).agents_files
        assert caught.value.filename == rel


def test_the_walk_lists_the_tool_directories_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The names the walk read in a tool directory are its listing for the
    run; a directory outside the walk is listed on its own."""
    root, outside = tmp_path / "repo", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    awkward_tree(root, outside)
    write(root, ".plugin/tools/p.py")
    listed: list[str] = []
    real_listdir = os.listdir

    def listdir(path: Any = ".") -> list[str]:
        listed.append(Path(os.fsdecode(path)).relative_to(root).as_posix())
        return real_listdir(path)

    monkeypatch.setattr(os, "listdir", listdir)
    project = Project(root, Config(tool_dirs=["tools", ".plugin/tools"]))
    assert project.documented_modules[:2] == ["tools/a.py", "tools/b.py"]
    assert project.tool_modules[-1] == ".plugin/tools/p.py"
    assert listed == [".plugin/tools"]
    project.forget()
    assert project.tool_modules[0] == "tools/a.py"
    assert listed == [".plugin/tools", "tools", ".plugin/tools"]


def test_agents_read_off_a_listing_come_in_the_walks_order(tmp_path: Path) -> None:
    """Depth first in name order: ``a/b`` before ``a-b`` (a plain sort of the
    paths would put ``a-b/`` first); a line naming AGENTS.md twice is one file."""
    root = tmp_path / "repo"
    for rel in ["AGENTS.md", "a/AGENTS.md", "a/b/AGENTS.md", "a-b/AGENTS.md", "a.b/AGENTS.md"]:
        write(root, rel, "# agents\n")
    write(root, "AGENTS.md:x/AGENTS.md", "# agents\n")
    project = Project(root, Config())
    expected = [
        "AGENTS.md",
        "a/AGENTS.md",
        "a/b/AGENTS.md",
        "a-b/AGENTS.md",
        "a.b/AGENTS.md",
        "AGENTS.md:x/AGENTS.md",
    ]
    assert project.agents_files == sorted(expected, key=lambda p: p.split("/")[:-1])
    listing = inputs_excluding(str(root), project.excluded)[1]
    assert agents_in_listing(str(root), listing) == project.agents_files
    assert project.agents_files.index("a/b/AGENTS.md") < project.agents_files.index("a-b/AGENTS.md")
    assert agents_in_listing(str(root), listing + "\n!unlistable") is None


def test_a_listing_whose_names_hold_the_marks_of_unread_entries_is_read(tmp_path: Path) -> None:
    """``!`` and ``?`` begin the lines of entries a listing could not read;
    in a name they are only characters (a listing with such a line is not
    answered from)."""
    listing = "fa!/AGENTS.md:1:2\nd?x:3\nf?x/AGENTS.md:1:2\nfb/c!?.md:1:2"
    assert agents_in_listing(str(tmp_path), listing) == ["?x/AGENTS.md", "a!/AGENTS.md"]
    for unread in ("!b", "?b/c.md"):
        assert agents_in_listing(str(tmp_path), listing + "\n" + unread) is None
        assert agents_in_listing(str(tmp_path), unread + "\n" + listing) is None
