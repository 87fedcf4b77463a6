"""What a call is, for the flow of a function: the effect areas a step names
(long-running: network, subprocess, wait, model call; destructive: process kill,
file overwrite), the calls and methods that have them, the calls that make
process objects, what a function's surroundings tell about its calls
(:class:`Scope`), and the readers of a call's parts those tables need (its
dotted name, an argument by index or keyword, an ``open`` mode, the program a
literal command runs, what a body assigns). :mod:`doxtool.python.flows` builds
the steps from them;
:mod:`doxtool.python.pacing` asks which areas are long-running or destructive.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from doxtool.python import effects
from doxtool.python.astparse import statements
from doxtool.python.astwalk import walk
from doxtool.python.names import dotted_parts
from doxtool.python.scopebinds import module_binds

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

Resolve = Callable[[list[str]], "str | None"]
FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef
#: (targets, value) of an assignment, a loop or a ``with ... as``
Assignment = tuple[list[ast.expr], ast.expr]

#: calls and path methods that test whether a path exists
EXISTS_CALLS = frozenset({"os.path.exists", "os.path.lexists", "os.path.isfile"})
EXISTS_METHODS = frozenset({"exists", "is_file"})


@dataclass(eq=False, repr=False)
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
    #: ``self.<attr>`` -> the repository class of the object the module's
    #: classes always keep there (:mod:`doxtool.python.astheld`)
    held: Mapping[str, str] = field(default_factory=dict)
    #: :func:`assignments` of the function's body, when they are kept (None: read them)
    assigns: list[Assignment] | None = None


def class_processes(
    cls: ast.ClassDef,
    resolve: Resolve,
    assigned: Callable[[FunctionNode], Iterable[Assignment]] | None = None,
) -> frozenset[str]:
    """``self.<attr>`` that some method of the class sets to a process object
    (``assigned``: what :func:`assignments` gives for a method's body, when
    it is kept)."""
    found: set[str] = set()
    for item in cls.body:
        if not isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        args = item.args.posonlyargs or item.args.args
        if not args:
            continue
        me = args[0].arg
        found_here = assigned(item) if assigned is not None else assignments(item.body)
        for targets, value in found_here:
            if not makes_process(value, resolve):
                continue
            for target in targets:
                if (
                    isinstance(target, ast.Attribute)
                    and isinstance(target.value, ast.Name)
                    and target.value.id == me
                ):
                    found.add(f"self.{target.attr}")
    return frozenset(found)


def makes_process(value: ast.expr, resolve: Resolve) -> bool:
    if isinstance(value, ast.Await):
        value = value.value
    if not isinstance(value, ast.Call):
        return False
    dotted = dotted_parts(value.func)
    return dotted is not None and resolve(dotted) in PROCESS_MAKERS


def assignments(body: Sequence[ast.stmt]) -> Iterable[Assignment]:
    """(targets, value) of every assignment, loop and ``with ... as`` in a
    body, nested blocks included (nested functions and classes left out)."""
    return statement_assignments(statements(body))


def statement_assignments(stmts: Iterable[ast.stmt]) -> Iterator[Assignment]:
    """:func:`assignments` of a body from its statements
    (:func:`~doxtool.python.astparse.statements`)."""
    for stmt in stmts:
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


def zero_delay(node: ast.Call) -> bool:
    first = node.args[0] if node.args else None
    return isinstance(first, ast.Constant) and first.value in (0, 0.0) and first.value is not False


def call_argument(node: ast.Call, index: int | None, keyword: str) -> ast.expr | None:
    """The argument a call gives a parameter: by its keyword, or at its
    position ``index`` (None: keyword only)."""
    for kw in node.keywords:
        if kw.arg == keyword:
            return kw.value
    if (
        index is not None
        and len(node.args) > index
        and not any(isinstance(a, ast.Starred) for a in node.args[: index + 1])
    ):
        return node.args[index]
    return None


def open_mode(
    node: ast.Call, constant: Callable[[str], str | None] | None = None, index: int = 1
) -> str | None:
    """The mode an ``open``-like call gives (its ``index``-th argument or
    ``mode=``), ``"r"`` when it gives none; None when it is neither a
    literal nor a name ``constant`` knows the string of (a module constant
    bound once), or may sit in a ``*`` or ``**`` argument."""
    mode = call_argument(node, index, "mode")
    if mode is None:
        starred = any(isinstance(a, ast.Starred) for a in node.args[: index + 1])
        return None if starred or any(k.arg is None for k in node.keywords) else "r"
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return mode.value
    if isinstance(mode, ast.Name) and constant is not None:
        return constant(mode.id)
    return None


def opener_flag(node: ast.Call, qualified: str) -> str | None:
    """The flag or mode a call of :data:`~doxtool.python.effects.FLAGGED_OPENERS`
    gives (``dbm.open(p, "c")``), its default when it gives none; None when
    it is not a literal (or may sit in a ``*`` or ``**`` argument), or when
    the call names no file (``logging.basicConfig()``: :func:`names_file`)."""
    keyword, index, default = effects.FLAGGED_OPENERS[qualified]
    if not names_file(node, qualified):
        return None
    if keyword is None:
        return default
    flag = call_argument(node, index, keyword)
    if flag is None:
        starred = any(isinstance(a, ast.Starred) for a in node.args)
        return None if starred or any(k.arg is None for k in node.keywords) else default
    if isinstance(flag, ast.Constant) and isinstance(flag.value, str):
        return flag.value
    return None


def names_file(node: ast.Call, qualified: str) -> bool:
    """Whether a call of :data:`~doxtool.python.effects.FLAGGED_OPENERS`
    names the file it opens: always, but for those of
    :data:`~doxtool.python.effects.FILE_NAMED_BY`, given the keyword that
    names it and not a literal ``None`` (one that may sit in a ``**``
    argument is not known: no file)."""
    keyword = effects.FILE_NAMED_BY.get(qualified)
    if keyword is None:
        return True
    given = next((k.value for k in node.keywords if k.arg == keyword), None)
    return given is not None and not (isinstance(given, ast.Constant) and given.value is None)


def module_strings(tree: ast.Module) -> dict[str, str]:
    """The names a module binds once, at its top, to a string literal, that
    nothing else binds anywhere in it (no other assignment, no ``global``,
    no loop or parameter of that name)."""
    found: dict[str, str] = {}
    for stmt in tree.body:
        if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            value = stmt.value
            if (
                len(targets) == 1
                and isinstance(targets[0], ast.Name)
                and isinstance(value, ast.Constant)
                and isinstance(value.value, str)
            ):
                found[targets[0].id] = value.value
    if not found:
        return found
    binds = module_binds(tree).module()
    other = binds.declared() | binds.params | binds.defined | binds.imported
    return {
        name: text
        for name, text in found.items()
        if binds.stores.get(name, 0) == 1 and name not in other
    }


def opens_file(node: ast.Call, makers: Callable[[ast.expr], list[str] | None]) -> bool:
    """Whether an archive opener is given a file to open: its first argument,
    not an in-memory file object (``io.BytesIO()``, a name bound to one);
    ``makers`` gives the library callables whose result a value is."""
    given = next((k.value for k in node.keywords if k.arg in effects.FILE_KEYWORDS), None)
    if given is None and node.args and not isinstance(node.args[0], ast.Starred):
        given = node.args[0]
    if given is None:
        return False
    made = makers(given)
    return not (made and any(maker in effects.IN_MEMORY for maker in made))


def command_word(node: ast.expr | None) -> str | None:
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


def intervention_aliases(
    assigns: Iterable[Assignment], self_name: str | None, function: FunctionNode
) -> frozenset[str]:
    """Local names every assignment binds to the agent's ``handle_intervention``
    (``check = self.agent.handle_intervention``, ``check = getattr(self.agent,
    "handle_intervention", None)``): awaiting one checks for an intervention.
    A name also bound to anything else is left out (which one a call reaches
    is not known), as is one ``function`` binds otherwise: a parameter
    (``tick=None``, then ``if tick is None: tick = ...``) holds what a caller
    gives, and a name a ``:=``, an ``except ... as``, an import or a ``def``
    binds holds something else."""
    checked = [
        (targets, self_name is not None and _is_check(value, self_name))
        for targets, value in assigns
    ]
    if not any(checks for _, checks in checked):
        return frozenset()  # no name bound to it: no other binding to weigh
    bound: dict[str, bool] = dict.fromkeys(_other_bindings(function), False)
    for targets, checks in checked:
        for target in targets:
            for node in walk(target):
                if type(node) is ast.Name:
                    bound[node.id] = bound.get(node.id, True) and checks and target is node
    return frozenset(name for name, only in bound.items() if only)


def _is_check(value: ast.expr, self_name: str) -> bool:
    """Whether ``value`` is ``<self>.agent.handle_intervention`` or the
    ``getattr`` of it (with any default)."""
    if isinstance(value, ast.Call) and dotted_parts(value.func) == ["getattr"]:
        args = value.args
        if len(args) < 2 or not isinstance(args[1], ast.Constant):
            return False
        return args[1].value == "handle_intervention" and dotted_parts(args[0]) == [
            self_name,
            "agent",
        ]
    return dotted_parts(value) == [self_name, "agent", "handle_intervention"]


def _other_bindings(function: FunctionNode) -> set[str]:
    """Names ``function`` binds other than by assignment: its parameters, and
    anywhere in it (nested scopes included) a ``:=``, an ``except ... as``,
    an import, a ``def`` or ``class``, a ``global`` or ``nonlocal``."""
    args = function.args
    params = (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg)
    names = {p.arg for p in params if p is not None}
    for node in walk(function):
        kind = type(node)
        if kind is ast.NamedExpr:
            if type(node.target) is ast.Name:  # type: ignore[attr-defined]
                names.add(node.target.id)  # type: ignore[attr-defined]
        elif kind is ast.ExceptHandler:
            if node.name:  # type: ignore[attr-defined]
                names.add(node.name)  # type: ignore[attr-defined]
        elif kind is ast.Import or kind is ast.ImportFrom:
            names.update((a.asname or a.name).split(".", 1)[0] for a in node.names)  # type: ignore[attr-defined]
        elif kind in _DEFINITIONS:
            names.add(node.name)  # type: ignore[attr-defined]
        elif kind is ast.Global or kind is ast.Nonlocal:
            names.update(node.names)  # type: ignore[attr-defined]
    return names


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
