"""What a map drawn from outlines adds to its legend: the area colours the content explains, the powers'
home colours, the city and terrain symbols drawn, the crossings, and the land out of play."""

from __future__ import annotations

import shapely

from generator.derived.outlines import outlines
from generator.render.draw.colors import Palette
from generator.render.draw.primitives import Ink, Shape
from generator.render.edition import Edition
from generator.render.maps.regions import CURRENT, JUNGLE_DOT, LAND, city_symbol

SYMBOL_ORDER = ("fortified", "city", "fortress", "capital", "port", "jungle")
OUT_OF_PLAY_MM2 = 25.0


def legend_entries(edition: Edition, palette: Palette, symbols: set[str], said,
                   crossings: bool) -> list[tuple[str, Ink, object]]:
    """(label, ink, kind): kind False is a swatch, True a line, a string a symbol."""
    game = edition.game
    if game.map is None:
        return []
    entries: list[tuple[str, Ink, object]] = []
    for key in game.map.keys:
        ink = palette.ink(key.id, None)
        if ink is not None:
            tint = ink.lighter(0.45) if sum(ink.as_rgb()) < 1.5 else ink
            entries.append((edition.field(key, "name"), tint, False))
    owners = sorted({loc.owner for loc in game.locations if loc.owner and not loc.colors})
    if symbols or game.map.geography is not None:
        for owner in owners:
            ink = palette.ink(owner, None)
            if ink is not None:
                entries.append((said["home"].format(name=edition.name("faction", owner)), ink.lighter(0.55), False))
    entries.extend((said[f"symbols.{kind}"], JUNGLE_DOT if kind == "jungle" else Ink(rgb=(0, 0, 0)), kind)
                   for kind in SYMBOL_ORDER if kind in symbols)
    if crossings and (symbols or game.map.geography is not None):
        entries.append((said["crossing"], CURRENT, True))
    if _land_out_of_play(game):
        entries.append((said["out_of_play"], LAND, False))
    return entries


def _land_out_of_play(game) -> bool:
    """Whether the map shows land that no region or box holds (beyond the play, an island nobody plays)."""
    shapes = outlines(game)
    if shapes.land is None or not shapes.regions:
        return False
    boxes = [shapely.box(x, y, x + w, y + h) for x, y, w, h in
             (loc.shape.rect for loc in game.locations if loc.shape is not None and loc.shape.rect is not None)]
    held = shapely.union_all(list(shapes.regions.values()) + boxes)
    return shapes.land.difference(held).area > OUT_OF_PLAY_MM2


def legend_symbol(kind: str, x: float, y: float) -> list[Shape]:
    if kind == "jungle":
        from generator.render.draw.primitives import Ellipse

        return [Ellipse(x - 3 + 3 * index, y, 0.7, 0.7, JUNGLE_DOT) for index in range(3)]
    return city_symbol(kind, x, y)
