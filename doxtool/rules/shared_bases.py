"""Tool classes that are shared bases rather than tools: other tool modules'
tool classes derive from them, and their own ``execute`` does nothing
(abstract, or a stub). Their file name would only run to fail, so the rules
that ask a tool for a prompt (``PRM001``) or for a ``Response`` on every
path (``DOX007``) pass them by."""

from __future__ import annotations

from doxtool.core.facts import ToolFacts
from doxtool.python.baseexecute import runs_execute
from doxtool.run.context import Context


def stub_base(ctx: Context, module: str, tool: ToolFacts) -> bool:
    """Whether ``tool``, a tool class of ``module``, is a base that tool
    classes of other tool modules derive from (``class BrowserDo(Browser)``)
    and whose own ``execute`` does nothing (decorated as abstract, or a stub:
    ``pass``, ``...``, ``raise NotImplementedError``)."""
    facts = ctx.facts(module)
    outline = facts.outline
    cls = next((c for c in outline.classes if c.name == tool.class_name), None) if outline else None
    if cls is None or not any(m.name == "execute" for m in cls.methods):
        return False  # no ``execute`` of its own: DOX005, or one it inherits
    if runs_execute((facts, tool.class_name)):
        return False
    qualified = f"{facts.module}.{tool.class_name}"
    return any(
        qualified in other.bases
        for path in ctx.project.tool_modules
        if path != module
        for other in ctx.tools(path)
    )
