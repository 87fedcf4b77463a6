"""The control flow of a function, reduced to the steps the tool contract asks
about: external and long-running effects, ``handle_intervention`` calls,
destructive effects, calls into the repository, and the branches, loops,
``try`` blocks and exits between them (:class:`~doxtool.core.summary_facts.Step`).

Read from CPython's ``ast`` while :mod:`doxtool.summaries` summarises a function;
:mod:`doxtool.python.pacing` follows the steps from a tool's ``execute``. Nothing is
evaluated. A call counts as an effect only when what it is can be told from the code: the
dotted name it resolves to through the imports (``subprocess.run``, ``asyncio.sleep``), a
method the framework names (``call_chat_model``; ``handle_intervention`` awaited, or called
in a plain ``def``), an awaited ``.wait()``, or a receiver the function or its class made
(``proc = subprocess.Popen(...)`` then ``proc.kill()``). Anything else is no step at all.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from doxtool.core.summary_facts import Step
from doxtool.python import effects
from doxtool.python.astbranches import written_out
from doxtool.python.astparse import child_expressions
from doxtool.python.callkinds import (
    KILL,
    KILL_CALLS,
    KILL_COMMANDS,
    KILL_METHODS,
    MODEL,
    MODEL_METHODS,
    NETWORK,
    PROCESS_ITERATORS,
    SUBPROCESS,
    WAIT,
    WAITS,
    WRITE_TARGETS,
    Scope,
    assignments,
    call_argument,
    command_word,
    intervention_aliases,
    makes_process,
    open_mode,
    zero_delay,
)
from doxtool.python.names import constructed, dotted_parts
from doxtool.python.netclients import SENDS, client_kind, used_by_methods_only
from doxtool.python.pathorigins import PathOrigins, bound_names

#: calls that run the coroutines they are handed at the same time: each
#: starts from where the caller is
_CONCURRENT = frozenset({"asyncio.gather", "asyncio.wait"})
#: waits that only wrap what they are handed when that is a call
_WRAPPERS = frozenset({"asyncio.wait_for", "asyncio.wait", "asyncio.shield"})
_OPENERS = frozenset({"open", "io.open", "codecs.open", "aiofiles.open", "builtins.open"})
_PATH_WRITES = frozenset({"write_text", "write_bytes"})

#: a function's flow holds at most this many steps (a generated module can be huge)
MAX_STEPS = 2000
#: and nests them at most this deep
MAX_NESTING = 40


def function_flow(node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> list[Step]:
    """The steps of a function body (empty when it has none that matter)."""
    try:
        builder = _Builder(scope)
        builder.prepare(node)
        steps = builder.block(node.body)
    except (RecursionError, MemoryError):
        return []
    # a function with no effect, intervention or call has nothing to follow
    return steps if builder.count else []


class _Builder(PathOrigins):
    def __init__(self, scope: Scope) -> None:
        self.scope = scope
        self.count = 0
        #: blocks and conditional expressions entered
        self.nesting = 0
        #: local names holding a process object
        self.processes: set[str] = set(scope.processes)
        #: local name -> where its value comes from: ``args`` (the tool's
        #: arguments) or the parameters it is made of
        self.origins: dict[str, set[str]] = {name: {"args"} for name in scope.arguments}
        #: local name -> repository callable whose instance it holds
        self.instances: dict[str, str] = {}
        #: local names bound only to a network library's client or session
        #: (``async with httpx.AsyncClient() as client``): a method of one
        #: that sends talks to the server (``client.get(url)``); True for a
        #: client whose methods run only when awaited
        self.clients: dict[str, bool] = {}
        #: names of paths an existence check before this point ended the path
        #: for (``if os.path.exists(path): return ...``): writing them makes a new file
        self.absent: set[str] = set()

    # -- what names hold (flow-insensitive: any assignment in the body) --------

    def prepare(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        args = node.args
        every = (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
        self.function, self.params = node, frozenset(p.arg for p in every if p is not None)
        self._seed_parameters(node)
        assigns = self.scope.assigns
        if assigns is None:
            assigns = list(assignments(node.body))
        #: local names bound only to the agent's ``handle_intervention``
        self.checks = intervention_aliases(assigns, self.scope.self_name, node)
        # origins spread through assignments until nothing changes
        for _ in range(len(assigns) + 1):
            changed = False
            for targets, value in assigns:
                origins = self._origins(value)
                if not origins:
                    continue
                for target in targets:
                    for name in self._names(target):
                        held = self.origins.setdefault(name, set())
                        if not origins <= held:
                            held |= origins
                            changed = True
            if not changed:
                break
        not_clients: set[str] = set()
        for targets, value in assigns:
            made = self._process_value(value)
            constructed = self._constructed(value)
            client = client_kind(value, self.scope.resolve)
            for target in targets:
                if not isinstance(target, ast.Name):
                    not_clients.update(self._names(target))
                    continue
                if made:
                    self.processes.add(target.id)
                if constructed is not None:
                    self.instances[target.id] = constructed
                if client is None:
                    not_clients.add(target.id)
                else:
                    self.clients[target.id] = self.clients.get(target.id, False) or client
        for name in not_clients:
            self.clients.pop(name, None)
        # making a client that sends only through its methods sends nothing
        quiet = used_by_methods_only(node, set(self.clients)) if self.clients else set()
        self.quiet: set[int] = {
            id(value)
            for targets, value in assigns
            if targets and all(isinstance(t, ast.Name) and t.id in quiet for t in targets)
        }

    def _process_value(self, value: ast.expr) -> bool:
        if makes_process(value, self.scope.resolve):
            return True
        # ``for proc in psutil.process_iter():``
        if isinstance(value, ast.Call):
            dotted = dotted_parts(value.func)
            return dotted is not None and self.scope.resolve(dotted) in PROCESS_ITERATORS
        return False

    def _constructed(self, value: ast.expr) -> str | None:
        scope = self.scope
        return constructed(value, scope.self_name, scope.resolve, scope.is_local)

    # -- statements ----------------------------------------------------------

    def block(self, body: Sequence[ast.stmt]) -> list[Step]:
        steps: list[Step] = []
        if self.nesting >= MAX_NESTING:
            return steps  # what lies deeper is not seen (the facts stay shallow)
        self.nesting += 1
        absent = set(self.absent)
        for stmt in body:
            if self.count > MAX_STEPS:
                break
            # a path the statement binds again may name a file that is there
            if self.absent:
                self.absent -= bound_names([stmt])
            self.stmt(stmt, steps)
            if isinstance(stmt, ast.If) and not stmt.orelse and _ends(stmt.body):
                self.absent |= self._checked(stmt.test)
        self.absent = absent
        self.nesting -= 1
        return steps

    def stmt(self, stmt: ast.stmt, out: list[Step]) -> None:
        if isinstance(stmt, ast.If):
            self.expr(stmt.test, out)
            self._compound(out, Step("branch", stmt.lineno), stmt.body, stmt.orelse, stmt.test)
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            self.expr(stmt.iter, out)
            loop = Step("loop", stmt.lineno, written_out(stmt.iter))
            self._compound(out, loop, stmt.body, stmt.orelse)
        elif isinstance(stmt, ast.While):
            always = isinstance(stmt.test, ast.Constant) and bool(stmt.test.value)
            test: list[Step] = []
            self.expr(stmt.test, test)
            # the test runs before every turn and before leaving
            body = [*test, *self.block(stmt.body)]
            step = Step("loop", stmt.lineno, "always" if always else "")
            step.arms = [body, self.block(stmt.orelse)]
            out.extend(test)
            self._add(out, step)
        elif isinstance(stmt, (ast.Try, getattr(ast, "TryStar", ast.Try))):
            step = Step("try", stmt.lineno)
            step.arms = [
                self.block(stmt.body),  # type: ignore[attr-defined]
                self.block(stmt.orelse),  # type: ignore[attr-defined]
                self.block(stmt.finalbody),  # type: ignore[attr-defined]
                *(self.block(h.body) for h in stmt.handlers),  # type: ignore[attr-defined]
            ]
            if _matters(step):
                out.append(step)
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                # ``async with session.get(url) as r``: entering awaits it
                self.expr(item.context_expr, out, isinstance(stmt, ast.AsyncWith))
            out.extend(self.block(stmt.body))
        elif isinstance(stmt, ast.Match):
            self.expr(stmt.subject, out)
            step = Step("branch", stmt.lineno)
            step.arms = [self.block(case.body) for case in stmt.cases] + [[]]
            if _matters(step):
                out.append(step)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return  # runs, if ever, elsewhere
        elif isinstance(stmt, ast.Return):
            if stmt.value is not None:
                self.expr(stmt.value, out)
            out.append(Step("return", stmt.lineno))
        elif isinstance(stmt, ast.Raise):
            for child in (stmt.exc, stmt.cause):
                if child is not None:
                    self.expr(child, out)
            out.append(Step("raise", stmt.lineno))
        elif isinstance(stmt, ast.Break):
            out.append(Step("break", stmt.lineno))
        elif isinstance(stmt, ast.Continue):
            out.append(Step("continue", stmt.lineno))
        else:
            for child in child_expressions(stmt):
                self.expr(child, out)

    def _compound(
        self,
        out: list[Step],
        step: Step,
        body: Sequence[ast.stmt],
        orelse: Sequence[ast.stmt],
        test: ast.expr | None = None,  # an ``if``'s: the paths it finds absent in an arm
    ) -> None:
        absent = self._absent_in_arms(test)
        step.arms = [self._block_absent(body, absent[0]), self._block_absent(orelse, absent[1])]
        if _matters(step):
            out.append(step)

    # -- expressions, in the order they are evaluated --------------------------

    def expr(self, node: ast.expr, out: list[Step], awaited: bool = False) -> None:
        kind = type(node)
        if kind in _LEAVES:
            return
        if kind is ast.Attribute or kind is ast.Starred:
            self.expr(node.value, out, awaited)  # type: ignore[attr-defined]
        elif kind is ast.Call:
            call: ast.Call = node  # type: ignore[assignment]
            qualified = self._qualify(call)
            runs = awaited or qualified == "asyncio.run"
            self.expr(call.func, out, awaited)
            before = self.count
            if qualified in _CONCURRENT:
                arms: list[list[Step]] = []
                for arg in call.args:
                    value = arg.value if isinstance(arg, ast.Starred) else arg
                    parts = (
                        value.elts if isinstance(value, (ast.List, ast.Tuple, ast.Set)) else [value]
                    )
                    for part in parts:
                        arms.append([])
                        if isinstance(part, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
                            # ``gather(*(fetch(u) for u in urls))``: every element
                            # starts at once, one turn of each, not one after another
                            self._at_once(part, out, arms[-1], runs)
                        else:
                            self.expr(part, arms[-1], runs)
                self._add(out, Step("branch", call.lineno, arms=arms))
            else:
                for arg in call.args:
                    self.expr(arg, out, runs)
            for keyword in call.keywords:
                self.expr(keyword.value, out, runs)
            if qualified in _WRAPPERS and self.count > before:
                return  # ``wait_for(self.agent.call_chat_model(...), 30)``: one effect
            self.call(call, out, awaited)
        elif kind is ast.Await:
            self.expr(node.value, out, True)  # type: ignore[attr-defined]
        elif kind in _ARMED:
            if self.nesting < MAX_NESTING:
                self.nesting += 1
                self._armed(node, out, awaited)
                self.nesting -= 1
        else:
            for child in child_expressions(node):
                self.expr(child, out, awaited)

    def _at_once(
        self,
        node: ast.GeneratorExp | ast.ListComp | ast.SetComp,
        out: list[Step],
        arm: list[Step],
        awaited: bool,
    ) -> None:
        """A comprehension handed whole to ``gather``: its iterables run
        here, each element as one arm."""
        for generator in node.generators:
            self.expr(generator.iter, out)
            for condition in generator.ifs:
                self.expr(condition, arm)
        self.expr(node.elt, arm, awaited)

    def _armed(self, node: ast.expr, out: list[Step], awaited: bool) -> None:
        """An expression that runs some of its parts only on some paths."""
        if isinstance(node, ast.IfExp):
            self.expr(node.test, out, awaited)
            arms: list[list[Step]] = [[], []]
            self.expr(node.body, arms[0], awaited)
            self.expr(node.orelse, arms[1], awaited)
            self._add(out, Step("branch", node.lineno, arms=arms))
        elif isinstance(node, ast.BoolOp):
            self.expr(node.values[0], out, awaited)
            for value in node.values[1:]:
                arm: list[Step] = []
                self.expr(value, arm, awaited)
                self._add(out, Step("branch", node.lineno, arms=[arm, []]))
        elif isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            first, *rest = node.generators
            self.expr(first.iter, out, awaited)
            body: list[Step] = []
            for generator in rest:
                self.expr(generator.iter, body, awaited)
            for generator in node.generators:
                for condition in generator.ifs:
                    self.expr(condition, body, awaited)
            parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
            for part in parts:
                self.expr(part, body, awaited)
            self._add(out, Step("loop", node.lineno, arms=[body, []]))

    def _add(self, out: list[Step], step: Step) -> None:
        if _matters(step):
            out.append(step)

    def _qualify(self, node: ast.Call) -> str | None:
        dotted = dotted_parts(node.func)
        return self.scope.resolve(dotted) if dotted is not None else None

    def _emit(self, out: list[Step], step: Step) -> None:
        self.count += 1
        out.append(step)

    def call(self, node: ast.Call, out: list[Step], awaited: bool) -> None:
        func = node.func
        dotted = dotted_parts(func)
        line = node.lineno
        name = func.attr if isinstance(func, ast.Attribute) else None
        if name == "handle_intervention" or (isinstance(func, ast.Name) and func.id in self.checks):
            if awaited or type(self.function) is ast.FunctionDef:  # checks under a plain execute
                written = ".".join(dotted or [name])
                self._emit(out, Step("intervene", line, call=written, awaited=awaited))
            return
        if name in MODEL_METHODS and awaited:
            written = ".".join(dotted) if dotted else name
            self._emit(out, Step("effect", line, MODEL, written))
            return
        if dotted is None:
            if name in KILL_METHODS and makes_process(func.value, self.scope.resolve):  # type: ignore[union-attr]
                self._emit(out, Step("effect", line, KILL, name))
            elif name == "wait" and awaited:
                self._emit(out, Step("effect", line, WAIT, "wait"))
            elif name is not None:
                self._overwrite(node, name, None, out)
            return
        me = self.scope.self_name
        written = ".".join(dotted)
        if me is not None and dotted[0] == me:
            holder = "self." + ".".join(dotted[1:-1]) if len(dotted) > 2 else ""
            if len(dotted) == 2:
                step = Step("call", line, f"self.{dotted[1]}", awaited=awaited)
                self._hand(step, node)
                self._emit(out, step)
            elif name in KILL_METHODS and holder in self.processes:
                self._emit(out, Step("effect", line, KILL, "self." + ".".join(dotted[1:])))
            elif name == "wait" and awaited:
                self._emit(out, Step("effect", line, WAIT, "self." + ".".join(dotted[1:])))
            elif len(dotted) >= 3 and f"self.{dotted[1]}" in self.scope.held:
                # a method of the object the class keeps: ``self.shell.read_output()``,
                # or of what that object keeps: ``self.runner.sub.run()``
                held = self.scope.held[f"self.{dotted[1]}"]
                step = Step("call", line, ".".join([held, *dotted[2:]]), awaited=awaited)
                self._hand(step, node)
                self._emit(out, step)
            return
        if len(dotted) >= 2 and dotted[0] in self.processes and name in KILL_METHODS:
            self._emit(out, Step("effect", line, KILL, written))
            return
        if len(dotted) == 2 and dotted[0] in self.clients:
            # a request built, an adapter mounted, a coroutine not awaited: nothing sent
            if dotted[1] in SENDS and (awaited or not self.clients[dotted[0]]):
                self._emit(out, Step("effect", line, NETWORK, written))
            return
        if len(dotted) >= 2 and dotted[0] in self.instances:
            # ``shell.connect()``; ``runner.sub.run()``: of what the object keeps
            target = ".".join([self.instances[dotted[0]], *dotted[1:]])
            step = Step("call", line, target, awaited=awaited)
            self._hand(step, node)
            self._emit(out, step)
            return
        qualified = self.scope.resolve(dotted)
        if qualified is None and dotted == ["open"]:
            qualified = "builtins.open"
        if qualified is None:
            if name == "wait" and awaited:
                self._emit(out, Step("effect", line, WAIT, written))
            else:
                self._overwrite(node, written, None, out)
            return
        self._qualified(node, qualified, awaited, out)

    def _qualified(self, node: ast.Call, qualified: str, awaited: bool, out: list[Step]) -> None:
        line = node.lineno
        if qualified in WAITS:
            if (awaited or not qualified.startswith("asyncio.")) and not zero_delay(node):
                self._emit(out, Step("effect", line, WAIT, qualified))
            return
        if qualified in KILL_CALLS:
            self._emit(out, Step("effect", line, KILL, qualified))
            return
        if qualified in _OPENERS or qualified in WRITE_TARGETS:
            self._overwrite(node, qualified.removeprefix("builtins."), qualified, out)
            return
        areas = effects.for_call(qualified)
        if SUBPROCESS in areas:
            if qualified.startswith("asyncio.") and not awaited:
                return
            command = call_argument(node, 0, "args")
            if command_word(command) in KILL_COMMANDS:
                self._emit(out, Step("effect", line, KILL, qualified))
            self._emit(out, Step("effect", line, SUBPROCESS, qualified))
            return
        if NETWORK in areas:
            if id(node) not in self.quiet:
                self._emit(out, Step("effect", line, NETWORK, qualified))
            return
        if self.scope.is_local(qualified):
            step = Step("call", line, qualified, awaited=awaited)
            self._hand(step, node)
            self._emit(out, step)
            return
        self._overwrite(node, qualified, qualified, out)

    def _overwrite(
        self, node: ast.Call, written: str, qualified: str | None, out: list[Step]
    ) -> None:
        """A call that truncates or replaces a file at a path made from the
        tool's arguments or a parameter: ``open(path, "w")``,
        ``Path(path).write_text()``, ``shutil.copy(src, path)``. Whether a
        parameter holds the tool's arguments is up to the caller."""
        target: ast.expr | None = None
        if qualified is not None and qualified in WRITE_TARGETS:
            target = call_argument(node, *WRITE_TARGETS[qualified])
        elif qualified is not None and qualified in _OPENERS:
            mode = open_mode(node)
            if mode is not None and "w" in mode:
                target = call_argument(node, 0, "file")
        elif isinstance(node.func, ast.Attribute) and node.func.attr in _PATH_WRITES:
            target = self._path_of(node.func.value)
        if target is not None and self._path_name(target) in self.absent:
            return  # no file was there: a new one is made
        origins = self._origins(target) if target is not None else set()
        if origins:
            self._emit(out, self._overwrite_step(node.lineno, written, target, origins))


def _ends(body: Sequence[ast.stmt]) -> bool:
    """Whether a block always ends the path (its last statement returns or raises)."""
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise))


#: expressions that hold no call
_LEAVES = frozenset({ast.Name, ast.Constant, ast.Lambda})
#: expressions that run some of their parts only on some paths
_ARMED = frozenset(
    {ast.IfExp, ast.BoolOp, ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp}
)


def _matters(step: Step) -> bool:
    """Whether a compound step holds anything the contract asks about; exits
    alone matter too (they end a path)."""
    return any(arm for arm in step.arms)
