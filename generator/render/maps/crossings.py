"""The connections a map's outlines do not show: sea crossings and routes between places that do not touch,
each a line from coast to coast (through a strait when the route gives one), its cost in a ring; and the ports
set beside the city they serve.
"""

from __future__ import annotations

import math

import shapely
from shapely.geometry import Point
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from generator.derived.adjacency import neighbours
from generator.derived.outlines import Outlines
from generator.render.draw.primitives import BLACK, WHITE, Ellipse, Group, Ink, Polyline, Shape
from generator.render.draw.text_fit import place
from generator.render.edition import Edition
from generator.render.maps import fit_map

CURRENT = Ink(rgb=(0.18, 0.38, 0.62))  # a sea crossing, and a sea's name
ROUTE = Ink(rgb=(0.45, 0.3, 0.15))     # a route over land


def harbours(game, shapes_of: Outlines, points) -> dict[str, tuple[float, float]]:
    """Ports with no anchor of their own sit beside the city they serve, on the side of the sea."""
    found = {}
    for loc in game.locations:
        if loc.type != "port" or loc.id in points:
            continue
        city = next((other for other in loc.adjacent if other in points), None)
        if city is None:
            continue
        x, y = points[city]
        if shapes_of.sea is not None and not shapes_of.sea.is_empty:
            sx, sy = shapes_of.sea.boundary.interpolate(shapes_of.sea.boundary.project(Point(x, y))).coords[0]
        else:
            sx, sy = x, y + 1
        length = math.hypot(sx - x, sy - y) or 1.0
        found[loc.id] = (x + (sx - x) / length * 4.5, y + (sy - y) / length * 4.5)
    return found


def connections(game, shapes_of: Outlines, centres) -> list[tuple[str, str]]:
    """Declared neighbours the outlines do not show as touching: sea crossings, routes, links to boxes."""
    touching = shapes_of.touching()
    pairs = set()
    for first, others in neighbours(game).items():
        for second in others:
            pair = tuple(sorted((first, second)))
            if first != second and pair not in touching and first in centres and second in centres:
                pairs.add(pair)
    return sorted(pairs)


def _reach(place: BaseGeometry, via: tuple[float, float], land: BaseGeometry | None) -> Point:
    """The point of a place nearest a strait that a straight line from the strait reaches without crossing land."""
    edge = place.boundary if place.area else place
    count = max(64, int(edge.length / 1.5)) if edge.length else 1
    points = sorted((edge.interpolate(i / count, normalized=True) for i in range(count)),
                    key=lambda point: point.distance(Point(via)))
    for point in points[:400]:
        leg = shapely.LineString([via, point.coords[0]])
        if land is None or leg.length == 0 or leg.intersection(land).length < 0.8:
            return point
    return points[0]


def connection(a: str, b: str, places: dict[str, BaseGeometry], edition: Edition, projection=None,
               land: BaseGeometry | None = None) -> Group:
    """A gently curved dashed line across the gap between two places: blue for the sea, brown by land; through
    the route's `via` (a strait) when it gives one."""
    game = edition.game
    first, second = game.get("location", a), game.get("location", b)
    route = next((r for r in first.routes if r.to == b), None) or next((r for r in second.routes if r.to == a), None)
    ink = ROUTE if route is not None and route.kind == "land" else CURRENT
    via = projection.point(*route.via) if route is not None and route.via and projection is not None else None
    if via is not None:
        start, end = _reach(places[a], via, land), _reach(places[b], via, land)
    else:
        start, end = nearest_points(places[a], places[b])
    (x1, y1), (x2, y2) = start.coords[0], end.coords[0]
    length = math.hypot(x2 - x1, y2 - y1)
    if length < 4:                                 # two places a hair apart: reach into both
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        (x1, y1), (x2, y2) = _inward(places[a], cx, cy), _inward(places[b], cx, cy)
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
    bend = min(10.0, length * 0.12)
    mx, my = (x1 + x2) / 2 - (y2 - y1) / length * bend, (y1 + y2) / 2 + (x2 - x1) / length * bend
    curve = tuple(((1 - t) ** 2 * x1 + 2 * (1 - t) * t * mx + t * t * x2,
                   (1 - t) ** 2 * y1 + 2 * (1 - t) * t * my + t * t * y2) for t in (i / 16 for i in range(17)))
    if via is not None:                            # two straight legs through the strait, by water
        legs = shapely.LineString([(x1, y1), via, (x2, y2)])
        curve = tuple(legs.interpolate(i / 16, normalized=True).coords[0] for i in range(17))
    shapes: list[Shape] = [Ellipse(x1, y1, 0.9, 0.9, ink), Ellipse(x2, y2, 0.9, 0.9, ink)]
    for index in range(0, 16, 2):                  # dashes: a crossing, not a border
        shapes.append(Polyline(curve[index:index + 2], stroke=ink, stroke_width=0.9))
    if route is not None and route.cost is not None:
        cx, cy = curve[8]
        shapes.append(Ellipse(cx, cy, 3.2, 3.2, WHITE, ink, 0.3))
        cost = edition.shown(route.cost)
        shapes.extend(place(fit_map(cost, "sans-bold", 7, 5, 5, 4), "sans-bold", cx - 2.5, cy - 2, 5, 4, fill=BLACK))
    return Group(f"link-{a}--{b}", shapes, "connection")


def _inward(place_of: BaseGeometry, x: float, y: float) -> tuple[float, float]:
    """A point 5 mm inside a place, towards its label, from a point on its edge."""
    inner = place_of.representative_point() if place_of.area else place_of
    ix, iy = inner.coords[0]
    length = math.hypot(ix - x, iy - y) or 1.0
    step = min(5.0, length)
    return x + (ix - x) / length * step, y + (iy - y) / length * step
