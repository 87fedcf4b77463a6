"""Local names that no longer hold a value tested not empty (part of
:class:`~doxtool.python.textarms.TextArms`).

Past ``if not title: return ...`` the argument ``title`` is not empty
(:attr:`~doxtool.python.walkstate.Env.nonempty`), but ``title =
title.replace("#", "")`` (``title.strip("#")``) binds the name to a change
of it that may be empty: the name is
:attr:`~doxtool.python.walkstate.Env.changed` until it is bound again to
the argument as read, to a copy of a name not changed, or tested anew (a
name of :attr:`~doxtool.python.walkstate.Env.texts` is text whatever it
was bound to). A change that keeps the test's proof on some tests is no
change here: ``title.strip()`` past ``if not title.strip()`` (which test
made the proof is not kept), ``title.lower()``, ``str(title)``, any
change of an argument a test showed not empty through a change (``if not
title.strip("#")``), a function of the module handing its parameter back
(it may hand it back as it is).
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.walkstate import Env

#: methods that strip the characters they are given
_STRIPS = frozenset({"strip", "lstrip", "rstrip"})


class ChangedTexts:
    """Names bound to a change of a value known not empty."""

    def _note_change(self, name: str, value: cst.BaseExpression, arg: str | None, env: Env) -> None:
        """``name = value``, ``value`` standing for the argument ``arg``."""
        if arg is not None and arg in env.nonempty and name not in env.texts:
            if arg in env.changes_tested:  # the test may have been of this change
                env.changed.discard(name)
                return
            copy = type(value) is cst.Name
            if value.value in env.changed if copy else _may_empty(value):  # type: ignore[attr-defined]
                env.changed.add(name)
                return
        env.changed.discard(name)

    def _note_tested(self, value: cst.BaseExpression, arg: str | None, env: Env) -> None:
        """``value``, standing for the argument ``arg``, tested not empty."""
        if arg is not None and _may_empty(value):
            env.changes_tested.add(arg)


def _may_empty(value: cst.BaseExpression) -> bool:
    """Whether a chain of string methods may make a value not empty empty:
    a ``replace`` with ``""`` (``replace("#", "")``) or a strip of written
    characters (``strip("#")``) in it; one with a value not written out
    (``replace("#", mark)``) is not known to, nor is one that takes away
    only white space (``strip("\\n")``, ``replace(" ", "")``): the test may
    have been of the stripped text, which holds more."""
    node = value
    while type(node) is cst.Call and type(node.func) is cst.Attribute:
        method, args = node.func.attr.value, node.args
        if method == "replace" and len(args) >= 2 and _written(args[1].value) == "":
            removed = _written(args[0].value)
            if removed is None or removed.strip():  # not written out, or more than white space
                return True
        elif method in _STRIPS and len(args) == 1:
            removed = _written(args[0].value)
            if removed and removed.strip():
                return True
        node = node.func.value
    return False


def _written(node: cst.BaseExpression) -> str | None:
    """The text of a plain string literal; None for anything else."""
    if type(node) is not cst.SimpleString or node.prefix.lower() not in ("", "r", "u"):
        return None
    value = node.evaluated_value
    return value if isinstance(value, str) else None
