"""What a name holds when the argument it was given is missing, once the
first statement that uses it has run: one rule for both walks, the libcst
one over tool classes (:mod:`~doxtool.python.fallbacks`) and the ``ast``
one of helper summaries (:mod:`~doxtool.python.keyreads`), each through
a :class:`Shapes` that names what its nodes are.

``execute(self, limit=None)`` then ``limit = int(limit) if limit else 10``:
a missing ``limit`` is ``None``, which the statement replaces with ``10``;
so do ``limit = int(limit or 10)``, ``limit = 10 if limit is None else
int(limit)``, ``if limit is None: limit = 10`` and ``if not limit: ...``
(an ``else`` or ``elif`` too). The value stated is the literal as written:
``float(timeout or 30)`` gives ``30``, as ``float(args.get("timeout") or
30)`` does (a conversion that changes a literal, ``str(x or 10)``, gives
what it makes, ``"10"``). A test on the name decides the branch taken
(``if limit:`` with ``limit`` missing is not taken, and the next statement
that uses the name is looked at); a test it cannot decide, or a value it
cannot evaluate, leaves what a missing argument gives unknown
(:data:`UNKNOWN`): neither the ``None`` nor any other value is claimed;
so does a ``None`` converted (``limit = int(limit)`` fails on it). A value
that is not ``None`` converted or handed to a call no one can read (``path
= Path(path)``) is kept: what the call makes of it, it makes of the same
value passed; a ``None``, though, is what such calls replace (``limit =
self._limit(limit)``), so what it becomes is not known. What the code
makes of the value held (``reset = str(reset).lower() == "true"``) is no
replacement either: a passed value goes the same way. Only a falsy default
(``None``, ``""``, ``0``), the mark of an argument not given, is replaced;
a truthy one is a value a caller may pass (``chart_type="auto"``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

N = TypeVar("N")
#: the kinds of an :class:`Outcome`
KEPT, KNOWN, UNKNOWN = "kept", "known", "unknown"
#: conversions that give a value from a value (``bool(x)`` is a test of it)
_CONVERSIONS: dict[str, Callable[[Any], Any]] = {"int": int, "float": float, "str": str}
_BOOL = "bool"
#: ``isinstance`` tests decided on a known value
TYPES: dict[str, Callable[[Any], bool]] = {
    "str": lambda v: isinstance(v, str),
    "int": lambda v: isinstance(v, int),
    "float": lambda v: isinstance(v, float),
    "bool": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "dict": lambda v: isinstance(v, dict),
    "tuple": lambda v: isinstance(v, tuple),
}
CONVERTERS = frozenset({*_CONVERSIONS, _BOOL})
#: comparisons decided on known values (``is`` only where one side is ``None``)
_COMPARE: dict[str, Callable[[Any, Any], bool]] = {
    "==": lambda a, b: bool(a == b),
    "!=": lambda a, b: bool(a != b),
    "is": lambda a, b: a is None and b is None,
    "is not": lambda a, b: not (a is None and b is None),
    "in": lambda a, b: a in b,
    "not in": lambda a, b: a not in b,
}
#: containers ``in`` is decided on
_CONTAINERS = (str, list, tuple, set, frozenset, dict)


@dataclass(frozen=True)
class Outcome:
    """What a name holds: the value it held, or what it makes of it
    (:data:`KEPT`: ``str(reset).lower() == "true"`` is ``False`` for a
    held ``""``, a value a passed ``""`` gives as well, so the default stays),
    a value of the code's own (:data:`KNOWN`: a literal, or what it makes of
    one), or one not known (:data:`UNKNOWN`, with the expression that gives
    it, if one does, and whether that expression only remakes the value
    held, ``Path(path)``, rather than replace it)."""

    kind: str
    value: Any = None
    leaf: Any = None
    remade: bool = False


class Shapes(Protocol[N]):
    """What the nodes of one syntax tree are, for :func:`replaced`."""

    def expr(self, node: N) -> tuple[Any, ...]:
        """``("name", id)``, ``("or"|"and", left, right)``, ``("not", x)``,
        ``("compare", left, op, right)`` (``op`` one of :data:`_COMPARE`),
        ``("ifexp", test, body, orelse)``, ``("convert", function, x)``,
        ``("isinstance", x, names)`` (None for a class not a builtin one),
        ``("method", receiver, method, args)`` (a string method) or ``("other",)``."""
        ...

    def value(self, node: N) -> tuple[bool, Any]:
        """(True, value) for a literal or a constant bound to one."""
        ...

    def stmt(self, node: N, name: str) -> tuple[Any, ...]:
        """``("assign", value)`` for ``name = value``, ``("if", test, body,
        orelse)`` (statement lists; ``orelse`` empty when there is none) or
        ``("try", body, rest)`` (the statements of its handlers, ``else``
        and ``finally`` in ``rest``; the tool walk's shapes only: a helper's
        summary does not read the checks in a ``try`` as refusals, so the
        value a check there refuses would be claimed) or ``("other",)``."""
        ...

    def uses(self, node: N, name: str) -> bool:
        """Whether ``name`` occurs in ``node`` (nested functions too)."""
        ...

    def fallbacks(self, node: N, name: str) -> list[N]:
        """The expressions in ``node`` that may replace what ``name`` holds
        where they use it: an ``or`` with ``name`` before its last operand
        (``size or "2K"``), an ``if`` expression testing it (``True if mark
        is None else bool(mark)``)."""
        ...

    def alias(self, node: N) -> tuple[str, N] | None:
        """``(other, value)`` for a statement binding one plain name,
        ``other = value`` (annotated too); else None."""
        ...

    def assignments(self, node: N, name: str) -> list[N | None]:
        """The values ``node`` assigns to ``name`` anywhere (``name =
        value``; None for any other binding: a loop's target, ``+=``)."""
        ...

    def ends(self, body: Sequence[N]) -> bool:
        """Whether ``body`` leaves the statements after it on every path
        (``return``, ``raise``)."""
        ...

    def fills(self, node: N, name: str) -> bool:
        """Whether ``node`` changes the container ``name`` holds in place:
        a filling method of it (``name.append(x)``, ``name.update(d)``) or
        a store into it (``name[k] = v``), outside nested functions."""
        ...


def replaced(shapes: Shapes[N], body: Sequence[N], name: str, default: Any) -> Outcome:
    """What ``name``, holding ``default`` (a missing argument's value), holds
    once the first statement of ``body`` that uses it has run. A truthy
    default is a value a caller may pass as well, which the code treats the
    same (``chart_type="auto"``, then ``if chart_type == "auto": ...``):
    it is kept; a falsy one (``None``, ``""``, ``0``) marks an argument not
    given, which the code may replace."""
    if default:
        return Outcome(KEPT, default)
    return _scan(shapes, body, name, default) or Outcome(KEPT, default)


def replaced_at_use(
    shapes: Shapes[N], body: Sequence[N], name: str, default: Any, stated: tuple[Any, ...] = ()
) -> bool:
    """Whether a falsy ``default`` that :func:`replaced` keeps (no statement
    binds the name again) is still replaced where the name is used:
    ``payload = {"size": size or "2K"}`` sends ``"2K"`` for a missing
    ``size``, ``{"mark": True if mark is None else bool(mark)}`` ``True``,
    while the name goes on holding ``None``. What a missing argument gives
    is then neither the ``None`` nor, as another use may hand on the name
    as it is, the fallback: not known. A fallback that gives the value held
    (``url or ""`` for a ``""``, ``int(v) if v is not None else None`` for a
    ``None``) replaces nothing. As for :func:`replaced`, the first statement
    that uses the name is the one read (one that binds it too is
    :func:`replaced`'s to judge). ``stated``: where ``name`` was handed an
    argument's value (:func:`_replaced_in_alias`), that argument's default,
    which a fallback giving it keeps too."""
    if default:
        return False
    index = next((i for i, stmt in enumerate(body) if shapes.uses(stmt, name)), None)
    if index is None:
        return False
    stmt = body[index]
    shape = shapes.stmt(stmt, name)
    stated = stated or (default,)
    if shape[0] == "try" and _replaced_in_alias_of_try(
        shapes, shape[1], body[index + 1 :], name, default, stated
    ):
        return True
    if shapes.assignments(stmt, name):
        return False
    for node in shapes.fallbacks(stmt, name):
        given = _given(shapes, node, name, default)
        if given.kind == UNKNOWN or not any(_same(given.value, v) for v in (default, *stated)):
            return True
    return _replaced_in_alias(shapes, stmt, body[index + 1 :], name, default, stated)


def _replaced_in_alias_of_try(
    shapes: Shapes[N],
    tried: Sequence[N],
    rest: Sequence[N],
    name: str,
    held: Any,
    stated: tuple[Any, ...],
) -> bool:
    """:func:`_replaced_in_alias` in the body of a ``try``, which runs first,
    in order, as the statements after it do."""
    index = next((i for i, stmt in enumerate(tried) if shapes.uses(stmt, name)), None)
    if index is None:
        return False
    after = [*tried[index + 1 :], *rest]
    return _replaced_in_alias(shapes, tried[index], after, name, held, stated)


def _replaced_in_alias(
    shapes: Shapes[N], stmt: N, rest: Sequence[N], name: str, held: Any, stated: tuple[Any, ...]
) -> bool:
    """Whether ``stmt`` hands what ``name`` holds to another name
    (``arg = checkout``, ``arg = (checkout or "").strip() or None``: a
    falsy value still, the mark of an argument not given) that the statements
    after it replace (``chosen = arg or settings.checkout``, ``arg = arg or
    10``): what a missing argument gives is then not the value held. A
    fallback giving the argument's own default (``stated``: ``explicit or
    ""`` for a ``checkout=""``) replaces nothing, nor does binding the other
    name anew to a value not made of it (``arg = self.config.name``): what
    it held reaches nothing there."""
    bound = shapes.alias(stmt)
    if bound is None or bound[0] == name:
        return False
    other, value = bound
    made = evaluate(shapes, value, name, held)
    if made.kind == UNKNOWN or made.value:
        return False  # a call no one can read, or a value a caller may pass too
    if made.value is not None and type(made.value) is not type(held):
        return False  # ``wanted = mode == "x"``: a test of the value, not the value
    if discarded(shapes, rest, other):
        return False
    again = replaced(shapes, rest, other, made.value)
    if again.kind != KEPT:
        return not any(gives_again(again, v) for v in (made.value, *stated))
    return replaced_at_use(shapes, rest, other, made.value, stated)


def _given(shapes: Shapes[N], node: N, name: str, held: Any) -> Outcome:
    """What a fallback gives where ``name`` holds ``held``; in ``a or name
    or x`` where ``a`` does not use the name, what ``name or x`` gives (a
    truthy ``a`` is its own value, whatever the name holds)."""
    operands = _or_operands(shapes, node)
    first = next((i for i, o in enumerate(operands) if shapes.expr(o) == ("name", name)), 0)
    if first == 0 or any(shapes.uses(o, name) for o in operands[:first]):
        return evaluate(shapes, node, name, held)
    given = Outcome(KEPT, held)
    for operand in operands[first:]:
        given = evaluate(shapes, operand, name, held)
        if given.kind == UNKNOWN or given.value:
            return given
    return given


def _or_operands(shapes: Shapes[N], node: N) -> list[N]:
    """The operands of an ``or`` chain, in order, however its tree nests them."""
    shape = shapes.expr(node)
    if shape[0] != "or":
        return [node]
    return [*_or_operands(shapes, shape[1]), *_or_operands(shapes, shape[2])]


def gives_again(outcome: Outcome, held: Any) -> bool:
    """Whether ``outcome`` is the literal ``held`` made again (``str(url or
    "").strip()`` for a ``""``): what a missing argument gives is still
    ``held``, replaced by nothing else."""
    return outcome.kind == KNOWN and _same(outcome.value, held)


def _same(value: Any, held: Any) -> bool:
    """``value`` is ``held``: equal and of one type (``0`` is not ``False``)."""
    return type(value) is type(held) and value == held


def discarded(shapes: Shapes[N], body: Sequence[N], name: str) -> bool:
    """Whether the value ``name`` holds is thrown away unused: the first
    statement of ``body`` that uses the name binds it again to a value not
    made of it (``v = args.get("b", "y")``, then ``v = args.get("b")``), so
    what it held (a read's default) reaches nothing."""
    for stmt in body:
        if shapes.uses(stmt, name):
            shape = shapes.stmt(stmt, name)
            return shape[0] == "assign" and not shapes.uses(shape[1], name)
    return False


def _scan(shapes: Shapes[N], body: Sequence[N], name: str, default: Any) -> Outcome | None:
    """:func:`replaced`; None when no statement of ``body`` uses the name."""
    for index, stmt in enumerate(body):
        if not shapes.uses(stmt, name):
            continue
        shape = shapes.stmt(stmt, name)
        if shape[0] == "assign":
            outcome = _settled(evaluate(shapes, shape[1], name, default), default)
            return _replaced_again(shapes, body[index + 1 :], name, outcome)
        if shape[0] == "try" and not any(shapes.assignments(s, name) for s in shape[2]):
            # the body runs first, in order, as the statements around it do
            # (``try: if key is None: return ...``, then ``key = key.strip()``);
            # a handler that binds the name again may give it another value
            inner = _scan(shapes, shape[1], name, default)
            if inner is not None:
                return inner
        decided = evaluate(shapes, shape[1], name, default) if shape[0] == "if" else None
        if decided is not None and decided.kind == UNKNOWN:
            kept = _arms_keep(shapes, shape, body[index + 1 :], name, default)
            if kept is not _REPLACED:
                return kept
        if decided is None or decided.kind == UNKNOWN:
            return _rebound(shapes, stmt, name, default)
        branch = shape[2] if decided.value else shape[3]
        inner = _scan_taken(shapes, branch, name, default)
        if inner is not None:
            return inner
        if shapes.ends(branch):
            return Outcome(KEPT, default)
        # on the paths that go on, what follows uses the value; those that
        # leave use it no more
    return None


def _scan_taken(shapes: Shapes[N], body: Sequence[N], name: str, default: Any) -> Outcome | None:
    """:func:`_scan` of the branch a test on the value held takes for a
    missing argument (``if not items:``): a statement there that fills the
    container in place (``items.append(x)``, a loop of them) replaces what
    it held, as binding it again would (``items = [x]``); what a missing
    argument gives is then not known. Filled where the value is not tested
    (``items.append("x")`` on every call), a passed value goes the same way."""
    for stmt in body:
        if not shapes.uses(stmt, name):
            continue
        if shapes.fills(stmt, name):
            return Outcome(UNKNOWN)
        break
    return _scan(shapes, body, name, default)


#: :func:`_arms_keep`'s answer for an arm that may replace the value held
_REPLACED = Outcome(UNKNOWN)


def _arms_keep(
    shapes: Shapes[N], shape: tuple[Any, ...], rest: Sequence[N], name: str, default: Any
) -> Outcome | None:
    """An ``if`` whose test is not decided (``if scope == "auto":``) whose
    arms, each read as :func:`_scan` reads a body, replace nothing on the
    paths a missing argument takes (``if key: key = str(key).strip()``
    inside: that branch is not taken): the value held stays, or, where
    neither the test nor an arm uses it, what follows decides, as after a
    decided test (None when nothing does). :data:`_REPLACED` when an arm may
    replace it, or when the test or an arm uses the value held and what
    follows the others replaces it (which a missing key gets then depends on
    the path): :func:`_rebound` judges."""
    used, go_on = shapes.uses(shape[1], name), False
    for arm in (shape[2], shape[3]):
        inner = _scan(shapes, arm, name, default)
        if inner is not None and inner.kind != KEPT:
            return _REPLACED
        used = used or inner is not None
        go_on = go_on or (inner is None and not shapes.ends(arm))
    after = _scan(shapes, rest, name, default) if go_on else None
    if not used:
        return after if go_on else Outcome(KEPT, default)
    if after is None or after.kind == KEPT:
        return Outcome(KEPT, default)
    return _REPLACED


def _replaced_again(shapes: Shapes[N], rest: Sequence[N], name: str, first: Outcome) -> Outcome:
    """``first``, what an assignment made of a missing argument, unless that
    is a falsy literal (still the mark of an argument not given) which the
    next statement that uses the name replaces in turn (``prompt =
    str(prompt or "")``, then ``prompt = original or prompt``: what a missing
    ``prompt`` gives is then ``original``, not known)."""
    if first.kind != KNOWN or first.value:
        return first
    again = _scan(shapes, rest, name, first.value)
    return again if again is not None and again.kind != KEPT else first


def _rebound(shapes: Shapes[N], stmt: N, name: str, default: Any) -> Outcome:
    """What a statement using the name that is no plain assignment of it
    (an ``if`` whose test is not decided, a ``try``, a loop) makes of it:
    the value held where it assigns none; where every assignment only
    remakes the value (``if loud: text = shout(text)``, ``try: path =
    Path(path)``), as :func:`_settled` takes that; else not known
    (``if self.fast: limit = 3``)."""
    values = shapes.assignments(stmt, name)
    if not values:
        return Outcome(KEPT, default)
    remade = all(
        value is not None and _remakes(evaluate(shapes, value, name, default)) for value in values
    )
    return _settled(Outcome(UNKNOWN, remade=remade), default)


def _remakes(outcome: Outcome) -> bool:
    return outcome.kind == KEPT or (outcome.kind == UNKNOWN and outcome.remade)


def _settled(outcome: Outcome, default: Any) -> Outcome:
    """A value held that is not ``None``, remade by a call no one can read, is kept."""
    if outcome.kind == UNKNOWN and outcome.remade and default is not None:
        return Outcome(KEPT, default)
    return outcome


def evaluate(shapes: Shapes[N], node: N, name: str, held: Any) -> Outcome:
    """The value of ``node`` where ``name`` holds ``held``."""
    shape = shapes.expr(node)
    kind = shape[0]
    if kind == "name" and shape[1] == name:
        return Outcome(KEPT, held)
    known, value = shapes.value(node)
    if known:
        return Outcome(KNOWN, value)
    if kind in ("or", "and"):
        left = evaluate(shapes, shape[1], name, held)
        if left.kind == UNKNOWN or bool(left.value) == (kind == "or"):
            return left
        return evaluate(shapes, shape[2], name, held)
    if kind == "ifexp":
        test = evaluate(shapes, shape[1], name, held)
        if test.kind == UNKNOWN:
            return Outcome(UNKNOWN, leaf=node)  # either arm: not known which
        return evaluate(shapes, shape[2] if test.value else shape[3], name, held)
    if kind == "not":
        inner = evaluate(shapes, shape[1], name, held)
        return inner if inner.kind == UNKNOWN else Outcome(inner.kind, not inner.value)
    if kind == "compare":
        left = evaluate(shapes, shape[1], name, held)
        right = evaluate(shapes, shape[3], name, held)
        identity = shape[2] in ("is", "is not")
        member = shape[2] in ("in", "not in")
        if (
            UNKNOWN in (left.kind, right.kind)
            or (identity and left.value is not None and right.value is not None)
            or (member and not isinstance(right.value, _CONTAINERS))
        ):
            return Outcome(UNKNOWN, leaf=node)  # ``x is True``: not decided here
        try:
            decided = _COMPARE[shape[2]](left.value, right.value)
        except TypeError:  # ``None in "abc"``, an unhashable value in a set
            return Outcome(UNKNOWN, leaf=node)
        made = KEPT if KEPT in (left.kind, right.kind) else KNOWN
        return Outcome(made, decided)
    if kind == "isinstance":
        tested = evaluate(shapes, shape[1], name, held)
        if tested.kind == UNKNOWN or None in shape[2]:
            return Outcome(UNKNOWN, leaf=node)
        return Outcome(tested.kind, any(TYPES[t](tested.value) for t in shape[2]))
    if kind == "convert":
        return _converted(shape[1], evaluate(shapes, shape[2], name, held), node)
    if kind == "method":
        receiver = evaluate(shapes, shape[1], name, held)
        args = [shapes.value(arg) for arg in shape[3]]
        if receiver.kind == UNKNOWN:
            # ``(x or self.mode).strip()`` remakes what replaced the value
            # held, not the value: a remake only as the receiver is one, or
            # as an argument hands the value on
            handed = any(shapes.uses(arg, name) for arg in shape[3])
            return Outcome(UNKNOWN, leaf=receiver.leaf or node, remade=receiver.remade or handed)
        if not all(ok for ok, _ in args):
            return Outcome(UNKNOWN, leaf=node, remade=shapes.uses(node, name))
        remade = receiver.kind == KEPT
        if not isinstance(receiver.value, str):  # ``None.strip()`` fails
            return Outcome(UNKNOWN, leaf=node, remade=remade)
        try:
            made = getattr(receiver.value, shape[2])(*(v for _, v in args))
        except (TypeError, ValueError):
            return Outcome(UNKNOWN, leaf=node, remade=remade)
        return Outcome(receiver.kind, made)
    return Outcome(UNKNOWN, leaf=node, remade=shapes.uses(node, name))


def _converted(function: str, inner: Outcome, node: Any) -> Outcome:
    """``int(...)``, ``float(...)``, ``str(...)`` or ``bool(...)`` of ``inner``
    (of a ``None``, or anything it fails on, no value known)."""
    if inner.kind == UNKNOWN:  # (what gives the value not known is the inner one's)
        return Outcome(UNKNOWN, leaf=inner.leaf or node, remade=inner.remade)
    if function == _BOOL:
        return Outcome(inner.kind, bool(inner.value))
    value = inner.value
    remade = inner.kind == KEPT
    if value is None or isinstance(value, (bool, list, dict)):
        return Outcome(UNKNOWN, leaf=node, remade=remade)  # ``str(None)``: no value stated
    try:
        made = _CONVERSIONS[function](value)
    except (TypeError, ValueError, OverflowError):
        return Outcome(UNKNOWN, leaf=node, remade=remade)
    if inner.kind == KNOWN and made == value and type(value) in (type(made), int):
        return inner  # the literal as written (``float(30)`` states ``30``)
    return Outcome(inner.kind, made)
