"""Running a game's render jobs (one per language and component) on every core.

Workers are forked from the process that already loaded and checked the game,
so nothing is loaded twice and nothing large is pickled on the way in; only
the finished files come back. Where fork is not available, jobs run in turn.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from typing import Callable

_JOB_STATE: dict = {}
# Slowest first, so the long rulebooks do not end up last on a single core.
COST_ORDER = ("rules", "aids", "html", "cards", "map", "counters")


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def run_jobs(jobs: list[tuple[str, str]], render: Callable, state: dict, workers: int,
             progress: Callable[[int, int, tuple[str, str]], None] | None = None) -> dict:
    """(language, component) → what `render(state, language, component)` returned, for every job."""
    ordered = sorted(jobs, key=lambda job: COST_ORDER.index(job[1]) if job[1] in COST_ORDER else len(COST_ORDER))
    results = {}
    can_fork = "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
    if workers <= 1 or len(ordered) <= 1 or not can_fork:
        for index, job in enumerate(ordered, start=1):
            if progress:
                progress(index, len(ordered), job)
            results[job] = render(state, *job)
        return results
    _JOB_STATE.clear()
    _JOB_STATE.update(state=state, render=render)
    context = multiprocessing.get_context("fork")
    with context.Pool(min(workers, len(ordered))) as pool:
        pending = {job: pool.apply_async(_run, job) for job in ordered}
        for index, (job, result) in enumerate(pending.items(), start=1):
            if progress:
                progress(index, len(ordered), job)
            results[job] = result.get()
    _JOB_STATE.clear()
    return results


def _run(language: str, component: str):
    return _JOB_STATE["render"](_JOB_STATE["state"], language, component)


def parallel_map(function: Callable, items: list, workers: int | None = None) -> list:
    """function(item) for every item, on forked workers when there are several items and cores."""
    workers = workers or default_workers()
    can_fork = "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"
    if workers <= 1 or len(items) <= 1 or not can_fork:
        return [function(item) for item in items]
    _JOB_STATE.clear()
    _JOB_STATE.update(function=function)
    with multiprocessing.get_context("fork").Pool(min(workers, len(items))) as pool:
        results = pool.map(_apply, items)
    _JOB_STATE.clear()
    return results


def _apply(item):
    return _JOB_STATE["function"](item)
