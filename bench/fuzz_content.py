"""The long fuzz run: many damaged content files, each checked; every traceback is counted and shown.

    python3 bench/fuzz_content.py [documents] [seed] [typed|text|both] [--progress]

Each document is one of Mar y Acero's content files damaged by 1–4 random
mutations (tests/mutations.py), checked next to the game's manifest in a
scratch folder, on every core. The mutation set: `typed` (the default; type
swaps, huge numbers and ranges, NaN/inf, key deletions, duplicated anchors
and merges: mutate_typed), `text` (YAML-syntax damage: mutate) or `both`,
alternately. Seed 40 is the typed set's first run; seed 1 was the text set's.
Prints documents per second, how many produced diagnostics, the slowest check,
and the tracebacks and checks over 10 s (there must be none).
"""

from __future__ import annotations

import multiprocessing
import random
import shutil
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from mutations import mutate, mutate_typed  # noqa: E402

SOURCE = ROOT / "content" / "mar-y-acero"
FILES = sorted(p for p in SOURCE.glob("*.yaml") if p.name != "game.yaml")


SLOW = 10.0       # seconds of CPU: a check this long is a hang (wall time also counts a busy machine's waits)


def _work(task: tuple[int, int, int, str]) -> tuple[int, int, list[str], tuple[float, int], float]:
    from generator.pipeline import check

    start, count, seed, kind = task
    failures, reported, slowest, wall = [], 0, (0.0, -1), 0.0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "game"
        folder.mkdir()
        shutil.copy(SOURCE / "game.yaml", folder / "game.yaml")
        for number in range(start, start + count):
            rng = random.Random(seed * 1_000_003 + number)
            source = rng.choice(FILES)
            for old in folder.glob("*.yaml"):
                if old.name != "game.yaml":
                    old.unlink()
            damage = mutate_typed if kind == "typed" or (kind == "both" and number % 2) else mutate
            (folder / source.name).write_text(damage(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
            started, cpu = time.perf_counter(), time.process_time()
            try:
                found = check(folder).diagnostics
                reported += bool(found)
                if any(d.span is not None and (d.span.line < 1 or d.span.column < 1) for d in found):
                    failures.append(f"document {number}: a diagnostic without a real place")
            except Exception:  # noqa: BLE001 - the point is to count them
                failures.append(f"document {number} ({source.name}):\n{traceback.format_exc()}")
            took, wall = time.process_time() - cpu, max(wall, time.perf_counter() - started)
            slowest = max(slowest, (took, number))
            if took > SLOW:
                failures.append(f"document {number} ({source.name}): checked in {took:.1f} s of CPU (a hang)")
    return count, reported, failures, slowest, wall


def main() -> None:
    arguments = [argument for argument in sys.argv[1:] if argument != "--progress"]
    total = int(arguments[0]) if arguments else 50_000
    seed = int(arguments[1]) if len(arguments) > 1 else 40
    kind = arguments[2] if len(arguments) > 2 else "typed"
    if kind not in ("typed", "text", "both"):
        raise SystemExit("the mutation set is typed, text or both")
    chunk = 500
    tasks = [(start, min(chunk, total - start), seed, kind) for start in range(0, total, chunk)]
    started = time.perf_counter()
    done = reported = 0
    failures: list[str] = []
    slowest, wall = (0.0, -1), 0.0
    with multiprocessing.Pool() as pool:
        for count, with_findings, failed, slow, slow_wall in pool.imap_unordered(_work, tasks):
            done += count
            slowest, wall = max(slowest, slow), max(wall, slow_wall)
            reported += with_findings
            failures.extend(failed)
            if "--progress" in sys.argv:    # a long run on a busy machine: what is done so far, if it is stopped
                print(f"{done} documents, {len(failures)} failures, {time.perf_counter() - started:.0f} s",
                      *failed, sep="\n", flush=True)
    elapsed = time.perf_counter() - started
    print(f"{done} damaged documents ({kind} mutations) checked in {elapsed:.0f} s ({done / elapsed:.0f}/s), "
          f"seed {seed}: "
          f"{reported} with diagnostics, {len(failures)} tracebacks, placeless diagnostics or hangs; slowest "
          f"check {slowest[0]:.2f} s of CPU (document {slowest[1]}), {wall:.2f} s of wall time")
    kinds: dict[str, list[str]] = {}
    for failure in failures:       # grouped by the exception and where it was raised
        lines = failure.strip().splitlines()
        where = next((line.strip() for line in reversed(lines) if line.strip().startswith("File ")), "")
        kinds.setdefault(f"{lines[-1]} at {where}", []).append(failure)
    for kind, found in sorted(kinds.items(), key=lambda item: -len(item[1])):
        print(f"{len(found):5d} × {kind}")
    if failures:
        print(failures[0])


if __name__ == "__main__":
    main()
