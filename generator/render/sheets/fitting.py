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
from generator.render.sheets.faces import said_once
from generator.render.sheets.layouts import LayoutLibrary


def layout_findings(game: Game) -> list[Diagnostic]:
    from generator.checked_faces import KeptFaces

    found: list[Diagnostic] = []
    seen = set()
    kept = KeptFaces(game.folder)       # the faces this game's last check drew: only the changed ones are drawn
    counter_layouts, card_layouts = LayoutLibrary("counters", game.folder), LayoutLibrary("cards", game.folder)
    for language in game.manifest.languages:
        edition = Edition(game, language)
        counters = counter_faces(edition, kept.draw, counter_layouts)
        for diagnostics in (counters.diagnostics, card_faces(edition, kept.draw, card_layouts).diagnostics,
                            indistinguishable(game, counters.faces)):
            for diagnostic in diagnostics:
                key = said_once(diagnostic) or (diagnostic.code, diagnostic.message, diagnostic.span)
                if key not in seen:          # a layout problem is the same in every language: say it once
                    seen.add(key)
                    found.append(diagnostic)
    kept.save()
    return found
