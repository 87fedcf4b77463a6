"""A call from a tool into another module of the repository, as extraction
records it (:class:`HelperCall`, part of :mod:`doxtool.core.facts`, which
re-exports it), for :mod:`doxtool.python.follow` to follow when resolving."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class HelperCall:
    """A call from a tool into a function of another module of the repository.

    ``target`` is the dotted name it resolves to through the imports
    (``helpers.files.delete_dir``), or ``self.<method>`` for a method the
    tool's module does not define (a base class elsewhere may).
    """

    target: str
    line: int
    column: int = 1
    function: str = ""
    #: parameters of the callee (a name, or ``#<n>`` for the n-th positional
    #: argument, ``**`` for a ``**`` splat) that receive the tool's arguments dict
    dicts: list[str] = field(default_factory=list)
    #: parameters of the callee that receive the tool itself (``helper(self)``)
    selves: list[str] = field(default_factory=list)
    #: made only on some values of the arguments: what the callee reads with
    #: a subscript is not needed on every call
    conditional: bool = False
    path: str | None = None
    #: (callee parameter as in ``dicts``, string literal) for each literal
    #: string the call passes: a key a helper reads through a parameter
    literals: list[list[str]] = field(default_factory=list)
    #: the callee parameters the call fills, as in ``dicts`` (``*`` for a
    #: ``*`` splat, ``**`` for a ``**`` one): a parameter not among them
    #: takes its default; None where the arguments are not written at the
    #: call (a function handed to another call, ``to_thread(save, p, "r")``)
    given: list[str] | None = None
    #: made in the body of a ``try`` with ``except`` clauses: what the callee
    #: raises may be caught there
    in_try: bool = False
    #: ... by a handler that goes on rather than ending ``execute`` with an
    #: error: a check that raises there makes no argument needed
    recovered: bool = False
    #: ... one of which catches a missing key's ``KeyError`` (``except
    #: KeyError``, ``LookupError``, ``Exception``, a bare ``except``), or
    #: under ``with suppress(KeyError):``: a callee's ``d[key]`` (``d.pop(key)``)
    #: of a missing key raises into it, and the call goes on
    key_guarded: bool = False
    #: with ``**`` in ``dicts``: the callee parameters the call fills
    #: otherwise (``#<n>``, keyword names), and whether they are unknown (a
    #: ``*`` splat or another ``**`` splat): the rest take the tool's arguments
    fills: list[str] = field(default_factory=list)
    fills_unknown: bool = False
    #: made on every call of ``execute`` that gets this far: at the top of
    #: ``execute`` (or of a function it calls there), before any return that
    #: depends on the arguments, not on some values of them only
    needed: bool = False
    #: a ``super()`` call: the keys of the arguments dict the class's own code
    #: may change (set or remove), and whether it may change others or hand
    #: the dict (or the tool) to code that may
    changed: list[str] = field(default_factory=list)
    changes_unknown: bool = False
    #: written with a dotted name of the repository (``Repo.write(repo, p)``,
    #: ``store.save(p)``): where the name is a class's, not an object's, a
    #: method's own first parameter takes the first positional argument
    named: bool = False
    #: (callee parameter as in ``dicts``, argument) for each argument's value
    #: the call passes as it is (``shout(text)``): a callee that refuses an
    #: empty parameter refuses that argument's missing value
    values: list[list[str]] = field(default_factory=list)
    #: (callee parameter as in ``values``, builtin) for each of those values
    #: the call hands through a conversion (``check(str(items))``: ``str``;
    #: ``""`` where what it makes of a value is not computed)
    converted: list[list[str]] = field(default_factory=list)
    #: of a call whose result ``execute`` returns: (callee parameter as in
    #: ``dicts``, kind of ``Outcome.message`` the value would be as the
    #: message of a ``Response`` the tool built) for each value it passes
    messages: list[list[str]] = field(default_factory=list)
    #: of a call whose result ``execute`` returns: returned without ``await``
    #: by an ``async`` function, so an ``async`` callee hands back a coroutine
    #: (what it returns is no outcome of the tool)
    coroutine: bool = False
    #: ``self.<method>`` of a method the module defines, handed the arguments
    #: dict (``await self.run(**kwargs)`` in a base's ``execute``): the walk
    #: of the module reads that method; resolving follows the call only into
    #: an override in another module (a subclass elsewhere)
    override: bool = False
    #: (which of its result: ``""`` the whole, ``#<n>`` the n-th item of a
    #: tuple unpacked; kind of value refused) for each check of the call's
    #: result that ends ``execute`` with an error on every call
    #: (``text = read_text(self.args)``, then ``if not text: return Response(...)``)
    checked: list[list[str]] = field(default_factory=list)
    #: the same of a check that ends ``execute`` on some calls only (in a
    #: branch of a dispatch) or whose block's answer is in doubt (``return
    #: self.fail(err)``): an argument it refuses is needed on some calls
    checked_some: list[list[str]] = field(default_factory=list)
    #: (key, value known, value) for each key the tool's code filled where
    #: it was missing, before the call on every path, in each arguments dict
    #: the call hands (``self.args.setdefault("lines", 20)``): the callee's
    #: reads of it cannot raise; ``any_filled``: a merge may have filled any
    #: key, with a value not known
    filled: list[list[Any]] = field(default_factory=list)
    any_filled: bool = False
    #: keys the tool's code wrote so into every dict handed whatever they
    #: held (``self.args["mode"] = "x"``): the callee's reads of them read
    #: no argument
    written: list[str] = field(default_factory=list)
    #: [key, the other keys] for each key the tool's code wrote from other
    #: keys of every dict handed when those were given (``if "q" in
    #: self.args: self.args["query"] = self.args.pop("q")``): a callee's read
    #: of it that raises needs one of them; ``maybe``: keys written into a
    #: dict handed on some paths only: whether such a read needs it is not known
    aliased: list[list[Any]] = field(default_factory=list)
    maybe: list[str] = field(default_factory=list)
    #: the tool's code replaced every dict handed by a new dict before the
    #: call on every path (``self.args = {"code": ...}``): no read of the
    #: callee reads an argument
    replaced: bool = False
    #: a call of a method of the tool's own (``super().execute(**kwargs)``,
    #: ``self.run()``), whose callee reads the tool's ``self.args`` whatever
    #: the call hands: ``filled``, ``any_filled``, ``written``, ``aliased``,
    #: ``maybe`` and ``replaced`` of ``self.args`` alone, for its reads of it
    on_args: bool = False
    args_filled: list[list[Any]] = field(default_factory=list)
    args_any_filled: bool = False
    args_written: list[str] = field(default_factory=list)
    args_aliased: list[list[Any]] = field(default_factory=list)
    args_maybe: list[str] = field(default_factory=list)
    args_replaced: bool = False
    #: [known, value] of the fallback an ``or`` gives the call's result
    #: (``arg(self.args, "n") or 5``: ``[True, 5]``; not a literal: ``[False,
    #: None]``), where the call is the first operand; None for no such ``or``
    fallback: list[Any] | None = None
