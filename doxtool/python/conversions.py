"""Values built into a class (part of :class:`~doxtool.python.toolscan.ToolScan`).

``Mode(self.args.get("mode", "fast"))`` builds an object from the value: an
enum refuses every value but its members, a class may refuse any it likes.
doxtool does not evaluate the class, so the values the argument accepts are
not known: it claims neither a list nor "any value", and keeps the list a
companion gives; what a closed dispatch refuses stays refused. Only the
conversions it reads (``int``, ``str`` ...) and the ``Response`` the tool
returns are not such a class.
"""

from __future__ import annotations

import libcst as cst

from doxtool.python.cstnodes import dotted_name
from doxtool.python.readforms import COERCIONS, is_exception_name, names_built_class
from doxtool.python.walkstate import Env


class Conversions:
    """Values built into a class: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _built_into_class(self, node: cst.Call, env: Env) -> None:
        """Every argument whose value ``node`` hands to a class it builds."""
        if not self._builds_class(node, env):
            return
        for arg in node.args:
            if arg.star:
                continue
            for name in self._standing_for(arg.value, env):  # type: ignore[attr-defined]
                self._arg(name).values_narrowed = True  # type: ignore[attr-defined]

    def _builds_class(self, node: cst.Call, env: Env) -> bool:
        """Whether ``node`` calls a class: one the module defines, or a name
        (imported or not) in the CapWords that name a class, other than the
        ``Response`` the tool returns."""
        dotted = dotted_name(node.func)
        if dotted is None or (len(dotted) == 1 and dotted[0] in COERCIONS):
            return False
        scan = self.scan  # type: ignore[attr-defined]
        if len(dotted) == 1 and dotted[0] in scan.classes:
            # a class of the module, but an exception (its bases say so)
            bases = scan.classes[dotted[0]].bases
            return not any(is_exception_name(base.rsplit(".", 1)[-1]) for base in bases)
        qualified = scan._resolve(dotted, env.names) or ".".join(dotted)
        return names_built_class(qualified.rsplit(".", 1)[-1])
