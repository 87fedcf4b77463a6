"""The half of a module's extraction that CPython's ``ast`` does, before libcst parses it.

Extracting a module's facts (:mod:`doxtool.python.extract`) has two halves. This
first one reads only ``ast``'s tree: it gives the module's outline and its helper
summaries, and prunes the bodies nothing reads from the text handed to libcst
(:mod:`doxtool.python.prune`). The second parses that text with libcst and walks
the classes that may be tools. This half imports no libcst, so a process that has
not imported it can do this half while another one imports libcst for the second
(:mod:`doxtool.run.sideparser`). :class:`~doxtool.python.prepared.Prepared` is
what it hands over: plain data, which pickles. The facts are the same
whichever process did which half.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterable

from doxtool.core.collector import paused_gc
from doxtool.core.facts import ModuleOutline, Problem
from doxtool.core.serde import from_data, to_data
from doxtool.core.summary_facts import FunctionSummary
from doxtool.python.astparse import PIECE_CHARS, parse_ast, parse_newer_syntax
from doxtool.python.loaders import tool_loaders
from doxtool.python.names import module_name
from doxtool.python.nesting import nesting_problem
from doxtool.python.outline import module_outline
from doxtool.python.pathloads import may_load_by_path, path_loads
from doxtool.python.prepared import FirstHalf, Prepared
from doxtool.python.prune import prune
from doxtool.python.scopebinds import rebound_imports
from doxtool.python.summaries import summarise


def first_half(
    source: str,
    path: str,
    module: str,
    local_roots: Iterable[str],
    pruning: bool,
    placing: bool = True,
) -> FirstHalf:
    """The first half of the extraction of ``source`` (the caller pauses the
    collector). Without ``placing`` (the second half runs elsewhere and parses
    its own tree), the tree that places statements is not made ready."""
    syntax = parse_ast(source)
    newer = parse_newer_syntax(source) if syntax is None else None
    prepared = Prepared(analysed=syntax is not None, parsed=len(source))
    if syntax is not None or newer is not None:
        prepared.outline = module_outline(syntax or newer, source)
        if prepared.outline is not None:
            prepared.outline.rebound = rebound_imports(syntax or newer)
    if syntax is not None and "getmembers" in source:
        prepared.loaders = tool_loaders(syntax, module)
    if syntax is not None and may_load_by_path(source):
        prepared.path_loads = path_loads(syntax)
    if syntax is not None:
        # before libcst's tree exists: the two largest trees are never held at once
        try:
            prepared.summaries = summarise(
                syntax,
                module,
                path.endswith("__init__.py"),
                local_roots,
                prepared.objects,
                prepared.held,
                source,
            )
        except Exception as exc:  # a bug here must not cost the module's facts
            message = f"helper summaries not extracted: {type(exc).__name__}: {exc}"
            prepared.summary_problem = Problem(message[:300], 1, 1, "internal")
    pruned = prune(source, syntax, module) if pruning and syntax is not None else None
    if pruned is None:
        return FirstHalf(prepared, syntax, frozenset())
    prepared.text = pruned.text
    prepared.parsed = pruned.parsed
    if len(source) > PIECE_CHARS:
        # a long module: ``ast``'s tree of the whole module has served, and
        # statements are placed on its tree of the text libcst parses (the
        # same lines and columns); the facts are copied anew so that the
        # memory the tree took goes back to the system before libcst's
        # tree is built (the facts made while it lived pin it otherwise)
        del syntax, pruned
        prepared.outline, prepared.summaries = _compacted(prepared.outline, prepared.summaries)
        placed = parse_ast(prepared.text) if placing else None
        return FirstHalf(prepared, placed, frozenset(), of_module=False)
    if not placing:
        return FirstHalf(prepared, None, frozenset())
    for node in pruned.stubbed:
        # positions pair no statement inside a stubbed body: let it go
        node.body = []  # type: ignore[attr-defined]
    return FirstHalf(prepared, syntax, pruned.stubbed)


def prepare(
    source: str, path: str, local_roots: Iterable[str] = (), module: str | None = None
) -> Prepared | None:
    """The first half for another process to finish
    (:func:`doxtool.python.extract.finish_module`); None for a module that the
    whole extraction must see (one nested deeply enough to need a large stack,
    or too deeply to parse at all)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if nesting_problem(source):
            return None
        with paused_gc():
            module = module if module is not None else module_name(path)
            half = first_half(source, path, module, local_roots, True, placing=False)
            return half.prepared


def _compacted(
    outline: ModuleOutline | None, summaries: list[FunctionSummary]
) -> tuple[ModuleOutline | None, list[FunctionSummary]]:
    """The same facts, every object of them made anew (strings included)."""
    outline_data, summaries_data = json.loads(
        json.dumps([to_data(outline) if outline is not None else None, to_data(summaries)])
    )
    return (
        from_data(ModuleOutline, outline_data) if outline_data is not None else None,
        [from_data(FunctionSummary, data) for data in summaries_data],
    )
