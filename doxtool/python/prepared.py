"""What the first half of a module's extraction hands the second.

The first half (:mod:`doxtool.python.prepare`) reads ``ast``'s tree; the
second (:mod:`doxtool.python.extract`) parses with libcst. These types are
all the second half needs of the first, so a process that only finishes
modules another one prepared does not import the first half's modules.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from doxtool.core.facts import ModuleOutline, Problem
from doxtool.core.loader_facts import LoaderFacts
from doxtool.core.summary_facts import FunctionSummary


@dataclass
class Prepared:
    """What ``ast`` told of a module: all the second half needs besides the source."""

    outline: ModuleOutline | None = None
    summaries: list[FunctionSummary] = field(default_factory=list)
    #: module-level name -> the callables that make the object it holds
    #: (:mod:`doxtool.python.modobjects`)
    objects: dict[str, list[str]] = field(default_factory=dict)
    #: ``self.<attr>`` of the module's classes -> the callables that make
    #: what it holds (:mod:`doxtool.python.astheld`)
    held: dict[str, list[str]] = field(default_factory=dict)
    #: the loops taking a class by the order of a module's names
    #: (:mod:`doxtool.python.loaders`)
    loaders: list[LoaderFacts] = field(default_factory=list)
    #: the names of the files it may load by their path (:mod:`doxtool.python.pathloads`)
    path_loads: list[str] = field(default_factory=list)
    #: why the summaries could not be extracted, if they could not
    summary_problem: Problem | None = None
    #: whether ``ast`` parsed the module (newer syntax or a syntax error: not)
    analysed: bool = False
    #: the text libcst parses: the module with the unread bodies stubbed out
    #: (same lines and columns), or None for the module itself
    text: str | None = None
    #: characters of the parsed text outside the stubs: what libcst builds nodes for
    parsed: int = 0


@dataclass
class FirstHalf:
    """:class:`Prepared`, with the ``ast`` tree that places the statements
    (for the second half in the same process, which need not parse again)."""

    prepared: Prepared
    #: ``ast``'s tree of the module (``of_module``), or of the pruned text;
    #: None when ``ast`` cannot parse it
    syntax: ast.Module | None
    #: nodes of ``syntax`` whose bodies the pruned text stubs (their bodies emptied)
    stubbed: frozenset[ast.AST]
    #: whether ``syntax`` is the module's tree, which places the statements
    #: of libcst's tree of the module as well as of the pruned text's
    of_module: bool = True
