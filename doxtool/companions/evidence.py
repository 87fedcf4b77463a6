"""Where the tool facts show each side-effect area of a module: the call a
DOX133 finding about a missing area cites, in the module or, through the
calls that reach it, in a helper module."""

from __future__ import annotations

from doxtool.companions.factlines import code
from doxtool.core.facts import ModuleFacts

#: the tool facts' area names -> canonical areas
TOOL_FACT_AREAS = {
    "filesystem read": "filesystem reads",
    "filesystem write": "filesystem writes",
    "filesystem delete": "filesystem deletion",
    "network": "network calls",
    "subprocess": "subprocess/runtime control",
}


def tool_evidence(module: ModuleFacts) -> dict[str, str]:
    """Canonical area -> the first call the tool facts show it by, with
    where it is made: `` `open` at line 9 ``, or in a helper module, with
    the tool's call that reaches it: `` `httpx.get` at helpers/web.py:12,
    through `helpers.web.get_text` at line 20 ``."""
    found: dict[str, str] = {}
    for tool in module.tools:
        for effect in sorted(tool.effects, key=lambda e: (e.path or "", e.line, e.column)):
            area = TOOL_FACT_AREAS.get(effect.area, effect.area)
            if area in found or not effect.calls or not effect.line:
                continue
            where = f"{effect.path}:{effect.line}" if effect.path else f"line {effect.line}"
            text = f"{code(effect.calls[0])} at {where}"
            if len(effect.calls) > 1 and effect.reached_line and effect.reached_path:
                # through helpers: the call that does it, where it is
                reached = f"{effect.reached_path}:{effect.reached_line}"
                text = f"{code(effect.calls[-1])} at {reached}, through {text}"
            elif len(effect.calls) > 1:
                text += f", reaching {code(effect.calls[-1])}"
            found[area] = text
    return found
