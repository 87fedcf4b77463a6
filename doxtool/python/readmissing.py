"""What a missing key gives the one read a check tests (part of
:class:`~doxtool.python.toolscan.ToolScan`).

An argument read in several places may get a different value in each when
its key is missing (``kwargs.get("content", "")`` in one method,
``kwargs.get("content")`` in another). A check refuses a missing key when it
refuses what the read whose value it tests gives, not the default another
read has: the kind of value the check refuses (:data:`REFUSALS`) is judged
against that read's value where it is known, and becomes ``missing`` (the
check refuses a missing key) or ``given`` (it refuses only values sent).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.arguments import ArgBuilder
from doxtool.python.cstnodes import child_nodes
from doxtool.python.frameworkcalls import LOG_METHODS
from doxtool.python.nameuses import looked_in
from doxtool.python.readforms import CALLED, COMPUTED_METHODS, NONE_RAISING, REFUSALS
from doxtool.python.testedway import Parents, tested_on_way
from doxtool.python.walkstate import Env


class ReadMissing:
    """What a missing key gives a read: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: id of a plain ``.get`` read (no fill, merge or fallback replaces what
    #: it gives) -> (its key, the value a missing key gives it)
    read_missing: dict[int, tuple[str, Any]]

    #: ... of such a read the next statement using its name replaces
    #: (:mod:`.fallbacks`), on the calls that come that way
    rebound_missing: dict[int, tuple[str, Any]]

    #: ids of reads an ``or`` gives a fallback of its own (:mod:`.fallbacks`)
    or_replaced: set[int]

    #: each function's parent links, made where a use in a branch asks
    #: whether a test on its way reads the value (:mod:`.testedway`)
    _way_parents: Parents
    #: ... of such a read, plain but for the ``or``: (key, what a missing key gives it)
    or_missing: dict[int, tuple[str, Any]]
    #: the groups being made are what checks refuse (:meth:`_refusal_groups`)
    judging_reads: bool = False

    def _refusal_groups(self, test: cst.BaseExpression, env: Env) -> list[dict[str, str]]:
        """The absence groups of ``test`` (:meth:`.AbsenceTests._absence_groups`)
        as a check that refuses them records them: each kind judged against
        what a missing key gives the read tested (:meth:`_as_read`). The
        kinds of the groups themselves say which values a test takes (``if
        action is None: return self.default()`` takes ``None``, not ``""``)."""
        judging, self.judging_reads = self.judging_reads, True
        try:
            return self._absence_groups(test, env)  # type: ignore[attr-defined,no-any-return]
        finally:
            self.judging_reads = judging

    def _own_fallback(
        self, default: cst.BaseExpression | None, key: str, env: Env
    ) -> cst.BaseExpression | None:
        """The default of ``d.get(key, <default>)`` past reads of the same key
        standing for it (``kwargs.get("k", self.args.get("k"))``: a missing
        key gives what the inner read gives, its own default or ``None``)."""
        node: cst.BaseExpression | None = default
        while (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value == "get"
            and 1 <= len(node.args) <= 2
            and all(a.keyword is None and not a.star for a in node.args)
            and self._is_dict_source(node.func.value, env)  # type: ignore[attr-defined]
            and self._key(node.args[0].value, env) == key  # type: ignore[attr-defined]
        ):
            node = node.args[1].value if len(node.args) == 2 else None
        if type(node) is cst.Name and node.value in env.held_defaults:
            return env.held_defaults[node.value]  # :mod:`~doxtool.python.accessors`
        return node

    def _default_read(
        self, builder: ArgBuilder, default: cst.BaseExpression, known: bool, value: Any
    ) -> None:
        """A read's default as :meth:`ArgBuilder.default_read` takes it; one an
        ``or`` after an accessor's call gives in place of its falsy default
        (``self._arg("n") or []``, :func:`~doxtool.python.callfallbacks.past_fallback`)
        as the same ``or`` after the read itself does (``self.args.get("n") or []``)."""
        if id(default) in self.or_fallback_nodes:  # type: ignore[attr-defined]
            self._missing_default(builder, known, value)  # type: ignore[attr-defined]
        else:
            builder.default_read(known, value)

    def _note_read_missing(
        self,
        node: cst.CSTNode,
        key: str,
        kind: str,
        default: cst.BaseExpression | None,
        replaced: bool,
        rebound: bool = False,
    ) -> None:
        """``args.get(key)`` / ``args.get(key, <literal>)`` that nothing else
        replaces (a fill, a merged dict, a fallback: ``replaced``): a missing
        key gives ``None`` / the literal; one the next statement using its
        name replaces (``rebound``) gives it where that does not run
        (:mod:`~doxtool.python.partialbinds`)."""
        known, value = (True, None) if default is None else self._value(default)  # type: ignore[attr-defined]
        if kind == "get" and not replaced and known:
            if id(node) in self.or_replaced:
                self.or_missing[id(node)] = (key, value)
                return
            held = self.rebound_missing if rebound else self.read_missing
            held[id(node)] = (key, value)

    def _bind_read_missing(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``content = kwargs.get("content")``: the name holds what the read
        gives. Bound again to a read that gives another value (``if a: c =
        args.get("c", "")``, ``else: c = args.get("c")``), it may hold either
        past the branches, which the walk does not tell apart: neither is known.
        Bound at the top of the function (``v = args.get("a", "x")``, later
        ``v = args.get("b")``), it holds only the new read's value past it."""
        rebound = self.rebound_missing.get(id(value))
        if rebound is None:
            env.var_rebound.pop(name, None)
        else:
            env.var_rebound[name] = rebound
        held = self.read_missing.get(id(value))
        if held is not None and held[1] is None:
            self._none_bound(held[0], env)
        env.var_missing_made.discard(name)
        if held is None and id(value) not in self.rebound_missing:
            held = self._made_missing(value, name, env)
            env.var_missing_made.update([name] if held is not None else [])
        before = None if env.at_top else env.var_missing.get(name)
        if held is None or (before is not None and repr(before) != repr(held)):
            env.var_missing.pop(name, None)
        else:
            env.var_missing[name] = held

    def _none_bound(self, key: str, env: Env) -> None:
        """``expand = kwargs.get("expand")``: on this path a missing key leaves
        ``None`` in the name, whatever default another read gives
        (``kwargs.get("expand", "page")`` in another branch); a read that only
        labels the call's log entry gives the argument nothing, nor one under
        a test taking the key present (``if "expand" in kwargs:``), nor one
        every call reaches (``v = args.get("b", "y")``, used, then ``v =
        args.get("b")``: the default of the first use stands)."""
        if env.func is not None and env.func.cls is not None and env.func.name in LOG_METHODS:
            return
        if not env.conditional and env.arm is None:
            return  # on every call: a default read before or after it is the first use's
        if any(key in keys for keys in env.keys_in):
            return
        builder = self.args.get(key)  # type: ignore[attr-defined]
        if builder is not None:
            builder.none_bound = True

    def _made_missing(
        self, value: cst.BaseExpression, name: str, env: Env
    ) -> tuple[str, Any] | None:
        """(argument, value) a missing key leaves in ``name`` bound to what a
        literal fallback or a string method of literals makes of a plain read
        (``args.get("i") or ["all"]``, ``args.get("t", "ally").split(",")``),
        where that is certain: a container the name holds is only looked in
        (no method fills it, nothing it is handed to may), the name bound once."""
        reads = self.read_missing
        inner = _method_receiver(value)
        if type(inner) is cst.Name and _bindings(env.func.node, inner.value) == 1:
            # ``raw = args.get("keys", "")``, then ``keys = raw.split()``: the
            # name bound once to the read holds what a missing key gives it
            held = self._tested_missing(inner, env)
            reads = {**reads, id(inner): held} if held is not None else reads
        made = _made_value(value, reads, self.or_missing, self._value)  # type: ignore[attr-defined]
        if made is None or made[1] is _UNKNOWN:
            return None
        if isinstance(made[1], (list, dict, set)) and not (
            looked_in(env.func.node, name) and _bindings(env.func.node, name) == 1
        ):
            return None
        return made

    def _tested_missing(self, node: cst.BaseExpression, env: Env) -> tuple[str, Any] | None:
        """(argument, value) a missing key gives the read ``node`` is or a name
        holds, while the name still stands for that argument."""
        held = self._tested_read_missing(node, env)
        # under ``if "k" in args``, no read of ``k`` gives a missing key's value
        return None if held is None or any(held[0] in keys for keys in env.keys_in) else held

    def _tested_read_missing(self, node: cst.BaseExpression, env: Env) -> tuple[str, Any] | None:
        """As :meth:`_tested_missing`, wherever the read runs."""
        if type(node) is cst.Name:
            held = env.var_missing.get(node.value)
            standing = held is not None and env.var_args.get(node.value) == held[0]
            # what a list method makes of a read stands for no argument: bound once, it holds it
            made = node.value in env.var_missing_made and node.value not in env.var_args
            standing = standing or (made and _bindings(env.func.node, node.value) == 1)
            return held if standing and node.value not in env.var_groups else None
        return self.read_missing.get(id(node))

    def _as_read(
        self, group: dict[str, str] | None, node: cst.BaseExpression, env: Env
    ) -> dict[str, str] | None:
        """``group`` (argument -> kind refused, as the test of ``node``
        gives it), each kind judged against what a missing key gives the
        read ``node`` tests, when known."""
        held = self._tested_read_missing(node, env) if group and self.judging_reads else None
        either = self._tested_either(node, env) if group and self.judging_reads else None
        if either is not None and set(group) == {either[0]} and group[either[0]] != CALLED:  # type: ignore[arg-type]
            # a missing key leaves one of several values, on the calls taking
            # the arm that bound it: refused on those calls only, when some pass
            if any(either[0] in keys for keys in env.keys_in):
                return {either[0]: "given"}  # a missing key never comes this way
            refused = {REFUSALS[group[either[0]]](v) for v in either[1]}  # type: ignore[index]
            kind = "missing" if refused == {True} else "given" if refused == {False} else CALLED
            return {either[0]: kind}
        if group is None or held is None or set(group) != {held[0]}:
            return group
        if any(held[0] in keys for keys in env.keys_in):
            return {held[0]: "given"}  # a missing key never comes this way
        kind = group[held[0]]
        if kind == CALLED:
            return group
        return {held[0]: "missing" if REFUSALS[kind](held[1]) else "given"}

    def _tested_either(
        self, node: cst.BaseExpression, env: Env
    ) -> tuple[str, tuple[Any, ...]] | None:
        """(argument, values) a missing key may leave in the name ``node``,
        bound to a read in each arm of an ``if`` (:mod:`.partialbinds`)."""
        if type(node) is not cst.Name or node.value in env.var_groups:
            return None
        either = env.var_missing_either.get(node.value)
        return either if either is not None and env.var_args.get(node.value) == either[0] else None

    def _value_key_read(self, node: cst.Subscript, env: Env) -> None:
        """``data = args.get("issue", {})``, then ``data["title"]``: a key of
        the value read where what a missing key gives lacks it (a dict
        without the key, ``None``) raises without the argument, as
        ``args["issue"]`` does, when nothing may write the key first (the
        name is only read), and the subscript runs on every call: outside
        any branch, guard, ``except`` handler or ``try`` that recovers (a
        branch may be ``if "title" in data``: there nothing is claimed)."""
        if type(node.value) is not cst.Name or len(node.slice) != 1:
            return
        index = node.slice[0].slice
        held = self._tested_missing(node.value, env) if type(index) is cst.Index else None
        if held is None:
            return
        arg, missing = held
        known, key = self._value(index.value)  # type: ignore[attr-defined]
        lacks = missing is None or (isinstance(missing, dict) and key not in missing)
        somewhere = env.guards or env.absent or env.undecided or env.some_calls()
        if (
            known
            and isinstance(key, str)
            and lacks
            and not (somewhere or env.recovering or env.on_error)
            and self._only_read(env, node.value.value)  # type: ignore[attr-defined]
            and not _methods_other_than_reads(env.func.node, node.value.value)
            and _bindings(env.func.node, node.value.value) == 1
        ):
            self._needed_read(arg, env)  # type: ignore[attr-defined]

    def _none_used(self, node: cst.Attribute | cst.Call, env: Env) -> None:
        """``f = args.get("f")``, then ``f.split(",")`` (any attribute but
        ``None``'s own dunders) or ``len(f)``: on the ``None`` a missing key
        gives, it raises, as ``args["f"]`` does: the key is needed where the
        use runs on every call (as for :meth:`_value_key_read`), outside any
        ``try`` (or ``with suppress(...)``) and past no check answered by
        another call, the name bound once."""
        if type(node) is cst.Attribute:
            used = not node.attr.value.startswith("__")
            name: cst.BaseExpression | None = node.value
        else:
            func, args = node.func, node.args
            used = type(func) is cst.Name and func.value in NONE_RAISING and len(args) == 1
            used = used and not args[0].keyword and not args[0].star
            name = args[0].value if used else None
        if used and type(name) in (cst.Name, cst.Call):
            self._raising_use(node, name, env, lambda missing: missing is None)

    def _raising_use(
        self, use: cst.CSTNode, name: cst.BaseExpression, env: Env, raises: Callable[[Any], bool]
    ) -> None:
        """A use (``use``) of the read ``name`` is, or of a name bound to it,
        that ``raises`` on what a missing key gives (:meth:`_none_used`; a key no
        known dict holds: :meth:`~.Lookups._lookup`): the key is needed where
        the use runs on every call, on the calls taking a branch where it
        runs there."""
        held = self._tested_missing(name, env)
        if held is None or not raises(held[1]):
            return
        if env.trying or env.on_error or env.doubted_here or env.past_exit:
            return  # past ``if not f: return self.other()`` no missing key comes
        if type(name) is cst.Name and _bindings(env.func.node, name.value) != 1:  # type: ignore[attr-defined]
            return
        arg = held[0]
        if (env.conditional or env.branches) and not (
            arg in env.absent_keys()
            or env.guarded(arg)
            or arg in env.nonempty
            or tested_on_way(env.func.node, use, name, self._way_parents)
        ):
            # in a branch of a dispatch or an arm of an expression no test of
            # which takes the key present, past no test taking the value not
            # empty (``if action == "add": name.strip()``): needed on the
            # calls taking it, as ``args["name"]`` there
            self._arg(arg).sometimes_read = True  # type: ignore[attr-defined]
            self._arm_need(arg, "raises", env)  # type: ignore[attr-defined]
        elif not (env.guards or env.absent or env.undecided or env.some_calls()):
            self._needed_read(arg, env)  # type: ignore[attr-defined]

    def _handed_none(self, node: cst.Call, env: Env) -> None:
        """``update(title=args.get("title"))``: the call is handed the ``None``
        a missing key gives, as a name bound to the read holds it
        (:meth:`_none_bound`)."""
        held = self.read_missing.get(id(node))
        if held is not None and held[1] is None:
            self._none_bound(held[0], env)

    def _enter_presence(self, test: cst.BaseExpression, env: Env) -> None:
        """Enter the body of an ``if``: the arguments ``test`` needs (``isinstance(x,
        str)``, ``"k" in args``), and the keys it tests in the arguments' dict."""
        env.present.append(self._presence(test, env))  # type: ignore[attr-defined]
        parts, keys = [test], set()
        while parts:
            node = parts.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.And:
                parts.extend([node.left, node.right])
            elif type(node) is cst.Comparison and len(node.comparisons) == 1:
                target = node.comparisons[0]
                if type(target.operator) is cst.In and self._is_dict_source(target.comparator, env):  # type: ignore[attr-defined]
                    key = self._key(node.left, env)  # type: ignore[attr-defined]
                    keys.update([key] if isinstance(key, str) else [])
                keys.update(self._given_by_value(node, env))
            elif type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                keys.update(self._given_by_either(node, env))  # ``a == "x" or a == "y"``
        env.keys_in.append(frozenset(keys))

    def _given_by_either(self, node: cst.BooleanOperation, env: Env) -> set[str]:
        """The keys each operand of an ``or`` takes given when true (:meth:`_given_by_value`)."""
        given: list[set[str]] = []
        for operand in (node.left, node.right):
            if type(operand) is cst.BooleanOperation and type(operand.operator) is cst.Or:
                given.append(self._given_by_either(operand, env))
            elif type(operand) is cst.Comparison and len(operand.comparisons) == 1:
                given.append(set(self._given_by_value(operand, env)))
            else:
                return set()
        return given[0] & given[1]

    def _given_by_value(self, node: cst.Comparison, env: Env) -> list[str]:
        """The key a test of a read's value takes present when true: one
        that compares it equal to a literal, or in a literal collection, the
        value a missing key gives it is not (``action = args.get("action",
        "list")``, then ``if action == "add":``: a missing key never comes
        this way), the name bound nowhere else (``if force: action = "add"``
        and ``for action in ...`` may bring a missing key there)."""
        target = node.comparisons[0]
        operator = type(target.operator)
        sides = [(node.left, target.comparator)]
        sides += [(target.comparator, node.left)] if operator is cst.Equal else []
        for subject, other in sides if operator in (cst.Equal, cst.In) else []:
            held = self._tested_read_missing(subject, env)
            ok, value = self._value(other)  # type: ignore[attr-defined]
            if held is None or not ok or _rebound(subject, env):
                continue
            values = value if operator is cst.In else [value]
            if isinstance(values, (list, tuple, set, frozenset)) and all(
                held[1] != v for v in values
            ):
                return [held[0]]
        return []

    def _leave_presence(self, env: Env) -> None:
        """Leave the body :meth:`_enter_presence` entered."""
        env.present.pop()
        env.keys_in.pop()


#: what a missing key's value made is, when not known
_UNKNOWN = object()


def _made_value(
    node: cst.BaseExpression,
    reads: dict[int, tuple[str, Any]],
    or_reads: dict[int, tuple[str, Any]],
    literal: Any,
) -> tuple[str, Any] | None:
    """(argument, value) of ``node`` made of one plain read when its key is
    missing (:data:`_UNKNOWN` where it cannot be computed): a literal
    fallback after the read (``or ["all"]``), a string method of
    :data:`~doxtool.python.readforms.COMPUTED_METHODS` with literal arguments
    on it; None for any other node."""
    if type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
        held = or_reads.get(id(node.left))
        known, fallback = literal(node.right)
        if held is None:
            return None
        return (held[0], held[1] or fallback) if known else (held[0], _UNKNOWN)
    if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
        return None
    if node.func.attr.value not in COMPUTED_METHODS:
        return None
    inner = node.func.value
    held = reads.get(id(inner)) or _made_value(inner, reads, or_reads, literal)
    if held is None or held[1] is _UNKNOWN:
        return held
    values = [literal(a.value) for a in node.args]
    if (
        not isinstance(held[1], str)
        or any(a.star for a in node.args)
        or not all(k for k, _ in values)
    ):
        return (held[0], _UNKNOWN)
    args = [v for (_, v), a in zip(values, node.args, strict=True) if a.keyword is None]
    kwargs = {a.keyword.value: v for (_, v), a in zip(values, node.args, strict=True) if a.keyword}
    try:
        return held[0], getattr(held[1], node.func.attr.value)(*args, **kwargs)
    except (TypeError, ValueError):
        return (held[0], _UNKNOWN)


def _method_receiver(node: cst.BaseExpression) -> cst.BaseExpression | None:
    """What the innermost of a chain of computed string methods is called on
    (``raw.strip().split()``: ``raw``); None for any other node."""
    inner = None
    while (
        type(node) is cst.Call
        and type(node.func) is cst.Attribute
        and node.func.attr.value in COMPUTED_METHODS
    ):
        inner = node = node.func.value
    return inner


#: methods of a dict that leave its keys as they are
_KEEPING = frozenset({"get", "keys", "values", "items", "copy"})


def _methods_other_than_reads(function: cst.CSTNode, name: str) -> bool:
    """Whether a method of ``name`` other than :data:`_KEEPING` is named in
    ``function`` (``data.setdefault("title", "")`` writes the key)."""
    found = False

    class _Methods(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> None:
            nonlocal found
            named = type(node.value) is cst.Name and node.value.value == name
            found = found or (named and node.attr.value not in _KEEPING)

    function.visit(_Methods())
    return found


def _rebound(subject: cst.BaseExpression, env: Env) -> bool:
    """Whether ``subject`` is a name its function binds more than once."""
    return type(subject) is cst.Name and _bindings(env.func.node, subject.value) != 1


def _bindings(function: cst.CSTNode, name: str) -> int:
    """How many places of ``function`` bind ``name`` (``data = {...}`` before
    ``if x: data = args.get("issue", {})``: past the branch it may hold either)."""
    # (walks of its own: a visitor class or a recursive closure made on each
    # call would leave cycles for the collector)
    targets: list[cst.CSTNode] = []
    todo: list[cst.CSTNode] = [function]
    while todo:
        node = todo.pop()
        kind = type(node)
        if kind in (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.NamedExpr, cst.For):
            targets.append(node.target)  # type: ignore[attr-defined]
        elif kind is cst.AsName:
            targets.append(node.name)  # type: ignore[attr-defined]
        todo.extend(child_nodes(node))
    count = 0
    while targets:
        target = targets.pop()
        if type(target) is cst.Name and target.value == name:
            count += 1
        elif type(target) in (cst.Tuple, cst.List):
            targets.extend(e.value for e in target.elements)  # type: ignore[attr-defined]
        elif type(target) is cst.StarredElement:
            targets.append(target.value)  # type: ignore[attr-defined]
    return count
