"""What one function does with what it is handed: the keys it reads, its calls
with effects of their own, its calls into the repository and the steps of its
control flow that matter to the tool contract (:class:`FunctionSummary`).

Plain dataclasses like :mod:`doxtool.core.facts`, filled in by
:mod:`doxtool.python.summaries`, so that helper modules can be followed from
the tools that call them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class KeyRead:
    """A key a function reads from a dict it is handed (a parameter, or
    ``<param>.args`` of an object it is handed, ``self.args`` in a method).

    A parameter a ``**`` splat can fill is a read too, of the key of its
    name: ``source`` is ``**`` and ``kind`` is ``parameter``, ``guarded``
    when it has a default; a call that splats the tool's arguments into the
    function reads it (:mod:`doxtool.python.follow`).
    """

    key: str
    source: str
    line: int
    column: int = 1
    #: get | subscript | contains | pop | parameter
    kind: str = "get"
    guarded: bool = False
    default: Any = None
    has_default: bool = False
    #: a fallback after ``or`` that is not stated as a default (``d.get(k) or
    #: self.limit``, ``d.get(k) or []``): no default is claimed or denied
    default_unknown: bool = False
    #: a default the function's check refuses (``d.get(k, "")``, then ``if not
    #: value: raise``): the key is needed; that default is neither claimed nor denied
    refused_default: bool = False
    #: a test of its presence whose body raises (``if "debug" in d: raise
    #: ValueError(...)``): the function refuses the key when given
    refused: bool = False
    #: keys of which at least one is read when this one is absent
    alternatives: list[str] = field(default_factory=list)
    #: under a branch that depends on what the dict holds
    conditional: bool = False
    #: in an ``except`` handler (and no such branch): needed only when the
    #: ``try``'s body raises, so a default read elsewhere holds
    on_error: bool = False
    #: the JSON type a coercion of the value gives (``float(d.get("k"))``)
    coerced: str | None = None
    #: the conversion applied (``float``, ``str``; not ``bool``, a truth test)
    coercion: str | None = None
    #: the JSON types of the values that reach the conversions making
    #: ``coerced``, where a test of the value or a caught error keeps others
    #: from them (``if isinstance(x, str): x = int(x)``: strings); None where
    #: every value does
    conversion_reach: list[str] | None = None
    #: ``str(d.get("k"))``: a string, but says less than a literal default
    weak: str | None = None
    #: the JSON types ``isinstance`` tests the value for, here or in a
    #: function of the module it is handed to (``"?"``: another class)
    tested_types: list[str] = field(default_factory=list)
    #: the literals the value is compared with, as read or converted
    #: (``timeout != "auto"``, ``case "all":``), save ``None`` and ``""``
    compared: list[Any] = field(default_factory=list)
    #: a key that is not a literal (``key`` is empty): the code of its
    #: expression, and the parameter it is when it is one never rebound
    #: (``args.get(key)``: the caller's literal for it is the key)
    computed: str = ""
    key_param: str | None = None
    #: no key read, but the dict handed whole where the summary does not
    #: follow it (``Model(**args)``, ``return args``): ``computed`` is the
    #: code of that use, and the dict takes keys no one can name
    handed: bool = False
    #: the function raises when the value is empty (``if not value: raise``,
    #: ``if len(value) == 0: raise``, ...):
    #: a call of it needs the key
    contract: bool = False
    #: the values a closed check accepts (``if x not in ("a", "b"): raise``)
    values: list[Any] | None = None
    #: the string methods applied to the value before that check compares it
    #: (``args.get("mode", "").lower()``: ``lower``); ``[]`` where it compares
    #: the value as read
    folds: list[str] | None = None
    #: the value is tested in a way no list holds: the values accepted are
    #: not known (neither a list nor "any value")
    values_unknown: bool = False
    #: the body replaces the literal before any other use of the value
    #: (``limit=None``, then ``limit = int(limit) if limit else 10``):
    #: ``default`` (or ``default_unknown``) is what it becomes
    #: (:mod:`doxtool.python.replacedvalues`)
    replaced: bool = False
    #: a check ends its block with calls of functions of the repository
    #: (``if not args.get("q"): reject("q")``; qualified, ``await `` before
    #: those awaited): were it a ``raise``, the read would differ as
    #: ``raise_changes`` say (field, value); following the helper takes them
    #: when each call never returns (:mod:`doxtool.python.astraisecalls`)
    raise_calls: list[str] = field(default_factory=list)
    raise_changes: list[list[Any]] = field(default_factory=list)
    #: the tests of a parameter against literals the read stands under:
    #: (parameter, whether the test holds for the values or for every other,
    #: the values), as :mod:`doxtool.python.astliteralguards` finds them; a
    #: call handing the parameter a literal a test rules out makes no such read
    when: list[list[Any]] = field(default_factory=list)


@dataclass(slots=True)
class EffectCall:
    """A call inside a function that has a side effect of its own."""

    #: ``""``: an ``open``-like call whose mode the function does not read,
    #: decided by each call when it is the parameter ``mode``
    #: (:mod:`~doxtool.python.openparams`), not known otherwise
    area: str
    call: str
    line: int
    #: the parameter the mode is handed in, never rebound, and its string
    #: default (None: it has none)
    mode: str = ""
    default: str | None = None


@dataclass(slots=True)
class OutCall:
    """A call inside a function to another function that may be followed."""

    #: dotted name through the module's imports, or ``self.<method>``
    target: str
    line: int
    #: (callee parameter: a name, ``#<n>`` or ``**``; caller's source: a
    #: parameter name, ``<param>.args`` or ``self``)
    passes: list[list[str]] = field(default_factory=list)
    #: (callee parameter, string literal) for each literal string it passes
    literals: list[list[str]] = field(default_factory=list)
    #: with a ``**`` pass: the callee parameters filled otherwise, and whether
    #: they are unknown, as :attr:`doxtool.core.facts.HelperCall.fills`
    fills: list[str] = field(default_factory=list)
    fills_unknown: bool = False
    #: made on some calls of the function only (in a branch of an ``if`` or
    #: ``match``, of a conditional expression, after ``and``/``or``): what
    #: the callee reads with a subscript is not needed on every call
    conditional: bool = False
    #: made in the body of a ``try`` whose handler catches a missing key's
    #: ``KeyError`` and goes on, or under ``with suppress(KeyError):``: a
    #: callee's ``d[key]`` of a missing key raises into it, as
    #: :attr:`doxtool.core.facts.HelperCall.key_guarded`
    key_guarded: bool = False
    #: made in the body of a ``try`` with handlers: what the callee raises
    #: may be caught there (``except Exception: return error``)
    in_try: bool = False
    #: the tests of a parameter against literals the call stands under, as
    #: :attr:`KeyRead.when`
    when: list[list[Any]] = field(default_factory=list)
    #: written with a dotted name, as :attr:`doxtool.core.facts.HelperCall.named`
    named: bool = False


@dataclass(slots=True)
class Step:
    """One step of a function's control flow that matters to the tool contract
    (:mod:`doxtool.python.flows` reads them, :mod:`doxtool.python.pacing` follows them).

    ``kind`` is ``effect`` (``what`` is its area: ``network``, ``subprocess``,
    ``wait``, ``model call``, ``process kill``, ``file overwrite``; ``call``
    the call as resolved), ``intervene`` (an awaited ``handle_intervention``, or one called in a
    plain ``def``, not ``awaited``; ``call`` the call as written),
    ``call`` (``what`` is a function of the repository that may be followed:
    a dotted name or ``self.<method>``), ``branch`` (one of ``arms`` runs; an
    arm may be empty), ``loop`` (``arms`` are the body and the ``else``;
    ``what`` is ``always`` for a ``while`` whose body runs until a ``break``,
    ``written`` for a ``for`` over values written out: ``(a, b)``), ``try``
    (``arms`` are the body, the ``else``, the ``finally``, then the
    handlers), or ``return``, ``raise``, ``break``, ``continue``.
    """

    kind: str
    line: int = 0
    what: str = ""
    call: str = ""
    #: a call of an ``async`` function that is not awaited makes a coroutine
    #: and runs nothing on this path
    awaited: bool = True
    arms: list[list[Step]] = field(default_factory=list)
    #: ``file overwrite``: where its path comes from (``args``: the tool's
    #: arguments; else a parameter of the function, by name)
    sources: list[str] = field(default_factory=list)
    #: ``call``: (parameter of the callee: a name or ``#<n>``, source as above)
    #: for each argument made from the tool's arguments or a parameter; a
    #: ``**`` splat's as ``**``, beside which the call's other arguments are
    #: listed with ``""`` where they have no such source
    passes: list[list[str]] = field(default_factory=list)
    #: ``call``: (parameter of the callee: a name or ``#<n>``, ``""`` or a
    #: parameter of the function) for each argument that is a path an
    #: existence test before the call found absent (``""``), or a parameter
    #: the function never rebinds, handed on as it is (absent when the
    #: caller's was)
    absent: list[list[str]] = field(default_factory=list)
    #: ``file overwrite``: the parameter of the function the path written
    #: is, as handed (a parameter it never rebinds), if any
    named: str = ""


@dataclass(slots=True)
class Returned:
    """What one ``return`` of a function hands back.

    ``kind`` is ``response`` (a ``Response(...)``: ``break_loop`` is True,
    False or ``dynamic``, a value the function computes), ``call`` (the result of
    ``call``: a dotted name through the module's imports, or
    ``self.<method>``), ``none``, ``literal``, or ``other`` (a value that
    cannot be told).
    """

    kind: str
    line: int
    break_loop: bool | str | None = None
    call: str = ""
    #: the read each value it hands back is, as it is or through a string
    #: method (one for a single value, one per item of a tuple display):
    #: (dict name, key) of ``d.get("k", ...)`` or ``d["k"]``, ``["", ""]``
    #: for any other value
    reads: list[list[str]] = field(default_factory=list)
    #: the message of a ``Response``: ``blank`` (an empty or blank literal),
    #: ``parameter:<name>`` (a parameter as it is handed, which the function
    #: names nowhere else: neither tested nor changed), None otherwise
    message: str | None = None
    #: a ``call`` written with ``await`` before it: without one, an ``async``
    #: callee hands back a coroutine, not what it returns
    awaited: bool = False


@dataclass(slots=True)
class FunctionSummary:
    """What one function of a module does with what it is handed, read from
    ``ast`` so that helper modules can be followed from the tools that call them."""

    #: ``name`` or ``Class.name``
    name: str
    line: int
    params: list[str] = field(default_factory=list)
    #: how many of ``params`` a positional argument may fill (those before
    #: the keyword-only ones; None: all): one past them lands in ``*args``
    positional: int | None = None
    #: how many of ``params`` are positional-only (before ``/``): a keyword
    #: of one of their names, a ``**`` splat's too, lands in ``**`` instead
    posonly: int = 0
    #: the first parameter is bound (``self``, ``cls``): a call passes one fewer
    bound: bool = False
    #: a ``classmethod``: its first parameter is bound through its class too
    class_bound: bool = False
    #: the ``**`` parameter, if any
    star_kwarg: str | None = None
    reads: list[KeyRead] = field(default_factory=list)
    effects: list[EffectCall] = field(default_factory=list)
    calls: list[OutCall] = field(default_factory=list)
    is_async: bool = False
    #: a generator (a ``yield`` in its body): a call runs none of it; a loop
    #: over what it gives runs its body between turns
    generator: bool = False
    #: the steps of its body that matter to the tool contract, in order
    flow: list[Step] = field(default_factory=list)
    #: what its ``return`` statements hand back
    returns: list[Returned] = field(default_factory=list)
    #: exceptions it raises itself (dotted names through its module's imports)
    raises: list[str] = field(default_factory=list)
    #: some path ends without ``return`` or ``raise`` (it returns None there)
    falls_off: bool = False
    #: (parameter, kind of value :data:`~doxtool.python.readforms.REFUSALS`
    #: names) for each parameter a check at the top of the body raises on
    #: before any return (``if not text: raise ValueError(...)``): a call
    #: handing it an argument's value refuses that kind of value
    refuses: list[list[str]] = field(default_factory=list)
    #: (parameter, kind of value refused, item, literal) for each parameter
    #: such a check hands a value back on (``if not items: return [], "items
    #: is required"``), each item (``""`` the whole, ``#<n>`` the n-th of a
    #: tuple) of that value that is a literal (:mod:`~doxtool.python.astanswers`)
    answers: list[list[Any]] = field(default_factory=list)
    #: it falls off its end, but would not were none of these calls of the
    #: repository's functions (qualified) to return (``reject(what)`` as its
    #: last statement): when each never returns, neither does it
    ends_unless: list[str] = field(default_factory=list)
    #: the parameters it hands on to calls (:attr:`OutCall.passes`) that it
    #: also rebinds: what a caller bound them to may not be what it passes
    rebound: list[str] = field(default_factory=list)
    #: its whole body returns one read of a dict parameter under the key a
    #: parameter holds (``return args.get(name, default)``): [dict parameter,
    #: key parameter, default parameter (``""``: none), whether that
    #: parameter's own default is a literal, that literal, the dict parameter
    #: of a read that is the default (``args.get(name, kw.get(name, d))``:
    #: ``kw``; ``""``: none)]
    #: (:mod:`~doxtool.python.astaccessors`); ``[]`` for any other function
    accessor: list[Any] = field(default_factory=list)
    #: an ``after_execution`` method: the values it may give the
    #: ``break_loop`` of the ``Response`` it is handed (``True``, ``False``,
    #: ``dynamic``; ``super``: it hands it to the next base's hook)
    #: (:mod:`~doxtool.python.astbreaksets`); ``[]`` for any other function
    hook_sets: list[Any] = field(default_factory=list)
    #: a module-level function with a ``class`` statement in its body whose
    #: bases are not all builtin classes (a class factory: ``Made =
    #: make_tool("x")`` may bind a tool class)
    makes_class: bool = False
