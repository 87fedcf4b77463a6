"""A value handed to a function of a library at the top of ``execute``,
inside a ``try`` whose handler answers an error with an error (part of
:class:`~doxtool.python.parsecontracts.ParseContracts`, for the tool walk).

``spec: str = ""``, then::

    try:
        data = yaml.safe_load(spec)
    except Exception:
        return Response(message="bad spec", break_loop=False)

doxtool does not read the library: whether it raises on ``""`` (and the
call ends with an error) or takes it is not known. The argument is neither
claimed optional with its default nor required: ``required or optional``,
the default neither claimed nor denied, as for a check of what such a call
made of the value. Only a default that may stand for nothing given is in
doubt so (``None``, ``""``, an empty list or dict: the
:data:`~doxtool.python.readforms.EMPTY` refusal): a default that says
something (``url: str = "https://api.example.com/status"`` handed to
``requests.get``, whose handler answers a network error) is the value the
tool means to run with, and stays its default. Only a function of no module
of the repository is read so (an imported name, ``yaml.safe_load``, ``from requests import get``),
called first in a ``try`` at the top of ``execute`` that every call runs
(:meth:`~doxtool.python.parsecontracts.ParseContracts._parse_contract`),
handed the bare name standing for the argument or its read; a function of
the repository has its own summary, and what a builtin makes is read
elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import libcst as cst

from doxtool.python.arguments import ArgBuilder
from doxtool.python.cstnodes import dotted_name
from doxtool.python.readforms import EMPTY
from doxtool.python.walkstate import Env


class OpaqueParses:
    """Values a library's call is handed where its error is refused: a part
    of :class:`~doxtool.python.parsecontracts.ParseContracts`."""

    scan: Any
    _arg: Callable[[str], ArgBuilder]
    _parsed_arg: Callable[[cst.BaseExpression, Env], str | None]
    _import_resolved: Callable[[list[str], Env], str | None]

    def _opaque_parse(self, value: cst.BaseExpression | None, env: Env) -> None:
        """The arguments whose value ``value``, a call of a library's function
        (awaited or not), is handed: each may be refused, or not."""
        if type(value) is cst.Await:
            value = value.expression
        if type(value) is not cst.Call:
            return
        dotted = dotted_name(value.func)
        qualified = self._import_resolved(dotted, env) if dotted else None
        if qualified is None or self._of_repository(qualified):
            return
        for handed in value.args:
            arg = None if handed.star else self._parsed_arg(handed.value, env)
            if arg is not None:
                self._arg(arg).branch_refusals.add(EMPTY)

    def _of_repository(self, qualified: str) -> bool:
        scan = self.scan
        return qualified.split(".", 1)[0] in scan.local_roots or qualified.startswith(
            scan.module + "."
        )
