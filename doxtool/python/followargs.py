"""The arguments a tool's helpers read, joined with those the tool reads
itself (part of :mod:`doxtool.python.follow`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from doxtool.core.facts import Argument, ArgumentRead, json_type


def add_arguments(
    arguments: list[Argument], reads: dict[str, list[tuple[Any, ArgumentRead, bool]]]
) -> list[Argument]:
    """``arguments`` with the reads found in helpers: each (the helper's
    read, its place, whether the call that reached it is conditional) per
    argument name. A read of a missing key raises ``KeyError`` (unless
    guarded) as ``d[key]``, ``d.pop(key)`` and a parameter without a default do."""
    merged = {a.name: a for a in arguments}
    for name, found in reads.items():
        positions = [r for _, r, _ in found]
        required = any(
            (
                k.contract
                or (
                    k.kind in ("subscript", "pop", "parameter")
                    and not k.guarded
                    and not k.alternatives
                )
            )
            and not conditional
            for k, _, conditional in found
        )
        alternatives = sorted({a for k, _, _ in found for a in k.alternatives} - {name})
        default = next(((k.default, True) for k, _, _ in found if k.has_default), (None, False))
        unstated = not default[1] and any(
            k.default_unknown or k.refused_default for k, _, _ in found
        )
        # as :meth:`~doxtool.python.arguments.ArgBuilder.build`: a coercion,
        # else the default's type, else what ``str(x)`` says
        kind = next((k.coerced for k, _, _ in found if k.coerced), None)
        if kind is None and default[1]:
            kind = json_type(default[0])
        kind = kind or next((k.weak for k, _, _ in found if k.weak), None)
        coercion = next((k.coercion for k, _, _ in found if k.coercion), None)
        # the values a closed check accepts; two checks that differ, or a
        # test no list holds, leave them unknown
        lists = [k.values for k, _, _ in found if k.values is not None]
        unknown = any(k.values_unknown for k, _, _ in found) or any(
            sorted(map(str, v)) != sorted(map(str, lists[0])) for v in lists
        )
        enum = list(lists[0]) if lists and not unknown else None
        known = merged.get(name)
        if known is None:
            merged[name] = Argument(
                name=name,
                required=required,
                default=default[0],
                has_default=default[1],
                default_unknown=unstated,
                type=kind,
                coercion=coercion,
                reads=positions,
                alternatives=alternatives,
                enum=enum,
                values_unknown=unknown,
            )
            continue
        if known.enum and enum:
            unknown = unknown or sorted(map(str, known.enum)) != sorted(map(str, enum))
        unknown = unknown or known.values_unknown
        merged[name] = dataclasses.replace(
            known,
            required=known.required or (required and not known.has_default),
            default=known.default if known.has_default else default[0],
            has_default=known.has_default or default[1],
            default_unknown=(known.default_unknown or unstated)
            and not (known.has_default or default[1]),
            type=known.type or kind,
            coercion=known.coercion or coercion,
            alternatives=sorted(set(known.alternatives) | set(alternatives)),
            enum=None if unknown else (known.enum or enum),
            values_unknown=unknown,
            reads=[*known.reads, *(r for r in positions if r not in known.reads)],
        )
    # an alternative names its partners both ways
    for name, argument in list(merged.items()):
        for other in argument.alternatives:
            partner = merged.get(other)
            if partner is not None and name not in partner.alternatives:
                merged[other] = dataclasses.replace(
                    partner, alternatives=sorted([*partner.alternatives, name])
                )
    return list(merged.values())
