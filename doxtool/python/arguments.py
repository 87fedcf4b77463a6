"""The facts of one argument of a tool, built up while the walk reads it
(:class:`ArgBuilder`, which builds its :class:`~doxtool.core.facts.Argument`)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from doxtool.core.facts import Argument, ArgumentRead, json_type
from doxtool.python.argdefaults import DefaultsSeen
from doxtool.python.argtypes import INT, checked_types, reach_of, read_type, type_used
from doxtool.python.argvalues import default_outside, holds, open_values
from doxtool.python.checkedreads import read_past_checks, unique
from doxtool.python.closedrefusals import ClosedRefusals
from doxtool.python.heldfallbacks import HeldFallbacks
from doxtool.python.literals import jsonable
from doxtool.python.readforms import REFUSALS


@dataclass(eq=False, repr=False)
class ArgBuilder(ClosedRefusals, DefaultsSeen, HeldFallbacks):
    """What the walk has learnt so far about one argument of a tool."""

    name: str
    reads: list[ArgumentRead] = field(default_factory=list)
    required_read: bool = False
    default: Any = None
    has_default: bool = False
    coerced_type: str | None = None
    #: the conversion applied to the value (``int``, ``str``; not ``bool``), the JSON types of
    #: the values reaching one, and whether a test of the value (not only a caught error)
    #: keeps some from one (:mod:`~doxtool.python.guardedconversions`)
    coercion: str | None = None
    conversion_reach: set[str] = field(default_factory=set)
    conversion_tested: bool = False
    #: JSON types of the non-string literals the value is compared with (``flag in ("yes", True)``)
    compared: set[str] = field(default_factory=set)
    #: the values it is compared with, as read or converted (``timeout !=
    #: "auto"``, ``case "all":``), save ``None`` and ``""``: one a conversion
    #: does not convert gives it no one type (:mod:`~doxtool.python.argtypes`)
    compared_values: list[Any] = field(default_factory=list)
    #: the keys of a known dict its value is looked up in (``ACTIONS.get(action)``)
    looked_up: list[str] = field(default_factory=list)
    annotation_type: str | None = None
    #: the annotation names several types (``int | str``): no one is claimed, nor a default's
    annotation_union: bool = False
    #: ``str(x)``, ``x.strip()``: less than a literal default says; ``used_type``: ``x.strip()``
    weak_type: str | None = None
    used_type: str | None = None
    #: ``type-int`` of ``not isinstance(x, int)`` in checks that end ``execute`` with an error
    instance_of: set[str] = field(default_factory=set)
    #: values a closed dispatch accepts, and the string methods applied to the
    #: value before it is compared with them (None: not known)
    enum: list[Any] = field(default_factory=list)
    enum_folds: set[str] | None = field(default_factory=set)
    #: values a branch of ``execute``'s path that returns tests outside the
    #: closed dispatch (``if action == "purge": return ...`` before it):
    #: accepted, or answered with an error, which the code does not say
    beside: list[Any] = field(default_factory=list)
    #: tested in a way no list of values holds (``action.startswith("del")``
    #: in a branch that returns): which values are accepted is not known
    values_unknown: bool = False
    #: re-spelled before it is compared (``replace``): the values accepted are not those listed
    respelled: bool = False
    #: lookups of its value in a dict (``HANDLERS.get(action)``) that no
    #: check closes: the values accepted are not known (:mod:`~doxtool.python.lookups`)
    open_lookups: set[int] = field(default_factory=set)
    #: compared with ``"true"``/``"false"`` spellings: a JSON boolean is accepted
    boolean_spelling: bool = False
    #: the strings compared with where it is a spelling (folded)
    spellings: set[str] = field(default_factory=set)
    #: the value itself compared with ``True`` or ``False``
    boolean_tested: bool = False
    #: each read (by id) -> the node read (by id); each node read -> how its
    #: value is compared when only so (:mod:`~doxtool.python.compareduses`;
    #: ``""`` for two kinds)
    read_nodes: dict[int, int] = field(default_factory=dict)
    compared_reads: dict[int, str] = field(default_factory=dict)
    #: the reads (by id) past a check that raises without the key: none raises
    present_reads: set[int] = field(default_factory=set)
    #: the JSON types its value is tested for (``isinstance(tags, str)``;
    #: ``"?"`` for a class of none): the code takes more than one type, so a
    #: literal default's type is not the only one, nor an annotation's other
    tested_types: set[str] = field(default_factory=set)
    #: its absence ends ``execute`` with an error
    contract_required: bool = False
    #: a fallback after ``or`` (:meth:`set_fallback`): no default is claimed
    default_unknown: bool = False
    #: whether that fallback's value is known, and the value
    fallback_known: bool = False
    fallback: Any = None
    held: list[tuple[bool, Any]] = field(default_factory=list)  # :mod:`.heldfallbacks`
    unheld_fallback: bool = False
    #: two reads give it different literal defaults (``args.get("t", "A")``
    #: in one branch, ``args.get("t", "")`` in another): none is claimed
    defaults_clash: bool = False
    #: a name is bound to a read with no default (``expand =
    #: kwargs.get("expand")``): that path gives a missing key ``None``, and a
    #: literal default another read gives is not what every path gives
    none_bound: bool = False
    #: a path gives a missing key what no one can state (:meth:`unknown_fallback`)
    unknown_path: bool = False
    #: ... of different types: neither gives the type
    clash_typed: bool = False
    #: the kinds of value (:data:`REFUSALS`) the checks that end ``execute``
    #: with an error refuse: a default among them is no default
    refusals: set[str] = field(default_factory=set)
    #: the kinds of value checks refuse with a raise that a ``try`` around
    #: them may recover from: a default among them is not known to be one
    recovered: set[str] = field(default_factory=set)
    #: arguments of which one is needed when this one is missing
    alternatives: set[str] = field(default_factory=set)
    #: arguments an ``or`` of reads takes in its place, or it in theirs
    #: (``args.get("text") or args.get("message")``), needed or not
    stand_ins: set[str] = field(default_factory=set)
    #: the kinds of value refused by checks that end ``execute`` with an
    #: error but do not run on every call (in a branch of a dispatch, in a
    #: method a dispatch calls): a default among them is not known to be one
    branch_refusals: set[str] = field(default_factory=set)
    #: ... of the value an ``or`` of reads gives (``args.get("name") or
    #: args.get("title", "")``, then ``if not name`` in a branch), each kind
    #: with the other arguments of the check: where they all stand in for this
    #: one, its default is reached only with them all missing, and refused there
    joint_branch_refusals: set[tuple[str, frozenset[str]]] = field(default_factory=set)
    #: a closed dispatch on the value runs on every call, before anything
    #: returns (``if mode not in ("a", "b"): return Response(error)`` at the
    #: top of ``execute``) / one runs on some calls only
    closed_always: bool = False
    closed_sometimes: bool = False
    #: the functions holding such a dispatch (:mod:`~doxtool.python.checkedreads`)
    closed_in: set[str] = field(default_factory=set)
    #: where a test of a closed dispatch that rejects what it does not list
    #: runs (``"always"``, ``"sometimes"``, as :attr:`closed_always`)
    rejecting: set[str] = field(default_factory=set)
    #: (line, column) of its reads that test its presence to refuse it (:meth:`refused_only`)
    refused_reads: set[tuple[int, int]] = field(default_factory=set)
    #: a closed dispatch tests it against values not known (``if tool not in
    #: READ_TOOLS: return Response(error)``, a name of no known value):
    #: whether what a missing key gives is among them is not known
    closed_opaque: bool = False
    #: ``""`` is tested as a value, by a closed dispatch or a branch that returns
    blank_tested: bool = False
    #: every arm of a closed dispatch every call reaches needs it
    #: (:mod:`~doxtool.python.arms`): each with a read that raises without it
    #: / some with a check that refuses its absence instead
    arm_raises: bool = False
    arm_refuses: bool = False
    #: a read that raises without it (``args["k"]``, ``args.pop("k")``) runs
    #: on some calls only: in a branch of a dispatch, a method a dispatch
    #: calls, an arm of a conditional expression, after ``and``/``or``
    sometimes_read: bool = False
    #: ... in an ``except`` handler: needed when the ``try``'s body raises only
    error_read: bool = False
    #: ``None`` is a value a closed dispatch accepts (``action in (None,
    #: "list")``) or takes on (``elif action is None: return self.default()``)
    none_tested: bool = False
    #: the value a closed dispatch tests is not only what the read gives: a
    #: value before it in an ``or`` may stand in (``self.method or
    #: args.get("action")``), or a fallback after it (``action = action or
    #: "list"``), so what a missing key leads to is not known
    missing_unknown: bool = False
    #: the value is handed to a function of another module of the repository,
    #: which may test it (``web_search.search(query, engine=engine)``)
    handed: bool = False
    #: checks whose missing or empty value ``execute`` answers with what a
    #: call returns (``if not note: return self.fail(...)``), where a returned
    #: ``Response(...)`` would refuse it: the calls, the kinds of value those
    #: on every call / on some calls test, and whether one runs on every call
    #: and tests this argument alone (a refusal there makes it required)
    absence_calls: set[str] = field(default_factory=set)
    absence_refusals: set[str] = field(default_factory=set)
    absence_branch_refusals: set[str] = field(default_factory=set)
    absence_contract: bool = False
    #: a branch of a closed dispatch answers ``""`` / ``None`` with what a
    #: call returns (``if not action: return await self.default()``): the
    #: value is accepted when the call handles it, refused when it refuses it
    absence_blank: bool = False
    absence_none: bool = False
    #: the kinds of value (:data:`REFUSALS`) such a branch tests: were the
    #: call a refusal, the check would refuse them where the dispatch runs
    absence_closed: set[str] = field(default_factory=set)
    #: a closed dispatch would run on every call if those calls refused
    absence_closed_always: bool = False
    #: built into a class, which may refuse any value: those accepted are not
    #: known, yet what a closed dispatch refuses stays refused (:mod:`.conversions`)
    values_narrowed: bool = False
    #: how every arm of a closed dispatch needs it (``"raises"``,
    #: ``"refuses"``, as :attr:`arm_raises`, :attr:`arm_refuses`) where that
    #: holds only if the calls of :attr:`absence_calls` refuse: the dispatch
    #: follows a check answered by one, or an arm's check is answered by one
    absence_arms: set[str] = field(default_factory=set)
    #: a read that raises without it runs on every call where no fill of it
    #: guards it (:meth:`needed_read`): a default read (``.get(k, d)``) fills
    #: nothing, and none after the read is what a missing key gets, so it is
    #: required and has no default
    raised_first: bool = False
    #: how many fills (or writes) of it have been seen (:func:`came_before`)
    offers: int = 0
    #: ... but a method that may run before ``execute`` offers one too
    #: (``reset()``, which the framework may call): whether it is needed is not known
    order_unknown: bool = False

    def needed_read(self, ordered: bool) -> None:
        """A read that raises without it runs on every call (``ordered``: the
        walk meets it in the order the code runs, in ``execute``)."""
        self.raised_first = self.raised_first or ordered
        self.required_read = True

    def _refused(self, value: Any, recovered: bool = False) -> bool:
        """Whether a check that ends ``execute`` with an error refuses
        ``value`` (``recovered``: one whose raise a handler may recover from)."""
        return any(REFUSALS[r](value) for r in (self.recovered if recovered else self.refusals))

    def compare(self, values: Iterable[Any], raw: bool) -> None:
        """The value is compared with ``values`` (``==``, ``in``, ``is``): their
        types other than the default's make its type not one. A string
        compared with a converted value (``str(x).lower() == "true"``) is a
        spelling, so strings count only on the value itself (``raw``: the
        read, or a name for it, with no conversion seen) or beside a value of
        another type (``x in (True, "yes")``). Any value counts against a
        conversion that does not convert it (:attr:`compared_values`). ``x ==
        ""`` and ``x is None`` test for absence."""
        values = [v for v in values if v is not None and v != ""]  # ``== ""``: absence
        self.compared_values.extend(values)
        mixed = len({isinstance(v, str) for v in values}) > 1
        raw = raw and self.coercion is None and self.weak_type is None
        self.compared.update(json_type(v) for v in values if raw or mixed or not isinstance(v, str))
        # ``flag is True``: a string or a number is not taken for the boolean
        self.boolean_tested = self.boolean_tested or (
            raw and any(isinstance(v, bool) for v in values)
        )

    def compared_as_read(self, node: int, kind: str) -> None:
        """The value the node ``node`` reads is compared, as read, as ``kind``."""
        known = self.compared_reads.setdefault(node, kind)
        if known != kind:
            self.compared_reads[node] = ""

    def _only_compared(self) -> str | None:
        """How every read's value is compared, when each is only compared so."""
        kinds = {self.compared_reads.get(self.read_nodes.get(id(r), 0), "") for r in self.reads}
        return kinds.pop() or None if len(kinds) == 1 else None

    def add_enum(self, value: Any, folds: frozenset[str] | None = None) -> None:
        known = self.enum_folds
        self.enum_folds = None if folds is None or known is None else known | folds
        value = jsonable(value)
        if not holds(self.enum, value):
            self.enum.append(value)

    def add_beside(self, values: Iterable[Any]) -> None:
        """Values a branch that returns tests, outside the closed dispatch."""
        for value in values:
            value = jsonable(value)
            self.blank_tested = self.blank_tested or value == ""
            if value is None or value == "" or not isinstance(value, (str, int, float)):
                continue  # ``x == ""`` tests for absence, not for a choice
            if isinstance(value, str) and value.strip().lower() in ("true", "false"):
                continue  # a spelling of a boolean, not a choice
            self.beside.append(value)

    def _unknown(self) -> bool:
        """Whether the values accepted are not known: a test no list holds, or
        a value tested beside a closed dispatch, which the branch may accept
        or refuse (``return Response("purge is no longer supported")``)."""
        return (
            self.values_unknown
            or self.respelled
            or self.values_narrowed
            or bool(self.open_lookups)
            # a helper that may refuse some values: not "any value"
            or (self.handed and not self.enum)
            or (bool(self.enum) and any(not holds(self.enum, v) for v in self.beside))
            or read_past_checks(self.reads, self.closed_in, self.closed_always)
            or default_outside(
                self.enum,
                self.enum_folds,
                self.coercion,
                self.missing(),
                lambda value: self._refused(value) or bool(self._rejected_where(value)),
            )
        )

    def missing(self) -> tuple[bool, Any]:
        """(True, the value) a missing key gives the code, when known: the
        default, a fallback after ``or``, or ``None`` when every read is a
        ``get`` with no default (``args.get("action")``)."""
        if self.has_default:
            return True, self.default
        if self.default_unknown:
            return self.fallback_known, self.fallback
        return bool(self.reads) and all(r.kind in ("get", "pop") for r in self.reads), None

    def _presence(self) -> tuple[bool, bool, bool, bool]:
        """Whether the argument is required, has a default, has a default
        neither claimed nor denied, and is needed on some calls only (its
        requiredness not known), from its reads and checks."""
        if self.raised_first and self.order_unknown:
            # raised on every call, unless the other method filled it before
            return dataclasses.replace(
                self, raised_first=False, required_read=False, sometimes_read=True
            )._presence()
        if self.raised_first:  # what comes after the read gives a missing key nothing
            return dataclasses.replace(
                self, raised_first=False, has_default=False, default=None, default_unknown=False
            )._presence()
        known, missing, fallback_known, fallback = self.checked_missing(*self.missing())
        closed_refused = known and self._closed_refuses(missing)
        # ... or a default outside the list a rejecting test refuses (``"auto"``)
        outside = self._rejected_where(missing) if known else set()
        # ``mode = args.get("mode", "")`` (or ``args.get("mode")``), then ``if
        # mode not in ("fast", "slow"): return Response(error)`` on every
        # call: a missing ``mode`` is an error, as ``if not mode`` makes it;
        # not when another argument stands in for it (``args.get("op") or
        # args.get("operation", "")``): then one of them is needed
        closed_missing = (
            ((closed_refused and self.closed_always) or "always" in outside)
            and not self.missing_unknown
            and not self.alternatives
            and not self.stand_ins
        )
        contract_required = self.contract_required or closed_missing
        refused = self.has_default and (self._refused(self.default) or closed_missing)
        # a default refused by a check on some calls only (in a method a
        # dispatch calls): a missing key there is an error, elsewhere it may
        # be the default; which, the code does not say
        sometimes = self.has_default and (
            closed_refused
            or bool(outside)
            or any(REFUSALS[r](self.default) for r in self.branch_refusals)
            or any(
                REFUSALS[r](self.default) and others <= self.stand_ins
                for r, others in self.joint_branch_refusals
            )
        )
        # ``f = self.args.get("f", None)`` then ``if f is None: raise ...``: an
        # explicit None the check refuses is no default, as ``.get("f")`` has none;
        # nor is any default a check on this argument alone refuses
        # (``args.get("g", "")``, then ``if not g: raise ...``): a missing key
        # ends ``execute`` with an error
        # reached only with every argument standing in for it missing, and refused there
        # (``args.get("op") or args.get("operation", "")``, then ``if not op``): no default
        chained = refused and bool(self.alternatives) and self.alternatives <= self.stand_ins
        has_default = self.has_default and not (
            refused and (self.default is None or contract_required or chained)
        )
        # a missing key whose value a check refuses with a raise a handler
        # recovers from ends as what the handler makes of it: not known
        recovered = self.has_default and not refused and self._refused(self.default, True)
        has_default = has_default and not recovered
        # a fallback after ``or`` that is not claimed as a default (and is none
        # when a check refuses it: ``x = args.get("x") or ""``, ``if not x``);
        # a literal a name holds past a fallback at its use is in the code all
        # the same (``uri: str = ""``, then ``uri or url``): judged by the
        # checks, never denied
        default_unknown = recovered or (
            (self.default_unknown or self._refused(None, True))
            and not self.has_default
            and not (self.fallback_known and (self._refused(self.fallback) or closed_missing))
        )
        # what a missing key gives passes the checks that end ``execute``
        passes = not closed_missing and (
            (self.has_default and not refused)
            or (default_unknown and (not fallback_known or not self._refused(fallback)))
            # ``args.get("x") == ""``: the None a missing key gives passes
            or (known and missing is None and not self.has_default and not self._refused(None))
        )
        # the refused default is in the code all the same: a companion that
        # gives it is not contradicted, and none is claimed
        default_unknown = default_unknown or (
            refused and self.default is not None and (contract_required or chained)
        )
        if sometimes and has_default:
            has_default, default_unknown = False, True
        required = (
            ((self.required_read or self.arm_raises) and not has_default and not self.alternatives)
            or (contract_required and not passes)
            # a check in an arm: no default, no fallback that may pass it
            or (
                self.arm_refuses
                and not self.has_default
                and not self.default_unknown
                and not self.alternatives
                and not self.stand_ins
            )
        )
        # needed on some calls only: a read there raises without it, or a check there
        # refuses a missing key's value (a check of it alone, even where another argument
        # stands in for it elsewhere: ``if not branch`` in ``merge``, ``target or branch``)
        # (or of its joint absence with those standing in for it there:
        # ``name = args.get("a") or args.get("b")``, then ``if not name``)
        joint = [r for r, others in self.joint_branch_refusals if others <= self.stand_ins]
        branch_refused = (
            known and any(REFUSALS[r](missing) for r in [*self.branch_refusals, *joint])
        ) or "missing" in self.branch_refusals
        unknown = (
            not required
            and not self.alternatives
            and (
                branch_refused
                or (
                    not self.stand_ins
                    and (
                        self.sometimes_read
                        or (self.error_read and not has_default)
                        or (closed_refused and self.closed_sometimes and not self.closed_always)
                        or outside == {"sometimes"}
                        or (known and self._opaque_refuses(missing))
                    )
                )
            )
        )
        if unknown:
            has_default, default_unknown = False, True
        return required, has_default, default_unknown, unknown

    def build(self) -> Argument:
        reads = unique(self.reads, lambda r: (r.line, r.column, r.kind))
        reads.sort(key=lambda r: (r.line, r.column))
        required, has_default, default_unknown, in_doubt = self._presence()
        none_path = self.none_bound and self.default is not None
        if (self.defaults_clash or none_path) and has_default:
            has_default, default_unknown = False, True
        # were the calls a check returns refusals (``self.fail(...)``), what would be
        # claimed? The tool's resolution decides whether that is known (the calls
        # may handle the value instead: ``return await self.default()``)
        absence_required, absence_calls, presence = False, [], []
        if self.absence_calls:
            # a branch of a dispatch every call reaches refuses on every call
            closed_always = self.closed_always or self.absence_closed_always
            always = self.absence_closed if closed_always else set()
            refusing = dataclasses.replace(
                self,
                refusals=self.refusals | self.absence_refusals | always,
                branch_refusals=self.branch_refusals
                | self.absence_branch_refusals
                | (self.absence_closed - always),
                contract_required=self.contract_required or self.absence_contract or bool(always),
                closed_always=closed_always,
                arm_raises=self.arm_raises or "raises" in self.absence_arms,
                arm_refuses=self.arm_refuses or "refuses" in self.absence_arms,
                absence_blank=False,
                absence_none=False,
            )
            would = refusing._presence()
            if (*would[:2], would[3]) != (required, has_default, in_doubt):
                absence_required = (would[0], would[3]) != (required, in_doubt)
                absence_calls, presence = sorted(self.absence_calls), [*would]
        kind = None if self.clash_typed and self.coercion is None else read_type(self)
        unknown = self._unknown()
        enum = [] if unknown else list(self.enum)
        tested = dict.fromkeys([*self.enum, *self.beside]) if unknown else {}
        if kind is None and self.enum:
            kinds = {json_type(v) for v in [*self.enum, *self.beside]}
            kind = kinds.pop() if len(kinds) == 1 else None
        elif kind is not None:
            # ``str(flag).lower() not in ("false", "no")`` for a boolean flag
            # compares a spelling, not a value the argument may take
            enum = [v for v in enum if json_type(v) == kind or (kind, json_type(v)) == INT]
        if not enum:
            # an open dispatch (``if action == "status": ...`` with a fallback
            # that is no error): the strings it compares the value with are
            # values of the argument all the same, not all it may take
            tested.update(dict.fromkeys(open_values(self)))
        return Argument(
            name=self.name,
            required=required,
            required_unknown=in_doubt,
            default=self.default if has_default else None,
            has_default=has_default,
            default_unknown=default_unknown,
            type=kind,
            type_used=type_used(self, kind, [] if unknown else self.enum),
            type_checks=checked_types(self, kind),
            enum=enum or None,
            enum_folds=sorted(self.enum_folds) if enum and self.enum_folds is not None else None,
            coercion=self.coercion,
            conversion_reach=reach_of(self, self.conversion_reach),
            reach_caught_only=not self.conversion_tested,
            values_unknown=unknown,
            compared=[v for v in tested if isinstance(v, str)] or None,
            spellings=sorted(self.spellings) if self.boolean_spelling else None,
            boolean_tested=self.boolean_tested,
            only_compared=self._only_compared(),
            reads=reads,
            alternatives=sorted(self.alternatives | self.stand_ins),
            alternatives_optional=bool(self.stand_ins) and not self.alternatives,
            absence_calls=absence_calls,
            absence_required=absence_required,
            absence_presence=presence,
        )
