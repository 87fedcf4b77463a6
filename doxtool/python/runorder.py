"""Which class of a tool module the framework runs: the order its loader takes
the module's names in (:mod:`doxtool.core.loader_facts`, worked out for a
repository in :mod:`doxtool.run.loaders`), and which of the names are bound
when it looks."""

from __future__ import annotations

from collections.abc import Callable

from doxtool.core.facts import ModuleFacts, ToolFacts
from doxtool.core.loader_facts import FIRST as FIRST_ORDER
from doxtool.core.loader_facts import LAST as LAST_ORDER

__all__ = ["FIRST_ORDER", "LAST_ORDER", "Order", "bound_at_run", "rebound", "without_bases"]

#: the order the framework's loader takes a module's names in, asked only
#: when it matters (:data:`FIRST_ORDER`, :data:`LAST_ORDER`; None: not known)
Order = Callable[[], "str | None"]


def without_bases(
    facts: ModuleFacts, tools: list[ToolFacts], order: Order | None = None
) -> list[ToolFacts]:
    """``tools`` less the classes another of them derives from, but for the
    one the framework runs: the one whose name sorts last, or first under a
    loader taking the first (``order``, asked only when a base is there; not
    known, the last)."""
    prefix = f"{facts.module}."
    names = {tool.class_name for tool in tools}
    bases = {
        base[len(prefix) :]
        for cls in facts.classes
        if cls.name in names
        for base in cls.resolved_bases
        if base.startswith(prefix)
    } & names
    if not bases:
        return tools
    first = order is not None and order() == FIRST_ORDER
    runs = min(names) if first else max(names)
    return [tool for tool in tools if tool.class_name not in bases or tool.class_name == runs]


def bound_at_run(facts: ModuleFacts, qualified: str) -> bool:
    """Whether an import in the module's body binds ``qualified`` when the
    module runs, and nothing rebinds or deletes the name after it: not one
    under ``if TYPE_CHECKING:`` or in a function (one under a condition or
    in a ``try`` binds it when it runs)."""
    home, _, name = qualified.rpartition(".")
    outline = facts.outline
    if outline is None or any(bound == qualified for bound in rebound(facts)):
        return False
    return any(
        item.scope in ("module", "try", "conditional")
        and (name in item.names or "*" in item.names)
        and item.module
        and (home == item.module or home.endswith(f".{item.module}"))
        for item in outline.imports
    )


def rebound(facts: ModuleFacts) -> list[str]:
    """What the names the module's code rebinds after importing them were
    imported as."""
    outline = facts.outline
    names = outline.rebound if outline is not None else []
    return [facts.imported_names[n] for n in names if n in facts.imported_names]
