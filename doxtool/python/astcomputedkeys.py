"""Reads of a helper's dict under a key a parameter holds (``args[key]``,
``key not in args``), which the caller's literal for that parameter names
(:mod:`~doxtool.python.follow`). Read from CPython's ``ast``.

``args[key]`` raises ``KeyError`` for the caller's key as it does for a
literal one: where no guard stands around it (a guard may be about any key,
so any one is taken to cover it), the read needs the key, on some calls
only under a branch. ``if key not in args: raise ...`` is a check of that
key as ``if "k" not in args`` is of ``"k"``. A function that may write a
dict under that key (``args[key] = "auto"``, ``args.setdefault(key, ...)``,
``args.update(...)``) may have filled it before the read: no need is said.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from doxtool.core.summary_facts import KeyRead
from doxtool.python.astrefusedkeys import PARAMETER_KEY, present_entry


def computed_read(
    walk: Any, source: str, node: ast.expr, kind: str, code: str, param: str | None, default: Any
) -> KeyRead:
    """The read of ``node`` under a key no literal names (``param``: the
    parameter never rebound that holds it, if so; ``code``: the key's
    expression); ``walk``: the function's walk, whose guards, branches and
    handlers stand around the read."""
    raises = kind == "subscript" or (kind == "pop" and default is None)
    read = KeyRead(
        key="",
        source=source,
        line=node.lineno,
        column=node.col_offset + 1,
        kind=kind,
        guarded=param is None
        or not raises
        or bool(walk.guards)
        or present_entry(source, PARAMETER_KEY + param) in walk.present_past
        or _may_write_under(walk.node, param),
        computed=code,
        key_param=param,
    )
    if not read.guarded:
        read.conditional = bool(walk.conditional or walk.branches or walk.undecided)
        read.on_error = walk.on_error > 0 and not read.conditional
    return read


def computed_absence(
    node: ast.expr, source: Callable[[ast.expr], str | None], reads: list[KeyRead]
) -> dict[str, tuple[str, KeyRead]] | None:
    """``key not in args``, ``key`` a parameter never rebound: the group of
    the one read the caller's literal names (keyed ``""``: no key of its own)."""
    if not (
        isinstance(node, ast.Compare)
        and len(node.ops) == 1
        and isinstance(node.ops[0], ast.NotIn)
        and isinstance(node.left, ast.Name)
        and source(node.comparators[0]) is not None
    ):
        return None
    where = (node.lineno, node.col_offset + 1)
    name = node.left.id
    for read in reversed(reads):
        if not read.key and read.key_param == name and (read.line, read.column) == where:
            return {"": ("missing", read)}
    return None


def _may_write_under(fn: ast.AST, param: str) -> bool:
    """Whether ``fn`` holds a write of a dict under the name ``param``
    (``d[param] = ...``, ``del d[param]``, ``d.setdefault(param, ...)``) or
    one that may write any key (``d.update(...)``, ``d |= ...``)."""
    for node in ast.walk(fn):
        if (
            isinstance(node, ast.Subscript)
            and not isinstance(node.ctx, ast.Load)
            and isinstance(node.slice, ast.Name)
            and node.slice.id == param
        ):
            return True
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr == "update":
                return True
            first = node.args[0] if node.args else None
            if node.func.attr == "setdefault" and isinstance(first, ast.Name) and first.id == param:
                return True
        if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.BitOr):
            return True
    return False
