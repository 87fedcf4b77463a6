"""Parallel extraction for cold runs: a process pool over modules.

Workers receive source text and return plain fact dataclasses; results come
back in submission order, so a parallel run reports exactly what a serial run
does. The analysed code is parsed in the workers, never imported.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from doxtool.extract import extract_module
from doxtool.facts import ModuleFacts


def _extract(job: tuple[str, str, frozenset[str]]) -> ModuleFacts:
    text, rel, roots = job
    return extract_module(text, rel, roots)


def _context() -> Any:
    # fork is cheap (workers inherit the imported parser) and safe here: the
    # parent holds no threads or locks at this point
    if os.name == "posix" and "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def run_in_pool(jobs: list[tuple[str, str, frozenset[str]]], workers: int) -> list[ModuleFacts]:
    workers = min(workers, len(jobs))
    # chunks big enough to amortise pickling, small enough to balance sizes
    chunk = max(1, len(jobs) // (workers * 8))
    with ProcessPoolExecutor(max_workers=workers, mp_context=_context()) as pool:
        return list(pool.map(_extract, jobs, chunksize=chunk))
