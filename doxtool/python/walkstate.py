"""What the walk of one function knows (:class:`Env`), and what a call that is
followed hands the function it reaches (:class:`Target`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from doxtool.python.modulescan import Func

#: a key of a dict constant looked up, with (True, its value) when known:
#: ``"legacy": None`` is (``"legacy"``, (True, None))
LookupEntry = tuple[str, tuple[bool, Any]]


#: the fields of :class:`Env` the walk of a block changes for its own
#: statements only (:meth:`Env.block_state`)
_BLOCK_FIELDS = (
    "needed_here",
    "doubted_here",
    "at_top",
    "past_doubt",
    "refused_keys",
    "present_past",
)


@dataclass
class Fills:
    """What statements so far wrote into the arguments dicts of a function."""

    #: (dict label, key) -> (the value written is known, the value), for a
    #: key filled where it was missing
    filled: dict[tuple[str, str], tuple[bool, Any]] = field(default_factory=dict)
    #: labels of dicts in which any key may have been filled
    any_filled: set[str] = field(default_factory=set)
    #: (dict label, key) written on every path: no longer the argument
    written: set[tuple[str, str]] = field(default_factory=set)
    #: (dict label, key) -> other keys of the dict whose value is written
    #: under it when they are given (``if "q" in D: D["query"] = D.pop("q")``):
    #: the key is there when it or one of them was given
    #: (:mod:`~doxtool.python.renamedkeys`)
    aliased: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    #: (dict label, key) written on some paths only: it may be there or not
    maybe: set[tuple[str, str]] = field(default_factory=set)
    #: labels of dicts replaced by a new dict on every path: no key of them
    #: is an argument (:mod:`~doxtool.python.argreplace`)
    replaced: set[str] = field(default_factory=set)
    #: (dict label, key) written on every path with an ``or`` of arguments
    #: (``D["url"] = D.get("link") or D.get("href")``) -> those arguments: a
    #: check of the key's value is a check of them jointly
    grouped: dict[tuple[str, str], frozenset[str]] = field(default_factory=dict)

    def empty(self) -> bool:
        return not (
            self.filled
            or self.any_filled
            or self.written
            or self.aliased
            or self.maybe
            or self.replaced
        )

    def joined(self, other: Fills) -> Fills:
        """A new record of what both hold (a key filled in both: as here)."""
        filled = {**other.filled, **self.filled}
        aliased = {p: set(o) for p, o in [*self.aliased.items(), *other.aliased.items()]}
        return Fills(
            filled,
            self.any_filled | other.any_filled,
            self.written | other.written,
            aliased,
            self.maybe | other.maybe,
            self.replaced | other.replaced,
            {
                **{p: g for p, g in self.grouped.items() if p not in other.written},
                **other.grouped,
            },
        )


@dataclass(eq=False, repr=False)
class Env:
    """What the walk knows inside one function."""

    func: Func
    self_name: str | None
    dicts: set[str]
    names: dict[str, str]
    collect_outcomes: bool
    stmt: cst.CSTNode | None = None
    #: local name -> the argument its value stands for
    var_args: dict[str, str] = field(default_factory=dict)
    #: parameters the caller handed an argument's value (``truthy(args.get("k"))``)
    handed: frozenset[str] = frozenset()
    #: local name -> (argument, value) a missing key gives the plain read it
    #: holds (:mod:`~doxtool.python.readmissing`)
    var_missing: dict[str, tuple[str, Any]] = field(default_factory=dict)
    #: ... those whose value a literal fallback or a string method made of
    #: the read (``args.get("t", "a").split(",")``), standing for no argument
    var_missing_made: set[str] = field(default_factory=set)
    #: local names an ``if`` bound on some of its arms only: past it they
    #: stand for their argument on some calls (:mod:`~doxtool.python.partialbinds`)
    #: -> (known, the literal it holds on the other calls)
    var_partial: dict[str, tuple[bool, Any]] = field(default_factory=dict)
    #: ... -> the other arguments such a name stands for on the calls taking
    #: the other arms (``if a: x = args.get("b")``, ``else: x = x.strip()``),
    #: each with (known, the value a missing key gives the name there)
    var_also: dict[str, dict[str, tuple[bool, Any]]] = field(default_factory=dict)
    #: what local names stand for where the arm of an ``if`` being walked
    #: starts (None: outside any)
    arm_base: dict[str, str] | None = None
    #: local name -> (argument, value) a missing key leaves in it, where a
    #: branch that missing key does not take remade the argument's value
    var_missing_only: dict[str, tuple[str, Any]] = field(default_factory=dict)
    #: local name -> the argument it still holds on the calls that skip the
    #: arm of an ``if`` replacing what a missing key gives (``if not files:
    #: files = ["."]``): a test of its type past the ``if`` tests that value
    var_kept_some: dict[str, str] = field(default_factory=dict)
    #: local name -> the literal it was last bound to
    var_literals: dict[str, Any] = field(default_factory=dict)
    #: local names bound in the arm of an ``if`` being walked -> the
    #: argument each stands for (None: none; ``partialbinds.MIXED``: several)
    bound: dict[str, object] = field(default_factory=dict)
    #: ... -> (argument, value) a missing key gives the read it was bound to
    #: there (None: not known); what each arm of the ``if`` walked left
    bound_missing: dict[str, tuple[str, Any] | None] = field(default_factory=dict)
    arms_missing: list[list[dict[str, tuple[str, Any] | None] | None]] = field(default_factory=list)
    #: local name -> (argument, the values) a missing key gives the reads
    #: every arm of an ``if`` bound it to, each on the calls taking its arm
    var_missing_either: dict[str, tuple[str, tuple[Any, ...]]] = field(default_factory=dict)
    #: local name -> (argument, value) a missing key gives the plain read
    #: it holds, which the next statement using the name replaces (``if
    #: cfg: items = []``): on the calls that skip that, what it holds
    var_rebound: dict[str, tuple[str, Any]] = field(default_factory=dict)
    #: local name -> the string methods that fold the argument's value into it
    #: (``action = self.args.get("action", "").lower()``: ``lower``), None
    #: where that is not known
    var_folds: dict[str, frozenset[str] | None] = field(default_factory=dict)
    #: local names bound to what the method of a ``tool:method`` name gives
    #: (``method = (self.method or "list").lower()``): a test of them is a
    #: test of the call, as one of ``self.method`` is
    method_names: set[str] = field(default_factory=set)
    #: local name -> the numeric conversion (``int``, ``float``) the argument's
    #: value went through into it (``n = int(args.get("n", "0"))``)
    var_converts: dict[str, str] = field(default_factory=dict)
    #: local name -> the old names written back under its argument's key
    #: before it was bound (:mod:`~doxtool.python.renamedkeys`): a name bound
    #: before the renaming (none) holds what the model sent under the key only
    var_renamed: dict[str, frozenset[str]] = field(default_factory=dict)
    #: local names bound to what a call made of an argument's value (``n =
    #: str(args.get("n"))``, ``.strip()``, ``parse(...)``): a test of their
    #: type says nothing of the value sent (:func:`~doxtool.python.absencetests.made_value`)
    var_made: set[str] = field(default_factory=set)
    #: local name -> the argument whose value a call other than a conversion
    #: was handed alone to make it (``items = self._parse(args.get("items"))``)
    var_calls: dict[str, str] = field(default_factory=dict)
    #: local name -> ``len(x)`` it was bound to, ``x`` standing for an argument
    #: (``n = len(items)``): a test of the name is one of ``len(x)``
    var_lens: dict[str, cst.Call] = field(default_factory=dict)
    #: local name -> ``break_loop`` values (and expressions) of the Responses
    #: assigned to it
    responses: dict[str, list[tuple[bool | str, str | None]]] = field(default_factory=dict)
    #: local names bound to a value other than a Response (or ``None``) so far
    other_bound: set[str] = field(default_factory=set)
    guards: list[frozenset[str] | None] = field(default_factory=list)
    #: local names last assigned a string that is never empty (``x or "none"``),
    #: or tested by ``if not x: return ...`` / ``raise ...`` before
    texts: set[str] = field(default_factory=set)
    #: local names last assigned an argument's value with a fallback after
    #: it not known to be empty (``answer = self.args.get("text") or
    #: self.agent.read_prompt(...)``): a missing or empty argument gives the
    #: fallback, so the value is no answer as the model sent it
    computed: set[str] = field(default_factory=set)
    #: arguments tested that way: past the test they are not empty
    nonempty: set[str] = field(default_factory=set)
    #: local names last bound to a change of such an argument's value
    #: (``title = title.strip()``): the change may leave it empty
    changed: set[str] = field(default_factory=set)
    #: arguments a test showed not empty through a change that may empty
    #: them (``if not title.strip("#")``): which change the proof was of is
    #: not kept, so no later change of them is taken to empty them
    changes_tested: set[str] = field(default_factory=set)
    #: arguments known absent (the ``else`` of ``"k" in args``, the right of ``or``)
    absent: list[frozenset[str]] = field(default_factory=list)
    #: loop variable -> the literal key it holds in this pass of the loop body
    loop_keys: dict[str, str] = field(default_factory=dict)
    #: loop variables holding a key of the arguments dict (:mod:`~doxtool.python.ownkeys`)
    own_keys: frozenset[str] = frozenset()
    #: the test being walked belongs to a closed dispatch (anything else is an error)
    closed: bool = False
    #: ``If`` nodes of closed dispatch chains
    closed_ifs: set[int] = field(default_factory=set)
    #: those whose rejection returns what a call gives -> that call
    #: (``if mode not in MODES: return self.fail(...)``): it may refuse the
    #: values the test rejects, or handle them (:mod:`~doxtool.python.absence`)
    closed_calls: dict[int, str] = field(default_factory=dict)
    #: the call of the closed ``if`` whose test is walked, if it is one of those
    closed_call: str | None = None
    #: closed ``If`` nodes whose test rejects what it does not list and whose
    #: body ends with an error (``if mode not in ("a", "b"): return
    #: Response(error)``): every value outside the list is refused there
    rejecting_ifs: set[int] = field(default_factory=set)
    #: the test walked is one of those
    closed_rejects: bool = False
    #: tests of a key's presence whose body raises (``if "debug" in
    #: self.args: raise ValueError(...)``): the key is refused when given
    refused_tests: set[int] = field(default_factory=set)
    #: the key each of those refuses (:meth:`~doxtool.python.comparisons.Comparisons._refuse_after`)
    refused_by: dict[int, str] = field(default_factory=dict)
    #: key -> the first line of the statements past such a test in the block
    #: walked: a read there never finds the key
    refused_keys: dict[str, int] = field(default_factory=dict)
    #: keys a test earlier in the block walked raises without (``if "k" not
    #: in args: raise ...``, a handler around it may recover): past it, a
    #: missing key never gets here (:meth:`~doxtool.python.comparisons.Comparisons._refuse_after`)
    present_past: frozenset[str] = frozenset()
    #: the function's own body (argument contracts are read at its top level)
    top_body: Sequence[cst.BaseStatement] = ()
    #: the body of a branch of a dispatch about to be walked: its checks
    #: refuse defaults on the calls that take it
    branch_body: Sequence[cst.BaseStatement] | None = None
    #: local name -> the arguments it may stand for, when it was given a
    #: fallback (``if not text: text = self.args.get("message")``)
    var_groups: dict[str, frozenset[str]] = field(default_factory=dict)
    #: names bound to a comprehension that keeps the literal keys passing a test
    #: (``missing = [k for k in KEYS if k not in self.args]``: :mod:`~doxtool.python.keychecks`)
    key_filters: dict[str, Any] = field(default_factory=dict)
    #: local name -> the call into another module whose result (``""``) or
    #: item of it (``#<n>``) it holds (``text = read_text(self.args)``)
    results: dict[str, tuple[Any, str]] = field(default_factory=dict)
    #: those of them holding it past an ``or`` with a falsy literal
    #: (``to = arg(self.args, "to") or ""``): only a test of emptiness refuses
    #: what they hold as it refuses the result
    or_results: set[str] = field(default_factory=set)
    #: local names holding what a call that may read the arguments returned
    #: (handed them, or a method of the tool): ``if res: return res`` ends
    #: the call on some values of them (:mod:`~doxtool.python.heldresults`)
    arg_results: set[str] = field(default_factory=set)
    #: how many enclosing branches depend on an argument's value (reads
    #: there are needed on some calls only)
    conditional: int = 0
    #: returns on an argument's path passed at the top of a block
    #: (``if self.args.get("dry"): return ...``): what follows runs on some
    #: calls only, and in a helper whose result is dropped only a raise refuses
    past_exit: int = 0
    #: calls of other modules' functions passed in the blocks around the
    #: statement walked (:meth:`~doxtool.python.raisecalls.RaiseCalls._past_calls`)
    past_calls: tuple[str, ...] = ()
    #: ``try`` bodies with ``except`` clauses around the statement walked
    trying: int = 0
    #: the handlers of each of them this walk entered, innermost last; None:
    #: one that may swallow anything (:mod:`~doxtool.python.raisecatch`)
    catchers: list[Any] = field(default_factory=list)
    #: ``except`` handlers around it (run when such a body raises)
    on_error: int = 0
    #: those of them with a handler that goes on (not ending ``execute``
    #: with an error): what is raised in them may be recovered from
    recovering: int = 0
    #: the checks of the one such ``try`` whose raise no handler that goes on
    #: takes (:func:`~doxtool.python.cstcaught.escaping_checks`)
    escaping: frozenset[int] = frozenset()
    #: arguments the enclosing ``if`` tests need present (``isinstance(x, str)``)
    present: list[frozenset[str]] = field(default_factory=list)
    #: keys the enclosing ``if`` tests are in the arguments' dict (``"k" in args``)
    keys_in: list[frozenset[str]] = field(default_factory=list)
    #: local name bound to an empty value and filled only while an argument
    #: is known present -> that argument (None: not filled yet)
    empty_unless: dict[str, str | None] = field(default_factory=dict)
    #: local name -> the repository callables (classes) whose instances it may hold
    instances: dict[str, set[str]] = field(default_factory=dict)
    #: parameter -> the literal key the call passed it, until it is rebound
    #: (``def require(args, key): args.get(key)`` called with ``"title"``)
    keys: dict[str, str] = field(default_factory=dict)
    #: parameter -> the literal it holds at the call, in a function that only
    #: returns a read with it as the default (:mod:`~doxtool.python.accessors`)
    held_defaults: dict[str, cst.BaseExpression] = field(default_factory=dict)
    #: parameter -> the booleans the call hands it (the literal passed, or the
    #: literal default), when every one is known
    flags: dict[str, frozenset[bool]] = field(default_factory=dict)
    #: the function runs on every call of ``execute`` that gets this far
    #: (``execute`` itself, or a helper it calls unconditionally before any
    #: return): its checks at the top of its body are argument contracts
    needed: bool = False
    #: the statement being walked is one such call may come from
    needed_here: bool = False
    #: the statement being walked is where a check is a contract (``needed_here``
    #: but for checks answered by a call before it) or refuses on the calls
    #: that come this way (a branch of a dispatch, a method a dispatch calls)
    checks_here: bool = False
    #: the statement being walked stands at the top of the function's body
    #: (runs on every call that gets there): a name it rebinds holds only
    #: the new value past it (:mod:`~doxtool.python.dictescapes`)
    at_top: bool = True
    #: ... would be, but for checks before it answered by these calls
    #: (``if not note: return self.fail(...)``, :mod:`~doxtool.python.absence`)
    doubted_here: tuple[str, ...] = ()
    #: the calls checks at the top of ``execute`` before the statement walked
    #: (in a block under it, too) return the result of: a read there that
    #: raises without a key runs on every call only if they refuse
    past_doubt: tuple[str, ...] = ()
    #: the calls the ``return`` being walked returns the result of (id ->
    #: awaited, the returned expression), when it collects outcomes
    #: (:mod:`~doxtool.python.returnedcalls`)
    returning: dict[int, tuple[bool, Any]] = field(default_factory=dict)
    #: the calls whose result is the message of a ``Response`` the ``return``
    #: being walked ends ``execute`` with (:mod:`~doxtool.python.returnedcalls`)
    answering: frozenset[int] = frozenset()
    #: what the function returns is such a message (:attr:`Target.answers`)
    answers: bool = False
    #: it runs before ``before_execution``'s fills hold (:attr:`Target.early`)
    early: bool = False
    #: per enclosing ``if`` body, the arguments its test finds strings
    #: (``if isinstance(label, str):``, :func:`~doxtool.python.readvalues.strings_tested`)
    string_bodies: list[frozenset[str]] = field(default_factory=list)
    #: how many expression branches enclose the expression being walked (an
    #: ``if``/``else`` of a conditional expression, the right of ``and``/``or``)
    branches: int = 0
    #: local name -> (argument, the keys of the dict constant looked up with
    #: its value and what is known of each key's value, the lookup's node
    #: id): ``handler = HANDLERS.get(action)``
    lookups: dict[str, tuple[str, tuple[LookupEntry, ...], int]] = field(default_factory=dict)
    #: local name -> the functions of the module (methods of the tool through
    #: ``self``) a dict of them only gives (``handler = action_map.get(action)``):
    #: a call of the name runs one of them (:mod:`~doxtool.python.lookups`)
    dispatched: dict[str, tuple[Func, ...]] = field(default_factory=dict)
    #: local name -> what it holds besides the arguments (``{**DEFAULTS, **self.args}``)
    merged: dict[str, Any] = field(default_factory=dict)
    #: local name -> the dict display (or the copy of a dict) it was last
    #: assigned: what ``name |= self.args`` merges the arguments over
    dict_literals: dict[str, cst.BaseExpression] = field(default_factory=dict)
    #: arms of closed dispatch (:mod:`~doxtool.python.arms`): the ``if``,
    #: ``else`` or ``case`` node -> its arm; the arm walked, the body about
    #: to be entered as one, whether the walk is on the arm's straight path,
    #: and whether the function's top is (a method an arm calls there)
    arm_nodes: dict[int, int] = field(default_factory=dict)
    arm: int | None = None
    arm_pending: tuple[Sequence[cst.BaseStatement], int] | None = None
    arm_straight: bool = False
    arm_top: bool = False
    #: the calls whose result checks before the statement walked return
    #: (``if not note: return self.fail(...)``): its check runs on every
    #: call only if they refuse (:mod:`~doxtool.python.absence`)
    absence_before: tuple[str, ...] = ()
    #: the branches of ``if`` statements (cases of ``match`` statements) not
    #: about the arguments around the statement walked, each walked as run on
    #: some calls only: the keys a read that raises without them needs there
    #: (:mod:`~doxtool.python.undecided`)
    undecided: list[set[str]] = field(default_factory=list)
    #: keys written into the arguments dicts so far (:mod:`~doxtool.python.argfills`)
    fills: Fills = field(default_factory=Fills)
    #: nested functions by name, walked where they are called
    #: (:mod:`~doxtool.python.closures`); id of each one walked -> whether
    #: its walk is under way
    closures: dict[str, cst.FunctionDef] = field(default_factory=dict)
    closure_walks: dict[int, bool] = field(default_factory=dict)
    #: ``try`` statements around the statement walked whose ``finally``
    #: always returns, raises or leaves its loop: a ``return`` or a ``raise``
    #: there hands back or raises nothing (the ``finally`` overrides it)
    overridden: int = 0
    #: statement -> the calls it runs (:func:`~doxtool.python.handedfirst.calls_run`),
    #: found once however many dispatches after it look back at it
    calls_run: dict[cst.CSTNode, list[cst.Call]] = field(default_factory=dict)

    def some_calls(self) -> bool:
        """Whether what is walked runs on some calls only: in a branch of a
        dispatch, of an ``if`` or ``match`` not about the arguments, or of an
        expression."""
        return self.conditional > 0 or self.branches > 0 or bool(self.undecided)

    def guarded(self, key: str) -> bool:
        return key in self.present_past or any(g is None or key in g for g in self.guards)

    def known_present(self, key: str) -> bool:
        """Whether an enclosing test takes ``key`` present (``if until:``,
        ``if "until" in args:``), or one past which it is present
        (:attr:`present_past`): what a missing key gives never gets here."""
        return key in self.present_past or any(g is not None and key in g for g in self.guards)

    def block_state(self) -> tuple[Any, ...]:
        """What the walk of a block changes for its own statements only."""
        return tuple(getattr(self, name) for name in _BLOCK_FIELDS)

    def restore_block(self, saved: tuple[Any, ...]) -> None:
        """Leave a block: what :meth:`block_state` saved holds again."""
        for name, value in zip(_BLOCK_FIELDS, saved, strict=True):
            setattr(self, name, value)

    def forget_nonempty(self, assumed: tuple[set[str], set[str]]) -> None:
        """Undo what :meth:`~doxtool.python.toolwalk.StatementWalk._assume_nonempty`
        assumed (names, arguments) past the block it held in."""
        names, args = assumed
        self.texts -= names
        self.nonempty -= args

    def absent_keys(self) -> set[str]:
        return {key for group in self.absent for key in group}

    def alternatives_of(self, key: str) -> set[str]:
        """The arguments known missing where a read of ``key`` that raises
        without it runs: one of them, or ``key``, is then needed. None in a
        branch taken only when another argument is there (``elif "b" in
        args: args["c"]`` past ``if "a" in args``): a call with neither
        ``a`` nor ``b`` reads no ``c``."""
        if any(self.guards):
            return set()
        return self.absent_keys() - {key}


@dataclass(frozen=True)
class Target:
    """A function of the module that a call reaches, and what it is handed."""

    fn: Func
    #: parameters that receive the tool's arguments dict
    dicts: frozenset[str] = frozenset()
    #: the arguments dict is splatted into the call (``f(**self.args)``)
    #: and which parameters it fills is known (no other splat)
    splat: bool = False
    #: (parameter, argument) pairs: parameters that receive an argument's value
    values: frozenset[tuple[str, str]] = frozenset()
    #: parameter that receives the tool itself (``_create(self)``)
    self_param: str | None = None
    #: called only on some values of the arguments (``if action == "create":
    #: self._create()``): what it reads is not needed on every call
    conditional: bool = False
    #: (parameter, string) pairs: parameters bound to a literal string
    keys: frozenset[tuple[str, str]] = frozenset()
    #: called at the top of a function that always runs, before any return
    needed: bool = False
    #: called in the body of a ``try`` with ``except`` clauses
    in_try: bool = False
    #: ... one of which goes on rather than ending ``execute`` with an error
    recovered: bool = False
    #: (parameter, boolean) pairs: the booleans a parameter may be bound to
    #: (a parameter named in none is not known)
    flags: frozenset[tuple[str, bool]] = frozenset()
    #: parameters the call fills besides a splat (``f(agent, **self.args)``)
    filled: frozenset[str] = frozenset()
    #: parameters handed a value the caller knows is never empty (``text``
    #: past ``if not text: return ...``): in the callee they are not empty
    texts: frozenset[str] = frozenset()
    #: parameters handed such a value with a fallback (as ``Env.computed``)
    computed: frozenset[str] = frozenset()
    #: (parameter, arguments) pairs: parameters handed a name that stands for
    #: any of several arguments (``nb = args.get("a") or args.get("b")``, as
    #: ``Env.var_groups``): a check there refuses them jointly
    groups: frozenset[tuple[str, frozenset[str]]] = frozenset()
    #: (parameter, argument) pairs: parameters handed a name holding what a
    #: call made of the argument's value (as ``Env.var_calls``)
    calls: frozenset[tuple[str, str]] = frozenset()
    #: called on the straight path of an arm of a closed dispatch (:mod:`~doxtool.python.arms`)
    arm: int | None = None
    #: what it returns is the message of the ``Response`` the caller ends
    #: ``execute`` with (``return Response(message=self._search(q))``): a
    #: message it returns on a check answers the call, as a ``Response`` does
    answers: bool = False
    #: what the caller's statements wrote into the arguments dicts before the
    #: call on every path, labelled as the callee names the dicts
    #: (:mod:`~doxtool.python.argfills`); ``fill_keys`` tells calls apart by it
    fills: Fills | None = field(default=None, compare=False)
    fill_keys: frozenset[tuple[str, str, str]] = frozenset()
    #: (the caller's label, the callee's label) of each arguments dict handed
    #: on as it is (not splatted): what the callee fills in it the caller sees
    handed: frozenset[tuple[str, str]] = field(default=frozenset(), compare=False)
    #: what it returns or raises never gets out to the caller: it runs under a
    #: ``finally`` that always leaves, or it is handed to a call that may run it
    #: anywhere (``task.add_done_callback(_done)``)
    overridden: bool = False
    #: it runs before what ``before_execution`` fills holds: it is ``__init__``
    #: or ``before_execution``, or a call from one reaches it
    #: (:meth:`~doxtool.python.argfills.ArgumentFills._fills_at_start`)
    early: bool = False
    #: called in the body of a ``try`` one of whose handlers catches a missing
    #: key's ``KeyError`` and goes on (or under ``with suppress(KeyError):``):
    #: its key reads are guarded (:mod:`~doxtool.python.catchwalk`)
    key_guarded: bool = False
    #: (parameter, literal node) pairs: as ``Env.held_defaults``
    held_defaults: frozenset[tuple[str, cst.BaseExpression]] = frozenset()
