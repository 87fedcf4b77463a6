"""What a tool listing renders: the wrapper (``agent.system.tools.md``) with
its includes resolved and its ``{{tools}}`` placeholder filled, as the
framework renders it for one agent profile, as far as the files tell.

The framework reads a prompt file from a search path of prompt directories
(its ``read_prompt_file``): the profile's own directory, then every plugin's,
then the core one. Reading a file it keeps or drops each
``{{if cond}} ... {{endif}}`` block, replaces each ``{{name}}`` variable it is
given, inlines each ``{{ include "x.md" }}`` (found on the same search path,
read the same way) and each ``{{include original}}`` (the same file from the
directories after the one it was found in). An include with a directory part
(``{{ include "prompts/partials/wait.md" }}``) reads that directory, under the
framework's base directory (the repository's root), before the search path,
and so do the includes of the file it reads. A plugin its toggle files turn
off (:mod:`~doxtool.prompts.toggles`) is off: its prompts are not on the
path. ``{{tools}}`` in the wrapper is filled with every
``agent.system.tool.*.md`` of the search path, one file per name, the first
directory holding it winning.

Conditions and variables depend on the run, and an include doxtool cannot find
(a name no known directory holds, one two plugins hold, a path leaving the
root or written with backslashes) may be in a directory it does not know: what
they render is not known. They count for nothing, which leaves a figure the
rendering reaches at least, and the result says it is not exact. The wrapper's
``{{tools}}`` counts as written, with every tool prompt besides (it stands for
what joins them), and so does one in a file the wrapper includes (rendered
with the same variables). Only ``{{tools}}`` exactly is filled:
``{{ tools }}`` stays text."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from doxtool.prompts.model import TOOLS_PLACEHOLDER_RE
from doxtool.prompts.sets import PromptSet, tool_key

#: the framework's patterns (helpers/files.py): a named include, the same
#: file from the directories after this one, a variable it is given
_INCLUDE_RE = re.compile(r"{{\s*include\s*['\"](.*?)['\"]\s*}}")
ORIGINAL_RE = re.compile(r"{{\s*include\s+original\s*}}")
_VARIABLE_RE = re.compile(r"{{(\w+)}}")
#: the placeholder spelled with blanks, which the framework does not fill
SPACED_TOOLS_RE = re.compile(r"\{\{\s*tools\s*\}\}")
_IF_RE = re.compile(r"{{\s*if\s+(.*?)}}", re.DOTALL)
_IF_TOKEN_RE = re.compile(r"{{\s*(if\b.*?|endif)\s*}}", re.DOTALL)

#: includes followed this deep: a deeper chain (a cycle) renders unknown text
MAX_DEPTH = 16

#: a name held by more than one directory of equal rank
AMBIGUOUS = "\0ambiguous"

TextOf = Callable[[str], "str | None"]
#: the directories an include's directory parts put before the search path
Folders = tuple[str, ...]


@dataclass(frozen=True)
class SearchPath:
    """Prompt directories in the order the framework searches them: each
    rank is a group of directories whose order among themselves is not
    known (the plugins), each given as file name -> path."""

    ranks: tuple[tuple[dict[str, str], ...], ...]
    #: whether a file is there (a path from the repository's root): where an
    #: include with a directory part is looked for first; without it, such
    #: an include is not known
    exists: Callable[[str], bool] | None = field(default=None, compare=False)

    def find(self, name: str, after: str | None = None) -> str | None:
        """The path of file ``name``, :data:`AMBIGUOUS`, or None; with
        ``after``, in the ranks after the one holding that path."""
        ranks = self.ranks
        if after is not None:
            index = next(
                (i for i, rank in enumerate(ranks) if any(after in d.values() for d in rank)),
                len(ranks),
            )
            ranks = ranks[index + 1 :]
        for rank in ranks:
            found = {d[name] for d in rank if name in d}
            if len(found) > 1:
                return AMBIGUOUS
            if found:
                return found.pop()
        return None

    def include(self, name: str, folders: Folders = ()) -> tuple[str | None, Folders]:
        """The path ``{{ include "name" }}`` reads in a file read with
        ``folders`` before the search path (the directories of the includes
        that led to it), :data:`AMBIGUOUS` or None; and the folders the
        includes of that file are read with. As the framework's
        ``read_prompt_file``: a directory part of ``name`` goes first."""
        folder, _, base = name.rpartition("/")
        if "\\" in name or not base:
            return None, folders
        if folder:
            folder = posixpath.normpath(folder)
            if self.exists is None or folder.startswith(("/", "..")):
                return None, folders
            folders = ("" if folder == "." else folder, *folders)
        found = self._in_folders(base, folders)
        return (found if found is not None else self.find(base)), folders

    def original(self, path: str, folders: Folders = ()) -> str | None:
        """The path ``{{include original}}`` reads in the file at ``path``,
        read with ``folders`` first: the same name in the directories after
        the one it was found in, :data:`AMBIGUOUS` or None."""
        directory, _, base = path.rpartition("/")
        if directory not in folders:
            return self.find(base, after=path)
        found = self._in_folders(base, folders[folders.index(directory) + 1 :])
        return found if found is not None else self.find(base)

    def _in_folders(self, base: str, folders: Folders) -> str | None:
        for folder in folders:
            path = f"{folder}/{base}" if folder else base
            if self.exists is not None and self.exists(path):
                return path
        return None

    def tool_prompt_names(self) -> list[str]:
        """Names of the tool prompt files of every directory, sorted."""
        names = {n for rank in self.ranks for d in rank for n in d if tool_key(n) is not None}
        return sorted(names)


def search_path(
    prompt_set: PromptSet,
    prompt_sets: Sequence[PromptSet],
    plugin_on: Callable[[PromptSet], bool] = lambda plugin: True,
    exists: Callable[[str], bool] | None = None,
) -> SearchPath:
    """The search path of a core or profile set: its own directory, the
    plugins' that are on, then the core files (``exists``: whether a file
    is there, for the includes with a directory part)."""
    plugins = tuple(s.files for s in prompt_sets if s.kind == "plugin" and plugin_on(s))
    if prompt_set.kind != "profile":
        return SearchPath((plugins, (prompt_set.files,)), exists)
    own = prompt_set.own_files()
    core = next((s.files for s in prompt_sets if s.kind == "core"), None)
    if core is None:
        core = {name: path for name, path in prompt_set.files.items() if own.get(name) != path}
    return SearchPath(((own,), plugins, (core,)), exists)


@dataclass
class Rendered:
    """The characters a listing renders, as far as known."""

    #: characters the rendering has at least
    size: int = 0
    #: whether that is all of it
    exact: bool = True
    #: the files it renders, in the order first read
    files: list[str] = field(default_factory=list)


def render_listing(wrapper: str | None, search: SearchPath, text_of: TextOf) -> Rendered:
    """The listing rendered from ``wrapper`` (with no wrapper: the tool
    prompts alone). ``text_of`` gives a file's text, None when unreadable."""
    result = Rendered()
    if wrapper is None:
        _add_tool_prompts(result, search, text_of)
        return result
    placeholders = _render(wrapper, search, text_of, result, (), wrapper=True)
    for _ in range(placeholders):
        _add_tool_prompts(result, search, text_of)
    return result


def _add_tool_prompts(result: Rendered, search: SearchPath, text_of: TextOf) -> None:
    for name in search.tool_prompt_names():
        path = search.find(name)
        if path is None or path == AMBIGUOUS:
            result.exact = False
        else:
            _render(path, search, text_of, result, ())


def _render(
    path: str,
    search: SearchPath,
    text_of: TextOf,
    result: Rendered,
    stack: tuple[str, ...],
    wrapper: bool = False,
    folders: Folders = (),
) -> int:
    """Add what the file at ``path`` renders to ``result``; how many
    ``{{tools}}`` placeholders it holds (only a wrapper's count, and those of
    the files it includes: the framework renders them with the same
    variables, helpers/files.py ``process_includes``)."""
    text = text_of(path) if path not in stack and len(stack) < MAX_DEPTH else None
    if text is None:
        result.exact = False
        return 0
    if path not in result.files:
        result.files.append(path)
    stack = (*stack, path)
    text, kept = _drop_conditions(text)
    result.exact &= kept
    placeholders = 0
    if wrapper:
        placeholders = len(TOOLS_PLACEHOLDER_RE.findall(text))

    def variable(match: re.Match[str]) -> str:
        if wrapper and TOOLS_PLACEHOLDER_RE.fullmatch(match.group(0)):
            return match.group(0)
        result.exact = False
        return ""

    text = _VARIABLE_RE.sub(variable, text)

    def original(match: re.Match[str]) -> str:
        found = search.original(path, folders)
        if found == AMBIGUOUS:
            result.exact = False
        elif found is not None:
            nonlocal placeholders
            placeholders += _render(found, search, text_of, result, stack, wrapper, folders)
        return ""

    def include(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.startswith("/"):
            return match.group(0)  # the framework leaves it as written
        found, inner = search.include(name, folders)
        if found is None or found == AMBIGUOUS:
            result.exact = False
        else:
            nonlocal placeholders
            placeholders += _render(found, search, text_of, result, stack, wrapper, inner)
        return ""

    text = _INCLUDE_RE.sub(include, ORIGINAL_RE.sub(original, text))
    result.size += len(text)
    return placeholders


def _drop_conditions(text: str) -> tuple[str, bool]:
    """``text`` without its ``{{if}} ... {{endif}}`` blocks, found as the
    framework finds them (an unterminated one stays as written), and whether
    it had none."""
    kept = True
    out: list[str] = []
    while (start := _IF_RE.search(text)) is not None:
        depth, position, end = 1, start.end(), None
        while (token := _IF_TOKEN_RE.search(text, position)) is not None:
            depth += 1 if token.group(1).startswith("if") else -1
            position = token.end()
            if depth == 0:
                end = token
                break
        if end is None:
            break
        kept = False
        out.append(text[: start.start()])
        text = text[end.end() :]
    out.append(text)
    return "".join(out), kept


@dataclass
class Includes:
    """The files a prompt file includes, followed through their includes."""

    files: list[str] = field(default_factory=list)
    #: whether every include was found (none may render an unknown file)
    known: bool = True


def included_files(path: str, search: SearchPath, text_of: TextOf) -> Includes:
    """Every file ``path`` includes, conditional blocks and all, nested
    includes followed."""
    found = Includes()
    pending: list[tuple[str, int, Folders]] = [(path, 0, ())]
    while pending:
        current, depth, folders = pending.pop()
        text = text_of(current)
        if text is None or depth > MAX_DEPTH:
            found.known = False
            continue
        targets: list[tuple[str | None, Folders]] = []
        if ORIGINAL_RE.search(text):
            # none found: the framework renders nothing
            original = search.original(current, folders)
            if original is not None:
                targets.append((original, folders))
        for match in _INCLUDE_RE.finditer(text):
            targets.append(search.include(match.group(1), folders))
        for target, inner in targets:
            if target is None or target == AMBIGUOUS:
                found.known = False
            elif target not in found.files and target != path:
                found.files.append(target)
                pending.append((target, depth + 1, inner))
    return found


def has_variables(text: str) -> bool:
    """Whether ``text`` has a ``{{name}}`` variable the framework may fill."""
    return _VARIABLE_RE.search(text) is not None
