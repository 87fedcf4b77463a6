"""The modules of the tool directories a run over PATHS checks for whether
they are other tools' shared code (``DOX004`` alone).

Whether a module of a tools directory without a tool class is shared code
turns on the tool modules that load it (:mod:`doxtool.run.importers`): an
edit that drops an import (or a load by path) from a tool module, or from
shared code it loads, may leave a module that no tool loads, which a whole
check reports. A run over the edited module therefore also checks, for
``DOX004`` alone, the modules of the tool directories that the module named
as git's ``HEAD`` holds it (what a commit, and pre-commit's changed files,
are changes of) or names now, and those these name now in turn, each found from the text (a
module's facts name another only where its text writes its name:
:func:`~doxtool.run.importers.reached_tools`). Only the files named are
read, not every tool module, and git is asked once. Outside a git
repository, or for a module ``HEAD`` does not hold, what it names now is
all that is known.
"""

from __future__ import annotations

import ast
import os
from pathlib import Path

from doxtool.core.reads import read_regular
from doxtool.python.pathloads import may_load_by_path, path_loads
from doxtool.run import unwatched
from doxtool.run.gitindex import base_revision, git_env, staged_renames
from doxtool.run.importers import MAX_BYTES, loads_by_path, names_module, tools_written
from doxtool.run.project import Project
from doxtool.run.scope import Scope
from doxtool.run.toolpackages import package_modules


def add_libraries(project: Project, scope: Scope) -> None:
    """Add to ``scope.libraries`` the modules of the tool directories that
    the tool modules in the run imported in ``HEAD`` or import now, directly
    or through one another, and that the run does not check whole already."""
    assert scope.modules is not None
    tools = set(project.tool_modules)
    prefixes = tuple(f"{d}/" for d in project.tool_dirs)
    # given, or deleted (what a commit deletes): a module the run reaches is as it was
    given = sorted(
        m
        for m in scope.modules
        if m.endswith(".py")
        and (project.is_tool_module(m) or m.startswith(prefixes))
        and (m in scope.named_modules or not (project.root / m).exists())
    )
    if not given or not tools - set(given):
        return
    # what may pass the loading on: the tool modules and the tool directories' packages
    loadable = tools.union(package_modules(project))
    before = head_texts(project.root, given)
    pending: list[str] = []
    for module in given:
        for data in (before.get(module), read_regular(str(project.root / module), MAX_BYTES)):
            if data is not None:
                pending.extend(imported_tools(project, module, data, loadable))
    # one ``HEAD`` holds under another name (``git mv``): as it was there
    for old, data in renamed_from(project.root, [m for m in given if m not in before]).items():
        pending.extend(imported_tools(project, old, data, loadable))
    found: set[str] = set()
    while pending:
        module = pending.pop()
        if module in found:
            continue
        found.add(module)
        data = read_regular(str(project.root / module), MAX_BYTES)
        if data is not None:
            pending.extend(imported_tools(project, module, data, loadable))
    # the hook mode judges the tree the commit holds: not a module it leaves out
    committed = scope.committed if scope.committed is not None else found
    scope.libraries.update(found.intersection(tools, committed) - scope.modules)


def imported_tools(project: Project, module: str, data: bytes, tools: set[str]) -> set[str]:
    """The modules of ``tools`` that the text ``data`` of ``module`` imports
    (an import anywhere in it, resolved as the repository's files) or may
    load by their path (:mod:`doxtool.python.pathloads`); those it writes
    the name of when it is not Python that parses."""
    written = tools_written(data, tools) - {module}
    if not written:
        return written  # an import of a module, or a load of its file, writes its name
    try:
        tree = ast.parse(data)
    except (SyntaxError, ValueError):
        return written
    files = path_loads(tree) if may_load_by_path(data.decode("utf-8", "replace")) else []
    loaded = {t for t in written if loads_by_path(files, t)}
    package = project.module_of(module).split(".")
    if not module.endswith("/__init__.py"):
        package = package[:-1]  # a package's own ``__init__`` is the package
    dotted: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            dotted.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level > len(package):
                continue  # beyond the top package
            base = package[: len(package) - node.level + 1] if node.level else []
            base = [*base, *(node.module.split(".") if node.module else [])]
            dotted.extend(".".join([*base, alias.name]) for alias in node.names)
    imported = {t for t in written if any(names_module(project, name, t) for name in dotted)}
    return imported | loaded


def renamed_from(root: Path, modules: list[str]) -> dict[str, bytes]:
    """The texts git's ``HEAD`` holds for those of ``modules`` (relative to
    ``root``, files it does not hold) that the next commit renames, under
    their old paths; git is asked only when there are such modules."""
    present = [m for m in modules if (root / m).exists()]
    if not present:
        return {}
    renamed = staged_renames(root)
    old = [renamed[m] for m in present if m in renamed]
    return head_texts(root, old) if old else {}


#: the command that prints the objects named on its input
_CAT_FILE = ["git", "cat-file", "--batch"]
#: a request this long fits in a pipe before git reads it (Linux's is 64 KiB;
#: one written only in part is handed to :mod:`subprocess` instead)
_PIPED = 32 * 1024


def head_texts(root: Path, paths: list[str]) -> dict[str, bytes]:
    """The texts git's ``HEAD`` (or the base of pushed changes:
    :func:`~doxtool.run.gitindex.base_revision`) holds for ``paths``
    (relative to ``root``), those it holds as files; empty when git cannot
    tell."""
    asked = [p for p in paths if "\n" not in p]
    if not asked:
        return {}
    unwatched.note(".git")  # ``HEAD`` is not in the tree a record watches
    base = base_revision(root)
    request = "".join(f"{base}:./{p}\n" for p in asked).encode()
    env = {**git_env(), "GIT_OPTIONAL_LOCKS": "0"}
    out = _spawned(root, request, env) if len(request) < _PIPED else None
    if out is None:
        import subprocess  # (a one-file check does without its import)

        try:
            done = subprocess.run(
                _CAT_FILE, cwd=root, input=request, capture_output=True, timeout=120, env=env
            )
        except (OSError, subprocess.SubprocessError):
            return {}
        out = done.stdout if done.returncode == 0 else b""
    return _parsed(out, asked)


def _spawned(root: Path, request: bytes, env: dict[str, str]) -> bytes | None:
    """What ``git cat-file --batch`` prints for ``request`` (empty when it
    fails), spawned without the import of :mod:`subprocess` a one-file
    check would notice; None where it cannot be spawned so."""
    spawn = getattr(os, "posix_spawnp", None)
    if spawn is None:
        return None
    command = ["git", "-C", str(root), *_CAT_FILE[1:]]
    into, request_end = os.pipe()
    os.set_blocking(request_end, False)
    try:
        whole = os.write(request_end, request) == len(request)
    except BlockingIOError:  # a pipe smaller than the request (a capped user)
        whole = False
    os.close(request_end)
    if not whole:
        os.close(into)
        return None
    request_end = -1
    answer_end, out = os.pipe()
    try:
        pid = spawn(
            "git",
            command,
            env,
            file_actions=[
                (os.POSIX_SPAWN_DUP2, into, 0),
                (os.POSIX_SPAWN_DUP2, out, 1),
                (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
                (os.POSIX_SPAWN_CLOSE, answer_end),
            ],
        )
    except OSError:
        for end in (into, request_end, answer_end, out):
            if end >= 0:
                os.close(end)
        return b""
    os.close(into)
    os.close(out)
    parts: list[bytes] = []
    with os.fdopen(answer_end, "rb") as answers:
        while chunk := answers.read(1 << 16):
            parts.append(chunk)
    _, status = os.waitpid(pid, 0)
    return b"".join(parts) if os.waitstatus_to_exitcode(status) == 0 else b""


def _parsed(out: bytes, asked: list[str]) -> dict[str, bytes]:
    """``git cat-file --batch``'s answers for ``asked``, in order: a header
    (``<object> <type> <size>``, or ``<name> missing``), then for an object
    its bytes and a newline."""
    found: dict[str, bytes] = {}
    at = 0
    for path in asked:
        end = out.find(b"\n", at)
        if end < 0:
            break
        header = out[at:end].split(b" ")
        at = end + 1
        if len(header) != 3 or not header[2].isdigit():
            continue  # missing, ambiguous: no object follows
        size = int(header[2])
        if header[1] == b"blob":
            found[path] = out[at : at + size]
        at += size + 1
    return found
