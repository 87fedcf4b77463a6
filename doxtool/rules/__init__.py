"""The rule catalogue: every rule class, in code order."""

from __future__ import annotations

from doxtool.rules import (
    agents,
    companion,
    contract,
    module,
    prompt_files,
    prompts,
    suppression,
)
from doxtool.rules.base import Rule

ALL_RULES: list[type[Rule]] = sorted(
    [
        *module.RULES,
        *companion.RULES,
        *agents.RULES,
        *contract.RULES,
        *prompts.RULES,
        *prompt_files.RULES,
        *suppression.RULES,
    ],
    key=lambda r: r.code,
)


def rule_by_code(code: str) -> type[Rule] | None:
    code = code.strip().upper()
    for rule in ALL_RULES:
        if rule.code == code or rule.name == code.lower():
            return rule
    return None
