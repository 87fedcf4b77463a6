"""Tests of absence: the arguments whose joint absence makes a test true,
each with the kind of value the test refuses (part of
:class:`~doxtool.python.toolscan.ToolScan`, read by the checks of
:mod:`~doxtool.python.contracts` and :mod:`~doxtool.python.keychecks`)."""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.emptiness import nonempty_when
from doxtool.python.fallbacks import numeric_conversion
from doxtool.python.readforms import (
    BOUNDS,
    CALLED,
    ISINSTANCE_TYPES,
    READ_METHODS,
    STRING_METHODS,
    bound_refusal,
    type_refusal,
)
from doxtool.python.walkstate import Env
from doxtool.python.writtengroups import written_group


class AbsenceTests:
    """Tests of absence: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _absence_groups(self, test: cst.BaseExpression, env: Env) -> list[dict[str, str]]:
        """Groups of arguments whose joint absence makes ``test`` true, each
        argument with the :data:`~doxtool.python.readforms.REFUSALS` kind of
        value the test refuses."""
        groups: list[dict[str, str]] = []
        parts = [test]
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                parts.extend((node.left, node.right))
                continue
            listed = _all_listed(node)
            if listed:  # ``not all([a, b])``, ``not (a and b)``: ``not a or not b``
                parts.extend(_negation(e) for e in listed)
                continue
            missing = _missing_members(node)
            if missing:  # ``x in (None, "")`` is ``x is None or x == ""``
                parts.extend(missing)
                continue
            # ``any(not self.args.get(k) for k in KEYS)``, ``not all(...)``, ``missing``
            negated = type(node) is cst.UnaryOperation and type(node.operator) is cst.Not
            inner = node.expression if negated else node  # type: ignore[attr-defined]
            checks = self._key_check_groups(inner, negated, env)  # type: ignore[attr-defined]
            group = self._absence(node, env) if checks is None else None
            groups.extend(checks or [group] * bool(group))  # type: ignore[list-item]
        return groups

    def _made_tested(self, node: cst.BaseExpression, env: Env) -> dict[str, str] | None:
        """``not keys`` of a name holding what a string method or a literal
        fallback makes of one read (``keys = args.get("keys", "").split()``,
        :mod:`.readmissing`): the argument, where a missing key leaves a
        falsy value there (judged against that value where reads are)."""
        if type(node) is not cst.Name or self._standing_for(node, env):  # type: ignore[attr-defined]
            return None
        held = self._tested_read_missing(node, env)  # type: ignore[attr-defined]
        if held is None or (held[1] and not self.judging_reads):  # type: ignore[attr-defined]
            return None
        return self._as_read({held[0]: "falsy"}, node, env)  # type: ignore[attr-defined,no-any-return]

    def _track_length(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``n = len(items)`` (``len(args.get("items", []))``), ``items``
        standing for an argument: a test of ``n`` is one of ``len(items)``
        (:attr:`~doxtool.python.walkstate.Env.var_lens`); rebinding either
        name ends it."""
        env.var_lens = {
            k: v
            for k, v in env.var_lens.items()
            if k != name
            and not (type(v.args[0].value) is cst.Name and v.args[0].value.value == name)  # type: ignore[attr-defined]
        }
        if type(value) is not cst.Call or type(value.func) is not cst.Name:
            return
        if value.func.value != "len" or len(value.args) != 1 or value.args[0].keyword:
            return
        sized = value.args[0]
        if sized.star or type(sized.value) not in (cst.Name, cst.Call):
            return
        if type(sized.value) is cst.Call and self._read_call(sized.value, env) is None:  # type: ignore[attr-defined]
            return
        if self._standing_for(sized.value, env):  # type: ignore[attr-defined]
            env.var_lens[name] = value

    def _absence(self, node: cst.BaseExpression, env: Env) -> dict[str, str] | None:
        """The arguments that, all absent, make ``node`` true, each with the
        kind of value it refuses (None: not an absence test)."""
        node = _length_test(node, env.var_lens)
        if type(node) is cst.BooleanOperation and type(node.operator) is cst.And:
            left = self._absence(node.left, env)
            right = self._absence(node.right, env)
            if _long_only(node.left) or _long_only(node.right):
                return None  # (``len(a) > 5``: an absent ``a`` never makes it true)
            return {**left, **right} if left and right else None
        if type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:
            inner = _split_as_strip(node.expression)
            if type(inner) is cst.BooleanOperation and type(inner.operator) is cst.Or:
                left = self._absence(cst.UnaryOperation(cst.Not(), inner.left), env)
                right = self._absence(cst.UnaryOperation(cst.Not(), inner.right), env)
                return {**left, **right} if left and right else None
            if type(inner) is cst.Name and inner.value in env.var_groups:
                return dict.fromkeys(env.var_groups[inner.value], "falsy")
            grouped = written_group(self, inner, env)
            if grouped:  # ``D["url"] = D.get("link") or D.get("href")`` above
                return dict.fromkeys(grouped, "falsy")
            if type(inner) is cst.Name and env.empty_unless.get(inner.value):
                return {env.empty_unless[inner.value]: "missing"}  # type: ignore[dict-item]
            made = self._made_tested(inner, env)
            if made is not None:
                return made
            typed = _isinstance_of(inner)  # ``not isinstance(x, dict)``
            if typed is not None:
                tested = typed[0]
                if made_value(tested) or (
                    type(tested) is cst.Name and tested.value in env.var_made
                ):
                    return None  # ``isinstance(str(x), str)``: the value made is tested
                group = dict.fromkeys(self._standing_for(tested, env), typed[1])
                return self._as_read(group or None, tested, env)  # type: ignore[attr-defined]
            # ``not str(text).strip()`` on a name given a fallback: either
            names = self._standing_for(inner, env)
            name = inner.value if type(inner) is cst.Name else ""
            converted = numeric_conversion(inner) or env.var_converts.get(name)
            if names:  # ``not int(x)`` refuses ``"0"``: ``falsy-int``
                kind = f"falsy-{converted}" if converted else "falsy"
                return self._as_read(dict.fromkeys(names, kind), inner, env)  # type: ignore[attr-defined]
            if type(inner) is cst.Name and _known_lookup(inner.value, env):
                # ``not handler`` of ``handler = HANDLERS.get(action)``, whose
                # values are all known: the keys it refuses are read by
                # :meth:`~doxtool.python.lookups.Lookups._closed_lookup`, as
                # those of ``handler is None`` are
                return None
            called = _string_methods_of(inner)  # ``not parse(x).strip()`` too
            if type(called) is cst.Name and called.value in env.var_calls:
                return {env.var_calls[called.value]: CALLED}  # ``not parse(x)``: any value, maybe
        elif type(node) is cst.Comparison and len(node.comparisons) == 1:
            target = node.comparisons[0]
            op = type(target.operator)
            if op is cst.NotIn and self._is_dict_source(target.comparator, env):
                key = self._key(node.left, env)
                return {key: "missing"} if isinstance(key, str) else None
            key = self._key(node.left, env)
            if op is cst.NotIn and isinstance(key, str):
                # ``"title" not in issue``: a key looked for in an argument's
                # value, which a missing key's default may lack or hold: the
                # literal the read tested gives is judged (``"@" not in
                # email`` of ``args.get("email", "a@b")``: only values sent)
                names = self._standing_for(target.comparator, env)
                held = self._judged_missing(target.comparator, names, env)
                if held is not None:
                    return {held[0]: "missing" if key not in held[1] else "given"}
                return dict.fromkeys(names, CALLED) or None
            bounded = self._bounded(node, env)
            if bounded is not None:
                return bounded
            if op in (cst.Is, cst.Equal):
                ok, value = self._value(target.comparator)
                # a string method's result is never None; on None it fails
                method = _string_method(node.left)
                if ok and (value == "" or (value is None and not method)):
                    refusal = "falsy" if method else "blank" if value == "" else "none"
                    group = dict.fromkeys(self._standing_for(node.left, env), refusal)
                    return self._as_read(group or None, node.left, env)  # type: ignore[attr-defined]
        # a test of emptiness in another spelling (``len(x) == 0``, ``x.strip() == ""``)
        empty = nonempty_when(node, False)
        if len(empty) == 1:
            group = dict.fromkeys(self._standing_for(empty[0], env), "falsy")
            return self._as_read(group or None, empty[0], env)  # type: ignore[attr-defined]
        if type(node) is cst.Comparison and len(node.comparisons) == 1:
            return self._measured(node, env)
        return None

    def _measured(self, node: cst.Comparison, env: Env) -> dict[str, str] | None:
        """``len(x) < 20`` (``20 > len(x)``) on an argument's value: it refuses
        the values whose length holds that ordering to the number, and every
        value ``len`` raises on (``None``); a test of emptiness in this
        spelling (``len(x) < 1``) is read as one before this."""
        target = node.comparisons[0]
        ordering = _ORDERINGS.get(type(target.operator))
        if ordering is None:
            return None
        measured, other = node.left, target.comparator
        ok, bound = self._value(other)  # type: ignore[attr-defined]
        if not _number(ok, bound):
            ok, bound = self._value(measured)  # type: ignore[attr-defined]
            measured, ordering = other, _FLIPPED[ordering]
            if not _number(ok, bound):
                return None
        if not (
            type(measured) is cst.Call
            and type(measured.func) is cst.Name
            and measured.func.value == "len"
            and len(measured.args) == 1
            and measured.args[0].keyword is None
            and not measured.args[0].star
        ):
            return None
        sized = measured.args[0].value
        # (``len(str(x))``: the length of what a call made of the value)
        if type(sized) is not cst.Name and (
            type(sized) is not cst.Call or self._read_call(sized, env) is None  # type: ignore[attr-defined]
        ):
            return None
        names = self._standing_for(sized, env)  # type: ignore[attr-defined]
        if not names:
            return None
        group = dict.fromkeys(names, bound_refusal(ordering, bound, "len"))  # type: ignore[arg-type]
        return self._as_read(group, sized, env)  # type: ignore[attr-defined,no-any-return]

    def _bounded(self, node: cst.Comparison, env: Env) -> dict[str, str] | None:
        """``n <= 0`` (``0 >= n``) on a value a numeric conversion made of an
        argument (``n = int(args.get("n", 0))``): it refuses the values the
        conversion holds to that bound; none when the value is not known to
        be converted (a string compared with a number raises instead)."""
        target = node.comparisons[0]
        ordering = _ORDERINGS.get(type(target.operator))
        if ordering is None:
            return None
        tested, other = node.left, target.comparator
        ok, bound = self._value(other)
        if not _number(ok, bound):
            ok, bound = self._value(tested)
            tested, ordering = other, _FLIPPED[ordering]
            if not _number(ok, bound):
                return None
        name = tested.value if type(tested) is cst.Name else ""
        chain = numeric_conversion(tested) or env.var_converts.get(name)
        # (text compared with a number raises: no bound of the value's)
        names = self._standing_for(tested, env) if chain and chain != "str" else []
        if not names:
            return None
        group = dict.fromkeys(names, bound_refusal(ordering, bound, chain))  # type: ignore[arg-type]
        return self._as_read(group, tested, env)  # type: ignore[attr-defined]

    def _judged_missing(
        self, node: cst.BaseExpression, names: list[str], env: Env
    ) -> tuple[str, Any] | None:
        """(argument, container) a missing key gives the one read ``node``
        is or holds, when a check is judged (:meth:`_refusal_groups`) and
        that value can be looked in (``""``, ``{}``; not ``None``)."""
        if not self.judging_reads:  # type: ignore[attr-defined]
            return None
        held = self._tested_missing(node, env)  # type: ignore[attr-defined]
        # (``t = args.get("t", "a").split(",")``: ``t`` stands for no argument)
        if held is None or names not in ([held[0]], []):
            return None
        return held if isinstance(held[1], (str, list, tuple, dict, set, frozenset)) else None

    def _called_argument(self, value: cst.BaseExpression, env: Env) -> str | None:
        """The one argument a call other than a conversion or a string method
        is handed (alone, or beside values standing for none: ``validate(x,
        "x")``), or a slice is taken of, the value bound to its result
        (``items = self._parse(self.args.get("items", "[]"))``,
        ``json.loads(raw)``, ``name = name[1:]``): what a test of that result
        refuses, the code does not say."""
        node = value.expression if type(value) is cst.Await else value
        node = _string_methods_of(node)  # ``self._coerce(raw).strip()``
        if type(node) is cst.Subscript and all(type(e.slice) is cst.Slice for e in node.slice):
            names = self._standing_for(node.value, env)
            return names[0] if len(names) == 1 else None
        if type(node) is not cst.Call or not node.args or any(a.star for a in node.args):
            return None
        if self._never_falsy_lookup(node, env):  # type: ignore[attr-defined]
            return None  # ``MODES.get(mode, "f")``: never empty, whatever it is handed
        found = [names for a in node.args if (names := self._standing_for(a.value, env))]
        return found[0][0] if len(found) == 1 and len(found[0]) == 1 else None


def _split_as_strip(node: cst.BaseExpression) -> cst.BaseExpression:
    """``x.split()`` (or ``rsplit()``, on whitespace) as ``x.strip()``: of a
    string, the list is empty exactly when the stripped text is, so ``not
    x.split()`` refuses what ``not x.strip()`` does; any other node as it is
    (``x.split(",")`` is never empty)."""
    if (
        type(node) is cst.Call
        and not node.args
        and type(node.func) is cst.Attribute
        and node.func.attr.value in ("split", "rsplit")
    ):
        return node.with_changes(func=node.func.with_changes(attr=cst.Name("strip")))
    return node


def _string_methods_of(node: cst.BaseExpression) -> cst.BaseExpression:
    """What the string methods of ``node`` are called on (``x.strip().lower()``:
    ``x``), ``node`` itself when it calls none: they make no falsy value of a
    value doxtool does not know truthy (``parse(x).strip()``: maybe ``""``)."""
    while (
        type(node) is cst.Call
        and type(node.func) is cst.Attribute
        and node.func.attr.value in STRING_METHODS
    ):
        node = node.func.value
    return node


#: the orderings of a comparison, as :data:`~doxtool.python.readforms.BOUNDS` names them
_ORDERINGS: dict[type, str] = {
    cst.LessThan: "lt",
    cst.LessThanEqual: "le",
    cst.GreaterThan: "gt",
    cst.GreaterThanEqual: "ge",
}
#: an ordering read from the other side (``0 >= n`` is ``n <= 0``)
_FLIPPED = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}


def _long_only(node: cst.BaseExpression) -> bool:
    """Whether ``node`` holds a length to a bound no empty value reaches
    (``len(x) > 5``, ``3 <= len(x)``)."""
    if type(node) is not cst.Comparison or len(node.comparisons) != 1:
        return False
    target = node.comparisons[0]
    ordering = _ORDERINGS.get(type(target.operator))
    sides = [node.left, target.comparator]
    if ordering is None or type(sides[1]) is not cst.Integer:
        if ordering is None or type(sides[0]) is not cst.Integer:
            return False
        sides, ordering = sides[::-1], _FLIPPED[ordering]
    measured, bound = sides
    if not (type(measured) is cst.Call and type(measured.func) is cst.Name):
        return False
    if measured.func.value != "len" or not bound.value.isdigit():  # type: ignore[attr-defined]
        return False
    return not BOUNDS[ordering](0, int(bound.value))  # type: ignore[attr-defined]


def _length_test(node: cst.BaseExpression, lens: dict[str, cst.Call]) -> cst.BaseExpression:
    """``not n`` or ``n == 0`` (a comparison of ``n``) for ``n = len(x)``:
    the same test of ``len(x)``; any other test as it is."""
    if not lens:
        return node
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:
        inner = node.expression
        if type(inner) is cst.Name and inner.value in lens:
            return node.with_changes(expression=lens[inner.value])
    elif type(node) is cst.Comparison and len(node.comparisons) == 1:
        left, target = node.left, node.comparisons[0]
        if type(left) is cst.Name and left.value in lens:
            return node.with_changes(left=lens[left.value])
        right = target.comparator
        if type(right) is cst.Name and right.value in lens:
            return node.with_changes(
                comparisons=[target.with_changes(comparator=lens[right.value])]
            )
    return node


def _number(ok: bool, value: object) -> bool:
    """Whether a literal read is a number (``True`` is none here)."""
    return ok and isinstance(value, (int, float)) and not isinstance(value, bool)


def _string_method(node: cst.BaseExpression) -> bool:
    """Whether ``node`` is a call of a string method (``x.strip()``)."""
    return (
        type(node) is cst.Call
        and type(node.func) is cst.Attribute
        and node.func.attr.value in STRING_METHODS
    )


def _negation(node: cst.BaseExpression) -> cst.BaseExpression:
    """``not node``, or what ``node`` negates when it is ``not x`` itself
    (``not (not x)`` tests what ``x`` tests); of one ordering, the opposite
    ordering (``not (1 <= n)`` as ``1 > n``: true of fewer values, as NaN
    is ordered to nothing)."""
    if type(node) is cst.UnaryOperation and type(node.operator) is cst.Not:
        return node.expression
    if type(node) is cst.Comparison and len(node.comparisons) == 1:
        opposite = _OPPOSITES.get(type(node.comparisons[0].operator))
        if opposite is not None:
            target = node.comparisons[0].with_changes(operator=opposite())
            return node.with_changes(comparisons=[target], lpar=[], rpar=[])
    return cst.UnaryOperation(cst.Not(), node)


#: the ordering each ordering's negation is, NaN aside
_OPPOSITES: dict[type, type] = {
    cst.LessThan: cst.GreaterThanEqual,
    cst.LessThanEqual: cst.GreaterThan,
    cst.GreaterThan: cst.LessThanEqual,
    cst.GreaterThanEqual: cst.LessThan,
}


def _all_listed(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The values of ``not all([a, b])`` (or a tuple) or ``not (a and b)``,
    or the orderings of ``not (a <= b < c)``: the test is true when any of
    them is falsy, as ``not a or not b`` is; none for another test."""
    if type(node) is not cst.UnaryOperation or type(node.operator) is not cst.Not:
        return []
    call = node.expression
    if type(call) is cst.BooleanOperation and type(call.operator) is cst.And:
        return [call.left, call.right]
    if (
        type(call) is cst.Comparison
        and len(call.comparisons) > 1
        and all(type(t.operator) in _OPPOSITES for t in call.comparisons)
    ):  # ``not (1 <= n <= 10)``: ``not (1 <= n) or not (n <= 10)``
        lefts = [call.left, *(t.comparator for t in call.comparisons[:-1])]
        return [
            cst.Comparison(left=left, comparisons=[target])
            for left, target in zip(lefts, call.comparisons, strict=True)
        ]
    if type(call) is not cst.Call or type(call.func) is not cst.Name or call.func.value != "all":
        return []
    if len(call.args) != 1 or call.args[0].keyword or call.args[0].star:
        return []
    listed = call.args[0].value
    if type(listed) not in (cst.List, cst.Tuple):
        return []
    elements = listed.elements  # type: ignore[attr-defined]
    if any(type(e) is not cst.Element for e in elements):
        return []  # ``*rest``: not every value is in sight
    return [e.value for e in elements]


def _isinstance_of(node: cst.BaseExpression) -> tuple[cst.BaseExpression, str] | None:
    """``isinstance(x, dict)`` or ``isinstance(x, (list, tuple))`` naming
    builtin types only: the value tested and the kind of refusal of its
    negation (a class of another kind may take any value, ``None`` too)."""
    if not (
        type(node) is cst.Call
        and type(node.func) is cst.Name
        and node.func.value == "isinstance"
        and len(node.args) == 2
        and all(a.keyword is None and a.star == "" for a in node.args)
    ):
        return None
    kinds = node.args[1].value
    items = [e.value for e in kinds.elements] if type(kinds) is cst.Tuple else [kinds]
    names = tuple(i.value for i in items if type(i) is cst.Name)
    if not names or len(names) != len(items) or any(n not in ISINSTANCE_TYPES for n in names):
        return None
    return node.args[0].value, type_refusal(names)


def made_value(node: cst.BaseExpression) -> bool:
    """Whether ``node`` is what a call made of a value (``str(x)``,
    ``x.strip()``, ``parse(x)``), not a read of it (``args.get("x")``): its
    type is the call's, not the value sent."""
    while type(node) is cst.NamedExpr:
        node = node.value
    if type(node) is not cst.Call:
        return False
    func = node.func
    return not (type(func) is cst.Attribute and func.attr.value in READ_METHODS)


def _known_lookup(name: str, env: Env) -> bool:
    """Whether ``name`` holds what a lookup of an argument's value in a dict
    gave (``handler = HANDLERS.get(action)``) whose every value is known and
    true (``self._list``), so that ``not name`` holds of a missed key alone,
    as ``name is None`` does."""
    found = env.lookups.get(name)
    return found is not None and all(known and bool(value) for _, (known, value) in found[1])


def _missing_members(node: cst.BaseExpression) -> list[cst.Comparison]:
    """``x is None`` and ``x == ""`` for ``x in (None, "")`` (a tuple, list
    or set of ``None`` and empty strings only), ``a is None`` and ``b is
    None`` for ``None in (a, b)`` (``a == ""`` for ``"" in (a, b)``): one
    test per member; empty for any other node."""
    if type(node) is not cst.Comparison or len(node.comparisons) != 1:
        return []
    target = node.comparisons[0]
    members = target.comparator
    if type(target.operator) is not cst.In or type(members) not in (cst.Tuple, cst.List, cst.Set):
        return []
    elements = members.elements  # type: ignore[attr-defined]
    blank = _blank_operator(node.left)
    if blank is not None:  # ``None in (a, b)`` is ``a is None or b is None``
        if not elements or any(type(e) is not cst.Element for e in elements):
            return []
        return [cst.Comparison(e.value, [cst.ComparisonTarget(blank, node.left)]) for e in elements]
    parts: list[cst.Comparison] = []
    for element in elements:
        operator = _blank_operator(element.value)
        if type(element) is not cst.Element or operator is None:
            return []
        parts.append(cst.Comparison(node.left, [cst.ComparisonTarget(operator, element.value)]))
    return parts


def _blank_operator(value: cst.BaseExpression) -> cst.BaseCompOp | None:
    """``is`` for ``None``, ``==`` for an empty string, None for another value."""
    if type(value) is cst.Name and value.value == "None":
        return cst.Is()
    if type(value) is cst.SimpleString and value.evaluated_value == "":
        return cst.Equal()
    return None
