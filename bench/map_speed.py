"""How long a publisher waits for one map: `build content/maquiavelli --only map` in both languages,
from a cold output folder, whole processes, best and median of five.

    python3 bench/map_speed.py [GAME] [RUNS]

Python's bytecode is cached, as in any installed copy (pip compiles it): a machine that sets
PYTHONDONTWRITEBYTECODE would otherwise compile Imprenta's modules again on every run (about 0.4 s).
The cache lives in a temporary folder, after one untimed run. Wall time on a shared machine follows its
load, so the processor time the build used (user + system, its worker processes included) is printed too:
it is what the build costs whatever else runs.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main(game: str = "maquiavelli", runs: str = "5") -> None:
    walls, cpus = [], []
    with tempfile.TemporaryDirectory() as cache:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = cache
        command = [sys.executable, "-m", "generator", "build", f"content/{game}", "--only", "map", "--lang", "all"]
        for index in range(int(runs) + 1):
            with tempfile.TemporaryDirectory() as out:
                cpu, start = _children_cpu(), time.perf_counter()
                subprocess.run(command + ["--out", out], cwd=ROOT, env=env, check=True, capture_output=True)
                if index:                               # the first run fills the bytecode cache
                    walls.append(time.perf_counter() - start)
                    cpus.append(_children_cpu() - cpu)
    print(f"{game}: build --only map, es+en, cold output, {runs} runs: wall best {min(walls):.2f} s, "
          f"median {statistics.median(walls):.2f} s (goal < 3 s); processor time best {min(cpus):.2f} s, "
          f"median {statistics.median(cpus):.2f} s; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main(*sys.argv[1:])
