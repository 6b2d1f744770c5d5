"""How large a track's spaces and an off-map box must be: large enough for what the game puts there.

What goes where is read from the data, never assumed: the set-up's placements (a deck on its space, a marker
on its track), a box's `holds`, and for a track nothing is placed on, the game's markers. A space drawn
smaller than the counter or card it holds is a board nobody can play on."""

from __future__ import annotations

from collections.abc import Iterator

from generator.derived.counting import selected_pieces
from generator.model import Game

#: width and height in millimetres
Extent = tuple[float, float]


def held_extents(game: Game) -> dict[str, Extent]:
    """For each location and track that something is placed on or held in, the width and height (mm) of the
    largest counter or card that goes there."""
    held: dict[str, Extent] = {}
    for step in game.setup:
        for placement in step.place:
            where = game.place(placement.at)
            if where.kind not in ("location", "track"):
                continue
            for extent in _extents(game, *placement.thing):
                held[where.id] = _larger(held.get(where.id), extent)
    for location in game.locations:
        if location.holds is not None:
            field = "kind" if game.names("piece_kind", location.holds) else "deck"
            for extent in _extents(game, field, location.holds):
                held[location.id] = _larger(held.get(location.id), extent)
    return held


def marker_extent(game: Game) -> Extent | None:
    """The largest marker counter of the game (piece kinds drawn as markers), else its largest counter: what a
    track nothing is placed on at set-up, or a map's victory-point box, is drawn to hold."""
    kinds = [kind for kind in game.piece_kinds if kind.symbol == "marker"] or list(game.piece_kinds)
    extents = [kind.extent for kind in kinds]
    return max(extents, key=lambda extent: extent[0] * extent[1]) if extents else None


def _extents(game: Game, field: str, id_: str, seen: frozenset[str] = frozenset()) -> Iterator[Extent]:
    if field == "deck":
        deck = game.get("deck", id_)
        if deck is not None:
            yield deck.extent
    elif field == "piece":
        piece = game.get("piece", id_)
        kind = game.get("piece_kind", piece.kind) if piece is not None else None
        if kind is not None:
            yield kind.extent
    elif field == "kind":
        kind = game.get("piece_kind", id_)
        if kind is not None:
            yield kind.extent
    elif field == "mix" and id_ not in seen:
        mix = game.get("mix", id_)
        if mix is None:
            return
        for piece in selected_pieces(game, mix.select) if mix.select is not None else []:
            yield from _extents(game, "piece", piece.id)
        for part in mix.parts or []:
            yield from _extents(game, "mix", part, seen | {id_})


def _larger(one: Extent | None, other: Extent) -> Extent:
    return other if one is None else (max(one[0], other[0]), max(one[1], other[1]))
