"""libcst's module parser, without the work a freshly parsed tree does not need.

``libcst.parse_module`` spends a good part of its time outside the native
parser: every node the parser builds runs ``CSTNode.__post_init__``, which
validates the node's fields, a check meant for trees built by hand (libcst's
own source says as much: "It might make more sense to move validation work
into the visitor, which would allow us to avoid validating the tree when
parsing a file"). A tree the parser produced from source text is valid by
construction, so :func:`parse_module` skips that validation while the native
parser runs. It also pauses Python's cyclic garbage collector meanwhile: a
parse allocates tens of thousands of acyclic nodes, and the collections they
would trigger find nothing to free.

Both changes are scoped to the call and undone however it ends; the tree is
the one ``libcst.parse_module`` returns, node for node. Nodes built outside
the call are validated as always, except by another thread while a parse
runs (doxtool builds no nodes by hand, and runs its parses in one thread).
"""

from __future__ import annotations

from contextlib import AbstractContextManager

import libcst as cst
from libcst._nodes.base import CSTNode

from doxtool.core.collector import paused_gc
from doxtool.core.nested import NestedSwitch

#: the most text libcst builds a tree for in one parse: the parse takes some
#: 650 MB per MiB of dense code at its peak (measured: 165 MB for a 174 KB
#: module every line of which is parsed, in a whole ``doxtool check``), so this
#: keeps one process near 150 MB. What libcst is handed is the module without
#: the bodies the analysis never reads (:mod:`doxtool.python.prune`); the
#: largest module of a real Agent Zero checkout is 116 KB whole.
MAX_PARSED_CHARS = 160 * 1024

_VALIDATING = CSTNode.__post_init__


def _unvalidated_init(self: CSTNode) -> None:
    """``__post_init__`` of a node the parser built from source: nothing to check."""


def _skip_validation() -> None:
    CSTNode.__post_init__ = _unvalidated_init  # type: ignore[method-assign]


def _validate() -> None:
    CSTNode.__post_init__ = _VALIDATING  # type: ignore[method-assign]


#: switching costs more than it seems (assigning to ``CSTNode`` invalidates
#: the method caches of its hundreds of subclasses), so a batch of parses runs
#: inside one block and the blocks :func:`parse_module` opens inside it only count
_UNVALIDATED = NestedSwitch(_skip_validation, _validate)


def unvalidated_nodes() -> AbstractContextManager[None]:
    """Nodes created inside the block skip ``_validate`` (nestable,
    thread-aware: :class:`~doxtool.core.nested.NestedSwitch`)."""
    return _UNVALIDATED.block()


def parse_module(source: str) -> cst.Module:
    """``libcst.parse_module(source)``, faster; raises what it raises."""
    with paused_gc(), unvalidated_nodes():
        return cst.parse_module(source)
