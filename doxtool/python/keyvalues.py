"""What a function does with the values it reads from a dict it is handed,
for its summary (part of :class:`~doxtool.python.functionwalk.FunctionWalk`):
the conversion of a name bound once to a read (``limit = args.get("limit")``,
then ``int(limit)``), and the values a read accepts.

The values are those of a closed check at the top of the body (``if engine
not in ("ddg", "brave"): raise ...``, or ``not in ENGINES`` of a module-level
literal nothing changes, or a chain ``if engine == "ddg": ... elif engine ==
"brave": ... else: raise ...``: anything else ends in an error), and the check
makes the key needed where it refuses what a missing key gives (None, or a
default outside the values once folded: :func:`~doxtool.python.readforms.outside_refusal`); any
other test of the value (a comparison with a literal, a ``match``, a lookup
in a dict by it) leaves the values unknown, as does a reshaping no list
holds (``.replace("-", "_")``), and so does building a class from the
value (``Mode(args.get("mode"))``), which may refuse some. A value never
tested accepts any value.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cached_property
from typing import Any

from doxtool.core.facts import json_type
from doxtool.core.literaleval import literal_eval
from doxtool.core.summary_facts import KeyRead
from doxtool.python.argtypes import ALL_TYPES
from doxtool.python.astclosedmatch import closed_chain, closed_match
from doxtool.python.astclosureparams import nested_parameter_tests
from doxtool.python.astconversionreach import conversions, reaching
from doxtool.python.asttested import handed_tests, tested_names
from doxtool.python.astwalk import walk_all
from doxtool.python.conversionerrors import CONVERTING
from doxtool.python.names import dotted_parts
from doxtool.python.readforms import (
    COERCIONS,
    FOLDINGS,
    PARSE,
    SHOWING_CALLS,
    SHOWING_METHODS,
    SHOWS,
    STRING_METHODS,
    names_built_class,
    outside_refusal,
)

#: comparisons that test a value against others
_TESTS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn)


class KeyValues:
    """Values of reads: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    #: the nodes of the function's body when they were walked already
    #: (:func:`~doxtool.python.astwalk.walk_all`), else None
    body_nodes: list[ast.AST] | None
    reads: list[KeyRead]
    #: (name, coercion) of each name a conversion is applied to (``int(limit)``)
    coerced_names: list[tuple[str, str]]
    owner: Any  # the :class:`~doxtool.python.summaryscope.ModuleScope`
    cls: str | None
    self_name: str | None
    _read_contract: Callable[[KeyRead, str], bool]
    fallback_values: dict[int, tuple[bool, Any]]  # :mod:`.keyreads`

    @cached_property
    def body_walk(self) -> list[ast.AST]:
        """The nodes of the function's body (:func:`~doxtool.python.astwalk.walk_all`),
        walked once: the summary's parts that search them all share them."""
        nodes = self.body_nodes
        return walk_all(self.node.body) if nodes is None else nodes

    def _settle_values(self, parameters: list[KeyRead]) -> None:
        """:meth:`_settle_reads`; then ``str(x)`` of a value whose missing
        form is a literal fallback of another type (``d.get("ids") or []``,
        ``or 0``) says no more of its type than after a literal default of
        that type: no string is stated, as in the tool's own code."""
        self._settle_reads(parameters)
        for read in self.reads:
            known, value = self.fallback_values.get(id(read), (False, None))
            if known and read.coercion == "str" and json_type(value) not in (None, "string"):
                read.weak = None if read.weak == "string" else read.weak

    def _settle_reads(self, parameters: list[KeyRead]) -> None:
        """Conversions of names bound to reads, and the values reads accept;
        ``parameters``: the reads of the parameters a ``**`` splat fills,
        each the value of its name while the function never rebinds it."""
        reads = {(r.line, r.column): r for r in self.reads if r.key}
        if not reads and not parameters:
            return  # no read of a literal key: no value to settle, no name bound to one
        bound, tests = _bindings_and_tests(self.body_walk)
        names: dict[str, tuple[KeyRead, bool, list[str]]] = {
            read.key: (read, True, []) for read in parameters if read.key not in bound
        }
        for name, values in bound.items():
            if len(values) == 1 and values[0] is not None:
                found = _read_of(values[0], reads)
                if found is not None:
                    names[name] = found
        # names a conversion or a comparison may see the read's value in
        typed = {**_rebound_reads(bound, reads), **names}
        for name, coercion in self.coerced_names:
            if name in typed:
                apply_coercion(typed[name][0], coercion)
        self._note_reach(typed, reads, [*self.reads, *parameters])
        # ``isinstance(x, list)`` here or in a helper of the module ``x`` is
        # handed to: the types the code takes (:mod:`.asttested`)
        if typed:
            handed = handed_tests(
                self.body_walk, self.owner.callees(), self.cls, self.self_name, typed
            )
            own = nested_parameter_tests(self.body_walk)  # :mod:`.astclosureparams`
            for source in (tested_names(n for n in self.body_walk if id(n) not in own), handed):
                for name, kinds in source.items():
                    if name in typed:
                        read = typed[name][0]
                        read.tested_types = sorted({*read.tested_types, *kinds})
        closed: dict[int, tuple[list[Any], list[str]]] = {}
        #: id of a read tested -> whether every test saw the value read
        tested: dict[int, bool] = {}
        for node in tests:
            subjects: list[ast.expr] = []
            if isinstance(node, ast.Compare):
                operands = [node.left, *node.comparators]
                for index, op in enumerate(node.ops):
                    if isinstance(op, _TESTS) and not _absence(operands[index + 1]):
                        subjects.extend((operands[index], operands[index + 1]))
            elif isinstance(node, ast.Match):
                subjects.append(node.subject)
            elif isinstance(node, ast.Subscript):
                subjects.append(node.slice)
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "get"
                and node.args
            ):
                subjects.append(node.args[0])
            elif isinstance(node, ast.Call) and _builds_class(node.func):
                # ``Mode(args.get("mode"))``: a class built from the value
                # may refuse some (an enum all but its members)
                subjects.extend(a for a in node.args if not isinstance(a, ast.Starred))
                subjects.extend(k.value for k in node.keywords if k.arg is not None)
            _note_compared(node, typed, reads)
            for subject in subjects:
                found = self._subject(subject, names, reads)
                if found is not None:
                    tested[id(found[0])] = tested.get(id(found[0]), True) and found[1]
        for index, stmt in enumerate(self.node.body):
            check = self._closed_check(stmt, names, self.node.body[index + 1 : index + 2])
            if check is not None:
                read, exact, values, folds = check
                if exact:
                    closed.setdefault(id(read), (values, folds))
        for read in [*self.reads, *parameters]:
            if id(read) in closed and tested.get(id(read), True):
                read.values, read.folds = closed[id(read)]
                if read.kind in ("get", "pop"):
                    # what a missing key gives, outside the values, raises too
                    self._read_contract(read, outside_refusal(*closed[id(read)]))
            elif id(read) in tested:
                read.values_unknown = True

    def _note_reach(
        self,
        typed: dict[str, tuple[KeyRead, bool, list[str]]],
        reads: dict[tuple[int, int], KeyRead],
        every: list[KeyRead],
    ) -> None:
        """The JSON types of the values that reach the conversions of each
        read that make its type, where tests or caught errors keep others
        from them (:mod:`~doxtool.python.astconversionreach`)."""
        if not any(read.coercion in CONVERTING for read in every):
            return  # no read a conversion gives its type: no reach to note

        def read_of(node: ast.expr) -> KeyRead | None:
            found = typed.get(node.id) if type(node) is ast.Name else _read_of(node, reads)
            return found[0] if found is not None else None

        reach: dict[int, set[str]] = {}
        for call, around in conversions(self.node):
            if not call.args or type(call.args[0]) is ast.Starred:
                continue
            first = call.args[0]
            while type(first) is ast.BoolOp and type(first.op) is ast.Or:
                first = first.values[0]  # ``int(x or 0)`` converts ``x``
            read = read_of(first)
            if read is not None:
                types = reaching(around, lambda e, r=read: read_of(e) is r, call.func.id)  # type: ignore[attr-defined]
                reach.setdefault(id(read), set()).update(types)
        for read in every:
            types = reach.get(id(read))
            if read.coercion in CONVERTING and types is not None and types < ALL_TYPES:
                read.conversion_reach = sorted(types)

    def _subject(
        self,
        node: ast.expr,
        names: dict[str, tuple[KeyRead, bool, list[str]]],
        reads: dict[tuple[int, int], KeyRead],
    ) -> tuple[KeyRead, bool, list[str]] | None:
        """The read a tested expression stands for, and whether exactly."""
        if isinstance(node, ast.Name):
            return names.get(node.id)
        return _read_of(node, reads)

    def _closed_check(
        self,
        stmt: ast.stmt,
        names: dict[str, tuple[KeyRead, bool, list[str]]],
        following: list[ast.stmt],
    ) -> tuple[KeyRead, bool, list[Any], list[str]] | None:
        """``if x not in ("a", "b"): raise ...``, or a chain ``if x == "a":
        ... elif x in ("b", "c"): ... else: raise ...`` (or no ``else``, each
        arm ending the function, and a ``raise`` next: ``following``), at the
        top of the body, before any ``return``: the read ``x`` stands for
        accepts those values (a set's in their order as text)."""
        if not isinstance(stmt, (ast.If, ast.Match)) or self._returned_before(stmt):  # type: ignore[attr-defined]
            return None
        if isinstance(stmt, ast.Match):  # ``case _: raise ...`` (:mod:`.astclosedmatch`)
            chain = closed_match(stmt, names)
            if chain is None:
                return None
            name, values = chain
        elif not stmt.orelse:
            if not isinstance(stmt.body[-1], ast.Raise):
                return None
            found = self._tested_values(stmt.test, names, ast.NotIn)
            if found is None:
                return None
            name, values = found
        else:
            chain = closed_chain(  # :mod:`.astclosedmatch`
                stmt, following, lambda test: self._tested_values(test, names, ast.Eq, ast.In)
            )
            if chain is None:
                return None
            name, values = chain
        read, exact, folds = names[name]
        return read, exact, values, folds

    def _tested_values(
        self,
        test: ast.expr,
        names: dict[str, tuple[KeyRead, bool, list[str]]],
        *ops: type[ast.cmpop],
    ) -> tuple[str, list[Any]] | None:
        """``x <op> <literals>`` with ``x`` a name bound to a read and ``op``
        one of ``ops``: that name and the literals (strings and integers; a
        module-level tuple, list or set the module never changes too)."""
        if not (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ops)
            and isinstance(test.left, ast.Name)
            and test.left.id in names
        ):
            return None
        listed: ast.expr | None = test.comparators[0]
        if isinstance(listed, ast.Name):  # ``MODES = ("a", "b")`` at the top of the module
            listed = self.owner.key_literal(listed.id)
        if listed is None:
            return None
        try:
            values = literal_eval(listed)
        except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
            return None
        if isinstance(test.ops[0], ast.Eq):
            values = (values,)
        if not isinstance(values, (tuple, list, set, frozenset)) or not values:
            return None
        if not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in values):
            return None
        ordered = (
            list(values) if not isinstance(values, (set, frozenset)) else sorted(values, key=str)
        )
        return test.left.id, ordered


def apply_coercion(read: KeyRead, coercion: str) -> None:
    """What a conversion of the value says of a read (the first one counts)."""
    if read.coerced is not None or read.coercion is not None:
        return
    if coercion == PARSE:  # ``int(x, 16)``: a string, parsed
        read.coerced = "string"
        return
    if coercion in ("str", ""):  # ``str(x)``, or a string method (``""``)
        read.weak = read.weak or "string"
    elif coercion != "bool":  # ``bool(x)`` tests truthiness
        read.coerced = COERCIONS[coercion]
    if coercion and coercion != "bool":
        read.coercion = coercion


def _read_of(
    node: ast.expr | None, reads: dict[tuple[int, int], KeyRead]
) -> tuple[KeyRead, bool, list[str]] | None:
    """The read an expression keeps, through conversions, string methods and
    an ``or`` fallback, whether the value tested is the value read (only
    ``str()`` and foldings between: ``lower``, ``strip``), and those foldings."""
    if node is None:
        return None
    inner, exact, folds = _unwrapped(node)
    read = reads.get((inner.lineno, inner.col_offset + 1))
    return (read, exact, folds) if read is not None else None


def _rebound_reads(
    bound: dict[str, list[ast.expr | None]], reads: dict[tuple[int, int], KeyRead]
) -> dict[str, tuple[KeyRead, bool, list[str]]]:
    """Names bound first to a read, then only to a literal or to a
    conversion of themselves (``timeout = args.get("timeout", "auto")``,
    then ``timeout = int(timeout)`` past a test): a conversion of the name
    converts the read's value on some paths at least, and a comparison of
    it compares that value."""
    out: dict[str, tuple[KeyRead, bool, list[str]]] = {}
    for name, values in bound.items():
        if len(values) < 2 or values[0] is None:
            continue
        found = _read_of(values[0], reads)
        if found is not None and all(
            value is not None and (_literal(value) or _stands_for_name(value, name))
            for value in values[1:]
        ):
            out[name] = found
    return out


def _literal(node: ast.expr) -> bool:
    try:
        literal_eval(node)
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return False
    return True


def _stands_for_name(node: ast.expr, name: str) -> bool:
    """Whether ``node`` is ``name`` through conversions and string methods (``int(name)``)."""
    inner = _converted(node)
    return type(inner) is ast.Name and inner.id == name


def _converted(node: ast.expr) -> ast.expr:
    """The value under conversions, string methods and ``or`` fallbacks
    (``int(x or 0)``, ``x.strip().lower()``: ``x``)."""
    return _unwrapped(node)[0]


def _unwrapped(node: ast.expr) -> tuple[ast.expr, bool, list[str]]:
    """The value under conversions, string methods and an ``or`` fallback,
    whether it is the value tested (only ``str()`` and foldings between:
    ``lower``, ``strip``), and those foldings."""
    exact = True
    folds: set[str] = set()
    for _ in range(64):
        # a call starts where its receiver does: unwrapped before the lookup
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.Or):
            node = node.values[0]
        elif isinstance(node, ast.NamedExpr):
            node = node.value
        elif isinstance(func, ast.Name) and func.id in COERCIONS and node.args:  # type: ignore[union-attr]
            exact = exact and func.id == "str"
            node = node.args[0]  # type: ignore[union-attr]
        elif isinstance(func, ast.Attribute) and func.attr in STRING_METHODS:
            exact = exact and func.attr in FOLDINGS
            folds.add(func.attr)
            node = func.value
        else:
            break
    return node, exact, sorted(folds)


def _note_compared(
    node: ast.AST,
    names: dict[str, tuple[KeyRead, bool, list[str]]],
    reads: dict[tuple[int, int], KeyRead],
) -> None:
    """The literals a comparison (``timeout != "auto"``, ``limit in ("all",
    "any")``) or a ``match`` (``case "all":``) tests a read's value against,
    as read or converted (:attr:`~doxtool.core.summary_facts.KeyRead.compared`):
    one a conversion of it does not convert gives it no one type
    (:func:`~doxtool.python.argtypes.unconverted`)."""
    pairs: list[tuple[ast.expr, list[Any]]] = []
    if isinstance(node, ast.Compare):
        operands = [node.left, *node.comparators]
        for index, op in enumerate(node.ops):
            if isinstance(op, _TESTS):
                left, right = operands[index], operands[index + 1]
                pairs.append((left, _literals(right)))
                if isinstance(op, (ast.Eq, ast.NotEq)):
                    pairs.append((right, _literals(left)))
    elif isinstance(node, ast.Match):
        values = [v for case in node.cases for v in _pattern_values(case.pattern)]
        pairs.append((node.subject, values))
    for subject, values in pairs:
        if not values:
            continue
        inner = _converted(subject)
        found = names.get(inner.id) if type(inner) is ast.Name else _read_of(inner, reads)
        if found is not None:
            found[0].compared.extend(v for v in values if v not in found[0].compared)


def _literals(node: ast.expr) -> list[Any]:
    """The scalars a literal is or holds (``"all"``, ``("all", "any")``),
    save ``None`` and ``""``, in the order written (a set's too)."""
    try:
        if isinstance(node, ast.Set):
            items = [literal_eval(element) for element in node.elts]
        else:
            value = literal_eval(node)
            items = value if isinstance(value, (tuple, list, set, frozenset)) else [value]
    except (ValueError, SyntaxError, TypeError, RecursionError, MemoryError):
        return []
    return [v for v in items if isinstance(v, (str, int, float)) and v != ""]


def _pattern_values(pattern: ast.pattern) -> list[Any]:
    """The literals a ``case`` pattern names (``"all" | "any"``)."""
    if isinstance(pattern, ast.MatchValue):
        return _literals(pattern.value)
    if isinstance(pattern, ast.MatchOr):
        return [v for element in pattern.patterns for v in _pattern_values(element)]
    if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
        return _pattern_values(pattern.pattern)
    return []


def _absence(node: ast.expr) -> bool:
    """``x == ""``, ``x is None``: a test for absence, not for a choice."""
    return isinstance(node, ast.Constant) and node.value in (None, "")


def _bindings_and_tests(
    nodes: list[ast.AST],
) -> tuple[dict[str, list[ast.expr | None]], list[ast.AST]]:
    """Each name the ``nodes`` of a function's body bind (nested definitions
    included: a name they bind counts as rebound, so fewer values are
    claimed, never more), with the value of each binding (None when it is
    not a plain assignment: a loop, ``+=``, an unpacking); and the nodes
    that may test a value (comparisons, ``match``, subscripts read, calls).
    The nodes come parent first (:func:`~doxtool.python.astwalk.walk`): an
    assignment is met before the name it binds."""
    out: dict[str, list[ast.expr | None]] = {}
    tests: list[ast.AST] = []
    plain: set[int] = set()
    for node in nodes:
        # exact types: ``ast`` builds no subclass of a node class
        kind = type(node)
        if kind is ast.Name:
            if type(node.ctx) is not ast.Load and id(node) not in plain:  # type: ignore[attr-defined]
                out.setdefault(node.id, []).append(None)  # type: ignore[attr-defined]
        elif kind is ast.Call or kind is ast.Compare or kind is ast.Match:
            tests.append(node)
        elif kind is ast.Subscript:
            if type(node.ctx) is ast.Load:  # type: ignore[attr-defined]
                tests.append(node)
        elif kind is ast.Assign:
            if len(node.targets) == 1:  # type: ignore[attr-defined]
                target = node.targets[0]  # type: ignore[attr-defined]
                if type(target) is ast.Name:
                    out.setdefault(target.id, []).append(node.value)  # type: ignore[attr-defined]
                    plain.add(id(target))
        elif kind is ast.AnnAssign or kind is ast.NamedExpr:
            target = node.target  # type: ignore[attr-defined]
            if node.value is not None and type(target) is ast.Name:  # type: ignore[attr-defined]
                out.setdefault(target.id, []).append(node.value)  # type: ignore[attr-defined]
                plain.add(id(target))
        elif kind is ast.Global or kind is ast.Nonlocal:
            for name in node.names:  # type: ignore[attr-defined]
                out.setdefault(name, []).append(None)
    return out, tests


def shows_whole(
    node: ast.Call, names: dict[str, str], resolve: Callable[[list[str], dict[str, str]], Any]
) -> bool:
    """A builtin, a library's call or a logging method that shows or tests a
    dict handed whole (``len(args)``, ``json.dumps(args)``, ``log.info(args)``)."""
    func = node.func
    if isinstance(func, ast.Name):
        return func.id in SHOWS and func.id not in names
    if isinstance(func, ast.Attribute) and func.attr in SHOWING_METHODS:
        return True
    dotted = dotted_parts(func)
    return dotted is not None and resolve(dotted, names) in SHOWING_CALLS


def _builds_class(func: ast.expr) -> bool:
    """Whether a call of ``func`` builds a class doxtool does not evaluate:
    a name in the CapWords that name a class, not the ``Response`` a tool
    returns nor a conversion it reads (``int``)."""
    parts = dotted_parts(func)
    return bool(parts) and names_built_class(parts[-1])
