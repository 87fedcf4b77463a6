"""Tool classes that are shared bases rather than tools: other tool modules'
tool classes derive from them, and their own ``execute`` does nothing
(abstract, or a stub), or they define no method at all (``class
ZCodeExecution(CodeExecution): pass``, a step between a tool and the tools
deriving from it). Their file name would only run to fail, or run their own
base's tool under another name, so the rules that ask a tool for a prompt
(``PRM001``) or for a ``Response`` on every path (``DOX007``) pass them by."""

from __future__ import annotations

from doxtool.core.facts import ToolFacts
from doxtool.python.baseexecute import runs_execute
from doxtool.run.context import Context


def stub_base(ctx: Context, module: str, tool: ToolFacts) -> bool:
    """Whether ``tool``, a tool class of ``module``, is a base that tool
    classes of other tool modules derive from (``class BrowserDo(Browser)``)
    and whose own ``execute`` does nothing (decorated as abstract, or a stub:
    ``pass``, ``...``, ``raise NotImplementedError``), or that defines no
    method of its own (all it runs is its base's)."""
    facts = ctx.facts(module)
    outline = facts.outline
    cls = next((c for c in outline.classes if c.name == tool.class_name), None) if outline else None
    if cls is None:
        return False
    if any(m.name == "execute" for m in cls.methods):
        if runs_execute((facts, tool.class_name)):
            return False
    elif cls.methods:
        return False  # an ``execute`` it inherits, with methods of its own beside it
    qualified = f"{facts.module}.{tool.class_name}"
    return any(
        qualified in other.bases
        for path in ctx.project.tool_modules
        if path != module
        for other in ctx.tools(path)
    )
