"""Keys a tool's own code writes into its arguments dict from another key, and
keys it writes on some paths only (part of :class:`~doxtool.python.toolscan.ToolScan`,
beside :mod:`~doxtool.python.argfills`).

An old name kept for a key renamed is written back under the new one::

    if "q" in self.args and "query" not in self.args:
        self.args["query"] = self.args.pop("q")        # also ``self.args["q"]``,
    if "q" in self.args:                               # ``self.args.get("q")``
        self.args["query"] = self.args.pop("q")

Past such a statement ``query`` is there whenever ``query`` or ``q`` was
given: a later read that raises without ``query`` needs one of the two (they
are alternatives), not ``query`` itself. The test must be understood: a
conjunction of ``"b" in D`` (``D.get("b")``, ``D.get("b") is not None``) and
``"a" not in D`` (``not D.get("a")``, ``D.get("a") is None``), about the two
keys only, with ``b`` tested present.

A key written in a way that is not such a fill (under a test not about the
arguments, in one branch of several, in a loop or ``try``) may be there or
not: a later read that raises without it does not tell whether it is needed
(:attr:`~doxtool.python.walkstate.Fills.maybe`). A write whose value reads
the key itself so that it raises (``D["k"] = D["k"].strip()``) fills nothing.
Written over in every arm of an ``if`` that goes on past it (``if up:
D["code"] = "u"`` / ``elif down: D["code"] = "d"`` / ``else: raise ...``),
the key is written on every path: no longer the argument.
"""

from __future__ import annotations

import libcst as cst

from doxtool.core.facts import HelperCall
from doxtool.python.arguments import ArgBuilder
from doxtool.python.controlflow import terminates
from doxtool.python.cstnodes import child_nodes, statement_children, suite_body
from doxtool.python.keyfills import renamed_from
from doxtool.python.literals import string_value
from doxtool.python.walkstate import Env, Fills

#: (dict label, key)
Place = tuple[str, str]


class RenamedKeys:
    """Keys written from another key, and keys written on some paths: a part
    of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _rewritten_read(
        self, builder: ArgBuilder, source: cst.BaseExpression | None, key: str, env: Env
    ) -> bool:
        """A read of ``key`` of ``source`` that raises when it is missing,
        past a write of it on some paths (whether it is needed is not known)
        or from other keys when given (one of them is needed, where the read
        runs on every call): whether such a write precedes it."""
        label = self._dict_label(source, env)  # type: ignore[attr-defined]
        if label is None:
            return False
        aliased = env.fills.aliased.get((label, key), set())
        if (label, key) in env.fills.maybe or (aliased and env.some_calls()):
            builder.sometimes_read = True
        elif aliased:
            builder.alternatives.update(aliased)
        return bool(aliased) or (label, key) in env.fills.maybe

    @staticmethod
    def _call_renamed(call: HelperCall, labels: set[str], fills: Fills) -> None:
        """What a call into another module hands on of the keys written from
        other keys (the same in every dict it hands) or on some paths (in one)."""
        keys = {k for label, k in [*fills.aliased, *fills.maybe] if label in labels}
        for key in sorted(keys - set(call.written) - {k for k, *_ in call.filled}):
            others = [fills.aliased.get((label, key)) for label in labels]
            maybe = any((label, key) in fills.maybe for label in labels)
            if maybe or None in others or any(o != others[0] for o in others):
                call.maybe.append(key)
            else:
                call.aliased.append([key, sorted(others[0])])  # type: ignore[arg-type]

    def _renamed_fills(self, stmt: cst.If, env: Env, fills: Fills) -> set[Place]:
        """What an ``if`` at the top of a function body with no ``else``
        writes back under a new name (:attr:`Fills.aliased`): the places so filled."""
        tests = self._presence_tests(stmt.test, env)
        if tests is None or any(type(s) is cst.Return for s in _smalls(stmt)):
            return set()  # (a body that returns: the statements after see no write)
        done: set[Place] = set()
        for small in _smalls(stmt):
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target = small.targets[0].target
            if type(target) is not cst.Subscript or len(target.slice) != 1:
                continue
            index = target.slice[0].slice
            if type(index) is not cst.Index:
                continue
            place = self._label_key(target.value, index.value, env)  # type: ignore[attr-defined]
            source = self._key_source(small.value, env)
            if renamed_from(place, source, tests):
                fills.aliased.setdefault(place, set()).add(source[1])  # type: ignore[index]
                done.add(place)  # type: ignore[arg-type]
        return done

    def _presence_tests(self, test: cst.BaseExpression, env: Env) -> set[tuple[bool, Place]] | None:
        """(present, place) for each condition of a conjunction, each a test
        of whether a key of an arguments dict is there; None for any other test."""
        parts: list[cst.BaseExpression] = []
        todo = [test]
        while todo:
            node = todo.pop()
            if type(node) is cst.BooleanOperation and type(node.operator) is cst.And:
                todo.extend([node.left, node.right])
            else:
                parts.append(node)
        found: set[tuple[bool, Place]] = set()
        for part in parts:
            missing = self._missing_test(part, env)  # type: ignore[attr-defined]
            if missing is not None:
                found.add((False, missing))
                continue
            present = self._present_test(part, env)
            if present is None:
                return None
            found.add((True, present))
        return found

    def _present_test(self, test: cst.BaseExpression, env: Env) -> Place | None:
        """(label, key) a test is true for only when the key is there:
        ``"k" in D``, ``D.get("k")``, ``D.get("k") is not None``."""
        if type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if type(target.operator) is cst.In:
                return self._label_key(target.comparator, test.left, env)  # type: ignore[attr-defined]
            none = type(target.comparator) is cst.Name and target.comparator.value == "None"
            if none and type(target.operator) is cst.IsNot:
                return self._get_of(test.left, env)  # type: ignore[attr-defined]
            return None
        return self._get_of(test, env)  # type: ignore[attr-defined]

    def _key_source(self, value: cst.BaseExpression, env: Env) -> Place | None:
        """The key of an arguments dict a value is read from: ``D.pop("b")``,
        ``D["b"]``, ``D.get("b")`` (with a default or not)."""
        if type(value) is cst.Subscript and len(value.slice) == 1:
            index = value.slice[0].slice
            if type(index) is cst.Index:
                return self._label_key(value.value, index.value, env)  # type: ignore[attr-defined]
            return None
        if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
            return None
        if value.func.attr.value not in ("pop", "get") or not 1 <= len(value.args) <= 2:
            return None
        if any(a.keyword or a.star for a in value.args):
            return None
        return self._label_key(value.func.value, value.args[0].value, env)  # type: ignore[attr-defined]

    def _maybe_written(self, stmt: cst.CSTNode, env: Env, fills: Fills, known: set[Place]) -> None:
        """Keys a compound statement at the top of a function body writes
        on some paths, besides those its fill or renaming accounts for
        (``known``): a read of them past it may find them or not."""
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return
        if type(stmt) is cst.If:
            every = self._every_arm_writes(stmt, env) - known - set(fills.filled)
            fills.written.update(every)  # ``if up: D["k"] = 1 else: D["k"] = 2``
            known = known | every
        for small in _smalls(stmt, deep=True):
            for label, key, *_ in self._writes_of(small, env):  # type: ignore[attr-defined]
                place = (label, key)
                fills.grouped.pop(place, None)  # no longer what an ``or`` gave on every path
                if place in known or place in fills.written or place in fills.filled:
                    continue
                if not self._reads_raising(small, place, env):
                    fills.maybe.add(place)

    def _every_arm_writes(self, stmt: cst.If, env: Env) -> set[Place]:
        """The keys every arm of an ``if`` (its ``elif`` and ``else`` too)
        that goes on past it writes over, at the top of the arm or in an
        ``if`` there that writes them in every arm: an arm that ends
        (``else: raise ...``, not in a ``try`` body) writes for none that
        follow. A value that uses the dict, or one written only when
        missing, is no such write."""
        arms: list[set[Place]] = []
        orelse: cst.If | cst.Else | None = stmt
        # in the body of a ``try`` (or ``with suppress(...)``) a handler may
        # catch what an arm raises and go on past the ``if``
        caught = env.trying > 0
        while orelse is not None:
            body = suite_body(orelse.body)
            if caught or not terminates(body):
                arms.append(self._arm_writes(body, env))
            if type(orelse) is cst.Else:
                break
            orelse = orelse.orelse  # type: ignore[union-attr]
            if orelse is None:
                return set()  # no ``else``: a path past the ``if`` writes nothing
        return set.intersection(*arms) if arms else set()

    def _arm_writes(self, body: list[cst.BaseStatement], env: Env) -> set[Place]:
        out: set[Place] = set()
        for inner in body:
            if type(inner) is cst.If:
                out |= self._every_arm_writes(inner, env)
            if type(inner) not in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                continue
            for small in inner.body:  # type: ignore[attr-defined]
                for label, key, _known, _value, overrides in self._writes_of(small, env):  # type: ignore[attr-defined]
                    if overrides and not self._mentions(small, label, env, key):
                        out.add((label, key))
        return out

    def _mentions(self, small: cst.BaseSmallStatement, label: str, env: Env, key: str) -> bool:
        """Whether the value a statement writes over ``key`` uses the dict
        ``label`` otherwise than to read other keys named by a literal
        (``D["url"] = D.pop("link", "")`` reads ``link`` only: what the
        model sent as ``url`` is gone). In the body of a ``try`` that may
        catch, a read of another key (``D.pop("link")``) may raise before
        the write, and what the model sent as ``url`` is then kept."""
        value = getattr(small, "value", None)
        todo: list[cst.CSTNode] = [value] if value is not None else []
        if type(small) is cst.Expr and type(value) is cst.Call:
            todo = [a.value for a in value.args]  # ``D.update(...)``: what it is handed
        while todo:
            node = todo.pop()
            other = None if env.trying else self._other_key_read(node, label, env, key)
            if other is not None:
                todo.extend(other)
                continue
            if isinstance(node, cst.BaseExpression) and self._dict_label(node, env) == label:  # type: ignore[attr-defined]
                return True
            todo.extend(child_nodes(node))
        return False

    def _other_key_read(
        self, node: cst.CSTNode, label: str, env: Env, key: str
    ) -> list[cst.BaseExpression] | None:
        """Of a read of a key of ``label`` named by a literal other than
        ``key`` (``D["k"]``, ``D.get("k", x)``, ``D.pop("k", x)``), what else
        it evaluates (the fallback); None for any other node."""
        if type(node) is cst.Subscript and len(node.slice) == 1:
            index = node.slice[0].slice
            if type(index) is not cst.Index or self._dict_label(node.value, env) != label:  # type: ignore[attr-defined]
                return None
            name = string_value(index.value)
            return [] if isinstance(name, str) and name != key else None
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            return None
        if node.func.attr.value not in ("get", "pop") or not 1 <= len(node.args) <= 2:
            return None
        if any(a.keyword or a.star for a in node.args):
            return None
        if self._dict_label(node.func.value, env) != label:  # type: ignore[attr-defined]
            return None
        name = string_value(node.args[0].value)
        return [a.value for a in node.args[1:]] if isinstance(name, str) and name != key else None

    def _reads_raising(self, small: cst.BaseSmallStatement, place: Place, env: Env) -> bool:
        """Whether the value a statement writes reads ``place`` so that it
        raises when the key is missing (``D["k"] = D["k"].strip()``)."""
        value = getattr(small, "value", None)
        todo: list[cst.CSTNode] = [value] if value is not None else []
        while todo:
            node = todo.pop()
            found: Place | None = None
            if type(node) is cst.Subscript and len(node.slice) == 1:
                index = node.slice[0].slice
                if type(index) is cst.Index:
                    found = self._label_key(node.value, index.value, env)  # type: ignore[attr-defined]
            elif (
                type(node) is cst.Call
                and type(node.func) is cst.Attribute
                and node.func.attr.value == "pop"
                and len(node.args) == 1
                and not node.args[0].keyword
            ):
                found = self._label_key(node.func.value, node.args[0].value, env)  # type: ignore[attr-defined]
            if found == place:
                return True
            todo.extend(child_nodes(node))
        return False


def renamed_under(key: str, env: Env) -> frozenset[str]:
    """The old names written back so far under ``key`` of an arguments dict
    (:attr:`Fills.aliased`): a name bound to the key's value now holds what
    the model sent under one of them, or under the key."""
    return frozenset(o for (_, k), others in env.fills.aliased.items() if k == key for o in others)


def _smalls(stmt: cst.CSTNode, deep: bool = False) -> list[cst.BaseSmallStatement]:
    """The simple statements of a compound statement's body (``deep``: at any
    depth, ``else`` and ``except`` included, not inside a function or class)."""
    out: list[cst.BaseSmallStatement] = []
    if not deep:
        for inner in suite_body(stmt.body):  # type: ignore[attr-defined]
            if type(inner) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                out.extend(inner.body)  # type: ignore[attr-defined]
        return out
    # only blocks hold statements: the expressions of the statements are not walked
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        if type(node) in (cst.FunctionDef, cst.ClassDef):
            continue
        if type(node) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            out.extend(node.body)  # type: ignore[attr-defined]
            continue
        todo.extend(statement_children(node))
    return out
