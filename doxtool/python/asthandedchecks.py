"""A helper's check whose block hands a value back (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`, through
:meth:`~doxtool.python.astraisecalls.AstRaiseCalls._if_contract`).

``if not args.get("k"): return Response("k is required", False)`` (``return
"error"``, ``return {"error": ...}``, ``return None``, ``if "k" not in
args: return ...``) ends the helper, not the tool's call: the tool may
answer with what it hands back (``return run(self.args)``) or go on
(``run(self.args)``). A summary is read from one module, so which is not
known: each key the check would make needed, were its block a ``raise``,
is needed on some calls (neither required nor optional, its default
neither claimed nor denied), as a key read under ``except KeyError:
return ...`` is (:mod:`~doxtool.python.astcatching`). A check whose
block assigns a default and goes on refuses nothing; one that raises
makes the key required.
"""

from __future__ import annotations

import ast
import dataclasses
import operator
from collections.abc import Callable

from doxtool.core.summary_facts import KeyRead

#: what a check may change of a read (:meth:`~doxtool.python.keyreads.KeyReads._read_contract`)
_FIELDS = tuple(f.name for f in dataclasses.fields(KeyRead))
#: a read's values of :data:`_FIELDS`, as a tuple
_FIELD_VALUES = operator.attrgetter(*_FIELDS)


def hands_back(stmt: ast.If) -> bool:
    """Whether ``stmt`` is a check whose block ends in a ``return`` (no ``else``)."""
    return not stmt.orelse and bool(stmt.body) and isinstance(stmt.body[-1], ast.Return)


def hedged_check(
    reads: list[KeyRead],
    refused_params: list[list[str]],
    as_raise: Callable[[], None],
    hedged_params: list[list[str]],
) -> list[list[str]]:
    """Read the check as a raise (``as_raise``), then put each read it
    changed back, needed on some calls: whether the key is required is not
    known. The parameters the raise would refuse on every call move to
    ``hedged_params`` (``def f(q=""): if not q: return "error"``:
    :mod:`.astrefusedparams`) and are returned; those it would refuse on
    some calls only (``if strict and not q``) are in ``hedged_params`` too."""
    fields = _FIELD_VALUES
    before = [(read, fields(read)) for read in reads]
    refused = len(refused_params)
    as_raise()
    moved = refused_params[refused:]
    hedged_params.extend(moved)
    del refused_params[refused:]
    for read, values in before:
        if fields(read) == values:
            continue
        for name, value in zip(_FIELDS, values, strict=True):
            setattr(read, name, value)
        if not _needed(read):  # ``args["k"]`` raises without the key on every call all the same
            read.contract = read.conditional = True
    return moved


def _needed(read: KeyRead) -> bool:
    """Whether a read needs its key on every call: a check refuses it
    there, or it raises ``KeyError`` without it (``args["k"]``, unguarded)."""
    if read.conditional or read.on_error or read.alternatives or read.raise_calls:
        return False
    return read.contract or (read.kind in _RAISING and not read.guarded)


#: reads that raise without the key (as :mod:`~doxtool.python.followargs` reads them)
_RAISING = ("subscript", "pop", "parameter")
