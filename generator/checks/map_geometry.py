"""MAP007–MAP012: the adjacency the rules declare against the adjacency the outlines show.

Each difference is reported where it is declared, unless the content answers it with a reason in
`outline_exceptions` (or the game ignores the code with a reason, when its rules define adjacency
without borders, as Mar y Acero's numbered areas do).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from generator.derived.adjacency import neighbours
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.common import Unknown

if TYPE_CHECKING:
    from generator.derived.outlines import Outlines

SEA_KINDS = {"sea", "strait"}
OVERLAP_MM2 = 1.0
HEX_LAND_MM2 = 0.5        # land a hex must hold to count as holding land: a patch the eye sees at print size


def check_map_geometry(game: Game) -> Iterator[Diagnostic]:
    """The findings, or those of an earlier check whose inputs were the same (checked_before keeps them): the
    outlines cost shapely and numpy (some 0.1 s to import) and their geometry, and change only with the map."""
    if game.map is None:
        return
    from generator import checked_before

    place = getattr(game.map, "_where", None)         # a map made in code, not read, has no document
    key = _inputs(game, place[0]) if place else None
    found = checked_before.recall(key) if key else None
    if found is None:
        found = list(_measured(game))
        if key:
            checked_before.remember(key, found)
    yield from found


def _inputs(game: Game, document) -> str:
    """What the findings depend on: the document the map was read from (its values and their places, which
    fix the validated map and the findings' spans), every other file of the game folder but the content and
    translation files (geography, artwork), Imprenta's code and the working folder (the paths shown)."""
    import hashlib
    import os
    import sys

    from generator import __version__
    from generator.game_files import digest, files_under
    from generator.load.folders import content_files, translation_files
    from generator.user_cache import shipped_key

    hasher = hashlib.sha256(repr(("map geometry", __version__, sys.version_info[:3], shipped_key(), os.getcwd(),
                                  str(game.folder.absolute()), str(document.file), document.data,
                                  list(document.starts.items()), list(document.key_starts.items()),
                                  sorted(document.literal, key=repr), document.lines)).encode())
    read_elsewhere = set(content_files(game.folder) + translation_files(game.folder))
    files, links = files_under(game.folder, frozenset({"build"}))
    for path in sorted(set(files + links) - read_elsewhere):
        hasher.update(f"{path.relative_to(game.folder).as_posix()}\0{digest(path)}\n".encode())
    return hasher.hexdigest()


def _measured(game: Game) -> Iterator[Diagnostic]:
    from generator.derived.outlines import outlines  # shapely and numpy: 0.1 s a game without a map never needs

    shapes = outlines(game)
    yield from shapes.problems
    yield from _hex_land(game, shapes)
    if not shapes.regions:
        return
    by_id = {loc.id: loc for loc in game.locations}
    touching = shapes.touching()
    yield from _overlaps(game, shapes, by_id)
    yield from _declared_apart(game, shapes, by_id, touching)
    yield from _undeclared(game, by_id, touching)
    yield from _sea_routes(game, shapes, by_id)
    yield from _ports(game, shapes)


def _answered(by_id, first: str, second: str) -> bool:
    return second in by_id[first].outline_exceptions or first in by_id[second].outline_exceptions


def _overlaps(game, shapes: Outlines, by_id) -> Iterator[Diagnostic]:
    import shapely

    ids = sorted(shapes.regions)
    tree = shapely.STRtree([shapes.regions[key] for key in ids])
    firsts, seconds = tree.query([shapes.regions[key] for key in ids])      # pairs whose boxes meet
    for first, second in sorted((ids[a], ids[b]) for a, b in zip(firsts.tolist(), seconds.tolist()) if a < b):
        shared = shapes.regions[first].intersection(shapes.regions[second]).area
        if shared > OVERLAP_MM2:
            yield make("MAP012", f"the outlines of '{first}' and '{second}' overlap by {shared:.0f} mm²",
                       where(by_id[second], "id"),
                       "a location inside another says so with `in`, and is carved out of it")


def _declared_apart(game, shapes: Outlines, by_id, touching) -> Iterator[Diagnostic]:
    seen = set()
    for loc in game.locations:
        for index, other in enumerate(loc.adjacent):
            pair = tuple(sorted((loc.id, other)))
            if (pair in seen or other not in shapes.regions or loc.id not in shapes.regions
                    or pair in touching or _answered(by_id, loc.id, other)):
                continue
            seen.add(pair)
            yield make("MAP007", f"'{loc.id}' and '{other}' are declared adjacent, but their outlines do not touch",
                       where(loc, "adjacent", index),
                       "move an anchor or an outline, or say why in `outline_exceptions`")
    rule = game.map.adjacency
    if rule is None:
        return
    for first, others in sorted(neighbours(game).items()):
        for second in sorted(others):
            pair = tuple(sorted((first, second)))
            if (pair in seen or first not in shapes.regions or second not in shapes.regions or pair in touching
                    or _answered(by_id, first, second)):
                continue
            seen.add(pair)
            yield make("MAP007", f"'{first}' and '{second}' are adjacent by the map's `{rule.rule}` rule, but their "
                                 f"outlines do not touch", where(game.map, "adjacency"),
                       "move an anchor or an outline, or say why in `outline_exceptions`")


def _undeclared(game, by_id, touching) -> Iterator[Diagnostic]:
    declared = neighbours(game)
    for first, second in sorted(touching):
        a, b = by_id[first], by_id[second]
        if (second in declared[first] or a.adjacent_unknown is not None or b.adjacent_unknown is not None
                or _answered(by_id, first, second)):
            continue
        yield make("MAP008", f"the outlines of '{first}' and '{second}' share a border, but they are not declared "
                             f"adjacent", where(a, "id"),
                   f"add '{second}' to the `adjacent` of '{first}', or say why not in `outline_exceptions`")


def _sea_routes(game, shapes: Outlines, by_id) -> Iterator[Diagnostic]:
    for loc in game.locations:
        for index, route in enumerate(loc.routes):
            if route.kind not in SEA_KINDS or not isinstance(route.to, str) or route.to not in by_id:
                continue
            for end in (loc, by_id[route.to]):
                if end.type != "sea" and shapes.coastal(end.id) is False and "sea" not in end.outline_exceptions:
                    yield make("MAP009", f"the {route.kind} route from '{loc.id}' to '{route.to}' leaves '{end.id}', "
                                         f"whose outline does not reach the sea", where(loc, "routes", index, "to"),
                               "say why in `outline_exceptions: {sea: …}` of that location if the map allows it")


def _ports(game, shapes: Outlines) -> Iterator[Diagnostic]:
    for loc in game.locations:
        port = loc.attributes.get("port")
        if not (port is True or isinstance(port, Unknown)) or "port" in loc.outline_exceptions:
            continue
        coastal = shapes.coastal(loc.id)
        distance = shapes.sea_km(loc)
        limit = game.map.geography.port_km if game.map.geography else None
        if coastal is False or (distance is not None and limit is not None and distance > limit):
            how = (f"its anchor lies {distance:.0f} km from the sea" if distance
                   else "its outline does not reach the sea")
            doubt = f" (the content already doubts it: {port.unknown})" if isinstance(port, Unknown) else ""
            yield make("MAP010", f"'{loc.id}' is listed as a port, but {how}{doubt}", where(loc, "attributes", "port"),
                       "fix the port or the anchor, or say why in `outline_exceptions: {port: …}`")


def _hex_land(game, shapes: Outlines) -> Iterator[Diagnostic]:
    """On a hex map over real land, the hexes of the geography's `land_terrain` are those holding land."""
    geography, grid = game.map.geography, game.map.grid
    if grid is None or geography is None or geography.land_terrain is None or shapes.land is None:
        return
    terrain = geography.land_terrain
    declared = {hex_.id: hex_ for hex_ in game.map.hexes}
    for hex_id, land in shapes.hex_land(grid).items():
        hex_ = declared.get(hex_id)
        said = hex_ is not None and hex_.terrain == terrain
        if said and land < HEX_LAND_MM2:
            amount = "no" if land == 0 else f"{land:.1f} mm² of"
            yield make("MAP013", f"hex {hex_id} is {terrain}, but holds {amount} land on the map",
                       where(hex_, "terrain"),
                       "move the map's bounds, or give the hex the terrain of open water")
        elif not said and land >= HEX_LAND_MM2:
            yield make("MAP013", f"hex {hex_id} holds {land:.1f} mm² of land on the map, but is not {terrain}",
                       where(hex_, "terrain") if hex_ is not None else where(geography, "land_terrain"),
                       f"give it `terrain: {terrain}`, or move the map's bounds")

