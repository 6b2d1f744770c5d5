"""What the press profile costs: every seed game built with `--profile home` and with `--profile press`.

    python3 bench/press_speed.py [--repeat N] [GAME …]

The press build converts colours to CMYK, finishes every PDF as PDF/X with
pikepdf and preflights it; the goal is at most 1.3× the home build's time.
Whole processes (`python -m generator build … --proof --force`: Lepanto's
unknown facts need a proof, and home builds proofs too), each into its own
temporary folder; home and press runs alternate, and the best of N counts
(this machine is shared, and the best run is the least disturbed one). Both
the wall-clock time and the CPU time of the build and its workers are given:
on a machine other jobs share, the CPU time is the steadier figure.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from counters_speed import ENVIRONMENT  # noqa: E402

GAMES = ("mar-y-acero", "punic-island", "lepanto", "maquiavelli")


def timed(game: str, profile: str, out: Path) -> tuple[float, float]:
    """Wall-clock and CPU seconds (the build's process and every worker it forked) of one build."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "build", f"content/{game}", "--profile", profile,
                           "--out", str(out), "--force", "-q", "--proof"], cwd=ROOT, env=ENVIRONMENT,
                          capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{game} ({profile}) failed:\n{done.stderr[-2000:]}")
    return elapsed, after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    totals = {(profile, kind): 0.0 for profile in ("home", "press") for kind in ("wall", "cpu")}
    print(f"{'game':<14}{'home s':>9}{'press s':>9}{'ratio':>7}{'home cpu':>10}{'press cpu':>11}{'ratio':>7}")
    with tempfile.TemporaryDirectory() as scratch:
        for game in args.games:
            best = {key: float("inf") for key in totals}
            for attempt in range(args.repeat):
                for profile in ("home", "press"):
                    wall, cpu = timed(game, profile, Path(scratch) / f"{profile}{attempt}")
                    best[profile, "wall"] = min(best[profile, "wall"], wall)
                    best[profile, "cpu"] = min(best[profile, "cpu"], cpu)
            for key in best:
                totals[key] += best[key]
            print(_row(game, best))
    print(_row("all four" if len(args.games) == 4 else "all", totals) + "   (goal: at most 1.30)")


def _row(name: str, seconds: dict) -> str:
    wall, cpu = (seconds["press", kind] / seconds["home", kind] for kind in ("wall", "cpu"))
    return (f"{name:<14}{seconds['home', 'wall']:>9.2f}{seconds['press', 'wall']:>9.2f}{wall:>7.2f}"
            f"{seconds['home', 'cpu']:>10.2f}{seconds['press', 'cpu']:>11.2f}{cpu:>7.2f}")


if __name__ == "__main__":
    main()
