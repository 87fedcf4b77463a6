"""What a person wrote into a fact block that a rewrite keeps: the lead
line as written (with a note of theirs before its colon), and the facts of
their argument items the code does not say (accepted values, whether it is
needed, a default, a type) or, for a tool taking arguments it does not name,
the items only they list.
"""

from __future__ import annotations

import re
from typing import Any

from doxtool.companions.agreement import default_key, item_agrees, type_key
from doxtool.companions.factlines import ExpectedBlock, spans, split_sentence
from doxtool.companions.leads import _lead
from doxtool.companions.model import Companion, FactBlock
from doxtool.core.edits import line_content


def kept_lead(rendered: str, written: str) -> str:
    """The lead line to write: the one written when it says the same; else,
    when it carries a person's note before its colon (``- Arguments of `X`
    (methods ...):``), the written line up to its colon, then what is rendered after it."""
    if _same_lead(rendered, written):
        return written
    new, old = _lead(rendered), _lead(written)
    if new is None or old is None or not old.note:
        return rendered
    if (new.kind, new.subject) != (old.kind, old.subject):
        return rendered
    return written[: len(written) - len(old.rest)] + rendered[len(rendered) - len(new.rest) :]


def _same_lead(rendered: str, written: str) -> bool:
    """Whether a lead line says what the one written says, differing only in
    how it is spelled (a subject without backticks, the case of the phrase):
    the line as written is then kept."""
    new, old = _lead(rendered), _lead(written)
    if new is None or old is None:
        return False
    fields = ("kind", "subject", "rest", "base", "empty")
    return all(getattr(new, name) == getattr(old, name) for name in fields)


def with_persons_values(values: Any, existing: FactBlock) -> Any:
    """Arguments whose accepted values the code does not say keep the list
    the companion gives them; those whose requiredness, default or type it
    does not say keep the word, default or type the companion gives them."""
    if not isinstance(values, list) or not isinstance(existing.values, list):
        return values
    written = {v.get("name"): v for v in existing.values if isinstance(v, dict)}
    out = []
    for v in values:
        person = written.get(v.get("name")) if isinstance(v, dict) else None
        if person is not None and v.get("values_unknown"):
            v = {**v, "enum": person.get("enum")}
        if person is not None and v.get("required_unknown") and person.get("required") is not None:
            v = {
                **v,
                "required": person["required"],
                "required_unknown": bool(person.get("required_unknown")),
            }
        if (
            person is not None
            and person.get("has_default")
            and v.get("has_default")
            and default_key(person.get("default")) == default_key(v.get("default"))
        ):
            v = {**v, "default": person.get("default")}  # the same value (`0.0` for `0`)
        if (
            person is not None
            and v.get("default_unknown")
            # a default written of an optional argument the code now requires
            # went with the old reading: a fresh item's has none
            and not (v.get("required") and person.get("required") is False)
        ):
            v = {
                **v,
                "default": person.get("default"),
                "has_default": bool(person.get("has_default")),
            }
        if (
            person is not None
            and person.get("type")
            and (
                v.get("type") is None
                or v.get("type_open")
                or type_key(v.get("type")) == type_key(person.get("type"))
            )
        ):
            # a type the code does not say, or the same type spelled another way (`int`)
            v = {**v, "type": person.get("type")}
        out.append(v)
    return out


def with_persons_arguments(expected: ExpectedBlock, existing: FactBlock) -> list[Any] | None:
    """The arguments an open block names, then those only the companion lists
    (the code takes arguments it does not name: they may be read); None when
    one of those does not follow the grammar and could not be written again."""
    names = {v["name"] for v in expected.values}
    extras = (
        [
            v
            for v in existing.values
            if isinstance(v, dict) and v.get("name") is not None and v["name"] not in names
        ]
        if isinstance(existing.values, list)
        else []
    )
    if any(v.get("required") is None for v in extras):
        return None
    return [*expected.values, *extras]


def true_item_lines(
    expected: ExpectedBlock, existing: FactBlock, companion: Companion
) -> dict[str, str]:
    """Name -> line, as written, of each argument item of ``existing`` that
    states what the code gives (or, in an open block, that only the
    companion lists): a rewrite of the block writes it again byte for byte
    (its spacing, its facts in the person's order, its prose)."""
    if not isinstance(expected.values, list) or not isinstance(existing.values, list):
        return {}
    facts = {v.get("name"): v for v in expected.values if isinstance(v, dict)}
    kept: dict[str, str] = {}
    for documented in existing.values:
        if not isinstance(documented, dict) or documented.get("required") is None:
            continue
        name = documented.get("name")
        fact = facts.get(name)
        if fact is None and not expected.open:
            continue
        if fact is not None and not item_agrees(fact, documented):
            continue
        line = existing.item_lines.get(name or "") or 0
        if isinstance(name, str) and 0 < line <= len(companion.lines):
            kept[name] = line_content(companion.lines[line - 1])
    return kept


#: the words opening the clauses of an argument's facts
_CLAUSE = re.compile(r"\b(default|one of|alternative to)\b", re.IGNORECASE)
_CLAUSE_KEYS = {"default": "default", "one of": "enum", "alternative to": "alternatives"}


def clause_order(line: str) -> list[str]:
    """The clauses of an argument item's facts (``default``, ``enum``,
    ``alternatives``) in the order its line writes them; a fix changing a
    fact of the item writes them in that order."""
    _, colon, rest = line.partition(":")
    sentence, _, _ = split_sentence(rest if colon else line)
    order: list[str] = []
    for part in spans(sentence):
        if part.code:
            continue
        for found in _CLAUSE.finditer(part.text):
            key = _CLAUSE_KEYS[" ".join(found.group(1).casefold().split())]
            if key not in order:
                order.append(key)
    return order


def in_written_order(values: list[Any], existing: FactBlock, companion: Companion) -> list[Any]:
    """``values`` with, for each argument its block already lists, the
    order its line writes its clauses in (``clause_order``)."""
    out = []
    for v in values:
        line = existing.item_lines.get(v.get("name", "")) if isinstance(v, dict) else None
        if line and 0 < line <= len(companion.lines):
            v = {**v, "clause_order": clause_order(line_content(companion.lines[line - 1]))}
        out.append(v)
    return out
