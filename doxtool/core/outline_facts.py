"""The parts of a module's outline, as written: its functions and methods
(with their parameters), its classes and its imports. :class:`~doxtool.core.facts.ModuleOutline`
holds them; plain dataclasses like the rest of :mod:`doxtool.core.facts`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: the side-effect areas a companion line names (an outline's ``areas``), in
#: the order companions write them
AREAS = (
    "filesystem reads",
    "filesystem writes",
    "filesystem deletion",
    "network calls",
    "subprocess/runtime control",
    "model calls",
    "WebSocket state",
    "plugin state",
    "settings/state persistence",
    "secret handling",
    "scheduler state",
    "tunnel state",
)


@dataclass(slots=True)
class Param:
    """A parameter of a function as written (``ast`` renders annotations)."""

    name: str
    #: positional-only | positional | var-positional | keyword-only | var-keyword
    kind: str = "positional"
    annotation: str | None = None
    has_default: bool = False


@dataclass(slots=True)
class FunctionOutline:
    """A ``def`` of the module: a top-level function or a method."""

    name: str
    line: int
    params: list[Param] = field(default_factory=list)
    #: return annotation as ``ast.unparse`` renders it (string annotations quoted ``'X'``)
    returns: str | None = None
    is_async: bool = False
    #: decorators as written, without ``@`` (``overload``, ``staticmethod``, ``app.route('/x')``)
    decorators: list[str] = field(default_factory=list)
    #: first line of the docstring after ``inspect.cleandoc``, stripped ("" when none)
    doc: str = ""
    #: False for a ``def`` under a module-level ``if``/``try``/``with``/loop, and
    #: for a method under an ``if``/``try``/``with`` of its class body
    top_level: bool = True
    #: the body does nothing: a docstring, ``pass``, ``...`` or ``raise
    #: NotImplementedError`` (an abstract method's, whether decorated or not)
    stub: bool = False


@dataclass(slots=True)
class ClassOutline:
    """A class of the module, as written."""

    name: str
    line: int
    #: positional bases, each as ``ast.unparse`` renders it
    bases: list[str] = field(default_factory=list)
    #: class keywords as written (``total=False``, ``metaclass=ABCMeta``)
    keywords: list[str] = field(default_factory=list)
    decorators: list[str] = field(default_factory=list)
    #: every ``def`` directly in the class body, in source order (overloads repeat)
    methods: list[FunctionOutline] = field(default_factory=list)
    #: False for a class under a module-level ``if``/``try``/``with``/loop
    top_level: bool = True
    #: first line of the docstring after ``inspect.cleandoc``, stripped, with the
    #: lines that carry its sentence on (``signatures.doc_summary``; "" when none)
    doc: str = ""
    #: the parameters a call of the class takes, when its own code says them
    #: exactly (:mod:`doxtool.python.initparams`): a standard-library
    #: dataclass's fields, or its own ``__init__``'s past ``self``; None
    #: when not known
    init: list[Param] | None = None
    #: the ``break_loop`` an instance made without one holds, when ``init``
    #: is known and the class's code says it outright
    #: (:mod:`doxtool.python.initbreakloop`); None when not known
    break_loop_default: bool | None = None


@dataclass(slots=True)
class ClassCall:
    """A call of a class by a name the module imports or defines
    (``Response(message=m, break_loop=False)``), with no ``*``/``**`` splat."""

    #: the called name as written (``Response``, ``tool.Response``)
    callee: str
    line: int
    column: int = 1
    #: how many positional arguments it passes
    positional: int = 0
    #: the keywords it passes, in order
    keywords: list[str] = field(default_factory=list)
    #: the value a ``return`` gives outright (``return Response(...)``, not
    #: ``return a if c else Response(...)``)
    returned: bool = False


@dataclass(slots=True)
class ImportOutline:
    """One imported module (``import a.b, c`` gives two)."""

    #: ``import a.b`` -> ``a.b``; ``from x.y import z`` -> ``x.y``; relative
    #: ``from .m import z`` -> ``m`` (dots dropped); ``from . import z`` -> ""
    module: str
    line: int
    #: names imported by ``from ... import`` (``*`` for a star import); [] for ``import``
    names: list[str] = field(default_factory=list)
    #: module | function | class | type-checking | try | conditional
    scope: str = "module"
    #: number of leading dots of a relative import
    level: int = 0
