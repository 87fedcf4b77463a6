"""What a tool calls (part of :class:`~doxtool.python.toolscan.ToolScan`).

Helpers of the repository (followed later, :mod:`.resolve`), side effects (:mod:`.effects`),
intervention, and the functions of the module the walk follows, with what reaches their parameters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from functools import partial

import libcst as cst

from doxtool.core.facts import Effect, HelperCall
from doxtool.python import effects
from doxtool.python.argfills import SELF_ARGS
from doxtool.python.argwrites import Writes, argument_writes
from doxtool.python.bindings import shadowed
from doxtool.python.callaliases import call_alias, method_alias
from doxtool.python.callees import Callees, super_method
from doxtool.python.callfallbacks import never_empty, or_value
from doxtool.python.chains import ObjectChains
from doxtool.python.computedcallees import computed_callee, getattr_dotted
from doxtool.python.cstnodes import argument_after, call_argument, dotted_name, splat_fills
from doxtool.python.cstpaths import PathReceivers
from doxtool.python.emptystars import empty_stars
from doxtool.python.fileopens import FileOpens
from doxtool.python.handedconversions import conversion, made_from
from doxtool.python.heldobjects import UNKNOWN, HeldObjects
from doxtool.python.heldresults import HeldResults
from doxtool.python.literals import literal_value, string_value
from doxtool.python.makers import Makers
from doxtool.python.pathkinds import makes_path
from doxtool.python.receivers import BoundValues
from doxtool.python.walkstate import Env, Target


class Calls(Callees, Makers, PathReceivers, HeldObjects, ObjectChains, FileOpens, HeldResults):
    """Calls, helpers and side effects: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    #: what the names of the functions walked are bound to
    bound: BoundValues
    #: what the class's own code may change in the arguments dict (read when needed)
    writes: Writes | None
    #: the repository callable whose result a value is (``Cls(...)``, ``make(...)``)
    _constructed: Callable[[cst.BaseExpression, Env], str | None]
    #: id of a call node -> the call into another module it is
    call_nodes: dict[int, HelperCall]
    or_call_fallbacks: dict[int, list[cst.BaseExpression]]
    #: a call of a method of an object the tool keeps whose class is not known
    effects_unknown: bool
    #: whether a call's walk collects outcomes (:mod:`~doxtool.python.returnedcalls`)
    _collects_here: Callable[[cst.Call, Target, Env], bool]

    def _calls_out(self, node: cst.Call, env: Env) -> None:
        """Helpers, side effects, intervention, and dicts handed to other functions."""
        func = node.func
        dotted = dotted_name(func) or getattr_dotted(func, env)  # ``getattr(os, "remove")``
        if dotted is not None:
            self._record_call(dotted, node, env)
        self.effects_unknown |= computed_callee(func, env, self)
        target = self._callee(node, env)
        if target is not None and id(node) in env.answering:
            target = dataclasses.replace(target, answers=True)
        if target is None and type(func) is cst.Name and func.value in env.dispatched:
            self._dispatched_call(node, env)  # type: ignore[attr-defined]
        elif target is not None:
            # collecting outcomes when it is a call the function returns
            # (:mod:`~doxtool.python.returnedcalls`)
            self._scan(target, collect=self._collects_here(node, target, env))
            self._carry_fills(node, target, env)
            self._override_call(node, target, env)
        elif (method := super_method(func)) is not None and env.func.cls is not None:
            # ``super().m()`` of a base elsewhere: resolving joins what it does
            self._helper_call(f"super().{method}", node, env)
        elif type(func) is cst.Attribute and dotted is None:
            # a method of a computed receiver: ``Path(p).write_text(...)``;
            # of what a callable of the repository makes, followed into it
            # (``Runner().sub.run()``: of what the object made keeps)
            for made in self._chain_objects(func.value, env):
                self._helper_call(f"{made}.{func.attr.value}", node, env)
            self._method_effects(func.attr.value, node, env, func.attr.value)
        elif (
            dotted is not None
            and len(dotted) == 2
            and env.self_name is not None
            and dotted[0] == env.self_name
            and env.func.cls is not None
        ):
            # a method the module does not define: a base elsewhere may
            self._helper_call(f"self.{dotted[1]}", node, env)

    def _override_call(self, node: cst.Call, target: Target, env: Env) -> None:
        """``self.run(**kwargs)`` handing the arguments dict to a method of the
        class: a subclass in another module may override the method."""
        func = node.func
        if (
            (target.dicts or target.splat)
            and target.fn.cls is not None
            and type(func) is cst.Attribute
            and type(func.value) is cst.Name
            and env.self_name is not None
            and func.value.value == env.self_name
        ):
            self._helper_call(f"self.{func.attr.value}", node, env, override=True)

    def _helper_call(
        self, target: str, node: cst.Call, env: Env, override: bool = False, named: bool = False
    ) -> None:
        """A call into another module of the repository, with the parameters
        that receive the tool's arguments dict (followed when resolving)."""
        dicts: list[str] = []
        selves: list[str] = []
        literals: list[list[str]] = []
        values: list[list[str]] = []
        converted: list[list[str]] = []
        #: the labels of the arguments dicts handed (None: one with none);
        #: a method of the tool's class elsewhere has its ``self.args``
        handed: list[str | None] = [SELF_ARGS] if target.startswith(("self.", "super().")) else []
        index = 0
        # a value handed to a helper (not the returned ``Response``), which may test it
        hands = not override and not self._is_response_call(node, env)
        #: past ``*rest``, where a positional value lands is not known; a named one's is
        starred = False
        empty = empty_stars(node, env.func, self.entry)  # type: ignore[attr-defined]
        given = [
            arg.star or (arg.keyword.value if arg.keyword is not None else f"#{i}")
            for i, arg in enumerate(node.args)
        ]
        for arg in node.args:
            if arg.star == "*":
                starred = starred or not (type(arg.value) is cst.Name and arg.value.value in empty)
                continue
            if starred and arg.keyword is None and arg.star != "**":
                continue
            if arg.star == "**":
                if self._plain_source(arg.value, env):
                    dicts.append("**")
                    handed.append(self._dict_label(arg.value, env))
                continue
            key = arg.keyword.value if arg.keyword is not None else f"#{index}"
            if arg.keyword is None:
                index += 1
            value = arg.value
            for name in self._standing_for(value, env) if hands else ():
                self._arg(name).handed = True
            if self._plain_source(value, env):
                dicts.append(key)
                handed.append(self._dict_label(value, env))
            elif type(value) is cst.Name and env.self_name and value.value == env.self_name:
                selves.append(key)
                handed.append(SELF_ARGS)
            elif type(value) in (cst.SimpleString, cst.ConcatenatedString):
                text = string_value(value)
                if isinstance(text, str):
                    literals.append([key, text])
            elif hands and (argument := self._arg_of(value, env) or made_from(value, env)):
                if never_empty(value, self._value):  # ``shout(text or "hi")``: no empty value
                    continue
                values.append([key, argument])
                made = conversion(value, partial(self._bound_values, env=env), env.var_calls)
                if made is not None:
                    converted.append([key, made])
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        call = HelperCall(
            target,
            line,
            column,
            env.func.qualname,
            dicts,
            selves,
            env.some_calls(),
            literals=literals,
            given=given,
            in_try=env.trying > 0,
            recovered=env.recovering > 0,
            key_guarded=None in env.guards,  # (:mod:`~doxtool.python.catchwalk`)
            needed=env.needed_here and not env.some_calls(),
            values=values,
            converted=converted,
            override=override,
            named=named,
        )
        self.call_nodes[id(node)] = call
        if id(node) in self.or_call_fallbacks:  # ``arg(self.args, "n") or 5``
            call.fallback = or_value(self.or_call_fallbacks[id(node)], self._value)
        self._call_fills(call, handed, env)
        if target.startswith(("self.", "super().")):
            self._args_fills(call, env)
        if "**" in dicts:
            call.fills, call.fills_unknown = splat_fills(node, empty)
        if target.startswith("super()."):
            writes = self._argument_writes()
            call.changed, call.changes_unknown = sorted(writes.keys), writes.unknown
        self.helper_calls.append(call)

    def _bound_values(self, name: str, env: Env) -> list[cst.BaseExpression | None] | None:
        """The values the walked function binds ``name`` to (None for a binding
        of another kind); None where its bindings are not known."""
        bound = self._bound_in(env.func.node.body, name)  # type: ignore[attr-defined]
        return None if bound is None else [b.value for b in bound]

    def _args_fills(self, call: HelperCall, env: Env) -> None:
        """What the tool's code wrote into ``self.args`` before a call of a
        method of its own, which reads it (:attr:`HelperCall.on_args`)."""
        own = HelperCall(call.target, call.line)
        self._call_fills(own, [SELF_ARGS], env)
        call.on_args, call.args_filled, call.args_written = True, own.filled, own.written
        call.args_any_filled, call.args_replaced = own.any_filled, own.replaced
        call.args_aliased, call.args_maybe = own.aliased, own.maybe

    def _argument_writes(self) -> Writes:
        """What the class's own code (its methods and those of its bases in
        the module) may change in the arguments dict, read once."""
        if self.writes is None:
            self.writes = argument_writes(m for owner in self.mro for m in owner.methods.values())
        return self.writes

    def _callbacks(self, node: cst.Call, env: Env) -> None:
        """Functions of the repository handed to a call (``run(files.exists, p)``,
        ``asyncio.to_thread(_fetch, url)``) are called by it: one of another
        module as a helper, one of this module walked, on some calls only,
        for what it does (what it raises may never get out)."""
        # ``isinstance(proc, subprocess.Popen)``, ``cast(subprocess.Popen, p)``,
        # ``callable(_fetch)`` read what they are handed: they call nothing,
        # neither a library function nor one or a class of the repository;
        # but ``getattr(obj, name, _fallback)`` may give ``_fallback`` back
        called = dotted_name(node.func) or [""]
        imported = called[0] in env.names
        callee = self.scan._resolve(called, env.names) if imported else ".".join(called)
        for index, arg in enumerate(node.args):
            if arg.star or type(arg.value) not in (cst.Name, cst.Attribute):
                continue
            if effects.read_only(callee, index):
                continue
            if type(arg.value) is cst.Name and (fn := self._own_function(arg.value, env)):
                # when, and whether, it runs is the call's: what it raises
                # may never reach the tool (a ``try`` whose end is not known)
                handed = Target(fn, conditional=True, in_try=True, overridden=True, early=env.early)
                self._scan(handed, collect=False)
                continue
            dotted = dotted_name(arg.value)
            if dotted is None or (env.self_name and dotted[0] == env.self_name):
                continue
            qualified = self.scan._resolve(dotted, env.names)
            if qualified is not None and (areas := effects.for_call(qualified)):
                # a library function of known effects (``to_thread(os.remove, p)``; p its own temp)
                if effects.DELETE in areas and self._made_here(argument_after(node, arg), env):
                    areas = tuple(a for a in areas if a != effects.DELETE)
                self._side_effects(areas, qualified, node, env)
            elif (
                qualified is not None
                and qualified.split(".", 1)[0] in self.scan.local_roots
                and not qualified.startswith(self.scan.module + ".")
            ):
                line, column = self.scan.loc.expression(arg.value, env.stmt or env.func.node)
                self.helper_calls.append(
                    HelperCall(qualified, line, column, env.func.qualname, in_try=env.trying > 0)
                )

    def _helper(self, name: str, env: Env) -> None:
        """``name`` is called in the function walked."""
        self.helpers.setdefault(name, set()).add(env.func.qualname)

    def _record_call(self, dotted: list[str], node: cst.Call, env: Env) -> None:
        if node.args:
            self._callbacks(node, env)
        if env.self_name and len(dotted) == 1:
            # ``pause = self.agent.handle_intervention``, then ``pause()``
            dotted = method_alias(dotted, env, self._bound_in) or dotted  # type: ignore[attr-defined]
        if env.self_name and dotted[0] == env.self_name:
            if len(dotted) >= 3 and dotted[1] == "agent":
                self._helper("self.agent." + ".".join(dotted[2:]), env)
            if dotted[-1] == "handle_intervention":
                self.intervention = True
                # ``self.context.agent.handle_intervention()``: named as written
                self._helper(".".join(dotted), env)
            elif len(dotted) >= 3:
                # ``self.service.search()``: a method of an object the tool
                # keeps; ``self.runner.sub.run()``: of what that object keeps
                # (followed when resolving)
                held = self._held_class(dotted[1], env)
                if held == UNKNOWN:
                    self.effects_unknown = True
                elif held is not None:
                    self._helper_call(".".join([held, *dotted[2:]]), node, env)
                # ``self.path.unlink()``; ``self.method()`` is followed instead
                self._method_effects(dotted[-1], node, env, ".".join(dotted))
            return
        if dotted[-1] == "handle_intervention":
            # through an alias (``agent = self.agent``) or a parameter: the
            # helpers line names the call as written, as DOX132 sees it
            self.intervention = True
            self._helper(".".join(dotted), env)
        if len(dotted) == 1 and dotted[0] == "open" and "open" not in env.names:
            self._side_effects(self._open_areas(node, env), "open", node, env)
            return
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None:  # ``rm = os.remove``, then ``rm(path)``
            dotted, qualified = call_alias(dotted, env, self.scan, self._bound_in)  # type: ignore[attr-defined]
        if qualified is None and len(dotted) >= 2 and dotted[0] in env.instances:
            # a method of an object the function made: ``shell.connect()``, or
            # of what that object keeps: ``runner.sub.run()``, ``a.b.c.run()``
            for constructed in sorted(env.instances[dotted[0]]):
                self._helper_call(".".join([constructed, *dotted[1:]]), node, env)
            # the callable may not be a class: the method's own name still counts
            self._method_effects(dotted[-1], node, env, ".".join(dotted))
            return
        if qualified is None and len(dotted) > 1 and self._module_object(dotted, node, env):
            return
        if qualified is None:
            if dotted[0] in self.scan.functions or dotted[0] in self.scan.classes:
                qualified = f"{self.scan.module}.{'.'.join(dotted)}"
            else:
                if len(dotted) > 1:
                    self._method_effects(dotted[-1], node, env, ".".join(dotted))
                return
        self._helper(qualified, env)
        if qualified in effects.OPEN_CALLS:
            if qualified in effects.ARCHIVE_OPENERS and not self._opens_file(node, env):
                return
            areas = self._open_areas(node, env)
            # a file opened by a mode not read (``zipfile.ZipFile(path, mode)``)
            self.effects_unknown |= not areas and qualified in effects.ARCHIVE_OPENERS
            self._side_effects(areas, qualified, node, env)
            return
        if qualified in effects.DATABASES:
            path = call_argument(node, 0, "database")
            ok, value = literal_value(path, self.module) if path is not None else (False, None)
            text = value if ok and isinstance(value, str) else None
            self._side_effects(effects.for_database(text), qualified, node, env)
            return
        if qualified in effects.FLAGGED_OPENERS:
            self._side_effects(self._flagged_areas(qualified, node, env), qualified, node, env)
            return
        areas = effects.for_call(qualified)
        if not areas and len(dotted) > 1 and makes_path(qualified.rpartition(".")[0]):
            # a method of a path class (``pathlib.Path.unlink(p)``)
            areas = effects.for_method(dotted[-1])
        if effects.DELETE in areas and self._made_here(call_argument(node, 0, ""), env):
            # its own temporary file or directory: nothing it was given
            areas = tuple(a for a in areas if a != effects.DELETE)
        self._side_effects(areas, qualified, node, env)
        # a class of this module (``Client()``): followed where it defines what the call
        # runs and no binding hides it (a model's fields are arguments: :mod:`.models`)
        cls = self.scan.classes.get(dotted[0]) if dotted[0] not in env.names else None
        runs = cls is not None and (dotted[1:] or ["__init__"])[0] in cls.methods
        own_class = runs and not shadowed(dotted[0], env.func.node, self.scan.tree, self._bindings)
        if (
            not areas
            and qualified.split(".", 1)[0] in self.scan.local_roots
            and (own_class or not qualified.startswith(self.scan.module + "."))
        ):
            self._helper_call(qualified, node, env, named=len(dotted) > 1)

    def _entered(self, value: cst.BaseExpression, is_async: bool, env: Env) -> None:
        """``with LockFile(path):`` with a class of the repository (this
        module's or another's), or ``with lock:``, ``with self.lock:``,
        ``with LOCK:`` on an object one made: its ``__enter__`` and
        ``__exit__`` run (``__aenter__`` and ``__aexit__`` for ``async
        with``), followed as calls of the statement."""
        if type(value) is cst.Await:
            value = value.expression
        line, column = self.scan.loc.expression(value, env.stmt or env.func.node)
        for made in self._context_classes(value, env):
            for name in ("__aenter__", "__aexit__") if is_async else ("__enter__", "__exit__"):
                target = f"{made}.{name}"
                call = HelperCall(target, line, column, env.func.qualname, in_try=env.trying > 0)
                self.helper_calls.append(call)

    def _context_classes(self, value: cst.BaseExpression, env: Env) -> list[str]:
        """What made the context manager of a ``with`` of the repository's:
        the class called, what made the object a name holds (a local, an
        attribute the tool keeps: an object of a class not known leaves the
        side effects not known), or the module's object (followed as the
        module's name); none for a library's."""
        if type(value) is not cst.Call:
            dotted = dotted_name(value)
            if dotted is None:
                return self._chain_objects(value, env)  # ``with Db().lock:``
            if (env.self_name and dotted[0] == env.self_name) or dotted[0] in env.instances:
                # ``with self.lock:``, ``with lock:``, ``with db.lock:``
                return self._chain_objects(value, env)
            makers = self.scan.facts.objects.get(dotted[0]) if len(dotted) == 1 else None
            if makers is not None and not self.bound.binds(env.func.node, dotted[0]):
                if makers and not any(self._local(m) for m in makers):
                    return []  # made by library callables alone
                return [f"{self.scan.module}.{dotted[0]}"]
            qualified = self.scan._resolve(dotted, env.names)
            return [qualified] if qualified is not None and self._local(qualified) else []
        dotted = dotted_name(value.func)
        if dotted is None or (env.self_name and dotted[0] == env.self_name):
            return []
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None and len(dotted) == 1 and dotted[0] in self.scan.classes:
            qualified = f"{self.scan.module}.{dotted[0]}"
        if qualified is None or not self._local(qualified):
            return []  # a library's context manager
        return [qualified]

    def _local(self, qualified: str) -> bool:
        """Whether a dotted name is of the repository (this module or another)."""
        return qualified.split(".", 1)[0] in self.scan.local_roots or qualified.startswith(
            self.scan.module + "."
        )

    def _module_object(self, dotted: list[str], node: cst.Call, env: Env) -> bool:
        """A method of an object the module keeps in a name the function does
        not bind itself (``RUNNER.run()`` with ``RUNNER = JobRunner()``,
        ``CLIENT.get(url)`` with ``CLIENT = httpx.Client()``,
        :attr:`~doxtool.core.facts.ModuleFacts.objects`): any call on a
        network client's object is a network call; one made by the
        repository, or not known, is followed as the module's name
        (``tools.x.RUNNER.run``). False: not such a call, or one on another
        library's object, which only its method's name may tell."""
        makers = self.scan.facts.objects.get(dotted[0])
        if makers is None or self.bound.binds(env.func.node, dotted[0]):
            return False
        roots = self.scan.local_roots
        own = self.scan.module + "."
        if makers and not any(m.split(".", 1)[0] in roots or m.startswith(own) for m in makers):
            if not all(effects.client_areas(m) for m in makers):
                return False
            areas = {a for m in makers for a in effects.client_areas(m)}
            self._side_effects(sorted(areas), ".".join(dotted), node, env)
            return True
        self._helper_call(f"{self.scan.module}.{'.'.join(dotted)}", node, env)
        return True

    def _method_effects(self, name: str, node: cst.Call, env: Env, call: str) -> None:
        """Areas of a method by its name (``unlink``, ``mkdir``, ``open``)
        on a receiver the code shows to be a path (:mod:`doxtool.python.pathkinds`),
        not on one of another or an unknown kind (a parameter, an attribute
        set elsewhere, an object of a class of this module or of a library);
        any method of a network client (``redis.Redis()``) is a network call."""
        func = node.func
        receiver = func.value if type(func) is cst.Attribute else None
        # what made the receiver matters only when the method's name shows an
        # area, or a network client's library is imported
        guessed = effects.for_method(name)
        makers = (
            self._makers(receiver, env)
            if receiver is not None and (guessed or name == "open" or self.scan.imports_clients)
            else None
        )
        if makers:
            clients = [self._maker_client_areas(maker, name) for maker in makers]
            if all(clients):
                areas = {a for client in clients for a in client}
                self._side_effects(sorted(areas), call, node, env)
                return
            if all(self._no_path(maker, name) for maker in makers):
                return
        elif receiver is not None and self.scan.imports_clients:
            areas = self._chain_client_areas(receiver, env)
            if areas:
                self._side_effects(areas, call, node, env)
                return
        if receiver is None or not (guessed or name == "open"):
            return
        if not (makers and all(makes_path(m) for m in makers)) and not self._is_path_value(
            receiver, env
        ):
            return
        if name == "open":
            self._side_effects(self._method_open(node, receiver, env), call, node, env)
        elif effects.DELETE in guessed and self._made_here(receiver, env):
            return  # its own temporary file or directory
        else:
            self._side_effects(guessed, call, node, env)

    def _flagged_areas(self, qualified: str, node: cst.Call, env: Env) -> tuple[str, ...]:
        """Areas of a call of :data:`~doxtool.python.effects.FLAGGED_OPENERS`
        (``shelve.open(p)``, ``dbm.open(p, "c")``): those of every flag it may
        be given, or of its default when it gives none; none when it names no
        file (``logging.basicConfig()`` logs to a stream)."""
        keyword, index, default = effects.FLAGGED_OPENERS[qualified]
        named_by = effects.FILE_NAMED_BY.get(qualified)
        if named_by is not None:
            given = call_argument(node, None, named_by)
            if given is None or (type(given) is cst.Name and given.value == "None"):
                return ()
        flag = call_argument(node, index, keyword) if keyword is not None else None
        if flag is None:
            if keyword is not None and any(arg.star for arg in node.args):
                return effects.for_flagged(qualified, None)  # ``*args`` may hold it
            return effects.for_flagged(qualified, default)
        flags = self._modes(flag, env)
        if flags is None:
            return effects.for_flagged(qualified, None)
        return tuple(dict.fromkeys(a for f in flags for a in effects.for_flagged(qualified, f)))

    def _side_effects(self, areas: Iterable[str], call: str, node: cst.Call, env: Env) -> None:
        if not areas:
            return
        line, column = self.scan.loc.expression(node, env.stmt or env.func.node)
        for area in areas:
            self.side_effects.add(area)
            self.effects.append(Effect(area, [call], line, column, env.func.qualname))
