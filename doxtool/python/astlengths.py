"""Names a helper binds to the length of a value (``n = len(items)``), for
the ``ast`` summaries (part of :class:`~doxtool.python.keyreads.KeyReads`):
a test of the name (``not n``, ``n == 0``) is the same test of ``len(items)``,
which :func:`~doxtool.python.astemptied.emptied` reads as a test of
``items``, as the tool walk reads it
(:meth:`~doxtool.python.absencetests.AbsenceTests._track_length`).
"""

from __future__ import annotations

import ast
from functools import cached_property


class LengthNames:
    """Names bound to a length: a part of :class:`~doxtool.python.keyreads.KeyReads`."""

    @cached_property
    def var_lens(self) -> dict[str, ast.Call]:
        """Local name -> the ``len(x)`` it was last bound to (``x`` a name or
        a read); rebinding either name ends it."""
        return {}

    def _note_length(self, targets: list[ast.expr], value: ast.expr) -> None:
        """``name = value``: ``name`` holds ``len(x)`` when ``value`` is one."""
        if self.var_lens:  # a name rebound ends what it held, when one holds a length
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name):
                        self._forget_length(node.id)
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            return
        if (
            isinstance(value, ast.Call)
            and isinstance(value.func, ast.Name)
            and value.func.id == "len"
            and len(value.args) == 1
            and not value.keywords
            and not isinstance(value.args[0], ast.Starred)
        ):
            self.var_lens[targets[0].id] = value

    def _forget_length(self, name: str) -> None:
        for bound, call in list(self.var_lens.items()):
            sized = call.args[0]
            if name == bound or (isinstance(sized, ast.Name) and sized.id == name):
                del self.var_lens[bound]

    def _length_test(self, test: ast.expr) -> ast.expr:
        """``not n`` or a comparison of ``n`` (``n == 0``) for ``n = len(x)``:
        the same test of ``len(x)``; any other test as it is."""
        lens = self.var_lens
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            operand = test.operand
            if isinstance(operand, ast.Name) and operand.id in lens:
                return ast.copy_location(ast.UnaryOp(op=test.op, operand=lens[operand.id]), test)
        elif isinstance(test, ast.Compare) and len(test.ops) == 1:
            left, right = test.left, test.comparators[0]
            if isinstance(left, ast.Name) and left.id in lens:
                made = ast.Compare(left=lens[left.id], ops=test.ops, comparators=[right])
                return ast.copy_location(made, test)
            if isinstance(right, ast.Name) and right.id in lens:
                made = ast.Compare(left=left, ops=test.ops, comparators=[lens[right.id]])
                return ast.copy_location(made, test)
        return test
