"""Names a helper binds, at the top of its body, to what a call made of a
value read from a handed dict (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`, through
:class:`~doxtool.python.keyreads.KeyReads`), and the checks of them, as the
tool walk reads them (:mod:`~doxtool.python.absencetests`): ``n =
int(args.get("n", "0"))``, then ``if not n: raise ...``, refuses ``"0"``,
what ``int`` makes of it; ``items = json.loads(args.get("items", "[]"))``
(any call other than a conversion or a string method handed the value
alone), then ``if not items: raise ...``, may refuse any value, a missing
key's too, or none: the key's requiredness is not known.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cached_property

from doxtool.core.summary_facts import KeyRead
from doxtool.python.readforms import (
    CALLED,
    CONVERSION_CHAINS,
    FOLDINGS,
    NUMERIC_CONVERSIONS,
    bound_refusal,
)


class MadeValues:
    """Values made of reads: a part of :class:`~doxtool.python.keyreads.KeyReads`."""

    _returned_before: Callable[[ast.stmt], bool]
    _read_contract: Callable[[KeyRead, str], bool]

    @cached_property
    def var_made(self) -> dict[str, tuple[str, KeyRead]]:
        """Local name assigned at the top of the body -> what made its value
        of a read (a numeric conversion, or :data:`~doxtool.python.readforms.CALLED`),
        and the read."""
        return {}

    def _forget_rebound(self, stmt: ast.stmt) -> None:
        """Drop from :attr:`var_made` the names ``stmt`` may bind anew
        otherwise than as the one target of an assignment (``n += 1``, ``for
        n in ...``, ``with ... as n``, ``a, n = ...``, ``(n := ...)``, ``del
        n``, ``nonlocal n`` in a function it defines): what a check of them
        later tests is no longer what the conversion made."""
        if not self.var_made:
            return
        todo: list[ast.AST] = [stmt]
        while todo:
            node = todo.pop()
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.var_made.pop(node.id, None)
            elif isinstance(node, (ast.Nonlocal, ast.Global)):
                for name in node.names:
                    self.var_made.pop(name, None)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.var_made.pop(node.name, None)
                # its own names are its own, unless it declares them not
                todo.extend(n for n in ast.walk(node) if isinstance(n, (ast.Nonlocal, ast.Global)))
                continue
            elif isinstance(node, ast.Lambda):
                continue
            todo.extend(ast.iter_child_nodes(node))

    def _made_contract(self, stmt: ast.stmt, name: str, refusal: str, raises: bool) -> bool:
        """``if not n: raise ...`` (``refusal``, true for a body that
        ``raises``) on a name :attr:`var_made` holds: what it refuses of the
        read. Whether the name is one."""
        if name not in self.var_made:
            return False
        made, read = self.var_made[name]
        if not raises or refusal != "falsy":
            return True  # (``n is None``: a conversion never gives None)
        past = self._past_exit(stmt)  # type: ignore[attr-defined]
        if made == CALLED and (past or not self._returned_before(stmt)):
            # any value, a missing key's too, may be refused, or none
            read.conditional = self._read_contract(read, CALLED) or read.conditional
        elif not self._returned_before(stmt):
            self._read_contract(read, f"falsy-{made}")
        elif past:  # refused on some calls only
            read.conditional = self._read_contract(read, f"falsy-{made}") or read.conditional
        return True

    def _bound_contract(self, stmt: ast.stmt, test: ast.expr, raises: bool) -> None:
        """``if n < 1 or n > 10: raise ...`` (or ``if not (1 <= n <= 10)``)
        on a name a numeric conversion made of a read (``n = int(args.get("n",
        0))``), as :meth:`~doxtool.python.absencetests.AbsenceTests._bounded`
        reads it: each bound refuses the values the conversion holds to it."""
        if not raises or self._returned_before(stmt):
            return
        for name, ordering, bound in _bounds(test):
            made, read = self.var_made.get(name, (CALLED, None))
            if read is None or made not in CONVERSION_CHAINS:
                continue
            refusal = bound_refusal(ordering, bound, made)
            if self._past_exit(stmt):  # type: ignore[attr-defined]
                read.conditional = self._read_contract(read, refusal) or read.conditional
            else:
                self._read_contract(read, refusal)


#: the ordering a comparison holds, as :data:`~doxtool.python.readforms.BOUNDS` names
#: it, with the ordering read from the other side and the ordering its negation is
_ORDERINGS: dict[type, tuple[str, str, str]] = {
    ast.Lt: ("lt", "gt", "ge"),
    ast.LtE: ("le", "ge", "gt"),
    ast.Gt: ("gt", "lt", "le"),
    ast.GtE: ("ge", "le", "lt"),
}


def _bounds(test: ast.expr) -> list[tuple[str, str, int | float]]:
    """(name, ordering, number) of each part of ``test`` (an ``or`` of them,
    or ``not`` of a chain of orderings: ``not (1 <= n <= 10)``, ``n < 1 or n
    > 10``) that holds a name to a number: the test is true whenever it is
    (NaN aside, which a negated ordering holds and no ordering does)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        return [bound for value in test.values for bound in _bounds(value)]
    negated = isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)
    compare = test.operand if negated else test  # type: ignore[attr-defined]
    if not isinstance(compare, ast.Compare) or (not negated and len(compare.ops) > 1):
        return []
    found = []
    lefts = [compare.left, *compare.comparators[:-1]]
    for left, op, right in zip(lefts, compare.ops, compare.comparators, strict=True):
        orderings = _ORDERINGS.get(type(op))
        if orderings is None:
            return []
        name, number = (left, right) if isinstance(left, ast.Name) else (right, left)
        if not (
            isinstance(name, ast.Name)
            and isinstance(number, ast.Constant)
            and type(number.value) in (int, float)
        ):
            continue
        flipped = name is right
        ordering = orderings[2] if negated else orderings[0]
        if flipped:
            ordering = _FLIPPED[ordering]
        found.append((name.id, ordering, number.value))
    return found


_FLIPPED = {"lt": "gt", "le": "ge", "gt": "lt", "ge": "le"}


def made_by(node: ast.expr, inner: ast.expr | None) -> tuple[str, ast.expr] | None:
    """What makes the value of ``node`` of the expression in it, and that
    expression (``inner``, as :func:`~doxtool.python.keyreads.stands_for`
    finds it through conversions and string methods): a numeric conversion
    (``int(x)``, not ``int(x, 16)``), or any other call handed one value
    alone (``json.loads(raw)``, ``await self._parse(raw)``)."""
    if isinstance(node, ast.Await):
        node = node.value
    if not isinstance(node, ast.Call) or len(node.args) != 1 or node.keywords:
        return None
    func, (argument,) = node.func, node.args
    if inner is not None:
        numeric = isinstance(func, ast.Name) and func.id in NUMERIC_CONVERSIONS
        return conversion_chain(node) if numeric else None
    return None if isinstance(argument, ast.Starred) else (CALLED, argument)


def conversion_chain(node: ast.expr) -> tuple[str, ast.expr] | None:
    """The numeric conversion ``node`` makes of the expression in it, innermost
    first, past string methods that leave what it parses as it was
    (``int(float(x))``: ``float-int``; ``int(x.strip())``: ``int``), and that
    expression: one of :data:`~doxtool.python.readforms.CONVERSION_CHAINS`, as
    the tool walk reads it (:func:`~doxtool.python.fallbacks.numeric_conversion`);
    ``None`` for any other shape (``int(x, 16)``), whose result is not known."""
    kinds: list[str] = []
    while isinstance(node, ast.Call):
        func = node.func
        one = len(node.args) == 1 and not node.keywords
        if isinstance(func, ast.Name) and func.id in (*NUMERIC_CONVERSIONS, "str"):
            if not one or isinstance(node.args[0], ast.Starred):
                return None
            kinds.append(func.id)
            node = node.args[0]
        elif isinstance(func, ast.Attribute) and func.attr in FOLDINGS and not node.args:
            node = func.value
        else:
            break
    chain = "-".join(reversed(kinds))
    return (chain, node) if chain != "str" and chain in CONVERSION_CHAINS else None


def judged_as_made(made: str, node: ast.expr, value: ast.expr | None) -> bool:
    """Whether a test of the name bound to ``value`` judges what ``made``
    (:func:`made_by` of ``node``) made: a conversion only as the outermost
    call of ``value`` (``str(int(x))`` is text, ``"0"`` passes ``if not n``);
    any other call, which only leaves the key's need unknown, as any part."""
    if isinstance(value, ast.Await):
        value = value.value
    return made == CALLED or node is value
