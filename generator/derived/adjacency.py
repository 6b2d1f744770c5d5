"""Which locations touch: explicit neighbour lists, routes and the map's adjacency rule, in one place.

The checker verifies this relation and the map renderer draws it, so both
read it from here.
"""

from __future__ import annotations

from generator.model import Game

UNCONNECTED_TYPES = {"box", "city", "port", "hex"}


def neighbours(game: Game) -> dict[str, set[str]]:
    """Every location's neighbours: explicit lists, routes and the map's adjacency rule together."""
    result = {loc.id: set(loc.adjacent) | {route.to for route in loc.routes if isinstance(route.to, str)}
              for loc in game.locations}
    rule = game.map.adjacency if game.map else None
    if rule and rule.rule == "consecutive":
        numbered = sorted((loc.number, loc.id) for loc in game.locations if loc.number is not None
                          and loc.type not in UNCONNECTED_TYPES)
        pairs = list(zip(numbered, numbered[1:]))
        if rule.wrap and len(numbered) > 2:
            pairs.append((numbered[-1], numbered[0]))
        for (_, a), (_, b) in pairs:
            result[a].add(b)
            result[b].add(a)
    return result
