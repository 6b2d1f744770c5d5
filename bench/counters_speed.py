"""How fast counter sheets build, next to the least a reportlab script must do for the same sheets.

    python3 bench/counters_speed.py [runs]

Writes two synthetic games (280 and 1,000 two-sided ½" counters: background,
border, name, unit symbol, values) to a temporary folder, then times, as whole
processes, median of `runs` (default 5; the ratio of the fastest runs is printed too, as the
machine's noise can move medians by a tenth), the four timed commands run in turn so that a
machine that speeds up or slows down meanwhile affects them alike:
  - imprenta build --only counters --formats pdf (YAML loading and checking included),
  - a bare reportlab script drawing the same counters with the same embedded fonts,
and prints both, their ratio (of wall and of CPU seconds), the drawing cost per counter side (the slope
between the two games) and each process's peak memory. Each command runs
once untimed first, with Python allowed to cache compiled modules. It also times the
full build (PDF + one SVG and one PNG per distinct side) for reference.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "templates" / "fonts"
KINDS = ("infantry", "cavalry", "artillery")


def synthetic_game(folder: Path, counters: int) -> Path:
    """`counters` distinct two-sided ½" units in three factions, one copy each."""
    game = folder / f"bench-{counters}"
    game.mkdir()
    (game / "game.yaml").write_text(textwrap.dedent("""\
        game: {id: bench, title: Bench, source_language: en, languages: [en],
               palette: {red: "#a02020", blue: "#2040a0", green: "#207040"}}
        factions:
          - {id: red, name: Red, color: red}
          - {id: blue, name: Blue, color: blue}
          - {id: green, name: Green, color: green}
        piece_kinds:
        """) + "".join(f'  - {{id: {k}, name: {k.title()}, symbol: {k}, size: "0.5in", '
                       f'value_format: "{{attack}}-{{defence}}-{{move}}", back_format: "{{attack}}-{{move}}"}}\n'
                       for k in KINDS), encoding="utf-8")
    lines = ["pieces:\n"]
    for n in range(counters):
        lines.append(f"  - {{id: unit-{n}, name: 'Unit {n}', kind: {KINDS[n % 3]}, faction: "
                     f"{('red', 'blue', 'green')[n % 3]}, front: {{values: {{attack: {n % 9}, defence: "
                     f"{(n + 3) % 9}, move: {n % 5 + 2}}}}}, back: {{values: {{attack: {n % 4}, move: "
                     f"{n % 5 + 1}}}}}}}\n")
    (game / "pieces.yaml").write_text("".join(lines), encoding="utf-8")
    return game


BARE = '''
import sys
from reportlab.pdfgen import canvas
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
MM = 72 / 25.4
pdfmetrics.registerFont(TTFont("R", sys.argv[3] + "/DejaVuSansCondensed.ttf"))
pdfmetrics.registerFont(TTFont("B", sys.argv[3] + "/DejaVuSansCondensed-Bold.ttf"))
n = int(sys.argv[1])
c = canvas.Canvas(sys.argv[2], pagesize=(210 * MM, 297 * MM), initialFontName="R")
size, cols, rows = 12.7, 15, 21
colours = [(0.63, 0.13, 0.13), (0.13, 0.25, 0.63), (0.13, 0.44, 0.25)]
def counter(x, y, i, back):
    c.setFillColorRGB(*colours[i % 3]); c.rect(x, y, size * MM, size * MM, stroke=0, fill=1)
    c.setStrokeColorRGB(0, 0, 0); c.setLineWidth(0.2 * MM); c.rect(x, y, size * MM, size * MM, stroke=1, fill=0)
    c.setFillColorRGB(1, 1, 1); c.setFont("B", 3.4); c.drawCentredString(x + size / 2 * MM, y + 10 * MM, f"Unit {i}")
    c.setStrokeColorRGB(1, 1, 1); c.rect(x + 4 * MM, y + 5 * MM, 4.5 * MM, 3 * MM, stroke=1, fill=0)
    c.line(x + 4 * MM, y + 5 * MM, x + 8.5 * MM, y + 8 * MM); c.line(x + 4 * MM, y + 8 * MM, x + 8.5 * MM, y + 5 * MM)
    c.setFont("B", 6); c.drawCentredString(x + size / 2 * MM, y + 1.5 * MM,
                                           f"{i % 4}-{i % 5 + 1}" if back else f"{i % 9}-{(i + 3) % 9}-{i % 5 + 2}")
per_page = cols * rows
for start in range(0, n, per_page):
    for back in (False, True):
        for k, i in enumerate(range(start, min(n, start + per_page))):
            col, row = k % cols, k // cols
            if back:
                col = cols - 1 - col
            counter((10 + col * size) * MM, (280 - (row + 1) * size) * MM, i, back)
        c.showPage()
c.save()
'''


# As on a user's machine, Python may cache compiled modules (some sandboxes forbid it, which would time
# the compiling of every module of the package on every run rather than the build).
ENVIRONMENT = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}


def run(command: list[str]) -> tuple[float, float, float]:
    """Seconds, peak resident memory (MB) and CPU seconds (user + system) of one whole process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENVIRONMENT)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"{' '.join(command)} failed: {process.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


class Timing(NamedTuple):
    seconds: float        # median
    fastest: float
    memory_mb: float      # peak of all runs
    cpu: float            # median CPU seconds: what a loaded machine's wall clock blurs


def median_of(command: list[str], runs: int) -> Timing:
    return medians_of([command], runs)[0]


def medians_of(commands: list[list[str]], runs: int) -> list[Timing]:
    """Median and fastest seconds and peak memory of each command, the commands run in turn (one run of
    each, then again), so that a machine that speeds up or slows down meanwhile affects them all alike."""
    for command in commands:
        run(command)  # warm-up: compiled modules cached, files in the OS cache
    results: list[list[tuple[float, float, float]]] = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            results[index].append(run(command))
    return [Timing(statistics.median(r[0] for r in rows), min(r[0] for r in rows), max(r[1] for r in rows),
                   statistics.median(r[2] for r in rows))
            for rows in results]


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    imprenta = [sys.executable, "-m", "generator"]
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        bare = folder / "bare.py"
        bare.write_text(BARE, encoding="utf-8")
        sizes = (280, 1000)
        builds, commands = {}, []
        for counters in sizes:
            game = synthetic_game(folder, counters)
            builds[counters] = [*imprenta, "build", str(game), "--force", "--only", "counters", "--formats", "pdf",
                                "--out", str(folder / "out"), "-q"]
            commands += [builds[counters], [sys.executable, str(bare), str(counters), str(folder / "bare.pdf"),
                                            str(FONTS)]]
        timed = medians_of(commands, runs)
        figures = {}
        for index, counters in enumerate(sizes):
            ours, theirs = timed[2 * index], timed[2 * index + 1]
            full = median_of(builds[counters][:-5] + ["--out", str(folder / "out-full"), "-q"], max(1, runs // 2))
            figures[counters] = ours.seconds, theirs.seconds
            print(f"{counters:>5} counters: imprenta {ours.seconds:.3f} s ({ours.memory_mb:.0f} MB peak)  "
                  f"bare reportlab {theirs.seconds:.3f} s ({theirs.memory_mb:.0f} MB)  "
                  f"ratio {ours.seconds / theirs.seconds:.2f}× (fastest runs {ours.fastest / theirs.fastest:.2f}×, "
                  f"CPU {ours.cpu:.3f} / {theirs.cpu:.3f} s = {ours.cpu / theirs.cpu:.2f}×)  "
                  f"| with SVG+PNG {full.seconds:.3f} s ({full.memory_mb:.0f} MB)")
        slope = (figures[1000][0] - figures[280][0]) / (2 * (1000 - 280)) * 1000
        bare_slope = (figures[1000][1] - figures[280][1]) / (2 * (1000 - 280)) * 1000
        print(f"drawing per counter side (slope 280→1000): imprenta {slope:.3f} ms, bare reportlab {bare_slope:.3f} ms")


if __name__ == "__main__":
    main()
