"""What the press profile costs: every seed game built with `--profile home` and with `--profile press`.

    python3 bench/press_speed.py [--repeat N] [GAME …]

The press build converts colours to CMYK, finishes every PDF as PDF/X with
pikepdf and preflights it; the goal is at most 1.3× the home build's time.
Whole processes (`python -m generator build … --force`), each into its own
temporary folder; home and press runs alternate, and the best of N counts
(this machine is shared, and the best run is the least disturbed one).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from counters_speed import ENVIRONMENT  # noqa: E402

GAMES = ("mar-y-acero", "punic-island", "lepanto", "maquiavelli")


def timed(game: str, profile: str, out: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "build", f"content/{game}", "--profile", profile,
                           "--out", str(out), "--force", "-q", "--proof"], cwd=ROOT, env=ENVIRONMENT, capture_output=True,
                          text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{game} ({profile}) failed:\n{done.stderr[-2000:]}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=GAMES)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    totals = {"home": 0.0, "press": 0.0}
    print(f"{'game':<14}{'home s':>9}{'press s':>9}{'ratio':>8}")
    with tempfile.TemporaryDirectory() as scratch:
        for game in args.games:
            best = {"home": float("inf"), "press": float("inf")}
            for attempt in range(args.repeat):
                for profile in ("home", "press"):
                    best[profile] = min(best[profile], timed(game, profile, Path(scratch) / f"{profile}{attempt}"))
            for profile in best:
                totals[profile] += best[profile]
            print(f"{game:<14}{best['home']:>9.2f}{best['press']:>9.2f}{best['press'] / best['home']:>8.2f}")
    print(f"{'all four':<14}{totals['home']:>9.2f}{totals['press']:>9.2f}{totals['press'] / totals['home']:>8.2f}"
          f"   (goal: at most 1.30)")


if __name__ == "__main__":
    main()
