"""Values looked up in a dict (part of :class:`~doxtool.python.toolscan.ToolScan`).

``handler = HANDLERS.get(action)``, then ``if handler is None: return
Response("unknown action")``: ``action`` accepts the keys of ``HANDLERS``
when it is a module constant whose keys are literal strings, that the
module never changes (:func:`~doxtool.python.names.may_change`), less the
keys whose value the check refuses (``"legacy": None`` for ``is None``, any
false literal for ``if not handler``). A value the check cannot be known to
pass (a call, an imported name) leaves the values unknown. Any other
lookup of an argument's value in a dict (no such check after it, a dict
whose keys are not known, ``HANDLERS[action]``) says the values accepted
are not known: no list is claimed, and neither is "any value".

``getattr(self, f"do_{action}")`` takes a method by a name the code
computes: a method of the tool that name may give (``do_save``) runs on
some calls only, and what it reads is walked as such
(:meth:`Lookups._scan_dispatched`). A name whose own text is underscores
alone (``f"_{method}"``) may give any private method: the ones the class calls
by name itself are its helpers, not handed the call's arguments, but for one
taking ``**kwargs`` as the handlers do.
"""

from __future__ import annotations

import dataclasses

import libcst as cst

from doxtool.python.controlflow import ends_with_raise
from doxtool.python.cstnodes import descendants, suite_body
from doxtool.python.literals import literal_value
from doxtool.python.localdicts import bound_dicts
from doxtool.python.modulescan import Func
from doxtool.python.names import may_change
from doxtool.python.walkstate import Env, LookupEntry, Target

#: builtins that look up an attribute by a name the code computes
_ATTRIBUTE_LOOKUPS = frozenset({"getattr", "hasattr"})


class Lookups:
    """Values looked up in a dict: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    _dicts_of: dict[int, dict[str, cst.Dict]]

    def _dict_keys(self, node: cst.BaseExpression, env: Env | None = None) -> list[str] | None:
        """The keys of a module constant dict (:meth:`_dict_entries`)."""
        entries = self._dict_entries(node, env)
        return None if entries is None else [key for key, _ in entries]

    def _dict_entries(
        self, node: cst.BaseExpression, env: Env | None = None
    ) -> list[LookupEntry] | None:
        """The keys of a module constant dict whose keys are literal strings
        and that nothing in the module may change, or of such a dict the
        function walked (``env``) binds once and only reads
        (:func:`~doxtool.python.localdicts.bound_dicts`), each with what is
        known of its value (:func:`_entry_value`); None otherwise."""
        value = self._dict_node(node, env)
        if value is None:
            return None
        keys: list[LookupEntry] = []
        for element in value.elements:
            if type(element) is not cst.DictElement:
                return None  # ``{**OTHER}``
            ok, key = literal_value(element.key, self.module)
            if not ok or not isinstance(key, str):
                return None
            keys.append((key, self._entry_value(element.value, env)))
        return keys

    def _dict_node(self, node: cst.BaseExpression, env: Env | None = None) -> cst.Dict | None:
        """The dict display a module constant the module never changes, or a
        name the function walked (``env``) binds once and only reads, stands
        for, when it holds entries."""
        if type(node) is not cst.Name:
            return None
        value = self.scan.constant_node(node.value)
        if value is None and env is not None and node.value not in env.var_args:
            function = env.func.node
            local = self._dicts_of.get(id(function))
            if local is None:
                local = self._dicts_of[id(function)] = bound_dicts(function)
            value = local.get(node.value)
        if type(value) is not cst.Dict or not value.elements:
            return None
        return value

    def _dispatch_table(self, node: cst.BaseExpression, env: Env) -> tuple[Func, ...] | None:
        """The functions a dict of them (:meth:`_dict_node`) holds, when each
        of its values is a method of the tool taken through ``self``
        (``self._list``) or a function of the module (``_list``); None
        otherwise."""
        table = self._dict_node(node, env)
        if table is None:
            return None
        found: list[Func] = []
        for element in table.elements:
            if type(element) is not cst.DictElement:
                return None
            value = element.value
            fn: Func | None = None
            if type(value) is cst.Name:
                fn = self._own_function(value, env)  # type: ignore[attr-defined]
            elif (
                env.self_name is not None
                and type(value) is cst.Attribute
                and type(value.value) is cst.Name
                and value.value.value == env.self_name
            ):
                fn = self._method(value.attr.value)  # type: ignore[attr-defined]
            if fn is None:
                return None
            if fn not in found:
                found.append(fn)
        return tuple(found)

    def _dispatched_call(self, node: cst.Call, env: Env) -> None:
        """``return await handler(path=path)`` of a name a dispatch table
        gave: each function it holds runs on some calls only, handed what the
        call hands it (a check there of a parameter an argument's value
        reaches needs that argument on those calls)."""
        func = node.func
        assert type(func) is cst.Name
        for fn in env.dispatched[func.value]:
            target = self._callee(node, env, fn)  # type: ignore[attr-defined]
            if target is not None:
                target = dataclasses.replace(target, conditional=True, needed=False)
                self._scan(target, collect=False)  # type: ignore[attr-defined]

    def _entry_value(
        self, value: cst.BaseExpression, env: Env | None = None
    ) -> tuple[bool, object]:
        """(True, value) for a literal; (True, True) for a lambda or a function
        or class the module defines and never rebinds, or a method of the
        tool taken through ``self`` (``self._list``: neither None nor false);
        (False, None) for anything else (a call, an imported name)."""
        ok, literal = literal_value(value, self.module)
        if ok:
            return True, literal
        if type(value) is cst.Lambda:
            return True, True
        if (
            env is not None
            and env.self_name is not None
            and type(value) is cst.Attribute
            and type(value.value) is cst.Name
            and value.value.value == env.self_name
            and any(m.name == value.attr.value for m in self.scan.visible_methods(self.cls))
        ):
            return True, True
        if type(value) is cst.Name:
            name = value.value
            defined = name in self.scan.functions or name in self.scan.classes
            rebound = name in self.scan.constant_nodes or may_change(
                self.scan.loc.source, name, mutable=False
            )
            if defined and not rebound:
                return True, True
        return False, None

    def _lookup(self, node: cst.Call | cst.Subscript, env: Env) -> None:
        """``D.get(x)`` or ``D[x]`` on a dict that is not the arguments, with
        ``x`` an argument's value: which values it accepts is not known,
        unless a check after it (:meth:`_closed_lookup`) says so."""
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Name and func.value in _ATTRIBUTE_LOOKUPS and len(node.args) >= 2:
                self._attribute_lookup(node, node.args[1].value, env)
                return
            if type(func) is not cst.Attribute or func.attr.value != "get" or not node.args:
                return
            if self._is_dict_source(func.value, env):
                return
            key, source = node.args[0].value, func.value
        else:
            if self._is_dict_source(node.value, env) or len(node.slice) != 1:
                return
            index = node.slice[0].slice
            if type(index) is not cst.Index:
                return
            self._value_key_read(node, env)  # type: ignore[attr-defined]
            key, source = index.value, node.value
            keys = self._dict_keys(source, env)
            if keys is not None and type(key) in (cst.Name, cst.Call):
                # ``HANDLERS[action]``: what a missing key gives, no key of
                # the dict, raises ``KeyError`` as ``args["action"]`` does
                self._raising_use(node, key, env, lambda missing: missing not in keys)  # type: ignore[attr-defined]
        arg = self._arg_of(key, env)
        if arg is not None:  # the key's own read may be walked after this
            builder = self._arg(arg)
            builder.open_lookups.add(id(node))
            # the keys it is looked up with are values of it all the same
            builder.looked_up.extend(self._dict_keys(source, env) or ())

    def _attribute_lookup(self, node: cst.Call, name: cst.BaseExpression, env: Env) -> None:
        """``getattr(self, f"op_{op}", None)``, ``hasattr(self, "do_" + op)``:
        the value names an attribute, and which attributes there are (the
        class's, its bases', set at run time) is not known: nor are the
        values accepted."""
        if func_shadowed(node, env):
            return
        self._attribute_dispatch(node, name, env)
        parts: list[cst.BaseExpression] = [name]
        while parts:
            part = parts.pop()
            if type(part) is cst.FormattedString:
                parts.extend(
                    p.expression for p in part.parts if type(p) is cst.FormattedStringExpression
                )
                continue
            if type(part) is cst.BinaryOperation and type(part.operator) is cst.Add:
                parts.extend((part.left, part.right))
                continue
            for arg in self._standing_for(part, env):
                self._arg(arg).open_lookups.add(id(node))

    def _attribute_dispatch(self, node: cst.Call, name: cst.BaseExpression, env: Env) -> None:
        """``getattr(self, f"do_{action}", None)``: note the names of the
        tool's methods the computed name may give (those starting and ending
        with its literal text)."""
        receiver = node.args[0].value
        if type(node.func) is not cst.Name or node.func.value != "getattr":
            return
        if env.self_name is None or type(receiver) is not cst.Name:
            return
        if receiver.value != env.self_name or literal_value(name, self.module)[0]:
            return
        self.dispatch_names.add(_name_shape(name, self.module))

    def _attribute_methods(self, value: cst.BaseExpression, env: Env) -> tuple[Func, ...]:
        """The tool's methods ``getattr(self, <computed name>, ...)`` may give:
        a call of the name bound to it runs one of them, where it is called
        (in the ``try`` around it), handed what it is handed."""
        if type(value) is not cst.Call or type(value.func) is not cst.Name:
            return ()
        if value.func.value != "getattr" or func_shadowed(value, env) or len(value.args) < 2:
            return ()
        if any(a.keyword or a.star for a in value.args) or env.self_name is None:
            return ()
        receiver, name = value.args[0].value, value.args[1].value
        if type(receiver) is not cst.Name or receiver.value != env.self_name:
            return ()
        if type(name) is cst.Name:  # ``handler_name = f"_do_{action}"``, bound once
            bound = self._bound_in(env.func.node.body, name.value)  # type: ignore[attr-defined]
            if bound is not None and len(bound) == 1 and bound[0].value is not None:
                name = bound[0].value
        if literal_value(name, self.module)[0]:
            return ()
        shape = _name_shape(name, self.module)
        if shape == ("", ""):  # any method: none is handed what the call hands
            return ()
        methods = self.scan.visible_methods(self.cls)
        # ``f"_{method}"`` may be any private method: one the class calls by
        # name itself is its helper (``self._load(path)``), not a handler,
        # unless it takes ``**kwargs`` as the handlers do (``_search(self,
        # query="", **kwargs)``, which ``_refresh`` calls too)
        helpers = _self_called(methods) if not any(c.isalnum() for c in "".join(shape)) else ()
        helpers = {m.name for m in methods if m.name in helpers and m.star_kwarg is None}
        return tuple(
            method
            for method in methods
            if method.name != "execute" and _fits(method.name, shape) and method.name not in helpers
        )

    def _scan_dispatched(self) -> None:
        """Walk the methods a computed ``getattr`` on the tool may take, and no
        call reached yet, as called on some calls only: a read there that
        raises without a key needs it on those calls alone."""
        while self.dispatch_names:
            reached = {key[0] for key in self.done}
            found = [
                method
                for method in self.scan.visible_methods(self.cls)
                if method.name != "execute"
                and method.qualname not in reached
                and any(_fits(method.name, shape) for shape in self.dispatch_names)
            ]
            if not found:
                return
            for method in found:
                self._scan(Target(method, conditional=True), collect=False)

    def _never_falsy_lookup(self, node: cst.BaseExpression, env: Env) -> bool:
        """Whether ``node`` looks a value up in a dict whose every value is
        known and true, with a fallback known true as well (``code =
        MODES.get(mode, "f")``, ``HANDLERS.get(action, self._help)``): what it
        gives is never false, so a test of its truth refuses no value of the
        key looked up."""
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            return False
        if node.func.attr.value != "get" or len(node.args) != 2:
            return False
        if any(a.keyword is not None or a.star for a in node.args):
            return False
        known, fallback = self._entry_value(node.args[1].value, env)
        entries = self._dict_entries(node.func.value, env) if known and fallback else None
        return entries is not None and all(known and bool(v) for _, (known, v) in entries)

    def _track_lookup(self, name: str, value: cst.BaseExpression, env: Env) -> None:
        """``handler = HANDLERS.get(action)``: ``handler`` is None for a value
        of ``action`` that is not a key of ``HANDLERS``."""
        env.lookups.pop(name, None)
        env.dispatched.pop(name, None)
        methods = self._attribute_methods(value, env)
        if methods:  # ``handler = getattr(self, f"_do_{action}", None)``
            env.dispatched[name] = methods
        if type(value) is cst.Subscript and len(value.slice) == 1:
            table = self._dispatch_table(value.value, env)  # ``HANDLERS[action]``
            if table is not None:
                env.dispatched[name] = table
        if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
            return
        func = value.func
        if func.attr.value == "get" and 1 <= len(value.args) <= 2:
            table = self._dispatch_table(func.value, env)
            if table is not None and len(value.args) == 1:
                env.dispatched[name] = table
        if func.attr.value != "get" or not 1 <= len(value.args) <= 2:
            return
        if len(value.args) == 2:
            ok, default = literal_value(value.args[1].value, self.module)
            if not ok or default is not None:
                return  # a miss gives a value of its own
        keys = self._dict_entries(func.value, env)
        arg = self._arg_of(value.args[0].value, env)
        if keys is not None and arg is not None:
            env.lookups[name] = (arg, tuple(keys), id(value))

    def _closed_lookup(self, stmt: cst.If, env: Env) -> None:
        """``if handler is None: return Response(error)`` (or ``if not
        handler: raise ...``) after ``handler = HANDLERS.get(action)``:
        ``action`` accepts the keys of ``HANDLERS`` whose value passes the
        check."""
        if stmt.orelse is not None:
            return
        missing = _missing_name(stmt.test)
        if missing is None or missing[0] not in env.lookups:
            return
        name, falsy = missing
        body = suite_body(stmt.body)
        # ``return self.fail(...)``: closed if that call refuses (as ``not in``)
        answered = None if self._error_exit(body, env) else self._absence_call(body, env)
        if answered is None and not self._error_exit(body, env):
            return
        if env.func is not self.entry and not ends_with_raise(body):
            return  # a helper's return does not end ``execute``
        arg, keys, node = env.lookups[name]
        accepted: list[str] = []
        for key, (known, value) in keys:
            if not known:
                return  # whether the check refuses it is not known
            if not (not value if falsy else value is None):
                accepted.append(key)
        if not accepted:
            return
        builder = self._arg(arg)
        builder.open_lookups.discard(node)
        for key in accepted:
            builder.add_enum(key)
        # a closed dispatch as ``if action not in (...)`` is: what a missing
        # key gives (``args.get("action", "")``) may be refused on every call
        saved, env.closed_call = env.closed_call, answered or env.closed_call
        self._closed_on(arg, accepted, env)  # type: ignore[attr-defined]
        env.closed_call = saved


def _missing_name(test: cst.BaseExpression) -> tuple[str, bool] | None:
    """The name ``test`` is true for when it is None (``x is None``, ``x ==
    None``: False) or false (``not x``: True), with which of the two."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        inner = test.expression
        return (inner.value, True) if type(inner) is cst.Name else None
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        value = target.comparator
        if (
            type(target.operator) in (cst.Is, cst.Equal)
            and type(value) is cst.Name
            and value.value == "None"
            and type(test.left) is cst.Name
        ):
            return test.left.value, False
    return None


def _name_shape(name: cst.BaseExpression, module: cst.Module) -> tuple[str, str]:
    """The literal text a computed name starts and ends with
    (``f"do_{action}"``: ``("do_", "")``; ``"on_" + event + "_done"``)."""
    parts: list[cst.BaseExpression] = [name]
    if type(name) is cst.FormattedString:
        pieces = [
            (True, p.value) if type(p) is cst.FormattedStringText else (False, "")
            for p in name.parts
        ]
    else:
        pieces = []
        while parts:  # the leaves of ``a + b + c``, left to right
            part = parts.pop()
            if type(part) is cst.BinaryOperation and type(part.operator) is cst.Add:
                parts.extend((part.right, part.left))
                continue
            ok, value = literal_value(part, module)
            pieces.append((True, value) if ok and isinstance(value, str) else (False, ""))
    prefix = pieces[0][1] if pieces and pieces[0][0] else ""
    suffix = pieces[-1][1] if len(pieces) > 1 and pieces[-1][0] else ""
    return prefix, suffix


def _self_called(methods: list[Func]) -> frozenset[str]:
    """The names of ``methods`` a method among them calls through its
    ``self`` (``self._load(path)``)."""
    names: set[str] = set()
    for method in methods:
        positional = method.positional()
        if not positional:
            continue
        for node in descendants(method.node.body):
            if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
                continue
            receiver = node.func.value
            if type(receiver) is cst.Name and receiver.value == positional[0]:
                names.add(node.func.attr.value)
    return frozenset(names)


def _fits(method: str, shape: tuple[str, str]) -> bool:
    """Whether a name of that shape may be ``method``."""
    prefix, suffix = shape
    return (
        len(method) >= len(prefix) + len(suffix)
        and method.startswith(prefix)
        and method.endswith(suffix)
    )


def func_shadowed(node: cst.Call, env: Env) -> bool:
    """Whether the function called is a name the function walked binds
    (``getattr = ...``), not the builtin."""
    return type(node.func) is cst.Name and node.func.value in env.names
