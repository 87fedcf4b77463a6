"""Fallbacks after ``or`` (part of :class:`~doxtool.python.toolscan.ToolScan`).

``self.args.get("limit") or 10`` gives ``limit`` the default ``10``; a
fallback that is not a literal (``or self.limit``), or an empty literal that
only normalises a missing value (``or ""``, ``or []``), gives it a default no
one can state, so none is claimed or denied. ``self.args.get("text") or
self.args.get("message")`` makes each key stand in for the other; one of them
is needed once a check refuses their joint absence. A name the statement
after the read replaces (``limit = int(limit) if limit else 10``) and the
other arm of a test of the key (``args["lang"] if "lang" in args else
"en"``) give a default as well (:mod:`~doxtool.python.replacements`).
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import Any

import libcst as cst

from doxtool.core.facts import json_type
from doxtool.python.arguments import ArgBuilder
from doxtool.python.callfallbacks import note_call_fallback
from doxtool.python.cstnodes import suite_body
from doxtool.python.cstshapes import CstShapes, unheld_keys
from doxtool.python.cstwrappedreads import unwrap_read
from doxtool.python.defaultchains import default_chain
from doxtool.python.modulescan import Func
from doxtool.python.partialbinds import changed_in_place
from doxtool.python.readforms import (
    CONVERSION_CHAINS,
    FOLDINGS,
    NUMERIC_CONVERSIONS,
    READ_METHODS,
)
from doxtool.python.replacements import (
    KEPT,
    KNOWN,
    UNKNOWN,
    discarded,
    gives_again,
    replaced,
    replaced_at_use,
)
from doxtool.python.samearms import unwrapped
from doxtool.python.walkstate import Env
from doxtool.python.wrappedreads import made_of


class Fallbacks:
    """Fallbacks after ``or``: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: ids of reads an ``or`` passes on to another argument when they give
    #: a falsy value (``args.get("text", "") or args.get("message")``)
    passed_on: set[int]
    #: the arguments each such ``or`` joins (:meth:`_stand_in`)
    stand_in_groups: list[frozenset[str]]
    #: id of a read whose value a name holds that the next statement using
    #: it replaces when missing -> (known, value) of what it is replaced
    #: with (:meth:`_note_rebound_fallback`)
    rebound_fallbacks: dict[int, tuple[bool, Any]]
    #: ids of reads whose name a fallback replaces where it is used, not
    #: bound again (``{"size": size or "2K"}``): no default is known
    used_fallbacks: set[int]
    #: ids of reads whose value the name bound to it drops unused (:func:`discarded`)
    discarded_reads: set[int]
    #: ids of reads an ``or`` gives a fallback of its own
    #: (``args.get("n", "") or 5``): a falsy default of theirs is replaced
    or_replaced: set[int]
    #: ids of such ``or`` whose container the name bound to it fills in
    #: place before a check (:meth:`_note_filled_fallback`)
    filled_fallbacks: set[int]
    #: id of a call that is the first operand of an ``or`` -> the operands after it
    or_call_fallbacks: dict[int, list[cst.BaseExpression]]
    #: ids of the values of the statements that replace what a missing key
    #: gives a name (``action = (action or "").lower()`` first using a
    #: parameter or a read's name): the fallback there is the one known
    replacing_values: set[int]

    def _default_reaches(self, read: cst.Call, key: str, env: Env) -> bool:
        """Whether what a read's default gives reaches anything: not when the
        name bound to it is bound again first (:attr:`discarded_reads`), nor
        under a test that takes the key present (``if "state" in kwargs:
        TaskState(kwargs.get("state", TaskState.IDLE))``)."""
        return id(read) not in self.discarded_reads and not env.known_present(key)

    def _or_fallback(self, node: cst.BooleanOperation, env: Env) -> None:
        """``self.args.get("limit") or <fallback>``: what a missing ``limit`` gives."""
        note_call_fallback(node, self.or_call_fallbacks)  # :mod:`.callfallbacks`
        key = self._plain_get(node.left, env)
        reads = [node.left]
        if key is None:
            # ``kwargs.get("k") or self.args.get("k") or <fallback>``: the
            # key read twice gives its missing value to the fallback
            key, reads = self._same_key_reads(node.left, env)
        other = self._arg_of(node.right, env)
        if other is not None and type(node.right) is not cst.Name:
            # a read itself (not a name that may hold something else as well)
            self._stand_in(node.left, other, env)
        if key is None and other is None:
            self._chain_fallback(node, env)
        if key is None or other is not None:
            return  # another argument stands in: an alternative, not a default
        self.or_replaced.update(map(id, reads))
        if id(node) in self.filled_fallbacks:
            self._missing_default(self._arg(key), False, None)
            return
        self._fallback_default(self._arg(key), node.right)

    def _chain_fallback(self, node: cst.BooleanOperation, env: Env) -> None:
        """``args.get("id") or args.get("context_id") or self.default_id``:
        with every key of the chain missing the fallback is what the code
        gets, so each key has a fallback; none is claimed as its default,
        the value given when one key alone is missing being another's."""
        operands: list[cst.BaseExpression] = []
        left = node.left
        while type(left) is cst.BooleanOperation and type(left.operator) is cst.Or:
            operands.append(left.right)
            left = left.left
        operands.append(left)
        keys = [self._plain_get(operand, env) for operand in reversed(operands)]
        if len(set(keys)) < 2 or None in keys:
            return
        self.or_replaced.update(map(id, operands))
        known, value = self._value(node.right)
        for key in keys:
            self._arg(key).set_fallback(known, value)  # type: ignore[arg-type]

    def _note_rebound_fallback(
        self, small: cst.BaseSmallStatement, rest: Sequence[cst.BaseStatement], env: Env
    ) -> None:
        """``x = self.args.get("k")`` then, as the next statement that uses
        ``x``, one that replaces what a missing ``k`` gives (``x = x or
        <fallback>``, ``x = int(x) if x else <fallback>``, ``if x is None: x
        = <fallback>``, :mod:`~doxtool.python.replacements`): that is the
        default, as for ``self.args.get("k") or <fallback>`` and for a
        parameter so replaced (:meth:`_parameter_default`). Another
        argument's read there is an alternative, not a default."""
        annotated = type(small) is cst.AnnAssign and small.value is not None
        if not annotated and (type(small) is not cst.Assign or len(small.targets) != 1):
            return
        target = small.target if annotated else small.targets[0].target  # type: ignore[attr-defined]
        if type(target) is not cst.Name:
            return
        handed = self._handed_reads(small.value, env)  # type: ignore[attr-defined]
        for call in handed:
            # ``q = _maybe_int(args.get("q"), default=1)``: what the call makes
            # of a missing key's ``None`` is what the name holds, as for ``q =
            # args.get("q")`` then ``q = _maybe_int(q, default=1)``
            self.used_fallbacks.add(id(call))  # (the name's checks judge it as before)
        if handed or annotated:
            return
        read = self._read_call(small.value, env)
        wrapped = None if read is not None else self._wrapped_read(small.value, env)
        if wrapped is not None:
            read = wrapped[0]
        if read is not None and discarded(self._shapes(), rest, target.value):
            self.discarded_reads.add(id(read))  # its default reaches nothing
            return
        self._note_filled_fallback(small.value, target.value, env)
        if wrapped is not None:
            # ``m = str(args.get("m", "")).strip()``: ``m`` holds what the
            # wrapper makes of the read's default (:mod:`.wrappedreads`)
            call, ok, value = wrapped
        elif self._plain_get(small.value, env) is None:
            return
        else:
            call = read
            assert call is not None
            ok, value = self._value(call.args[1].value) if len(call.args) == 2 else (True, None)
        if not ok:
            return
        outcome = replaced(self._shapes(), rest, target.value, value)
        if outcome.kind == KEPT and replaced_at_use(self._shapes(), rest, target.value, value):
            # ``{"size": size or "2K"}``: the default is not known, while the
            # name still holds what the read gives for the checks that test it
            self.used_fallbacks.add(id(call))
            return
        if outcome.kind == KEPT:
            return
        if gives_again(outcome, value):
            # ``url = str(url or "").strip()`` after a read giving ``""``: the
            # default stays; the ``or`` hides no missing key
            self._note_replacing(rest, target.value)
            return
        leaf = outcome.leaf if outcome.kind == UNKNOWN else None
        if leaf is not None and self._arg_of(leaf, env) is not None:
            return
        known = outcome.kind == KNOWN
        if known and changed_in_place(outcome.value, env, target.value):
            # ``items = items or []``, then ``items.append("all")``: what a
            # check past the fill sees is not known
            known = False
        self.rebound_fallbacks[id(call)] = (known, outcome.value if known else None)
        if known:
            self._note_replacing(rest, target.value)

    def _handed_reads(self, node: cst.BaseExpression, env: Env) -> list[cst.Call]:
        """The reads with no default (``args.get("q")``) handed straight to
        a call whose result ``node`` is (``_maybe_int(args.get("q"))``, under
        ``await`` too): a function or method that may replace their ``None``
        (:func:`~doxtool.python.replacements.replaced`), not a builtin (the
        conversions are :meth:`_wrapped_read`'s) nor a read of the arguments."""
        if type(node) is cst.Await:
            node = node.expression
        if type(node) is not cst.Call or self._read_call(node, env) is not None:
            return []
        func = node.func
        if type(func) is cst.Name and is_builtin(func.value, env, self.scan):
            return []
        if type(func) is cst.Attribute and self._is_dict_source(func.value, env):
            return []  # ``args.get("a", args.get("b"))``
        reads = []
        for arg in node.args:
            read = None if arg.star else self._read_call(arg.value, env)
            if read is not None and len(read.args) == 1 and self._plain_get(read, env):
                reads.append(read)
        return reads

    def _wrapped_read(
        self, node: cst.BaseExpression, env: Env
    ) -> tuple[cst.Call, bool, Any] | None:
        """The read of an argument under conversions and string methods
        (``str(args.get("m", "")).strip()``), whether what they make of the
        value a missing key gives it is known, and that value (``""``);
        None for any other expression (:mod:`~doxtool.python.wrappedreads`).
        Only a falsy default of the read (``None``, ``""``, ``0``) is the mark
        of an argument not given; of any other it is not known."""
        unwrapped = unwrap_read(node, self._value)
        if unwrapped is None:
            return None
        inner, steps = unwrapped
        call = self._read_call(inner, env)
        if call is None:
            return None
        func = call.func
        assert type(func) is cst.Attribute
        key = self._key(call.args[0].value, env)
        if (
            self._merged_of(func.value, env) is not None
            or not isinstance(key, str)
            or self._overridden(func.value, key, env)
        ):
            return None
        if len(call.args) == 2:
            ok, default = self._value(call.args[1].value)
        elif func.attr.value == "pop":
            return None  # ``d.pop(k)`` raises on a missing key
        else:
            ok, default = True, None
        if not ok or default:
            # a value a caller may pass as well, not the mark of one not given
            return call, False, None
        known, made = made_of(default, steps)
        return call, known, made

    def _note_filled_fallback(self, value: cst.BaseExpression, name: str, env: Env) -> None:
        """``items = self.args.get("x") or []``, then ``items.append("all")``:
        the container the fallback gives is filled before a check sees it,
        so what the check judges is not known (:attr:`filled_fallbacks`)."""
        if type(value) is not cst.BooleanOperation or type(value.operator) is not cst.Or:
            return
        if self._plain_get(value.left, env) is None:
            return
        known, fallback = self._value(value.right)
        if known and changed_in_place(fallback, env, name):
            self.filled_fallbacks.add(id(value))

    def _shapes(self) -> CstShapes:
        """The shapes of the tree's nodes, for :func:`~doxtool.python.replacements.replaced`
        (made for each use: kept, it would hold the scan in a cycle)."""
        return CstShapes(self._value)

    def _fallback_default(self, builder: ArgBuilder, fallback: cst.BaseExpression) -> None:
        """What a fallback for a missing value gives: a literal that is not
        empty is the default; any other is neither claimed nor denied."""
        self._missing_default(builder, *self._value(fallback))

    def _missing_default(self, builder: ArgBuilder, known: bool, value: Any) -> None:
        """What a missing value is replaced with (``known``, ``value``): a
        literal that is not empty is the default; any other is neither
        claimed nor denied."""
        if known and value:
            builder.set_default(value)
        elif known:
            builder.set_fallback(known, value)
        else:
            builder.untold_fallback()

    def _parameter_default(self, fn: Func, param: cst.Param) -> None:
        """The default of a parameter filled from the arguments, unless the
        function replaces it before anything else uses the name (``x = x or
        <fallback>``, ``x = int(x) if x else <fallback>``, ``if x is None:
        x = <fallback>``, :mod:`~doxtool.python.replacements`). A literal
        fallback that is not empty is then the default; any other leaves it
        neither claimed nor denied, as after ``self.args.get("x") or
        <fallback>``; so does a ``None`` replaced by what no one can read
        (``limit = self._limit(limit)``): no ``null`` is claimed."""
        assert param.default is not None
        ok, value = self._value(param.default)
        builder = self._arg(param.name.value)
        if not ok:  # ``text=os.getenv("X")``: a default no one can state
            builder.untold_fallback()
            return
        body, shapes = suite_body(fn.node.body), CstShapes(self._value, unheld_keys(fn.node))
        outcome = replaced(shapes, body, param.name.value, value)
        if outcome.kind == KEPT and replaced_at_use(shapes, body, param.name.value, value):
            # ``{"size": size or "2K"}``: not known, while the name holds the literal
            if value is not None:
                builder.weak_type = builder.weak_type or json_type(value)
            builder.held_fallback(True, value)
            return
        if outcome.kind == KEPT or gives_again(outcome, value):
            # ``url = str(url or "").strip()`` with ``url=""`` makes ``""`` again
            builder.set_default(value)
            if outcome.kind == KNOWN:
                self._note_replacing(body, param.name.value)
            return
        if value is not None:  # the replaced literal still gives the type
            builder.weak_type = builder.weak_type or json_type(value)
        self._missing_default(builder, outcome.kind == KNOWN, outcome.value)
        if outcome.kind == KNOWN:
            self._note_replacing(body, param.name.value)

    def _note_replacing(self, body: Sequence[cst.BaseStatement], name: str) -> None:
        """The first statement of ``body`` using ``name``, when it binds the
        name again from its own value (``action = (action or "").lower()``),
        gives a missing key the fallback :func:`replaced` found: its ``or``
        hides nothing (:meth:`_hides_missing`)."""
        shapes = self._shapes()
        stmt = next((stmt for stmt in body if shapes.uses(stmt, name)), None)
        shape = shapes.stmt(stmt, name) if stmt is not None else ("other",)
        if shape[0] == "assign":
            self.replacing_values.add(id(shape[1]))

    def _same_key_reads(
        self, node: cst.BaseExpression, env: Env
    ) -> tuple[str | None, list[cst.BaseExpression]]:
        """``kwargs.get("k") or self.args.get("k")``: the key that every read
        of an ``or`` chain gives a falsy value for when missing, and the
        reads; (None, []) for any other expression."""
        operands: list[cst.BaseExpression] = []
        while type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
            operands.append(node.right)
            node = node.left
        operands.append(node)
        keys = {self._plain_get(operand, env) for operand in operands}
        if len(operands) < 2 or len(keys) != 1 or None in keys:
            return None, []
        return keys.pop(), operands

    def _stand_in(self, left: cst.BaseExpression, other: str, env: Env) -> None:
        """``args.get("text") or args.get("message")``: a missing (or empty)
        ``text`` gives way to ``message``, so each stands in for the other,
        whether or not a check needs one of them. Every read before the
        last must give a falsy value for a missing key; a default of such a
        read is what the next one replaces (:attr:`passed_on`)."""
        operands: list[cst.BaseExpression] = []
        while type(left) is cst.BooleanOperation and type(left.operator) is cst.Or:
            operands.append(left.right)
            left = left.left
        operands.append(left)
        keys = [self._plain_get(operand, env) for operand in operands]
        if any(key is None for key in keys) or other in keys:
            return
        self.stand_in_groups.append(frozenset({other, *keys}))  # type: ignore[arg-type]
        self.passed_on.update(id(operand) for operand in operands)

    def _read_call(self, node: cst.BaseExpression, env: Env) -> cst.Call | None:
        """``node`` when it is ``d.get(k)`` or ``d.pop(k)`` on the arguments,
        with at most a positional default (``d.get(k, "")``)."""
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            return None
        if (
            node.func.attr.value not in READ_METHODS
            or not self._is_dict_source(node.func.value, env)
            or not node.args
            or len(node.args) > 2
            or any(a.keyword is not None or a.star for a in node.args)
        ):
            return None
        return node

    def _plain_get(self, node: cst.BaseExpression, env: Env) -> str | None:
        """The key ``node`` reads when it gives a falsy value for a missing
        key (``d.get(k)``, ``d.get(k, "")``, ``d.pop(k, None)``), so that an
        ``or`` after it decides what a missing key gives."""
        call = self._read_call(node, env)
        if call is None:
            return None
        func = call.func
        assert type(func) is cst.Attribute
        if self._merged_of(func.value, env) is not None:
            return None
        if len(call.args) == 2:
            ok, default = self._value(call.args[1].value)
            if not ok or default:
                return None  # a default of its own: the ``or`` is not reached
        elif func.attr.value == "pop":
            return None  # ``d.pop(k)`` raises on a missing key
        key = self._key(call.args[0].value, env)
        return key if isinstance(key, str) and not self._overridden(func.value, key, env) else None

    def _hides_missing(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether ``node`` is an ``or`` (under conversions) whose first
        operand is not a plain read (:meth:`_plain_get`): something else
        stands in, before the read (``self.method or args.get("action")``)
        or for a name that held it (``action or "list"``), and what a
        missing key leads to is not known."""
        node = unwrapped(node)
        if type(node) is not cst.BooleanOperation or type(node.operator) is not cst.Or:
            return False
        left = node.left
        while type(left) is cst.BooleanOperation and type(left.operator) is cst.Or:
            left = left.left
        return self._plain_get(left, env) is None and not self._defaulted_get(left, env)

    def _defaulted_get(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether ``node`` reads a key with a literal default of its own
        (``args.get("runtime", "unknown")``): a missing key gives that default,
        and an ``or`` after it hides nothing."""
        call = self._read_call(node, env)
        return call is not None and len(call.args) == 2 and self._value(call.args[1].value)[0]

    def _or_arguments(self, node: cst.BaseExpression, env: Env) -> frozenset[str]:
        """The arguments an ``or`` of reads stands for (``args.get("text") or
        args.get("message")``, also through ``str(...)`` and ``.strip()``),
        when it names two or more and every other operand is a literal."""
        node = unwrapped(node)
        if type(node) is not cst.BooleanOperation or type(node.operator) is not cst.Or:
            return default_chain(self, node, env)  # ``d.get("a", d.get("b"))``
        found: list[str] = []
        operands: list[cst.BaseExpression] = [node]
        while operands:
            current = operands.pop()
            if type(current) is cst.BooleanOperation and type(current.operator) is cst.Or:
                operands.extend((current.right, current.left))
                continue
            arg = self._arg_of(current, env)
            known, value = self._value(current) if arg is None else (True, None)
            if arg is not None:
                found.append(arg)
            elif not known or value:
                # something else may stand in, or a literal that is not
                # empty does when every argument is missing
                return frozenset()
        return frozenset(found) if len(set(found)) > 1 else frozenset()

    def _standing_for(self, node: cst.BaseExpression, env: Env) -> list[str]:
        """The arguments a value stands for: those of a name given a fallback
        (``text = args.get("text") or args.get("message")``, also through
        ``str(text)`` and ``text.strip()``), else the one :meth:`_arg_of` finds."""
        inner = unwrapped(node)
        if type(inner) is cst.Name and inner.value in env.var_groups:
            return sorted(env.var_groups[inner.value])
        arg = self._arg_of(node, env)
        return [arg] if arg is not None else []


def numeric_conversion(node: cst.BaseExpression) -> str | None:
    """The numeric conversion of a value a test of truth judges, innermost
    first (``int(x.strip())``: ``int``; ``int(float(x))``: ``float-int``;
    ``int(str(x))``: ``str-int``), past string methods that leave what it
    parses as it was (``strip``, ``lower``): one of
    :data:`~doxtool.python.readforms.CONVERSION_CHAINS`; ``None`` for any
    other shape (``int(x, 16)``, ``int(x.replace(",", ""))``), whose result
    is not known from the value."""
    kinds: list[str] = []
    while type(node) is cst.Call:
        func = node.func
        one = len(node.args) == 1 and not node.args[0].keyword and not node.args[0].star
        if type(func) is cst.Name and func.value in (*NUMERIC_CONVERSIONS, "str"):
            if not one:
                return None  # ``int(x, 16)``
            kinds.append(func.value)
            node = node.args[0].value
        elif type(func) is cst.Attribute and func.attr.value in FOLDINGS and not node.args:
            node = func.value
        else:
            break
    chain = "-".join(reversed(kinds))
    if chain == "str" and type(node) in (cst.BooleanOperation, cst.IfExp):
        return None  # ``str(x or "")``: the fallback's text, not ``str(None)``
    return chain if chain in CONVERSION_CHAINS else None


def is_builtin(name: str, env: Env, scan: Any) -> bool:
    """Whether ``name`` called is Python's builtin of that name: not one the
    function or the module binds."""
    return hasattr(builtins, name) and name not in env.names and name not in scan.bound_names
