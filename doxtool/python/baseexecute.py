"""A configured tool base that runs code of its own in ``execute`` (part of
:mod:`doxtool.python.resolve`).

Agent Zero's ``Tool.execute`` is abstract, so a tool class that defines
none fails when called (``DOX005``). A fork may give its base a working
``execute`` that hands the call on to a method the subclasses define
(``return await self._execute_impl(**kwargs)``): a subclass without an
``execute`` of its own then has one, which doxtool does not read as the
tool's. Its arguments, ``break_loop``, repairable errors and side effects
are not known, as for ``execute = _impl``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from doxtool.core.facts import (
    ARGUMENTS,
    BREAK_LOOP,
    EXECUTE,
    REPAIRABLE,
    SIDE_EFFECTS,
    ModuleFacts,
    ToolFacts,
)

#: what a class with an ``execute`` doxtool does not read leaves unknown
_UNREAD = (EXECUTE, ARGUMENTS, BREAK_LOOP, REPAIRABLE, SIDE_EFFECTS)

Follow = Callable[[str], "tuple[ModuleFacts, str] | None"]


def runs_execute(found: tuple[ModuleFacts, str] | None) -> bool:
    """Whether the class ``found`` (its module's facts and its name) defines an
    ``execute`` that does something: neither decorated as abstract nor a
    stub (``pass``, ``...``, a docstring, ``raise NotImplementedError``)."""
    if found is None or found[0].outline is None:
        return False
    facts, name = found
    cls = next((c for c in facts.outline.classes if c.name == name), None)  # type: ignore[union-attr]
    if cls is None:
        return False
    defs = [m for m in cls.methods if m.name == "execute"]
    if not defs:
        return False
    last = defs[-1]  # the one the class body binds last
    abstract = any(d.rsplit(".", 1)[-1] == "abstractmethod" for d in last.decorators)
    return not abstract and not last.stub


def with_base_execute(tool: ToolFacts, bases: list[str], follow: Follow) -> ToolFacts:
    """``tool`` with no ``execute`` of its own nor of a base of the
    repository, whose configured base (one of ``bases``) runs an ``execute``
    of its own: it has one, whose facts are not known."""
    if tool.execute is not None or not tool.knows(EXECUTE):
        return tool
    if not any(runs_execute(follow(base)) for base in bases):
        return tool
    return dataclasses.replace(
        tool, unknown=[*tool.unknown, *(k for k in _UNREAD if k not in tool.unknown)]
    )
