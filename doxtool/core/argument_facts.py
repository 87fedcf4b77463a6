"""The facts of a tool's arguments (:class:`Argument`, with where each is
read), part of :mod:`doxtool.core.facts`, which names them too: plain
dataclasses with slots, as the other facts.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

#: the conversion that makes each number type (``int(x)``: an integer)
_NUMBER_COERCIONS = {"integer": "int", "number": "float"}


@dataclass(slots=True)
class ArgumentRead:
    """One place where a tool reads an argument."""

    line: int
    column: int = 1
    #: get | subscript | contains | pop | parameter
    kind: str = "get"
    #: the read happens under a membership test or a ``KeyError`` handler
    guarded: bool = False
    #: qualified name of the function or method holding the read
    function: str = ""
    #: repository path of the module holding the code when it is not the
    #: module under inspection (inherited or re-exported tool classes)
    path: str | None = None


@dataclass(slots=True)
class Argument:
    """An argument of a tool (a key of ``tool_args``)."""

    name: str
    required: bool = False
    #: whether the argument is needed is not known (``required`` is then
    #: false, and neither "required" nor "optional" is claimed): its missing
    #: or empty value reaches, where a returned ``Response(...)`` would make
    #: it required, a ``return`` of a call that always gives a ``Response``
    #: (``if not note: return self.fail(...)``), which may refuse the value
    #: or handle it (``return await self.default()``); no default is claimed
    #: or denied either (``default_unknown``)
    required_unknown: bool = False
    #: literal default value; meaningful only when ``has_default`` is true
    default: Any = None
    has_default: bool = False
    #: whether there is a default is not known (a fallback after ``or`` that
    #: is not a literal, ``x or self.limit``, or an empty one, ``x or []``):
    #: a default is neither claimed nor denied
    default_unknown: bool = False
    #: JSON Schema type name, or None when unknown
    type: str | None = None
    #: what the code does with the value needs ``type`` (a conversion, a
    #: string method called on it as read, a closed dispatch on values of
    #: the type): false where only a literal default or an annotation gives
    #: it, which say what a missing key gives, not what the code accepts
    type_used: bool = False
    #: the checks that end ``execute`` with an error on a value of another
    #: type than ``type``, as :data:`~doxtool.python.readforms.REFUSALS`
    #: names them (``type-int`` for ``if not isinstance(size, int): return
    #: Response(...)``): a value they refuse is refused, ``True`` included
    #: only where they do (``isinstance(True, int)`` holds); None where no
    #: such check gives the type
    type_checks: list[str] | None = None
    #: literal values the argument is compared against (dispatch arguments)
    enum: list[Any] | None = None
    #: the string methods the code applies to the value before it compares it
    #: with ``enum`` (``action.strip().lower() == "write"``: ``lower``,
    #: ``strip``); ``[]`` where it compares the value as given, None where
    #: that is not known
    enum_folds: list[str] | None = None
    #: a conversion the code applies to the value (``int``, ``float``,
    #: ``str``, ``list``, ``tuple``, ``dict``): when it makes ``type``, a value
    #: it converts (``"30"`` for ``int``) is one the code accepts
    coercion: str | None = None
    #: the JSON types of the values that reach a conversion making ``type``,
    #: where a test of the value or a caught error keeps others from it
    #: (``int(x) if str(x).isdigit() else x``: none is known to; ``if
    #: isinstance(x, str): x = int(x)``: strings); None where every value does
    conversion_reach: list[str] | None = None
    #: only caught errors keep values from ``conversion_reach``'s conversions,
    #: never a test of the value (``try: n = int(x) except ValueError: n =
    #: 10``): every value, a string default included, reaches them, and one
    #: they convert is converted. False where a test may let a value by
    #: unconverted (``int(x) if isinstance(x, float) else x``) or where that
    #: is not known
    reach_caught_only: bool = False
    #: the values it accepts are not known (a test no list holds, a value
    #: tested beside the dispatch): neither a list nor "any value" is claimed
    values_unknown: bool = False
    #: where the values it accepts are not known, the strings the code still
    #: compares it with (``action != "analyze"`` beside a dispatch on
    #: ``"generate"`` and ``"analyze"``): values of the argument, not all it
    #: may take; None where ``enum`` holds them or none is compared
    compared: list[str] | None = None
    #: the strings a converted value is compared with to read it as a
    #: boolean (``str(flag).lower() in ("true", "1")``), folded; None when
    #: no such comparison is seen
    spellings: list[str] | None = None
    #: the value itself is compared with ``True`` or ``False`` (``flag is
    #: True``, ``flag == False``): a value of another type is misread. A
    #: boolean only tested for truth (``if flag:``, ``bool(flag)``) takes any
    boolean_tested: bool = False
    #: every read's value is only compared, as read, with strings spelling a
    #: boolean (``"spelling"``: ``flag == "true"``, which a JSON ``true``
    #: never equals) or with ``True``/``False`` (``"boolean"``: ``flag is
    #: True``, which the string ``"true"`` never is); None when any read is
    #: used otherwise (``if flag:``, ``str(flag).lower()``, handed on)
    only_compared: str | None = None
    reads: list[ArgumentRead] = field(default_factory=list)
    #: other arguments of which at least one is needed together with this one
    #: (``args["text"] if "text" in args else args["message"]``); such an
    #: argument is not ``required`` on its own
    alternatives: list[str] = field(default_factory=list)
    #: the alternatives stand in for it, but no check needs one of them
    #: (``args.get("text") or args.get("message")`` alone): no ``anyOf``
    alternatives_optional: bool = False
    #: the calls whose result ``execute`` returns on a missing or empty value
    #: where a returned ``Response(...)`` would refuse it (``self.fail``,
    #: ``await self.default``, a dotted function), when refusing it there
    #: would change what is claimed; ``absence_required``: it would make the
    #: argument required (else only its default is in doubt). Extraction
    #: sees one module: the tool's resolution follows the calls, makes the
    #: argument's requiredness (or default) unknown when each always gives a
    #: ``Response`` (:mod:`doxtool.python.returns`), and empties them
    absence_calls: list[str] = field(default_factory=list)
    absence_required: bool = False
    #: what would be claimed were the calls refusals (``required``,
    #: ``has_default``, ``default_unknown``, ``required_unknown``): taken
    #: when each only wraps the message it is handed in a ``Response``
    #: (``return self.fail("x is required")``), as one built in the block
    absence_presence: list[bool] = field(default_factory=list)
    #: the values listed (``enum``) hold only if those calls refuse: a closed
    #: dispatch's test rejects the others by returning what one gives
    absence_values: bool = False
    #: the calls of functions of other modules a check ends its block with
    #: (``if not note: reject("note")``), where a ``raise`` would refuse the
    #: missing or empty value, when refusing it there would change what is
    #: claimed; ``raise_presence``: what is claimed then (``required``,
    #: ``required_unknown``, ``has_default``, ``default_unknown``,
    #: ``alternatives_optional``), ``raise_alternatives`` its alternatives
    #: then (``if not a and not b: reject(...)``). The tool's resolution
    #: takes them when each call never returns
    #: (:mod:`doxtool.python.raisecalls`), and empties them
    raise_calls: list[str] = field(default_factory=list)
    raise_presence: list[bool] = field(default_factory=list)
    raise_alternatives: list[str] = field(default_factory=list)

    @property
    def working_default(self) -> Any:
        """The default as the code works with it: a string default that the
        conversion making the argument's number type converts is that number
        (``int(self.args.get("width", "1024"))``: ``1024``, what a missing
        key gives the tool), else ``default`` as written."""
        value = self.default
        if not (self.has_default and isinstance(value, str)):
            return value
        if self.coercion is None or _NUMBER_COERCIONS.get(self.type or "") != self.coercion:
            return value
        reach = self.conversion_reach
        if reach is not None and "string" not in reach and not self.reach_caught_only:
            return value  # a string may pass by the conversion unconverted
        try:
            number: int | float = int(value)
        except ValueError:
            if self.coercion == "int":
                return value
            try:
                number = float(value)
            except ValueError:
                return value
        return number if math.isfinite(number) else value

    @property
    def type_open(self) -> bool:
        """Whether only ``str(x)`` gives ``type``: the code converts any value
        to a string (``"5"`` does as well as ``5``), so the ``"string"`` it
        writes denies no type a person states (``str(self.args["context"])``
        handed on, documented ``integer``); a default, a compared or listed
        value, or a string method on the value as read says more."""
        return (
            self.type == "string"
            and self.coercion == "str"
            and not self.type_used
            and not self.has_default
            and not self.enum
            and not self.compared
        )

    @property
    def first_line(self) -> int:
        return self.reads[0].line if self.reads else 0

    def where(self, module: str) -> str:
        """``path:line`` of the first read (in ``module`` unless a helper or a
        base class elsewhere reads it), or ``module`` when there is none."""
        if not self.reads:
            return module
        read = self.reads[0]
        return f"{read.path or module}:{read.line}"
