"""How code reads an argument, in names: shared by the libcst walk of a tool
(:mod:`doxtool.python.argreads`) and the ``ast`` summaries of helpers
(:mod:`doxtool.python.functionwalk`, :mod:`doxtool.python.keyreads`). It
imports neither parser, so the half of an extraction that runs without
libcst can use it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from doxtool.python.parsefailures import fails_refusal

#: calls that coerce a value, and the JSON Schema type they make of it
COERCIONS = {
    "int": "integer",
    "float": "number",
    "str": "string",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "dict": "object",
}

#: ``int(x, 16)`` (or ``base=``) parses a string: the value must be one, and
#: no conversion of a JSON value applies (an example's ``"ff00aa"`` is right)
PARSE = "parse"


def parses(name: str, keywords: list[str | None]) -> bool:
    """Whether a call of ``name`` with arguments of these keywords (None for
    one passed by position) parses a string in a base (``int(x, 16)``,
    ``int(x, base=2)``) rather than converts ``x``."""
    return name == "int" and (keywords.count(None) > 1 or "base" in keywords)


#: annotations (their last dotted part) and the JSON Schema type they name
ANNOTATION_TYPES = {
    **COERCIONS,
    "List": "array",
    "Dict": "object",
    "Sequence": "array",
    "Mapping": "object",
}

#: string methods that normalise a value without changing what it stands for
STRING_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "title", "capitalize", "replace"}
)

#: string methods whose result of literals doxtool computes (what a missing
#: key's default becomes: ``args.get("t", "a,b").split(",")``)
COMPUTED_METHODS = frozenset(
    {"split", "rsplit", "strip", "lstrip", "rstrip", "lower", "upper", "replace"}
)

#: builtins that raise handed the ``None`` of a missing key alone
#: (``len(f)``, ``int(f)``: a ``TypeError``)
NONE_RAISING = frozenset({"len", "int", "float"})

#: string methods whose result an example's value is compared through
#: (PRM008 strips and lowers it): any other reshapes what is compared
FOLDINGS = frozenset({"strip", "lstrip", "rstrip", "lower", "casefold"})

#: methods that fill a list, dict or set in place (an empty one no longer is)
FILLING_METHODS = frozenset({"append", "extend", "insert", "add", "update", "setdefault"})
#: methods a container may be handed to without being filled (``", ".join(items)``,
#: ``log.info("%s", items)``); any other call given it may fill it
KEEPING_METHODS = frozenset({"join", "format", "dumps", "log", "debug", "info", "warning", "error"})

#: dict methods that read one key, and the kind of read each is
READ_METHODS = {"get": "get", "pop": "pop", "setdefault": "get"}
#: methods of a dict that leave it as it is (any other may change it)
DICT_READERS = frozenset({"get", "keys", "values", "items", "copy", "__contains__", "__getitem__"})
#: a dict's methods that read its keys: one handed on uncalled (``get =
#: self.args.get``) reads, where it is called, keys no one can name
KEY_METHODS = DICT_READERS | frozenset(READ_METHODS)


#: kinds of value a check refuses (``if not x``: falsy; ``if x is None``:
#: None; ``if x == ""``: the empty string; ``if "x" not in args``: any, as
#: the key itself is missing), each with the test of a default it refuses
def _falsy_as(convert: Callable[[Any], Any]) -> Callable[[Any], bool]:
    """``not int(x)``: the value converted is falsy, or the conversion fails
    (``int(None)``, ``int("")``: no value passes)."""

    def refuses(value: Any) -> bool:
        try:
            return not convert(value)
        except (TypeError, ValueError, OverflowError):
            return True

    return refuses


#: the orderings a test of a converted value may hold it to, by name
BOUNDS: dict[str, Callable[[Any, Any], bool]] = {
    "lt": lambda a, b: a < b,
    "le": lambda a, b: a <= b,
    "gt": lambda a, b: a > b,
    "ge": lambda a, b: a >= b,
}


def bound_refusal(ordering: str, bound: int | float, chain: str) -> str:
    """The kind of refusal of a test that a value converted by ``chain``
    (one of :data:`CONVERSION_CHAINS`, or ``len``: the value's length) stands
    in ``ordering`` to a number: ``n = int(args.get("n", 0))``, then ``if n <=
    0``: ``bound:le:0:int``; ``if len(text) < 20``: ``bound:lt:20:len``."""
    return f"bound:{ordering}:{bound!r}:{chain}"


def _bound_refusal(kind: str) -> Callable[[Any], bool]:
    """The test of a :func:`bound_refusal` kind: the value converted holds
    the ordering, or the conversion fails (no value passes then)."""
    _, ordering, bound, chain = kind.split(":")
    holds = BOUNDS[ordering]
    convert = len if chain == "len" else CONVERSION_CHAINS[chain]  # ``len(x) < 20``
    limit = float(bound) if "." in bound or "e" in bound.lower() else int(bound)

    def refuses(value: Any) -> bool:
        try:
            return bool(holds(convert(value), limit))
        except (TypeError, ValueError, OverflowError):
            return True

    return refuses


#: the kind of refusal of a test of what a call made of the value (``not parse(x)``)
CALLED = "called"
#: the kind of refusal of a library's call handed the value (:mod:`.opaqueparses`)
EMPTY = "empty"


def outside_refusal(values: list[Any], folds: list[str]) -> str:
    """The kind of refusal of a closed check (``if mode not in ("a", "b"):
    raise``) of a value read, folded by ``folds`` (``lower``, ``strip``)
    before it is compared: ``outside:<JSON of both>``."""
    return "outside:" + json.dumps([values, folds])


def _outside_refusal(kind: str) -> Callable[[Any], bool]:
    """The test of an :func:`outside_refusal` kind. It refuses None (no
    string method applies to it, and no listed value is None) and a string
    or an integer not among the values once folded; it refuses no value of
    another type, as what the check makes of one is not known here."""
    values, folds = json.loads(kind[len("outside:") :])
    listed = [(type(v), v) for v in values]

    def refuses(value: Any) -> bool:
        if value is None:
            return True
        if type(value) not in (str, int):
            return False
        if folds and not isinstance(value, str):
            return True  # ``(5).lower()`` raises
        for fold in folds:
            value = getattr(value, fold)()
        return (type(value), value) not in listed

    return refuses


class _Refusals(dict[str, Callable[[Any], bool]]):
    """The kinds of refusal, with those of ``not isinstance(x, T)`` made
    from their name when first asked for (``type-dict``, ``type-list-tuple``)."""

    def __missing__(self, kind: str) -> Callable[[Any], bool]:
        if kind.startswith("outside:"):
            self[kind] = refuses = _outside_refusal(kind)
            return refuses
        if kind.startswith("bound:"):
            self[kind] = refuses = _bound_refusal(kind)
            return refuses
        if kind.startswith("fails:"):  # :mod:`~doxtool.python.parsefailures`
            self[kind] = refuses = fails_refusal(kind)
            return refuses
        names = kind.split("-")[1:] if kind.startswith("type-") else []
        if not names or any(n not in ISINSTANCE_TYPES for n in names):
            raise KeyError(kind)
        types = tuple(ISINSTANCE_TYPES[n] for n in names)
        self[kind] = refuses = lambda value: not isinstance(value, types)
        return refuses


REFUSALS: dict[str, Callable[[Any], bool]] = _Refusals(
    {
        "falsy": lambda value: not value,
        "truthy": bool,  # ``if err:``, of what a call handed back (:mod:`.refusedvalues`)
        "none": lambda value: value is None,
        "blank": lambda value: value == "",
        "missing": lambda value: True,
        # a test of a read that a missing key's value passes (``c =
        # args.get("c", "x")``, then ``if c is None``): it refuses values sent only
        "given": lambda value: False,
        # ``items = parse(args.get("items", "[]"))``, then ``if not items``: what
        # a call made of the value is tested, which may refuse any value, a
        # missing key's too; on some calls, as far as anyone can tell
        CALLED: lambda value: True,
        # a value handed to a library's call whose error ends ``execute``
        # (:mod:`.opaqueparses`): what may stand for nothing given (``None``,
        # ``""``, ``[]``) may be refused; a default that says something
        # (``"https://..."``, ``"UTC"``) is the one the tool means to use
        EMPTY: lambda value: value is None or (type(value) in (str, list, dict) and not value),
    }
)
#: the conversions, innermost first, whose result a test of truth judges
#: otherwise than the value (``int(float(args.get("n", "2.5")))``: 2, not
#: refused; ``int(str(x))``: ``str(2.5)`` is no integer's text)
CONVERSION_CHAINS: dict[str, Callable[[Any], Any]] = {
    "int": int,
    "float": float,
    "float-int": lambda value: int(float(value)),
    "str-int": lambda value: int(str(value)),
    "str-float": lambda value: float(str(value)),
    "str-float-int": lambda value: int(float(str(value))),
    # text: ``str(None)`` is ``"None"``, which ``if not str(x)`` passes
    "str": str,
}
# ``n = int(args.get("n", "0"))``, then ``if not n``: ``"0"`` is refused (``falsy-int``)
REFUSALS.update(
    {f"falsy-{chain}": _falsy_as(convert) for chain, convert in CONVERSION_CHAINS.items()}
)

#: the builtin types ``isinstance`` may name in a check, by name: a JSON value
#: of none of them (``None`` included) fails ``isinstance(x, dict)``
ISINSTANCE_TYPES: dict[str, type] = {
    "str": str,
    "int": int,
    "float": float,
    "bool": bool,
    "list": list,
    "dict": dict,
    "tuple": tuple,
}


def type_refusal(names: tuple[str, ...]) -> str:
    """The kind of refusal of ``not isinstance(x, (A, B))``: every value of
    none of those builtin types (:data:`REFUSALS` makes its test)."""
    return "type-" + "-".join(sorted(set(names)))


#: the conversions whose result a test of truth judges otherwise than the value
NUMERIC_CONVERSIONS = frozenset({"int", "float"})

#: builtins, and calls of libraries, that show or test a dict handed whole
#: without taking its keys (``len(args)``, ``json.dumps(args)``)
SHOWS = frozenset(
    {"len", "isinstance", "bool", "print", "repr", "str", "type", "id", "hash", "format"}
)
SHOWING_CALLS = frozenset({"json.dumps", "pprint.pprint", "pprint.pformat"})
#: methods that log or print what they are handed (``log.log(kvps=args)``,
#: ``logger.info("%s", args)``)
SHOWING_METHODS = frozenset(
    {"log", "debug", "info", "warning", "warn", "error", "exception", "critical", "print"}
)
#: methods that render a prompt template with what they are handed as its
#: values (Agent Zero's ``agent.read_prompt("fw.error.md", tool_args=...)``):
#: a text that shows them
RENDERING_METHODS = frozenset({"read_prompt", "parse_prompt", "read_prompt_file"})


#: the endings of an exception class's name (``ValueError``, ``RepairableException``)
_EXCEPTION_ENDINGS = ("Error", "Exception", "Warning", "Exit", "Interrupt")


def names_built_class(name: str) -> bool:
    """Whether a call of ``name`` (a dotted name's last part) builds a class
    that may refuse the value it is given (``Mode(value)``): a name in the
    CapWords that name a class, not the ``Response`` a tool returns, a
    conversion doxtool reads (``int``), or an exception, which takes a
    value only to show it (``ValueError(level)``)."""
    return (
        name[:1].isupper()
        and not name.isupper()
        and name != "Response"
        and name not in COERCIONS
        and not is_exception_name(name)
    )


def is_exception_name(name: str) -> bool:
    """Whether ``name`` is spelled as an exception class's (``ValueError``)."""
    return name.endswith(_EXCEPTION_ENDINGS)
