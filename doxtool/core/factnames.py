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

from doxtool.core.facts import ModuleFacts

#: a whole string value of a fact's ``repr`` that is a dotted name, or a path
#: of a Python file (values only: the field names are not quoted there)
DOTTED = re.compile(r"""['"]([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)['"]""")
PY_PATH = re.compile(r"""['"]([^'"\\]{1,1000}\.py)['"]""")
#: what :data:`DOTTED` finds, as a whole
DOTTED_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*")


def candidate_names(facts: ModuleFacts) -> list[str]:
    """The candidate module names of ``facts``, sorted, each once."""
    own = dataclasses.replace(facts, tools=[]) if facts.tools else facts
    text = repr(own)
    return sorted({*PY_PATH.findall(text), *DOTTED.findall(text)})


def packed(names: list[str]) -> str:
    """``names`` as :attr:`ModuleFacts.module_names` stores them: one per line
    (no name holds a line break: ``repr`` writes it as an escape)."""
    return "\n".join(names)


def named(facts: ModuleFacts) -> list[str]:
    """The stored candidate names of ``facts``, or found now when none are stored."""
    if facts.module_names is None:
        return candidate_names(facts)
    return facts.module_names.split("\n") if facts.module_names else []
