"""The names of a tool's repairable errors: as its errors line writes them
(the class's own name) and the qualified names a person may write instead
(``helpers.errors.RepairableException``)."""

from __future__ import annotations

from collections.abc import Iterable

from doxtool.companions.factlines import ExpectedBlock, display_code
from doxtool.core.facts import ModuleFacts, ToolFacts


def repairable_values(tool: ToolFacts) -> list[str]:
    """The repairable errors ``tool`` raises, by their own names, sorted."""
    return sorted({_short(r.exception) for r in tool.raises if r.repairable})


def qualify_errors(blocks: Iterable[ExpectedBlock], module: ModuleFacts) -> None:
    """Give each repairable errors block of ``blocks`` the qualified names
    of its errors (:attr:`ExpectedBlock.qualified`), where the module's
    imports resolve them."""
    tools: dict[str, ToolFacts] = {}
    for tool in module.tools:
        tools.setdefault(tool.class_name, tool)  # the first, as the blocks are made
    for block in blocks:
        tool = tools.get(block.subject or "") if block.kind == "repairable" else None
        for raised in tool.raises if tool is not None else []:
            if raised.repairable and raised.qualified:
                names = block.qualified.setdefault(_short(raised.exception), [])
                if raised.qualified not in names:
                    names.append(raised.qualified)


def _short(exception: str) -> str:
    return display_code(exception.rsplit(".", 1)[-1])
