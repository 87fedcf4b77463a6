"""Whether a closed dispatch refuses what a missing key gives (part of
:class:`~doxtool.python.arguments.ArgBuilder`): one with a list of values
(``if mode not in ("fast", "slow")``), or one whose values are not known
(``if tool not in READ_TOOLS``), which may refuse it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from doxtool.python.arguments import ArgBuilder


def closed_refuses(arg: ArgBuilder, value: Any) -> bool:
    """Whether the closed dispatch refuses what a missing key gives:
    ``""`` (nor any folding or conversion of it: ``"".lower()`` is
    ``""``) or ``None`` (converted, only by ``str``, to ``"None"``,
    which the dispatch must not spell) is no value it accepts or takes
    on, and no test of the value says less than a list (a comparison
    with a value not known may take it). A
    lookup of the value in a dict changes nothing the check tests. The
    dispatch chooses among two values or more: past a test of one value
    (``if op == "x": return ...``) the ``Response`` returned may as well
    be the tool's answer as an error."""
    if value == "":
        tested = arg.blank_tested or arg.absence_blank
        empty = not tested and arg.coercion in (None, "str")
    else:
        spelled = any(
            isinstance(v, str) and v.strip().lower() == "none" for v in [*arg.enum, *arg.beside]
        )
        empty = (
            value is None
            and not (arg.none_tested or arg.absence_none)
            and (arg.coercion is None or (arg.coercion == "str" and not spelled))
        )
    return (
        empty
        and (arg.closed_always or arg.closed_sometimes)
        and len(arg.enum) > 1
        and not arg.values_unknown
    )


def opaque_refuses(arg: ArgBuilder, value: Any) -> bool:
    """Whether a closed dispatch against values not known may refuse
    what a missing key gives (``""`` or ``None``, taken on by no test
    of its own), as one with a list of them would."""
    if value == "":
        taken = arg.blank_tested or arg.absence_blank or arg.coercion not in (None, "str")
    else:
        taken = value is not None or arg.none_tested or arg.absence_none
    return arg.closed_opaque and not taken and not arg.missing_unknown
