"""A map drawn from outlines: land and sea, every region filled by its colours or owner, each name
placed inside its region (at the pole of inaccessibility, moved off any label already placed), cities,
fortresses and ports as symbols, and the connections the outlines do not show (sea crossings, routes).

Each region is one group `<type>-<id>` holding its outline and its label, so the SVG can be tested
and scripted; the label's texts always lie inside the outline.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from itertools import accumulate, repeat, takewhile

import shapely
from shapely.geometry import Point, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from generator.derived.adjacency import neighbours
from generator.derived.outlines import Outlines
from generator.derived.unknowns import Provenance
from generator.model.maps import Location
from generator.render.draw.colors import Palette, hex_ink
from generator.render.draw.fonts import cap_height_mm, width_mm
from generator.render.draw.placeholder import PROOF_INK, seal_radius, seal_shapes
from generator.render.draw.primitives import BLACK, WHITE, Ellipse, Group, Ink, Polyline, Rect, Region, Shape
from generator.render.draw.text_fit import place
from generator.render.edition import Edition
from generator.render.maps import fit_map
from generator.render.maps.crossings import CURRENT, harbours
from generator.render.maps.holdings import marker_extent
from generator.render.maps.labels import LABEL_FONT, Labels, _open_points, polygons, steps

SEA = hex_ink("#d4e6f3")
SEA_ZONE = hex_ink("#bcd6ea")
LAND = hex_ink("#d8d8d2")            # land out of play: grey, far from any fill of land in play
COAST = hex_ink("#55707f")
BORDER = hex_ink("#3b3b3b")
BORDER_APART = hex_ink("#8c8c8c")
OUTLINE = hex_ink("#9a9a9a")
JUNGLE = hex_ink("#3f6f35")          # "dark green on the map" (Mar y Acero): jungle fills so, whatever its people
CITY_TYPES = {"city", "port"}
LAND_NAME, SEA_NAME = 20.0, 16.0     # points: the largest names; each shrinks until it fits its region
VP_BOX = 20.0                        # mm: when the game has no counters, a 0.75 in one and its margin
SECOND_PIECE = 0.2                   # a piece of a region this share of its largest is named too


@dataclass
class Drawn:
    shapes: list[Shape] = field(default_factory=list)
    ids: dict[str, str] = field(default_factory=dict)          # content id → element id
    centres: dict[str, tuple[float, float]] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)
    symbols: set[str] = field(default_factory=set)             # which symbols the legend must explain
    borders: set[str] = field(default_factory=set)             # which kinds of border (border_kind) are drawn
    seals: set[int] = field(default_factory=set)               # the reconstructions whose seal is printed


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
    provenance = Provenance(game)
    width, height = shapes_of.width, shapes_of.height
    drawn.shapes.append(Rect(0, 0, width, height, SEA if shapes_of.land is not None else LAND))
    if shapes_of.land is not None and not shapes_of.land.is_empty:
        drawn.shapes.append(Group("land", [Region(rings(shapes_of.land), LAND, COAST, 0.35)], "land"))
    labels = Labels()
    by_id = {loc.id: loc for loc in game.locations}
    for loc in game.locations:                    # symbols first: labels keep clear of them
        if loc.id in shapes_of.points and (loc.type in CITY_TYPES or "city" in loc.attributes):
            labels.block(_symbol_box(shapes_of.points[loc.id]))
    border_groups = _borders(game, shapes_of, provenance, drawn)
    for group in border_groups:                  # the seals on borders: labels keep clear of them too
        for shape in group.shapes:
            if isinstance(shape, Group) and shape.css_class == "reconstructed-mark":
                circle = shape.shapes[0]
                labels.block(Point(circle.cx, circle.cy).buffer(circle.rx + 0.3))
    order = sorted(shapes_of.regions, key=lambda key: (by_id[key].type != "sea", key))
    geography = provenance.of(game.map, "geography") if game.map.geography is not None else None
    for key in order:
        loc = by_id[key]
        region = shapes_of.regions[key]
        if region.is_empty:
            continue
        fill = SEA_ZONE if loc.type == "sea" and not loc.colors else fill_of(loc, palette)
        jungle = loc.terrain == "jungle"
        body: list[Shape] = [Region(rings(region), JUNGLE if jungle else fill, OUTLINE if loc.type != "sea" else None,
                                    0.15)]
        if jungle:              # dark green, its people's colours in narrow stripes
            drawn.symbols.add("jungle")
            for index, colour in enumerate(loc.colors[:2]):
                ink = palette.ink(colour, None)
                if ink is not None:
                    body.extend(_stripes(region, ink.lighter(0.2), 5.0 * index, 1.6))
        else:
            body.extend(_second_colours(loc, region, palette))
        name = edition.field(loc, "name")
        ink = CURRENT.darker(0.3) if loc.type == "sea" else WHITE if jungle else BLACK
        label, centre = labels.place(name, _extras(loc, said, edition), region,
                                     LAND_NAME if loc.type != "sea" else SEA_NAME, ink)
        body.extend(label)
        seals = [entry for entry in (geography if loc.anchor is not None and loc.shape is None else None,
                                     provenance.of(loc, "colors") if loc.colors else None,
                                     provenance.of(loc, "terrain") if loc.terrain else None) if entry is not None]
        body.extend(_seals_by_label(seals, labels, region, drawn))
        if loc.attributes.get("vp_box") is True and loc.vp is not None:
            body.extend(_vp_box(loc, region, labels, edition, said))
        parts = sorted(polygons(region), key=lambda part: -part.area)
        for part in parts[1:]:          # a region in two pieces (an island off its coast) names both
            if part.area >= SECOND_PIECE * parts[0].area:
                body.extend(labels.place(name, "", part, LAND_NAME if loc.type != "sea" else SEA_NAME, ink)[0])
        drawn.centres[key] = centre
        group_id = f"{loc.type}-{loc.id}"
        drawn.shapes.append(Group(group_id, body, loc.type, name))
        drawn.ids[key] = group_id
    if shapes_of.land is not None and not shapes_of.land.is_empty:      # the coast over the regions' fills
        drawn.shapes.append(Group("coast", [Region(rings(shapes_of.land), None, COAST, 0.35)], "coast"))
    drawn.shapes.extend(border_groups)
    points = dict(shapes_of.points)
    points.update(harbours(game, shapes_of, points))
    for loc in game.locations:
        if loc.id in points and loc.id not in shapes_of.regions:
            drawn.shapes.append(_place_point(loc, points[loc.id], edition, labels, drawn, said))
        if loc.id in shapes_of.points and loc.id in shapes_of.regions and "city" in loc.attributes:
            drawn.shapes.extend(_city_marks(loc, shapes_of.points[loc.id], drawn))
    return drawn


def border_kind(game, first: str, second: str, stated: dict, provenance: Provenance) -> str:
    """How a border the outlines draw relates to the adjacency the data states: `stated` (the rules make them
    neighbours), `inside` (one lies in the other), `reconstructed` (the rules do not say, and the map's
    `reconstructed: {borders: …}` takes the editor's drawing as a reconstruction), `unstated` (the rules do not
    say, and nobody claims it) or `apart` (the rules' adjacency is complete: they are not neighbours)."""
    if second in stated.get(first, ()):
        return "stated"
    a, b = game.get("location", first), game.get("location", second)
    if a.in_ == second or b.in_ == first:
        return "inside"
    if a.adjacent_unknown is None and b.adjacent_unknown is None:
        return "apart"
    return "reconstructed" if provenance.drawn("borders", game) is not None else "unstated"


def _borders(game, shapes_of: Outlines, provenance: Provenance, drawn: Drawn) -> list[Group]:
    """Each shared border drawn by what the data says of it (border_kind): a heavy line where the rules make
    the two neighbours, the seal's magenta dashes where the editor reconstructed it, a hairline where the
    regions only meet."""
    stated = neighbours(game)
    entry = provenance.drawn("borders", game)
    groups = []
    for first, second in sorted(shapes_of.touching()):
        near = shapes_of.regions[second].buffer(0.05)
        line = shapely.line_merge(shapes_of.regions[first].boundary.intersection(near))
        pieces = [part for part in getattr(line, "geoms", [line]) if part.geom_type == "LineString" and part.length > 0]
        if not pieces:
            continue
        kind = border_kind(game, first, second, stated, provenance)
        shapes: list[Shape] = []
        for piece in pieces:
            points = tuple((round(x, 3), round(y, 3)) for x, y in piece.coords)
            if kind == "stated":
                shapes.append(Polyline(points, stroke=BORDER, stroke_width=0.7))
            elif kind == "reconstructed":
                shapes.extend(_dashed(piece, PROOF_INK, 0.45, 2.0, 1.2))
            else:
                shapes.append(Polyline(points, stroke=BORDER_APART, stroke_width=0.2))
        if kind == "reconstructed" and entry is not None:
            longest = max(pieces, key=lambda part: part.length)
            middle = longest.interpolate(0.5, normalized=True)
            shapes.append(seal_shapes(middle.x, middle.y, entry.number))
            drawn.seals.add(entry.number)
        drawn.borders.add(kind)
        groups.append(Group(f"border-{first}--{second}", shapes, f"border {kind}"))
    return groups


def _dashed(line, ink: Ink, width: float, on: float, off: float) -> list[Shape]:
    """A line as dashes `on` mm long, `off` mm apart: what shapely.ops.substring cuts from each `start` to
    `start + on`, point for point, without walking the line from its first vertex again for every dash."""
    coords = list(line.coords)
    along = [0.0]               # each vertex's distance along the line, summed in substring's order
    for (x1, y1), (x2, y2) in zip(coords, coords[1:]):
        along.append(along[-1] + ((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5)
    starts = list(takewhile(lambda start: start < line.length, accumulate(repeat(on + off), initial=0.0)))
    ends = [min(start + on, line.length) for start in starts]
    dashes = []
    for start, end, first, last in zip(starts, ends, shapely.line_interpolate_point(line, starts).tolist(),
                                       shapely.line_interpolate_point(line, ends).tolist()):
        # the vertices strictly between, never the line's last one (substring takes each segment's first point)
        points = [(first.x, first.y), *coords[bisect_right(along, start):min(bisect_left(along, end),
                                                                               len(coords) - 1)], (last.x, last.y)]
        if any(a != b for a, b in zip(points, points[1:])):
            dashes.append(Polyline(tuple((round(x, 3), round(y, 3)) for x, y in points), stroke=ink,
                                   stroke_width=width))
    return dashes


def _seals_by_label(entries, labels: Labels, region: BaseGeometry, drawn: Drawn) -> list[Shape]:
    """The seals of a region's reconstructed facts, in a row just below its label, clear of other labels."""
    if not entries:
        return []
    label = labels.taken[-1].bounds
    numbers = sorted({entry.number for entry in entries})
    size = seal_radius(max(numbers)) * 2 + 0.6
    row = size * len(numbers)
    x0, y = (label[0] + label[2]) / 2 - row / 2, label[3] + size / 2 - 0.6
    spots = [(x0 + size * (index + 0.5), y) for index in range(len(numbers))]
    inside = region.buffer(-0.2)
    if not all(inside.contains(Point(x, y)) for x, y in spots):
        y = label[1] - size / 2 + 0.6                       # above the label when below leaves the region
        spots = [(x, y) for x, _ in spots]
    shapes: list[Shape] = []
    for number, (x, sy) in zip(numbers, spots):
        shapes.append(seal_shapes(x, sy, number))
        labels.block(Point(x, sy).buffer(size / 2))
        drawn.seals.add(number)
    return shapes


def box_frame(loc: Location, name: str) -> Group:
    """A box drawn over the geography (Africa in Punic Island): a frame and a name tab, no fill."""
    x, y, w, h = loc.shape.rect
    fitted = fit_map(name, LABEL_FONT, 12, 6, w - 6, 8)
    tab_w = width_mm(fitted.lines[0], LABEL_FONT, fitted.size) + 4
    shapes: list[Shape] = [Rect(x, y, w, h, None, BORDER, 1.2, 2),
                           Rect(x + 1.5, y + 1.5, w - 3, h - 3, None, BORDER, 0.4, 1.5),
                           Rect(x + 3, y + 3, tab_w, 8, WHITE, BORDER, 0.4, 1)]
    shapes.extend(place(fitted, LABEL_FONT, x + 5, y + 3.5, tab_w - 4, 7, "left"))
    return Group(f"box-{loc.id}", shapes, "box", name)


def _vp_box(loc: Location, region: BaseGeometry, labels: Labels, edition: Edition, said) -> list[Shape]:
    """The box a marker covers (Mar y Acero's 2 VP box, under a scroll at set-up): a counter's size, at the most
    open point of the region clear of its label."""
    marker = marker_extent(edition.game)
    side = max(marker) + 1 if marker else VP_BOX
    inside = region.buffer(-0.5)
    for x, y in _open_points(region, 80):
        spot = box(x - side / 2, y - side / 2, x + side / 2, y + side / 2)
        if inside.contains(spot) and not any(spot.intersects(taken) for taken in labels.taken):
            break
    else:
        return []
    labels.block(spot.buffer(0.8))
    x0, y0 = spot.bounds[0], spot.bounds[1]
    text = f"{edition.shown(loc.vp)} {said['vp']}"
    shapes: list[Shape] = [Rect(x0, y0, side, side, WHITE, BLACK, 0.6, 1.5),
                           Rect(x0 + 1, y0 + 1, side - 2, side - 2, None, BLACK, 0.25, 1)]
    shapes.extend(place(fit_map(text, "sans-bold", 14, 6, side - 4, side - 6), "sans-bold", x0 + 2, y0 + 3, side - 4,
                        side - 6))
    return [Group(f"vp-box-{loc.id}", shapes, "vp-box", text)]


def _extras(loc: Location, said, edition: Edition) -> str:
    extras = []
    if loc.vp is not None and loc.attributes.get("vp_box") is not True:
        extras.append(f"{edition.shown(loc.vp)} {said['vp']}")
    if loc.terrain and loc.terrain != "sea":
        extras.append(said.get(f"terrain.{loc.terrain}", loc.terrain))
    abbreviation = loc.attributes.get("abbreviation")
    if isinstance(abbreviation, str):
        extras.append(edition.field(loc, "attributes", "abbreviation"))
    extras.extend(routes_to_unknown(loc, edition))
    return " · ".join(extras)


def routes_to_unknown(loc: Location, edition: Edition) -> list[str]:
    """A route whose far end the source does not give prints beside its place as an arrow to a proof mark, with
    its cost: "→ ⟨3⟩ (2)". It cannot be drawn as a line to nowhere, and must not vanish from the map."""
    return [f"\u2192 {edition.shown(route.to)}" + (f" ({edition.shown(route.cost)})" if route.cost is not None else "")
            for route in loc.routes if not isinstance(route.to, str)]


# colours and symbols -------------------------------------------------------------------------------------------

def _second_colours(loc: Location, region: BaseGeometry, palette: Palette) -> list[Shape]:
    """Stripes of a second colour (an area of two peoples), 45°, 4 mm wide."""
    if len(loc.colors) < 2:
        return []
    ink = palette.ink(loc.colors[1], None)
    if ink is None:
        return []
    return _stripes(region, ink.lighter(0.45), 0.0, 4.0)


def _stripes(region: BaseGeometry, ink: Ink, shift: float, width: float) -> list[Shape]:
    """Bands of `ink` at 45°, `width` mm wide every 10 mm, starting `shift` mm along."""
    x0, y0, x1, y1 = region.bounds
    span = (x1 - x0) + (y1 - y0)
    bands = [shapely.Polygon([(x0 + offset, y0), (x0 + offset + width, y0), (x0 + offset + width - span, y0 + span),
                              (x0 + offset - span, y0 + span)]) for offset in steps(shift, span * 2, 10)]
    stripes = unary_union(bands).intersection(region)
    return [Region(rings(stripes), ink)] if not stripes.is_empty else []


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
        shapes.extend(place(fit_map(str(income), "sans-bold", 7, 5, 3.2, 3), "sans-bold", x - 6.0, y - 1.5, 3.2, 3))
    return [Group(f"city-{loc.id}", shapes, "city")] if shapes else []


def _point_values(loc: Location, said, edition: Edition) -> str:
    """A city's values printed under its name: its VP and its siege value, each a mark when unknown."""
    parts = []
    if loc.vp is not None:
        parts.append(f"{edition.shown(loc.vp)} {said['vp']}")
    siege = loc.attributes.get("siege")
    if siege is not None:
        parts.append(f"{said['siege']} {edition.shown(siege)}")
    return " · ".join(parts)


def _place_point(loc: Location, point, edition: Edition, labels: Labels, drawn: Drawn, said) -> Group:
    """A city or port that is a point, not a region: its symbol, and its name beside it."""
    x, y = point
    name = edition.field(loc, "name")
    shapes: list[Shape] = []
    kinds = _city_kinds(loc) if loc.type != "port" else ["port"]
    for kind in kinds:
        shapes.extend(city_symbol(kind, x, y))
        drawn.symbols.add(kind)
    fitted = fit_map(name, "sans-bold", 7, 5, 40, 4)
    values = _point_values(loc, said, edition)
    small = fit_map(values, "sans", 6, 5, 60, 3.2) if values else None
    w = max(width_mm(fitted.lines[0], "sans-bold", fitted.size),
            width_mm(small.lines[0], "sans", small.size) if small else 0.0) + 0.6
    name_h = cap_height_mm("sans-bold", fitted.size) + 0.6
    h = name_h + (cap_height_mm("sans", small.size) + 1.4 if small else 0.0)
    for dx, dy in ((3, -h / 2), (-3 - w, -h / 2), (-w / 2, -3 - h), (-w / 2, 3)):
        spot = box(x + dx, y + dy, x + dx + w, y + dy + h)
        if not any(spot.intersects(t) for t in labels.taken):
            break
    labels.block(spot)
    sx, sy = spot.bounds[0], spot.bounds[1]
    shapes.append(Rect(sx, sy, w, h, WHITE, None, 0, 0.6))
    shapes.extend(place(fitted, "sans-bold", sx + 0.3, sy + 0.3, w - 0.6, name_h - 0.6, fill=BLACK))
    if small:
        shapes.extend(place(small, "sans", sx + 0.3, sy + name_h + 0.2, w - 0.6, h - name_h - 0.4, fill=BLACK))
    drawn.centres[loc.id] = (x, y)
    drawn.ids[loc.id] = f"{loc.type}-{loc.id}"
    return Group(f"{loc.type}-{loc.id}", shapes, loc.type, name)
