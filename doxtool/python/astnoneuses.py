"""Uses of a name that raise on the ``None`` a missing key gives, in a helper
(part of :class:`~doxtool.python.functionwalk.FunctionWalk`, through
:class:`~doxtool.python.astvaluekeys.AstValueKeys`), as the tool walk reads
them (:meth:`~doxtool.python.readmissing.ReadMissing._none_used`).

``f = args.get("f")``, then ``f.split(",")`` (a method: ``None`` has none
but its dunders), ``len(f)`` or ``int(f)``, or the same use of the read
itself (``args.get("f").strip()``, ``int(args.get("f"))``, judged once the
walk has met the read: :class:`NoneUse`): without the key the name holds
``None``, on which the use raises, as ``args["f"]`` does: the key is needed, when the use
runs on every call, straight in a statement at the top of the body before
any return, no ``try`` (nor ``with suppress(...)``) around it, and the name
is bound once.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cached_property

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astwalk import binding_count, walk
from doxtool.python.keyreads import _read_at
from doxtool.python.names import dotted_parts
from doxtool.python.readforms import NONE_RAISING

#: nodes under which a use may not run, or not on every call, or be recovered from
_SOMETIMES = (
    ast.If, ast.IfExp, ast.For, ast.AsyncFor, ast.While, ast.Try, ast.Match, ast.Lambda,
    ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.ListComp,
    ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.BoolOp,
)  # fmt: skip


#: nodes under which a use may run many times, elsewhere, or be recovered from
_RUNS_ELSEWHERE = (
    ast.For, ast.AsyncFor, ast.While, ast.Try, ast.FunctionDef, ast.AsyncFunctionDef,
    ast.ClassDef, getattr(ast, "TryStar", ast.Try),
)  # fmt: skip


class NoneUse:
    """On the stack of the walk over an expression, under the nodes of the
    use of a read: ``args.get("f").strip()``, ``int(args.get("f"))``."""

    __slots__ = ("node",)

    def __init__(self, node: ast.Call) -> None:
        self.node = node

    @staticmethod
    def of_read(node: ast.Call) -> bool:
        """Whether ``node`` uses what a call gives (a read, if any, not met yet)."""
        func = node.func
        if isinstance(func, ast.Attribute):
            return type(func.value) is ast.Call
        return len(node.args) == 1 and type(node.args[0]) is ast.Call


class NoneUses:
    """Uses that raise on ``None``: a part of :class:`~doxtool.python.astvaluekeys.AstValueKeys`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    var_reads: dict[str, KeyRead]
    _read_contract: Callable[[KeyRead, str], bool]

    @cached_property
    def _parents(self) -> dict[int, ast.AST]:
        """Id of each node of the function -> the node it is in."""
        return {id(child): node for node in walk(self.node) for child in ast.iter_child_nodes(node)}

    @cached_property
    def _branch_uses(self) -> dict[int, bool]:
        """Id of each read needed so far on some calls only (a use in a
        branch) -> whether it was read on some calls only before."""
        return {}

    def _none_used(self, node: ast.Call) -> None:
        """``f.split(",")`` or ``len(f)`` on a name bound to a read that gives
        ``None`` for a missing key: the key is needed (see the module)."""
        func = node.func
        if isinstance(func, ast.Attribute) and not func.attr.startswith("__"):
            used = func.value
        elif (
            isinstance(func, ast.Name)
            and func.id in NONE_RAISING
            and len(node.args) == 1
            and not node.keywords
        ):
            used = node.args[0]
        else:
            return
        if type(used) is ast.Name:
            read = self.var_reads.get(used.id)
        else:  # the read itself: ``args.get("f").strip()``, ``int(args.get("f"))``
            read = _read_at(self.reads, used) if type(used) is ast.Call else None  # type: ignore[attr-defined]
        if read is None or read.kind != "get" or read.default_unknown or read.replaced:
            return
        if (read.default if read.has_default else None) is not None:
            return
        if id(read) in self.fallback_values:  # type: ignore[attr-defined]
            return
        straight = self._straight(node)
        name = used.id if type(used) is ast.Name else None
        if not straight and not self._in_branch(node, read, name):
            return
        if type(used) is ast.Name and binding_count(self.node, used.id) != 1:
            return
        marked = self._branch_uses
        if straight:
            if id(read) in marked:  # needed on every call, not on some only
                read.conditional, read.contract = marked.pop(id(read)), False
            self._read_contract(read, "missing")
        elif not read.contract:
            # in a branch of a dispatch or an arm of an expression no test of
            # which takes the key present (``if action == "add": f.strip()``):
            # needed on the calls taking it, as ``args["f"]`` there
            prior = read.conditional
            if self._read_contract(read, "missing"):
                marked[id(read)], read.conditional = prior, True

    def _in_branch(self, node: ast.AST, read: KeyRead, name: str | None) -> bool:
        """Whether ``node`` runs on the calls that take a branch of a test
        (of an ``if``, a ``match``, a conditional expression, ``and``/``or``,
        a comprehension's condition) that takes the key ``read`` reads neither present nor
        absent and reads no ``name`` holding its value (``if g and f:``),
        in a statement at the top of the body before any return, and no
        ``try``, ``with suppress(...)``, loop or nested definition around it."""
        if not (self.conditional or self.branches):  # type: ignore[attr-defined]
            return False
        key = read.key
        if self._guarded(key, read.source) or key in {k for group in self.absent for k in group}:  # type: ignore[attr-defined]
            return False
        return self._at_top(
            node,
            lambda parent, child: (
                isinstance(parent, _RUNS_ELSEWHERE)
                or _suppressing(parent)
                or (name is not None and _tested_before(parent, child, name))
            ),
        )

    def _straight(self, node: ast.AST) -> bool:
        """Whether ``node`` runs on every call that reaches its statement at the
        top of the body, and that statement comes before any return."""
        return self._at_top(
            node, lambda parent, _: isinstance(parent, _SOMETIMES) or _suppressing(parent)
        )

    def _at_top(self, node: ast.AST, stops: Callable[[ast.AST, ast.AST], bool]) -> bool:
        """Whether ``node`` lies in a statement at the top of the body before
        any return, with no node on the way up that ``stops`` (given the
        parent and the child it holds)."""
        parents = self._parents
        current = node
        while id(current) in parents:
            parent = parents[id(current)]
            if parent is self.node:
                index = self.node.body.index(current)  # type: ignore[arg-type]
                return index <= self._first_return  # type: ignore[attr-defined,no-any-return]
            if stops(parent, current):
                return False
            current = parent
        return False


def _tested_before(parent: ast.AST, child: ast.AST, name: str) -> bool:
    """Whether what decides that ``child`` of ``parent`` runs (the test of an
    ``if``, a ``while`` or a conditional expression, the operands of
    ``and``/``or`` before it, a ``match``'s subject, a case's guard) reads
    ``name`` (the libcst walk's :mod:`~doxtool.python.testedway`)."""
    if isinstance(parent, (ast.If, ast.IfExp, ast.While)) and child is not parent.test:
        tests: list[ast.AST] = [parent.test]
    elif isinstance(parent, ast.BoolOp) and child in parent.values:
        tests = list(parent.values[: parent.values.index(child)])  # type: ignore[arg-type]
    elif isinstance(parent, ast.Match) and child is not parent.subject:
        tests = [parent.subject]
    elif isinstance(parent, ast.match_case) and parent.guard is not None:
        tests = [parent.guard] if child is not parent.guard else []
    else:
        return False
    return any(type(n) is ast.Name and n.id == name for test in tests for n in ast.walk(test))


def _suppressing(node: ast.AST) -> bool:
    """Whether ``node`` is a ``with contextlib.suppress(...)`` (``suppress(...)``)."""
    if not isinstance(node, (ast.With, ast.AsyncWith)):
        return False
    for item in node.items:
        call = item.context_expr
        dotted = dotted_parts(call.func) if isinstance(call, ast.Call) else None
        if dotted and dotted[-1] == "suppress":
            return True
    return False
