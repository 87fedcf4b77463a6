"""Whether the framework a repository runs in takes a tool call without
``tool_args``, read from the repository's code.

Agent Zero (``helpers/extract_tools.py`` ``normalize_tool_request``) rejects
a reply whose call has no ``tool_args`` dict (nor ``args``) as misformatted.
Older versions read ``tool_request.get("tool_args", {})`` and ran the tool
without arguments; some checked first (``validate_tool_request``) and
rejected it. Which of those a repository holds is a fact of its code
(:mod:`doxtool.python.requests`):

- a repository that does not hold the framework (the module of no
  configured tool base is in it: a plugin's or a profile's repository)
  runs in a current Agent Zero, which rejects it;
- so does one none of whose Python files (outside the tool directories,
  which hold tools, not the framework) names ``tool_args``: the code
  reading requests is not in it (a stub of the tool base, a profile's
  repository beside one);
- otherwise the readers of a request in those files tell: all of them
  rejecting it (an accepting one that first hands the request to a
  rejecting function of its module rejects it too), or all accepting it.
  No reader, one whose treatment is not known, a module that does not
  parse, or readers of both kinds: not known.

The modules looked at are the Python files whose text holds ``tool_args``
(:func:`~doxtool.run.loaders.python_files_naming`); they are looked for
once per run, only when an example lacks ``tool_args`` (or has one that is
not an object, or a ``tool:method`` name with an empty part), and kept in
the incremental state (an edit of one means a full run:
:mod:`doxtool.run.incremental`). Whether the framework also refuses such a
name (:func:`empty_method_refused`) is read from the same modules.
"""

from __future__ import annotations

from typing import Protocol

from doxtool.core.reads import read_regular
from doxtool.python.astparse import parse_ast
from doxtool.python.method_split import CHECKED, method_splits
from doxtool.python.requests import ACCEPTS, REJECTS, request_readers
from doxtool.run import loaders
from doxtool.run.loaders import framework_here, python_files_naming

#: what the modules read are found by
NEEDLE = b"tool_args"
_TREATMENT = "request-treatment"
_MODULES = "request-modules"
_SPLITS = "request-method-splits"
#: the most of a module read (a larger one is not known)
_MAX_BYTES = 16 << 20

__all__ = [
    "ACCEPTS",
    "NEEDLE",
    "REJECTS",
    "empty_method_refused",
    "missing_args",
    "request_modules",
]


class Project(loaders.Project, Protocol):
    """What is read of the project (:class:`doxtool.run.project.Project`)."""

    def is_tool_module(self, rel: str) -> bool: ...


def missing_args(project: Project) -> str | None:
    """How the framework treats a tool call without ``tool_args``
    (:data:`~doxtool.python.requests.ACCEPTS` or ``REJECTS``); None when it
    is not known. Worked out once per run."""
    shared = project.per_run
    if _TREATMENT not in shared:
        shared[_TREATMENT] = _treatment(project)
    treatment: str | None = shared[_TREATMENT]
    return treatment


def empty_method_refused(project: Project) -> bool:
    """Whether the framework certainly refuses a call whose ``tool_name``
    has an empty tool or method part (``"wait:"``, ``":wait"``): it rejects a
    call without ``tool_args`` (:func:`missing_args`) and either its code is
    not here (a current Agent Zero: ``normalize_tool_request`` raises) or
    the modules :func:`missing_args` reads split a name at ``:`` and every
    such split raises on an empty part (:mod:`doxtool.python.method_split`).
    An older framework splitting it unchecked ran ``"wait:"`` as ``wait``."""
    if missing_args(project) != REJECTS:
        return False
    shared = project.per_run
    if _SPLITS not in shared:
        shared[_SPLITS] = _splits_checked(project)
    checked: bool = shared[_SPLITS]
    return checked


def _splits_checked(project: Project) -> bool:
    modules: list[str] = project.per_run.get(_MODULES, [])
    if not framework_here(project) or not modules:
        return True  # a current Agent Zero's
    found: list[str] = []
    for module in modules:
        data = read_regular(str(project.root / module), _MAX_BYTES + 1)
        tree = parse_ast(data.decode("utf-8", "replace")) if data is not None else None
        if tree is None:
            return False
        found += method_splits(tree)
    return bool(found) and all(split == CHECKED for split in found)


def request_modules(project: Project) -> list[str] | None:
    """The modules :func:`missing_args` read; None when it has not run (no
    example lacked ``tool_args``)."""
    if _TREATMENT not in project.per_run:
        return None
    modules: list[str] = project.per_run.get(_MODULES, [])
    return modules


def _treatment(project: Project) -> str | None:
    if not framework_here(project):
        return REJECTS
    modules = [m for m in python_files_naming(project, NEEDLE) if not project.is_tool_module(m)]
    project.per_run[_MODULES] = modules
    if not modules:
        return REJECTS  # no code here names the key: the framework's is not here
    found: set[str] = set()
    for module in modules:
        data = read_regular(str(project.root / module), _MAX_BYTES + 1)
        if data is None or len(data) > _MAX_BYTES:
            return None
        tree = parse_ast(data.decode("utf-8", "replace"))
        if tree is None:
            return None  # a reader there cannot be told
        readers = request_readers(tree)
        rejecting = {r.function.rpartition(".")[2] for r in readers if r.missing_args == REJECTS}
        for reader in readers:
            treatment = reader.missing_args
            if treatment == ACCEPTS and rejecting.intersection(reader.hands):
                treatment = REJECTS  # it hands the request to a check first
            found.add(treatment)
    return next(iter(found)) if len(found) == 1 and "" not in found else None
