"""The fuzz of what a game may override: layouts, print profiles and rulebook templates, damaged at random.

    python3 bench/fuzz_templates.py [cases] [seed]

Each case copies one shipped layout (counters or cards), profile, or rulebook template into a small game's
templates/ folder, damages it with 1–4 random mutations (tests/mutations.py), and runs what reads it:
`check` (which draws every face with the layouts), the profile loader, or the living rules. Prints cases per
second, how many gave findings, the slowest case, and every traceback or case over 10 s (there must be none).
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import tempfile
import textwrap
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))
from mutations import mutate  # noqa: E402

TEMPLATES = ROOT / "templates"
SOURCES = sorted([*TEMPLATES.glob("layouts/*/*.yaml"), *TEMPLATES.glob("profiles/*.yaml"),
                  TEMPLATES / "rulebook" / "rules.html.j2", TEMPLATES / "rulebook" / "screen.css.j2",
                  TEMPLATES / "rulebook" / "table.html.j2"])
GAME = {
    "game.yaml": """\
        game:
          id: fuzz
          title: Fuzz
          source_language: es
          languages: [es]
        factions:
          - {id: rome, name: Roma, color: "#a02020"}
        piece_kinds:
          - {id: legion, name: Legión, symbol: infantry, size: "0.5in", value_format: "{attack}-{defence}"}
          - {id: galley, name: Galera, symbol: galley, size: "0.5in", layout: ship}
          - {id: turn, name: Turno, symbol: marker, size: "0.5in", layout: marker}
        pieces:
          - {id: legion, name: Legión, kind: legion, faction: rome, copies: 2, front: {values: {attack: 4, defence: 3}}}
          - {id: galley, name: Galera, kind: galley, faction: rome, copies: 1}
          - {id: turn, name: Turno, kind: turn, copies: 1}
        decks:
          - {id: events, name: Eventos}
        cards:
          - {id: storm, deck: events, title: Tormenta, text: "Pierde **un** turno."}
        documents:
          - id: rules
            title: Reglas
            sections:
              - {id: intro, title: Introducción, body: "Lee esto. Ver {ref:intro}."}
        """,
}
LIMIT = 10.0      # seconds of CPU (on a shared machine wall time also counts waiting; it is printed too)


def _work(task: tuple[int, int, int]) -> tuple[int, int, float, list[str], float]:
    from generator.pipeline import check
    from generator.render.paper.profiles import load_profile

    start, count, seed = task
    failures, reported, slowest, wall = [], 0, 0.0, 0.0
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "fuzz"
        for name, text in GAME.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
        for number in range(start, start + count):
            rng = random.Random(seed * 1_000_003 + number)
            source = rng.choice(SOURCES)
            relative = source.relative_to(TEMPLATES)
            override = folder / "templates" / relative
            if relative.parts[0] == "profiles":
                override = override.with_name("mine.yaml")
            for old in (folder / "templates").rglob("*") if (folder / "templates").exists() else ():
                if old.is_file():
                    old.unlink()
            override.parent.mkdir(parents=True, exist_ok=True)
            override.write_text(mutate(source.read_text(encoding="utf-8"), rng), encoding="utf-8")
            began, cpu = time.perf_counter(), time.process_time()
            try:
                if relative.parts[0] == "profiles":
                    _, found = load_profile("mine", folder)
                else:
                    found = check(folder).diagnostics
                    if relative.parts[0] == "rulebook" and not any(d.severity.name == "ERROR" for d in found):
                        found = found + _living_rules(folder)
                reported += bool(found)
                if any(d.span is not None and (d.span.line < 1 or d.span.column < 1) for d in found):
                    failures.append(f"case {number} ({relative}): a diagnostic without a real place")
                if any(d.code == "OUT002" for d in found):
                    failures.append(f"case {number} ({relative}): {[d.message for d in found if d.code == 'OUT002']}")
            except Exception:  # noqa: BLE001 - the point is to count them
                failures.append(f"case {number} ({relative}):\n{traceback.format_exc()}")
            took, wall = time.process_time() - cpu, max(wall, time.perf_counter() - began)
            slowest = max(slowest, took)
            if took > LIMIT:
                failures.append(f"case {number} ({relative}): took {took:.1f} s of CPU")
    return count, reported, slowest, failures, wall


def _living_rules(folder: Path) -> list:
    from generator.load import load_game
    from generator.render.book.rulebook import render_living_rules
    from generator.render.context import RenderRequest
    from generator.render.edition import Edition
    from generator.render.paper.profiles import load_profile

    game = load_game(folder).game
    profile, _ = load_profile("home", folder)
    return render_living_rules(RenderRequest(Edition(game, "es"), profile, frozenset({"pdf"}))).diagnostics


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    chunk = 50
    tasks = [(start, min(chunk, total - start), seed) for start in range(0, total, chunk)]
    started = time.perf_counter()
    done = reported = 0
    slowest = wall = 0.0
    failures: list[str] = []
    with multiprocessing.Pool() as pool:
        for count, with_findings, slow, failed, slow_wall in pool.imap_unordered(_work, tasks):
            done += count
            reported += with_findings
            slowest, wall = max(slowest, slow), max(wall, slow_wall)
            failures.extend(failed)
    elapsed = time.perf_counter() - started
    print(f"{done} damaged layouts, profiles and templates in {elapsed:.0f} s ({done / elapsed:.1f}/s), seed {seed}: "
          f"{reported} with findings, slowest case {slowest:.2f} s of CPU ({wall:.2f} s of wall time), "
          f"{len(failures)} tracebacks, placeless "
          f"findings or cases over {LIMIT:g} s")
    for failure in failures[:5]:
        print(failure)


if __name__ == "__main__":
    main()
