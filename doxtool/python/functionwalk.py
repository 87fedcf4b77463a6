"""The walk of one function body for its summary: the keys it reads from the dicts it is
handed, the calls it makes that have a side effect, and the calls to functions of the
repository with what it passes on (code no path reaches left out)."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence
from typing import Any

from doxtool.core.summary_facts import EffectCall, FunctionSummary, KeyRead, OutCall
from doxtool.python import effects
from doxtool.python.astbranches import (
    comprehension_branches,
    negated,
    operand_branches,
    shadows,
)
from doxtool.python.astcalledaccessors import read_parts
from doxtool.python.astcaseguards import AstCaseGuards
from doxtool.python.astcatching import AstCatching
from doxtool.python.astclosures import AstCalled, AstClosures
from doxtool.python.astdicts import Held, HeldDicts
from doxtool.python.astkeychecks import AstKeyChecks
from doxtool.python.astliteralguards import AstLiteralGuards, negated_test
from doxtool.python.astnoneuses import NoneUse
from doxtool.python.astparse import child_expressions, is_generator
from doxtool.python.astraisecalls import AstRaiseCalls, ends_unless
from doxtool.python.astrefusedkeys import refuse_after, refuse_key
from doxtool.python.astrefusedparams import refuse_defaults
from doxtool.python.astwalk import walk
from doxtool.python.callkinds import Scope, call_argument, opener_flag, opens_file
from doxtool.python.exits import function_exits
from doxtool.python.flows import function_flow
from doxtool.python.keyfills import KeyWrites
from doxtool.python.keyreads import KeyReads
from doxtool.python.keyvalues import KeyValues
from doxtool.python.loopkeys import LoopKeys
from doxtool.python.methodguess import MethodGuesses, receiver_of
from doxtool.python.modobjects import module_level_objects
from doxtool.python.names import constructed, dotted_parts
from doxtool.python.openparams import open_effects
from doxtool.python.outcalls import OutCalls, is_super_call
from doxtool.python.outrundefaults import drop_outrun_defaults
from doxtool.python.pathkinds import makes_path
from doxtool.python.readforms import COERCIONS, PARSE, STRING_METHODS, parses
from doxtool.python.replacements import Outcome
from doxtool.python.summaryscope import ModuleScope
from doxtool.python.undecided import UndecidedKeyReads

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
_COMPREHENSIONS = frozenset({ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp})


class FunctionWalk(
    AstLiteralGuards,
    AstCaseGuards,
    AstCatching,
    AstRaiseCalls,
    HeldDicts,
    AstKeyChecks,
    KeyReads,
    KeyValues,
    LoopKeys,
    MethodGuesses,
    OutCalls,
    UndecidedKeyReads,
    AstClosures,
):
    """The walk of one function body."""

    def __init__(self, owner: ModuleScope, node: FunctionNode, cls: str | None) -> None:
        self.owner = owner
        self.node = node
        self.cls = cls
        args = node.args
        self.params = [a.arg for a in (*args.posonlyargs, *args.args, *args.kwonlyargs)]
        decorators = {d.id for d in node.decorator_list if isinstance(d, ast.Name)}
        static = "staticmethod" in decorators
        self.bound = cls is not None and not static and bool(args.posonlyargs or args.args)
        self.class_bound = self.bound and "classmethod" in decorators
        self.self_name = self.params[0] if self.bound else None
        self.star_kwarg = args.kwarg.arg if args.kwarg else None
        # a name a nested function rebinds (``nonlocal args``) may hold anything
        self.sources = set(self.params) - owner.binds().of(node).nonlocals
        if self.star_kwarg:
            self.sources.add(self.star_kwarg)
        self.names = dict(owner.names)
        self.loop_keys: dict[str, str] = {}
        self.check_places, self.key_filters = {}, {}  # :mod:`.astkeychecks`
        #: enclosing branches that depend on what the handed dicts hold; ``except`` handlers
        self.conditional = self.on_error = 0
        #: expression branches around the expression walked (an arm of a
        #: conditional expression, an operand after ``and``/``or``, what
        #: follows a comprehension's condition): evaluated on some calls only
        self.branches = 0
        #: local name or ``self.<attr>`` -> the callables whose results it may hold
        self.instances: dict[str, set[str]] = {}
        #: local name or ``self.<attr>`` -> the library callables whose result it holds
        self.libraries: dict[str, set[str]] = {}
        self._temporary = self._paths = None
        self.guards: list[frozenset[str] | None] = []
        self.trying, self._past_tests = 0, []
        self.filled: dict[tuple[str, str], ast.expr] = {}  # (dict, key) -> the value filled
        self.writes = KeyWrites()  # other writes into them (:mod:`~doxtool.python.keyfills`)
        self.absent: list[frozenset[str]] = []
        #: reads raising without their key in each enclosing ``if`` not about the handed dicts
        self.undecided: list[list[KeyRead | OutCall]] = []
        #: nested functions, walked where they are called (:mod:`~doxtool.python.astclosures`)
        self.closures: dict[str, FunctionNode] = {}
        self.closure_walks: dict[int, bool] = {}
        self.reads: list[KeyRead] = []
        #: id of an expression -> the coercion applied to it (``float(...)``)
        self.coercions: dict[int, str] = {}
        #: id of an expression -> the conversion around its own making the type (``int(float(x))``)
        self.outer_conversions: dict[int, str] = {}
        self._assigned: frozenset[str] | None = None
        #: local name assigned at the top of the body -> the read its value stands for
        self.var_reads: dict[str, KeyRead] = {}
        #: local name -> the reads an ``or`` of keys it was assigned stands for, and literals after
        self.var_groups: dict[str, tuple[list[KeyRead], list[Any]]] = {}
        self.key_groups: dict[tuple[str, str], tuple[list[KeyRead], list[Any]]] = {}
        #: the first operand of an ``or`` -> the operand after it
        self.fallbacks: dict[int, ast.expr] = {}
        #: a read given a fallback that is not its default -> (known, value)
        self.fallback_values: dict[int, tuple[bool, Any]] = {}
        self.param_defaults: set[int] = set()
        self.presence_values: dict[int, Outcome] = {}
        self.effects: list[EffectCall] = []
        self.held_names: dict[str, Held] = {}
        self.aliases: set[str] = set()  # of those, names for the dict itself
        self.dict_literals: dict[str, ast.expr] = {}
        self.hedged: set[str] = set()
        self.called: set[int] = set()
        self.calls: list[OutCall] = []
        #: (name, conversion) of each name converted (``int(limit)``)
        self.coerced_names: list[tuple[str, str]] = []
        #: (parameter, refusal) of each parameter a top check raises on (returns: hedged)
        self.refused_params: list[list[str]] = []
        self.hedged_params: list[list[str]] = []
        self.answered_params: list[list[Any]] = []  # :mod:`.astanswers`
        #: the call last followed into the repository (its node's id)
        self._out_node = 0
        #: ``self.<attr>`` its class sets to a process object
        self.processes: frozenset[str] = frozenset()
        #: a method of a class that holds the tool's arguments in ``self.args``
        self.tool_like = False
        #: ``self.<attr>`` -> the repository class of the object the classes keep there
        self.held = owner.held().bind(self.self_name, self.instances, self.libraries)
        self.body_nodes = owner.bodies.get(id(node))  # walked for :meth:`ModuleScope.held`
        #: module-level objects (``runner = JobRunner()``) the function does not rebind
        self.module_objects = module_level_objects(
            owner.objects(), owner.is_local, node, self.libraries, owner.binds()
        )

    def run(self) -> FunctionSummary:
        self.reach = self.owner.reach(self.node, lambda d: self.owner.resolve(d, self.names))
        self._stmts(self.node.body)
        self.conditional = 0  # (past the returns of :meth:`_passes_exit`)
        self._closures_left()
        parameters = self._parameter_reads()
        refuse_defaults(parameters, self.refused_params, self.hedged_params)
        self._settle_values(parameters)
        self.reads.extend(parameters)
        drop_outrun_defaults(self.reads)
        arguments: frozenset[str] = frozenset()
        if self.tool_like and self.node.name == "execute":
            arguments = frozenset(p for p in self.params if p != self.self_name)
            if self.star_kwarg:
                arguments |= {self.star_kwarg}
        scope = Scope(
            resolve=lambda dotted: self.owner.resolve(dotted, self.names),
            is_local=self.owner.is_local,
            self_name=self.self_name,
            arguments=arguments,
            processes=self.processes,
            self_args=self.tool_like,
            held=self.held,
            assigns=self.owner.assigned(self.node),
        )
        name = f"{self.cls}.{self.node.name}" if self.cls else self.node.name
        exits = function_exits(self.node, scope.resolve, self.self_name, self.reach)
        return FunctionSummary(
            name=name,
            line=self.node.lineno,
            params=self.params,
            bound=self.bound,
            class_bound=self.class_bound,
            star_kwarg=self.star_kwarg,
            reads=self.reads,
            effects=_unique_effects(self.effects),
            calls=self.calls,
            is_async=isinstance(self.node, ast.AsyncFunctionDef),
            generator=self.owner.may_yield and is_generator(self.node),
            flow=function_flow(self.node, scope),
            returns=exits[0],
            raises=exits[1],
            falls_off=exits[2],
            refuses=self.refused_params,
            answers=self.answered_params,
            ends_unless=ends_unless(self.node, scope.resolve, scope.is_local, self.reach),
            rebound=self._rebound_passed(),  # :mod:`.astliteralguards`
        )

    # -- statements -------------------------------------------------------------

    def _stmts(self, body: Sequence[ast.stmt]) -> None:
        depth = len(self._past_tests), self.present_past
        refused: dict[tuple[str, str], int] = {}
        for index, stmt in enumerate(body):
            self._note_missing_values(body, index)  # :mod:`.keyreads`
            count = len(self.reads)
            self._stmt(stmt)
            refuse_after(stmt, self.reads[count:], refused)  # :mod:`.astrefusedkeys`
            self._note_fill(stmt)
            # past ``if args.get("dry"): return``, what follows runs on some calls
            self.conditional += body is self.node.body and self._passes_exit(stmt, index)
            self._note_past_test(stmt)  # :mod:`.astliteralguards`
            if id(stmt) in self.reach.cuts:
                break  # the statements after it never run (:mod:`.astreach`)
        self._close_past_tests(depth)

    def _stmt(self, stmt: ast.stmt) -> None:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            self.owner.bind(stmt, self.names)
        elif isinstance(stmt, ast.If):
            count = len(self.reads)
            self._expr(stmt.test)
            refuse_key(stmt, self.reads[count:], self.trying)  # :mod:`.astrefusedkeys`
            self._if_contract(stmt)  # :mod:`.astraisecalls`
            present, absent = self._tests(stmt.test)
            dispatch = self._mentions_sources(stmt.test)
            framed = self._undecided(stmt, dispatch)
            self.conditional += dispatch
            test = self._literal_test(stmt.test)  # :mod:`.astliteralguards`
            needs = self._under(stmt.body, present, frozenset(), framed[0], test)
            other = self._under(
                stmt.orelse, frozenset(), absent, framed[1], test and negated_test(test)
            )
            self.conditional -= dispatch
            self._needed_reads([needs, other], framed)
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            self._loop(stmt)
        elif isinstance(stmt, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            self._try(stmt)  # type: ignore[arg-type]  # :mod:`.astcatching`
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            self._with(stmt)
        elif isinstance(stmt, ast.Match):
            self._expr(stmt.subject)
            framed = self._undecided_cases(stmt)
            needs = [
                self._under(case.body, *self._case_guard(case, index == 0), framed[index])
                for index, case in enumerate(stmt.cases)
            ]
            self._needed_reads(needs + [[]] * (len(framed) - len(needs)), framed)
        elif isinstance(stmt, ast.Assert):
            for child in child_expressions(stmt):
                self._expr(child)
            self._contract(stmt, negated(stmt.test), True)  # ``if not test: raise``
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            self._closure(stmt)  # runs where it is called
        elif isinstance(stmt, ast.ClassDef):
            return  # its methods run, if ever, elsewhere
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)) and stmt.value is not None:
            count = len(self.reads)
            self._expr(stmt.value)
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            self._track_read(stmt, targets, self.reads[count:])
            made = self._made_objects(stmt.value)  # ``mid = Outer().mid`` too
            self._hold(targets, None if made else stmt.value)
            for target in targets:
                if type(target) is ast.Name:
                    self._bind(target.id, stmt.value, self._top(stmt))
                elif self._source(target) is None:  # ``tool.args = {**D, **tool.args}`` stays
                    self._escaped(stmt.value)  # ``tool.params = args``: not followed
            for target in targets:
                name = self._holder(target)
                if name is None:
                    continue
                if made:
                    self.instances.setdefault(name, set()).update(made)
                else:
                    self.instances.pop(name, None)
        else:
            for child in child_expressions(stmt):
                self._expr(child)
            if type(stmt) is ast.Return:
                self._escaped(stmt.value)  # ``return args``: not followed
            elif type(stmt) is ast.AugAssign:
                self._augmented(stmt)

    def _holder(self, target: ast.expr) -> str | None:
        if isinstance(target, ast.Name):
            return target.id
        dotted = dotted_parts(target)
        if dotted is not None and len(dotted) == 2 and dotted[0] == self.self_name:
            return ".".join(dotted)
        return None

    def _constructed(self, value: ast.expr) -> str | None:
        """The repository callable whose result ``value`` is (``Cls(...)``)."""
        owner = self.owner
        return constructed(
            value, self.self_name, lambda dotted: owner.resolve(dotted, self.names), owner.is_local
        )

    # -- expressions ------------------------------------------------------------

    def _expr(self, node: ast.expr) -> None:
        stack: list[Any] = [node]
        used = {id(node[0] if type(node) is tuple else node)}  # read where the caller says
        while stack:
            current = stack.pop()
            if current is None:
                self.guards.pop()
                self.absent.pop()
                self.branches -= 1
                continue
            # exact types: ``ast`` builds no subclass of a node class
            kind = type(current)
            if kind is tuple:
                current, present, absent = current
                self.guards.append(present)
                self.absent.append(absent)
                self.branches += 1
                stack.append(None)
                kind = type(current)
            if kind is ast.Constant:
                continue
            if kind is NoneUse:  # once the read in it is walked
                self._none_used(current.node)
                continue
            self._used(current, used)  # where a handed dict goes (:mod:`.astdicts`)
            if kind is ast.Name:
                continue
            if kind is ast.Call:
                stack.extend([NoneUse(current)] if NoneUse.of_read(current) else [])
                self._gathered_call(current)  # ``self._call``, (:mod:`.astcatching`)
                called = self._closure_called(current)
                if called is not None:  # its body runs after the arguments
                    stack.append(called)
            elif kind is AstCalled:
                self._closure_body(current.node, False, current.call)
                continue
            elif kind is ast.Subscript:
                self._subscript(current)
            elif kind is ast.Compare:
                self._compare(current)
            elif kind is ast.IfExp:
                self._truth_fallback(current)
                present, absent = self._tests(current.test)
                stack.append((current.orelse, frozenset(), absent))
                stack.append((current.body, present, frozenset()))
                stack.append(current.test)
                continue
            elif kind is ast.BoolOp:
                if isinstance(current.op, ast.Or):
                    self.fallbacks[id(current.values[0])] = current.values[1]
                stack.extend(reversed(operand_branches(current, self._tests)))
                continue
            elif kind is ast.Lambda:
                self._lambda(current)
                continue
            elif kind in _COMPREHENSIONS and shadows(current, (self.sources, self.held_names)):
                # only the first iterable is read outside the comprehension's
                # scope, where its targets rebind a handed dict
                stack.append(current.generators[0].iter)
                continue
            elif kind in _COMPREHENSIONS and self._unrolled(current):
                continue  # over literal keys: walked once per key
            elif kind in _COMPREHENSIONS and (parts := comprehension_branches(current)):
                stack.extend(reversed(parts))
                continue
            stack.extend(reversed(child_expressions(current)))

    def _mentions_sources(self, node: ast.expr) -> bool:
        return any(
            (isinstance(n, ast.Name) and n.id in self.sources and n.id != self.self_name)
            or (isinstance(n, ast.Name) and n.id in self.held_names)
            or (isinstance(n, ast.Attribute) and self._source(n) is not None)
            for n in walk(node)
        )

    def _call(self, node: ast.Call) -> None:
        self._none_used(node)  # ``f.split()`` on ``f = args.get("f")``: :mod:`.astnoneuses`
        self._call_out(node)
        self._handed(node, self._out_node == id(node))

    def _call_out(self, node: ast.Call) -> None:
        self._callbacks(node)
        func = node.func
        if (
            isinstance(func, ast.Name)
            and func.id in COERCIONS
            and func.id not in self.names
            and node.args
            and not isinstance(node.args[0], ast.Starred)
        ):
            first = node.args[0]
            while isinstance(first, ast.BoolOp) and isinstance(first.op, ast.Or):
                first = first.values[0]  # ``str(x or "")`` coerces ``x``
            parse = parses(func.id, [None] * len(node.args) + [k.arg for k in node.keywords])
            self.coercions[id(first)] = PARSE if parse else func.id
            if func.id == "float" and id(node) in self.outer_conversions:
                self.outer_conversions[id(first)] = self.outer_conversions[id(node)]
            elif func.id == "int" and not parse and len(node.args) == 1:
                self.outer_conversions[id(first)] = (
                    "int"  # of a conversion in it: ``int(float(x))``
                )
            if isinstance(first, ast.Name):
                self.coerced_names.append((first.id, PARSE if parse else func.id))
        elif isinstance(func, ast.Attribute) and func.attr in STRING_METHODS:
            self.coercions.setdefault(id(func.value), "")  # a string, not converted
            if isinstance(func.value, ast.Name) and id(node) not in self.strings_only:
                self.coerced_names.append((func.value.id, ""))
        parts = read_parts(node, self.owner, self.node)  # (:mod:`.astcalledaccessors`)
        found = self._readable(parts[0]) if parts is not None else None
        if parts is not None and found is not None:
            self._read(found[0], parts[1], node, parts[3], parts[2], found[1])
            if isinstance(func, ast.Name):  # an accessor's call: followed, as its read
                self._out_node = id(node)
            return
        dotted = dotted_parts(func)
        if dotted is None:
            if isinstance(func, ast.Attribute):
                if self.self_name and is_super_call(func.value):  # ``super().m()``
                    self._out(f"super().{func.attr}", node)
                for target in self._made_targets(func):
                    self._out(target, node)
                self._guess(func.attr, func.value, func.attr, node)
            return
        if dotted == ["open"] and "open" not in self.names:
            self.effects.extend(open_effects(node, "open", self.owner.string_constant, self.node))
            return
        targets = self._instance_targets(dotted)
        if targets:
            for target in targets:
                self._out(target, node)
            # the callable may not be a class: the method's own name still counts
            self._guess(dotted[-1], receiver_of(func), ".".join(dotted), node)
            return
        if self.self_name and dotted[0] == self.self_name:
            if len(dotted) == 2:
                self._out(f"self.{dotted[1]}", node)
            else:
                self._guess(dotted[-1], receiver_of(func), ".".join(dotted), node)
            return
        dotted, qualified = self._call_target(dotted)
        if qualified is None and len(dotted) > 1 and dotted[0] in self.module_objects:
            # a method of an object the module keeps: followed as the module's name
            self._out(f"{self.owner.module}.{'.'.join(dotted)}", node)
            return
        if qualified is None:
            if len(dotted) > 1:
                self._guess(dotted[-1], receiver_of(func), ".".join(dotted), node)
            return
        if qualified in effects.OPEN_CALLS:
            if qualified in effects.ARCHIVE_OPENERS and not opens_file(node, self._library_makers):
                return
            self.effects.extend(
                open_effects(node, qualified, self.owner.string_constant, self.node)
            )
            return
        if qualified in effects.DATABASES:
            path = call_argument(node, 0, "database")
            text = path.value if isinstance(path, ast.Constant) else None
            self._effects(
                effects.for_database(text if isinstance(text, str) else None), qualified, node
            )
            return
        if qualified in effects.FLAGGED_OPENERS:
            self._effects(
                effects.for_flagged(qualified, opener_flag(node, qualified)), qualified, node
            )
            return
        areas = effects.for_call(qualified)
        if areas:
            if effects.DELETE in areas and self._made_here(call_argument(node, 0, "path")):
                areas = tuple(a for a in areas if a != effects.DELETE)  # its own temporary file
            self._effects(areas, qualified, node)
        elif self.owner.is_local(qualified):
            self._out(qualified, node, len(dotted) > 1)
        elif len(dotted) > 1 and makes_path(".".join(qualified.split(".")[:-1])):
            # a method of a path class (``pathlib.Path.unlink(p)``): its name
            # says what it does; of any other library object it says nothing
            self._effects(effects.for_method(dotted[-1]), qualified, node)

    def _effects(self, areas: Iterable[str], call: str, node: ast.Call) -> None:
        for area in areas:
            self.effects.append(EffectCall(area, call, node.lineno))


def _unique_effects(items: list[EffectCall]) -> list[EffectCall]:
    first: dict[tuple[str, str, str], EffectCall] = {}
    for item in items:
        first.setdefault((item.area, item.call, item.mode), item)
    return list(first.values())
