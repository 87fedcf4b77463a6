"""Keys a helper refuses (part of the reads of
:class:`~doxtool.python.functionwalk.FunctionWalk`; the tool's own code:
:meth:`~doxtool.python.closedrefusals.ClosedRefusals.refused_only`): ``if
"debug" in args: raise ValueError(...)`` reads ``debug`` only to end the
call with an error when it is given; a key read only so is no argument
(:func:`~doxtool.python.followargs.add_arguments`). Nor is one read again
only past such a test in the same block (``if "debug" in args: raise
...``, then ``args.get("debug")``): there the key is never given. Past a
test that raises when a key is missing (``if "path" not in args: raise
...``), the other way round, the rest of its block always finds it
(:func:`present_past`), whether or not the caller's ``try`` goes on."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astwalk import binding_count
from doxtool.python.readforms import CALLED, REFUSALS


def refuse_key(stmt: ast.If, new: list[KeyRead], trying: int) -> None:
    """Mark the read of ``stmt``'s test refused when the test is only a key's
    presence in a dict (``"k" in d``; ``new``, the reads it made, is that
    one) and the body ends with a ``raise`` no ``try`` around it may catch
    (``trying``: the ``try`` bodies with handlers around ``stmt``)."""
    test = stmt.test
    if (
        trying
        or len(new) != 1
        or new[0].kind != "contains"
        or not isinstance(test, ast.Compare)
        or len(test.ops) != 1
        or not isinstance(test.ops[0], ast.In)
        or not isinstance(stmt.body[-1], ast.Raise)
    ):
        return
    if (new[0].line, new[0].column) == (test.lineno, test.col_offset + 1):
        new[0].refused = True


def refuse_after(stmt: ast.stmt, new: list[KeyRead], refused: dict[tuple[str, str], int]) -> None:
    """Mark refused the reads ``new`` that ``stmt``, a statement of a block,
    made of a key a test earlier in that block refuses when present
    (``refused``: (key, source) -> the test's last line; a read at that
    line or before, in a nested function called here, may run elsewhere
    too); and note the key ``stmt`` refuses so, if it is such a test."""
    for read in new:
        if refused.get((read.key, read.source), read.line) < read.line:
            read.refused = True
    if isinstance(stmt, ast.If):
        test = stmt.test
        for read in new:
            if read.refused and (read.line, read.column) == (test.lineno, test.col_offset + 1):
                refused[(read.key, read.source)] = stmt.end_lineno or stmt.lineno


#: before a parameter's name, the key that parameter holds, in :func:`present_past`
PARAMETER_KEY = "\0"


def present_entry(source: str, key: str) -> str:
    """The entry of :func:`present_past` for ``key`` of the dict ``source``
    (``key``: a literal key, or :data:`PARAMETER_KEY` and a parameter's name):
    a check of one dict says nothing of the same key of another."""
    return f"{source}\0\0{key}"


def present_past(
    stmt: ast.stmt, groups: Callable[[ast.expr], list[dict[str, Any]]]
) -> frozenset[str]:
    """The keys an ``if`` with no ``else`` whose body ends with a ``raise``
    refuses alone when missing (``groups``: the absence groups of its test,
    key -> (the kind refused, the read tested)), judged against what a
    missing key gives that read: past it, in its block, they are present
    in the dict that read reads (:func:`present_entry`)."""
    if type(stmt) is not ast.If or stmt.orelse or type(stmt.body[-1]) is not ast.Raise:
        return frozenset()
    found: set[str] = set()
    for group in groups(stmt.test):
        for key, (refusal, read) in group.items() if len(group) == 1 else ():
            if not key:  # ``key not in args``, ``key`` a parameter: the key it holds
                param = read.key_param
                found.update([present_entry(read.source, PARAMETER_KEY + param)] if param else [])
            elif refusal == "missing":
                found.add(present_entry(read.source, key))
            elif refusal != CALLED and refusal in REFUSALS and not read.default_unknown:
                refused = REFUSALS[refusal](read.default)
                found.update([present_entry(read.source, key)] if refused else [])
    return frozenset(found)


def rebound_in_test(function: ast.AST, stmt: ast.stmt) -> bool:
    """Whether the test of ``stmt`` reads a name ``function`` binds more
    than once (``path = args.get("path")``, then ``for path in ...``): which
    binding it holds at the test is not followed, so the test says nothing
    of the key the first one read."""
    if type(stmt) is not ast.If:
        return False
    loaded = {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
    return any(binding_count(function, name) > 1 for name in loaded)
