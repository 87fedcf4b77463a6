"""The literal values a ``match`` statement's ``case`` patterns name."""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.literals import literal_value


def match_values(pattern: cst.MatchPattern, module: cst.Module) -> list[Any]:
    if type(pattern) is cst.MatchValue:
        ok, value = literal_value(pattern.value, module)
        return [value] if ok and value is not None else []
    if type(pattern) is cst.MatchOr:
        out: list[Any] = []
        for element in pattern.patterns:
            out.extend(match_values(element.pattern, module))
        return out
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        return match_values(pattern.pattern, module)
    return []


def literal_pattern(pattern: cst.MatchPattern) -> bool:
    """Whether a ``case`` pattern matches literal values only (``"a" | "b"``)."""
    if type(pattern) is cst.MatchValue:
        return True
    if type(pattern) is cst.MatchOr:
        return all(literal_pattern(element.pattern) for element in pattern.patterns)
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        return literal_pattern(pattern.pattern)
    return False


def refuses_none(pattern: cst.MatchPattern) -> bool:
    """Whether a ``case`` pattern never matches ``None``: a class, a
    sequence, a mapping or a literal other than ``None``."""
    if type(pattern) in (cst.MatchClass, cst.MatchSequence, cst.MatchList, cst.MatchTuple):
        return True
    if type(pattern) in (cst.MatchMapping, cst.MatchValue):
        return True
    if type(pattern) is cst.MatchSingleton:
        return type(pattern.value) is cst.Name and pattern.value.value != "None"
    if type(pattern) is cst.MatchOr:
        return all(refuses_none(element.pattern) for element in pattern.patterns)
    if type(pattern) is cst.MatchAs and pattern.pattern is not None:
        return refuses_none(pattern.pattern)
    return False
