"""Every location's outline in one model, whichever source gave it, and what the outlines show:
which regions share a border, which touch the sea, how far a port lies from it.

Sources, strongest first: a shape in the content, an element of the artist's SVG (`map.outlines`),
then geography (`map.geography` and the location's `anchor`): each piece of land is divided among the
anchors on it (a Voronoi partition, cut to `reach_km` around each anchor), the sea among the seas, and
a location `in` another is carved out of it. Cities, ports and boxes without a shape are points.
The checker and the map renderer both read these outlines, built once per game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import shapely
from shapely.geometry import MultiPoint, Point, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from generator.derived.geo_sources import Projection, SourceProblem, from_artwork, from_shape, land
from generator.derived.hex_grid import MAP_MARGIN, hex_centres, hex_corners, hex_extent
from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.maps import Location

REGION_TYPES = {"area", "zone", "province", "sea"}
BORDER_MM = 1.5          # a shared border shorter than this is a corner, not adjacency
TOLERANCE_MM = 0.05
ISLAND_KM = 40.0         # an island without an anchor joins a region at most this far away…
ISLAND_SHARE = 0.03      # …and at most this fraction of its size
PLAY_MARGIN = 1.0        # land in play lies within this many typical anchor spacings of the anchors' hull
HULL_RATIO = 0.5        # how tightly that hull follows the anchors (shapely's concave_hull ratio)


@dataclass
class Outlines:
    width: float | None = None
    height: float | None = None
    regions: dict[str, BaseGeometry] = field(default_factory=dict)   # location id → its area, in map mm
    points: dict[str, tuple[float, float]] = field(default_factory=dict)   # projected anchors
    land: BaseGeometry | None = None
    sea: BaseGeometry | None = None       # the frame less the land, when the map is geographic
    projection: Projection | None = None
    problems: list[Diagnostic] = field(default_factory=list)
    _touching: set[tuple[str, str]] | None = None
    _grown: dict[str | None, BaseGeometry] = field(default_factory=dict)   # region id (None: the sea) → grown

    def _near(self, key: str | None) -> BaseGeometry:
        """A region (or the sea) grown by TOLERANCE_MM, once: the border tests grow the same few shapes,
        the sea the largest of them, again and again."""
        if key not in self._grown:
            self._grown[key] = (self.sea if key is None else self.regions[key]).buffer(TOLERANCE_MM)
            shapely.prepare(self._grown[key])
        return self._grown[key]

    def touching(self) -> set[tuple[str, str]]:
        """Pairs of regions (sorted ids) sharing a border at least BORDER_MM long."""
        if self._touching is None:
            ids = sorted(self.regions)
            tree = shapely.STRtree([self.regions[i] for i in ids])
            found = set()
            for first in ids:
                x0, y0, x1, y1 = self.regions[first].bounds
                reach = TOLERANCE_MM * 2
                for other in tree.query(box(x0 - reach, y0 - reach, x1 + reach, y1 + reach)):
                    second = ids[int(other)]
                    if second > first and _border(self.regions[first], self._near(second)) >= BORDER_MM:
                        found.add((first, second))
            self._touching = found
        return self._touching

    def coastal(self, location_id: str) -> bool | None:
        """Whether a land region reaches the sea; None when the map has no sea to tell."""
        region = self.regions.get(location_id)
        if region is None or self.sea is None:
            return None
        return _border(region, self._near(None)) >= BORDER_MM

    def hex_land(self, grid) -> dict[str, float]:
        """How much land (mm²) each hex of the grid holds; empty when the map has no land."""
        if self.land is None:
            return {}
        centres = hex_centres(grid, MAP_MARGIN)
        if not centres:
            return {}
        hexes = shapely.polygons([hex_corners(centre, grid) for centre in centres.values()])    # at once: 8× quicker
        return dict(zip(centres, shapely.area(shapely.intersection(hexes, self.land)).tolist()))

    def sea_km(self, location: Location) -> float | None:
        """How far the location's anchor lies from the sea, in kilometres."""
        if self.sea is None or location.anchor is None or location.id not in self.points:
            return None
        point = Point(self.points[location.id])
        return self.sea.distance(point) * self.projection.km_per_mm(location.anchor[0])


def _border(first: BaseGeometry, near_second: BaseGeometry) -> float:
    """How long a border `first` shares with a shape, given that shape grown by TOLERANCE_MM."""
    return first.boundary.intersection(near_second).length


_BUILT: dict[int, tuple[Game, Outlines]] = {}


def outlines(game: Game) -> Outlines:
    """The game's outlines, built once (the checker and the renderer ask for the same game)."""
    cached = _BUILT.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    built = _build(game)
    if len(_BUILT) > 8:
        _BUILT.clear()
    _BUILT[id(game)] = (game, built)
    return built


def _build(game: Game) -> Outlines:
    result = Outlines()
    game_map = game.map
    if game_map is None:
        return result
    result.width, result.height = game_map.width, game_map.height
    for location in game.locations:
        if location.shape is not None:
            try:
                outline = from_shape(location.shape)
            except SourceProblem as problem:
                result.problems.append(make("MAP011", f"'{location.id}': {problem}", where(location, "shape")))
                continue
            if outline is not None and location.type in REGION_TYPES:
                result.regions[location.id] = outline
    unplaced = {loc.id for loc in game.locations if loc.id not in result.regions and loc.type in REGION_TYPES}
    if game_map.outlines and unplaced:
        try:
            result.regions.update(from_artwork(game.folder, game_map.outlines, unplaced))
        except SourceProblem as problem:
            result.problems.append(make("MAP011", str(problem), where(game_map, "outlines")))
    if game_map.geography is not None:
        _geography(game, result)
    elif result.regions and game_map.grid is None and not (game_map.width and game_map.height):
        result.problems.append(make("MAP011", "the locations' shapes are in map millimetres, so the map needs its "
                                              "`width` and `height`", where(game_map),
                                    "add `width:` and `height:` in millimetres to the map"))
        result.regions.clear()
    return result


def _geography(game: Game, result: Outlines) -> None:
    geography = game.map.geography
    grid = game.map.grid
    width, height = hex_extent(grid, MAP_MARGIN) if grid is not None else (game.map.width, game.map.height)
    if not width:
        result.problems.append(make("MAP011", "a geographic map needs its `width` in millimetres",
                                    where(game.map, "geography")))
        return
    try:
        projection = Projection(geography, width, height)
        result.land = land(game.folder, geography, projection)
    except SourceProblem as problem:
        result.problems.append(make("MAP011", str(problem), where(geography, "land")))
        return
    result.projection = projection
    result.width, result.height = projection.width, projection.height
    frame = box(0, 0, projection.width, projection.height)
    result.sea = frame.difference(result.land)
    anchored = []
    for location in game.locations:
        if location.anchor is None:
            continue
        x, y = projection.point(*location.anchor)
        if not (0 <= x <= projection.width and 0 <= y <= projection.height):
            result.problems.append(make("MAP011", f"'{location.id}' is anchored at {list(location.anchor)}, "
                                        f"outside the map's bounds {list(geography.bounds)}",
                                        where(location, "anchor"), "check latitude comes before longitude"))
            continue
        result.points[location.id] = (x, y)
        anchored.append(location)
    reach = {loc.id: (loc.reach_km or geography.reach_km) / projection.km_per_mm(loc.anchor[0])
             for loc in anchored}
    placed = set(result.regions)
    regions = [loc for loc in anchored if loc.type in REGION_TYPES and loc.id not in placed]
    parents = {loc.id for loc in regions}
    children = [loc for loc in regions if loc.in_ in parents]
    seeds = {loc.id: [Point(result.points[loc.id])] + [Point(projection.point(*p)) for p in loc.covers]
             for loc in regions if loc not in children}
    land_ids = [loc.id for loc in regions if loc.type != "sea" and loc not in children]
    sea_ids = [loc.id for loc in regions if loc.type == "sea" and loc not in children]
    land_seeds = {key: seeds[key] for key in land_ids}
    divided = _divide_land(_in_play(result.land, [p for key in land_ids for p in seeds[key]], frame), land_seeds,
                           reach, ISLAND_KM / projection.km_per_mm(geography.bounds[1]))
    result.regions.update(_one_piece_per_land(divided, _pieces(result.land), land_seeds))   # as the map draws land
    result.regions.update(_divide_sea(result.sea, {key: seeds[key] for key in sea_ids}, reach))
    for key in land_ids + sea_ids:           # a snapped anchor is where the symbol goes
        result.points[key] = seeds[key][0].coords[0]
    for child in children:
        parent = result.regions.get(child.in_)
        if parent is None:
            continue
        carved = Point(result.points[child.id]).buffer(reach[child.id], quad_segs=16).intersection(parent)
        result.regions[child.id] = carved
        result.regions[child.in_] = parent.difference(carved)


def _in_play(land_area: BaseGeometry, points: list[Point], frame: BaseGeometry) -> BaseGeometry:
    """The land the anchors share. An island is in play whole; land that runs off the map (a continent)
    only within a rounded margin, a typical spacing of the anchors wide, of their hull: a region at the
    edge of the play (Swiss, Hungarian) stops some way past its anchor instead of running to the frame."""
    if len(points) < 3:
        return land_area
    spacing = sorted(min(point.distance(other) for other in points if other is not point) for point in points)
    margin = PLAY_MARGIN * spacing[len(spacing) // 2]
    hull = shapely.concave_hull(MultiPoint(points), ratio=HULL_RATIO)
    play = hull.buffer(2 * margin, quad_segs=16).buffer(-margin, quad_segs=16)     # notches closed, then the margin
    edge = frame.exterior.buffer(TOLERANCE_MM)
    pieces = _pieces(land_area)
    running_off = [piece for piece in pieces if piece.intersects(edge) and not play.contains(piece)]
    if not running_off:
        return land_area
    return shapely.union_all([piece.intersection(play) if any(piece is off for off in running_off) else piece
                              for piece in pieces])


def _pieces(geometry: BaseGeometry) -> list[BaseGeometry]:
    return [part for part in getattr(geometry, "geoms", [geometry]) if not part.is_empty and part.area > 0]


def _divide(space: BaseGeometry, seeds: dict[str, list[Point]], reach) -> dict[str, BaseGeometry]:
    """Voronoi cells of the seeds, merged per location, cut to the space and to each one's reach."""
    flat = [(key, point) for key, points in seeds.items() for point in points]
    if not flat:
        return {}
    if len(flat) == 1:
        cells = [space]
    else:
        cells = list(shapely.voronoi_polygons(MultiPoint([point for _, point in flat]), extend_to=space,
                                              ordered=True).geoms)
    merged: dict[str, list[BaseGeometry]] = {}
    for (key, point), cell in zip(flat, cells):
        merged.setdefault(key, []).append(cell.intersection(space).intersection(
            point.buffer(reach[key], quad_segs=16)))
    return {key: shapely.union_all(parts) for key, parts in merged.items()}


def _snap(space: BaseGeometry, point: Point) -> Point:
    """A point moved onto the space when it falls just outside (a coastal town's coordinates offshore)."""
    return point if space.contains(point) else Point(nearest_points(space, point)[0].coords[0])


def _divide_land(land_area, seeds: dict[str, list[Point]], reach, island_mm: float) -> dict[str, BaseGeometry]:
    """Each piece of land (a continent, an island) is divided among the seeds on it only, so that no
    region reaches across the sea; small islands without a seed join the nearest region."""
    pieces = _pieces(land_area)
    if not pieces:
        return {}
    on_piece: dict[int, dict[str, list[Point]]] = {}
    for key, points in seeds.items():
        for number, point in enumerate(points):
            index = min(range(len(pieces)), key=lambda i: pieces[i].distance(point))
            points[number] = _snap(pieces[index], point)
            on_piece.setdefault(index, {}).setdefault(key, []).append(points[number])
    parts: dict[str, list[BaseGeometry]] = {}
    for index, members in sorted(on_piece.items()):
        for key, cell in _divide(pieces[index], members, reach).items():
            parts.setdefault(key, []).append(cell)
    found = _one_piece_per_land(_settle({key: shapely.union_all(cells) for key, cells in parts.items()}, seeds),
                                pieces, seeds)
    for index, piece in enumerate(pieces):
        if index in on_piece or not found:
            continue
        nearest = min(found, key=lambda key: found[key].distance(piece))
        if found[nearest].distance(piece) <= island_mm and piece.area <= ISLAND_SHARE * found[nearest].area:
            found[nearest] = found[nearest].union(piece)
    return found


def _one_piece_per_land(found: dict[str, BaseGeometry], pieces: list[BaseGeometry],
                        seeds: dict[str, list[Point]]) -> dict[str, BaseGeometry]:
    """A region is one piece on each piece of land it reaches: a sliver cut off from its seeds on the same land
    (left between two others' cells) goes to the neighbour it shares the longest border with, or out of play."""
    bounds = shapely.bounds(pieces).tolist()
    for key in sorted(found):
        parts = _pieces(found[key])
        on_land: dict[int, list[BaseGeometry]] = {}
        for part in parts:
            on_land.setdefault(_most_of(part, pieces, bounds), []).append(part)
        strays = [part for group in on_land.values() if len(group) > 1 for part in group
                  if not any(part.distance(point) < TOLERANCE_MM for point in seeds[key])]
        for stray in strays:
            borders = {other: _border(stray, region.buffer(TOLERANCE_MM)) for other, region in found.items()
                       if other != key and region.distance(stray) < TOLERANCE_MM}
            best = max(borders, key=lambda other: (borders[other], other), default=None)
            found[key] = found[key].difference(stray.buffer(TOLERANCE_MM / 10))
            if best is not None and borders[best] >= BORDER_MM and stray.area <= ISLAND_SHARE * found[best].area:
                found[best] = found[best].union(stray)          # a sliver joins its neighbour; more stays out of play
    return found


def _most_of(part: BaseGeometry, pieces: list[BaseGeometry], bounds: list[list[float]]) -> int:
    """The first of the pieces of land holding the most of `part` (the first piece when none holds any). A piece
    whose box misses the part's holds none of it: only the others are intersected, one piece of a hundred."""
    x0, y0, x1, y1 = part.bounds
    best, most = 0, 0.0
    for index, (left, bottom, right, top) in enumerate(bounds):
        if left > x1 or right < x0 or bottom > y1 or top < y0:
            continue
        area = pieces[index].intersection(part).area
        if area > most:
            best, most = index, area
    return best


def _divide_sea(sea, seeds: dict[str, list[Point]], reach) -> dict[str, BaseGeometry]:
    """The sea among the seas: each keeps the parts of its cells that hold a seed (a cell may straddle
    a peninsula; the far side stays open sea)."""
    for points in seeds.values():
        points[:] = [_snap(sea, point) for point in points]
    return _settle(_divide(sea, seeds, reach), seeds)


def _settle(cells: dict[str, BaseGeometry], seeds: dict[str, list[Point]]) -> dict[str, BaseGeometry]:
    """Each region keeps the parts of its cells that hold one of its seeds; a part cut off from them
    (across a bay or a strait) goes to the region it shares the longest border with, or to nobody."""
    kept: dict[str, BaseGeometry] = {}
    orphans: list[BaseGeometry] = []
    for key, cell in cells.items():
        parts = _pieces(cell)
        own = [part for part in parts if any(part.distance(point) < TOLERANCE_MM for point in seeds[key])]
        orphans.extend(part for part in parts if not any(part is mine for mine in own))
        if own:
            kept[key] = shapely.union_all(own)
    for orphan in sorted(orphans, key=lambda part: -part.area):
        borders = {key: _border(orphan, region.buffer(TOLERANCE_MM)) for key, region in kept.items()
                   if region.distance(orphan) < TOLERANCE_MM}
        best = max(borders, key=lambda key: (borders[key], key), default=None)
        if best is not None and borders[best] >= BORDER_MM:
            kept[best] = kept[best].union(orphan)
    return kept
