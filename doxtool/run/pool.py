"""Parsing jobs, run one after another or by a pool of processes.

A cold run parses three kinds of file: modules (into facts), companions and
prompt files. :func:`parse_all` takes them as :class:`Job` values (text in,
plain dataclasses out) and yields the results in submission order, so a
parallel run reports exactly what a serial run does; results stream back as
workers finish them, which lets the caller store each in the cache while
the rest are still being parsed. A batch too small for a pool hands its
modules to the side parser when there is one (:mod:`doxtool.run.sideparser`),
with the first half of their extraction done here (:mod:`doxtool.python.prepare`),
and this process parses the rest meanwhile. The analysed code is parsed in
the workers, never imported.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from doxtool.run import sideparser
from doxtool.run.heaptrim import give_back

if TYPE_CHECKING:
    from doxtool.python.prepared import Prepared
    from doxtool.run.cache import FactsCache
    from doxtool.run.sideparser import SideParser

T = TypeVar("T")

#: most processes a run starts: each may hold a large module's tree, and more
#: processes than cores only cost memory
MAX_JOBS = 32
#: below this many jobs, starting processes costs more than it saves
MIN_PARALLEL = 8
#: jobs parsed between two results handed back by a serial run
SERIAL_CHUNK = 16
#: a module longer than this is parsed whole in this process, never half here
#: and half in the side parser: what ``ast``'s half leaves in this process
#: (freed, but still resident) would sit beside libcst's tree there, near
#: doubling the memory the module costs (a 1 MiB module: 196 MB summed)
SIDE_PARSER_CHARS = 256 * 1024
#: the fewest modules of one batch for which writing the storing constructors
#: (:mod:`doxtool.python.nodeinits`) pays: they cost about 17 ms once, and
#: save about a millisecond per module of a few KB
STORING_MODULES = 16

JobKind = Literal["facts", "companion", "prompt"]


@dataclass(frozen=True)
class Job:
    """A file to parse: its kind, path and text."""

    kind: JobKind
    #: repository-relative path of the file
    path: str
    text: str
    #: the repository's top-level packages (facts only)
    roots: frozenset[str] = frozenset()
    #: the module's dotted name, when it is not the one its path gives
    #: (below the root of a src layout; facts only)
    module: str | None = None
    #: the first half of the module's extraction, when another process did it
    #: (:mod:`doxtool.python.prepare`); no part of the job's identity
    prepared: Prepared | None = field(default=None, compare=False)


#: a job and what to do with its result and, when asked for, the result's
#: cache encoding (in the parent process)
Planned = tuple[Job, Callable[[Any, "str | None"], None]]


class Packed:
    """A module's facts, pickled by the pool worker that extracted them. A
    pool's parent keeps them so until they are read, after the pool: while
    the workers run (the peak of the summed memory) it does not hold every
    module's facts as objects. :func:`unpacked` gives the facts."""

    __slots__ = ("data",)

    def __init__(self, data: bytes) -> None:
        self.data = data


def unpacked(result: T | Packed) -> T:
    """The result itself, unpickled when it is :class:`Packed`."""
    if type(result) is Packed:
        return pickle.loads(result.data)  # type: ignore[no-any-return]
    return result  # type: ignore[return-value]


def prepare_facts(first_half: bool = True) -> None:
    """Import what parsing a module takes, ahead of the first module; without
    ``first_half``, what finishing a module another process prepared takes."""
    import doxtool.core.factnames
    import doxtool.core.serde
    import doxtool.python.extract

    if first_half:
        import doxtool.python.prepare  # noqa: F401


def parse(job: Job) -> Any:
    """The job's result: ModuleFacts, a Companion or a PromptDoc."""
    if job.kind == "facts":
        from doxtool.core.compact import compact
        from doxtool.core.factnames import candidate_names, packed
        from doxtool.python.extract import extract_module, finish_module

        if job.prepared is not None:
            facts = finish_module(job.text, job.path, job.roots, job.prepared, job.module)
        else:
            facts = extract_module(job.text, job.path, job.roots, job.module)
        facts.module_names = packed(candidate_names(facts))
        return compact(facts)
    if job.kind == "companion":
        from doxtool.companions.parsing import parse_companion

        return parse_companion(job.text, job.path)
    from doxtool.prompts.parse import parse_prompt

    return parse_prompt(job.text, job.path)


def plan(
    job: Job, cache: FactsCache | None, key: bytes, cls: type[T], keep: Callable[[T], None]
) -> Planned | None:
    """``job`` and what to do with its result (cache it under ``key``, then
    ``keep`` it); None when the cache already has the result, which is kept."""
    if cache is not None:
        cached = cache.load(job.kind, key, cls)
        if cached is not None:
            keep(cached)
            return None

    def accept(result: T | Packed, encoded: str | None) -> None:
        if cache is not None:
            if encoded is None:
                result = unpacked(result)
            cache.store(job.kind, key, result, encoded)
        keep(result)  # type: ignore[arg-type]

    return job, accept


def run_now(planned: Planned | None) -> None:
    """Do a planned parse here and now, and hand its result on (an on-demand
    parse outside a run's up-front batch)."""
    if planned is not None:
        job, accept = planned
        accept(parse(job), None)


def parse_encoded(job: Job) -> tuple[Any, str | None]:
    """The job's result and its cache encoding."""
    from doxtool.core.serde import encode

    result = parse(job)
    return result, encode(result)


def parse_plain(job: Job) -> tuple[Any, None]:
    return parse(job), None


def parse_packed(work: Callable[[Job], tuple[Any, str | None]], job: Job) -> tuple[Any, str | None]:
    """What a pool worker hands back: ``work``'s result, a module's facts
    :class:`Packed`."""
    result, encoding = work(job)
    if job.kind == "facts":
        result = Packed(pickle.dumps(result, pickle.HIGHEST_PROTOCOL))
    return result, encoding


def _context() -> Any:
    import multiprocessing

    # fork is cheap (workers inherit the imported parsers, see parse_all) and
    # safe here: the parent holds no threads or locks at this point
    if os.name == "posix" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def side_parser() -> Callable[[list[Job], bool], list[tuple[Any, str | None]]]:
    """In a side parser (:mod:`doxtool.run.sideparser`): import the parser,
    become a worker, and return what parses a batch of jobs there."""
    gc.disable()  # for good, as in any worker; its imports find no garbage
    prepare_facts(first_half=False)  # this process does it (see _beside)
    _start_worker(many=False)

    def parse_batch(jobs: list[Job], encoded: bool) -> list[tuple[Any, str | None]]:
        if _worthwhile(jobs):
            _store_only()
        work = parse_encoded if encoded else parse_plain
        return [work(job) for job in jobs]

    return parse_batch


def _start_worker(modules: bool = True, many: bool = True) -> None:
    # a worker only parses: its nodes need no validation for its whole life,
    # which spares switching it on and off around every parse, and what it
    # builds is acyclic, so the collector has nothing to find; a worker of a
    # pool without ``modules`` builds no node and need not import libcst; one
    # that parses ``many`` modules has their nodes store their fields alone
    if modules:
        from doxtool.python.cstparse import unvalidated_nodes

        unvalidated_nodes().__enter__()
        if many:
            _store_only()
    gc.disable()


_storing_only = False


def _store_only() -> None:
    """From now on in this process, libcst's nodes store their fields and
    nothing more (:mod:`doxtool.python.nodeinits`)."""
    global _storing_only
    if not _storing_only:
        from doxtool.python.nodeinits import installed

        installed().__enter__()
        _storing_only = True


def _worthwhile(jobs: Sequence[Job]) -> bool:
    """Whether ``jobs`` parse enough modules to write the storing constructors
    (:data:`STORING_MODULES`)."""
    return sum(job.kind == "facts" for job in jobs) >= STORING_MODULES


def parse_all(
    jobs: Sequence[Job], workers: int, encoded: bool = False, pool: Any | None = None
) -> Generator[tuple[Any, str | None], None, None]:
    """(result, cache encoding or None) of ``jobs`` in their order, parsed by
    up to ``workers`` processes; ``encoded`` asks for the encodings, which
    the workers then compute too. A module's facts parsed by a pool come
    :class:`Packed`. ``pool`` is a pool forked ahead (:func:`forked_early`),
    which the batch uses when it is large enough for one, and shuts down."""
    work = parse_encoded if encoded else parse_plain
    side = sideparser.current() if workers > 1 else None
    workers = min(workers, len(jobs), MAX_JOBS)
    if workers <= 1 or len(jobs) < MIN_PARALLEL:
        if side is not None and any(_large(job) for job in jobs):
            sideparser.close()  # (what it was handed ahead is parsed here again)
            side = None
        if side is not None and any(job.kind == "facts" for job in jobs):
            yield from _beside(side, jobs, work, encoded)
        else:
            yield from _serially(jobs, work)
        return
    if pool is None:
        pool = _new_pool(workers, any(job.kind == "facts" for job in jobs))
    # Small chunks: a module can cost a hundred times a prompt file, and the
    # last chunks decide when the pool is done; a round trip costs far less.
    chunk = max(1, min(8, len(jobs) // (workers * 4)))
    try:
        with _signals_held():  # the workers are forked by the first submit
            futures = [
                pool.submit(_parse_chunk, work, list(jobs[start : start + chunk]))
                for start in range(0, len(jobs), chunk)
            ]
        futures.reverse()
        while futures:  # a result is let go of once read
            yield from futures.pop().result()
    except BaseException:  # an interrupt, a failure, or a caller that stopped reading
        _stop(pool)
        raise
    pool.shutdown()


@contextlib.contextmanager
def forked_early(workers: int) -> Iterator[Any | None]:
    """A pool of ``workers`` processes (for a batch with modules), forked now;
    None for one process. Forked before this process reads the files it
    will hand them, a worker's resident memory starts as small as this
    process is now (a fork's starts as its parent's). The pool is ended on
    leaving, unless :func:`parse_all` used it; at once after an error."""
    if workers <= 1:
        yield None
        return
    pool = _new_pool(min(workers, MAX_JOBS), True)
    try:
        with _signals_held():
            pool.submit(int)  # forks every worker (a pool that forks starts them all at once)
        yield pool
    except BaseException:
        _stop(pool)
        raise
    pool.shutdown()


def _new_pool(workers: int, modules: bool) -> Any:
    """A pool of ``workers`` processes, ready for jobs of ``modules`` or not;
    its workers are forked by its first submit."""
    from concurrent.futures import ProcessPoolExecutor

    sideparser.close()  # its core goes to a worker
    _ahead.clear()  # the pool parses them
    if modules:
        prepare_facts()  # once, here: the workers inherit it
    if sys.platform.startswith("linux"):
        import ctypes  # noqa: F401  (each worker's die_with needs it: imported once, here)
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=_context(),
        initializer=_start_pool_worker,
        initargs=(modules, os.getpid()),
    )


def _parse_chunk(
    work: Callable[[Job], tuple[Any, str | None]], jobs: list[Job]
) -> list[tuple[Any, str | None]]:
    """In a pool worker: the results of a few jobs, and what parsing them
    freed (their trees) handed back to the system."""
    results = [parse_packed(work, job) for job in jobs]
    give_back()
    return results


#: the signals that end a run: a pool worker leaves them to its parent
_STOPPING = ("SIGINT", "SIGTERM")


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back the signals that end a run while pool workers are forked: a
    worker then never gets one before it has set itself to ignore it
    (:func:`_start_pool_worker`), and this process gets it right after."""
    import signal

    held = {getattr(signal, name) for name in _STOPPING}
    if not hasattr(signal, "pthread_sigmask"):  # pragma: no cover - Windows
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_pool_worker(modules: bool, parent: int) -> None:
    """Ready a pool worker. The parent answers an interrupt (it stops the
    pool, :func:`_stop`): the worker ignores the terminal's Ctrl-C, which
    reaches the whole process group, and ends quietly on SIGTERM, which it
    also gets when the parent ends however it ends (Linux), so no worker
    outlives its parent."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {getattr(signal, name) for name in _STOPPING})
    if sys.platform.startswith("linux"):
        from doxtool.run.standby import die_with

        with contextlib.suppress(Exception):  # (then the parent's _stop ends it)
            die_with(parent)
    _start_worker(modules)


def _stop(pool: Any) -> None:
    """End a pool at once, its work unfinished: terminate its workers (no
    future is cancelled, so the pool's own thread marks them all failed and
    ends), and do not wait for its thread."""
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        with contextlib.suppress(Exception):
            process.terminate()
    with contextlib.suppress(Exception):
        pool.shutdown(wait=False)


def _serially(
    jobs: Sequence[Job], work: Callable[[Job], tuple[Any, str | None]]
) -> Iterator[tuple[Any, str | None]]:
    """The results of ``jobs`` in order, parsed in this process a few at a
    time, so results (and progress) keep coming. Nodes go unvalidated only
    while modules are parsed, never while the caller runs between results;
    a run that parses no module does not import libcst."""
    many = _worthwhile(jobs)
    for start in range(0, len(jobs), SERIAL_CHUNK):
        chunk = jobs[start : start + SERIAL_CHUNK]
        if any(job.kind == "facts" for job in chunk):
            from doxtool.python.cstparse import unvalidated_nodes
            from doxtool.python.nodeinits import installed

            with unvalidated_nodes(), installed() if many else contextlib.nullcontext():
                results = [work(job) for job in chunk]
        else:
            results = [work(job) for job in chunk]
        yield from results


def _first_half(job: Job) -> Job:
    """``job`` with the first half of its extraction done, when that can be
    done apart (:func:`doxtool.python.prepare.prepare`)."""
    from doxtool.python.prepare import prepare

    try:
        prepared = prepare(job.text, job.path, job.roots, job.module)
    except Exception:  # the whole extraction reports it, wherever it runs
        return job
    return job if prepared is None else replace(job, prepared=prepared)


#: modules handed to the side parser ahead of the batch that parses them
#: (:func:`parse_ahead`): each job -> the job as handed (its first half
#: done), whether encodings were asked for, the wait for the request's
#: answer and the job's place in it
_ahead: dict[Job, tuple[Job, bool, Callable[[], list[Any] | None], int]] = {}


def parse_ahead(jobs: Sequence[Job], workers: int, encoded: bool) -> None:
    """Hand the modules of ``jobs`` to the side parser now, before the batch
    that parses them is known: the side parser parses them while this
    process finds the rest of its run, and :func:`parse_all` takes their
    results from its answer (a module given again in a batch is the same
    job; one that changed since is not, and is parsed anew). Nothing happens
    without a side parser, or with one job allowed."""
    side = sideparser.current() if workers > 1 else None
    modules = [
        job
        for job in dict.fromkeys(jobs)
        if job.kind == "facts" and job not in _ahead and not _large(job)
    ]
    if side is None or not modules:
        return
    handed = [_first_half(job) for job in modules]
    answer = _once(side.parse(handed, encoded))
    for place, (job, prepared) in enumerate(zip(modules, handed, strict=True)):
        _ahead[job] = (prepared, encoded, answer, place)


def _large(job: Job) -> bool:
    """Whether ``job`` is a module to parse whole in one process (:data:`SIDE_PARSER_CHARS`)."""
    return job.kind == "facts" and len(job.text) > SIDE_PARSER_CHARS


def _once(wait: Callable[[], T]) -> Callable[[], T]:
    """``wait``, called at most once: later calls give its first result."""
    kept: list[T] = []

    def once() -> T:
        if not kept:
            kept.append(wait())
        return kept[0]

    return once


def _beside(
    side: SideParser,
    jobs: Sequence[Job],
    work: Callable[[Job], tuple[Any, str | None]],
    encoded: bool,
) -> Iterator[tuple[Any, str | None]]:
    """The results of ``jobs`` in order: the modules parsed by the side
    parser while this process parses the rest; the modules too when the side
    parser cannot answer. This process does the first half of each module's
    extraction, which needs no libcst, while the side parser imports libcst
    for the second. A module handed over ahead (:func:`parse_ahead`) is not
    handed again: its result comes from that request's answer."""
    remote = [index for index, job in enumerate(jobs) if job.kind == "facts"]
    early = {index: _ahead.pop(jobs[index], None) for index in remote}
    early = {index: found for index, found in early.items() if found and found[1] == encoded}
    rest = [index for index in remote if index not in early]
    handed = [_first_half(jobs[index]) for index in rest]
    answer = side.parse(handed, encoded) if handed else lambda: []
    results: list[Any] = [None] * len(jobs)
    try:
        for index, job in enumerate(jobs):
            if job.kind != "facts":
                results[index] = work(job)
    except Exception:
        answer()  # read, as a later request's wait would read it anyway
        raise
    except BaseException:  # an interrupt: not worth the wait for the answer
        sideparser.close()
        raise
    answered = answer()
    if answered is None:
        answered = list(_serially(handed, work))
    for index, result in zip(rest, answered, strict=True):
        results[index] = result
    for index, (prepared, _, wait, place) in early.items():
        given = wait()
        results[index] = given[place] if given is not None else next(_serially([prepared], work))
    yield from results
