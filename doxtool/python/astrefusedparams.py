"""Defaults of a helper's parameters a check at its top refuses (part of
:class:`~doxtool.python.functionwalk.FunctionWalk`).

``def search(query=""): if not query: raise ValueError(...)``, called with
the tool's arguments splatted in (``search(**self.args)``): a missing
``query`` leaves the default ``""``, which the check refuses, so the key is
needed, as ``query = args.get("query", ""); if not query: raise ...`` makes
it; that default is neither claimed nor denied (as
:meth:`~doxtool.python.keyreads.KeyReads._read_contract` reads a refused
default). The checks are those of
:attr:`~doxtool.core.summary_facts.FunctionSummary.refuses`: on every call,
before any return, over a parameter never rebound. A default the check lets
pass (``limit=10``, ``if not limit``) stands. A check whose block returns
(``if not query: return "error"``) hands a value back the tool may answer
with or not: the key is needed on some calls (:mod:`.asthandedchecks`).
"""

from __future__ import annotations

from doxtool.core.facts import json_type
from doxtool.core.summary_facts import KeyRead
from doxtool.python.readforms import CALLED, REFUSALS


def refuse_defaults(
    parameters: list[KeyRead], refused: list[list[str]], hedged: list[list[str]]
) -> None:
    """Make each parameter read whose default a check of ``refused``
    (parameter, kind of value refused) refuses a read the check needs; one
    of ``hedged`` (a check whose block returns: :mod:`.asthandedchecks`),
    a read needed on some calls, its default neither claimed nor denied."""
    for read in parameters:
        if read.kind != "parameter" or not read.has_default or read.replaced:
            continue
        if _refused(read, refused):
            read.contract = True
        elif _refused(read, hedged):
            read.contract = read.conditional = True
        else:
            continue
        read.weak = read.weak or json_type(read.default)
        read.refused_default = read.default is not None
        read.default, read.has_default = None, False


def _refused(read: KeyRead, refused: list[list[str]]) -> bool:
    kinds = [kind for name, kind in refused if name == read.key and kind != CALLED]
    return any(_refuses(kind, read.default) for kind in kinds)


def _refuses(kind: str, value: object) -> bool:
    try:
        return REFUSALS[kind](value)
    except KeyError:  # a kind no value is judged by here
        return False
