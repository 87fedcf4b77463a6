"""What a person wrote into a fact block that a rewrite keeps: the lead
line as written (with a note of theirs before its colon), and the facts of
their argument items the code does not say (accepted values, whether it is
needed, a default, a type) or, for a tool taking arguments it does not name,
the items only they list.
"""

from __future__ import annotations

from typing import Any

from doxtool.companions.agreement import type_key
from doxtool.companions.factlines import ExpectedBlock
from doxtool.companions.leads import _lead
from doxtool.companions.model import FactBlock


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
        if person is not None and v.get("default_unknown"):
            v = {
                **v,
                "default": person.get("default"),
                "has_default": bool(person.get("has_default")),
            }
        if (
            person is not None
            and person.get("type")
            and (v.get("type") is None or type_key(v.get("type")) == type_key(person.get("type")))
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
