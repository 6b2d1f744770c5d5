"""Where a build's time goes (`imprenta build --timings`): each phase of each game and each render job, with
its wall and CPU seconds, when it started, and how busy the workers were kept while the jobs ran."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NamedTuple


class Timed(NamedTuple):
    what: str                 # a phase ("check", "plan", "publish") or a job ("en/counters")
    started: float            # seconds since the build of its game began
    seconds: float            # wall time
    cpu: float                # CPU seconds of the process that ran it (a job: its worker and what that waited for)
    peak_mb: float = 0.0      # a job's worker's peak resident memory
    job: bool = False


class Clock:
    """The rows of one game's build, timed from its start."""

    def __init__(self) -> None:
        self.origin = time.perf_counter()
        self.rows: list[Timed] = []

    @contextmanager
    def phase(self, name: str) -> Iterator[None]:
        started, cpu = time.perf_counter(), time.process_time()
        try:
            yield
        finally:
            self.rows.append(Timed(name, started - self.origin, time.perf_counter() - started,
                                   time.process_time() - cpu))

    def job(self, name: str, started: float, ended: float, used: tuple[float, float]) -> None:
        """A render job that ran from `started` to `ended` (time.perf_counter()), using (CPU s, peak MB)."""
        self.rows.append(Timed(name, started - self.origin, ended - started, used[0], used[1], job=True))


def usage() -> tuple[float, float]:
    """(CPU seconds, peak MB) of this process and the programs it ran (Ghostscript…); a forked job starts at 0."""
    import resource

    own, waited = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return (own.ru_utime + own.ru_stime + waited.ru_utime + waited.ru_stime, own.ru_maxrss / 1024)


def table(game: str, rows: list[Timed], workers: int) -> list[str]:
    """The rows in the order they started, then how well the workers were kept busy while jobs ran."""
    lines = [f"{game}: {'what':22} {'start s':>8} {'wall s':>8} {'CPU s':>8} {'peak MB':>8}"]
    for row in sorted(rows, key=lambda row: row.started):
        peak = f"{row.peak_mb:8.0f}" if row.job else f"{'':8}"
        lines.append(f"{game}: {row.what:22} {row.started:8.2f} {row.seconds:8.2f} {row.cpu:8.2f} {peak}")
    jobs = [row for row in rows if row.job]
    if jobs:
        first, last = min(r.started for r in jobs), max(r.started + r.seconds for r in jobs)
        span = max(last - first, 1e-9)
        busy = sum(r.seconds for r in jobs) / (span * max(1, min(workers, len(jobs))))
        whole = max(r.started + r.seconds for r in rows)
        lines.append(f"{game}: {len(jobs)} jobs on {workers} workers in {span:.2f} s: workers busy {busy:.0%}, "
                     f"job CPU {sum(r.cpu for r in jobs):.2f} s; whole game {whole:.2f} s")
    return lines
