"""What the digital play exports (VASSAL module, Tabletop Simulator save) add to a cold build of every seed game.

    python3 bench/digital_speed.py [--rounds N]

Whole processes, each a forced cold build into a fresh folder with an empty user cache (the exports keep
their rasters there): the print outputs alone, then everything (print + vassal + tts). Rounds alternate, so a busy
machine slows both alike; the best of each is printed,
with the share the digital exports add. Goal: at most 25 %.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from build_speed import run  # noqa: E402
from counters_speed import ENVIRONMENT  # noqa: E402

PRINT = "counters,cards,map,rules,html,aids"


def main() -> None:
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 2
    best = {"print": float("inf"), "all": float("inf")}
    with tempfile.TemporaryDirectory() as temporary:
        for round_ in range(rounds):
            for label, only in (("print", ["--only", PRINT]), ("all", [])):
                out = Path(temporary) / f"{label}-{round_}"
                cold = {**ENVIRONMENT, "XDG_CACHE_HOME": str(out / "cache")}
                seconds, memory = run(["build", str(ROOT / "content"), "--out", str(out), "-q", "--force", *only],
                                      cold)
                best[label] = min(best[label], seconds)
                print(f"round {round_ + 1}, {label:5}: {seconds:.1f} s, {memory:.0f} MB peak", flush=True)
    added = best["all"] / best["print"] - 1
    print(f"cold build of every seed game, print outputs only: {best['print']:.1f} s")
    print(f"cold build with the VASSAL module and the TTS save too: {best['all']:.1f} s "
          f"(+{added * 100:.0f} %, goal ≤ 25 %)")


if __name__ == "__main__":
    main()
