"""How long a publisher waits for one map: `build content/maquiavelli --only map` in both languages,
from a cold output folder, whole processes, best of three.

    python3 bench/map_speed.py [GAME]
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(game: str = "maquiavelli") -> None:
    times = []
    for _ in range(3):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "generator", "build", f"content/{game}", "--only", "map",
                            "--lang", "all", "--out", out], cwd=ROOT, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    print(f"{game}: build --only map, es+en, cold: best {min(times):.2f} s, worst {max(times):.2f} s (goal < 3 s)")


if __name__ == "__main__":
    main(*sys.argv[1:])
