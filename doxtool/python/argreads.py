"""How a tool reads its arguments (part of :class:`~doxtool.python.toolscan.ToolScan`):
``self.args["k"]``, ``self.args.get("k", default)``, ``"k" in self.args``, ``execute``'s
own parameters, what an expression stands for through coercion and normalisation, the
guards and tests that make a read optional, and the arguments taken wholesale."""

from __future__ import annotations

from typing import Any

import libcst as cst

from doxtool.core.facts import ArgumentRead, DynamicRead, json_type
from doxtool.python.annotations import is_union, type_of_annotation
from doxtool.python.arguments import ArgBuilder
from doxtool.python.bindings import local_keys
from doxtool.python.codeline import one_line
from doxtool.python.controlflow import contains_return, terminates
from doxtool.python.cstcode import code_of
from doxtool.python.cstnodes import is_kind, suite_body
from doxtool.python.frameworkcalls import LOG_METHODS
from doxtool.python.literals import literal_value, string_value
from doxtool.python.localliterals import bound_literals
from doxtool.python.loopkeys import MAX_LOOP_KEYS
from doxtool.python.mergeforms import OPAQUE, Merge
from doxtool.python.modulescan import Func
from doxtool.python.ownkeys import OwnKeys
from doxtool.python.ownparams import keyword_params
from doxtool.python.readforms import COERCIONS, FOLDINGS, READ_METHODS, STRING_METHODS, parses
from doxtool.python.readvalues import keeps_blank, method_type, raw_value, tested_types
from doxtool.python.refusedextras import in_extras_refusal
from doxtool.python.samearms import inner_values
from doxtool.python.walkstate import Env, Target

#: calls followed to find the argument a function's return value stands for
_MAX_RETURN_DEPTH = 3


#: literal kinds whose empty value (``[]``, ``""``, ``{}``) a name may start from
_EMPTY_KINDS = (cst.List, cst.Tuple, cst.Dict, cst.SimpleString)


class DynamicKey:
    """Marker for a key that is not a resolvable literal."""


DYNAMIC = DynamicKey()


class ArgumentReads(OwnKeys):
    """The reads of a tool's arguments: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _execute_parameters(self, fn: Func) -> None:
        for param in keyword_params(fn):
            self._parameter_argument(fn, param)

    def _parameter_argument(
        self,
        fn: Func,
        param: cst.Param,
        conditional: bool = False,
        fill: tuple[bool, Any] | None = None,
    ) -> None:
        """A named parameter filled from the arguments dict (``execute``'s, or
        a function's called with ``**self.args``; ``conditional``: on some
        calls only, where one with no default is needed on those calls;
        ``fill``: (known, value) the caller filled the key with where it was
        missing, :mod:`~doxtool.python.argfills`)."""
        name = param.name.value
        line, column = self.scan.loc.expression(param.name, fn.node)
        builder = self._arg(name)
        guarded = param.default is not None or fill is not None
        builder.reads.append(ArgumentRead(line, column, "parameter", guarded, fn.qualname))
        if fill is not None:
            if fill[0]:
                builder.set_default(fill[1])
            else:
                builder.set_fallback(False)
        elif param.default is None and conditional:
            builder.sometimes_read = True
        elif param.default is None:
            builder.needed_read(self.ordered)
        else:
            self._parameter_default(fn, param)
        if param.annotation is not None:
            builder.annotation_type = type_of_annotation(param.annotation.annotation)
            builder.annotation_union = is_union(param.annotation.annotation)

    def _arg(self, name: str) -> ArgBuilder:
        builder = self.args.get(name)
        return builder if builder is not None else self.args.setdefault(name, ArgBuilder(name))

    def _track_empty(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``uris = []``, then filled only under ``isinstance(document, ...)``:
        ``uris`` stays empty when ``document`` is missing."""
        self._track_length(name, value, env)  # type: ignore[attr-defined]
        kind = type(value)
        filled = kind is not cst.SimpleString and bool(getattr(value, "elements", ()))
        if kind in _EMPTY_KINDS and not filled:
            ok, literal = literal_value(value, self.module)
        else:  # not a literal, or a container with elements: never empty
            ok, literal = False, 1
        if ok and not literal:
            env.empty_unless[name] = None
            return
        if name not in env.empty_unless:
            return
        present = set().union(*env.present) if env.present else set()
        known = env.empty_unless[name]
        if len(present) == 1 and (known is None or known in present):
            env.empty_unless[name] = next(iter(present))
        else:
            del env.empty_unless[name]

    def _presence(self, test: cst.BaseExpression, env: Env) -> frozenset[str]:
        """Arguments that must be present for ``test`` to be true."""
        if type(test) is cst.BooleanOperation:
            left, right = self._presence(test.left, env), self._presence(test.right, env)
            return left | right if type(test.operator) is cst.And else left & right
        if (
            type(test) is cst.Call
            and type(test.func) is cst.Name
            and test.func.value == "isinstance"
            and len(test.args) == 2
        ):
            kinds = test.args[1].value
            names = [e.value for e in kinds.elements] if type(kinds) is cst.Tuple else [kinds]
            if any(type(n) is cst.Name and n.value == "NoneType" for n in names):
                return frozenset()
            arg = self._arg_of(test.args[0].value, env)
            return frozenset({arg}) if arg is not None else frozenset()
        if type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if type(target.operator) is cst.In and self._is_dict_source(target.comparator, env):
                key = self._key(test.left, env)
                return frozenset({key}) if isinstance(key, str) else frozenset()
            return frozenset()
        arg = self._arg_of(test, env)
        return frozenset({arg}) if arg is not None else frozenset()

        # nested classes are not part of the tool's behaviour

    def _returned_argument(self, target: Target) -> str | None:
        """The argument a function's single ``return`` stands for
        (``action = _current_action(self, kwargs)``)."""
        if target in self._returned_args:
            return self._returned_args[target]
        self._returned_args[target] = None
        fn = target.fn
        body = suite_body(fn.node.body)
        returns = [
            small
            for stmt in body
            if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite)
            for small in stmt.body
            if type(small) is cst.Return
        ]
        if len(returns) != 1 or returns[0].value is None or not terminates(body):
            return None
        if any(contains_return(stmt) for stmt in body if is_kind(stmt, cst.BaseCompoundStatement)):
            return None
        env = Env(
            func=fn,
            self_name=fn.self_name if fn.cls is not None else target.self_param,
            dicts=set(target.dicts),
            names=dict(self.scan.names),
            collect_outcomes=False,
            var_args=dict(target.values),
            keys=dict(target.keys),  # ``key="path"``: the key the parameter holds
            held_defaults=dict(target.held_defaults),
        )
        env.fills = self._fills_at_start(target)  # type: ignore[attr-defined]
        self._returns_depth += 1
        try:
            arg = self._arg_of(returns[0].value, env)
        finally:
            self._returns_depth -= 1
        self._returned_args[target] = arg
        return arg

    def _loop_keys(self, iterable: cst.BaseExpression, env: Env) -> list[str]:
        """The keys a loop over a short literal (a constant, or a name the
        function binds once to one: :mod:`~doxtool.python.localliterals`) of
        strings takes in turn."""
        ok, value = self._collection_value(iterable, env)
        if not ok or not isinstance(value, list) or not 0 < len(value) <= MAX_LOOP_KEYS:
            return []
        return value if all(isinstance(v, str) for v in value) else []

    def _absent_of(
        self, test: cst.BaseExpression, env: Env
    ) -> tuple[frozenset[str], frozenset[str]]:
        """Arguments known absent when ``test`` is true / false."""
        if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
            false, true = self._absent_of(test.expression, env)
            return true, false
        if type(test) is cst.Comparison and len(test.comparisons) == 1:
            target = test.comparisons[0]
            if self._is_dict_source(target.comparator, env):
                key = self._key(test.left, env)
                if isinstance(key, str):
                    if type(target.operator) is cst.In:
                        return frozenset(), frozenset({key})
                    if type(target.operator) is cst.NotIn:
                        return frozenset({key}), frozenset()
                return frozenset(), frozenset()
            # ``answer is None`` (then ``answer = args.get("text")``) tests a missing ``answer``
            none = type(target.comparator) is cst.Name and target.comparator.value == "None"
            arg = self._arg_of(test.left, env) if none else None
            if arg is not None and type(target.operator) in (cst.Is, cst.Equal):
                return frozenset({arg}), frozenset()
            if arg is not None and type(target.operator) in (cst.IsNot, cst.NotEqual):
                return frozenset(), frozenset({arg})
            return frozenset(), frozenset()
        arg = self._arg_of(test, env)
        return (frozenset(), frozenset({arg})) if arg is not None else (frozenset(), frozenset())

    def _wholesale(self, node: cst.CSTNode, env: Env) -> None:
        if not self.from_execute:
            return  # logging every argument (``get_log_object``) takes none of them
        if in_extras_refusal(env, self._error_exit, self.scan.classes):  # type: ignore[attr-defined]
            return  # ``if kwargs: return Response("takes no ...")``: :mod:`.refusedextras`
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        expression = one_line(code_of(node, self.module))
        if len(expression) > 80:
            expression = expression[:77] + "..."
        self.wholesale.append(DynamicRead(expression, line, column, env.func.qualname))

    def _is_dict_source(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether ``node`` is the arguments dict, or a copy or a merge of it
        whose reads the walk follows (:meth:`~doxtool.python.merges.MergedDicts._dict_value`):
        ``self.args``, a name for it, ``(self.args or {}).get("k")``,
        ``(DEFAULTS | self.args)["k"]``."""
        if type(node) is cst.Attribute:
            return self._is_base_source(node, env)  # type: ignore[attr-defined]
        if type(node) is cst.Name:
            return node.value in env.dicts
        value = self._dict_value(node, env)  # type: ignore[attr-defined]
        return value is not None and value is not OPAQUE

    def _plain_source(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether ``node`` is the arguments dict as it is (or a copy): what
        a function it is handed to reads of it is what the tool reads."""
        value = self._dict_value(node, env)  # type: ignore[attr-defined]
        return isinstance(value, Merge) and value.plain

    def _key(self, node: cst.BaseExpression, env: Env) -> str | DynamicKey:
        if type(node) in (cst.SimpleString, cst.ConcatenatedString):
            value = string_value(node)
            if isinstance(value, str):
                return value
        if type(node) is not cst.Name:
            return DYNAMIC
        name = node.value
        if name in env.loop_keys or name in env.keys:
            return env.loop_keys[name] if name in env.loop_keys else env.keys[name]
        # a local name: the string it always holds (:func:`~doxtool.python.bindings.local_keys`)
        local = self.__dict__.setdefault("_local_keys", {})
        found = local.get(id(env.func.node))
        if found is None:
            found = local[id(env.func.node)] = local_keys(env.func.node)
        ok, value = (True, found[name]) if name in found else self.scan.constant(name)
        return value if ok and isinstance(value, str) else DYNAMIC

    def _read(
        self,
        key_node: cst.BaseExpression,
        node: cst.CSTNode,
        kind: str,
        env: Env,
        default: cst.BaseExpression | None = None,
        source: cst.BaseExpression | None = None,
    ) -> str | None:
        key = self._key(key_node, env)
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        if isinstance(key, DynamicKey):
            self._dynamic_read(key_node, line, column, env)  # type: ignore[attr-defined]
            return None
        if self._overridden(source, key, env):
            return None  # ``{**self.args, "mode": "x"}["mode"]`` reads no argument
        builder = self._arg(key)
        optional, known, value = self._merged_default(source, key, env)
        if known:
            builder.set_default(value)
        fill = self._fill(source, key, env)
        replaced = optional or known or fill is not None or id(node) in self.passed_on
        if fill is not None and not builder.required_read:
            # filled by the tool when missing (:mod:`~doxtool.python.argfills`)
            optional = True
            if fill[0]:
                builder.set_default(fill[1])
            else:
                builder.set_fallback(False)
        # ``args.pop("k")`` with no default raises ``KeyError`` as ``args["k"]`` does
        raises = kind == "subscript" or (kind == "pop" and default is None)
        guarded = not raises or env.guarded(key) or optional
        read = ArgumentRead(line, column, kind, guarded, env.func.qualname)
        builder.reads.append(read)
        builder.read_nodes[id(read)] = id(node)
        if key in env.present_past:
            builder.present_reads.add(id(read))
        if line >= env.refused_keys.get(key, line + 1):  # :meth:`._refuse_after`
            builder.refused_reads.add((line, column))
        if raises and not guarded:
            absent = env.alternatives_of(key)
            if self._rewritten_read(builder, source, key, env):  # type: ignore[attr-defined]
                pass  # written before, on some paths or from another key (:mod:`.renamedkeys`)
            elif self._stands_in(source, key, env):
                # ``(self.args or {"k": 1})["k"]``: a literal has it on some calls
                builder.sometimes_read = True
            elif absent:
                # read only when those are missing: one of them is needed
                builder.alternatives.update(absent)
            elif env.on_error and not env.conditional and not env.branches:
                builder.error_read = True  # in an ``except`` handler
            elif not env.conditional and not env.branches:
                # not in a branch of a dispatch, nor in an arm of a conditional
                # expression, after ``and``/``or``, in a lambda or after a
                # comprehension's condition: read on every call, unless in
                # a branch of an ``if`` not about the arguments
                self._needed_read(key, env)
            else:  # in an arm of a closed dispatch (:mod:`~doxtool.python.arms`)?
                builder.sometimes_read = True
                self._arm_need(key, "raises", env)
        default = self._own_fallback(default, key, env) if kind == "get" else default  # type: ignore[attr-defined]
        rebound = self.rebound_fallbacks.get(id(node))
        known, value = self._value(default) if default is not None else (True, None)
        if env.func.cls is not None and env.func.name in LOG_METHODS:
            pass  # a read that labels the call's log entry gives the argument no default
        elif rebound is not None:  # ``x = args.get("k")`` then ``x = x or <fallback>``:
            # the literal replaced still gives the type
            builder.weak_type = builder.weak_type or _type_of(known, value)
            self._missing_default(builder, *rebound)
        elif default is not None and (
            id(node) in self.passed_on or (id(node) in self.or_replaced and not value)
        ):
            # ``args.get("text", "") or args.get("message")``: a missing ``text``
            # gives ``message``, not ``""`` (nor does ``or 5``, or ``or self.limit``)
            builder.weak_type = builder.weak_type or _type_of(known, value)
            if id(node) in self.passed_on:
                builder.set_fallback(known, value)
        elif id(node) in self.used_fallbacks:  # ``size or "2K"`` where it is used
            builder.weak_type = builder.weak_type or _type_of(known, value)
            builder.held_fallback(known, value)  # the name still holds the read's value
        elif default is not None and self._default_reaches(node, key, env):
            self._default_read(builder, default, known, value)  # type: ignore[attr-defined]
        self._note_read_missing(node, key, kind, default, replaced, rebound is not None)  # type: ignore[attr-defined]
        return key

    def _collection_value(self, node: cst.BaseExpression, env: Env) -> tuple[bool, Any]:
        """What :meth:`_value` knows of ``node``, or the literal a name is bound
        to once in the function, where nothing can change it
        (:mod:`~doxtool.python.localliterals`)."""
        ok, value = self._value(node)
        if not ok and type(node) is cst.Name:
            func = env.func.node
            known = self._literals_of.get(id(func))
            if known is None:
                known = self._literals_of[id(func)] = bound_literals(func)
            literal = known.get(node.value)
            if literal is not None:
                ok, value = literal_value(literal, self.module)
        return ok, value

    def _value(self, node: cst.BaseExpression) -> tuple[bool, Any]:
        """(True, value) for a literal or a module-level constant bound to one."""
        if type(node) is cst.Name and node.value not in ("True", "False", "None"):
            return self.scan.constant(node.value)
        return literal_value(node, self.module)

    def _subscript(self, node: cst.Subscript, env: Env) -> None:
        if not self._is_dict_source(node.value, env):
            self._lookup(node, env)
            return
        if len(node.slice) != 1:
            return
        element = node.slice[0].slice
        if type(element) is cst.Index:
            self._read(element.value, node, "subscript", env, source=node.value)

    def _arg_of(self, node: cst.BaseExpression, env: Env) -> str | None:
        """The argument an expression stands for, through coercion and normalisation:
        ``str(self.args.get("mode", "")).strip().lower()`` stands for ``mode``;
        ``self.method or self.args.get("action")`` for ``action`` (the first
        operand of an ``or`` that is an argument); ``(c := ...)`` and ``c if
        isinstance(c, str) else str(c)`` for what ``c`` does (:mod:`.samearms`)."""
        todo = [node]
        steps = 0
        while todo and steps < 64:
            steps += 1
            node = todo.pop()
            if type(node) is cst.Name:
                arg = env.var_args.get(node.value)
            elif type(node) is cst.Subscript:
                arg = None
                if self._is_dict_source(node.value, env) and len(node.slice) == 1:
                    element = node.slice[0].slice
                    if type(element) is cst.Index:
                        key = self._key(element.value, env)
                        arg = key if isinstance(key, str) else None
                        if arg is not None and self._overridden(node.value, arg, env):
                            arg = None
            elif type(node) is cst.BooleanOperation and type(node.operator) is cst.Or:
                todo.extend((node.right, node.left))
                continue
            elif type(node) in (cst.NamedExpr, cst.IfExp):
                todo.extend(inner_values(node) or self._guarded_arm(node, env))  # type: ignore
                continue
            elif type(node) is cst.Call:
                arg = None
                func = node.func
                target = (
                    self._callee(node, env) if self._returns_depth < _MAX_RETURN_DEPTH else None
                )
                if target is not None:
                    arg = self._returned_argument(target)
                elif type(func) is cst.Name and func.value in env.closures:
                    arg = self._accessor_argument(node, env)  # type: ignore[attr-defined]
                elif type(func) is cst.Attribute:
                    if func.attr.value in READ_METHODS and self._is_dict_source(func.value, env):
                        if node.args:
                            key = self._key(node.args[0].value, env)
                            arg = key if isinstance(key, str) else None
                            if arg is not None and self._overridden(func.value, arg, env):
                                arg = None
                    elif func.attr.value in STRING_METHODS:
                        todo.append(func.value)
                        continue
                elif type(func) is cst.Name and func.value in COERCIONS and node.args:
                    todo.append(node.args[0].value)
                    continue
            else:
                arg = None
            if arg is not None:
                return arg
        return None

    def _call(self, node: cst.Call, env: Env) -> None:
        func = node.func
        # reads: D.get(k, default), D.pop(k)
        if (
            type(func) is cst.Attribute
            and func.attr.value in READ_METHODS
            and self._is_dict_source(func.value, env)
            and node.args
            and node.args[0].keyword is None
        ):
            default = node.args[1].value if len(node.args) > 1 else None
            if type(default) is cst.Name and default.value in env.held_defaults:
                default = env.held_defaults[default.value]  # :mod:`.accessors`
            if self._pure_write(node, env):
                return
            self._read(
                node.args[0].value, node, READ_METHODS[func.attr.value], env, default, func.value
            )
            return
        if (
            type(func) is cst.Name
            and func.value in COERCIONS
            and node.args
            # ``isinstance(str(size), str)`` converts nothing the code uses
            and id(node) not in self.type_tests
            and not self._converts_converted(node)  # ``int(float(x))``: ``float``'s
        ):
            parse = parses(func.value, [a.keyword.value if a.keyword else None for a in node.args])
            for arg in self._standing_for(node.args[0].value, env):
                builder = self._arg(arg)
                if parse:  # ``int(x, 16)`` parses a string: no conversion
                    self._converted(builder, node, None, "string", env)
                elif func.value == "str":
                    builder.coercion = builder.coercion or "str"
                    builder.weak_type = builder.weak_type or "string"
                elif func.value != "bool":  # ``bool(x)`` tests truthiness: any type
                    self._converted(builder, node, func.value, self._made_type(node), env)
        if type(func) is cst.Name and func.value == "isinstance" and len(node.args) == 2:
            subject = node.args[0].value
            self.type_tests.add(id(subject))
            if raw_value(subject):  # the value as read, not ``str(x)``
                kinds = tested_types(node.args[1].value)
                kept = env.var_kept_some.get(subject.value) if type(subject) is cst.Name else None
                for arg in self._standing_for(subject, env) or ([kept] if kept else []):
                    self._arg(arg).tested_types.update(kinds)
        if type(func) is cst.Attribute and func.attr.value in STRING_METHODS:
            for arg in self._standing_for(func.value, env):
                builder = self._arg(arg)
                if not any(arg in tested for tested in env.string_bodies):  # strings only
                    builder.weak_type = builder.weak_type or "string"
                # ``replace("-", "_")``: not the values listed; shown in an f-string, only text
                if func.attr.value not in FOLDINGS and id(node) not in self.displayed:
                    builder.respelled = True
                    builder.values_unknown |= not keeps_blank(node)
        for arg in self._standing_for(func.value, env) if (used := method_type(func)) else ():
            self._arg(arg).used_type = self._arg(arg).used_type or used  # ``x.items()``
        self._built_into_class(node, env)
        self._lookup(node, env)
        self._calls_out(node, env)


def _type_of(known: bool, value: Any) -> str | None:
    """The JSON type of a literal read, when it is one other than None."""
    return json_type(value) if known and value is not None else None
