"""The names of what never returns, shared by the libcst walk of a tool
(:mod:`doxtool.python.controlflow`, :mod:`doxtool.python.toolscan`) and the
``ast`` summaries of helpers (:mod:`doxtool.python.exits`). It imports
neither parser."""

from __future__ import annotations

#: annotations of a function that never returns
NO_RETURN = frozenset({"NoReturn", "Never"})

#: calls that end the process: a path through one does not go on
EXIT_CALLS = frozenset({"sys.exit", "os._exit", "os.abort"})

#: context managers that swallow the exceptions their block raises: the code
#: after such a ``with`` block runs even when its body ends in a ``raise``
SUPPRESSING = frozenset({"contextlib.suppress"})
