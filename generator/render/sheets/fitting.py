"""The checker's look at the printed faces: text that overflows its box or is illegible, characters the fonts
lack, data no layout prints, pieces that print alike, anatomy callouts that point at no box.

Draws every counter side and card face in every language of the game, as the
build would, but writes nothing; only reportlab's font metrics are loaded.
"""

from __future__ import annotations

from generator.diagnostics import Diagnostic
from generator.model import Game
from generator.render.edition import Edition
from generator.render.sheets.anatomy import anatomy_findings
from generator.render.sheets.cards import card_faces
from generator.render.sheets.counters import counter_faces
from generator.render.sheets.distinct import indistinguishable
from generator.render.sheets.faces import said_once


def layout_findings(game: Game) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    seen = set()
    for language in game.manifest.languages:
        edition = Edition(game, language)
        counters = counter_faces(edition)
        for diagnostics in (counters.diagnostics, card_faces(edition).diagnostics,
                            indistinguishable(game, counters.faces)):
            for diagnostic in diagnostics:
                key = said_once(diagnostic) or (diagnostic.code, diagnostic.message, diagnostic.span)
                if key not in seen:          # a layout problem is the same in every language: say it once
                    seen.add(key)
                    found.append(diagnostic)
    return found + anatomy_findings(Edition(game, game.manifest.source_language))
