"""Time `imprenta check` on every seed game, whole process, and print the figures.

Usage: python3 bench/check_speed.py [runs]
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    python = [sys.executable, "-m", "generator"]
    cases = {"startup (--version)": python + ["--version"], "check content/ (all games)": python + ["check", "content"]}
    for game in sorted(p for p in (ROOT / "content").iterdir() if (p / "game.yaml").exists()):
        cases[f"check {game.name}"] = python + ["check", str(game.relative_to(ROOT))]
    for name, argv in cases.items():
        times = [timed(argv) for _ in range(runs)]
        print(f"{name:32s} median {statistics.median(times) * 1000:7.0f} ms  (min {min(times) * 1000:.0f}, "
              f"max {max(times) * 1000:.0f}, {runs} runs)")


if __name__ == "__main__":
    main()
