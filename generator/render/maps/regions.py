"""A map drawn from outlines: land and sea, every region filled by its colours or owner, each name
placed inside its region (at the pole of inaccessibility, moved off any label already placed), cities,
fortresses and ports as symbols, and the connections the outlines do not show (sea crossings, routes).

Each region is one group `<type>-<id>` holding its outline and its label, so the SVG can be tested
and scripted; the label's texts always lie inside the outline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import shapely
from shapely.geometry import Point, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points, unary_union

from generator.derived.adjacency import neighbours
from generator.derived.outlines import Outlines
from generator.model.maps import Location
from generator.render.draw.colors import Palette, hex_ink
from generator.render.draw.fonts import cap_height_mm, width_mm
from generator.render.draw.primitives import BLACK, WHITE, Ellipse, Group, Ink, Polyline, Rect, Region, Shape
from generator.render.draw.text_fit import fit, place
from generator.render.maps.labels import LABEL_FONT, Labels, polygons, steps
from generator.render.edition import Edition

SEA = hex_ink("#d4e6f3")
SEA_ZONE = hex_ink("#bcd6ea")
LAND = hex_ink("#ece6d2")
COAST = hex_ink("#55707f")
BORDER = hex_ink("#3b3b3b")
CURRENT = Ink(rgb=(0.18, 0.38, 0.62))
ROUTE = Ink(rgb=(0.45, 0.3, 0.15))
JUNGLE_DOT = hex_ink("#2f5d2a")
CITY_TYPES = {"city", "port"}
LAND_NAME, SEA_NAME = 20.0, 16.0     # points: the largest names; each shrinks until it fits its region
SECOND_PIECE = 0.2                   # a piece of a region this share of its largest is named too


@dataclass
class Drawn:
    shapes: list[Shape] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)          # content id → element id
    centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)
    symbols: set[str] = field(default_factory=set)             # which symbols the legend must explain


def rings(geometry: BaseGeometry) -> tuple[tuple[tuple[float, float], ...], ...]:
    """Every ring of a polygon or multipolygon (exteriors and holes), rounded to 1/1000 mm."""
    found = []
    for part in getattr(geometry, "geoms", [geometry]):
        if part.geom_type != "Polygon" or part.is_empty:
            continue
        for ring in (part.exterior, *part.interiors):
            found.append(tuple((round(x, 3), round(y, 3)) for x, y in ring.coords[:-1]))
    return tuple(found)


def draw_outlined(edition: Edition, palette: Palette, shapes_of: Outlines, fill_of, said) -> Drawn:
    game = edition.game
    drawn = Drawn()
    width, height = shapes_of.width, shapes_of.height
    drawn.shapes.append(Rect(0, 0, width, height, SEA if shapes_of.land is not None else LAND))
    if shapes_of.land is not None and not shapes_of.land.is_empty:
        drawn.shapes.append(Group("land", [Region(rings(shapes_of.land), LAND, COAST, 0.35)], "land"))
    labels = Labels()
    by_id = {loc.id: loc for loc in game.locations}
    for loc in game.locations:                    # symbols first: labels keep clear of them
        if loc.id in shapes_of.points and (loc.type in CITY_TYPES or "city" in loc.attributes):
            labels.block(_symbol_box(shapes_of.points[loc.id]))
    order = sorted(shapes_of.regions, key=lambda key: (by_id[key].type != "sea", key))
    for key in order:
        loc = by_id[key]
        region = shapes_of.regions[key]
        if region.is_empty:
            continue
        fill = SEA_ZONE if loc.type == "sea" and not loc.colors else fill_of(loc, palette)
        body: list[Shape] = [Region(rings(region), fill, COAST if loc.type == "sea" else BORDER,
                                    0.25 if loc.type == "sea" else 0.45)]
        body.extend(_second_colours(loc, region, palette))
        if loc.terrain == "jungle":
            body.extend(_dots(region))
            drawn.symbols.add("jungle")
        name = edition.field(loc, "name")
        label, centre = labels.place(name, _extras(loc, said, edition), region,
                                     LAND_NAME if loc.type != "sea" else SEA_NAME,
                                     CURRENT.darker(0.3) if loc.type == "sea" else BLACK)
        body.extend(label)
        parts = sorted(polygons(region), key=lambda part: -part.area)
        for part in parts[1:]:          # a region in two pieces (a city and the land it covers) names both
            if part.area >= SECOND_PIECE * parts[0].area:
                body.extend(labels.place(name, "", part, LAND_NAME if loc.type != "sea" else SEA_NAME,
                                         CURRENT.darker(0.3) if loc.type == "sea" else BLACK)[0])
        drawn.centres[key] = centre
        group_id = f"{loc.type}-{loc.id}"
        drawn.shapes.append(Group(group_id, body, loc.type, name))
        drawn.ids[key] = group_id
    points = dict(shapes_of.points)
    points.update(_harbours(game, shapes_of, points))
    for loc in game.locations:
        if loc.id in points and loc.id not in shapes_of.regions:
            drawn.shapes.append(_place_point(loc, points[loc.id], edition, labels, drawn))
        if loc.id in shapes_of.points and loc.id in shapes_of.regions and "city" in loc.attributes:
            drawn.shapes.extend(_city_marks(loc, shapes_of.points[loc.id], drawn))
    return drawn


def _harbours(game, shapes_of: Outlines, points) -> dict[str, tuple[float, float]]:
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


def box_frame(loc: Location, name: str) -> Group:
    """A box drawn over the geography (Africa in Punic Island): a frame and a name tab, no fill."""
    x, y, w, h = loc.shape.rect
    fitted = fit(name, LABEL_FONT, 12, 6, w - 6, 8)
    tab_w = width_mm(fitted.lines[0], LABEL_FONT, fitted.size) + 4
    shapes: list[Shape] = [Rect(x, y, w, h, None, BORDER, 1.2, 2), Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, BORDER, 0.4, 1.5),
                           Rect(x + 3, y + 3, tab_w, 8, WHITE, BORDER, 0.4, 1)]
    shapes.extend(place(fitted, LABEL_FONT, x + 5, y + 3.5, tab_w - 4, 7, "left"))
    return Group(f"box-{loc.id}", shapes, "box", name)


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


def connection(a: str, b: str, places: dict[str, BaseGeometry], edition: Edition) -> Group:
    """A gently curved dashed line across the gap between two places: blue for the sea, brown by land."""
    game = edition.game
    first, second = game.get("location", a), game.get("location", b)
    route = next((r for r in first.routes if r.to == b), None) or next((r for r in second.routes if r.to == a), None)
    ink = ROUTE if route is not None and route.kind == "land" else CURRENT
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
    shapes: list[Shape] = [Ellipse(x1, y1, 0.9, 0.9, ink), Ellipse(x2, y2, 0.9, 0.9, ink)]
    for index in range(0, 16, 2):                  # dashes: a crossing, not a border
        shapes.append(Polyline(curve[index:index + 2], stroke=ink, stroke_width=0.9))
    if route is not None and route.cost is not None:
        cx, cy = curve[8]
        shapes.append(Ellipse(cx, cy, 3.2, 3.2, WHITE, ink, 0.3))
        cost = edition.shown(route.cost)
        shapes.extend(place(fit(cost, "sans-bold", 7, 4, 5, 4), "sans-bold", cx - 2.5, cy - 2, 5, 4, fill=BLACK))
    return Group(f"link-{a}--{b}", shapes, "connection")


def _inward(place_of: BaseGeometry, x: float, y: float) -> tuple[float, float]:
    """A point 5 mm inside a place, towards its label, from a point on its edge."""
    inner = place_of.representative_point() if place_of.area else place_of
    ix, iy = inner.coords[0]
    length = math.hypot(ix - x, iy - y) or 1.0
    step = min(5.0, length)
    return x + (ix - x) / length * step, y + (iy - y) / length * step


def _extras(loc: Location, said, edition: Edition) -> str:
    extras = []
    if loc.vp is not None:
        extras.append(f"{edition.shown(loc.vp)} {said['vp']}")
    if loc.terrain and loc.terrain != "sea":
        extras.append(said.get(f"terrain.{loc.terrain}", loc.terrain))
    abbreviation = loc.attributes.get("abbreviation")
    if isinstance(abbreviation, str):
        extras.append(abbreviation)
    return " · ".join(extras)


# colours and symbols -------------------------------------------------------------------------------------------

def _second_colours(loc: Location, region: BaseGeometry, palette: Palette) -> list[Shape]:
    """Stripes of a second colour (an area of two peoples), 45°, 4 mm wide."""
    if len(loc.colors) < 2:
        return []
    ink = palette.ink(loc.colors[1], None)
    if ink is None:
        return []
    x0, y0, x1, y1 = region.bounds
    span = (x1 - x0) + (y1 - y0)
    bands = [shapely.Polygon([(x0 + offset, y0), (x0 + offset + 4, y0), (x0 + offset + 4 - span, y0 + span),
                              (x0 + offset - span, y0 + span)]) for offset in steps(0, span * 2, 10)]
    stripes = unary_union(bands).intersection(region)
    return [Region(rings(stripes), ink.lighter(0.45))] if not stripes.is_empty else []


def _dots(region: BaseGeometry) -> list[Shape]:
    """A sprinkle of dark green dots: jungle, whatever the area's colour."""
    x0, y0, x1, y1 = region.bounds
    dots = []
    for row, y in enumerate(steps(y0 + 3, y1, 7)):
        for x in steps(x0 + 3 + (3.5 if row % 2 else 0), x1, 7):
            if region.contains(Point(x, y).buffer(1.2)):
                dots.append(Ellipse(x, y, 0.7, 0.7, JUNGLE_DOT))
    return dots


def _symbol_box(point: tuple[float, float]) -> BaseGeometry:
    return box(point[0] - 2.2, point[1] - 2.2, point[0] + 2.2, point[1] + 2.2)


def city_symbol(kind: str, x: float, y: float) -> list[Shape]:
    """Fortified city: a square with a white heart; city: a dot; fortress: a tower (triangle);
    capital: a ring around; port: a blue anchor beside."""
    if kind == "fortified":
        return [Rect(x - 1.6, y - 1.6, 3.2, 3.2, BLACK), Rect(x - 0.7, y - 0.7, 1.4, 1.4, WHITE)]
    if kind == "fortress":
        return [Polyline(((x, y - 1.9), (x + 1.8, y + 1.3), (x - 1.8, y + 1.3)), True, BLACK)]
    if kind == "capital":
        return [Ellipse(x, y, 2.6, 2.6, None, BLACK, 0.45)]
    if kind == "port":
        return [Polyline(((x, y - 1.6), (x, y + 1.4)), stroke=CURRENT, stroke_width=0.45),
                Polyline(((x - 0.9, y - 0.8), (x + 0.9, y - 0.8)), stroke=CURRENT, stroke_width=0.45),
                Polyline(tuple((x + 1.3 * math.cos(a), y + 0.2 + 1.3 * math.sin(a))
                               for a in (math.radians(d) for d in range(0, 181, 20))), stroke=CURRENT,
                         stroke_width=0.45)]
    return [Ellipse(x, y, 1.3, 1.3, BLACK)]


def _city_kinds(loc: Location) -> list[str]:
    city = loc.attributes.get("city")
    walled = loc.attributes.get("walled") is True
    kinds = []
    if city in ("fortified", "unfortified", "fortress"):
        kinds.append(city if city != "unfortified" else "city")
    elif loc.type in CITY_TYPES or city is not None and city != "none":
        kinds.append("fortified" if walled else "city")
    if loc.attributes.get("capital") is True:
        kinds.append("capital")
    return kinds


def _city_marks(loc: Location, point, drawn: Drawn) -> list[Shape]:
    x, y = point
    shapes: list[Shape] = []
    for kind in _city_kinds(loc):
        shapes.extend(city_symbol(kind, x, y))
        drawn.symbols.add(kind)
    if loc.attributes.get("port") is True:
        shapes.extend(city_symbol("port", x + 3.6, y))
        drawn.symbols.add("port")
    income = loc.attributes.get("income")
    if isinstance(income, int):
        shapes.append(Rect(x - 6.2, y - 1.8, 3.6, 3.6, WHITE, BLACK, 0.25))
        shapes.extend(place(fit(str(income), "sans-bold", 7, 4, 3.2, 3), "sans-bold", x - 6.0, y - 1.5, 3.2, 3))
    return [Group(f"city-{loc.id}", shapes, "city")] if shapes else []


def _place_point(loc: Location, point, edition: Edition, labels: Labels, drawn: Drawn) -> Group:
    """A city or port that is a point, not a region: its symbol, and its name beside it."""
    x, y = point
    name = edition.field(loc, "name")
    shapes: list[Shape] = []
    kinds = _city_kinds(loc) if loc.type != "port" else ["port"]
    for kind in kinds:
        shapes.extend(city_symbol(kind, x, y))
        drawn.symbols.add(kind)
    fitted = fit(name, "sans-bold", 7, 4, 40, 4)
    w = width_mm(fitted.lines[0], "sans-bold", fitted.size) + 0.6
    h = cap_height_mm("sans-bold", fitted.size) + 0.6
    for dx, dy in ((3, -h / 2), (-3 - w, -h / 2), (-w / 2, -3 - h), (-w / 2, 3)):
        spot = box(x + dx, y + dy, x + dx + w, y + dy + h)
        if not any(spot.intersects(t) for t in labels.taken):
            break
    labels.block(spot)
    sx, sy = spot.bounds[0], spot.bounds[1]
    shapes.append(Rect(sx, sy, w, h, WHITE, None, 0, 0.6))
    shapes.extend(place(fitted, "sans-bold", sx + 0.3, sy + 0.3, w - 0.6, h - 0.6, fill=BLACK))
    drawn.centres[loc.id] = (x, y)
    drawn.ids[loc.id] = f"{loc.type}-{loc.id}"
    return Group(f"{loc.type}-{loc.id}", shapes, loc.type, name)
