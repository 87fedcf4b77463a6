"""The control flow of a function, reduced to the steps the tool contract asks
about: external and long-running effects, ``handle_intervention`` calls,
destructive effects, calls into the repository, and the branches, loops,
``try`` blocks and exits between them (:class:`~doxtool.core.facts.Step`).

Read from CPython's ``ast`` while :mod:`doxtool.summaries` summarises a
function; :mod:`doxtool.python.pacing` follows the steps from a tool's ``execute``.
Nothing is evaluated. A call counts as an effect only when what it is can be
told from the code: the dotted name it resolves to through the imports
(``subprocess.run``, ``asyncio.sleep``), a method the framework names
(``call_chat_model``, ``handle_intervention``), an awaited ``.wait()``, or a
receiver the function or its class made (``proc = subprocess.Popen(...)``
then ``proc.kill()``). Anything else is no step at all.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from doxtool.core.summary_facts import Step
from doxtool.python import effects

NETWORK = "network"
SUBPROCESS = "subprocess"
WAIT = "wait"
MODEL = "model call"
KILL = "process kill"
OVERWRITE = "file overwrite"

#: effects a paused agent must not start: ``handle_intervention`` before them
LONG_RUNNING = frozenset({NETWORK, SUBPROCESS, WAIT, MODEL})
#: effects a companion must make explicit
DESTRUCTIVE = frozenset({KILL, OVERWRITE})

#: the agent's methods that call a language model (async)
MODEL_METHODS = frozenset({"call_chat_model", "call_utility_model"})
#: calls that wait; a literal zero (``asyncio.sleep(0)``) only yields
WAITS = frozenset({"asyncio.sleep", "time.sleep", "asyncio.wait_for", "asyncio.wait", "trio.sleep"})
#: calls that run the coroutines they are handed at the same time: each
#: starts from where the caller is
_CONCURRENT = frozenset({"asyncio.gather", "asyncio.wait"})
#: waits that only wrap what they are handed when that is a call
_WRAPPERS = frozenset({"asyncio.wait_for", "asyncio.wait", "asyncio.shield"})
#: calls that send a signal to a process named by its id
KILL_CALLS = frozenset({"os.kill", "os.killpg", "signal.pthread_kill"})
#: calls whose result is a process object
PROCESS_MAKERS = frozenset(
    {
        "subprocess.Popen",
        "asyncio.create_subprocess_exec",
        "asyncio.create_subprocess_shell",
        "psutil.Process",
        "psutil.Popen",
        "multiprocessing.Process",
    }
)
#: iterating these yields process objects
PROCESS_ITERATORS = frozenset({"psutil.process_iter"})
#: methods of a process object that stop it
KILL_METHODS = frozenset({"kill", "terminate", "send_signal"})
#: commands that kill processes, when a subprocess call names them literally
KILL_COMMANDS = frozenset({"kill", "pkill", "killall"})
#: calls that write onto the path of the given argument (index, keyword)
WRITE_TARGETS: dict[str, tuple[int, str]] = {
    "shutil.copy": (1, "dst"),
    "shutil.copy2": (1, "dst"),
    "shutil.copyfile": (1, "dst"),
    "shutil.move": (1, "dst"),
    "os.replace": (1, "dst"),
    "os.rename": (1, "dst"),
}
_OPENERS = frozenset({"open", "io.open", "codecs.open", "aiofiles.open", "builtins.open"})
_PATH_WRITES = frozenset({"write_text", "write_bytes"})
_PATH_MAKERS = frozenset({"pathlib.Path", "pathlib.PurePath", "anyio.Path", "aiofiles.os.path"})

#: calls whose result names the same file as their arguments
_SAME_PATH_CALLS = frozenset(
    {
        "str",
        "os.fspath",
        "pathlib.Path",
        "pathlib.PurePath",
        "os.path.join",
        "os.path.abspath",
        "os.path.realpath",
        "os.path.normpath",
        "os.path.expanduser",
        "os.path.expandvars",
    }
)
#: methods whose result names the same file as their receiver
_SAME_PATH_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "resolve", "expanduser", "absolute", "joinpath"}
)

#: a function's flow holds at most this many steps (a generated module can be huge)
MAX_STEPS = 2000
#: and nests them at most this deep
MAX_NESTING = 40

Resolve = Callable[[list[str]], "str | None"]


@dataclass
class Scope:
    """What the flow of one function needs to know about its surroundings."""

    #: dotted name of a call through the module's imports (None: not known)
    resolve: Resolve
    #: whether a dotted name is a function of this repository
    is_local: Callable[[str], bool]
    self_name: str | None = None
    #: names that hold the tool's arguments (``execute``'s parameters)
    arguments: frozenset[str] = frozenset()
    #: ``self.args`` holds the tool's arguments (a method of a tool class)
    self_args: bool = False
    #: ``self.<attr>`` the class assigns a process object to
    processes: frozenset[str] = frozenset()


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


def class_processes(cls: ast.ClassDef, resolve: Resolve) -> frozenset[str]:
    """``self.<attr>`` that some method of the class sets to a process object."""
    found: set[str] = set()
    for item in cls.body:
        if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = item.args.posonlyargs or item.args.args
        if not args:
            continue
        me = args[0].arg
        for targets, value in _assignments(item.body):
            if not _makes_process(value, resolve):
                continue
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == me
                ):
                    found.add(f"self.{target.attr}")
    return frozenset(found)


def _dotted(node: ast.expr) -> list[str] | None:
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def _makes_process(value: ast.expr, resolve: Resolve) -> bool:
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call):
        return False
    dotted = _dotted(value.func)
    return dotted is not None and resolve(dotted) in PROCESS_MAKERS


def _zero(node: ast.Call) -> bool:
    first = node.args[0] if node.args else None
    return isinstance(first, ast.Constant) and first.value in (0, 0.0) and first.value is not False


def _argument(node: ast.Call, index: int, keyword: str) -> ast.expr | None:
    for kw in node.keywords:
        if kw.arg == keyword:
            return kw.value
    if len(node.args) > index and not any(
        isinstance(a, ast.Starred) for a in node.args[: index + 1]
    ):
        return node.args[index]
    return None


def _open_mode(node: ast.Call) -> str | None:
    mode = _argument(node, 1, "mode")
    if mode is None:
        return "r"
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return mode.value
    return None


def _command_word(node: ast.expr | None) -> str | None:
    """The program a literal command runs (``["pkill", "-f", x]``, ``"kill 12"``)."""
    if isinstance(node, (ast.List, ast.Tuple)) and node.elts:
        first = node.elts[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value.rsplit("/", 1)[-1]
        return None
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        words = node.value.split()
        return words[0].rsplit("/", 1)[-1] if words else None
    return None


class _Builder:
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

    # -- what names hold (flow-insensitive: any assignment in the body) --------

    def prepare(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        args = node.args
        for param in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
            if param is not None and param.arg != self.scope.self_name:
                self.origins.setdefault(param.arg, {param.arg})
        assigns = list(_assignments(node.body))
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
        for targets, value in assigns:
            made = self._process_value(value)
            constructed = self._constructed(value)
            for target in targets:
                if not isinstance(target, ast.Name):
                    continue
                if made:
                    self.processes.add(target.id)
                if constructed is not None:
                    self.instances[target.id] = constructed

    def _names(self, target: ast.expr) -> Iterable[str]:
        if isinstance(target, ast.Name):
            yield target.id
        elif isinstance(target, (ast.Tuple, ast.List)):
            for elt in target.elts:
                yield from self._names(elt)
        elif isinstance(target, ast.Starred):
            yield from self._names(target.value)

    def _origins(self, node: ast.expr | None, depth: int = 0) -> set[str]:
        """Where a path comes from: ``args`` when it is the tool's arguments
        (``self.args[...]``, ``execute``'s parameters, a name holding one),
        and the parameters of the function it is. A path keeps its origin
        through what names the same file (``str()``, ``Path()``, ``/``,
        ``os.path.join``, ``.strip()``, ``.resolve()``, a repository helper
        handed it first); a name made up with other text (an f-string, ``+``,
        a unique suffix) is a new file and has none."""
        if node is None or depth > 20:
            return set()
        if isinstance(node, ast.Name):
            return set(self.origins.get(node.id, ()))
        if isinstance(node, (ast.Await, ast.NamedExpr)):
            return self._origins(node.value, depth + 1)
        if isinstance(node, ast.Attribute):
            me = self.scope.self_name
            if (
                node.attr == "args"
                and self.scope.self_args
                and isinstance(node.value, ast.Name)
                and node.value.id == me
            ):
                return {"args"}
            return set()
        if isinstance(node, ast.Subscript):
            return self._origins(node.value, depth + 1)
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            return self._origins(node.left, depth + 1) | self._origins(node.right, depth + 1)
        if isinstance(node, ast.IfExp):
            return self._origins(node.body, depth + 1) | self._origins(node.orelse, depth + 1)
        if isinstance(node, ast.BoolOp):
            return set().union(*(self._origins(v, depth + 1) for v in node.values))
        if isinstance(node, ast.JoinedStr) and len(node.values) == 1:
            only = node.values[0]
            if isinstance(only, ast.FormattedValue):
                return self._origins(only.value, depth + 1)
            return set()
        if isinstance(node, ast.Call):
            return self._call_origins(node, depth)
        return set()

    def _call_origins(self, node: ast.Call, depth: int) -> set[str]:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in _SAME_PATH_METHODS:
            return self._origins(func.value, depth + 1)
        if isinstance(func, ast.Attribute) and func.attr in ("get", "pop"):
            return self._origins(func.value, depth + 1)
        dotted = _dotted(func)
        if dotted is None:
            return set()
        qualified = self.scope.resolve(dotted) or (dotted[0] if len(dotted) == 1 else None)
        if qualified is None:
            return set()
        if qualified in _SAME_PATH_CALLS:
            return set().union(*(self._origins(a, depth + 1) for a in node.args))
        if self.scope.is_local(qualified) and node.args:
            return self._origins(node.args[0], depth + 1)
        return set()

    def _passes(self, node: ast.Call) -> list[list[str]]:
        passes: list[list[str]] = []
        for index, arg in enumerate(node.args):
            if isinstance(arg, ast.Starred):
                break  # where the rest lands is unknown
            passes.extend([f"#{index}", o] for o in sorted(self._origins(arg)))
        for keyword in node.keywords:
            if keyword.arg is not None:
                passes.extend([keyword.arg, o] for o in sorted(self._origins(keyword.value)))
        return passes

    def _process_value(self, value: ast.expr) -> bool:
        if _makes_process(value, self.scope.resolve):
            return True
        # ``for proc in psutil.process_iter():``
        if isinstance(value, ast.Call):
            dotted = _dotted(value.func)
            return dotted is not None and self.scope.resolve(dotted) in PROCESS_ITERATORS
        return False

    def _constructed(self, value: ast.expr) -> str | None:
        if isinstance(value, ast.Await):
            value = value.value
        if not isinstance(value, ast.Call):
            return None
        dotted = _dotted(value.func)
        if dotted is None or dotted[0] == self.scope.self_name:
            return None
        qualified = self.scope.resolve(dotted)
        if qualified is None or not self.scope.is_local(qualified):
            return None
        return qualified

    # -- statements ----------------------------------------------------------

    def block(self, body: Sequence[ast.stmt]) -> list[Step]:
        steps: list[Step] = []
        if self.nesting >= MAX_NESTING:
            return steps  # what lies deeper is not seen (the facts stay shallow)
        self.nesting += 1
        for stmt in body:
            if self.count > MAX_STEPS:
                break
            self.stmt(stmt, steps)
        self.nesting -= 1
        return steps

    def stmt(self, stmt: ast.stmt, out: list[Step]) -> None:
        if isinstance(stmt, ast.If):
            self.expr(stmt.test, out)
            self._compound(out, Step("branch", stmt.lineno), stmt.body, stmt.orelse)
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            self.expr(stmt.iter, out)
            self._compound(out, Step("loop", stmt.lineno), stmt.body, stmt.orelse)
        elif isinstance(stmt, ast.While):
            always = isinstance(stmt.test, ast.Constant) and bool(stmt.test.value)
            test: list[Step] = []
            self.expr(stmt.test, test)
            # the test runs before every turn and before leaving
            body = [*test, *self.block(stmt.body)]
            step = Step("loop", stmt.lineno, "always" if always else "")
            step.arms = [body, self.block(stmt.orelse)]
            out.extend(test)
            if _matters(step):
                out.append(step)
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
                self.expr(item.context_expr, out)
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
            for child in ast.iter_child_nodes(stmt):
                if isinstance(child, ast.expr):
                    self.expr(child, out)

    def _compound(
        self, out: list[Step], step: Step, body: Sequence[ast.stmt], orelse: Sequence[ast.stmt]
    ) -> None:
        step.arms = [self.block(body), self.block(orelse)]
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
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.expr(child, out, awaited)

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
        dotted = _dotted(node.func)
        return self.scope.resolve(dotted) if dotted is not None else None

    def _emit(self, out: list[Step], step: Step) -> None:
        self.count += 1
        out.append(step)

    def call(self, node: ast.Call, out: list[Step], awaited: bool) -> None:
        func = node.func
        dotted = _dotted(func)
        line = node.lineno
        name = func.attr if isinstance(func, ast.Attribute) else None
        if name == "handle_intervention":
            if awaited:
                self._emit(out, Step("intervene", line))
            return
        if name in MODEL_METHODS and awaited:
            written = ".".join(dotted) if dotted else name
            self._emit(out, Step("effect", line, MODEL, written))
            return
        if dotted is None:
            if name in KILL_METHODS and _makes_process(func.value, self.scope.resolve):  # type: ignore[union-attr]
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
                step.passes = self._passes(node)
                self._emit(out, step)
            elif name in KILL_METHODS and holder in self.processes:
                self._emit(out, Step("effect", line, KILL, "self." + ".".join(dotted[1:])))
            elif name == "wait" and awaited:
                self._emit(out, Step("effect", line, WAIT, "self." + ".".join(dotted[1:])))
            return
        if len(dotted) >= 2 and dotted[0] in self.processes and name in KILL_METHODS:
            self._emit(out, Step("effect", line, KILL, written))
            return
        if len(dotted) == 2 and dotted[0] in self.instances:
            target = f"{self.instances[dotted[0]]}.{dotted[1]}"
            step = Step("call", line, target, awaited=awaited)
            step.passes = self._passes(node)
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
            if (awaited or not qualified.startswith("asyncio.")) and not _zero(node):
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
            command = _argument(node, 0, "args")
            if _command_word(command) in KILL_COMMANDS:
                self._emit(out, Step("effect", line, KILL, qualified))
            self._emit(out, Step("effect", line, SUBPROCESS, qualified))
            return
        if NETWORK in areas:
            self._emit(out, Step("effect", line, NETWORK, qualified))
            return
        if self.scope.is_local(qualified):
            step = Step("call", line, qualified, awaited=awaited)
            step.passes = self._passes(node)
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
            target = _argument(node, *WRITE_TARGETS[qualified])
        elif qualified is not None and qualified in _OPENERS:
            mode = _open_mode(node)
            if mode is not None and "w" in mode:
                target = _argument(node, 0, "file")
        elif isinstance(node.func, ast.Attribute) and node.func.attr in _PATH_WRITES:
            target = self._path_of(node.func.value)
        origins = self._origins(target) if target is not None else set()
        if origins:
            step = Step("effect", node.lineno, OVERWRITE, written)
            step.sources = sorted(origins)
            self._emit(out, step)

    def _path_of(self, receiver: ast.expr) -> ast.expr | None:
        """The path a ``Path`` receiver is made of (``Path(p)``, ``Path(p) / x``),
        or the receiver itself when it is a name."""
        while isinstance(receiver, ast.BinOp) and isinstance(receiver.op, ast.Div):
            receiver = receiver.left
        if isinstance(receiver, ast.Call):
            dotted = _dotted(receiver.func)
            if dotted is not None and self.scope.resolve(dotted) in _PATH_MAKERS and receiver.args:
                return receiver.args[0]
            return None
        if isinstance(receiver, ast.Name):
            return receiver
        return None


#: expressions that hold no call
_LEAVES = frozenset({ast.Name, ast.Constant, ast.Lambda})
#: expressions that run some of their parts only on some paths
_ARMED = frozenset(
    {ast.IfExp, ast.BoolOp, ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp}
)


def _assignments(body: Sequence[ast.stmt]) -> Iterable[tuple[list[ast.expr], ast.expr]]:
    """(targets, value) of every assignment, loop and ``with ... as`` in a
    body, nested blocks included (nested functions and classes left out)."""
    todo = list(reversed(body))
    while todo:
        stmt = todo.pop()
        if isinstance(stmt, ast.Assign):
            yield stmt.targets, stmt.value
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            yield [stmt.target], stmt.value
        elif isinstance(stmt, (ast.For, ast.AsyncFor)):
            yield [stmt.target], stmt.iter
        elif isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                if item.optional_vars is not None:
                    yield [item.optional_vars], item.context_expr
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for name in ("body", "orelse", "finalbody"):
            block = getattr(stmt, name, None)
            if isinstance(block, list):
                todo.extend(reversed(block))
        for handler in getattr(stmt, "handlers", ()):
            todo.extend(reversed(handler.body))
        for case in getattr(stmt, "cases", ()):
            todo.extend(reversed(case.body))


def _matters(step: Step) -> bool:
    """Whether a compound step holds anything the contract asks about; exits
    alone matter too (they end a path)."""
    return any(arm for arm in step.arms)
