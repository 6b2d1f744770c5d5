"""Running a game's render jobs (one per language and component) on every core.

Workers are forked from the process that already loaded and checked the game,
so nothing is loaded twice and nothing large is pickled on the way in; only
the finished files come back. A lone job runs in the build's own process under
the same limits, unless the caller asks to isolate it: a forked child copies
every page of the parent it touches, which cost a 300-counter sheet a quarter
of its rendering time. Where fork is not available, jobs run in turn.
"""

from __future__ import annotations

import gc
import os
import signal
import sys
import time
from collections.abc import Callable
from threading import Event
from typing import Any, NamedTuple

from generator.components import BY_NAME

_JOB_STATE: dict = {}
YIELDING = 5            # the niceness added to the jobs after the first, for a caller shown each as it comes


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1))


def run_jobs(jobs: list[tuple[str, str]], render: Callable, state: dict, workers: int,
             progress: Callable[[int, int, tuple[str, str]], None] | None = None,
             limits: Limits | None = None, on_failure: Callable[[tuple[str, str], str], object] | None = None,
             isolate: bool = False, answered: Callable[[tuple[str, str], object], None] | None = None,
             stop: Event | None = None, clock=None) -> dict:
    """(language, component) → what `render(state, language, component)` returned, for every job.

    Each job runs under the time and memory limits, so a render that runs away is stopped and reported
    through `on_failure(job, why)` instead of hanging or exhausting the build: in a forked child process,
    or, for a lone job that `isolate` does not ask to fork, here (a crash then ends the build, with nothing
    written). `answered(job, result)` hears of each job as it ends; such a caller shows each output as it
    comes (`imprenta serve`), so the quickest jobs go first rather than the slowest, and those after the first
    yield it the cores (a lower priority). Once `stop` is set, the jobs still running are stopped and left out.
    A `clock` (output.timings.Clock) is given each job's times.
    """
    ordered = sorted(jobs, key=lambda job: BY_NAME[job[1]].cost if job[1] in BY_NAME else len(BY_NAME),
                     reverse=answered is not None)
    limits = limits or Limits()
    results: dict = {}
    if len(ordered) == 1 and not isolate and _can_limit_here():
        started, cpu = time.perf_counter(), time.process_time()
        results[ordered[0]] = _run_here(ordered[0], render, state, limits, on_failure)
        if clock is not None:
            from generator.output.timings import usage

            clock.job("/".join(ordered[0]), started, time.perf_counter(), (time.process_time() - cpu, usage()[1]))
        if progress:
            progress(1, 1, ordered[0])
        if answered:
            answered(ordered[0], results[ordered[0]])
        return results
    return run_limited(ordered, lambda job: render(state, *job), workers, limits, on_failure, progress, answered,
                       stop, clock.job if clock is not None else None)


def run_here(call: Callable[[], object], limits: Limits, on_failure: Callable[[str], object]):
    """call() in this process under the limits a child would have (a timer, a lowered address space) where a
    timer can stop it, or plainly; `on_failure(why)` answers a call that ran past them."""
    if not _can_limit_here():
        return call()
    return _run_here((), lambda state: call(), {}, limits, lambda job, why: on_failure(why))


def run_limited(items: list, call: Callable, workers: int, limits: Limits,
                on_failure: Callable[[Any, str], object] | None = None,
                progress: Callable[[int, int, object], None] | None = None,
                answered: Callable[[object, object], None] | None = None, stop: Event | None = None,
                timed: Callable[[str, float, float, tuple[float, float]], None] | None = None) -> dict:
    """item → call(item), each in a forked child under the time and memory limits; a child that runs past
    its time is killed, and one that dies (killed for memory, a crash in a C library) is answered by
    `on_failure(item, why)`: the pool never waits on a dead worker. In turn, here, where fork is missing.
    `answered(item, result)` hears of each result as it comes, while the others still run; once `stop` is set,
    the items still running or waiting are stopped and left out of the answer. `timed(name, started, ended,
    (CPU s, peak MB))` hears of each item that answered."""
    results: dict = {}
    if not _can_fork():
        for index, item in enumerate(items, start=1):
            if progress:
                progress(index, len(items), item)
            results[item] = call(item)
            if answered:
                answered(item, results[item])
        return results
    _JOB_STATE.clear()
    _JOB_STATE.update(call=call, limits=limits)
    import multiprocessing  # not needed (8 ms to import) when a lone job runs here
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork")
    frozen = gc.get_freeze_count() > 0         # by the caller, who unfreezes when it is done
    _share_with_children()
    pending, running, done = list(items), {}, 0
    try:
        while (pending or running) and not (stop is not None and stop.is_set()):
            while pending and len(running) < max(1, workers):
                item = pending.pop(0)
                receiver, sender = context.Pipe(duplex=False)
                inherited = [receiver] + [other for _, other, _ in running.values()]
                # a caller shown each result as it comes wants the first soonest: the later ones yield it the cores
                later = YIELDING if answered is not None and item != items[0] else 0
                process = context.Process(target=_child, args=(item, sender, inherited, os.getpid(), later),
                                          daemon=True)
                process.start()
                sender.close()
                running[item] = (process, receiver, time.perf_counter())
            ready = wait([receiver for _, receiver, _ in running.values()], timeout=0.2 if stop is None else 0.05)
            for item, (process, receiver, started) in list(running.items()):
                if receiver in ready:
                    try:
                        results[item], used = receiver.recv()
                        if timed is not None:
                            timed("/".join(map(str, item)) if isinstance(item, tuple) else str(item), started,
                                  time.perf_counter(), used)
                    except (EOFError, OSError):   # the child died without an answer: killed for memory, or worse
                        process.join()
                        results[item] = on_failure(item, f"its process ended with code {process.exitcode} "
                                                         f"(memory limit {limits.memory_mb} MB?)") if on_failure \
                            else None
                elif time.perf_counter() - started > limits.seconds:
                    process.kill()
                    results[item] = on_failure(item, f"it ran past the {limits.seconds:g} s limit") if on_failure \
                        else None
                else:
                    continue
                process.join()
                receiver.close()
                del running[item]
                done += 1
                if progress:
                    progress(done, len(items), item)
                if answered:
                    answered(item, results[item])
    finally:
        for process, _, _ in running.values():
            process.kill()
        _JOB_STATE.clear()
        if not frozen:
            gc.unfreeze()
    return results


class Limits(NamedTuple):
    seconds: float = 600.0       # per output: a 100-page rulebook takes about 15 s here
    memory_mb: int = 8192        # address space per render process


def _share_with_children() -> None:
    """Keep the collector off what exists before forking: a child that walks every object copies every
    page of its parent's memory (gc.freeze, as the Python documentation advises for pre-fork servers).
    The parent unfreezes once its children are done."""
    gc.freeze()


def _can_fork() -> bool:
    import multiprocessing

    return "fork" in multiprocessing.get_all_start_methods() and sys.platform != "darwin"


class _TimeUp(BaseException):
    """Raised in a job running in this process at its time limit: a BaseException, which the renderers'
    `except Exception` (a bug in one output) does not catch."""


def _can_limit_here() -> bool:
    """A timer signal can stop a job here: on POSIX, in the main thread (where Python runs handlers)."""
    import signal
    import threading

    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


def _run_here(job: tuple[str, str], render: Callable, state: dict, limits: Limits, on_failure: Callable | None):
    """One job in this process under the limits a child would have: a timer, and a lowered address space."""
    import resource
    import signal

    def time_up(signum, frame):
        raise _TimeUp

    previous = signal.signal(signal.SIGALRM, time_up)
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    try:
        _limit_memory(limits.memory_mb)
        signal.setitimer(signal.ITIMER_REAL, limits.seconds)
        result = render(state, *job)
        signal.setitimer(signal.ITIMER_REAL, 0)     # here too: a _TimeUp raised in `finally` would escape
        return result
    except _TimeUp:
        return on_failure(job, f"it ran past the {limits.seconds:g} s limit") if on_failure else None
    except MemoryError:
        return on_failure(job, f"it needed more than its {limits.memory_mb} MB") if on_failure else None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _limit_memory(megabytes: int) -> None:
    try:
        import resource

        size = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, resource.getrlimit(resource.RLIMIT_AS)[1]))
    except (ImportError, ValueError, OSError):
        pass                     # no limit where the system refuses one; the time limit still holds


def _child(item, sender, inherited: list, parent: int, later: int = 0) -> None:
    # A build killed outright must not leave its jobs behind: each dies with the build, and a job that
    # outlives it anyway finds no reader (it holds no read end of any job's pipe) instead of waiting forever.
    for receiver in inherited:
        receiver.close()
    _die_with(parent)
    if later:
        os.nice(later)
    _limit_memory(_JOB_STATE["limits"].memory_mb)
    from generator.output.timings import usage

    try:
        result = _JOB_STATE["call"](item)
        sender.send((result, usage()))
        sender.close()
    except BrokenPipeError:
        os._exit(1)


def _die_with(parent: int) -> None:
    """Ask Linux to kill this process when the build that forked it ends (prctl PR_SET_PDEATHSIG)."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)     # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass                      # elsewhere the closed pipe still ends the orphan once its job is done
    if os.getppid() != parent:    # the build ended before the request was made
        os._exit(1)
