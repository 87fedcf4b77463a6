"""The class a module's ``Response(...)`` call makes, found across the
repository with its resolver, and what in the call does not fit its
parameters (read as :mod:`doxtool.python.responsefit` says), for DOX011 and
:mod:`doxtool.run.defaultbreak`.
"""

from __future__ import annotations

from doxtool.core.facts import ModuleFacts
from doxtool.core.outline_facts import ClassOutline
from doxtool.python.resolve import ToolResolver
from doxtool.python.responsefit import call_problems, called_class

__all__ = ["call_problems", "response_class"]


def response_class(
    resolver: ToolResolver, facts: ModuleFacts, callee: str, rebound: frozenset[str] = frozenset()
) -> tuple[str, ClassOutline] | None:
    """The dotted name and the outline of the class ``callee`` stands for in
    the module of ``facts``; None when not known, or when the class's module
    rebinds one of ``rebound`` on it besides ``__init__`` and ``__new__``."""
    return called_class(resolver.defined, resolver.lookup, facts, callee, rebound)
