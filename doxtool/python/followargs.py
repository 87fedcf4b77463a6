"""The arguments a tool's helpers read, joined with those the tool reads
itself, and the parameters of a helper a call's arguments land in (part of
:mod:`doxtool.python.follow`)."""

from __future__ import annotations

import dataclasses
from typing import Any

from doxtool.core.facts import Argument, ArgumentRead, HelperCall, ModuleFacts, json_type
from doxtool.core.summary_facts import FunctionSummary, KeyRead
from doxtool.python.argtypes import INT, copied_under_test, other_type, unconverted
from doxtool.python.argvalues import holds


@dataclasses.dataclass(frozen=True)
class Found:
    """A function a call reaches, with the facts of its module."""

    facts: ModuleFacts
    summary: FunctionSummary
    #: how the call reaches it: through an instance or class (``self.m()``,
    #: ``Cls.m()``) the callee's first parameter is bound
    via_instance: bool
    #: the call makes an instance (``Cls(...)`` reaches ``Cls.__init__``)
    constructs: bool = False
    #: reached by naming its class (``Cls.m``), the call's written name
    #: may be an instance's too (a method of an object the tool made)
    by_class: bool = False
    #: its ``self`` is the tool itself: ``self.m()`` in it is the tool's own
    #: ``m`` first (an override), then its bases'
    on_tool: bool = False


#: reads that raise without the key (a parameter: one with no default)
_RAISING = ("subscript", "pop", "parameter")
#: ... those that raise ``KeyError`` (a parameter raises ``TypeError``)
_KEY_ERRORS = ("subscript", "pop")


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
        known = merged.get(name)
        if known is None and all(k.refused for k, _, _ in found):
            continue  # ``if "debug" in args: raise ...``: a key refused, no argument
        raising = [
            (k, conditional)
            for k, _, conditional in found
            if k.contract or (k.kind in _RAISING and not k.guarded and not k.alternatives)
        ]
        needs = [conditional for k, conditional in raising if not k.on_error]
        required = not all(needs)
        alternatives = sorted({a for k, _, _ in found for a in k.alternatives} - {name})
        default = next(((k.default, True) for k, _, _ in found if k.has_default), (None, False))
        # helper reads that give different literal defaults: which a missing
        # key gets depends on the path, and none is claimed (as in one
        # module); the tool's own default beside them may be what it filled
        # the key with before the call (``self.args.setdefault(...)``), or
        # the key it removed: it stands, as before
        clashing = [k.default for k, _, _ in found if k.has_default]
        differ = differing(clashing)
        # a read that raises without it beside one that gives a default: which
        # runs first is not known here, so neither is whether it is needed
        clash = required and default[1]
        required = required and not clash
        # needed on some calls only (on an error path with no default
        # elsewhere too): whether it is needed is not known
        on_error = any(k.on_error for k, _ in raising) and not default[1]
        sometimes = ((bool(needs) or on_error) and not required and not alternatives) or clash
        if differ:
            default = (None, False)
        unstated = differ or (
            not default[1] and any(k.default_unknown or k.refused_default for k, _, _ in found)
        )
        # as :meth:`~doxtool.python.arguments.ArgBuilder.build`: a coercion,
        # else the default's type, else what ``str(x)`` says
        kind = next((k.coerced for k, _, _ in found if k.coerced), None)
        # (not one under a test of the value's type, ``int(x) if isinstance(x,
        # str) else 0``: which values reach it is not known here)
        converted = kind is not None and not any(k.tested_types for k, _, _ in found)
        # the conversion that makes the type, not a ``str()`` beside it
        making = [k for k, _, _ in found if k.coerced and k.coercion]
        coercion = next((k.coercion for k in making), None) or next(
            (k.coercion for k, _, _ in found if k.coercion), None
        )
        reach = _helper_reach(making)
        weak = next((k.weak for k, _, _ in found if k.weak), None)
        # ``isinstance(x, list)`` in the helper: it takes another type too
        tested = {t for k, _, _ in found for t in k.tested_types}
        if kind is not None and copied_under_test(kind, tested):
            kind = None  # ``elif isinstance(s, dict): dict(s)`` beside ``isinstance(s, str)``
        # ``if limit == "all": ... else: int(limit)``, ``"auto"`` as the
        # default: the conversion runs on some paths only; the value, here
        # or as the tool's own code tests it, has no one type
        compared = [v for k, _, _ in found for v in k.compared]
        values = [*compared, *(v for k, _, _ in found for v in _given(k))]
        if known is not None:
            compared += [*(known.enum or ()), *(known.compared or ())]
            values += [*(known.enum or ()), *(known.compared or ()), *_given(known)]
        mixed = unconverted(kind, values) or (
            known is not None and known.coercion is not None and unconverted(known.type, values)
        )
        if mixed:
            kind = weak = None
        elif kind is None and differ:
            kind = None if len({json_type(v) for v in clashing}) > 1 else json_type(clashing[0])
        elif kind is None and default[1]:
            kind = json_type(default[0])
            # ``str(args.get("count", 10))``: "5" does as well as 5;
            # ``args.get("limit", 10)``, then ``if limit == "all"``
            stringified = kind not in (None, "string", "boolean") and coercion == "str"
            if stringified or other_type(kind, compared) or tested:
                kind = weak = None
        if any(t != weak for t in tested):
            weak = None  # ``keys.strip()`` here, ``isinstance(keys, list)`` there
        kind = kind or weak
        # the values a closed check accepts; two checks that differ, or a
        # test no list holds, leave them unknown
        lists = [k.values for k, _, _ in found if k.values is not None]
        unknown = any(k.values_unknown for k, _, _ in found) or any(
            sorted(map(str, v)) != sorted(map(str, lists[0])) for v in lists
        )
        enum = list(lists[0]) if lists and not unknown else None
        folds = [k.folds for k, _, _ in found if k.values is not None]
        enum_folds = _joined_folds(*((enum, each) for each in folds))
        if known is None:
            merged[name] = Argument(
                name=name,
                required=required,
                required_unknown=sometimes,
                default=None if sometimes else default[0],
                has_default=default[1] and not sometimes,
                default_unknown=unstated or sometimes,
                type=kind,
                type_used=_used(kind, found, enum),
                coercion=coercion,
                reads=positions,
                alternatives=alternatives,
                enum=enum,
                enum_folds=enum_folds,
                values_unknown=unknown,
                conversion_reach=reach if making and kind == making[0].coerced else None,
            )
            continue
        # the tool only makes a string of the value (``str(x)`` for a log
        # line): the helper's conversion makes its type, and where a finding
        # on the type points
        retyped = known.coercion == "str" and bool(making)
        if retyped:
            known = dataclasses.replace(
                known,
                type=None if known.type == "string" else known.type,
                type_used=False,
                coercion=None,
                conversion_reach=None,
                only_compared=None,
                reads=[*(r for r in positions if r not in known.reads), *known.reads],
            )
        if known.enum and enum:
            unknown = unknown or sorted(map(str, known.enum)) != sorted(map(str, enum))
        unknown = unknown or known.values_unknown
        needed = known.required or (required and not known.has_default)
        clash = needed and (known.has_default or default[1])  # as above
        needed = needed and not clash
        doubt = clash or (
            (known.required_unknown or sometimes) and not needed and not known.alternatives
        )
        differ = differ and not known.has_default
        stated = not doubt and not differ
        typed_other = differ and len({json_type(v) for v in clashing}) > 1 and not coercion
        merged[name] = dataclasses.replace(
            known,
            required=needed,
            required_unknown=doubt,
            default=(known.default if known.has_default else default[0]) if stated else None,
            has_default=(known.has_default or default[1]) and stated,
            default_unknown=doubt
            or differ
            or ((known.default_unknown or unstated) and not (known.has_default or default[1])),
            type=None
            if mixed
            or typed_other
            or _default_typed_other(known, compared)
            or (known.coercion is None and any(t != known.type for t in tested))
            else known.type or kind,
            type_used=known.type_used if known.type else _used(kind, found, enum),
            coercion=known.coercion or coercion,
            # a helper's conversion takes every value, as far as is known here
            conversion_reach=_joined_reach(known, making, reach, converted, bool(tested)),
            # a helper's conversion: whether a test keeps values from it is not known here
            reach_caught_only=known.reach_caught_only and not making,
            alternatives=sorted(set(known.alternatives) | set(alternatives)),
            # a helper's check needs one of its alternatives
            alternatives_optional=known.alternatives_optional and not alternatives,
            enum=None if unknown else (known.enum or enum),
            enum_folds=None
            if unknown
            else _joined_folds((known.enum, known.enum_folds), (enum, enum_folds)),
            values_unknown=unknown,
            # a helper's reads use the value in ways not seen here
            only_compared=known.only_compared if all(r in known.reads for r in positions) else None,
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


def _helper_reach(making: list[KeyRead]) -> list[str] | None:
    """The JSON types of the values that reach a helper's conversion that
    makes the type (:attr:`~doxtool.core.summary_facts.KeyRead.conversion_reach`):
    those any lets through; None where one takes every value."""
    sides = [k.conversion_reach for k in making]
    if not sides or None in sides:
        return None
    return sorted({kind for reach in sides for kind in reach or ()})


def _joined_reach(
    known: Argument, making: list[KeyRead], reach: list[str] | None, converted: bool, tested: bool
) -> list[str] | None:
    """The JSON types of the values that reach a conversion making the type,
    of the tool's own reading or of the helpers' (``making``, whose reach
    is ``reach``); None where every value reaches one."""
    if not making:
        return None if converted else known.conversion_reach
    if reach is None and tested:
        # under a type test the helper walk does not place (in a function
        # it hands the value to): which values reach it is not known here
        return known.conversion_reach
    if known.coercion is None:
        # the tool converts nothing: the helper's conversion makes the type
        # unless the tool's own reading types it otherwise (a default)
        return reach if known.type is None else None
    if known.conversion_reach is None or reach is None:
        return None
    return sorted({*known.conversion_reach, *reach})


def _joined_folds(*sides: tuple[list[Any] | None, list[str] | None]) -> list[str] | None:
    """The string methods applied to a value before it is compared with the
    values of each side (values, foldings) that has some: None where one of
    them does not say."""
    folds = [each for values, each in sides if values]
    if not folds or None in folds:
        return None
    return sorted({method for each in folds for method in each or ()})


def as_called(read: KeyRead, name: str, call: HelperCall, guarded: bool = False) -> KeyRead | None:
    """A helper's read of the argument ``name`` as the tool's ``call`` sees
    it: none when the tool wrote the key before the call whatever it held
    (it reads no argument); one that cannot raise, with the value filled as
    what a missing key gives, when the tool filled the key where it was
    missing (:attr:`~doxtool.core.facts.HelperCall.filled`). ``guarded``: a
    helper between guards the call that reached the read, as a ``call``
    :attr:`~doxtool.core.facts.HelperCall.key_guarded` does. A read of the
    tool's ``self.args`` (``<self>.args``) in a method of the tool's own
    sees what the tool wrote there (:attr:`~doxtool.core.facts.HelperCall.on_args`)."""
    if call.on_args and read.source.endswith(".args"):
        call = dataclasses.replace(
            call,
            filled=call.args_filled,
            any_filled=call.args_any_filled,
            written=call.args_written,
            replaced=call.args_replaced,
            aliased=call.args_aliased,
            maybe=call.args_maybe,
        )
    if name in call.written or call.replaced:
        return None
    fill = next(((bool(k), v) for key, k, v in call.filled if key == name), None)
    if fill is None and call.any_filled:
        fill = (False, None)
    if fill is not None:
        known, value = fill
        read = dataclasses.replace(
            read,
            guarded=True,
            alternatives=[],
            has_default=known,
            default=value if known else None,
            default_unknown=not known,
            refused_default=False,
            # a check that raises on an empty value refuses the fill only if it is empty
            contract=read.contract and known and not value,
        )
    else:  # written on some paths, or from other keys (:mod:`~doxtool.python.renamedkeys`)
        others = next((o for key, o in call.aliased if key == name), None)
        if name in call.maybe or (others is not None and read.contract):
            read = dataclasses.replace(read, conditional=True)  # needed on some calls
        elif others is not None and not read.guarded and not read.alternatives:
            read = dataclasses.replace(read, alternatives=list(others))  # one is needed
    if (call.key_guarded or guarded) and read.kind in _KEY_ERRORS and not read.guarded:
        # a missing key's ``KeyError`` goes to a handler that goes on: the
        # key is needed on no call, and what the handler leaves is not known
        read = dataclasses.replace(read, guarded=True, default_unknown=True)
    if call.recovered and read.contract and not read.conditional:
        # the check raises into a handler that goes on: what a missing key
        # ends as is not known (one needed on some calls, such as a check
        # that hands a value back, stays so)
        read = dataclasses.replace(read, contract=False, default_unknown=True)
    return read


# --- the callee parameters a call's arguments land in


def parameter_of(found: Found, key: str) -> str | None:
    """The callee parameter a call's argument lands in (``#n``, a keyword, ``**``)."""
    summary = found.summary
    if key == "**":
        return summary.star_kwarg
    if key.startswith("#"):
        index = int(key[1:]) + (1 if summary.bound and found.via_instance else 0)
        return summary.params[index] if index < len(summary.params) else None
    return key if key in summary.params[summary.posonly :] else summary.star_kwarg


def spread_of(found: Found, fills: list[str]) -> frozenset[str]:
    """The parameters of the callee a ``**`` splat fills: those it can fill
    by name that the call does not fill otherwise (``fills``)."""
    taken = {parameter_of(found, key) for key in fills}
    return frozenset(r.key for r in found.summary.reads if r.source == "**" and r.key not in taken)


def bound_of(
    found: Found, literals: list[list[str]], values: dict[str, str], passes: list[list[str]]
) -> frozenset[tuple[str, str]]:
    """Named parameters of the callee bound to a string literal by a call:
    passed as one, or as a parameter of the caller bound to one."""
    out: set[tuple[str, str]] = set()
    given = [*literals, *([k, values[own]] for k, own in passes if own in values)]
    for key, value in given:
        if key.startswith("#") or key in found.summary.params:
            param = parameter_of(found, key)
            if param is not None:
                out.add((param, value))
    return frozenset(out)


def self_carried(caller: Found, callee: Found, target: str, held: frozenset[str]) -> set[str]:
    """``self.m()`` or ``super().m()`` in a method whose ``self`` holds the
    tool's arguments: the callee's ``self`` is the same object, and holds them."""
    if not target.startswith(("self.", "super().")):
        return set()
    if not (caller.summary.bound and callee.summary.bound and callee.via_instance):
        return set()
    if not caller.summary.params or not callee.summary.params:
        return set()
    if f"{caller.summary.params[0]}.args" not in held:
        return set()
    return {f"{callee.summary.params[0]}.args"}


def carriers_of(
    caller: Found, callee: Found, passes: list[list[str]], held: frozenset[str]
) -> set[str]:
    """Parameters of the callee that hold the tool's arguments after the call
    (``self.m()`` itself: :func:`self_carried`)."""
    out: set[str] = set()
    self_param = caller.summary.params[0] if caller.summary.bound else None
    for key, own in passes:
        if own == "self" and self_param is not None and f"{self_param}.args" in held:
            param = parameter_of(callee, key)
            if param is not None:
                out.add(f"{param}.args")
        elif own in held:
            param = parameter_of(callee, key)
            if param is not None:
                out.add(param)
    return out


def _used(kind: str | None, found: list[Any], enum: list[Any] | None) -> bool:
    """Whether a helper's use of the value needs ``kind``: its conversion
    made it, or a closed check accepts values of that type only (as
    :func:`~doxtool.python.argtypes.type_used`; a helper's ``x.strip()`` is
    not told apart from its literal default here, and says nothing)."""
    if kind is None:
        return False
    if any(k.coerced == kind for k, _, _ in found):
        return True
    kinds = {json_type(v) for v in enum or ()}
    return bool(kinds) and all(k == kind or (kind, k) == INT for k in kinds)


def _default_typed_other(known: Argument, compared: list[Any]) -> bool:
    """Whether the tool's own reading types the value by its literal default
    alone (``self.args.get("limit", 10)``) and a helper compares it with a
    value of another type (``if limit == "all"``)."""
    by_default = known.has_default and known.coercion is None
    typed = by_default and json_type(known.default) == known.type
    return typed and other_type(known.type, compared)


def differing(defaults: list[Any]) -> bool:
    """Whether literal defaults differ (``1`` and ``True`` do: types compared too)."""
    return any(not holds(defaults[:1], value) for value in defaults[1:])


def _given(read: KeyRead | Argument) -> list[Any]:
    """The default a read (or the tool's own reading) gives a missing key, if one."""
    return [read.default] if read.has_default else []
