"""What a map drawn from outlines adds to its legend: the area colours the content explains, the powers'
home colours, the city and terrain symbols drawn, the crossings, and the land out of play."""

from __future__ import annotations

import shapely

from generator.derived.outlines import outlines
from generator.derived.unknowns import Provenance
from generator.render.draw.colors import Palette
from generator.render.draw.placeholder import PROOF_INK, seal_shapes
from generator.render.draw.primitives import BLACK, Group, Ink, Polyline, Rect, Shape
from generator.render.edition import Edition
from generator.render.maps.regions import BORDER, BORDER_APART, CURRENT, JUNGLE, LAND, city_symbol

SYMBOL_ORDER = ("fortified", "city", "fortress", "capital", "port", "jungle")
OUT_OF_PLAY_MM2 = 25.0


def legend_entries(edition: Edition, palette: Palette, symbols: set[str], said,
                   crossings: bool, borders: set[str] = frozenset(), seals: set[int] = frozenset()
                   ) -> list[tuple[str, Ink, object]]:
    """(label, ink, kind): kind False is a swatch, True a line, a string a symbol, a border kind
    (`border-stated`…) or a reconstruction's seal (`seal:N`)."""
    game = edition.game
    if game.map is None:
        return []
    entries: list[tuple[str, Ink, object]] = []
    for key in game.map.keys:
        ink = palette.ink(key.id, None)
        if ink is not None:
            tint = ink.lighter(0.45) if sum(ink.as_rgb()) < 1.5 else ink
            entries.append((edition.field(key, "name"), tint, False))
    entries.extend(_striped(edition, palette, said))
    owners = sorted({loc.owner for loc in game.locations if loc.owner and not loc.colors})
    if symbols or game.map.geography is not None:
        for owner in owners:
            ink = palette.ink(owner, None)
            if ink is not None:
                entries.append((said["home"].format(name=edition.name("faction", owner)), ink.lighter(0.55), False))
    entries.extend((said[f"symbols.{kind}"], JUNGLE if kind == "jungle" else Ink(rgb=(0, 0, 0)), kind)
                   for kind in SYMBOL_ORDER if kind in symbols)
    if crossings and (symbols or game.map.geography is not None):
        entries.append((said["crossing"], CURRENT, True))
    if _land_out_of_play(game):
        entries.append((said["out_of_play"], LAND, False))
    rule = game.map.adjacency
    for kind in ("stated", "reconstructed", "unstated", "apart"):
        if kind in borders:
            word = "border.by_number" if kind == "apart" and rule is not None else f"border.{kind}"
            entries.append((said[word], BORDER if kind == "stated" else BORDER_APART, f"border-{kind}"))
    provenance = Provenance(game)
    for entry in provenance.all:
        if entry.number in seals:
            entries.append((said["reconstructed.legend"].format(what=_fact_words(entry, said)), PROOF_INK,
                            f"seal:{entry.number}"))
    return entries


def _fact_words(entry, said) -> str:
    """What a reconstruction covers, in the legend's words: "the areas' colours"."""
    last = entry.fact.split(".")[-1]
    return said.get(f"reconstructed.{last}", entry.fact)


def _striped(edition: Edition, palette: Palette, said) -> list[tuple[str, Ink, object]]:
    """A key for each pair of colours an area is striped in (two peoples' area): both swatches, both names."""
    game = edition.game
    names = {key.id: edition.field(key, "name") for key in game.map.keys}
    pairs = sorted({tuple(loc.colors[:2]) for loc in game.locations if len(loc.colors) >= 2
                    and all(isinstance(colour, str) and colour in names for colour in loc.colors[:2])})
    found = []
    for first, second in pairs:
        inks = [palette.ink(colour, None) for colour in (first, second)]
        if None in inks:
            continue
        found.append((said["striped"].format(first=names[first], second=names[second]),
                      inks[0], f"stripes:{first}:{second}"))
    return found


def _land_out_of_play(game) -> bool:
    """Whether the map shows land that no region or box holds (beyond the play, an island nobody plays)."""
    shapes = outlines(game)
    if shapes.land is None or not shapes.regions:
        return False
    boxes = [shapely.box(x, y, x + w, y + h) for x, y, w, h in
             (loc.shape.rect for loc in game.locations if loc.shape is not None and loc.shape.rect is not None)]
    held = shapely.union_all(list(shapes.regions.values()) + boxes)
    return shapes.land.difference(held).area > OUT_OF_PLAY_MM2


def legend_symbol(kind: str, x: float, y: float, palette: Palette | None = None, game=None) -> list[Shape]:
    if kind == "jungle":
        return [Rect(x - 5, y - 2.5, 10, 5, JUNGLE, BLACK, 0.2)]
    if kind.startswith("seal:"):
        return [seal_shapes(x, y, int(kind.split(":")[1]))]
    if kind.startswith("stripes:") and palette is not None:
        _, first, second = kind.split(":")
        base = _tint(palette.ink(first, None))
        band = _tint(palette.ink(second, None)).lighter(0.45)
        shapes: list[Shape] = [Rect(x - 5, y - 2.5, 10, 5, base, BLACK, 0.2)]
        shapes.extend(Polyline(((x - 5 + offset, y + 2.5), (x - 5 + offset + 4, y - 2.5), (x - 5 + offset + 6, y - 2.5),
                                (x - 5 + offset + 2, y + 2.5)), True, band) for offset in (0.0, 5.0))
        shapes.append(Rect(x - 5, y - 2.5, 10, 5, None, BLACK, 0.2))
        return shapes
    if kind.startswith("ship:") and game is not None:
        from generator.render.draw.symbols import draw_symbol

        piece_kind = game.get("piece_kind", kind.split(":", 1)[1])
        return draw_symbol(piece_kind.symbol, x - 5, y - 2.5, 10, 5, BLACK, None) if piece_kind else []
    if kind == "border-stated":
        return [Polyline(((x - 5, y), (x + 5, y)), stroke=BORDER, stroke_width=0.7)]
    if kind == "border-reconstructed":
        return [Polyline(((x - 5 + step, y), (x - 5 + step + 2, y)), stroke=PROOF_INK, stroke_width=0.45)
                for step in (0.0, 3.2, 6.4)] + [seal_shapes(x + 7.5, y, int(kind.split(":")[1]))
                                                 if ":" in kind else Group(None, [])]
    if kind in ("border-apart", "border-unstated"):
        return [Polyline(((x - 5, y), (x + 5, y)), stroke=BORDER_APART, stroke_width=0.2)]
    return city_symbol(kind, x, y)


def _tint(ink: Ink) -> Ink:
    return ink.lighter(0.45) if sum(ink.as_rgb()) < 1.5 else ink
