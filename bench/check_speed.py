"""Time `imprenta check content/` as a designer runs it, whole process, against the 0.3 s budget (issue 38).

Four cases on a copy of the seed games, with a cache folder of its own (the fonts' cache warmed once first):
  unchanged      every game as at its last check: its findings are answered from checked_before
  one commented  one game's game.yaml changed by a comment added: its bytes changed, what reading it gives did
                 not; the edited file alone is read again, and the game answered from its readings (checked_before)
  one edited     one value of that game changed (a piece's name, a new one each run): the game is loaded and checked
  cold           nothing kept from an earlier check of these games (neither their findings nor their YAML files'
                 readings, which checked_before and load/parsed keep): every game read, loaded and checked,
                 on every core
and `python3 -c pass` in the same run, the floor no command can go under. Each line gives the median
whole-process time, its ratio to the budget, and the CPU-seconds of the process and its workers. Imprenta's
bytecode is compiled first, as installing it (pip) does: a run that compiles its modules measures Python, not it.

Usage: python3 bench/check_speed.py [runs]
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUDGET = 0.3
EDITED = "mar-y-acero"      # the largest seed game
NAMED = "Cristóbal Colón"   # its first piece's name


def timed(argv: list[str], cwd: Path, env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    with tempfile.TemporaryDirectory(prefix="check-speed-") as scratch:
        work = Path(scratch)
        shutil.copytree(ROOT / "content", work / "content")
        env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"), PYTHONPATH=str(ROOT))
        check = [sys.executable, "-m", "generator", "check", "content"]
        kept = [work / "cache" / "imprenta" / name for name in ("checks", "yaml")]     # what depends on the content
        commented = work / "content" / EDITED / "game.yaml"
        pieces = work / "content" / EDITED / "pieces.yaml"
        named = pieces.read_text(encoding="utf-8")
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "generator")], check=True)
        timed(check, work, env)                         # the fonts' cache, as any machine has after one run

        def comment(index: int) -> None:
            with commented.open("a", encoding="utf-8") as handle:
                handle.write(f"# edit {index}\n")

        def edit(index: int) -> None:                   # a name no earlier run gave: nothing kept can answer it
            pieces.write_text(named.replace(f"name: {NAMED}", f"name: {NAMED} {time.time_ns()}", 1), encoding="utf-8")

        def forget(index: int) -> None:
            for folder in kept:
                shutil.rmtree(folder, ignore_errors=True)

        cases: dict[str, tuple[list[str], Callable[[int], None]]] = {
            "python3 -c pass (the floor)": ([sys.executable, "-c", "pass"], lambda index: None),
            "check content/, unchanged": (check, lambda index: None),
            f"check content/, {EDITED} commented": (check, comment),
            f"check content/, {EDITED} edited": (check, edit),
            "check content/, cold": (check, forget),
        }
        for name, (argv, before) in cases.items():
            walls, cpus = [], []
            for index in range(runs):
                before(index)
                wall, cpu = timed(argv, work, env)
                walls.append(wall)
                cpus.append(cpu)
            median = statistics.median(walls)
            print(f"{name:39s} median {median * 1000:6.0f} ms = {median / BUDGET:4.2f}x the {BUDGET:g} s budget  "
                  f"(min {min(walls) * 1000:.0f}, max {max(walls) * 1000:.0f} ms; "
                  f"{statistics.median(cpus):.2f} CPU-s; {runs} runs)")


if __name__ == "__main__":
    main()
