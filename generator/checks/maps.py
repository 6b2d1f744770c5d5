"""MAP…: adjacency is symmetric and self-free, locations are connected, hexes lie on the grid."""

from __future__ import annotations

from collections.abc import Iterator

from generator.derived.adjacency import UNCONNECTED_TYPES as _UNCONNECTED_TYPES
from generator.derived.adjacency import neighbours
from generator.derived.unknowns import unknown_path
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where


def check_map(game: Game) -> Iterator[Diagnostic]:
    if game.map is None:
        return
    by_id = {loc.id: loc for loc in game.locations}
    for loc in game.locations:
        for index, other in enumerate(loc.adjacent):
            if other == loc.id:
                yield make("MAP002", f"location '{loc.id}' lists itself as adjacent", where(loc, "adjacent", index))
            elif (other in by_id and loc.id not in by_id[other].adjacent
                  and all(name in by_id for name in by_id[other].adjacent)):   # else its dangling name is the slip
                yield make("MAP001", f"'{loc.id}' lists '{other}' as adjacent, but '{other}' does not list "
                           f"'{loc.id}'", where(loc, "adjacent", index),
                           f"add '{loc.id}' to the `adjacent` of '{other}'",
                           [(f"'{other}' is here", where(by_id[other], "id"))])
    connected = neighbours(game)
    linked_to = {target for targets in connected.values() for target in targets}
    for loc in game.locations:
        if (loc.type not in _UNCONNECTED_TYPES and loc.in_ is None and not connected[loc.id]
                and loc.id not in linked_to and loc.adjacent_unknown is None):
            yield make("MAP003", f"location '{loc.id}' is connected to no other location", where(loc, "id"),
                       "list its neighbours in `adjacent`, or add `adjacent_unknown: why`")
    yield from _hexes(game)
    yield from _reconstructed_keys(game)


def _reconstructed_keys(game: Game) -> Iterator[Diagnostic]:
    """Each `reconstructed` key names a fact its shape holds (a field, a path, or a fact the map draws)."""
    holders = [game.map, *game.locations, *game.map.hexes]
    for holder in holders:
        for fact in holder.reconstructed:
            wrong = unknown_path(type(holder), fact)
            if wrong is not None:
                drawn = ", ".join(getattr(type(holder), "drawn_facts", {}))
                yield make("MAP014", f"`reconstructed` names '{fact}', but '{wrong}' is no fact of this "
                                     f"{type(holder).__name__.lower()}", where(holder, "reconstructed", fact),
                           "name one of its fields (`colors`), a path through its lists (`locations.colors`)"
                           + (f" or a fact the map draws ({drawn})" if drawn else ""))


def _hexes(game: Game) -> Iterator[Diagnostic]:
    hexes = game.map.hexes
    if hexes and game.map.grid is None:
        yield make("MAP005", "the map lists hexes but declares no `grid`", where(hexes[0], "id"))
        return
    valid = game.hex_ids()
    for hex_ in hexes:
        if hex_.id not in valid:
            grid = game.map.grid
            yield make("MAP004", f"hex '{hex_.id}' is outside the {grid.columns}×{grid.rows} grid",
                       where(hex_, "id"), f"hex ids follow {grid.id_format!r} from column {grid.first_column}, "
                       f"row {grid.first_row}")


def check_start_terrain(game: Game) -> Iterator[Diagnostic]:
    """A force cannot start more pieces in a restricted terrain than it has pieces allowed there."""
    if game.map is None or not game.map.terrain_rules:
        return
    for force in game.forces:
        for terrain, rule in game.map.terrain_rules.items():
            if not rule.only:
                continue
            starts = [hex_ for hex_ in game.map.hexes if hex_.start == force.id and hex_.terrain == terrain]
            allowed = sum(p.copies for p in game.pieces if p.force == force.id and p.kind in rule.only)
            if len(starts) > allowed:
                yield make("MAP006", f"force '{force.id}' starts in {len(starts)} {terrain} hexes, but only "
                                     f"{allowed} of its pieces ({', '.join(rule.only)}) may be in {terrain}",
                           where(starts[allowed], "id"),
                           f"Move the start hexes off {terrain}, or give the force pieces that may be there.")
