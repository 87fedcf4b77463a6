"""Keys a tool's code writes on every path with an ``or`` of arguments
(``self.args["url"] = self.args.get("link") or self.args.get("href")``,
:attr:`~doxtool.python.walkstate.Fills.grouped`): a test of the key's value
past it (``if not self.args.get("url"): raise ...``) is a test of those
arguments jointly, as one of a name bound to the ``or`` is. As
:mod:`~doxtool.python.astkeygroups` reads a helper's code."""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.python.walkstate import Env


def written_group(scan: Any, node: cst.BaseExpression, env: Env) -> frozenset[str]:
    """The arguments whose ``or`` a read of a key written with it on every
    path holds (``D.get("url")``, ``D["url"]``); none for another read."""
    place = None
    if type(node) is cst.Call:
        place = scan._get_of(node, env)
    elif type(node) is cst.Subscript and len(node.slice) == 1:
        index = node.slice[0].slice
        if type(index) is cst.Index:
            place = scan._label_key(node.value, index.value, env)
    fills = env.fills
    if place is None or place not in fills.written or place in fills.maybe:
        return frozenset()
    if place in fills.filled or place[0] in fills.any_filled:  # written again since
        return frozenset()
    return fills.grouped.get(place, frozenset())
