"""Checks of a handed dict's keys in a helper, beside those on a name bound
to a read (part of :class:`~doxtool.python.functionwalk.FunctionWalk`; the
tool walk's are :mod:`~doxtool.python.contracts` and
:mod:`~doxtool.python.keychecks`).

A check that raises, run on every call, makes each key it refuses needed,
as the same check in a tool does: on the read itself (``if not
args.get("url"): raise ...``, ``if "url" not in args``, ``args.get("url")
is None``, ``not args.get("url", "").strip()``), several joined by ``or``
(each needed) or by ``and`` (one of them: alternatives); in the body of a
loop over literal keys at the top of the function, once per key (``for
key in ("url", "selector"): if not args.get(key): raise ...``), where
nothing but a check's raise ends a pass early (past a ``break``, a
``continue`` or a ``return`` the check holds on some calls: the key's
requiredness is unknown); and written as a comprehension over literal keys
(``if any(not args.get(k) for k in KEYS)``, ``if not all(k in args for k in
KEYS)``, ``missing = [k for k in KEYS if k not in args]`` then ``if
missing:``), the keys joined as :mod:`~doxtool.python.keyaggregates` says.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from functools import cached_property
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astcomputedkeys import computed_absence
from doxtool.python.astemptied import emptied_node
from doxtool.python.astparse import statements
from doxtool.python.astshapes import literal
from doxtool.python.asttested import isinstance_refusal
from doxtool.python.astvaluekeys import AstValueKeys
from doxtool.python.astwalk import walk
from doxtool.python.caught import check_escapes, module_classes
from doxtool.python.keyaggregates import AGGREGATES, READ_ONLY_CALLS, aggregate_groups, one_of_keys
from doxtool.python.keyreads import or_group, stands_for
from doxtool.python.readforms import CALLED, REFUSALS

#: a key -> what the test refuses of it and the read whose value it tests
Group = dict[str, tuple[str, KeyRead]]
Comprehension = ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp
#: comprehensions that are empty exactly when no key passes their ``if``
_COLLECTIONS = (ast.ListComp, ast.SetComp, ast.DictComp)
_LEAVES = (ast.Break, ast.Continue, ast.Return)
_TRIES = (ast.Try, getattr(ast, "TryStar", ast.Try))


class AstKeyChecks(AstValueKeys):
    """Checks of keys: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    names: dict[str, str]
    reads: list[KeyRead]
    loop_keys: dict[str, str]
    var_reads: dict[str, KeyRead]
    fallback_values: dict[int, tuple[bool, Any]]
    #: id of a statement in the body of a loop over literal keys at the top
    #: -> the loop's index at the top, and whether its passes run straight
    check_places: dict[int, tuple[int, bool]]
    #: a name bound to ``[k for k in KEYS if <test>]`` -> that comprehension
    key_filters: dict[str, Comprehension]
    var_groups: dict[str, Any]
    owner: Any  # the :class:`~doxtool.python.summaryscope.ModuleScope`
    #: what judges the handlers of the module (:func:`~doxtool.python.caught.module_classes`)
    _classes: tuple[frozenset[str], frozenset[str], frozenset[str]] | None = None

    _literal_keys: Callable[[ast.expr], list[str]]
    _read_contract: Callable[[KeyRead, str], bool]
    _read_key: Callable[[ast.expr], str | None]
    _key: Callable[[ast.expr], str | None]
    _source: Callable[[ast.expr], str | None]
    _top_index: dict[int, int]
    _first_return: int
    _mentions_sources: Callable[[ast.expr], bool]
    #: index at the top of the body of the first statement that may return on
    #: a path that depends on the handed dicts (:meth:`_passes_exit`)
    _first_exit: int = 1 << 62

    def _check_place(self, stmt: ast.stmt) -> tuple[int, bool] | None:
        """Where a check stands: its index at the top of the body (or its
        loop's), and whether it runs on every call that gets there."""
        index = self._top_index.get(id(stmt))
        return (index, True) if index is not None else self.check_places.get(id(stmt))

    def _check_loop(self, stmt: ast.For | ast.AsyncFor) -> None:
        """A loop over literal keys at the top: the statements of its body
        are places of checks, once per key (:meth:`_check_place`)."""
        index = self._top_index.get(id(stmt))
        if index is None:
            return
        # (a nested loop's own ``break`` too: read as ending the pass)
        straight = not any(isinstance(s, _LEAVES) for s in statements(stmt.body))
        for inner in stmt.body:
            self.check_places[id(inner)] = (index, straight)

    def _tried_body(self, stmt: ast.Try) -> None:
        """The body of a ``try``. At the top, when every handler raises
        (``except Exception: raise``, ``raise ToolError(...) from e``), the
        call ends with an error wherever the body raises: the statements of
        its body and its ``else`` are places of checks, as the ``try`` is."""
        index = self._top_index.get(id(stmt))
        if index is not None:
            fails = _fails(stmt)
            straight = not any(isinstance(s, _LEAVES) for s in statements(stmt.body))
            for inner in (*stmt.body, *stmt.orelse):
                if fails or self._escapes(inner, stmt):
                    self.check_places[id(inner)] = (index, straight)
        self._stmts(stmt.body)  # type: ignore[attr-defined]

    def _key_contract(self, stmt: ast.stmt, test: ast.expr, raises: bool) -> None:
        """A check that raises on what ``test`` is true for: the keys whose
        absence makes it true are needed (on some calls only, past a way out
        of a loop's pass, in a branch of an ``if`` on the handed dicts or past
        a return on such a path: :meth:`_some_calls_check`)."""
        place = self._check_place(stmt)
        if not raises:
            return
        self._param_looked_in(stmt, test)
        if place is not None and self._first_return >= place[0]:
            every = place[1]
        elif self._some_calls_check(stmt, place):
            every = False
        else:
            return
        for group in self._absence_groups(test):
            self._needs(group, every=every)

    def _passes_exit(self, stmt: ast.stmt, index: int) -> bool:
        """Whether ``stmt``, the ``index``-th at the top of the body, may
        return: on a path that depends on the handed dicts (``if
        args.get("dry"): return None``) or on any other (``if CACHE: return
        CACHE``), a return ends the helper, not the tool's call, which goes
        on without what follows: that runs on some calls only, as past a
        return in a method of a tool (:mod:`~doxtool.python.toolwalk`)."""
        if index not in self._returning:
            return False
        self._first_exit = min(self._first_exit, index)
        return True

    @cached_property
    def _returning(self) -> frozenset[int]:
        """The indexes of the statements at the top of the body that hold a
        ``return`` (in a nested block too, not in a nested definition), read
        from the body's statements as the module's scope lists them once."""
        top, index, found = self._top_index, -1, set()
        for stmt in self.owner.body_statements(self.node):
            index = top.get(id(stmt), index)
            if type(stmt) is ast.Return:
                found.add(index)
        return frozenset(found)

    def _past_exit(self, stmt: ast.stmt) -> bool:
        """Whether ``stmt``, at the top of the body, follows a return on a
        path that depends on the handed dicts, and no other return before it."""
        index = self._top_index.get(id(stmt))
        return index is not None and self._first_exit == self._first_return < index

    def _some_calls_check(self, stmt: ast.stmt, place: tuple[int, bool] | None) -> bool:
        """A check that refuses on the calls that come its way only: at the
        top past a return on a path of the handed dicts (its loop's too), or
        in a branch of an ``if`` that tests them (``if args.get("secure"): if
        not args.get("token"): raise ...``), never where a ``try`` around it
        may recover from its raise."""
        if id(stmt) in self._tried:
            return False
        if place is not None:
            return self._first_exit == self._first_return < place[0]
        parent = self._branch_parents.get(id(stmt))
        return parent is not None and self._about_dicts(parent.test)

    def _about_dicts(self, test: ast.expr) -> bool:
        """Whether ``test`` is about the handed dicts: it names one, or a
        name bound to a read of one (``value = args.get(key)``, then ``if
        value is None``), as a tool's test names ``self.args`` or a value read there."""
        return self._mentions_sources(test) or any(
            isinstance(n, ast.Name) and (n.id in self.var_reads or n.id in self.var_groups)
            for n in walk(test)
        )

    @cached_property
    def _branch_parents(self) -> dict[int, ast.If]:
        """Each statement of a branch of an ``if`` (not in a nested block) -> that ``if``."""
        return {
            id(child): stmt
            for stmt in statements(self.node.body)
            if isinstance(stmt, ast.If)
            for child in (*stmt.body, *stmt.orelse)
        }

    @cached_property
    def _tried(self) -> frozenset[int]:
        """The statements in the body of a ``try`` with a handler that may
        recover (:func:`_fails`), or in its ``else``."""
        return frozenset(
            id(inner)
            for stmt in statements(self.node.body)
            if isinstance(stmt, _TRIES) and stmt.handlers and not _fails(stmt)
            for inner in statements([*stmt.body, *stmt.orelse])
            if not self._escapes(inner, stmt)
        )

    def _escapes(self, inner: ast.stmt, stmt: ast.Try) -> bool:
        """A check in the body of ``stmt`` whose raise no handler that goes
        on takes (``raise Abort(...)``, ``class Abort(BaseException)``,
        under ``except Exception``: :func:`~doxtool.python.caught.check_escapes`)."""
        if not isinstance(inner, ast.If):
            return False
        if self._classes is None:
            self._classes = module_classes(self.owner.tree)
        bound, classes, base_only = self._classes
        if "*" in bound:
            return False  # a star import may bind any class name
        return check_escapes(inner, stmt, base_only, bound, classes)

    def _needs(self, group: Group, every: bool) -> None:
        if len(group) == 1:
            for refusal, read in group.values():
                # a test of what the value holds may refuse any value, or none
                if self._read_contract(read, refusal) and (not every or refusal == CALLED):
                    read.conditional = True
            return
        # ``if not a and not b: raise``: one of them is needed
        refused = all(
            not read.has_default or REFUSALS[refusal](read.default)
            for refusal, read in group.values()
        )
        if not every or not refused:
            return
        for _, read in group.values():
            read.alternatives = sorted(set(group) - {read.key})
            read.default_unknown = False

    def _absence_groups(self, test: ast.expr) -> list[Group]:
        """Groups of keys whose joint absence makes ``test`` true."""
        groups: list[Group] = []
        parts = [test]
        while parts:
            node = parts.pop()
            if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
                parts.extend(node.values)
                continue
            negated = isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
            inner = node.operand if negated else node  # type: ignore[attr-defined]
            checks = self._key_check_groups(inner, negated)
            group = self._absence(node) if checks is None else None
            if group is None and checks is None:  # ``key not in args``, ``key`` a parameter
                group = computed_absence(node, self._source, self.reads)
            groups.extend(checks or [group] * bool(group))  # type: ignore[list-item]
        return groups

    def _absence(self, node: ast.expr) -> Group | None:
        """The keys that, all absent, make ``node`` true (None: not an absence test)."""
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
            joined: Group = {}
            for value in node.values:
                part = self._absence(value)
                if not part:
                    return None
                joined.update(part)
            return joined
        if (
            isinstance(node, ast.UnaryOp)
            and isinstance(node.op, ast.Not)
            and isinstance(node.operand, ast.BoolOp)
            and isinstance(node.operand.op, ast.Or)
        ):
            turned = ast.BoolOp(ast.And(), [_negation(v) for v in node.operand.values])
            return self._absence(turned)
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.NotIn)
            and self._source(node.comparators[0]) is not None
        ):
            key = self._key(node.left)
            read = self._read_at(node, key)
            return {key: ("missing", read)} if key is not None and read is not None else None
        if (
            isinstance(node, ast.Compare)
            and len(node.ops) == 1
            and isinstance(node.ops[0], ast.NotIn)
            and self._key(node.left) is not None
        ):
            # ``"title" not in issue``: a key looked for in a read's value,
            # which a missing key's default may lack or hold (as the tool
            # walk reads it: :mod:`~doxtool.python.absencetests`)
            read = self._value_read(node.comparators[0])
            if read is None:  # ``t = args.get("t", "a").split(",")``
                return self._made_looked_in(node, self._key(node.left))  # type: ignore[attr-defined,no-any-return]
            if not read.key:
                return None
            return {read.key: (self._looked_in(node, read, self._key(node.left)), read)}
        typed = isinstance_refusal(node)
        if typed is not None:  # the value read itself, not one made of it (``str(x)``)
            read = self._value_read(typed[0])
            return {read.key: (typed[1], read)} if read is not None and read.key else None
        found = emptied_node(node)
        if found is None:
            return None
        subject, refusal = found
        if type(subject) is ast.Name:
            # ``m = args.get("m", " ").strip()``: the ``""`` a missing key leaves is judged
            read, refusal = self._made_judged(subject.id, refusal)  # type: ignore[attr-defined]
            return {read.key: (refusal, read)} if read is not None and read.key else None
        while subject is not None:
            read = self._read_at(subject, self._read_key(subject))
            if read is not None:
                return {read.key: (refusal, read)}
            if isinstance(subject, ast.BoolOp) and isinstance(subject.op, ast.Or):
                return self._one_of_needed(subject, refusal)
            subject = stands_for(subject)  # type: ignore[assignment]
        return None

    def _one_of_needed(self, node: ast.BoolOp, refusal: str) -> Group | None:
        """``not (d.get("text") or d.get("message") or "")``: the keys one of
        which is needed, when the check refuses each literal after them;
        ``not (d.get("text") or "")``: the read, whose fallback the check
        weighs (:meth:`~doxtool.python.keyreads.KeyReads._read_contract`)."""
        group = or_group(node, self.reads)
        if group is not None:
            reads, literals = group
            if not all(REFUSALS[refusal](value) for value in literals):
                return None
            return {read.key: (refusal, read) for read in reads}
        if not all(literal(value)[0] for value in node.values[1:]):
            return None  # something else may stand in
        first = node.values[0]
        read = self._read_at(first, self._read_key(first))
        return {read.key: (refusal, read)} if read is not None else None

    def _read_at(self, node: ast.expr, key: str | None) -> KeyRead | None:
        """The read of ``key`` made at ``node`` (the last: a loop's body is
        walked once per key)."""
        if key is None:
            return None
        where = (node.lineno, node.col_offset + 1)
        return next(
            (r for r in reversed(self.reads) if r.key == key and (r.line, r.column) == where),
            None,
        )

    # -- over literal keys ---------------------------------------------------

    def _per_key(self, node: Comprehension) -> tuple[str, list[str], ast.expr | None] | None:
        """The loop name, the literal keys and the single ``if`` clause's test
        (None: no clause) of a comprehension with one ``for`` over literal keys."""
        if len(node.generators) != 1:
            return None
        generator = node.generators[0]
        if generator.is_async or type(generator.target) is not ast.Name or len(generator.ifs) > 1:
            return None
        keys = self._literal_keys(generator.iter)
        if not keys:
            return None
        return generator.target.id, keys, generator.ifs[0] if generator.ifs else None

    def _aggregate(self, node: ast.expr) -> tuple[str, Comprehension] | None:
        """``any(...)`` or ``all(...)`` (the builtin) over a comprehension."""
        if (
            type(node) is ast.Call
            and type(node.func) is ast.Name
            and node.func.id in AGGREGATES
            and node.func.id not in self.names
            and len(node.args) == 1
            and not node.keywords
            and type(node.args[0]) in (ast.GeneratorExp, ast.ListComp, ast.SetComp)
        ):
            return node.func.id, node.args[0]  # type: ignore[return-value]
        return None

    def _key_check_groups(self, node: ast.expr, negated: bool) -> list[Group] | None:
        """The absence groups of a test over literal keys, ``not`` before it
        when ``negated`` (:mod:`~doxtool.python.keyaggregates`). None: no such test."""
        if type(node) is ast.Name and not negated:
            made = self.key_filters.get(node.id)
            loop = self._per_key(made) if made is not None else None
            if loop is None or loop[2] is None:
                return None
            name, keys, test = loop
            tested: ast.expr = test
            return aggregate_groups(
                True,
                self.loop_keys,
                name,
                keys,
                lambda: self._absence_groups(tested),
                lambda: self._absence(tested),
            )
        aggregate = self._aggregate(node)
        loop = self._per_key(aggregate[1]) if aggregate is not None else None
        if aggregate is None or loop is None or loop[2] is not None:
            return None
        name, keys, _ = loop
        element: ast.expr = aggregate[1].elt  # type: ignore[union-attr]
        if negated:
            element = _negation(element)
        return aggregate_groups(
            one_of_keys(aggregate[0], negated),
            self.loop_keys,
            name,
            keys,
            lambda: self._absence_groups(element),
            lambda: self._absence(element),
        )

    def _kept_key_filter(self, targets: Sequence[ast.expr], value: ast.expr) -> None:
        """``missing = [k for k in KEYS if k not in args]``: what ``if
        missing:`` tests (a generator is always true: not kept). Another
        binding of the name forgets it; so does any use of the name in the
        function that may change the collection (``missing.clear()``)."""
        for target in targets:
            for name in walk(target):
                if type(name) is ast.Name:
                    self.key_filters.pop(name.id, None)
        if len(targets) != 1 or type(targets[0]) is not ast.Name:
            return
        if type(value) not in _COLLECTIONS:
            return
        loop = self._per_key(value)  # type: ignore[arg-type]
        if loop is not None and loop[2] is not None and not _changed(self.node, targets[0].id):
            self.key_filters[targets[0].id] = value  # type: ignore[assignment]


def _fails(stmt: ast.Try) -> bool:
    """Whether every handler of a ``try`` (one at least) ends with a raise:
    what its body raises ends the call with an error all the same."""
    handlers = stmt.handlers
    if any(isinstance(s, ast.Return) for s in statements(stmt.finalbody)):
        return False  # a ``finally`` that returns takes the error
    return bool(handlers) and all(h.body and isinstance(h.body[-1], ast.Raise) for h in handlers)


def _negation(test: ast.expr) -> ast.expr:
    """``not test``, a membership test turned over (``k in d``: ``k not in d``),
    placed where ``test`` is."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return test.operand
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        turned = {ast.In: ast.NotIn, ast.NotIn: ast.In}.get(type(test.ops[0]))
        if turned is not None:
            return ast.copy_location(ast.Compare(test.left, [turned()], test.comparators), test)
    return ast.copy_location(ast.UnaryOp(ast.Not(), test), test)


def _changed(function: ast.AST, name: str) -> bool:
    """Whether a function may change what a name holds in place: an
    attribute of it (``missing.clear()``), an augmented assignment, an item
    or a ``del`` naming it; or may hand it to what can: a call other than
    of :data:`~doxtool.python.keyaggregates.READ_ONLY_CALLS` given it
    (``drop(missing)``), another name bound to it (``other = missing``), a
    collection or a ``yield`` holding it. A call a ``return`` or a
    ``raise`` makes (``raise KeyError(missing)``) comes after every test."""
    ending: set[int] = set()  # (a parent is met before its children)
    for node in walk(function):
        kind = type(node)
        if kind is ast.Return or kind is ast.Raise:
            ending.add(id(node.value if kind is ast.Return else node.exc))  # type: ignore[attr-defined]
        if kind is ast.Call and id(node) not in ending and _hands_on(node, name):  # type: ignore[arg-type]
            return True
        aliases = (ast.Assign, ast.AnnAssign, ast.NamedExpr, ast.Yield, ast.YieldFrom)
        if kind in aliases and _is_name(node.value, name):  # type: ignore[attr-defined]
            return True
        if kind in (ast.List, ast.Tuple, ast.Set) and any(
            _is_name(e, name)
            for e in node.elts  # type: ignore[attr-defined]
        ):
            return True
        if kind is ast.Dict and any(_is_name(v, name) for v in node.values):  # type: ignore[attr-defined]
            return True
        if kind in (ast.Attribute, ast.Subscript) and _is_name(node.value, name):  # type: ignore[attr-defined]
            return True
        if kind is ast.AugAssign and _is_name(node.target, name):  # type: ignore[attr-defined]
            return True
        if kind is ast.Delete and any(
            _is_name(n, name)
            for target in node.targets  # type: ignore[attr-defined]
            for n in walk(target)
        ):
            return True
    return False


def _is_name(node: ast.AST | None, name: str) -> bool:
    return type(node) is ast.Name and node.id == name


def _hands_on(call: ast.Call, name: str) -> bool:
    """Whether ``call`` is given ``name`` and may change it."""
    given = [a.value if type(a) is ast.Starred else a for a in call.args]
    if not any(_is_name(v, name) for v in (*given, *(k.value for k in call.keywords))):
        return False
    func = call.func
    if type(func) is ast.Name:
        return func.id not in READ_ONLY_CALLS
    return not (type(func) is ast.Attribute and func.attr == "join")
