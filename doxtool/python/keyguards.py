"""Whether a ``try`` guards the key reads in its body: a handler that
catches the ``KeyError`` a missing key raises (or a class above it), which
makes a read there no required argument (helper summaries, the ast half)."""

from __future__ import annotations

import ast

from doxtool.python.names import dotted_parts

#: the exceptions whose handler catches a missing key's ``KeyError``
GUARD_EXCEPTIONS = frozenset({"KeyError", "LookupError", "Exception", "BaseException"})


def catches_key_error(handler: ast.ExceptHandler) -> bool:
    """Whether ``handler`` catches a missing key's ``KeyError`` (a bare
    ``except`` does)."""
    if handler.type is None:
        return True
    nodes = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    for node in nodes:
        dotted = dotted_parts(node)
        if dotted and dotted[-1] in GUARD_EXCEPTIONS:
            return True
    return False
