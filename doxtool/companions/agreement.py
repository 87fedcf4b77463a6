"""Agreement: whether a fact block found in a companion still says what the
facts say.

Blocks are compared by their values (shapes in
:mod:`doxtool.companions.factlines`), kind by kind: order, spacing and the
way a dotted name is shortened are not disagreements.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any

from doxtool.companions.argitems import UNKNOWN_PRESENCE
from doxtool.companions.factlines import ExpectedBlock, detected_area, enum_key
from doxtool.companions.goneitems import gone_item
from doxtool.companions.model import FactBlock

# --- Agreement -------------------------------------------------------------


def _squash(text: Any) -> str:
    return " ".join(str(text).split())


def dotted_name_matches(documented: str, fact: str) -> bool:
    """``managed_wait`` and ``wait.managed_wait`` both name ``helpers.wait.managed_wait``."""
    return documented == fact or fact.endswith("." + documented)


def _same_items(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list) or not isinstance(expected, list):
        return False
    return sorted(map(_squash, expected)) == sorted(map(_squash, existing))


def _class_key(cls: Any) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    return (
        _squash(cls.get("name", "")),
        tuple(_squash(base) for base in cls.get("bases", [])),
        tuple(sorted(_squash(method) for method in cls.get("methods", []))),
    )


def _classes_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list) or not all(isinstance(c, dict) for c in existing):
        return False
    return sorted(map(_class_key, expected)) == sorted(map(_class_key, existing))


#: spellings of a type that name the same JSON type (Python's and JSON's names)
_TYPE_SYNONYMS = {
    "int": "integer",
    "str": "string",
    "bool": "boolean",
    "float": "number",
    "list": "array",
    "dict": "object",
}


def type_key(name: Any) -> str | None:
    """A documented or derived type as compared: ``int`` and ``Integer`` are
    ``integer``; None when there is no type."""
    if not name:
        return None
    folded = str(name).casefold()
    return _TYPE_SYNONYMS.get(folded, folded)


def documented_arguments(values: Any, read: set[str]) -> list[dict[str, Any]]:
    """The argument items of a block's ``values``, less a capitalised word in
    bold (``**Note**: ...``) that names no argument in ``read``, a person's
    remark, an item of the list a person's note leads that names none,
    unless another item of that list does (see :mod:`doxtool.companions.notelists`),
    and an item of an argument not in ``read`` that says it is gone
    (`` `proxy` (removed in v2)``, see :mod:`doxtool.companions.goneitems`)."""
    if not isinstance(values, list):
        return []
    items = [v for v in values if isinstance(v, dict) and "name" in v]
    runs = _argument_runs(items, read)
    return [
        v
        for v in items
        if (not (v.get("maybe_prose") and v["name"] not in read) or v.get("maybe_prose") in runs)
        and not gone_item(v, read)
    ]


def _argument_runs(items: list[dict[str, Any]], read: set[str]) -> set[str]:
    """The note's lists (their ``maybe_prose`` runs) among ``items`` that
    are lists of arguments: one names first an argument in ``read``
    (``**Optional:**`` then `` - `timeout`: seconds. ``; not ``**Errors:**
    when:`` then an argument listed above it)."""
    seen: set[str] = set()
    runs: set[str] = set()
    for item in items:
        run = item.get("maybe_prose")
        if isinstance(run, str) and item["name"] in read and item["name"] not in seen:
            runs.add(run)
        seen.add(item["name"])
    return runs


def _number_free(value: Any) -> Any:
    """``value`` with every number that is a whole number written as an
    integer (``0.0`` is ``0``); booleans stay booleans."""
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    if isinstance(value, list):
        return [_number_free(item) for item in value]
    if isinstance(value, dict):
        return {key: _number_free(item) for key, item in value.items()}
    return value


def default_key(text: Any) -> Any:
    """A default (canonical JSON text) as compared: numbers by their value,
    so ``0.0`` is ``0`` and ``15.0`` is ``15``; text that is not JSON (a
    bare word in a code span, `` `read` ``) is the string it spells, as a
    bare value of ``one of`` is (the code's defaults are always JSON)."""
    if not isinstance(text, str):
        return text
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return json.dumps(text)
    try:
        return json.dumps(_number_free(value), sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return text


def defaults_differ(want: dict[str, Any], have: dict[str, Any]) -> bool:
    """Whether two items of an argument give it different defaults. Of an
    argument both call optional, none is ``null``: absent, it is ``None``
    (``kwargs.get("x")`` is ``kwargs.get("x", None)``), so either spelling
    agrees with either."""

    def default(argument: dict[str, Any], optional: bool) -> tuple[bool, Any]:
        if argument.get("has_default"):
            return True, default_key(argument.get("default"))
        return (True, default_key("null")) if optional else (False, None)

    optional = all(
        a.get("required") is False and not a.get("required_unknown") for a in (want, have)
    )
    if _coerced_default(want, have):
        return False
    return default(want, optional) != default(have, optional)


#: the conversion a type makes of a string default (``int("2")`` is ``2``)
_COERCIONS: dict[str, Callable[[str], Any]] = {"integer": int, "number": float}


def _coerced_default(fact: dict[str, Any], documented: dict[str, Any]) -> bool:
    """Whether ``documented`` gives as default the number an argument the
    code reads as a number has when its string default is converted
    (``int(self.args.get("pages", "2"))``: `` `2` `` for ``"2"``), or, where
    the facts give that number, the string the code writes (``"2"``)."""
    code = fact.get("code_default")
    if code is not None and documented.get("has_default"):
        return bool(default_key(code) == default_key(documented.get("default")))
    convert = _COERCIONS.get(type_key(fact.get("type")) or "")
    if convert is None or not (fact.get("has_default") and documented.get("has_default")):
        return False
    try:
        text, written = json.loads(fact.get("default")), json.loads(documented.get("default"))
    except (TypeError, ValueError, RecursionError):
        return False
    if not isinstance(text, str) or isinstance(written, bool):
        return False
    if not isinstance(written, (int, float)):
        return False
    try:
        return bool(convert(text) == written)
    except (ValueError, OverflowError):
        return False


def types_agree(fact: Any, documented: Any) -> bool:
    """Whether a documented type states what the code reads: the same type,
    or ``number`` of an integer (true of it, if less precise)."""
    want, have = type_key(fact), type_key(documented)
    return want == have or (want == "integer" and have == "number")


def _argument_key(
    argument: dict[str, Any],
    values: bool = True,
    presence: bool = True,
) -> tuple[Any, ...]:
    """What is compared of an argument item; its accepted values only with
    ``values`` and whether it is required only with ``presence`` (the code
    may not say them); its type (:func:`types_agree`) and its default
    (:func:`defaults_differ`) are compared apart."""
    enum = argument.get("enum") if values else None
    alternatives = argument.get("alternatives")
    return (
        (bool(argument.get("required")), bool(argument.get("required_unknown")))
        if presence
        else None,
        enum_key(enum),
        tuple(sorted(alternatives)) if alternatives else None,
    )


def _said(fact: dict[str, Any], documented: dict[str, Any]) -> tuple[bool, bool, bool, bool]:
    """Whether an argument's accepted values, its default, its type and
    whether it is required are compared: the code says them, and the
    companion's item does not leave them unstated (`` `city` (required): ...
    `` states no type; `` `mode` (optional): `a` (default) or `b`. `` no
    default or values doxtool reads)."""
    return (
        not fact.get("values_unknown") and not documented.get("values_unstated"),
        not fact.get("default_unknown") and not documented.get("default_unstated"),
        fact.get("type") is not None
        and not fact.get("type_open")
        and not documented.get("type_unstated"),
        not fact.get("required_unknown"),
    )


def _arguments_agree(expected: Any, existing: Any, open: bool = False) -> bool:
    """``open``: the tool takes arguments it does not name, and the items the
    companion lists beyond those the code names may be true."""
    if not isinstance(existing, list) or not all(isinstance(a, dict) for a in existing):
        return False
    existing = documented_arguments(existing, {a["name"] for a in expected})
    documented: dict[Any, list[dict[str, Any]]] = {}
    for item in existing:
        # an item listed twice (DOX141's) agrees when each copy does
        documented.setdefault(item.get("name"), []).append(item)
    if None in documented:
        return False
    facts = {a["name"]: a for a in expected}
    if not (set(facts) <= set(documented) if open else set(documented) == set(facts)):
        return False
    return all(item_agrees(facts[name], copy) for name in facts for copy in documented[name])


def item_agrees(fact: dict[str, Any], documented: dict[str, Any]) -> bool:
    """Whether an argument item (``documented``) states what the code gives
    (``fact``); an item whose facts doxtool could not read (a table row in
    another form) agrees by its name alone."""
    if documented.get("fields_unknown"):
        return True
    values, default, kind, presence = _said(fact, documented)
    return (
        documented.get("required") is not None
        and _argument_key(documented, values, presence) == _argument_key(fact, values, presence)
        and not (kind and not types_agree(fact.get("type"), documented.get("type")))
        and not (default and defaults_differ(fact, documented))
    )


def _break_loop_agrees(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list):
        return False
    return {_squash(p) for p in expected} == {_squash(p) for p in existing}


def _side_effects_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list):
        return False
    documented = {detected_area(a) or _squash(a).casefold() for a in existing}
    facts = {detected_area(a) or _squash(a).casefold() for a in expected}
    if not facts <= documented:
        return False
    # areas doxtool cannot detect are the person's; detectable ones must be real
    return all(detected_area(a) is None or detected_area(a) in facts for a in existing)


def _helpers_agree(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, list):
        return False
    documented = [_squash(d) for d in existing]
    return all(any(dotted_name_matches(d, fact) for d in documented) for fact in expected) and all(
        any(dotted_name_matches(d, fact) for fact in expected) for d in documented
    )


def _is_tool_agrees(expected: Any, existing: Any) -> bool:
    if not isinstance(existing, str):
        return False
    return dotted_name_matches(existing, expected) or dotted_name_matches(expected, existing)


_AGREEMENT: dict[str, Callable[[Any, Any], bool]] = {
    "classes": _classes_agree,
    "arguments": _arguments_agree,
    "break-loop": _break_loop_agrees,
    "side-effects": _side_effects_agree,
    "helpers": _helpers_agree,
    "is-tool": _is_tool_agrees,
    "defines": lambda expected, existing: existing is True,
}


def values_agree(expected: ExpectedBlock, existing: FactBlock | None) -> bool:
    """Whether ``existing`` states what ``expected`` states.

    Order does not matter (a person may reorder items); helpers and the tool
    base match leniently by dotted suffix; argument prose and side-effect
    areas doxtool cannot detect are ignored.
    """
    if existing is None or existing.kind != expected.kind:
        return False
    if expected.kind == "arguments" and expected.open:
        return _arguments_agree(expected.values, existing.values, open=True)
    if expected.kind == "repairable" and isinstance(existing.values, list):
        # ``helpers.errors.RepairableException`` is the raised class's name too
        written = [_own_name(text, expected.qualified) for text in existing.values]
        return _same_items(expected.values, written)
    agree = _AGREEMENT.get(expected.kind, _same_items)
    return agree(expected.values, existing.values)


def _own_name(text: str, qualified: dict[str, list[str]]) -> str:
    """A repairable error as written -> the value it states: a dotted name
    that is (the tail of) a raised class's qualified name states the class."""
    for value, names in qualified.items():
        if "." in text and any(dotted_name_matches(text, name) for name in names):
            return value
    return text


def argument_differences(want: dict[str, Any], have: dict[str, Any]) -> list[str]:
    """How an argument item ``have`` differs from the facts the code gives, ``want``:
    one sentence a fact (DOX111)."""
    if have.get("fields_unknown"):
        return []  # a row doxtool could not read: it says nothing of its facts
    problems = []
    if want.get("required_unknown"):
        pass  # a call may refuse the missing value or handle it: either word may be true
    elif bool(want.get("required")) != bool(have.get("required")) or have.get("required_unknown"):
        state = "required" if have.get("required") else "optional"
        state = UNKNOWN_PRESENCE if have.get("required_unknown") else state
        actual = "required" if want.get("required") else "optional"
        problems.append(f"is documented as {state} but the code treats it as {actual}")
    # a type the code does not show is not known to be wrong, nor one a
    # person's spelling leaves unstated (`` `city` (required): ... ``)
    if (
        want.get("type") is not None
        and not want.get("type_open")
        and not have.get("type_unstated")
        and not types_agree(want.get("type"), have.get("type"))
    ):
        documented = f"with type {have['type']}" if have.get("type") else "without a type"
        problems.append(f"is documented {documented} but the code reads it as {want.get('type')}")
    if want.get("default_unknown") or have.get("default_unstated"):
        pass  # a fallback the code does not state (``x or self.limit``), or words not read
    elif defaults_differ(want, have):
        written = want.get("code_default") or want.get("default")  # as the code spells it
        shown = f"`{written}`" if want.get("has_default") else "no default"
        problems.append(f"has {shown} in the code")
    if (
        not want.get("values_unknown")
        and not have.get("values_unstated")
        and enum_key(want.get("enum")) != enum_key(have.get("enum"))
    ):
        values = ", ".join(f"`{v}`" for v in want.get("enum") or []) or "any value"
        problems.append(f"accepts {values} in the code")
    want_alternatives = sorted(want.get("alternatives") or [])
    if want_alternatives != sorted(have.get("alternatives") or []):
        names = ", ".join(f"`{v}`" for v in want_alternatives)
        problems.append(
            f"is an alternative to {names} in the code"
            if names
            else "is needed on its own in the code, as no other argument can stand for it"
        )
    return problems
