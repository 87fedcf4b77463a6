"""The names in a module's facts that may be modules of the repository.

A module's facts name the modules resolving its tools or following its calls
may read: a base class's dotted name, a helper call's target, a path. Which
of them are modules of the repository is known only where the repository is
(:func:`doxtool.run.snapshot.references`); the candidates are found here,
once, where the module is parsed (a pool's worker), and stored with the
facts. They are every quoted value of the facts' ``repr`` that is a dotted
name or the path of a Python file. The resolved ``tools`` are left out: what
they hold comes from this module's candidates and from the modules those
name, whose own names reach the rest.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import Any

from doxtool.core.facts import ModuleFacts

#: a whole string value of a fact's ``repr`` that is a dotted name, or a path
#: of a Python file (values only: the field names are not quoted there)
DOTTED = re.compile(r"""['"]([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)['"]""")
PY_PATH = re.compile(r"""['"]([^'"\\]{1,1000}\.py)['"]""")
#: what :data:`DOTTED` finds, as a whole
DOTTED_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def candidate_names(facts: ModuleFacts) -> list[str]:
    """The candidate module names of ``facts``, sorted, each once."""
    text = _quoted_values(facts)
    return sorted({*PY_PATH.findall(text), *DOTTED.findall(text)})


def _quoted_values(facts: ModuleFacts) -> str:
    """The values of the facts' ``repr`` but ``tools``, as ``repr`` writes
    them, separated as it does. A match of :data:`DOTTED` or :data:`PY_PATH`
    starts and ends at a quote, and in a ``repr`` the text between two
    values (class and field names, brackets, numbers) holds none, nor does
    a closing quote come before an identifier character: the matches are
    those of the whole ``repr``, found without writing it out (which costs
    a call of a generated ``__repr__`` per object)."""
    strings: list[str] = []
    others: list[str] = []
    todo: list[Any] = [getattr(facts, name) for name in _shown(ModuleFacts) if name != "tools"]
    pop, push, add = todo.pop, todo.extend, strings.append
    while todo:
        value = pop()
        kind = type(value)
        if kind is str:
            add(value)
        elif kind is list or kind is tuple:
            push(value)
        elif kind in _UNQUOTED:
            continue
        elif kind is dict:
            push(value.keys())
            push(value.values())
        else:
            values = _values_of(kind)
            if values is None:  # whatever else a fact may hold, as ``repr`` has it
                others.append(repr(value))
            else:
                push(values(value))
    # ``repr`` quotes each string; a value found twice matches the same twice
    return repr(list(set(strings))) + ", " + ", ".join(others)


#: scalars whose ``repr`` holds no quote
_UNQUOTED = frozenset({int, float, bool, type(None)})


@cache
def _shown(cls: type) -> tuple[str, ...]:
    """The fields of a dataclass that its ``repr`` shows."""
    return tuple(f.name for f in dataclasses.fields(cls) if f.repr)


@cache
def _values_of(cls: type) -> Callable[[Any], tuple[Any, ...]] | None:
    """What gives the values of the fields a dataclass's ``repr`` shows, as a
    tuple; None for any other type."""
    if not dataclasses.is_dataclass(cls):
        return None
    names = _shown(cls)
    if len(names) == 1:
        single = attrgetter(names[0])
        return lambda value: (single(value),)
    return attrgetter(*names) if names else lambda value: ()


def packed(names: list[str]) -> str:
    """``names`` as :attr:`ModuleFacts.module_names` stores them: one per line
    (no name holds a line break: ``repr`` writes it as an escape)."""
    return "\n".join(names)


def named(facts: ModuleFacts) -> list[str]:
    """The stored candidate names of ``facts``, or found now when none are stored."""
    if facts.module_names is None:
        return candidate_names(facts)
    return facts.module_names.split("\n") if facts.module_names else []
