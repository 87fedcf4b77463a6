"""Defaults a test of a key's presence gives (part of
:class:`~doxtool.python.toolscan.ToolScan`, beside :mod:`.fallbacks`).

``self.args["lang"] if "lang" in self.args else "en"`` gives ``lang`` the
default ``"en"``, as ``self.args.get("lang") or "en"`` does; ``if "k" in
self.args: x = self.args["k"]`` leaves in ``x``, when ``k`` is missing, what
``x`` held before the ``if`` or gets in its other arm
(:mod:`~doxtool.python.presencebinds`). The ``ast`` summaries read the same
of helpers (:mod:`~doxtool.python.astpresence`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import libcst as cst

from doxtool.python.cstnodes import suite_body
from doxtool.python.presencebinds import bound_elsewhere, missing_binding
from doxtool.python.replacements import KNOWN, evaluate
from doxtool.python.samearms import unwrapped
from doxtool.python.truthtests import EMPTY_KEEPING, falsy_value
from doxtool.python.walkstate import Env


class PresenceFallbacks:
    """Defaults of presence tests: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: (:attr:`~doxtool.python.fallbacks.Fallbacks.rebound_fallbacks`)
    rebound_fallbacks: dict[int, tuple[bool, Any]]
    #: (:attr:`~doxtool.python.fallbacks.Fallbacks.discarded_reads`)
    discarded_reads: set[int]

    def _guarded_fallback(self, node: cst.IfExp, env: Env) -> None:
        """``self.args["lang"] if "lang" in self.args else "en"`` (``"en" if
        "lang" not in self.args else ...``, a ``.get`` or a conversion of the
        read too), or ``int(args.get("n", 0)) if str(args.get("n",
        "")).strip() else 0`` (a test false for a missing key: the read's
        default stays falsy through what is done to it): what a missing key
        gives is the other arm, as after ``self.args.get("lang") or "en"``;
        the default of a read in the test reaches only the test, and another
        argument's read in the other arm is an alternative, not a default."""
        guarded = self._guarded(node, env)
        if guarded is None:
            return
        key, _, missing, read = guarded
        if read is not None:
            self.discarded_reads.add(id(read))
        outcome = evaluate(self._shapes(), missing, "", None)
        self._missing_default(self._arg(key), outcome.kind == KNOWN, outcome.value)

    def _guarded_arm(self, node: cst.BaseExpression, env: Env) -> list[cst.BaseExpression]:
        """The arm of a conditional expression that reads the key its test
        finds there (``args.get("name").strip() if args.get("name") else
        ""``): the expression stands for that argument, a missing key giving
        the other arm (:meth:`_guarded_fallback`)."""
        guarded = self._guarded(node, env) if type(node) is cst.IfExp else None
        return [guarded[1]] if guarded is not None else []

    def _guarded(
        self, node: cst.IfExp, env: Env
    ) -> tuple[str, cst.BaseExpression, cst.BaseExpression, cst.Call | None] | None:
        """(key, the arm taken when it is there, the other arm, the read the
        test is made of) of a conditional expression whose test finds a key
        there (``"k" in args``, ``args.get("k")``, ``args.get("k") is not
        None``) that the first arm reads,
        the other reading no argument; None for any other."""
        test, key, present, missing = node.test, None, node.body, node.orelse
        read = self._falsy_when_missing(test, env)
        if read is not None:
            key = self._plain_get(read, env)
        elif type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if type(target.operator) in (cst.In, cst.NotIn) and self._is_dict_source(
                target.comparator, env
            ):
                key = self._key(test.left, env)
                if type(target.operator) is cst.NotIn:
                    present, missing = node.orelse, node.body
            elif (tested := self._none_tested(test, env)) is not None:  # type: ignore[attr-defined]
                key = tested[0]  # ``args.get("k") is not None``, ``is None``
                if not tested[1]:
                    present, missing = node.orelse, node.body
                none = type(missing) is cst.Name and missing.value == "None"
                if type(test.left) is cst.Name and none:
                    return None  # the name still holds what the read gave
        if not isinstance(key, str) or self._arg_of(present, env) != key:
            return None
        return None if self._arg_of(missing, env) is not None else (key, present, missing, read)

    def _falsy_when_missing(self, test: cst.BaseExpression, env: Env) -> cst.Call | None:
        """The read ``test`` is made of (``str(args.get("n", "")).strip()``),
        when ``test`` is falsy for a missing key: the read's literal default
        stays falsy through ``str(...)`` and string methods that keep an
        empty string empty."""
        wrappers: list[str] = []
        node = test
        while type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Name and func.value == "str" and len(node.args) == 1:
                wrappers.append("str")
                node = node.args[0].value
            elif type(func) is cst.Attribute and func.attr.value in EMPTY_KEEPING and not node.args:
                wrappers.append(func.attr.value)
                node = func.value
            else:
                break
        read = self._read_call(node, env)
        if read is None or self._plain_get(read, env) is None:
            return None
        default = self._value(read.args[1].value)[1] if len(read.args) == 2 else None
        return read if falsy_value(default, wrappers[::-1]) else None

    def _note_presence_binding(
        self,
        stmt: cst.If,
        before: Sequence[cst.BaseStatement],
        after: Sequence[cst.BaseStatement],
        env: Env,
    ) -> None:
        """``if "k" in self.args: x = self.args["k"]`` (``"k" not in``, ``if
        self.args.get("k"):``): what ``x`` holds when ``k`` is missing, bound
        before the ``if`` or in its other arm, is what a missing ``k``
        gives (:mod:`~doxtool.python.presencebinds`)."""
        arms = self._presence_arms(stmt, env)
        if arms is None:
            return
        key, present, missing = arms
        for line in present:
            if type(line) is not cst.SimpleStatementLine or len(line.body) != 1:
                continue
            small = line.body[0]
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target, read = small.targets[0].target, unwrapped(small.value)
            if type(target) is not cst.Name or not self._reads_key(read, key, env):
                continue
            shapes, name = self._shapes(), target.value
            elsewhere = name in {p.name.value for p in env.func.named()} or bound_elsewhere(
                shapes, env.top_body, stmt, name
            )
            outcome = missing_binding(shapes, before, missing, after, name, elsewhere)
            if outcome is not None:
                self.rebound_fallbacks[id(read)] = (outcome.kind == KNOWN, outcome.value)

    def _presence_arms(
        self, stmt: cst.If, env: Env
    ) -> tuple[str, Sequence[cst.BaseStatement], Sequence[cst.BaseStatement]] | None:
        """The key an ``if`` tests the presence of, the statements run when it
        is present and those run when it is missing."""
        orelse: Sequence[cst.BaseStatement] = ()
        if type(stmt.orelse) is cst.If:
            orelse = [stmt.orelse]
        elif type(stmt.orelse) is cst.Else:
            orelse = suite_body(stmt.orelse.body)
        body, test = suite_body(stmt.body), stmt.test
        key = self._plain_get(test, env)
        if key is not None:
            return key, body, orelse  # ``if self.args.get("k"):``
        if type(test) is not cst.Comparison or len(test.comparisons) != 1:
            return None
        target = test.comparisons[0]
        found = self._key(test.left, env)
        if not isinstance(found, str) or not self._is_dict_source(target.comparator, env):
            return None
        if type(target.operator) is cst.In:
            return found, body, orelse
        if type(target.operator) is cst.NotIn:
            return found, orelse, body
        return None

    def _reads_key(self, node: cst.BaseExpression, key: str, env: Env) -> bool:
        """Whether ``node`` itself reads ``key`` of the arguments (``args[k]``, ``args.get(k)``)."""
        if type(node) is cst.Subscript:
            if not self._is_dict_source(node.value, env) or len(node.slice) != 1:
                return False
            element = node.slice[0].slice
            return type(element) is cst.Index and self._key(element.value, env) == key
        call = self._read_call(node, env)
        return call is not None and self._key(call.args[0].value, env) == key
