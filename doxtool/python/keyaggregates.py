"""What a check over literal keys written as a comprehension refuses, in
terms both parsers share: the libcst walk of a tool
(:mod:`~doxtool.python.keychecks`) and the ``ast`` summaries of helpers
(:mod:`~doxtool.python.astkeychecks`) each find the comprehension, its
loop name, its keys and its test in their own tree, and read the test of
one key with the loop name bound to it; the rule that joins the keys is
this module's. It imports neither parser.

``any(t for k in KEYS)`` is true when ``t`` is for the first key or the
next: each key's groups stand beside the others' (``if not a or not b``).
``all(t for k in KEYS)`` is true when ``t`` is for every key at once: one
group joining each key's (``if not a and not b``), when each key's test is
one. ``not`` before either turns the test over (``not all(k in d for k in
KEYS)`` is ``any(k not in d for k in KEYS)``). A name bound to ``[k for k
in KEYS if t]`` and tested for truth (``if missing:``) is ``any``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

#: the functions over a comprehension a check is written with
AGGREGATES = frozenset({"any", "all"})

#: the builtins a name bound to the keys found may be handed to without
#: being changed (``len(missing)``, ``sorted(missing)``); any other call
#: given it (``drop(missing)``) may empty it (``str.join`` takes it too)
READ_ONLY_CALLS = frozenset(
    {
        "len", "bool", "str", "repr", "print", "sorted", "list", "tuple", "set",
        "frozenset", "any", "all", "sum", "min", "max", "enumerate", "isinstance",
    }
)  # fmt: skip

#: an absence group: argument or key -> what the test refuses (its
#: :data:`~doxtool.python.readforms.REFUSALS` kind, and what a parser adds)
G = TypeVar("G", bound=dict)  # type: ignore[type-arg]


def each_key(loop_keys: dict[str, str], name: str, keys: Sequence[str]) -> Iterator[str]:
    """Each key in turn, bound to the loop's name in ``loop_keys`` while the
    caller reads the test; the name's earlier binding is put back after."""
    known = loop_keys.get(name)
    try:
        for key in keys:
            loop_keys[name] = key
            yield key
    finally:
        if known is None:
            loop_keys.pop(name, None)
        else:
            loop_keys[name] = known


def one_of_keys(function: str, negated: bool) -> bool:
    """Whether ``function(...)`` (``not`` before it when ``negated``) is true
    when its test is true for one key (``any``, ``not all``), rather than
    for every key at once (``all``, ``not any``)."""
    return (function == "any") != negated


def aggregate_groups(
    one_key: bool,
    loop_keys: dict[str, str],
    name: str,
    keys: Sequence[str],
    groups: Callable[[], list[G]],
    absence: Callable[[], G | None],
) -> list[G]:
    """The absence groups of a test over literal keys: with ``one_key``
    (:func:`one_of_keys`), the ``groups`` of each key's test, side by side;
    else one group joining the ``absence`` of each key's test, none when a
    key's test is not one."""
    if one_key:
        return [g for _ in each_key(loop_keys, name, keys) for g in groups()]
    joined: dict = {}  # type: ignore[type-arg]
    for _ in each_key(loop_keys, name, keys):
        group = absence()
        if not group:
            return []
        joined.update(group)
    return [joined]  # type: ignore[list-item]
