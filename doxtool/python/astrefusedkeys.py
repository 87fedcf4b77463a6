"""Keys a helper refuses (part of the reads of
:class:`~doxtool.python.functionwalk.FunctionWalk`; the tool's own code:
:meth:`~doxtool.python.closedrefusals.ClosedRefusals.refused_only`): ``if
"debug" in args: raise ValueError(...)`` reads ``debug`` only to end the
call with an error when it is given; a key read only so is no argument
(:func:`~doxtool.python.followargs.add_arguments`)."""

from __future__ import annotations

import ast

from doxtool.core.summary_facts import KeyRead


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
