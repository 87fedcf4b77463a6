"""Where a tool's helpers are called (part of :mod:`doxtool.python.toolscan`,
read by :mod:`doxtool.python.inherit`).

A tool class elsewhere that derives from the tool and overrides a method
calls none of what only that method called: the helpers it lists, and the
``handle_intervention`` that makes it handle interventions, are those of
the methods it inherits and of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from doxtool.core.facts import ToolFacts

if TYPE_CHECKING:
    from doxtool.python.modulescan import ModuleScan


def called_helpers(
    called: dict[str, set[str]], scan: ModuleScan
) -> tuple[list[str], dict[str, list[str]]]:
    """The helpers among ``called`` (each name -> the functions of ``scan``'s
    module calling it), and the functions calling each."""
    helpers = [name for name in called if _is_helper(name, scan)]
    return helpers, {name: sorted(called[name]) for name in helpers}


def _is_helper(name: str, scan: ModuleScan) -> bool:
    if name.startswith("self.agent.") or _intervention(name):
        # what DOX132 looks for is listed whatever the receiver, or with
        # none (``handle_intervention = getattr(self.agent, ...)``)
        return True
    if name.startswith(scan.module + "."):
        return False  # the module's own functions are listed as such
    return name.split(".", 1)[0] in scan.local_roots


def _intervention(name: str) -> bool:
    return name.rsplit(".", 1)[-1] == "handle_intervention"


def intervenes(base: ToolFacts, sites: dict[str, list[str]]) -> bool:
    """Whether a subclass inheriting ``sites`` of the base's helpers calls
    ``handle_intervention`` through them (where the base calls it)."""
    if not base.intervention:
        return False
    return any(map(_intervention, sites)) or not any(map(_intervention, base.helpers))


def inherited_sites(base: ToolFacts, keep: Callable[[str], bool]) -> dict[str, list[str]]:
    """The base's helpers with the functions calling each that the subclass
    inherits (``keep``); a helper whose callers are not known stays."""
    sites: dict[str, list[str]] = {}
    for helper in base.helpers:
        callers = base.helper_sites.get(helper)
        if not callers:
            sites[helper] = []
        elif any(keep(f) for f in callers):
            sites[helper] = [f for f in callers if keep(f)]
    return sites


def joined_sites(first: dict[str, list[str]], second: dict[str, list[str]]) -> dict[str, list[str]]:
    """The callers of each helper of either side."""
    joined = {name: list(callers) for name, callers in first.items()}
    for name, callers in second.items():
        joined[name] = list(dict.fromkeys([*joined.get(name, []), *callers]))
    return joined
