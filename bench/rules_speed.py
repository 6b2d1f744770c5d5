"""How much the rulebook costs beyond WeasyPrint itself, on the same final HTML.

    python3 bench/rules_speed.py [content/<game> ...]

For each game and language: one untimed warm-up, then one timed run of the
whole rulebook step (context from the model, prose and references to HTML,
Jinja2, WeasyPrint layout and PDF) next to one run of WeasyPrint alone on the
HTML that step produced. Prints both, their ratio, and the page count.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from generator.load import load_game
from generator.render.book.rulebook import render_html, render_rules, rulebook_context
from generator.render.context import RenderRequest
from generator.render.edition import Edition
from generator.render.paper.profiles import load_profile

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    folders = [Path(arg) for arg in sys.argv[1:]] or [ROOT / "content" / "mar-y-acero"]
    profile, _ = load_profile("home")
    from weasyprint import HTML

    for folder in folders:
        game = load_game(folder).game
        for language in game.manifest.languages:
            edition = Edition(game, language)
            request = RenderRequest(edition, profile)
            render_rules(request)                      # warm-up: fonts read, caches filled
            start = time.perf_counter()
            rendered = render_rules(request)
            ours = time.perf_counter() - start
            html = render_html(edition, rulebook_context(edition, "print", profile.paper))
            start = time.perf_counter()
            HTML(string=html, base_url=str(folder.resolve()) + "/").render().write_pdf()
            alone = time.perf_counter() - start
            pages = rendered.artifacts[0].pages
            print(f"{game.id:>14} {language}: rulebook {ours:.3f} s, WeasyPrint alone {alone:.3f} s, "
                  f"ratio {ours / alone:.2f}×, {pages} pages")


if __name__ == "__main__":
    main()
