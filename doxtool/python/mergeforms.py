"""What a dict made from the arguments holds besides them, in terms both
parsers share: the libcst walk of a tool (:mod:`doxtool.python.merges`) and
the ``ast`` summaries of helpers (:mod:`doxtool.python.astdicts`). It
imports neither parser.

``{**DEFAULTS, **args}``, ``DEFAULTS | args`` and ``dict(DEFAULTS, **args)``
are the arguments over defaults: a key ``DEFAULTS`` holds is optional, with
its value as the default when that is a literal. Keys written after the
arguments (``args | {"mode": "x"}``) override them: reading those reads no
argument. ``args or {}``, ``args if isinstance(args, dict) else {}`` and
``getattr(tool, "args", {})`` are the arguments too; a literal dict standing
in for them (``args or {"limit": 10}``) holds its keys on some calls only.
Anything merged after the arguments that is not known leaves the dict
:data:`OPAQUE`: it holds the arguments in a way no one follows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from doxtool.core.summary_facts import KeyRead

#: no default for this key (a literal's own default still applies)
UNKNOWN: Any = object()
#: a key written that is no literal string (``{name: value, **args}``)
NO_KEY: Any = object()


@dataclass(frozen=True)
class Merge:
    """What a dict merged from the arguments holds besides them."""

    #: key -> default the mapping before the arguments gives it (:data:`UNKNOWN`
    #: when its value is not a literal); None: any key may have a default
    defaults: dict[str, Any] | None
    #: keys written after the arguments: they are not the arguments' values
    overrides: frozenset[str]
    #: keys of a literal that stands in for the arguments on some calls only
    #: (``self.args or {"limit": 10}``): neither a default nor always missing
    fallback: frozenset[str] = frozenset()

    @property
    def plain(self) -> bool:
        """The arguments as they are (or a copy): nothing merged with them."""
        return self.defaults == {} and not self.overrides and not self.fallback

    def default(self, key: str) -> tuple[bool, bool, Any]:
        """(the key may be missing from the arguments, its default is known, the default)."""
        if self.defaults is None:
            return True, False, None
        if key not in self.defaults:
            return False, False, None
        value = self.defaults[key]
        return True, value is not UNKNOWN, value


#: the arguments dict itself, or a copy of it
PLAIN = Merge({}, frozenset())
#: an expression that holds the arguments in a way the walk does not follow
#: (``self.args or load()``, ``{**self.args, **extra}``): what it holds is not known
OPAQUE: Any = object()

Node = TypeVar("Node")


def merge_parts(
    parts: Sequence[tuple[Any, Node]],
    held: Callable[[Node], Any],
    literal: Callable[[Node], tuple[bool, Any]],
) -> Any:
    """What a merge holds, from its parts in order: ``(key, value)`` for a
    key written (:data:`NO_KEY` when it is no literal string), ``(None,
    mapping)`` for a mapping spread. ``held`` says what a mapping holds of
    the arguments (a :class:`Merge`, :data:`OPAQUE` or None), ``literal``
    the literal value of an expression. A :class:`Merge` when everything
    after the arguments is known, :data:`OPAQUE` otherwise; None when the
    merge holds no arguments."""
    values = [held(value) if key is None else None for key, value in parts]
    sources = [index for index, value in enumerate(values) if value is not None]
    if not sources:
        return None
    last = sources[-1]
    inner = values[last]
    if inner is OPAQUE:
        return OPAQUE
    overrides: set[str] = set()
    for key, value in parts[last + 1 :]:
        if isinstance(key, str):
            overrides.add(key)
            continue
        keys = literal_keys(*literal(value)) if key is None else None
        if keys is None:
            return OPAQUE  # what it overrides is not known
        overrides.update(keys)
    defaults: dict[str, Any] | None = {}
    for index, (key, value) in enumerate(parts[:last]):
        if index in sources or defaults is None:
            continue
        if key is NO_KEY:
            defaults = None
            continue
        ok, found = literal(value)
        if key is not None:
            defaults[key] = found if ok else UNKNOWN
        elif ok and isinstance(found, dict) and all(isinstance(k, str) for k in found):
            defaults.update(found)
        else:
            defaults = None
    # ``{"verbose": False, **base}`` with ``base = {**DEFAULTS, **self.args}``:
    # the defaults and overrides of ``base`` hold too
    overrides |= inner.overrides
    if defaults is not None and inner.defaults is not None:
        defaults = {**defaults, **inner.defaults}
    else:
        defaults = None
    fallback = inner.fallback - overrides - (set(defaults) if defaults is not None else set())
    return Merge(defaults, frozenset(overrides), frozenset(fallback))


def either(first: Any, second: Any, other_keys: Callable[[], frozenset[str] | None]) -> Any:
    """What one of two expressions holds (the operands of ``or``, the arms
    of a conditional expression), each held as :func:`merge_parts`'s
    ``held`` says: the arguments, unless a literal dict (or None) stands in
    for them on some calls (``other_keys``: the keys of the one that holds
    no arguments, None when it is no literal)."""
    if first is None and second is None:
        return None
    if first is OPAQUE or second is OPAQUE:
        return OPAQUE
    if first is not None and second is not None:
        return first if first == second else OPAQUE
    merge: Merge = first if first is not None else second
    keys = other_keys()
    if keys is None:
        return OPAQUE  # ``self.args or load_defaults()``: not known
    fallback = (merge.fallback | keys) - merge.overrides
    if merge.defaults is not None:
        fallback -= set(merge.defaults)
    return Merge(merge.defaults, merge.overrides, frozenset(fallback))


def on_some_paths(before: Any, after: Any) -> Any:
    """What a name holds past a statement that rebinds it on some paths only
    (under an ``if``, in a loop or a handler): ``before`` or ``after``, each
    as :func:`merge_parts` gives it. A key written or given a default by one
    of them only may be there or not (:attr:`Merge.fallback`); a default
    both give but differently is not known. None when either holds no
    arguments: the rebinding is then read as it stands."""
    if before is None or after is None:
        return after
    if before is OPAQUE or after is OPAQUE:
        return OPAQUE
    overrides = before.overrides & after.overrides
    changed = before.overrides ^ after.overrides
    defaults: dict[str, Any] | None = None
    if before.defaults is not None and after.defaults is not None:
        shared = set(before.defaults) & set(after.defaults)
        defaults = {
            key: before.defaults[key] if before.defaults[key] == after.defaults[key] else UNKNOWN
            for key in shared
        }
        changed |= set(before.defaults) ^ set(after.defaults)
    fallback = (before.fallback | after.fallback | changed) - overrides
    if defaults is not None:
        fallback -= set(defaults)
    return Merge(defaults, frozenset(overrides), frozenset(fallback))


def literal_keys(ok: bool, value: Any) -> frozenset[str] | None:
    """The keys of a literal dict (None for the literal None: no keys); None
    when the value is not known to be one."""
    if ok and value is None:
        return frozenset()
    if ok and isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return frozenset(value)
    return None


def merged_read(read: KeyRead, merge: Merge, key: str) -> None:
    """A read of a merge (``(DEFAULTS | args)[key]``): optional where the
    defaults may hold the key, with their value when it is known."""
    missing, known, value = merge.default(key)
    if not missing:
        return
    read.guarded = True
    if known:
        read.default, read.has_default, read.default_unknown = value, True, False
    elif not read.has_default:
        read.default_unknown = True
