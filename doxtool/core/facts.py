"""Facts extracted from one tool module.

These are plain dataclasses: they serialise to JSON (see :mod:`doxtool.core.serde`),
they are what the cache stores, and they are the only input of rules, DOX
generation and schemas. Nothing here refers to a libcst node. They have
slots (as those of :mod:`doxtool.core.outline_facts` and
:mod:`doxtool.core.summary_facts` do): a run holds every module's facts at
once, and an object without a ``__dict__`` takes a third less memory.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# the arguments' facts, in a module of their own: names of this one too
from doxtool.core.argument_facts import Argument
from doxtool.core.argument_facts import ArgumentRead as ArgumentRead
from doxtool.core.call_facts import HelperCall
from doxtool.core.loader_facts import LoaderFacts
from doxtool.core.outline_facts import ClassCall, ClassOutline, FunctionOutline, ImportOutline
from doxtool.core.summary_facts import FunctionSummary

#: JSON Schema type names used for argument types.
JSON_TYPES = ("string", "integer", "number", "boolean", "array", "object")


def json_type(value: Any) -> str | None:
    """The JSON Schema type name of a literal value, or None."""
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return None


#: bits of the largest integer a fact states: well inside the 4,300 decimal
#: digits Python converts to text (``sys.get_int_max_str_digits``)
_MAX_INT_BITS = 12_000


def json_stateable(value: Any) -> bool:
    """Whether a literal value is one JSON states as it is: no bytes, no
    infinity or NaN, no integer too long to write out, no tuple or set
    (:func:`~doxtool.python.literals.literal_value` gives those as lists), keys
    of strings only."""
    todo = [value]
    while todo:
        current = todo.pop()
        kind = type(current)
        if kind is str or kind is bool or current is None:
            continue
        if kind is int:
            if current.bit_length() > _MAX_INT_BITS:
                return False
        elif kind is float:
            if current != current or current in (float("inf"), float("-inf")):
                return False
        elif kind is list:
            todo.extend(current)
        elif kind is dict:
            if not all(type(key) is str for key in current):
                return False
            todo.extend(current.values())
        else:
            return False
    return True


#: Side-effect areas detectable from a table of known calls.
SIDE_EFFECT_AREAS = (
    "filesystem read",
    "filesystem write",
    "filesystem delete",
    "network",
    "subprocess",
)


#: the fact kind of the repairable errors a tool raises, in :attr:`ToolFacts.unknown`
REPAIRABLE = "repairable"
#: the fact kind of a tool's ``break_loop``, in :attr:`ToolFacts.unknown`
BREAK_LOOP = "break-loop"
#: the fact kind of a tool's side-effect areas, in :attr:`ToolFacts.unknown`:
#: code its calls reach makes a call doxtool cannot see into, or is not followed
SIDE_EFFECTS = "side-effects"
#: the fact kind of a tool's arguments, in :attr:`ToolFacts.unknown`
ARGUMENTS = "arguments"
#: the fact kind of a tool's ``execute``, in :attr:`ToolFacts.unknown`: it is
#: bound in a way doxtool does not read (``execute = _impl`` in the class body)
EXECUTE = "execute"


@dataclass(slots=True)
class Problem:
    """Something in the module that stopped or limited extraction."""

    message: str
    line: int = 1
    column: int = 1
    kind: str = "syntax"  # syntax | decode | read | limit


@dataclass(slots=True)
class DynamicRead:
    """A read of ``tool_args`` whose key is not a resolvable literal."""

    expression: str
    line: int
    column: int = 1
    function: str = ""
    #: repository path of the module holding the code when it is not the
    #: module under inspection (inherited or re-exported tool classes)
    path: str | None = None


@dataclass(slots=True)
class Outcome:
    """A ``Response`` a tool can return."""

    #: True, False or the string "dynamic"
    break_loop: bool | str
    line: int
    column: int = 1
    #: source text of the ``break_loop`` expression when dynamic
    expression: str | None = None
    function: str = ""
    #: repository path of the module holding the code when it is not the
    #: module under inspection (inherited or re-exported tool classes)
    path: str | None = None
    #: what the ``message`` is made of: ``text`` (never empty: a string
    #: literal or f-string with visible text of its own, ``x or "none"``, or a
    #: value an earlier ``if not x: return ...`` tested), ``blank`` (an
    #: empty or blank literal), ``argument`` (a tool argument as read, which
    #: the model may leave empty or out), ``computed`` (anything else); None
    #: when not known (a ``Response`` kept in a variable). Of ``a if c else
    #: b``, the first of argument, blank, computed, text that either is; of
    #: one whose ``break_loop`` is decided at run time, what it is when that
    #: is true (``Response(text, break_loop=bool(text))``: text).
    message: str | None = None
    #: calls of functions of other modules before it in its block (or one
    #: around it): were each never to return, no path would reach it
    #: (settled once the modules are joined, :mod:`doxtool.python.followraises`)
    unless: list[str] = field(default_factory=list)


#: kinds of ``Outcome.message``, the ones that can leave a turn without an answer first
MESSAGE_KINDS = ("argument", "blank", "computed", "text")


@dataclass(slots=True)
class MissingResponse:
    """A path through ``execute`` that ends without returning a ``Response``."""

    #: falls-off-end | bare-return | returns-none | returns-literal |
    #: returns-none-bound (a name bound to ``None`` on a path that reaches the
    #: ``return``) | returns-coroutine (an ``async`` function of the module
    #: called without ``await``)
    kind: str
    line: int
    column: int = 1
    function: str = ""
    #: repository path of the module holding the code when it is not the
    #: module under inspection (inherited or re-exported tool classes)
    path: str | None = None
    #: ``falls-off-end``: calls of functions of other modules (qualified,
    #: ``await `` before those awaited) that, none of them returning, would
    #: end every path: the end is not reached when each never returns
    unless: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Raise:
    """An exception a tool raises."""

    exception: str
    line: int
    column: int = 1
    #: fully qualified name when it resolves through the module's imports
    qualified: str | None = None
    repairable: bool = False
    function: str = ""
    #: repository path of the module holding the code when it is not the
    #: module under inspection (inherited or re-exported tool classes)
    path: str | None = None
    #: raised in the body of a ``try``, whose handlers may catch it
    in_try: bool = False


@dataclass(slots=True)
class Effect:
    """A side-effect area a tool reaches, and the calls that reach it."""

    area: str
    #: dotted names of the calls leading to the effect, the tool's own call
    #: first and the call that has the effect last (one name for a direct call)
    calls: list[str]
    #: position of the tool's own call
    line: int
    column: int = 1
    function: str = ""
    #: repository path of the module holding the call when it is not the
    #: module under inspection (inherited or re-exported tool classes)
    path: str | None = None
    #: through helpers: the line of the call that has the effect, in the
    #: module at :attr:`reached_path` (0: a direct call, at :attr:`line`)
    reached_line: int = 0
    reached_path: str | None = None
    #: as :attr:`Outcome.unless`
    unless: list[str] = field(default_factory=list)


@dataclass(slots=True)
class ExecuteFacts:
    """The ``execute`` method of a tool class."""

    is_async: bool = field(metadata={"json": "async"})
    line: int = 0
    params: list[str] = field(default_factory=list)
    #: ``Class.execute`` where it is defined (may be a base class)
    defined_in: str = ""
    #: module path of the definition when it is not the tool's own module
    defined_in_path: str | None = None
    #: a ``yield`` makes it a generator: calling it runs none of its body
    generator: bool = False


@dataclass(slots=True)
class Signature:
    """A function or method signature in DOX style (defaults shown as ``=...``)."""

    name: str
    text: str
    line: int
    is_async: bool = False


@dataclass(slots=True)
class ClassFacts:
    """A class of the module, tool or not."""

    name: str
    line: int
    #: bases as written in the source (``Tool``, ``tool.Tool``)
    bases: list[str] = field(default_factory=list)
    #: bases resolved through imports to dotted names (``helpers.tool.Tool``);
    #: a base defined in the same module resolves to ``<module>.<Name>``
    resolved_bases: list[str] = field(default_factory=list)
    methods: list[Signature] = field(default_factory=list)


@dataclass(slots=True)
class Exposure:
    """An external or long-running effect a tool's ``execute`` can reach after
    another one (or itself, in an earlier turn of a loop) on a path with no
    ``handle_intervention`` call between them."""

    #: area of the effect: ``network``, ``subprocess``, ``wait``, ``model call``
    effect: str
    #: dotted names of the calls from ``execute`` to it, the effect's call last
    calls: list[str]
    #: line of the effect's call in the module holding it (``path``)
    line: int
    path: str = ""
    #: the earlier effect, the same way
    after: str = ""
    after_calls: list[str] = field(default_factory=list)
    after_line: int = 0
    after_path: str = ""
    #: line in the tool's module of the call of ``execute`` that leads to it
    origin: int = 0
    #: line of each of ``calls`` in the module that makes it
    lines: list[int] = field(default_factory=list)
    after_lines: list[int] = field(default_factory=list)
    #: the earlier effect ran in an earlier turn of a loop the path goes round
    #: with no check: the stretch that ignores a pause lasts as long as the loop
    repeated: bool = False


@dataclass(slots=True)
class ToolFacts:
    """Everything doxtool knows about one tool class."""

    name: str
    class_name: str = field(metadata={"json": "class"})
    line: int = 0
    bases: list[str] = field(default_factory=list)
    #: the position in ``bases`` of the first base that is, or derives
    #: from, a configured tool base (``Tool`` in ``Fetch(TimeoutMixin,
    #: Tool)``): what the class is a tool through; 0 when none is known to
    is_a_base: int = 0
    execute: ExecuteFacts | None = None
    arguments: list[Argument] = field(default_factory=list)
    dynamic_reads: list[DynamicRead] = field(default_factory=list)
    #: places where the tool takes the arguments it does not name as a whole
    #: (``{"area": area, **kwargs}``, ``kwargs.items()``): any other key is accepted
    other_arguments: list[DynamicRead] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)
    missing_responses: list[MissingResponse] = field(default_factory=list)
    raises: list[Raise] = field(default_factory=list)
    helpers: list[str] = field(default_factory=list)
    #: each of ``helpers`` -> the methods calling it (an override elsewhere does not)
    helper_sites: dict[str, list[str]] = field(default_factory=dict)
    #: keys its ``before_execution`` raises without (an override may not)
    hook_present: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)
    intervention: bool = False
    side_effects: list[str] = field(default_factory=list)
    #: each side-effect area with the path of calls that reaches it, through
    #: the repository's own helper modules to a bounded depth
    effects: list[Effect] = field(default_factory=list)
    #: calls into other modules of the repository (followed when resolving)
    helper_calls: list[HelperCall] = field(default_factory=list)
    #: repository path of the module defining the class, when it is not the
    #: module under inspection (compatibility shims re-exporting a tool)
    defined_in_path: str | None = None
    #: qualified names of the functions whose return value ``execute`` passes
    #: on (``execute`` first, then ``return await self._finish()`` and the like)
    returns_from: list[str] = field(default_factory=list)
    #: values ``execute`` returns that its module alone does not tell: the
    #: result of a call into another module (``target``: a dotted name, or
    #: ``self.<method>`` of a base elsewhere), or ``""``: a value doxtool cannot
    #: follow (resolving turns the ones it can into outcomes)
    returned_calls: list[HelperCall] = field(default_factory=list)
    #: contract facts doxtool cannot determine (``break-loop``, :data:`REPAIRABLE`):
    #: what it knows of them is partial, and rules about them say nothing
    unknown: list[str] = field(default_factory=list)
    #: external or long-running effects ``execute`` can reach after another
    #: one with no ``handle_intervention`` between them
    exposures: list[Exposure] = field(default_factory=list)
    #: destructive effects ``execute`` can reach (killing a process,
    #: overwriting a file named by the tool's arguments), with their call paths
    destructive: list[Effect] = field(default_factory=list)

    def argument(self, name: str) -> Argument | None:
        for arg in self.arguments:
            if arg.name == name:
                return arg
        return None

    def knows(self, kind: str) -> bool:
        """Whether doxtool knows a contract fact (:data:`BREAK_LOOP`,
        :data:`REPAIRABLE`) of the tool in full. ``break_loop`` is not known
        either when a ``Response`` gives it a value doxtool cannot evaluate
        (``break_loop=self.done``): what that value is, is not known."""
        if kind in self.unknown:
            return False
        return kind != BREAK_LOOP or all(isinstance(o.break_loop, bool) for o in self.outcomes)

    @property
    def break_loop_values(self) -> list[bool | str]:
        """Distinct ``break_loop`` values in a stable order: True, False, dynamic."""
        seen: list[bool | str] = []
        for value in (True, False, "dynamic"):
            if any(o.break_loop == value for o in self.outcomes):
                seen.append(value)
        return seen


@dataclass(slots=True)
class EffectEvidence:
    """Code (a call or an import, never a comment or a string) that shows a
    side-effect area."""

    #: ``filesystem reads``, ``filesystem writes``, ``filesystem deletion``,
    #: ``network calls``, ``subprocess/runtime control``, ``model calls``
    area: str
    #: the call or import that shows it (``os.remove``, ``import httpx``)
    via: str
    line: int


@dataclass(slots=True)
class ModuleOutline:
    """What any documented module has, tool or not, read with ``ast``.

    Every list is in source order unless it says otherwise. Facts are as the
    code has them; conventions decide which of them a companion lists.
    """

    #: first line of the module docstring, with the lines that carry its
    #: sentence on (``signatures.doc_summary``; "" when none)
    docstring: str = ""
    classes: list[ClassOutline] = field(default_factory=list)
    functions: list[FunctionOutline] = field(default_factory=list)
    #: names with ``str.isupper()`` bound by ``Assign``/``AnnAssign`` directly in
    #: the module body, first occurrence, deduplicated
    constants: list[str] = field(default_factory=list)
    #: every name bound at module level, in any block (``if``/``try``/``for``/``with``)
    assigned: list[str] = field(default_factory=list)
    #: names an import binds that the module's other code outside functions
    #: also stores, deletes or defines (``del Base``, ``Base = Other``): which
    #: value the name ends with is not told by the import
    rebound: list[str] = field(default_factory=list)
    imports: list[ImportOutline] = field(default_factory=list)
    #: distinct call names in ``ast.walk`` (breadth-first) order: ``call.func``
    #: rendered with calls in the chain flattened (``Localization.get().now()``
    #: -> ``Localization.get.now``), subscripts transparent, other receivers dropped
    calls: list[str] = field(default_factory=list)
    #: distinct names and attribute chains read anywhere, rendered the same way
    references: list[str] = field(default_factory=list)
    #: distinct names of the methods called on a receiver whose class the
    #: module does not tell (``super().m()``, ``self.m()``, ``obj.m()`` for a
    #: local ``obj``, ``make().m()``), in ``calls`` order
    untyped_calls: list[str] = field(default_factory=list)
    effects: list[EffectEvidence] = field(default_factory=list)
    #: calls doxtool cannot see into, as written (``client.get`` on a client
    #: handed in, ``importlib.import_module``): the object a method is called
    #: on is of a kind not known here, or a module is loaded by name
    #: (:mod:`doxtool.python.opaque`); while there is one, no side-effect
    #: area is known to be gone
    opaque_calls: list[str] = field(default_factory=list)
    #: the functions making one, as their summaries name them (``f``,
    #: ``Class.m``): a tool reaching one through its helpers has side-effect
    #: areas doxtool cannot see
    opaque_functions: list[str] = field(default_factory=list)
    #: attributes of the module's classes given a value outside their class
    #: body (``Tool.store = ...``, ``setattr(self, "store", ...)``; ``"*"``: a
    #: ``setattr`` naming one at run time), so that what a class body sets
    #: them to is not all they hold (:mod:`doxtool.python.rebound`)
    rebound_attributes: list[str] = field(default_factory=list)
    #: areas whose keywords occur anywhere in the module text (comments and
    #: strings included): evidence that an area line was written from this text
    keyword_areas: list[str] = field(default_factory=list)
    #: the calls of a name bound to the framework's ``Response`` class, as
    #: far as the module tells (:mod:`doxtool.python.responsecalls`)
    response_calls: list[ClassCall] = field(default_factory=list)


@dataclass(slots=True)
class ModuleFacts:
    """Facts of one module: its tools, its outline and any problems."""

    path: str
    module: str = ""
    tools: list[ToolFacts] = field(default_factory=list)
    classes: list[ClassFacts] = field(default_factory=list)
    functions: list[Signature] = field(default_factory=list)
    constants: list[str] = field(default_factory=list)
    imports: list[str] = field(default_factory=list)
    #: imported name -> dotted target, for names imported from other modules
    #: (and module-level names bound once to one: ``BaseTool = tool.Tool``)
    imported_names: dict[str, str] = field(default_factory=dict)
    #: modules imported with ``from <module> import *``
    star_imports: list[str] = field(default_factory=list)
    #: tool analyses of classes that have an ``execute`` in this module,
    #: before it is known which of them derive from the tool base class
    candidates: list[ToolFacts] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    #: the module as any documented module has it (None when ``ast`` cannot parse it)
    outline: ModuleOutline | None = None
    #: what each function and method does with what it is handed (read by
    #: tools of other modules that call it)
    summaries: list[FunctionSummary] = field(default_factory=list)
    #: module-level name -> the callables (dotted) whose results are all it
    #: holds (``runner = JobRunner()``); an empty list: one value is made
    #: another way, and what its methods do is not known
    objects: dict[str, list[str]] = field(default_factory=dict)
    #: attribute -> the callables (dotted) whose results are all the
    #: module's classes keep in ``self.<attr>``: one of the repository, or
    #: library callables (:mod:`doxtool.python.astheld`); an attribute not
    #: read is left out
    held: dict[str, list[str]] = field(default_factory=dict)
    #: the loops of its functions that take a class by the order of another
    #: module's names (:mod:`doxtool.core.loader_facts`): a tool loader's
    loaders: list[LoaderFacts] = field(default_factory=list)
    #: the names of the Python files it may load by their path (a literal's
    #: last part, ``_common.py``), handed to
    #: ``spec_from_file_location``, ``runpy.run_path`` and the like
    #: (:mod:`doxtool.python.pathloads`)
    path_loads: list[str] = field(default_factory=list)
    #: the quoted names in these facts that may be repository modules, the
    #: resolved ``tools`` left out, one per line (:mod:`doxtool.core.factnames`:
    #: one string holds a module's hundreds of names in a fifth of the memory),
    #: computed where the module is parsed; None until then
    module_names: str | None = field(default=None, repr=False, compare=False)

    @property
    def parsed(self) -> bool:
        return not any(p.kind in ("syntax", "decode", "read", "limit") for p in self.problems)

    def class_named(self, name: str) -> ClassFacts | None:
        for cls in self.classes:
            if cls.name == name:
                return cls
        return None

    def summary(self, name: str) -> FunctionSummary | None:
        for summary in self.summaries:
            if summary.name == name:
                return summary
        return None
