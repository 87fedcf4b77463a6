"""Keys a tool's own code writes into its arguments dict (part of
:class:`~doxtool.python.toolscan.ToolScan`).

A statement at the top of a function body that fills a key when it is missing makes every
later read of that key one that cannot raise: the argument is optional, and its default is
the value written when that is a literal (otherwise none is claimed)::

    if "lines" not in self.args:          # also ``if not self.args.get("lines")``
        self.args["lines"] = 20
    self.args.setdefault("lines", 20)
    for key, value in DEFAULTS.items():   # DEFAULTS a literal dict
        self.args.setdefault(key, value)
    self.args = {**DEFAULTS, **self.args}

A key written on every path (``self.args["mode"] = "x"``, ``self.args.update(mode="x")``,
or after the arguments in a merge) holds the value written: later reads of it read no
argument. ``before_execution`` runs before ``execute``: what its top-level statements fill
in ``self.args`` before any ``return`` holds in every function ``execute`` reaches.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import libcst as cst

from doxtool.core.facts import HelperCall
from doxtool.python.argreplace import forget_restored, replacing_dict
from doxtool.python.cstnodes import getattr_of, suite_body
from doxtool.python.hookfills import HookFills
from doxtool.python.literals import string_value
from doxtool.python.mergeforms import UNKNOWN, Merge
from doxtool.python.walkstate import Env, Fills

if TYPE_CHECKING:
    from doxtool.python.arguments import ArgBuilder

#: the label of ``self.args`` (other dicts are labelled by their local name)
SELF_ARGS = "self.args"
#: the label, in a function a call splats a dict into (``f(**self.args)``),
#: of what that dict held: the named parameters it fills
SPLAT = "**"


class ArgumentFills(HookFills):
    """Keys written into the arguments dict: a part of
    :class:`~doxtool.python.toolscan.ToolScan`."""

    def _dict_label(self, node: cst.BaseExpression | None, env: Env) -> str | None:
        """``self.args`` (also as ``getattr(self, "args")``, or a name for it:
        :mod:`~doxtool.python.argaliases`), or the local name of an arguments
        dict (``kwargs``)."""
        if node is None:
            return None
        if type(node) is cst.Name:
            if self._self_args_alias(node.value, env):  # type: ignore[attr-defined]
                return SELF_ARGS  # ``args = self.args``: the same dict
            return node.value if node.value in env.dicts else None
        if env.self_name is None:
            return None
        attribute = (
            type(node) is cst.Attribute
            and node.attr.value == "args"
            and type(node.value) is cst.Name
            and node.value.value == env.self_name
        )
        return SELF_ARGS if attribute or getattr_of(node) == (env.self_name, "args") else None

    def _fill(
        self, source: cst.BaseExpression | None, key: str, env: Env
    ) -> tuple[bool, Any] | None:
        """(known, value) a missing ``key`` of ``source`` was filled with; None if it was not."""
        label = self._dict_label(source, env)
        if label is None:
            return None
        found = env.fills.filled.get((label, key))
        if found is None and label in env.fills.any_filled:
            return False, None
        return found

    def _written(self, source: cst.BaseExpression | None, key: str, env: Env) -> bool:
        label, fills = self._dict_label(source, env), env.fills
        return label is not None and ((label, key) in fills.written or label in fills.replaced)

    def _note_fills(self, stmt: cst.CSTNode, env: Env, fills: Fills | None) -> None:
        """Add what a statement at the top of a function body writes into
        the arguments dicts on every path past it (``fills``: None for one
        elsewhere, whose writes only count as seen, :meth:`_note_offers`);
        a dict it binds again or merges into is no longer replaced."""
        self._note_offers(stmt, env)
        forget_restored(stmt, env.fills if fills is None else fills, self._dict_label, env)
        if fills is not None:
            self._top_fills(stmt, env, fills)

    def _top_fills(self, stmt: cst.CSTNode, env: Env, fills: Fills) -> None:
        """Add what a statement at the top of a function body writes into
        the arguments dicts on every path past it."""
        known: set[tuple[str, str]] = set()
        if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            for small in stmt.body:  # type: ignore[attr-defined]
                self._small_fill(small, env, fills, None)
        elif type(stmt) is cst.If and stmt.orelse is None:
            missing = self._missing_test(stmt.test, env)
            if missing is None:
                known = self._renamed_fills(stmt, env, fills)  # type: ignore[attr-defined]
            else:
                for inner in suite_body(stmt.body):
                    if type(inner) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                        for small in inner.body:  # type: ignore[attr-defined]
                            self._small_fill(small, env, fills, missing)
        elif type(stmt) is cst.For and stmt.orelse is None:
            self._loop_fill(stmt, env, fills)
        self._maybe_written(stmt, env, fills, known)  # type: ignore[attr-defined]

    def _note_offers(self, stmt: cst.CSTNode, env: Env) -> None:
        """Count the keys read so far that a simple statement fills or writes,
        wherever it stands (``ArgBuilder.offers``: a method that may run
        before ``execute`` filling one, :func:`~doxtool.python.arguments.came_before`)."""
        if type(stmt) not in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
            return
        smalls = [small for small in stmt.body if _may_write(small)]  # type: ignore[attr-defined]
        if not smalls:
            return
        seen = Fills()
        for small in smalls:
            self._small_fill(small, env, seen, None)
        args: dict[str, Any] = self.args  # type: ignore[attr-defined]
        # only ``self.args`` (or a name for it) outlives the method
        keys = {key for label, key in [*seen.filled, *seen.written] if label == SELF_ARGS}
        for key in args if SELF_ARGS in seen.any_filled else keys:
            if key in args:
                args[key].offers += 1

    def _missing_test(self, test: cst.BaseExpression, env: Env) -> tuple[str, str] | None:
        """(dict label, key) a test is true for when the key is missing:
        ``"k" not in D``, ``not D.get("k")``, ``D.get("k") is None``."""
        if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            inner = test.expression
            if type(inner) is cst.Comparison and len(inner.comparisons) == 1:
                if type(inner.comparisons[0].operator) is cst.In:
                    return self._label_key(inner.comparisons[0].comparator, inner.left, env)
                return None
            return self._get_of(inner, env)
        if type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if type(target.operator) is cst.NotIn:
                return self._label_key(target.comparator, test.left, env)
            none = type(target.comparator) is cst.Name and target.comparator.value == "None"
            if none and type(target.operator) is cst.Is:
                return self._get_of(test.left, env)
        return None

    def _get_of(self, node: cst.BaseExpression, env: Env) -> tuple[str, str] | None:
        """``D.get("k")``: (label, key)."""
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            return None
        if node.func.attr.value != "get" or len(node.args) != 1 or node.args[0].keyword:
            return None
        return self._label_key(node.func.value, node.args[0].value, env)

    def _label_key(
        self, dict_node: cst.BaseExpression, key_node: cst.BaseExpression, env: Env
    ) -> tuple[str, str] | None:
        label = self._dict_label(dict_node, env)
        key = self._key(key_node, env)  # type: ignore[attr-defined]
        return (label, key) if label is not None and isinstance(key, str) else None

    def _small_fill(
        self,
        small: cst.BaseSmallStatement,
        env: Env,
        fills: Fills,
        missing: tuple[str, str] | None,
    ) -> None:
        """A write; ``missing``: the statement runs only when that key is missing."""
        if not _may_write(small):
            return
        assign = type(small) is cst.Assign and len(small.targets) == 1
        target = small.targets[0].target if assign else None  # type: ignore[attr-defined]
        if missing is None and self._dict_label(target, env) == SELF_ARGS:
            self._merge_fills(SELF_ARGS, small.value, env, fills)  # type: ignore[attr-defined]
            return
        for label, key, known, value, overrides in self._writes_of(small, env):
            if missing is not None and (label, key) != missing:
                continue
            group = frozenset[str]()
            if overrides and missing is None and not self._mentions(small, label, env, key):
                fills.written.add((label, key))
                group = self._or_arguments(small.value, env)  # type: ignore[attr-defined]
            elif overrides and missing is None:
                # ``self.args["k"] = norm(self.args.get("k"))``: still the
                # argument, in a form not known
                fills.filled.setdefault((label, key), (False, None))
            elif (label, key) not in fills.written:
                fills.filled.setdefault((label, key), (known, value))
            if group:
                fills.grouped[(label, key)] = group
            else:
                fills.grouped.pop((label, key), None)

    def _writes_of(
        self, small: cst.BaseSmallStatement, env: Env
    ) -> list[tuple[str, str, bool, Any, bool]]:
        """(label, key, value known, value, whether it overrides a value
        present) for each key of an arguments dict the statement writes."""
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
            if type(target) is cst.Subscript and len(target.slice) == 1:
                index = target.slice[0].slice
                if type(index) is cst.Index:
                    found = self._label_key(target.value, index.value, env)
                    if found is not None:
                        return [(*found, *self._value(small.value), True)]  # type: ignore[attr-defined]
                return []
            return []
        if type(small) is cst.AugAssign and type(small.operator) is cst.BitOrAssign:
            # ``self.args |= {"mode": "x"}``, as ``self.args.update({...})``
            label = self._dict_label(small.target, env)
            if label is None or type(small.value) is not cst.Dict:
                return []
            return self._literal_writes(label, small.value)
        if type(small) is not cst.Expr or type(small.value) is not cst.Call:
            return []
        call = small.value
        func = call.func
        if type(func) is not cst.Attribute:
            return []
        label = self._dict_label(func.value, env)
        if label is None or any(a.star for a in call.args):
            return []
        method = func.attr.value
        if method == "setdefault" and len(call.args) == 2 and not call.args[0].keyword:
            found = self._label_key(func.value, call.args[0].value, env)
            if found is not None:
                return [(*found, *self._value(call.args[1].value), False)]  # type: ignore[attr-defined]
        if method == "update" and len(call.args) == 1 and not call.args[0].keyword:
            mapping = call.args[0].value
            if type(mapping) is cst.Dict:
                return self._literal_writes(label, mapping)
        if method == "update" and call.args and all(a.keyword for a in call.args):
            return [
                (label, a.keyword.value, *self._value(a.value), True)  # type: ignore[attr-defined, union-attr]
                for a in call.args
            ]
        return []

    def _literal_writes(
        self, label: str, mapping: cst.Dict
    ) -> list[tuple[str, str, bool, Any, bool]]:
        """The keys of a literal dict written over an arguments dict."""
        return [
            (label, key, *self._value(e.value), True)  # type: ignore[attr-defined]
            for e in mapping.elements
            if type(e) is cst.DictElement and isinstance(key := string_value(e.key), str)
        ]

    def _merge_fills(self, label: str, value: cst.BaseExpression, env: Env, fills: Fills) -> None:
        """``self.args = {**DEFAULTS, **self.args}``: the keys before the
        arguments are filled when missing, those after them written."""
        merge = self._dict_value(value, env)  # type: ignore[attr-defined]
        if merge is None and replacing_dict(value, env, self._dict_value):  # type: ignore[attr-defined]
            fills.replaced.add(label)
        if not isinstance(merge, Merge):
            return
        fills.written.update((label, key) for key in merge.overrides)
        if merge.defaults is None:
            fills.any_filled.add(label)
            return
        for key, default in merge.defaults.items():
            if (label, key) not in fills.written:
                known = default is not UNKNOWN
                fills.filled.setdefault((label, key), (known, default if known else None))

    def _loop_fill(self, stmt: cst.For, env: Env, fills: Fills) -> None:
        """Each key of the literal dict a :meth:`_fill_loop` goes over is
        filled with its value."""
        found = self._fill_loop(stmt, env)
        if found is None:
            return
        label, mapping = found
        for key, value in mapping.items():
            if (label, key) not in fills.written:
                fills.filled.setdefault((label, key), (True, value))

    def _fill_loop(self, stmt: cst.For, env: Env) -> tuple[str, dict[str, Any]] | None:
        """(dict label, the literal dict) of ``for key, value in
        DEFAULTS.items(): D.setdefault(key, value)`` (also ``D[key] = value``
        under ``if key not in D``): a loop that only fills missing keys."""
        body = suite_body(stmt.body)
        target, loop = stmt.target, stmt.iter
        if len(body) != 1 or type(target) is not cst.Tuple or len(target.elements) != 2:
            return None
        names = [e.value.value for e in target.elements if type(e.value) is cst.Name]
        if len(names) != 2 or type(loop) is not cst.Call or loop.args:
            return None
        if type(loop.func) is not cst.Attribute or loop.func.attr.value != "items":
            return None
        ok, mapping = self._value(loop.func.value)  # type: ignore[attr-defined]
        if not ok or not isinstance(mapping, dict) or not all(isinstance(k, str) for k in mapping):
            return None
        inner = body[0]
        missing = False
        if type(inner) is cst.If and inner.orelse is None:
            test = inner.test
            missing = (
                type(test) is cst.Comparison
                and len(test.comparisons) == 1
                and type(test.comparisons[0].operator) is cst.NotIn
                and type(test.left) is cst.Name
                and test.left.value == names[0]
            )
            body = suite_body(inner.body)
            if not missing or len(body) != 1:
                return None
            inner = body[0]
        if type(inner) is not cst.SimpleStatementLine or len(inner.body) != 1:
            return None
        label = self._loop_write(inner.body[0], names, env, missing)
        return None if label is None else (label, mapping)

    def _loop_write(
        self, small: cst.BaseSmallStatement, names: list[str], env: Env, missing: bool
    ) -> str | None:
        """The label of the dict ``small`` writes the loop's value into under
        the loop's key (``D.setdefault(key, value)``; ``D[key] = value``
        when the key is missing)."""
        key, value = names

        def is_name(node: cst.BaseExpression, name: str) -> bool:
            return type(node) is cst.Name and node.value == name

        if type(small) is cst.Expr and type(small.value) is cst.Call:
            call = small.value
            func = call.func
            if (
                type(func) is cst.Attribute
                and func.attr.value == "setdefault"
                and len(call.args) == 2
                and not any(a.keyword or a.star for a in call.args)
                and is_name(call.args[0].value, key)
                and is_name(call.args[1].value, value)
            ):
                return self._dict_label(func.value, env)
            return None
        if missing and type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
            if (
                type(target) is cst.Subscript
                and len(target.slice) == 1
                and is_name(small.value, value)
            ):
                index = target.slice[0].slice
                if type(index) is cst.Index and is_name(index.value, key):
                    return self._dict_label(target.value, env)
        return None

    def _handed_fills(
        self, labels: dict[str, set[str]], env: Env
    ) -> tuple[Fills | None, frozenset[tuple[str, str, str]]]:
        """What the caller's statements so far wrote into the arguments dicts
        a call hands on (``labels``: the caller's label -> the labels the
        callee names it by), as the callee sees them, and a key telling the
        calls apart by it: a key filled before the call on every path is
        there in the callee too (``self.args.setdefault("lines", 20)``, then
        ``self._tail()`` reading ``self.args["lines"]``)."""
        fills = env.fills
        handed = Fills()
        for label, names in labels.items():
            handed.replaced.update(names if label in fills.replaced else ())
            for name in names:
                for (own, key), value in fills.filled.items():
                    if own == label:
                        handed.filled[(name, key)] = value
                if label in fills.any_filled:
                    handed.any_filled.add(name)
                handed.written.update((name, key) for own, key in fills.written if own == label)
                handed.maybe.update((name, key) for own, key in fills.maybe if own == label)
                for (own, key), others in fills.aliased.items():
                    if own == label:
                        handed.aliased[(name, key)] = set(others)
        if handed.empty():
            return None, frozenset()
        keys = {(label, key, repr(value)) for (label, key), value in handed.filled.items()}
        keys |= {(label, "", "*") for label in handed.any_filled}
        keys |= {(label, key, "=") for label, key in handed.written}
        keys |= {(label, key, "?") for label, key in handed.maybe}
        keys |= {(label, "", "!") for label in handed.replaced}
        keys |= {(label, key, f"<{sorted(o)}") for (label, key), o in handed.aliased.items()}
        return handed, frozenset(keys)

    def _call_fills(self, call: HelperCall, handed: list[str | None], env: Env) -> None:
        """What a call into another module hands on of what the tool's code
        wrote into the arguments dicts before it (``handed``: the labels of
        the dicts it hands): what holds in every one of them."""
        if not handed or None in handed:
            return
        fills = env.fills
        labels = set(handed)
        keys = {k for label in labels for own, k in fills.filled if own == label}
        for key in sorted(keys):
            values = [self._fill_of(fills, label, key) for label in labels]
            if all(v is not None for v in values) and len({repr(v) for v in values}) == 1:
                known, value = values[0]  # type: ignore[misc]
                call.filled.append([key, known, value])
        call.any_filled = labels <= fills.any_filled
        call.replaced = labels <= fills.replaced
        call.written = sorted(
            key
            for key in {k for _, k in fills.written}
            if all((label, key) in fills.written for label in labels)
        )
        self._call_renamed(call, labels, fills)  # type: ignore[attr-defined]

    @staticmethod
    def _fill_of(fills: Fills, label: str, key: str) -> tuple[bool, Any] | None:
        found = fills.filled.get((label, key))
        if found is None and label in fills.any_filled:
            return False, None
        return found

    def _deleted_keys(self, target: cst.BaseExpression, env: Env) -> bool:
        """Whether ``del`` deletes keys of arguments dicts only (``del
        self.args[key]``); their keys are walked, the dicts read nothing."""
        targets = [e.value for e in target.elements] if type(target) is cst.Tuple else [target]
        subscripts = [t for t in targets if type(t) is cst.Subscript]
        if len(subscripts) != len(targets) or not all(
            self._dict_label(t.value, env) is not None for t in subscripts
        ):
            return False
        for subscript in subscripts:
            for element in subscript.slice:
                self._expr(element, env)  # type: ignore[attr-defined]
        return True

    def _pure_write(self, call: cst.Call, env: Env) -> bool:
        """``D.setdefault(key, value)`` or ``D.pop(key, None)`` as a statement
        of its own, with a key that is no literal: it writes (or removes) the
        key and reads no argument."""
        func = call.func
        stmt = env.stmt
        return (
            type(func) is cst.Attribute
            and (
                func.attr.value == "setdefault"
                or (func.attr.value == "pop" and len(call.args) == 2)
            )
            and type(stmt) is cst.Expr
            and stmt.value is call
            and not isinstance(self._key(call.args[0].value, env), str)  # type: ignore[attr-defined]
        )


#: what an assignment may write into an arguments dict: a key (``D[k] = v``),
#: or ``self.args`` itself (also through a name for it)
_WRITTEN_TARGETS = (cst.Subscript, cst.Attribute, cst.Name)


def _may_write(small: cst.BaseSmallStatement) -> bool:
    """Whether a statement has the shape of a write :meth:`ArgumentFills._small_fill`
    reads: an assignment to one target of :data:`_WRITTEN_TARGETS`, a literal
    dict merged in (``D |= {...}``), or a method called as a statement
    (``D.setdefault(k, v)``, ``D.update(...)``)."""
    if type(small) is cst.Assign:
        return len(small.targets) == 1 and type(small.targets[0].target) in _WRITTEN_TARGETS
    if type(small) is cst.AugAssign:
        return type(small.operator) is cst.BitOrAssign and type(small.value) is cst.Dict
    if type(small) is cst.Expr:
        value = small.value
        return type(value) is cst.Call and type(value.func) is cst.Attribute
    return False


def came_before(args: dict[str, ArgBuilder], offers: dict[str, int], known: bool = True) -> None:
    """Defaults, fallbacks or fills offered since ``offers`` were counted, by
    code that runs before ``execute`` (``known``; else code that may): a read
    that raises in ``execute`` is no longer known to come first."""
    for name, builder in args.items():
        if builder.raised_first and builder.offers > offers.get(name, 0):
            if known:
                builder.raised_first = False
            else:
                builder.order_unknown = True
