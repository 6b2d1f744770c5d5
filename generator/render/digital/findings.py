"""The checker's view of the play modules: they hold the inventory's counters, cards and dice, and every
force's counters fit its start hexes. Computed from the data alone (no drawing), so `imprenta check` runs it."""

from __future__ import annotations

from collections import Counter

from generator.derived.inventory import inventory
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.render.digital.contents import module_contents
from generator.render.edition import Edition


def module_findings(game: Game) -> list[Diagnostic]:
    held = module_contents(Edition(game, game.manifest.source_language)).summary()
    counted = inventory(game)
    found = []
    differences = []
    if held["counters"] != counted["counters"]["total"]:
        differences.append(f"{held['counters']} counters where the inventory counts {counted['counters']['total']}")
    decks = {deck: n for deck, n in counted["cards"]["by_deck"].items() if n}
    if held["cards"] != decks:
        differences.append(f"cards by deck {held['cards']} where the inventory counts {decks}")
    if held["dice"] != counted["dice"]:
        differences.append(f"dice {held['dice']} where the tables roll {counted['dice']}")
    if differences:
        found.append(make("DIG001", "the VASSAL module and the Tabletop Simulator save would hold "
                                    + "; ".join(differences), None))
    if game.map is not None and game.map.grid is not None:
        starts = Counter(hex_.start for hex_ in game.map.hexes if hex_.start)
        for force in game.forces:
            pieces = sum(piece.copies for piece in game.pieces if piece.force == force.id)
            if force.id in starts and starts[force.id] != pieces:
                found.append(make("DIG002", f"the force '{force.id}' has {pieces} counters and {starts[force.id]} "
                                            "start hexes", where(force)))
    return found
