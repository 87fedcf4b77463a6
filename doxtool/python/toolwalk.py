"""The walk over a function's statements and expressions (part of
:class:`~doxtool.python.toolscan.ToolScan`): assignments, branches, loops,
``try``, ``with``, ``match`` and the expressions inside them, each handed to
the part of the analysis it concerns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import libcst as cst

from doxtool.python.absencetests import made_value
from doxtool.python.armstarts import arm_start, next_arm, past_if
from doxtool.python.catchwalk import CatchWalk
from doxtool.python.checktests import accepts
from doxtool.python.closures import ClosureWalk, always_true, nonempty_literal
from doxtool.python.controlflow import contains_return, ends_loop, leaves_pass
from doxtool.python.cstliteralguards import LiteralArms
from doxtool.python.cstnodes import child_nodes, dotted_name, loop_names, suite_body
from doxtool.python.cstshapes import unpacked_pairs
from doxtool.python.exprwalk import ExpressionWalk
from doxtool.python.fallbacks import numeric_conversion
from doxtool.python.keptchecks import forget_rebound
from doxtool.python.loopstandins import reads_by_name
from doxtool.python.readvalues import strings_tested
from doxtool.python.renamedkeys import renamed_under
from doxtool.python.textarms import TextArms, else_body
from doxtool.python.walkstate import Env
from doxtool.python.writtengroups import written_group

#: expressions that can be a string never empty (see ``Env.texts``)
_TEXT_SHAPES = (cst.BooleanOperation, cst.FormattedString, cst.SimpleString, cst.ConcatenatedString)


class StatementWalk(ExpressionWalk, ClosureWalk, CatchWalk, LiteralArms, TextArms):
    """Statements and expressions: a part of :class:`~doxtool.python.toolscan.ToolScan`."""

    def _stmts(self, body: Sequence[cst.BaseStatement], env: Env) -> None:
        top = body is env.top_body
        contracts = top and env.needed
        # the top of a function some calls run (a method a dispatch calls) or
        # of a branch of a dispatch: its checks refuse defaults on those calls
        branch = (top and not env.needed) or body is env.branch_body
        env.branch_body = None
        saved = env.block_state()
        checks_here = env.checks_here
        arm_saved = self._arm_begin(body, env)
        #: (last statement, arms, calls checks before it return) of a dispatch
        arms: tuple[int, list[int], tuple[str, ...]] | None = None
        #: calls checks so far return the result of (``return self.fail(...)``)
        doubtful: list[str] = []
        #: returns on an argument's path passed (:meth:`_returns_on_argument_path`)
        past_exit = 0
        past_calls = env.past_calls
        for index, stmt in enumerate(body):
            forget_rebound(stmt, env)  # a name a fallback's arm kept, bound anew
            made = (len(self.outcomes), len(self.effects))  # :mod:`.raisecalls`
            env.at_top = top
            env.needed_here = contracts and top and not doubtful
            env.doubted_here = tuple(doubtful) if contracts and top else ()
            env.past_doubt = env.doubted_here or env.past_doubt
            env.checks_here = contracts or branch
            if type(stmt) in (cst.SimpleStatementLine, cst.SimpleStatementSuite):
                if len(stmt.body) == 1:
                    self._note_rebound_fallback(stmt.body[0], body[index + 1 :], env)
                for small in stmt.body:
                    env.stmt = small
                    self._small(small, env)
                    if type(small) is cst.Assert and (contracts or branch):
                        env.absence_before = tuple(doubtful)
                        self._assert_contract(small.test, env, contracts)
                        env.absence_before = ()
                    if small is not stmt.body[-1] and self._small_stops(small, env):
                        break  # ``return x; log(x)``: the rest of the line never runs
            else:
                env.stmt = stmt
                if type(stmt) in (cst.If, cst.Match) and self._closed(
                    stmt, body[index + 1 :], env, body[:index]
                ):
                    current: cst.CSTNode | None = stmt
                    while type(current) is cst.If:
                        env.closed_ifs.add(id(current))
                        current = current.orelse
                    if type(stmt) is cst.Match:
                        env.closed_ifs.add(id(stmt))
                    if contracts and arms is None and env.arm is None:
                        opened = self._open_arms(stmt, body[index + 1 :], env)
                        arms = (index + opened[0], opened[1], tuple(doubtful)) if opened else None
                env.absence_before = tuple(doubtful)
                if contracts and type(stmt) is cst.If:
                    self._contract(stmt, env)
                    self._else_contract(stmt, env, body[index + 1 :])
                elif branch and type(stmt) is cst.If:
                    self._branch_contract(stmt, env)
                elif contracts and type(stmt) is cst.Match:
                    self._match_contract(stmt, env)
                elif contracts and type(stmt) is cst.Try:
                    self._parse_contract(stmt, env)  # :mod:`.parsecontracts`
                env.absence_before = ()
                if type(stmt) is cst.If:
                    self._closed_lookup(stmt, env)
                    self._note_presence_binding(stmt, body[:index], body[index + 1 :], env)
                self._compound(stmt, env)
                self._refuse_after(stmt, body[index + 1 :], env)  # :mod:`.comparisons`
            if (
                (contracts or branch)
                and not self._ends_refused(stmt, env)
                and not self._ruled_out_if(stmt, env)  # a return that never runs
                and (
                    self._returns_on_argument_path(stmt, env)
                    if contracts and env.func is self.entry
                    # in a helper, a return on any path (``if default is not
                    # None: return ...``) may skip the checks after it
                    else contains_return(stmt)
                )
            ):
                answered = self._answered_check(stmt, env, contracts)
                if answered is None:
                    # ``if self.args.get("dry"): return Response("dry run")``:
                    # a call may end here doing its work, so what follows runs
                    # on some calls only; its checks and reads need their
                    # arguments on those calls (``required or optional``); so
                    # past any return of a method (``if CACHE: return None``),
                    # which ends the method, not the call
                    contracts, branch = False, True
                    env.conditional += 1
                    env.past_exit += 1
                    past_exit += 1
                else:
                    doubtful.append(answered)  # ... or, if the call refuses, on every path
            self._note_fills(stmt, env, env.fills if top else None)
            self._arm_step(stmt, env)
            if arms is not None and index == arms[0]:
                self._close_arms(arms[1], arms[2])
                arms = None
            self._past_calls(stmt, made, env)
            if index + 1 < len(body) and self._stops(stmt, env):
                break  # the statements after it never run (:mod:`~doxtool.python.reach`)
        env.past_calls = past_calls
        env.conditional -= past_exit
        env.past_exit -= past_exit
        env.restore_block(saved)
        env.checks_here = checks_here
        env.arm, env.arm_straight = arm_saved

    def _ends_refused(self, stmt: cst.BaseStatement, env: Env) -> bool:
        """A check (:meth:`_is_check`), or an error exit with no ``else``
        whose test is true when values are missing or empty (``if not a and
        not b``, ``if len(q) == 0``): every call it lets by goes on."""
        return self._is_check(stmt, env) or (
            type(stmt) is cst.If
            and stmt.orelse is None
            and self._error_exit(suite_body(stmt.body), env)
            and bool(self._absence_groups(stmt.test, env))
        )

    def _small(self, small: cst.BaseSmallStatement, env: Env) -> None:
        if type(small) in (cst.Import, cst.ImportFrom):
            self.scan._bind_import(small, env.names)
        elif type(small) is cst.Assign:
            self._expr(small.value, env)
            for target in small.targets:
                pairs = (
                    unpacked_pairs(target.target, small.value) if len(small.targets) == 1 else None
                )
                for one, value in pairs or [(target.target, small.value)]:
                    self._assign_target(one, value, env)  # ``a, b = a.strip(), b``: each
                    self._hold_result(one, value, env)
        elif type(small) is cst.AnnAssign:
            if small.value is not None:
                self._expr(small.value, env)
                self._assign_target(small.target, small.value, env)
                self._hold_result(small.target, small.value, env)
        elif type(small) is cst.AugAssign:
            self._expr(small.value, env)
            self._augmented(small, env)
            if type(small.target) is cst.Attribute and small.target.attr.value == "break_loop":
                self._set_break_loop(small.target.value, None, env)  # ``r.break_loop |= x``
            if type(small.target) is cst.Name:
                env.keys.pop(small.target.value, None)
                env.results.pop(small.target.value, None)
                # ``n += 1``: no longer what the conversion gave the default
                for held in (env.var_converts, env.var_literals, env.var_lens):
                    held.pop(small.target.value, None)  # nor one value's length
        elif type(small) is cst.Return:
            self._return(small, env)
        elif type(small) is cst.Raise:
            self._raise(small, env)
        elif type(small) is cst.Del and self._deleted_keys(small.target, env):
            pass  # ``del self.args[key]``: a write, no read
        elif type(small) is cst.Assert:
            # ``assert mode in ("fast", "slow")`` refuses every other value
            closed, rejects = env.closed, env.closed_rejects
            env.closed = env.closed_rejects = accepts(small.test)
            self._expr(small.test, env)
            env.closed, env.closed_rejects = closed, rejects
            if small.msg is not None:
                self._expr(small.msg, env)
            # ``assert text``: past it, ``text`` is not empty (as past ``if
            # not text: raise ...``), unless a handler that goes on may catch it
            if not self._raise_recovered("AssertionError", env):
                self._assume_nonempty(self._nonempty_when(small.test, True, env), env)
        else:
            for child in child_nodes(small):
                self._expr(child, env)
            self._guarded_by_call(small, env)  # ``self._require(text)``

    def _assign_target(
        self, target: cst.BaseExpression, value: cst.BaseExpression, env: Env
    ) -> None:
        if type(target) is cst.Name:
            name = target.value
            env.keys.pop(name, None)  # no longer the key the caller passed
            arg, folds = self._arg_of(value, env), self._folds(value, env)
            before = env.var_groups.get(name) or (
                frozenset({env.var_args[name]}) if name in env.var_args else frozenset()
            )
            # ``text = args.get("text") or args.get("message")``: either; so
            # does a key written with them (:mod:`.writtengroups`)
            group = self._or_arguments(value, env) or written_group(self, value, env)
            if group:
                env.var_groups[name] = group
            elif arg is not None and before and arg not in before and before & env.absent_keys():
                # a fallback for a missing argument: the name stands for either
                env.var_groups[name] = before | {arg}
            else:
                env.var_groups.pop(name, None)
            self._kept_key_filter(name, value, env)
            self._track_empty(name, value, env)
            self._track_lookup(name, value, env)
            made = self._made_objects(value, env)
            if made:
                # ``shell = LocalSession(...)`` here, ``shell = SshSession(...)`` in
                # another branch: either may be the receiver of ``shell.connect()``
                env.instances.setdefault(name, set()).update(made)
            else:
                env.instances.pop(name, None)
            # what a call or a slice makes of the name's own value (``name =
            # unquote(name)``) is looked for before the name is let go of
            called = self._called_argument(value, env) if arg is None else None
            env.var_args.pop(name, None)
            if self._names_method(value, env):
                env.method_names.add(name)
            else:
                env.method_names.discard(name)
            self._bind_read_missing(name, value, env)  # type: ignore[attr-defined]
            # only a dispatch of ``execute`` decides that a missing key is an
            # error: a fallback elsewhere (a heading's ``or "unknown"``) hides nothing
            hides = id(value) not in self.replacing_values and self._hides_missing(value, env)
            if arg is not None and env.func is self.entry and hides:
                self._arg(arg).missing_unknown = True
            self._bind_dict(name, value, env)
            env.var_converts.pop(name, None)
            env.var_renamed.pop(name, None)
            env.var_calls.pop(name, None)
            if called is not None:
                env.var_calls[name] = called
            env.var_made.discard(name)
            self._note_binding(name, arg, value, env)  # :mod:`~doxtool.python.partialbinds`
            if arg is not None:
                env.var_args[name] = arg
                env.var_renamed[name] = renamed_under(arg, env)
                env.var_folds[name] = folds
                if made_value(value):
                    env.var_made.add(name)
                converted = numeric_conversion(value)
                if converted:
                    env.var_converts[name] = converted
            kind = self._one_message_kind(value, env) if type(value) in _TEXT_SHAPES else None
            if kind == "text":
                env.texts.add(name)
            else:
                env.texts.discard(name)
            self._note_change(name, value, arg, env)  # ``title = title.strip()``
            if arg is not None and (
                kind == "computed" or (type(value) is cst.Name and value.value in env.computed)
            ):
                env.computed.add(name)  # ``answer = text or self.agent.read_prompt(...)``
            else:
                env.computed.discard(name)
            self._bind_response(name, value, env)  # :mod:`.handedresponses`
        elif type(target) is cst.Attribute:
            if target.attr.value == "break_loop":
                self._set_break_loop(target.value, value, env)
            self._expr(target.value, env)
            self._stored(target, value, env)
        elif type(target) is cst.Subscript:
            self._expr(target.value, env)
            self._stored(target, value, env)
        elif type(target) in (cst.Tuple, cst.List):
            self._stored(target, value, env)
            for element in target.elements:
                if type(element.value) is cst.Name:
                    env.var_args.pop(element.value.value, None)
                    env.keys.pop(element.value.value, None)
                    env.var_literals.pop(element.value.value, None)

    def _constructed(self, value: cst.BaseExpression, env: Env) -> str | None:
        """The repository callable whose result ``value`` is (``Cls(...)``)."""
        call = value.expression if type(value) is cst.Await else value
        if type(call) is not cst.Call:
            return None
        dotted = dotted_name(call.func)
        if dotted is None or (env.self_name and dotted[0] == env.self_name):
            return None
        qualified = self.scan._resolve(dotted, env.names)
        if qualified is None and dotted[0] in self.scan.classes:
            qualified = f"{self.scan.module}.{'.'.join(dotted)}"
        if qualified is None or qualified.split(".", 1)[0] not in self.scan.local_roots:
            return None
        return qualified

    def _loop(self, stmt: cst.For | cst.While, env: Env) -> None:
        # the body may run no time, unless the loop is over a literal with an
        # element or ``while True`` (:mod:`~doxtool.python.closures`)
        if type(stmt) is cst.While:
            self._expr(stmt.test, env)
            self._loop_body(suite_body(stmt.body), env, always_true(stmt.test))
        elif type(stmt) is cst.For:
            self._expr(stmt.iter, env)
            self._escaped(stmt.iter, env)  # ``for key in self.args``: every key
            if self._fill_loop(stmt, env) is not None:
                return  # it only fills missing keys (:mod:`~doxtool.python.argfills`)
            keys = self._loop_keys(stmt.iter, env)
            for name_node in loop_names(stmt.target):
                env.keys.pop(name_node, None)
                env.method_names.discard(name_node)  # no longer the method
            if keys and type(stmt.target) is cst.Name:
                # ``for key in ("text", "message"): self.args.get(key)`` reads known keys
                name = stmt.target.value
                body = suite_body(stmt.body)
                every, some = self._unrolled_checks(body, env)
                reads = len(keys) > 1 and reads_by_name(
                    body,
                    name,
                    partial(self._is_dict_source, env=env),  # type: ignore[attr-defined]
                )
                if reads and any(ends_loop(s) and not self._is_check(s, env) for s in body):
                    # the first key found ends the loop (:mod:`.loopstandins`)
                    self.stand_in_groups.append(frozenset(keys))  # type: ignore[attr-defined]
                top = env.top_body
                for key in keys:
                    env.loop_keys[name] = key
                    if every:
                        env.top_body = body
                    elif some:
                        env.branch_body = body
                    self._stmts(body, env)
                    env.top_body = top
                env.loop_keys.pop(name, None)
            else:
                runs = bool(keys) or nonempty_literal(stmt.iter)
                held = self._hold_own_keys(stmt, env)  # type: ignore[attr-defined]
                self._loop_body(suite_body(stmt.body), env, runs)
                env.own_keys -= held
        if stmt.orelse is not None:
            self._stmts(suite_body(stmt.orelse.body), env)

    def _unrolled_checks(self, body: Sequence[cst.BaseStatement], env: Env) -> tuple[bool, bool]:
        """How the checks in the body of a loop over literal keys hold, each
        pass as if written out by hand (``for key in ("url", "selector"): if
        not self.args.get(key): raise ...``): on every call (the loop stands
        where a check is a contract and nothing but a check's error exit may
        end a pass early: no ``return``, ``break`` or ``continue``), or on
        some calls only (the loop stands where a check refuses on the calls
        that come this way, or a pass may end early): what they refuse
        leaves the argument's requiredness unknown, never optional."""
        if not env.checks_here:
            return False, False
        straight = not any(leaves_pass(s) for s in body if not self._is_check(s, env))
        return env.needed_here and straight, True

    def _compound(self, stmt: cst.BaseCompoundStatement, env: Env) -> None:
        if type(stmt) is cst.If:
            self._if(stmt, env)
        elif type(stmt) in (cst.For, cst.While):
            texts = set(env.texts)
            self._unordered(partial(self._loop, stmt, env))  # type: ignore[arg-type]
            env.texts &= texts  # the body may run no time (:mod:`.textarms`)
        elif type(stmt) in (cst.Try, cst.TryStar):
            self._try(stmt, env)  # type: ignore[arg-type]  # :mod:`.catchwalk`
        elif type(stmt) is cst.With:
            self._with(stmt, env)
        elif type(stmt) is cst.Match:
            self._match(stmt, env)
        elif type(stmt) is cst.FunctionDef:
            # closures see the enclosing function's names; they run where
            # they are called (:mod:`~doxtool.python.closures`)
            self._closure(stmt, env)

    def _unordered(self, walk: Callable[[], None]) -> None:
        """Walk code that runs on some calls only, or not where it stands (a
        loop's body, a handler, a closure not called by name): no read there is known to run
        before what follows it (:meth:`~doxtool.python.arguments.ArgBuilder.needed_read`)."""
        ordered, self.ordered = self.ordered, False  # type: ignore[has-type]
        try:
            walk()
        finally:
            self.ordered = ordered

    def _if(self, stmt: cst.If, env: Env) -> None:
        if self._literal_if(stmt, env):
            return  # a caller's literal decides the test (:mod:`.cstliteralguards`)
        saved = self._enter_test(stmt, env)
        self._expr(stmt.test, env)
        if env.collect_outcomes and (
            env.closed or any(contains_return(s) for s in suite_body(stmt.body))
        ):  # a branch that ends ``execute`` (another method's returns do not)
            self._accepting_test(stmt.test, env, env.closed)
        env.closed, env.closed_call, env.closed_rejects = saved
        positive, negative = self._guards_of(stmt.test, env)
        absent_true, absent_false = self._absent_of(stmt.test, env)
        # a check (``if not x: return error``) makes no branch of a dispatch
        mentions = self._mentions_arguments(stmt.test, env)
        dispatch = mentions and not self._is_check(stmt, env)
        # a branch of a dispatch, or of a test not about the arguments
        # (``if self.agent.config.strict:``), which calls take is not known:
        # the checks in it refuse on some calls only
        some_calls = dispatch or not mentions
        framed = self._undecided(stmt, env)
        env.conditional += dispatch
        if id(stmt) in env.closed_ifs:
            self._closed_absence(stmt, env)
        env.guards.append(positive)
        env.absent.append(absent_true)
        self._enter_presence(stmt.test, env)
        texts, nonempty = set(env.texts), set(env.nonempty)  # each arm starts from them
        self._assume_nonempty(self._nonempty_when(stmt.test, True, env), env)  # ``if text:``
        body = suite_body(stmt.body)
        env.branch_body = body if some_calls else None
        self._arm_entry(stmt, body, env)
        env.undecided.extend([set()] if framed[0] else [])
        # (an ``else`` that refuses the other types leaves strings alone)
        refused = type(stmt.orelse) is cst.Else and self._error_exit(
            suite_body(stmt.orelse.body), env
        )
        tested = [] if refused else strings_tested(stmt.test)
        env.string_bodies.append(frozenset(a for t in tested for a in self._standing_for(t, env)))
        saved = self._bindings_begin(env)
        start = arm_start(env, saved[1], saved[2]) if stmt.orelse is not None else None
        self._stmts(body, env)
        first = set(env.bound)
        arms = [self._arm_bound(stmt, saved, env)]
        env.string_bodies.pop()
        needs = env.undecided.pop() if framed[0] else set()
        other: set[str] = set()  # what an absent ``else`` needs
        ends = [self._arm_end(body, env)]  # what the arm showed (:mod:`.textarms`)
        env.texts, env.nonempty = texts, nonempty
        self._leave_presence(env)
        env.absent.pop()
        env.guards.pop()
        if stmt.orelse is None:
            # ``if not x: return ...`` (``len(x) == 0``, ``x == ""``): past it, not empty
            after = self._nonempty_when(stmt.test, False, env)
            if after and self._ends_past_handlers(suite_body(stmt.body), env):
                self._assume_nonempty(after, env)
        if start is not None:
            left = next_arm(first, start, env)  # the ``else`` starts where the ``if`` did
            env.guards.append(negative)
            env.absent.append(absent_false)
            assumed = self._assume_nonempty(self._nonempty_when(stmt.test, False, env), env)
            env.undecided.extend([set()] if framed[1] else [])
            if type(stmt.orelse) is cst.If:
                env.stmt = stmt.orelse
                if dispatch and self._is_check(stmt.orelse, env):
                    # ``elif not token: raise ...``: a check in the ``else``
                    # of a dispatch, as ``else: if not token: raise ...`` is
                    self._branch_contract(stmt.orelse, env)
                self._if(stmt.orelse, env)
            else:
                body = suite_body(stmt.orelse.body)
                env.branch_body = body if some_calls else None
                self._arm_entry(stmt.orelse, body, env)
                self._stmts(body, env)
            other = env.undecided.pop() if framed[1] else set()
            ends.append(self._arm_end(else_body(stmt.orelse), env))
            env.forget_nonempty(assumed)
            env.absent.pop()
            env.guards.pop()
            second = set(env.bound)
            arms.append(self._arm_bound(stmt.orelse, saved, env))
            past_if(left, second, env)
        if stmt.orelse is None:  # the calls that skip the ``if``
            ends.append((set(env.texts), set(env.nonempty)))
        self._past_arms(ends, env)
        self._bindings_end(stmt, saved, arms, env)
        env.conditional -= dispatch
        self._undecided_needs([needs, other], framed, env)
