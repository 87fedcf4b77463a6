"""The modules a run over PATHS names, handed to the side parser as soon as
they are known.

A run over PATHS first finds what else it checks: the units whose facts its
modules feed (:mod:`doxtool.run.dependents`), what a deleted tool left
behind, the prompts that teach its tools. None of that needs the named
modules' facts, and the side parser (:mod:`doxtool.run.sideparser`) would
wait for their request meanwhile. :func:`hand` plans their parses at once
(through the facts cache, as the up-front parse would) and hands those the
cache lacks to the side parser; :func:`take` gives the up-front parse
(:func:`doxtool.run.prefetch.prefetch`) those plans, whose jobs it then
finds answered (:func:`doxtool.run.pool.parse_ahead`). Each module is
looked up in the cache once, as without this, so a run counts the same
hits and misses.
"""

from __future__ import annotations

from collections.abc import Iterable

from doxtool.run import pool, sideparser
from doxtool.run.cache import cpu_count
from doxtool.run.pool import MIN_PARALLEL, Planned
from doxtool.run.project import Project

#: the project the plans are for, and its modules' plans
_planned: tuple[Project, dict[str, Planned]] | None = None


def hand(project: Project, modules: Iterable[str], jobs: int | None) -> None:
    """Plan the parses of ``modules`` (documented or tool modules of the run)
    and hand those the cache lacks to the side parser, when there is one and
    the run's parse will not need a pool for them (``jobs`` as the run's)."""
    global _planned
    workers = cpu_count() if jobs is None else max(1, jobs)
    given = list(dict.fromkeys(modules))
    if sideparser.current() is None or workers <= 1 or not given or len(given) >= MIN_PARALLEL:
        return
    plans = {}
    for module in given:
        planned = project.facts_job(module)
        if planned is not None:
            plans[module] = planned
    _planned = (project, plans)
    pool.parse_ahead([job for job, _ in plans.values()], workers, project.cache is not None)


def take(project: Project) -> dict[str, Planned]:
    """The plans :func:`hand` made for ``project``'s modules whose facts the
    run has not read since (each given once)."""
    global _planned
    found, _planned = _planned, None
    if found is None or found[0] is not project:
        return {}
    read = set(project.loaded_modules())
    return {module: planned for module, planned in found[1].items() if module not in read}
