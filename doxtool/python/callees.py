"""Which function of the module a call reaches, and what it hands it (part
of :class:`~doxtool.python.toolscan.ToolScan`, through
:class:`~doxtool.python.calls.Calls`)."""

from __future__ import annotations

import libcst as cst

from doxtool.python.accessors import accessor_default, held_default
from doxtool.python.argfills import SELF_ARGS, SPLAT
from doxtool.python.callfallbacks import past_fallback
from doxtool.python.controlflow import contains_return
from doxtool.python.cstnodes import child_nodes, dotted_name, splat_fills, suite_body
from doxtool.python.emptystars import empty_stars
from doxtool.python.literals import string_value
from doxtool.python.modulescan import Func
from doxtool.python.ownparams import own_params
from doxtool.python.walkstate import Env, Fills, Target


class Callees:
    """The module's functions and the class's methods a call reaches."""

    def _callee_function(self, node: cst.Call, env: Env) -> Func | None:
        """The function of this module a call reaches: one of the module's
        functions by name, or a method of the class through ``self`` or
        ``super()``."""
        func = node.func
        if type(func) is cst.Name:
            name = func.value
            if name in self.scan.functions and name not in env.names and name not in env.closures:
                return self.scan.functions[name]
        elif type(func) is cst.Attribute and type(func.value) is cst.Name:
            if env.self_name and func.value.value == env.self_name:
                return self._method(func.attr.value)
        elif super_method(func) is not None:
            return self._method(func.attr.value, skip=env.func.cls)
        return None

    def _own_function(self, name: cst.Name, env: Env) -> Func | None:
        """The function of this module a name stands for (not a local,
        a parameter or a nested function of that name)."""
        value = name.value
        if value in self.scan.functions and value not in env.names and value not in env.closures:
            return self.scan.functions[value]
        return None

    def _callee(self, node: cst.Call, env: Env, fn: Func | None = None) -> Target | None:
        """A function of this module the call reaches, and what it is handed.

        Followed are the module's functions, the class's methods (through
        ``self`` or ``super()``), and what reaches their parameters: the
        arguments dict, an argument's value, or the tool itself. ``fn``:
        the function the call is known to reach otherwise (one a dispatch
        table gives, :meth:`~doxtool.python.lookups.Lookups._dispatched_call`).
        """
        fn = fn or self._callee_function(node, env)
        if fn is None:
            return None
        own = {p.name.value for p in own_params(fn)}
        positional = [name for name in fn.positional() if name in own]
        dicts: set[str] = set()
        values: set[tuple[str, str]] = set()
        keys: set[tuple[str, str]] = set()
        splat = False
        filled: set[str] = set()
        texts: set[str] = set()
        computed: set[str] = set()
        groups: set[tuple[str, frozenset[str]]] = set()
        calls: set[tuple[str, str]] = set()
        self_param: str | None = None
        #: the caller's label of each arguments dict handed -> the callee's
        labels: dict[str, set[str]] = {}
        if fn.cls is not None and not fn.is_static:
            labels[SELF_ARGS] = {SELF_ARGS}  # a method: the same ``self.args``
        index = 0
        empty = empty_stars(node, env.func, self.entry)  # type: ignore[attr-defined]
        for arg in node.args:
            if arg.star == "**":
                if self._plain_source(arg.value, env):
                    splat = not splat_fills(node, empty)[1]
                    label = self._dict_label(arg.value, env)
                    if label is not None and splat:
                        labels.setdefault(label, set()).add(SPLAT)
                    if fn.star_kwarg:
                        dicts.add(fn.star_kwarg)
                continue
            if arg.star == "*":
                if not (type(arg.value) is cst.Name and arg.value.value in empty):
                    index = len(positional)  # where the rest lands is unknown
                continue
            if arg.keyword is not None:
                param: str | None = arg.keyword.value
            elif index < len(positional):
                param = positional[index]
                index += 1
            else:
                param = None
            if param is None:
                continue
            filled.add(param)
            value = arg.value
            if self._plain_source(value, env):
                dicts.add(param)
                label = self._dict_label(value, env)
                if label is not None:
                    labels.setdefault(label, set()).add(param)
            elif type(value) is cst.Name and env.self_name and value.value == env.self_name:
                self_param = param
                labels.setdefault(SELF_ARGS, set()).add(SELF_ARGS)
            else:
                argument = self._arg_of(value, env)
                if argument is not None:
                    values.add((param, argument))
                if (type(value) is cst.Name and value.value in env.texts) or (
                    argument is not None
                    and argument in env.nonempty
                    and not (type(value) is cst.Name and value.value in env.changed)
                ):
                    texts.add(param)
                if type(value) is cst.Name and value.value in env.computed:
                    computed.add(param)
                if type(value) is cst.Name and value.value in env.var_groups:
                    groups.add((param, env.var_groups[value.value]))
                if argument is None and type(value) is cst.Name and value.value in env.var_calls:
                    calls.add((param, env.var_calls[value.value]))  # ``x = parse(x); f(x)``
                key = self._key(value, env)
                if isinstance(key, str):
                    keys.add((param, key))
        if not any(arg.star for arg in node.args):
            # a parameter the call leaves out holds its default: a literal
            # string there is the key the callee reads with it
            for param_node in own_params(fn):
                name = param_node.name.value
                if name not in filled and param_node.default is not None:
                    default = self._literal_key(param_node.default)
                    if default is not None:
                        keys.add((name, default))
        fills, fill_keys = self._handed_fills(labels, env)
        held = accessor_default(fn.node)
        literal = (
            past_fallback(
                held_default(fn.node, held, node, fn.cls is not None and not fn.is_static),
                self.or_call_fallbacks.get(id(node)),  # ``self._arg("n") or 5``
                self._value,
                self.or_fallback_nodes,
            )
            if held is not None
            else None
        )
        return Target(
            fn,
            frozenset(dicts),
            splat,
            frozenset(values),
            self_param,
            env.some_calls(),
            frozenset(keys),
            env.needed_here and not env.some_calls(),
            env.trying > 0,
            env.recovering > 0,
            filled=frozenset(filled) if splat else frozenset(),
            texts=frozenset(texts),
            computed=frozenset(computed),
            groups=frozenset(groups),
            calls=frozenset(calls),
            arm=self._arm_here(env),
            fills=fills,
            fill_keys=fill_keys,
            handed=frozenset(
                (label, name) for label, names in labels.items() for name in names if name != SPLAT
            ),
            overridden=env.overridden > 0,
            early=env.early,
            key_guarded=None in env.guards,
            held_defaults=frozenset({(held, literal)}) if held and literal else frozenset(),
        )

    def _carry_fills(self, node: cst.Call, target: Target, env: Env) -> None:
        """A call standing as a statement of its own at the top of the
        caller's body: what the callee fills where missing in an arguments
        dict it is handed, at the top of its body before any statement that
        may return or bind the dict's name again, is filled past the call,
        as a fill in the caller would be (``self._defaults()`` running
        ``self.args.setdefault("fmt", "md")``, then ``self.args["fmt"]``)."""
        fn = target.fn
        awaited = self._top_statement(node, env)
        if not target.handed or awaited is None or (fn.is_async and not awaited):
            return  # (an ``async`` function not awaited runs nothing)
        if _suspends(fn.node.body):
            return  # a generator runs nothing when called; past an ``await``, others may
        callee = Env(
            func=fn,
            self_name=fn.self_name if fn.cls is not None else target.self_param,
            dicts=set(target.dicts),
            names=dict(self.scan.names),  # type: ignore[attr-defined]
            collect_outcomes=False,
        )
        names = {name for _, name in target.handed} - {SELF_ARGS}
        fills = Fills()
        for stmt in suite_body(fn.node.body):
            if contains_return(stmt) or _binds(stmt, names):
                break
            self._top_fills(stmt, callee, fills)  # type: ignore[attr-defined]
        for label, name in target.handed:
            for (own, key), value in fills.filled.items():
                if own == name:
                    env.fills.filled.setdefault((label, key), value)
            if name in fills.any_filled:
                env.fills.any_filled.add(label)
            for (own, key), others in fills.aliased.items():
                if own == name:  # (:mod:`~doxtool.python.renamedkeys`)
                    env.fills.aliased.setdefault((label, key), set()).update(others)
            env.fills.maybe.update((label, key) for own, key in fills.maybe if own == name)

    @staticmethod
    def _top_statement(node: cst.Call, env: Env) -> bool | None:
        """Whether the call, a statement of its own at the top of the
        function's body (it runs on every path that reaches it), is awaited;
        None where it is not such a statement."""
        for stmt in env.top_body:
            if type(stmt) is cst.SimpleStatementLine:
                for small in stmt.body:
                    value = small.value if type(small) is cst.Expr else None
                    awaited = type(value) is cst.Await
                    if awaited:
                        value = value.expression  # type: ignore[union-attr]
                    if value is node:
                        return awaited
        return None

    def _literal_key(self, node: cst.BaseExpression) -> str | None:
        """The string a parameter's default is: a literal, or a constant of
        the module bound to one."""
        if type(node) in (cst.SimpleString, cst.ConcatenatedString):
            value = string_value(node)  # type: ignore[arg-type]
            return value if isinstance(value, str) else None
        if type(node) is cst.Name:
            ok, value = self.scan.constant(node.value)
            return value if ok and isinstance(value, str) else None
        return None

    def _property_read(self, node: cst.Attribute, env: Env) -> None:
        """``self.query`` where the class makes ``query`` a property (or a
        ``functools.cached_property``): its getter runs there, as the call
        ``self.query()`` of a method would, and is followed as that call is."""
        if (
            env.self_name is None
            or env.func.cls is None
            or type(node.value) is not cst.Name
            or node.value.value != env.self_name
        ):
            return
        fn = self._method(node.attr.value)
        if fn is None or fn.cls is None or fn.is_static:
            return
        resolve = self.scan._resolve  # type: ignore[attr-defined]
        # a builtin resolves to no name of the module: it is its dotted name
        names = [resolve(d, env.names) or ".".join(d) for d in _decorator_names(fn.node)]
        if any(name in PROPERTIES for name in names):
            self._calls_out(cst.Call(func=node), env)  # type: ignore[attr-defined]

    def _method(self, name: str, skip: str | None = None) -> Func | None:
        owners = self.mro
        if skip is not None:
            names = [o.name for o in owners]
            if skip in names:
                owners = owners[names.index(skip) + 1 :]
        for owner in owners:
            if name in owner.methods:
                return owner.methods[name]
        return None


def super_method(func: cst.BaseExpression) -> str | None:
    """``m`` of a call ``super().m(...)``; None for any other call."""
    if type(func) is not cst.Attribute or type(func.value) is not cst.Call:
        return None
    inner = func.value.func
    return func.attr.value if type(inner) is cst.Name and inner.value == "super" else None


def _binds(stmt: cst.CSTNode, names: set[str]) -> bool:
    """Whether a statement binds one of ``names`` (``args = dict(args)``)."""
    todo: list[cst.CSTNode] = [stmt]
    while todo:
        node = todo.pop()
        bound: list[cst.CSTNode] = []
        if type(node) is cst.AssignTarget:
            bound = [node.target]
        elif type(node) in (cst.AnnAssign, cst.AugAssign, cst.NamedExpr, cst.For, cst.CompFor):
            bound = [node.target]  # type: ignore[attr-defined]
        elif type(node) is cst.AsName:
            bound = [node.name]
        elif type(node) in (cst.Global, cst.Nonlocal, cst.Del):
            return True
        for target in bound:
            if any(type(n) is cst.Name and n.value in names for n in _names(target)):
                return True
        todo.extend(child_nodes(node))
    return False


def _suspends(node: cst.CSTNode) -> bool:
    """Whether a ``yield`` or an ``await`` stands under ``node``, outside the
    functions and classes defined there."""
    todo = child_nodes(node)
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind is cst.Yield or kind is cst.Await:
            return True
        if kind not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            todo.extend(child_nodes(current))
    return False


def _names(node: cst.CSTNode) -> list[cst.CSTNode]:
    out: list[cst.CSTNode] = []
    todo = [node]
    while todo:
        current = todo.pop()
        if type(current) is cst.Name:
            out.append(current)
        elif type(current) in (cst.Tuple, cst.List, cst.Element, cst.StarredElement):
            todo.extend(child_nodes(current))
    return out


#: the decorators that make a method's getter run where the attribute is read
PROPERTIES = frozenset({"property", "functools.cached_property"})


def _decorator_names(node: cst.FunctionDef) -> list[list[str]]:
    """The dotted names of ``node``'s decorators written as names (not calls)."""
    found = []
    for decorator in node.decorators:
        dotted = dotted_name(decorator.decorator)
        if dotted is not None:
            found.append(dotted)
    return found
