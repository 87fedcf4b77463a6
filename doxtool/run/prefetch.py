"""Everything a run reads, parsed before the rules run.

The rules read modules' facts, companions and prompt files on demand; a
whole-repository run parses them up front instead (:func:`prefetch`), in a
pool of processes when there are enough, through the facts cache, and then
the helper modules the tools call into, a level of calls at a time. The
findings are the same either way.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import closing

from doxtool.python.follow import MAX_DEPTH
from doxtool.run.ahead import take as take_ahead
from doxtool.run.cache import cpu_count
from doxtool.run.context import Context
from doxtool.run.heaptrim import give_back
from doxtool.run.pool import MIN_PARALLEL, forked_early, parse_all

#: called as work proceeds: (phase, done, total)
Progress = Callable[[str, int, int], None]

#: results of an up-front parse between two returns of the freed heap to the
#: system (:mod:`doxtool.run.heaptrim`); a smaller parse returns none
TRIM_EVERY = 256


def prefetch(
    ctx: Context, modules: list[str], jobs: int | None, progress: Progress | None = None
) -> None:
    """Parse what the run will read, up front: the facts of ``modules``, their
    companions and the companions in scope and, in a whole-repository run,
    every prompt file; each through the cache; what the cache lacks is parsed
    by ``jobs`` processes (default: the CPU count), each result stored as it
    arrives. The rules then find everything parsed (results are the same as
    parsing on demand, in one process)."""
    workers = cpu_count() if jobs is None else max(1, jobs)
    parsed = _parse_ahead(ctx, modules, workers, progress)
    _follow_calls(ctx, modules, workers)
    if parsed >= TRIM_EVERY:  # the jobs' texts, and the packed facts unpacked since
        give_back()


def _parse_ahead(ctx: Context, modules: list[str], workers: int, progress: Progress | None) -> int:
    """Parse the files of :func:`prefetch`; how many it parsed."""
    facts_cache = ctx.project.cache
    cold = facts_cache is None or facts_cache.is_new()  # then every file is parsed
    early = workers if cold and modules and len(modules) >= MIN_PARALLEL else 1
    with forked_early(early) as pool:
        ahead = take_ahead(ctx.project)  # planned as soon as the run knew them
        planned = [ahead.get(module) or ctx.project.facts_job(module) for module in modules]
        companions = [*ctx.companions, *(ctx.companion_path(m) for m in modules)]
        planned.extend(ctx.companion_job(path) for path in dict.fromkeys(companions))
        if ctx.scope.everything:  # a scoped run parses only the prompts naming its tools
            prompts = (p for s in ctx.prompt_sets for p in s.own_files().values())
            planned.extend(ctx.prompt_job(path) for path in dict.fromkeys(prompts))
        todo = [p for p in planned if p is not None]
        total = len(todo)
        if progress is not None:
            progress("parse", 0, total)
        batch = parse_all([job for job, _ in todo], workers, facts_cache is not None, pool)
        # closed however the loop ends: an interrupt while a result is kept
        # stops the pool's workers at once
        with closing(batch) as results:
            for done, ((_, accept), (result, encoded)) in enumerate(
                zip(todo, results, strict=True), 1
            ):
                accept(result, encoded)
                if done % TRIM_EVERY == 0:  # the received and written results freed
                    give_back()
                if progress is not None:
                    progress("parse", done, total)
    return total


def _follow_calls(ctx: Context, modules: list[str], workers: int) -> None:
    """Parse the helper modules the tools call into, which resolving the tools
    follows (:mod:`doxtool.python.follow`), a level of calls at a time."""
    project = ctx.project
    cached = project.cache is not None
    reached = [m for m in modules if project.is_tool_module(m)]
    seen = set(modules)
    for _ in range(MAX_DEPTH):
        called = [
            rel
            for module in reached
            for rel in project.called_module_paths(project.facts(module))
            if rel not in seen
        ]
        if not called:
            break
        seen.update(called)
        more = [p for p in (project.facts_job(rel) for rel in dict.fromkeys(called)) if p]
        with closing(parse_all([job for job, _ in more], workers, encoded=cached)) as results:
            for (_, accept), (result, encoded) in zip(more, results, strict=True):
                accept(result, encoded)
        reached = list(dict.fromkeys(called))
