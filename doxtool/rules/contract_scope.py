"""The tools the DOX3xx tool-contract rules go through: every tool class of
the tool modules in scope, the agent profiles' own tools included, and the
findings that tool classes sharing code report once.

The tool-contract rules (:mod:`.contract_intervention`,
:mod:`.contract_destructive`, :mod:`.contract_answer`) read only the public
fields of :class:`~doxtool.core.facts.ToolFacts` (``exposures`` from
:mod:`doxtool.python.pacing`, ``destructive``, ``side_effects``, ``effects``,
``outcomes``, ``raises``): whatever the extraction learns to see (effects
reached through the repository's helper modules, say) reaches these rules
unchanged.
"""

from __future__ import annotations

from collections.abc import Iterator

from doxtool.core.facts import ToolFacts
from doxtool.run.context import Context


def tool_modules(ctx: Context) -> list[str]:
    """The tool modules in scope, the agent profiles' own tools included
    (``profile-tool-dirs``): the framework runs them like any other."""
    modules = list(ctx.tool_modules)
    known = set(modules)
    scope = ctx.scope.modules
    for profile in ctx.project.profile_tool_modules.values():
        for module in profile:
            if module not in known and (scope is None or module in scope):
                known.add(module)
                modules.append(module)
    return modules


def tools(ctx: Context) -> Iterator[tuple[str, ToolFacts]]:
    for module in tool_modules(ctx):
        if not ctx.facts(module).parsed:
            continue
        for tool in ctx.tools(module):
            yield module, tool


def first(seen: set[object], key: object) -> bool:
    """Whether ``key`` is new (and now seen): tool classes of one module that
    share code share its findings, which are reported once."""
    if key in seen:
        return False
    seen.add(key)
    return True


def class_line(tool: ToolFacts) -> int:
    """The line of its module a finding about the tool's class points at:
    the class's own, or, in a compatibility shim re-exporting a class
    defined elsewhere (whose line is the defining module's), the shim's
    first line."""
    return 1 if tool.defined_in_path else tool.line


def reported_where_defined(ctx: Context, tool: ToolFacts) -> bool:
    """Whether a shim's tool class is defined in another tool module in
    scope, whose own findings about the class already report it."""
    return tool.defined_in_path is not None and tool.defined_in_path in ctx.tool_modules
