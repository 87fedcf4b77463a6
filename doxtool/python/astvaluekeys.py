"""Keys looked for in an argument's value in a helper (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`, through
:class:`~doxtool.python.astkeychecks.AstKeyChecks`), as the tool walk reads
them (:mod:`~doxtool.python.absencetests`, :mod:`~doxtool.python.readmissing`).

``if "title" not in issue: raise ...`` on a name bound to a read, or on a
parameter handed a value (also ``missing = [f for f in FIELDS if f not in
issue]``, then ``if missing:``), may refuse any value, a missing key's
default too, or none: the key's requiredness is unknown, its default
unclaimed; on a name bound to a read of a literal default, the default is
judged as the tool walk judges it (:meth:`AstValueKeys._looked_in`).
``data = args.get("issue", {})``, then ``data["title"]`` on every call,
fails without the key as ``args["issue"]`` does; so do ``f.split()`` and
``len(f)`` on ``f = args.get("f")`` (:mod:`~doxtool.python.astnoneuses`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from functools import cached_property
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astmademissing import made_missing
from doxtool.python.astnoneuses import NoneUses
from doxtool.python.astreadonly import only_read
from doxtool.python.astshapes import literal
from doxtool.python.astwalk import walk
from doxtool.python.readforms import CALLED, REFUSALS


class AstValueKeys(NoneUses):
    """Keys of a read's value: a part of :class:`~doxtool.python.functionwalk.FunctionWalk`."""

    node: ast.FunctionDef | ast.AsyncFunctionDef
    var_reads: dict[str, KeyRead]
    fallback_values: dict[int, tuple[bool, Any]]
    key_filters: dict[str, Any]
    params: list[str]
    self_name: str | None
    refused_params: list[list[str]]
    conditional: int
    branches: int
    on_error: int
    undecided: list[Any]
    guards: list[Any]
    _per_key: Callable[[Any], tuple[str, list[str], ast.expr | None] | None]
    _read_contract: Callable[[KeyRead, str], bool]
    _read_at: Callable[[ast.expr, str | None], KeyRead | None]
    _read_key: Callable[[ast.expr], str | None]

    @cached_property
    def function_walk(self) -> list[ast.AST]:
        """The nodes of the function (:func:`~doxtool.python.astwalk.walk`), walked once."""
        return walk(self.node)

    def _param_looked_in(self, stmt: ast.stmt, test: ast.expr) -> None:
        """``if "title" not in issue: raise ...`` (or ``missing = [f for f in
        FIELDS if f not in issue]``, then ``if missing:``) at the top, on a
        parameter, which a call may hand a value (as well as a dict whose
        keys are read): the check may refuse any value, a missing key's
        default too, or none (:mod:`~doxtool.python.refusedvalues`)."""
        if type(test) is ast.Name and test.id in self.key_filters:
            loop = self._per_key(self.key_filters[test.id])
            test = loop[2] if loop is not None and loop[2] is not None else test
        elif not (isinstance(test, ast.Compare) and isinstance(literal(test.left)[1], str)):
            return  # a literal key looked for (the filter's: its loop's name)
        if not (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.NotIn)
            and type(test.comparators[0]) is ast.Name
        ):
            return
        name = test.comparators[0].id
        if (
            name in self.params
            and name != self.self_name
            and name not in self._rebound()  # type: ignore[attr-defined]
            and self._top(stmt)  # type: ignore[attr-defined]
            and not self._returned_before(stmt)  # type: ignore[attr-defined]
        ):
            self.refused_params.append([name, CALLED])

    def _value_key_read(self, node: ast.Subscript) -> None:
        """``data = args.get("issue", {})``, then ``data["title"]``: a key of
        the value read where what a missing key gives lacks it (a dict
        without the key, ``None``) fails without the key, as ``args["issue"]``
        does, when the name is only read (nothing writes the key first) and
        the subscript runs on every call: outside any branch, guard (``if
        "title" in data``), ``except`` handler or ``try`` that catches
        ``KeyError``, as the tool walk reads it (:mod:`~doxtool.python.readmissing`)."""
        value = node.value
        read = self.var_reads.get(value.id) if type(value) is ast.Name else None
        if read is None or read.kind != "get" or read.default_unknown:
            return
        known, key = literal(node.slice)
        missing = read.default if read.has_default else None
        lacks = missing is None or (isinstance(missing, dict) and key not in missing)
        somewhere = (
            self.conditional or self.branches or self.undecided or self.guards or self.on_error
        )
        if (
            known
            and isinstance(key, str)
            and lacks
            and not somewhere
            and id(read) not in self.fallback_values
            and only_read(self.node, value.id)  # type: ignore[union-attr]
            and not _changing_methods(self.function_walk, value.id)  # type: ignore[union-attr]
        ):
            self._read_contract(read, "missing")

    def _looked_in(self, test: ast.Compare, read: KeyRead, key: str | None) -> str:
        """The kind of refusal (:data:`~doxtool.python.readforms.REFUSALS`) of
        ``key not in issue`` (``test``) on the value of ``read``, judged as the tool
        walk judges it (:meth:`~doxtool.python.absencetests.AbsenceTests._absence`):
        against the literal a missing key gives the read, ``missing`` when it
        lacks the key (``{}``), ``given`` when it holds it (``"@"`` in
        ``"a@b"``); :data:`CALLED` (any value, or none) where that value is
        not known (no default: ``"@" not in None`` raises, no refusal the
        code spells out), or a name bound to the read may be changed before
        (``issue.setdefault("title", "")``)."""
        missing = read.default
        if (
            read.kind != "get"
            or not read.has_default
            or read.default_unknown
            or id(read) in self.fallback_values
            or not isinstance(key, str)
            or not isinstance(missing, (str, list, tuple, dict))
        ):
            return CALLED
        held = test.comparators[0]
        if (
            type(held) is ast.Name
            and not isinstance(missing, str)
            and (
                not only_read(self.node, held.id) or _changing_methods(self.function_walk, held.id)
            )
        ):
            return CALLED
        return "missing" if key not in missing else "given"

    def _made_looked_in(
        self, test: ast.Compare, key: str | None
    ) -> dict[str, tuple[str, KeyRead]] | None:
        """``"all" not in t`` on a name bound once to what a literal fallback
        or a string method of literals makes of a read (:mod:`.astmademissing`):
        ``missing`` where what a missing key leaves lacks ``key``, ``given``
        where it holds it; None where that is not known."""
        held = test.comparators[0]
        if type(held) is not ast.Name or not isinstance(key, str):
            return None
        made = made_missing(self.node, held.id, self._plain_read, self.function_walk)
        if made is None or not isinstance(made[1], (str, list, tuple, dict)):
            return None
        read, missing = made
        return {read.key: ("missing" if key not in missing else "given", read)}

    def _made_judged(self, name: str, refusal: str) -> tuple[KeyRead | None, str]:
        """The read ``name`` stands for in a check of what a missing key gives
        (:meth:`_missing_read`), and the kind of refusal of a test of
        emptiness (``refusal``) of it: where ``name`` is bound to what a
        string method of literals makes of that read (``m = args.get("m",
        " ").strip()``, :mod:`.astmademissing`), ``missing`` or ``given`` as
        what a missing key leaves there (``""``) is refused or not."""
        read = self._missing_read(name)  # type: ignore[attr-defined]
        made = made_missing(self.node, name, self._plain_read, self.function_walk)
        if read is None and made is not None and refusal != CALLED:
            read = made[0]  # ``keys = args.get("keys", "").split()``: a list made of it
        if made is None or made[0] is not read or refusal == CALLED:
            return read, refusal
        return read, "missing" if REFUSALS[refusal](made[1]) else "given"

    def _plain_read(self, node: ast.expr) -> KeyRead | None:
        """The read ``node`` is, whose default no fallback replaces."""
        read = self._read_at(node, self._read_key(node))
        return None if read is None or id(read) in self.fallback_values else read

    def _value_read(self, node: ast.expr) -> KeyRead | None:
        """The read whose value ``node`` is: a name bound to it, or the read."""
        if type(node) is ast.Name:
            return self._missing_read(node.id)  # type: ignore[attr-defined,no-any-return]
        return self._read_at(node, self._read_key(node))


#: methods of a dict that leave its keys as they are
_KEEPING = frozenset({"get", "keys", "values", "items", "copy"})


def _changing_methods(nodes: list[ast.AST], name: str) -> bool:
    """Whether a method of ``name`` other than :data:`_KEEPING` is named
    among ``nodes``, a function's (``data.setdefault("title", "")`` writes the key)."""
    return any(
        type(node) is ast.Attribute
        and type(node.value) is ast.Name
        and node.value.id == name
        and node.attr not in _KEEPING
        for node in nodes
    )
