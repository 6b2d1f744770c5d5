"""The checker's look at the printed faces: text that overflows its box or is illegible, characters the fonts
lack, data no layout prints, pieces that print alike.

Draws every counter side and card face in every language of the game, as the
build would, but writes nothing; only reportlab's font metrics are loaded.
"""

from __future__ import annotations

from generator.diagnostics import Diagnostic
from generator.model import Game
from generator.render.edition import Edition
from generator.render.sheets.cards import card_faces
from generator.render.sheets.counters import counter_faces
from generator.render.sheets.distinct import indistinguishable
from generator.render.sheets.faces import draw_face, said_once
from generator.render.sheets.layouts import LayoutLibrary


def layout_findings(game: Game, draw=draw_face) -> list[Diagnostic]:
    """`draw`: draw_face, or the check's, which recalls the faces its last check drew (checked_faces)."""
    found: list[Diagnostic] = []
    seen = set()
    counter_layouts, card_layouts = LayoutLibrary("counters", game.folder), LayoutLibrary("cards", game.folder)
    for language in game.manifest.languages:
        edition = Edition(game, language)
        counters = counter_faces(edition, draw, counter_layouts)
        for diagnostics in (counters.diagnostics, card_faces(edition, draw, card_layouts).diagnostics,
                            indistinguishable(game, counters.faces)):
            for diagnostic in diagnostics:
                key = said_once(diagnostic) or (diagnostic.code, diagnostic.message, diagnostic.span)
                if key not in seen:          # a layout problem is the same in every language: say it once
                    seen.add(key)
                    found.append(diagnostic)
    return found
