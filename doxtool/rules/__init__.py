"""Rules: findings from facts, and the engine that runs them.

Owns: the rule base class and its examples (:mod:`.base`, :mod:`.examples`),
one module per rule family, the catalogue below (every rule class, in code
order), and the engine that runs rules over a context, filters their findings
and applies their fixes (:mod:`.engine`). Rules read plain facts through the
:class:`~doxtool.run.context.Context`; they never touch a syntax tree.

May import: :mod:`doxtool.core`, the source packages and :mod:`doxtool.run`.
Never the output formats or the commands.
"""

from __future__ import annotations

from doxtool.rules import (
    agents_documents,
    agents_index,
    argument_keys,
    companion_arguments,
    companion_blocks,
    companion_items,
    companion_structure,
    contract_answer,
    contract_destructive,
    contract_intervention,
    module,
    prompt_coverage,
    prompt_example_values,
    prompt_examples,
    prompt_files,
    prompt_listing,
    prompt_required,
    prompt_teaching,
    response_call,
    suppression,
    tool_imported,
    tool_response,
    tool_shape,
)
from doxtool.rules.base import Rule

ALL_RULES: list[type[Rule]] = sorted(
    [
        *module.RULES,
        *tool_shape.RULES,
        *argument_keys.RULES,
        *tool_imported.RULES,
        *tool_response.RULES,
        *response_call.RULES,
        *companion_structure.RULES,
        *companion_items.RULES,
        *companion_arguments.RULES,
        *companion_blocks.RULES,
        *agents_index.RULES,
        *agents_documents.RULES,
        *contract_intervention.RULES,
        *contract_destructive.RULES,
        *contract_answer.RULES,
        *prompt_coverage.RULES,
        *prompt_teaching.RULES,
        *prompt_required.RULES,
        *prompt_examples.RULES,
        *prompt_example_values.RULES,
        *prompt_listing.RULES,
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
