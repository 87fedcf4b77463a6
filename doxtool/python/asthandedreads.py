"""A helper's reads handed straight to a call whose result a name takes.

``q = _maybe_int(d.get("q"), default=1)``: the name holds what the call
makes of the ``None`` a missing ``q`` gives, as after ``q = d.get("q")``
then ``q = _maybe_int(q, default=1)``, which
:func:`~doxtool.python.replacements.replaced` judges not known: so is the
default of the read handed (the tool walk's rule is
:meth:`~doxtool.python.fallbacks.Fallbacks._handed_reads`). Not so for a
builtin (the conversions ``int(...)``, ``str(...)`` are read as such), nor
for a read of the dict itself (``d.get("a", d.get("b"))``).
"""

from __future__ import annotations

import ast
import builtins
from collections.abc import Callable, Sequence

from doxtool.core.summary_facts import KeyRead


def handed_reads(
    value: ast.expr, reads: Sequence[KeyRead], source: Callable[[ast.expr], str | None]
) -> list[KeyRead]:
    """The reads with no default among ``reads`` (those of the statement)
    that ``value`` hands straight to the call it is (under ``await`` too);
    ``source`` names the dict an expression is, if a handed one."""
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call):
        return []
    func = value.func
    if isinstance(func, ast.Name) and hasattr(builtins, func.id):
        return []
    if isinstance(func, ast.Attribute) and source(func.value) is not None:
        return []  # ``d.get("a", d.get("b"))``
    found = []
    for arg in [*value.args, *(k.value for k in value.keywords if k.arg is not None)]:
        if not (
            isinstance(arg, ast.Call)
            and isinstance(arg.func, ast.Attribute)
            and arg.func.attr == "get"
            and len(arg.args) == 1
            and not arg.keywords
            and source(arg.func.value) is not None
        ):
            continue
        place = (arg.lineno, arg.col_offset + 1)
        # (one read for each key a loop over literal keys gives it)
        found += [
            r
            for r in reads
            if (r.line, r.column) == place and r.kind == "get" and not r.has_default
        ]
    return found


def unknown_default(read: KeyRead) -> None:
    """What a missing key gives ``read`` is not known (a call replaces it)."""
    read.replaced = True
    read.default, read.has_default, read.default_unknown = None, False, True
