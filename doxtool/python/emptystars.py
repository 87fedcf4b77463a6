"""A ``*rest`` splat that hands nothing: ``execute``'s own ``*args``.

The framework calls a tool's ``execute`` with the arguments by name
(``await tool.execute(**tool.args)``), so the ``*args`` parameter of
``execute`` holds nothing, while the code binds no other value to the name:
``return await super().execute(*args, **kwargs)`` hands on what
``super().execute(**kwargs)`` does. Any other ``*`` splat may fill
parameters by position, which are then not known.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.bindings import scope_bindings
from doxtool.python.modulescan import Func


def empty_stars(node: cst.Call, fn: Func, entry: Func | None) -> frozenset[str]:
    """The names of ``node``'s ``*`` splats known to hand nothing: the
    ``*args`` of ``execute`` (``entry``), called in it, never bound again."""
    if fn is not entry:
        return frozenset()
    star = fn.node.params.star_arg
    if type(star) is not cst.Param:
        return frozenset()
    name = star.name.value
    if not any(
        a.star == "*" and type(a.value) is cst.Name and a.value.value == name for a in node.args
    ):
        return frozenset()
    # bound nowhere in the body (``of`` is None when that cannot be told)
    return frozenset({name}) if scope_bindings(fn.node.body).of(name) == [] else frozenset()
