"""Seconds per page of each seed rulebook, next to bare WeasyPrint laying out a plain 40-page two-column book.

    python3 bench/rules_speed.py [content/<game> ...]

The floor is generated here: a 40-page A4 book of headings and paragraphs in two
columns, set in the shipped fonts with a page number in the footer, laid out and
written by WeasyPrint alone (HTML(...).render().write_pdf(), no tags, no links).
For each game and language, the whole rulebook step (context, prose, Jinja2, every
layout, the tagged PDF) is timed twice: as a rebuild, the pages of its last build
remembered (the designer's loop), and as a first build, with nothing remembered.
Each prints seconds per page, the number of layouts and the ratio to the floor's
seconds per page. Then one sentence is added to the middle section of a copy of
the game's rules, and the layouts of the rebuild that follows are counted (the
goal: at most two per language, the second only when a page number moved).
Times are CPU seconds of this process (time.process_time): on
a machine shared with other work they move far less than wall-clock times. The
floor is timed before and after the books, and the faster of the two is used;
the load average is printed with it. A first build also compiles the templates
again (a new process does). Each line also gives the seconds spent in WeasyPrint's
layouts, the rest being the context, Jinja2 and writing the tagged PDF.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

from generator.load import load_game
from generator.render.book import rulebook
from generator.render.context import RenderRequest
from generator.render.edition import Edition
from generator.render.paper.profiles import load_profile

ROOT = Path(__file__).resolve().parent.parent
PROSE = ("the attacker rolls one die for each unit in the hex and adds the leader's rating; a result equal to or "
         "higher than the defender's strength eliminates one step, and a retreat follows when the defender loses "
         "more steps than it has supply lines open toward a friendly port or depot")
WORDS = PROSE.split()


def floor_html(sections: int = 136) -> str:
    """A plain two-column book: numbered headings, three justified-free paragraphs each (40 A4 pages)."""
    faces = "".join(f'@font-face {{ font-family: "{face["family"]}"; src: url("{face["url"]}"); '
                    f'font-weight: {face["weight"]}; font-style: {face["style"]}; }}\n'
                    for face in rulebook._font_faces())
    css = faces + """@page { size: A4; margin: 18mm 15mm;
  @bottom-center { content: counter(page); font-family: "Imprenta Sans"; font-size: 8pt; } }
html { font-family: "Imprenta Serif"; font-size: 9.5pt; line-height: 1.32; }
h2 { font-family: "Imprenta Sans"; font-size: 13pt; margin: 3mm 0 1mm; }
p { margin: 0 0 1.5mm; }
.book { column-count: 2; column-gap: 7mm; }"""
    body = []
    for section in range(sections):
        body.append(f"<h2>{section + 1} Section {section + 1}</h2>")
        for paragraph in range(3):
            length = 60 + (section * 7 + paragraph * 13) % 50
            body.append("<p>" + " ".join(WORDS[(section + paragraph + i) % len(WORDS)] for i in range(length))
                        + ".</p>")
    return (f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><style>{css}</style></head>"
            f"<body><div class=book>{''.join(body)}</div></body></html>")


def floor_per_page(html: str) -> tuple[float, int]:
    from weasyprint import HTML

    start = time.process_time()
    document = HTML(string=html, base_url=str(ROOT) + "/").render()
    document.write_pdf()
    return (time.process_time() - start) / len(document.pages), len(document.pages)


def timed_book(request: RenderRequest) -> tuple[float, int, int, float]:
    """CPU seconds of the whole rulebook step, its layouts, its pages, CPU seconds of its layouts."""
    layouts = [0]
    laying_out = [0.0]
    real = rulebook.typeset

    def counted(*args, **kwargs):
        layouts[0] += 1
        start = time.process_time()
        try:
            return real(*args, **kwargs)
        finally:
            laying_out[0] += time.process_time() - start

    rulebook.typeset = counted
    try:
        start = time.process_time()
        rendered = rulebook.render_rules(request)
        seconds = time.process_time() - start
    finally:
        rulebook.typeset = real
    return seconds, layouts[0], rendered.artifacts[0].pages, laying_out[0]


def main() -> None:
    from generator.render.book.templating import environment

    os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="imprenta-bench-")    # the user's cache left alone
    folders = [Path(arg) for arg in sys.argv[1:]] or sorted(
        path for path in (ROOT / "content").iterdir() if (path / "game.yaml").exists())
    profile, _ = load_profile("home")
    html = floor_html()
    floor_per_page(html)                                     # warm-up: fonts read, caches filled
    before, floor_pages = floor_per_page(html)
    print(f"floor: bare WeasyPrint, plain two-column book of {floor_pages} pages: {before:.3f} s per page "
          f"(load average {_load()})", flush=True)
    books = []
    for folder in folders:
        copy = Path(tempfile.mkdtemp(prefix="imprenta-bench-game-", dir=os.environ["XDG_CACHE_HOME"])) / folder.name
        shutil.copytree(folder, copy)                        # the copy is edited below
        game = load_game(copy).game
        for language in game.manifest.languages:
            request = RenderRequest(Edition(game, language), profile)
            environment.cache_clear()                       # a new process: templates compiled again
            first = timed_book(request)                      # nothing remembered: first build
            rebuild = timed_book(request)                    # the pages of the first build remembered
            books.append([f"{game.id:>14} {language}", rebuild, first])
        edited = edit_one_section(copy)
        game = load_game(copy).game
        for book, language in zip(books[-len(game.manifest.languages):], game.manifest.languages):
            book.append(timed_book(RenderRequest(Edition(game, language), profile)))
            book.append(edited)
    after, _ = floor_per_page(html)
    floor = min(before, after)
    print(f"floor again, after the books: {after:.3f} s per page (load average {_load()}); ratios use {floor:.3f}")
    worst = {"rebuild": 0.0, "first build": 0.0}
    for name, rebuild, first, edit, edited in books:
        pages = rebuild[2]
        shown = []
        for kind, (seconds, layouts, _, laying_out) in (("rebuild", rebuild), ("first build", first)):
            ratio = seconds / pages / floor
            worst[kind] = max(worst[kind], ratio)
            shown.append(f"{kind} {seconds / pages:.3f} s per page, {layouts} layout{'s' * (layouts != 1)} "
                         f"({laying_out:.1f} of {seconds:.1f} s), {ratio:.2f}× the floor")
        print(f"{name}: {pages:3d} pages; " + "; ".join(shown)
              + f"; after editing {edited}: {edit[1]} layout{'s' * (edit[1] != 1)} (goal ≤ 2)")
    shutil.rmtree(os.environ["XDG_CACHE_HOME"], ignore_errors=True)
    print(f"worst: rebuild {worst['rebuild']:.2f}×, first build {worst['first build']:.2f}× the floor (goal ≤ 1.5×)")


def edit_one_section(game: Path) -> str:
    """A designer's edit: a sentence added to the section in the middle of the rules (every later page may
    move); which file and line."""
    bodies = [(path, number) for path in sorted(game.glob("*.yaml"))
              for number, line in enumerate(path.read_text(encoding="utf-8").splitlines())
              if line.strip() == "body: |"]
    path, number = bodies[len(bodies) // 2]
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[number + 1] = lines[number + 1].rstrip("\n") + " Una frase más, añadida para ver qué se mueve.\n"
    path.write_text("".join(lines), encoding="utf-8")
    return f"{path.name}:{number + 2}"


def _load() -> str:
    return " ".join(f"{load:.1f}" for load in os.getloadavg())


if __name__ == "__main__":
    main()
