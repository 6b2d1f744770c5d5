"""The publisher's loop: a cold build of every seed game, a rebuild with nothing changed, rebuilds after
editing one card (a text only the card prints, then a value the rulebook and the aids quote, which rebuilds them
too: each timed, the books' CPU seconds named) and one rules section, and how builds scale with the number of
counters.

    python3 bench/build_speed.py [--quick] [--edits]

`--edits` runs only the incremental floors, on Mar y Acero: a one-card edit costs at most a tenth of the
game's cold build (CPU time, which the machine's load does not inflate), and a one-counter edit rebuilds no
rulebook; `--explain` says why each output was rebuilt.

Whole processes (`python -m generator build …`), each timed once, peak memory
from the OS. Content is copied to a temporary folder first, so the edits never
touch the repository. `--quick` skips the 20k-counter game. The builds use a cache folder of their own
(XDG_CACHE_HOME), empty at the start: a cold build draws every picture and compiles every template, as a
first build on a new machine does. The cold build's CPU seconds (the build and its workers) are printed
beside its wall time, since they do not depend on the machine's load as much, then where they went: CPU
seconds per output family and game (`imprenta build --timings`, summed over both languages).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from counters_speed import ENVIRONMENT, synthetic_game  # noqa: E402


def run(arguments: list[str], environment: dict | None = None) -> tuple[float, float]:
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "generator", *arguments], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=environment or ENVIRONMENT, cwd=ROOT)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(arguments)} failed:\n{process.stderr.read().decode()[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024


def timed_build(arguments: list[str], environment: dict) -> tuple[float, float, float, str]:
    """Wall seconds, peak MB, CPU seconds (the build and every worker it waited for) and what it printed."""
    with tempfile.TemporaryFile() as errors:
        start = time.perf_counter()
        process = subprocess.Popen([sys.executable, "-m", "generator", *arguments], stdout=subprocess.PIPE,
                                   stderr=errors, env=environment, cwd=ROOT)
        printed = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
        if os.waitstatus_to_exitcode(status) != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(arguments)} failed:\n{errors.read().decode()[-2000:]}")
    return elapsed, usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, printed.decode()


def where_it_went(printed: str) -> list[str]:
    """`--timings` rows summed into CPU seconds per output family (both languages) and game, with each game's
    own serial phases (stamp, check, plan, publish) and how busy its workers were."""
    cpu: dict[str, dict[str, float]] = {}
    busy: dict[str, str] = {}
    for line in printed.splitlines():
        game, _, rest = line.partition(": ")
        fields = rest.split()
        if "workers busy" in rest:
            busy[game] = rest.split("workers busy ")[1].split(",")[0]
        elif len(fields) >= 4 and fields[0] != "what" and fields[0] != "render":
            family = fields[0].split("/")[-1] if "/" in fields[0] else "(serial) " + fields[0]
            row = cpu.setdefault(family, {})
            row[game] = row.get(game, 0.0) + float(fields[3])
    games = sorted(busy)
    lines = [f"  {'CPU s':18}" + "".join(f"{game[:12]:>13}" for game in games) + f"{'total':>9}"]
    for family, row in sorted(cpu.items(), key=lambda item: -sum(item[1].values())):
        lines.append(f"  {family:18}" + "".join(f"{row.get(game, 0.0):13.2f}" for game in games)
                     + f"{sum(row.values()):9.2f}")
    lines.append(f"  {'workers busy':18}" + "".join(f"{busy[game]:>13}" for game in games))
    return lines


def cpu(arguments: list[str]) -> tuple[float, float, str]:
    """The CPU seconds of the build processes and their workers so far, this build's wall seconds, and what it
    printed."""
    start = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-m", "generator", *arguments], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=ENVIRONMENT, cwd=ROOT)
    output, errors = process.communicate()
    wall = time.perf_counter() - start
    usage_after = os.times()
    if process.returncode != 0:
        raise SystemExit(f"{' '.join(arguments)} failed:\n{errors.decode()[-2000:]}")
    return usage_after.children_user + usage_after.children_system, wall, output.decode()


def edit_floors(work: Path) -> bool:
    """Mar y Acero, both languages: the cold build, then one card's text, then one counter's label."""
    game = work / "mar-y-acero"
    shutil.copytree(ROOT / "content" / "mar-y-acero", game)
    out = work / "edits"
    spent = 0.0

    def build(*extra: str) -> tuple[float, str]:
        nonlocal spent, wall
        total, wall, printed = cpu(["build", str(game), "--out", str(out), "-q", *extra])
        seconds, spent = total - spent, total
        return seconds, printed

    wall = 0.0
    cold, _ = build("--force")
    print(f"cold build of Mar y Acero (both languages, every output): {cold:.1f} CPU s "
          f"(load average {os.getloadavg()[0]:.1f})")
    # A text that only the card prints (its flavour); the rulebook quotes some cards' titles and values, and
    # lists every unknown fact, so a title or an unknown there is rightly an edit of the rulebook too.
    edit(game / "cards.yaml", "title: Tormenta en el mar,", "title: Tormenta en el mar, flavor: Las velas crujen.,")
    card, printed = build("--explain")
    rebuilt = [line for line in printed.splitlines() if ": rebuilt" in line]
    print(f"one card's text: {card:.1f} CPU s = {card / cold:.1%} of the cold build (floor 10%: "
          f"{'met' if card <= cold / 10 else 'NOT met'}), {wall:.2f} s wall; rebuilt:\n  " + "\n  ".join(rebuilt))
    edit(game / "pieces.yaml", "label: Fuerza completa", "label: Fuerza plena", after="  - id: arquebusier")
    counter, printed = build("--explain")
    rebuilt = [line for line in printed.splitlines() if ": rebuilt" in line]
    books = [line for line in rebuilt if "/rules:" in line or "/html:" in line]
    print(f"one counter's label: {counter:.1f} CPU s = {counter / cold:.1%}, {wall:.2f} s wall; rulebooks rebuilt: "
          f"{len(books)} (floor 0: {'met' if not books else 'NOT met'}); rebuilt:\n  " + "\n  ".join(rebuilt))
    return card <= cold / 10 and not books


def card_edits(game: Path, out: Path, environment: dict) -> None:
    """Rebuilds of a built game after one card's edit, each timed, with what they rewrote."""
    # Issue 38's "one card edit, about a second" is a card whose text no book prints: its card, its play
    # modules. A value the rulebook and the aids quote (its soldiers) rebuilds them too, rightly: timed apart,
    # with the books' share named, never folded into the first.
    for what, old, new in (("one card's text that no book quotes (its flavour)", "title: Tormenta en el mar,",
                            "title: Tormenta en el mar, flavor: Las velas crujen.,"),
                           ("one card's value that the rulebook and the aids quote (its soldiers)",
                            "fields: {soldiers: 7,", "fields: {soldiers: 8,")):
        before = files(out)
        edit(game / "cards.yaml", old, new)
        seconds, _, used, printed = timed_build(["build", str(game), "--out", str(out), "-q",
                                                 "--timings"], environment)
        after = files(out)
        changed = sorted({re.sub(r"^inputs/[^/]+\.json$|/[^/]+\.(png|svg)$", lambda m: f"/*.{m[1]}" if m[1]
                                 else "inputs/*.json", p.split("/", 1)[1]) for p in after
                          if after[p] != before.get(p)})
        print(f"rebuild after editing {what}: {seconds:.2f} s, {used:.1f} CPU s ({books_cpu(printed):.1f} of "
              f"them the rulebook, living rules and aids); rewritten: {', '.join(changed)}")


def books_cpu(printed: str) -> float:
    """The CPU seconds that `--timings` gives the rulebooks, living rules and aids of a build."""
    return sum(float(line.split()[4]) for line in printed.splitlines()
               if len(line.split()) >= 5 and line.split()[1].split("/")[-1] in ("rules", "html", "aids"))


def edit(path: Path, old: str, new: str, after: str = "") -> None:
    """Replace the first `old` (after `after`) in a file of the copied game; an edit that no longer applies (the
    content changed under the benchmark) stops it rather than timing a build with nothing to do."""
    text = path.read_text(encoding="utf-8")
    start = text.index(after) if after in text else -1
    if start < 0 or old not in text[start:]:
        raise SystemExit(f"bench/build_speed.py: {path.name} no longer holds {old!r}: update the edit")
    path.write_text(text[:start] + text[start:].replace(old, new, 1), encoding="utf-8")


def files(folder: Path) -> dict[str, int]:
    return {str(p.relative_to(folder)): p.stat().st_mtime_ns for p in folder.rglob("*") if p.is_file()}


def with_cards(folder: Path, count: int) -> None:
    lines = ["card_types:\n  - {id: event, name: Event, color: red}\ndecks:\n  - {id: main, name: Main, "
             "card_type: event}\ncards:\n"]
    lines += [f"  - {{id: card-{n}, deck: main, number: {n + 1}, title: 'Card {n}', text: 'Move **one** army "
              f"and roll for supply.'}}\n" for n in range(count)]
    (folder / "cards.yaml").write_text("".join(lines), encoding="utf-8")


def main() -> None:
    quick = "--quick" in sys.argv
    with tempfile.TemporaryDirectory() as temporary:
        work = Path(temporary)
        if "--edits" in sys.argv:
            raise SystemExit(0 if edit_floors(work) else 1)
        content = work / "content"
        shutil.copytree(ROOT / "content", content)
        out = work / "build"
        environment = {**ENVIRONMENT, "XDG_CACHE_HOME": str(work / "cache")}
        seconds, memory, used, printed = timed_build(["build", str(content), "--out", str(out), "-q", "--force",
                                                      "--timings"], environment)
        print(f"cold build, every seed game, both languages, every output: {seconds:.1f} s, {memory:.0f} MB peak, "
              f"{used:.1f} CPU s (load average {os.getloadavg()[0]:.1f}); CPU s per output:")
        print("\n".join(where_it_went(printed)))
        seconds, memory = run(["build", str(content), "--out", str(out), "-q"], environment)
        print(f"no-op rebuild of everything: {seconds:.2f} s ({memory:.0f} MB)")
        seconds, _ = run(["build", str(content / "mar-y-acero"), "--out", str(out), "-q"], environment)
        print(f"no-op rebuild of one game: {seconds:.2f} s")

        card_edits(content / "mar-y-acero", out, environment)

        edit(content / "mar-y-acero" / "rules.yaml", "En la partida a dos, un jugador dirige",
             "En la partida a dos, cada jugador dirige")
        seconds, _ = run(["build", str(content / "mar-y-acero"), "--out", str(out), "-q"], environment)
        print(f"rebuild after editing one rules section: {seconds:.2f} s")

        print("scaling (counters and 500 cards, PDF only, one language):")
        for counters in (1000, 5000) + (() if quick else (20000,)):
            game = synthetic_game(work, counters)
            with_cards(game, 500)
            seconds, memory = run(["build", str(game), "--only", "counters,cards", "--formats", "pdf", "--out",
                                   str(work / "scale"), "-q", "--force", "-j", "1"])
            print(f"  {counters:>6} counters + 500 cards: {seconds:6.2f} s, {memory:6.0f} MB peak, "
                  f"{seconds / counters * 1000:.2f} ms per counter")


if __name__ == "__main__":
    main()
