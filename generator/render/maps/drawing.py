"""The whole map as shapes: regions drawn from their outlines (maps.regions) or, without outlines, hexes
or a schematic of places and the links between neighbours; then the furniture (maps.furniture) below.

Every area, zone, province, sea, hex, box, track and table is one group whose
id is `<kind>-<content id>`, so the SVG can be scripted and tested.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.derived.adjacency import neighbours
from generator.derived.hex_grid import hex_centres, hex_corners, hex_extent, hex_radius
from generator.derived.outlines import outlines
from generator.derived.unknowns import Provenance
from generator.diagnostics import make
from generator.load.images import image_problem
from generator.model import where
from generator.model.maps import Location
from generator.render.draw.colors import Palette, hex_ink
from generator.render.draw.placeholder import seal_shapes
from generator.render.draw.primitives import (
    BLACK,
    WHITE,
    Ellipse,
    Face,
    Group,
    Image,
    Ink,
    Polyline,
    Rect,
    Region,
    Shape,
    readable_on,
)
from generator.render.draw.symbols import draw_symbol
from generator.render.draw.text_fit import place
from generator.render.edition import Edition
from generator.render.maps import fit_map
from generator.render.maps.crossings import connection, connections
from generator.render.maps.furniture import LAND_LINK, MARGIN, SEA_LINK, TERRAIN, TYPE_FILL, furniture
from generator.render.maps.geometry import facing_angle, shape_centre, tidy_schematic
from generator.render.maps.regions import COAST, box_frame, draw_outlined, rings, routes_to_unknown

NODE = (36.0, 16.0)   # schematic location: width, height in mm


@dataclass
class MapDrawing:
    face: Face
    ids: dict[str, str] = field(default_factory=dict)          # content id → element id
    links: list[tuple[str, str]] = field(default_factory=list)
    problems: list = field(default_factory=list)               # diagnostics
    symbols: set = field(default_factory=set)                  # city and terrain symbols drawn
    borders: set = field(default_factory=set)                  # kinds of border drawn (regions.border_kind)
    seals: set = field(default_factory=set)                    # reconstructions whose seal is printed


def draw_map(edition: Edition) -> MapDrawing:
    game = edition.game
    palette = Palette(game)
    said = edition.words
    game_map = game.map
    grid = game_map.grid
    if grid is not None:
        width, height = hex_extent(grid, MARGIN)
    elif game_map.width and game_map.height:
        width, height = game_map.width, game_map.height
    else:   # a schematic: room for every place and its name, on a landscape sheet
        count = sum(1 for loc in game.locations if loc.type != "hex")
        width = max(280.0, math.sqrt(count * (NODE[0] + 10) * (NODE[1] + 16) * 2.2 * 1.4))
        height = width / 1.4
    main: list[Shape] = [Rect(0, 0, width, height, hex_ink("#e9f1f7" if grid else "#f3efe2"))]
    art = game.folder / game_map.art if game_map.art else None
    art_problem = image_problem(art, game.folder) if art is not None else None
    if art is not None and art_problem is None:
        main.append(Image(0, 0, width, height, art))        # the artwork under the areas drawn over it
    drawing = MapDrawing(Face(width, height))
    if art_problem:
        drawing.problems.append(make("LAY004", f"the map's artwork {art.name} {art_problem}", where(game_map, "art")))
    shapes_of = outlines(game)
    if grid is None and (shapes_of.regions or shapes_of.land is not None):
        width, height = shapes_of.width or width, shapes_of.height or height
        drawing.face = Face(width, height)
        main = _outlined(edition, palette, shapes_of, drawing, said)
        if art is not None and art_problem is None:
            main.insert(1, Image(0, 0, width, height, art))
    else:
        main.extend(_schematic(edition, palette, grid, drawing, said, width, height))
    band, band_height = furniture(edition, palette, width, height, said, drawing)
    drawing.face = Face(width, height + band_height, main + [Group(None, band, "furniture")])
    return drawing


def _schematic(edition: Edition, palette: Palette, grid, drawing: MapDrawing, said, width: float,
               height: float) -> list[Shape]:
    """Locations placed by their adjacency (a force-directed layout), or the hex grid."""
    game = edition.game
    main: list[Shape] = []
    centres: dict[str, tuple[float, float]] = {}
    if grid is not None:
        main.extend(_hexes(edition, palette, grid, drawing, said))
    pairs = _pairs(game)
    linked = {location for pair in pairs for location in pair}
    placed = [loc for loc in game.locations if loc.type != "hex" and
              (loc.type != "box" or loc.id in linked or loc.shape is not None or _holds_others(game, loc.id))]
    fixed = {loc.id: shape_centre(loc) for loc in placed if shape_centre(loc) is not None}
    inside = {(loc.in_, loc.id) for loc in placed if loc.in_ and loc.in_ in {p.id for p in placed}}
    ordered = sorted(placed, key=lambda loc: (loc.owner or "~", loc.type, str(loc.name)))
    positions = tidy_schematic([loc.id for loc in ordered], pairs | inside, width, height, MARGIN, NODE, fixed)
    centres.update(positions)
    main.extend(Group(f"in-{a}--{b}", [Polyline((centres[a], centres[b]), stroke=hex_ink("#9a9a9a"),
                                                stroke_width=0.3)], "containment") for a, b in sorted(inside))
    main.extend(_link(a, b, centres, game, edition) for a, b in sorted(pairs) if a in centres and b in centres)
    drawing.links = [(a, b) for a, b in sorted(pairs) if a in centres and b in centres]
    if grid is None:            # no geography: say so, so nobody reads the layout as a map of places
        main.extend(place(fit_map(said["schematic"], "sans", 9, 6, width - 2 * MARGIN, 6), "sans", MARGIN, 3,
                          width - 2 * MARGIN, 6, "left", fill=hex_ink("#555555")))
    for location in placed:
        group = _location(location, centres[location.id], edition, palette, said)
        drawing.ids[location.id] = group.id
        main.append(group)
    return main


def _outlined(edition: Edition, palette: Palette, shapes_of, drawing: MapDrawing, said) -> list[Shape]:
    """Regions from their outlines; boxes the content draws (a rect) on top; the frame's box unnamed."""
    game = edition.game
    drawn = draw_outlined(edition, palette, shapes_of, _fill_of, said)
    main = list(drawn.shapes)
    for location in game.locations:
        if location.type == "box" and location.shape is not None and location.id not in drawn.ids:
            centre = shape_centre(location)
            name = edition.field(location, "name")
            group = box_frame(location, name) if location.shape.rect else _location(location, centre, edition,
                                                                                       palette, said)
            main.append(group)
            drawn.centres[location.id] = centre
            drawn.ids[location.id] = group.id
        elif location.type == "box" and location.shape is None and _holds_others(game, location.id):
            name = edition.field(location, "name")
            main.append(Group(f"box-{location.id}", [Rect(0, 0, shapes_of.width, shapes_of.height, None, BLACK, 0.8)],
                              "box frame", name))       # the map itself: what lies in it is drawn in place
            drawn.ids[location.id] = f"box-{location.id}"
            drawn.centres.setdefault(location.id, next((drawn.centres[loc.id] for loc in game.locations
                                                        if loc.in_ == location.id and loc.id in drawn.centres),
                                                       (shapes_of.width / 2, shapes_of.height / 2)))
    pairs = connections(game, shapes_of, drawn.centres)
    places = _places(game, shapes_of, drawn.centres)
    main.extend(connection(a, b, places, edition, shapes_of.projection, shapes_of.land) for a, b in pairs)
    drawing.links = pairs
    drawing.ids.update(drawn.ids)
    drawing.symbols = drawn.symbols
    drawing.borders, drawing.seals = drawn.borders, drawn.seals
    return main


def _places(game, shapes_of, centres) -> dict:
    """Where each connected thing is, to draw a crossing across the gap: a region, a box, the land a box
    without a shape holds (the main map), or a point."""
    from shapely import union_all
    from shapely.geometry import Point, box

    places = {}
    for location in game.locations:
        if location.id in shapes_of.regions:
            places[location.id] = shapes_of.regions[location.id]
        elif location.shape is not None and location.shape.rect is not None:
            x, y, w, h = location.shape.rect
            places[location.id] = box(x, y, x + w, y + h)
        elif location.type == "box" and _holds_others(game, location.id):
            held = [shapes_of.regions[loc.id] for loc in game.locations
                    if loc.in_ == location.id and loc.id in shapes_of.regions]
            places[location.id] = union_all(held) if held else Point(centres.get(location.id, (0, 0)))
        elif location.id in centres:
            places[location.id] = Point(centres[location.id])
    return places


def _holds_others(game, location_id: str) -> bool:
    return any(loc.in_ == location_id for loc in game.locations)


def _pairs(game) -> set[tuple[str, str]]:
    found = set()
    for a, others in neighbours(game).items():
        for b in others:
            if a != b:
                found.add(tuple(sorted((a, b))))
    return found


def _link(a: str, b: str, centres, game, edition: Edition) -> Group:
    first, second = game.get("location", a), game.get("location", b)
    sea = "sea" in (first.type, second.type) or (game.map.adjacency is not None and first.number is not None)
    (x1, y1), (x2, y2) = centres[a], centres[b]
    shapes: list[Shape] = [Polyline(((x1, y1), (x2, y2)), stroke=SEA_LINK if sea else LAND_LINK,
                                    stroke_width=0.8 if sea else 0.6)]
    route = next((r for r in first.routes if r.to == b), None) or next((r for r in second.routes if r.to == a), None)
    if route is not None and route.cost is not None:
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        shapes.append(Ellipse(mx, my, 3.2, 3.2, WHITE, SEA_LINK, 0.3))
        cost = edition.shown(route.cost)
        shapes.extend(place(fit_map(cost, "sans-bold", 7, 5, 5, 4), "sans-bold", mx - 2.5, my - 2, 5, 4, fill=BLACK))
    return Group(f"link-{a}--{b}", shapes, "adjacency")


def _fill_of(location: Location, palette: Palette) -> Ink:
    if location.colors:
        ink = palette.ink(location.colors[0], hex_ink("#efe8cf"))
        return ink.lighter(0.45) if sum(ink.as_rgb()) < 1.5 else ink     # a dark ink tinted, so names read
    if location.owner:
        owner = palette.ink(location.owner)
        if owner is not None:
            return owner.lighter(0.55)
    if location.terrain and location.terrain in TERRAIN:
        return hex_ink(TERRAIN[location.terrain])
    return hex_ink(TYPE_FILL.get(location.type, "#efe8cf"))


def _location(location: Location, centre, edition: Edition, palette: Palette, said) -> Group:
    fill = _fill_of(location, palette)
    shapes: list[Shape] = []
    shape = location.shape
    cx, cy = centre
    if shape is not None and shape.circle is not None:
        x, y, r = shape.circle
        shapes.append(Ellipse(x, y, r, r, fill, BLACK, 0.5))
        label_box = (x - r * 0.9, y - r * 0.35, r * 1.8, r * 0.7)
    elif shape is not None and shape.rect is not None:
        x, y, w, h = shape.rect
        shapes.append(Rect(x, y, w, h, fill, BLACK, 0.5, 1.5))
        label_box = (x + 1.5, y + h * 0.3, w - 3, h * 0.4)
    elif shape is not None and shape.polygon:
        shapes.append(Polyline(tuple(shape.polygon), True, fill, BLACK, 0.5))
        label_box = (cx - 20, cy - 4, 40, 8)
    elif location.type in ("sea", "port"):
        rx, ry = (NODE[0] / 2, NODE[1] / 2) if location.type == "sea" else (NODE[0] / 2.6, NODE[1] / 2.6)
        shapes.append(Ellipse(cx, cy, rx, ry, fill if location.type == "sea" else hex_ink(TYPE_FILL["sea"]),
                              SEA_LINK, 0.5))
        label_box = (cx - rx + 2, cy - ry + 1.5, 2 * rx - 4, 2 * ry - 3)
    elif location.type == "city":
        w, h = NODE[0] * 0.8, NODE[1] * 0.75
        shapes.append(Rect(cx - w / 2, cy - h / 2, w, h, hex_ink("#f1e6d6"), BLACK, 0.8, 0.5))
        shapes.append(Rect(cx - w / 2 + 1.2, cy - 1.2, 2.4, 2.4, BLACK))
        label_box = (cx - w / 2 + 4.5, cy - h / 2 + 1, w - 5.5, h - 2)
    else:
        double = location.type == "box"
        shapes.append(Rect(cx - NODE[0] / 2, cy - NODE[1] / 2, NODE[0], NODE[1], fill, BLACK, 0.5, 2))
        if double:
            shapes.append(Rect(cx - NODE[0] / 2 + 1, cy - NODE[1] / 2 + 1, NODE[0] - 2, NODE[1] - 2, None, BLACK,
                               0.3, 1.5))
        label_box = (cx - NODE[0] / 2 + 1.5, cy - NODE[1] / 2 + 1.5, NODE[0] - 3, NODE[1] - 3)
    if location.label is not None:
        lx, ly = location.label
        label_box = (lx - 22, ly - 4, 44, 8)
    name = edition.field(location, "name")
    if location.number is not None and shape is not None and shape.circle is not None:
        x, y, r = shape.circle
        shapes.extend(place(fit_map(str(location.number), "sans-bold", 22, 10, r * 1.2, r * 0.9), "sans-bold",
                            x - r * 0.6, y - r * 0.45, r * 1.2, r * 0.9, fill=readable_on(fill)))
    on_fill = location.label is None
    shapes.extend(place(fit_map(name, "sans-bold", 9, 5, label_box[2], label_box[3]), "sans-bold", *label_box,
                        fill=readable_on(fill) if on_fill else BLACK))
    extras = []
    if location.vp is not None:
        extras.append(f"{edition.shown(location.vp)} {said['vp']}")
    if location.terrain and location.label is not None:
        extras.append(said.get(f"terrain.{location.terrain}", location.terrain))
    extras.extend(routes_to_unknown(location, edition))
    if extras:
        bx, by, bw, bh = label_box
        shapes.extend(place(fit_map(" · ".join(extras), "sans", 7, 5, bw, 4), "sans", bx, by + bh, bw, 4, fill=BLACK))
    return Group(f"{location.type}-{location.id}", shapes, location.type, name)



def _hexes(edition: Edition, palette: Palette, grid, drawing: MapDrawing, said) -> list[Shape]:
    game = edition.game
    data = {h.id: h for h in game.map.hexes}
    shapes: list[Shape] = []
    radius = hex_radius(grid)
    land = outlines(game).land
    if land is not None:          # real land under the grid: the hexes are drawn open over sea and shore
        shapes.append(Rect(0, 0, *hex_extent(grid, MARGIN), hex_ink(TYPE_FILL["sea"])))
        land_ink = hex_ink(TERRAIN.get(game.map.geography.land_terrain or "", TERRAIN["coast"]))
        shapes.append(Group("land", [Region(rings(land), land_ink, COAST, 0.35)], "land"))
    provenance = Provenance(game)
    grid_entry = provenance.of(game.map, "grid")
    if grid_entry is not None:          # the grid itself is the editor's: its seal in the map's corner
        shapes.append(seal_shapes(MARGIN / 2 + 1, MARGIN / 2 + 1, grid_entry.number, 6, "reconstructed-grid"))
        drawing.seals.add(grid_entry.number)
    for hex_id, centre in hex_centres(grid, MARGIN).items():
        info = data.get(hex_id)
        terrain = info.terrain if info and info.terrain else None
        fill = hex_ink(TERRAIN.get(terrain, TYPE_FILL["hex"])) if terrain else hex_ink(TYPE_FILL["sea"])
        if land is not None:
            fill = None
        force = game.get("force", info.start) if info and info.start else None
        if force is not None:
            fill = (palette.ink(force.color, hex_ink("#cccccc")) or hex_ink("#cccccc")).lighter(0.35)
        if info is not None and info.hidden:
            fill = hex_ink("#cfcfcf")
        group_shapes: list[Shape] = [Polyline(hex_corners(centre, grid), True, fill, hex_ink("#6b7f8f"), 0.25)]
        group_shapes.extend(place(fit_map(hex_id, "sans", 5, 5, radius, radius * 0.35), "sans",
                                  centre[0] - radius / 2, centre[1] - grid.size / 2 + 0.6, radius, radius * 0.35,
                                  fill=hex_ink("#4a5a66")))
        kind = game.get("piece_kind", info.piece_kind) if info is not None and info.piece_kind else None
        if force is not None and kind is not None and kind.symbol:     # rule 4.0: the ship's silhouette, by type
            ink = palette.ink(force.color, BLACK) or BLACK
            size = radius * (1.15 if kind.id != "galliot" else 0.95)
            group_shapes.extend(draw_symbol(kind.symbol, centre[0] - size / 2, centre[1] - size * 0.3, size,
                                            size * 0.6, ink.darker(0.35), None))
            if info.facing:
                group_shapes.extend(_facing_tick(centre, grid, info.facing, ink.darker(0.35)))
            drawing.symbols.add(f"ship:{kind.id}")
        elif force is not None and info.facing:
            group_shapes.extend(_facing_arrow(centre, grid, info.facing, palette.ink(force.color, BLACK) or BLACK))
        elif force is not None:
            group_shapes.extend(draw_symbol("galley", centre[0] - radius * 0.5, centre[1] - radius * 0.3,
                                            radius, radius * 0.6, palette.ink(force.color, BLACK) or BLACK, None))
        start_entry = provenance.of(info, "start") if force is not None else None
        if start_entry is not None:
            group_shapes.append(seal_shapes(centre[0], centre[1] + radius * 0.55, start_entry.number))
            drawing.seals.add(start_entry.number)
        drawing.ids[hex_id] = f"hex-{hex_id}"
        shapes.append(Group(f"hex-{hex_id}", group_shapes, "hex" + (" start" if force else "") +
                            (" hidden" if info is not None and info.hidden else "")))
    return shapes


def _facing_tick(centre, grid, facing: int, ink: Ink) -> list[Shape]:
    """A small arrowhead inside the hex side `facing`: which way the ship starting here faces."""
    angle = facing_angle(facing, grid)
    cx, cy = centre
    reach = grid.size * 0.42
    tip = (cx + reach * math.cos(angle), cy + reach * math.sin(angle))
    base = grid.size * 0.3
    side = angle + math.pi / 2
    middle = (cx + base * math.cos(angle), cy + base * math.sin(angle))
    left = (middle[0] + 1.3 * math.cos(side), middle[1] + 1.3 * math.sin(side))
    right = (middle[0] - 1.3 * math.cos(side), middle[1] - 1.3 * math.sin(side))
    return [Polyline((tip, left, right), True, ink)]


def _facing_arrow(centre, grid, facing: int, ink: Ink) -> list[Shape]:
    """A ship-shaped arrow pointing at hex side `facing`, in the squadron's colour."""
    angle = facing_angle(facing, grid)
    length = grid.size * 0.38
    cx, cy = centre
    tip = (cx + length * math.cos(angle), cy + length * math.sin(angle))
    back = angle + math.pi
    left = (cx + length * 0.75 * math.cos(back + 0.45), cy + length * 0.75 * math.sin(back + 0.45))
    right = (cx + length * 0.75 * math.cos(back - 0.45), cy + length * 0.75 * math.sin(back - 0.45))
    return [Polyline((tip, left, right), True, ink, BLACK, 0.2)]
