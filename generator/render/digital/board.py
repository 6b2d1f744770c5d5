"""Where things are on a digital module's board, read from the geometry that draws the map: each area, province,
sea or zone's outline (derived.outlines), each city's projected anchor, and each box and track space as the map
drawing frames it (maps.drawing's `box-<id>` and `track-<id>-<space>` groups). VASSAL's zones and every set-up
placement come from here, in board pixels, so a piece starts inside the outline printed under it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from generator.derived.outlines import outlines
from generator.render.digital.images import map_drawing, px
from generator.render.draw.primitives import Group, Rect, Text
from generator.render.edition import Edition

POINT_MM = 9.0           # a city or port's zone: a square this wide around its anchor
SIMPLIFY_MM = 0.4        # an outline's zone keeps its shape to this tolerance (a short path for VASSAL)


@dataclass
class Zone:
    key: str                             # "location:<id>", "track:<id>:<space>"
    name: str                            # as printed on the map
    outline: BaseGeometry                # in map mm
    spot: tuple[float, float]            # a point inside it where its pieces start, in mm


@dataclass
class BoardPlaces:
    zones: list[Zone] = field(default_factory=list)     # first match wins, as in VASSAL's ZonedGrid: small first

    def zone(self, key: str) -> Zone | None:
        return next((zone for zone in self.zones if zone.key == key), None)


def board_places(edition: Edition) -> BoardPlaces:
    """Every place of the map a piece can start on, named as the map prints it (once per edition, or as kept
    with the board's picture: images.draw_pictures)."""
    if edition.__dict__.get("_board_places") is not None:
        return edition.__dict__["_board_places"]
    places = edition.__dict__["_board_places"] = _board_places(edition)
    return places


def _board_places(edition: Edition) -> BoardPlaces:
    game = edition.game
    if game.map is None:
        return BoardPlaces()
    drawing = map_drawing(edition)
    frames = dict(_framed(drawing.face.shapes))
    shapes = outlines(game)
    points, boxes, spaces, regions, tracks = [], [], [], [], []
    for location in game.locations:
        name = edition.name("location", location.id)
        key = f"location:{location.id}"
        if location.id in shapes.regions:
            outline = _largest(shapes.regions[location.id])
            regions.append(Zone(key, name, outline, _inside(outline)))
        elif location.id in shapes.points and location.type != "box":
            x, y = shapes.points[location.id]
            half = POINT_MM / 2
            points.append(Zone(key, name, box(x - half, y - half, x + half, y + half), (x, y)))
        elif f"box-{location.id}" in frames:
            frame = frames[f"box-{location.id}"]
            boxes.append(Zone(key, name, frame, _inside(frame)))
    for track in game.tracks:
        track_name = edition.name("track", track.id)
        for value in range(track.min, track.max + 1):
            frame = frames.get(f"track-{track.id}-{value}")
            if frame is None:
                continue
            label = edition.field(track, "labels", str(value)) if str(value) in track.labels else str(value)
            spaces.append(Zone(f"track:{track.id}:{value}", f"{track_name} {edition.plain(label)}", frame,
                               _inside(frame)))
        if f"track-{track.id}" in frames:      # beside the track: where its name is printed, left of its spaces
            taken = [zone.outline for zone in spaces if zone.key.startswith(f"track:{track.id}:")]
            label = frames[f"track-{track.id}"].difference(unary_union(taken)) if taken else frames[f"track-{track.id}"]
            label = _largest(label) if not label.is_empty else frames[f"track-{track.id}"]
            tracks.append(Zone(f"track:{track.id}:", track_name, label, _inside(label)))
    # the smallest first: a city inside its area, a box drawn over the sea, the map's own frame last
    ordered = points + spaces + tracks + sorted(boxes + regions, key=lambda zone: zone.outline.area)
    return BoardPlaces(ordered)


def zone_path(outline: BaseGeometry) -> str:
    """PolygonEditor.polygonToString: `x,y;x,y;…` in board pixels, without repeating the first point."""
    ring = list(outline.exterior.coords)[:-1]
    found: list[tuple[int, int]] = []
    for x, y in ring:
        point = (px(x), px(y))
        if not found or found[-1] != point:
            found.append(point)
    return ";".join(f"{x},{y}" for x, y in found)


def _largest(geometry: BaseGeometry) -> Polygon:
    """One polygon for a zone (VASSAL's Zone is one shape): a region's largest piece, simplified."""
    parts = list(getattr(geometry, "geoms", [geometry]))
    polygon = max(parts, key=lambda part: part.area)
    simpler = polygon.simplify(SIMPLIFY_MM, preserve_topology=True)
    return Polygon(simpler.exterior) if simpler.is_valid and not simpler.is_empty else Polygon(polygon.exterior)


def _inside(outline: BaseGeometry) -> tuple[float, float]:
    """A point well inside: the pole of inaccessibility, so a stack started there shows inside its zone."""
    from shapely.ops import polylabel

    point = polylabel(outline, tolerance=0.2) if isinstance(outline, Polygon) else outline.representative_point()
    return point.x, point.y


def _framed(shapes, found=None):
    """(group id, its frame) for every box and track space the drawing groups: the first rectangle it draws."""
    for shape in shapes:
        if isinstance(shape, Group):
            if shape.id and (shape.id.startswith("box-") or shape.id.startswith("track-")):
                rect = next((s for s in shape.shapes if isinstance(s, Rect)), None)
                if rect is not None:
                    yield shape.id, box(rect.x, rect.y, rect.x + rect.w, rect.y + rect.h)
                elif shape.id.startswith("track-"):
                    inner = [frame for _, frame in _framed(shape.shapes)]
                    if inner:     # the spaces, and the name printed left of them
                        x0, y0, x1, y1 = unary_union(inner).bounds
                        left = min([x0] + [text.x for text in shape.shapes if isinstance(text, Text)])
                        yield shape.id, box(left, y0, x1, y1)
            yield from _framed(shape.shapes)
