"""The whole map as shapes: locations (or hexes), the links between neighbours, and the furniture
(tracks, boxes, printed tables, legend, wind rose) in a band below, all taken from the data.

Every area, zone, province, sea, hex, box, track and table is one group whose
id is `<kind>-<content id>`, so the SVG can be scripted and tested.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from generator.derived.adjacency import UNCONNECTED_TYPES, neighbours
from generator.diagnostics import make
from generator.model import where
from generator.model.maps import Location
from generator.render.draw.colors import Palette, hex_ink
from generator.render.draw.primitives import (BLACK, WHITE, Ellipse, Face, Group, Image, Ink, Polyline, Rect, Shape,
                                      readable_on)
from generator.load.images import image_problem
from generator.render.edition import Edition
from generator.render.maps.geometry import (facing_angle, hex_centres, hex_corners, hex_extent, hex_radius,
                                           shape_centre, tidy_schematic)
from generator.render.draw.symbols import draw_symbol
from generator.render.draw.text_fit import fit, place
from generator.render.table_view import small_table

MARGIN = 10.0
GAP = 6.0
TERRAIN = {"clear": "#efe8cf", "jungle": "#8fb57a", "forest": "#86ad73", "mountain": "#c2a47f",
           "impassable": "#7d6d5f", "hills": "#d8c49a", "marsh": "#a9c2a0", "sea": "#bcd6ea", "shore": "#e8d9a8",
           "coast": "#e8d9a8", "city": "#d9c7b0", "water": "#bcd6ea"}
TYPE_FILL = {"sea": "#bcd6ea", "box": "#f6f1e3", "hex": "#f2ecd8"}
SEA_LINK = Ink(rgb=(0.18, 0.38, 0.62))
LAND_LINK = Ink(rgb=(0.35, 0.28, 0.2))
NODE = (36.0, 16.0)   # schematic location: width, height in mm


@dataclass
class MapDrawing:
    face: Face
    ids: dict[str, str] = field(default_factory=dict)          # content id → element id
    links: list[tuple[str, str]] = field(default_factory=list)
    problems: list = field(default_factory=list)               # diagnostics


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
        width = max(420.0, math.sqrt(count * (NODE[0] + 10) * (NODE[1] + 16) * 2.2 * 1.4))
        height = width / 1.4
    main: list[Shape] = [Rect(0, 0, width, height, hex_ink("#e9f1f7" if grid else "#f3efe2"))]
    art = game.folder / game_map.art if game_map.art else None
    art_problem = image_problem(art, game.folder) if art is not None else None
    if art is not None and art_problem is None:
        main.append(Image(0, 0, width, height, art))        # the artwork under the areas drawn over it
    drawing = MapDrawing(Face(width, height))
    if art_problem:
        drawing.problems.append(make("LAY004", f"the map's artwork {art.name} {art_problem}", where(game_map, "art")))
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
    links = [_link(a, b, centres, game, edition) for a, b in sorted(pairs) if a in centres and b in centres]
    drawing.links = [(a, b) for a, b in sorted(pairs) if a in centres and b in centres]
    main.extend(links)
    for location in placed:
        group = _location(location, centres[location.id], edition, palette, said)
        drawing.ids[location.id] = group.id
        main.append(group)
    band, band_height = _furniture(edition, palette, width, height, said, drawing)
    drawing.face = Face(width, height + band_height, main + [Group(None, band, "furniture")])
    return drawing


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
        shapes.extend(place(fit(cost, "sans-bold", 7, 4, 5, 4), "sans-bold", mx - 2.5, my - 2, 5, 4, fill=BLACK))
    return Group(f"link-{a}--{b}", shapes, "adjacency")


def _fill_of(location: Location, palette: Palette) -> Ink:
    if location.colors:
        return palette.ink(location.colors[0], hex_ink("#efe8cf"))
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
    name = edition.text(f"location.{location.id}.name", location.name)
    if location.number is not None and shape is not None and shape.circle is not None:
        x, y, r = shape.circle
        shapes.extend(place(fit(str(location.number), "sans-bold", 22, 10, r * 1.2, r * 0.9), "sans-bold",
                            x - r * 0.6, y - r * 0.45, r * 1.2, r * 0.9, fill=readable_on(fill)))
    on_fill = location.label is None
    shapes.extend(place(fit(name, "sans-bold", 9, 5, label_box[2], label_box[3]), "sans-bold", *label_box,
                        fill=readable_on(fill) if on_fill else BLACK))
    extras = []
    if location.vp is not None:
        extras.append(f"{edition.shown(location.vp)} {said['vp']}")
    if location.terrain and location.label is not None:
        extras.append(said.get(f"terrain.{location.terrain}", location.terrain))
    if extras:
        bx, by, bw, bh = label_box
        shapes.extend(place(fit(" · ".join(extras), "sans", 7, 4.5, bw, 4), "sans", bx, by + bh, bw, 4, fill=BLACK))
    return Group(f"{location.type}-{location.id}", shapes, location.type, name)



def _hexes(edition: Edition, palette: Palette, grid, drawing: MapDrawing, said) -> list[Shape]:
    game = edition.game
    data = {h.id: h for h in game.map.hexes}
    shapes: list[Shape] = []
    radius = hex_radius(grid)
    for hex_id, centre in hex_centres(grid, MARGIN).items():
        info = data.get(hex_id)
        terrain = info.terrain if info and info.terrain else None
        fill = hex_ink(TERRAIN.get(terrain, TYPE_FILL["hex"])) if terrain else hex_ink(TYPE_FILL["sea"])
        force = game.get("force", info.start) if info and info.start else None
        if force is not None:
            fill = (palette.ink(force.color, hex_ink("#cccccc")) or hex_ink("#cccccc")).lighter(0.35)
        if info is not None and info.hidden:
            fill = hex_ink("#cfcfcf")
        group_shapes: list[Shape] = [Polyline(hex_corners(centre, grid), True, fill, hex_ink("#6b7f8f"), 0.25)]
        group_shapes.extend(place(fit(hex_id, "sans", 4.5, 3, radius, radius * 0.35), "sans",
                                  centre[0] - radius / 2, centre[1] - grid.size / 2 + 0.6, radius, radius * 0.35,
                                  fill=hex_ink("#4a5a66")))
        if force is not None and info.facing:
            group_shapes.extend(_facing_arrow(centre, grid, info.facing, palette.ink(force.color, BLACK) or BLACK))
        elif force is not None:
            group_shapes.extend(draw_symbol("galley", centre[0] - radius * 0.5, centre[1] - radius * 0.3,
                                            radius, radius * 0.6, palette.ink(force.color, BLACK) or BLACK, None))
        drawing.ids[hex_id] = f"hex-{hex_id}"
        shapes.append(Group(f"hex-{hex_id}", group_shapes, "hex" + (" start" if force else "") +
                            (" hidden" if info is not None and info.hidden else "")))
    return shapes


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


# furniture -------------------------------------------------------------------------------------------------------

def _furniture(edition: Edition, palette: Palette, width: float, map_height: float, said, drawing: MapDrawing):
    """Tracks, boxes, printed tables, legend and wind rose, flowed in a band under the map."""
    game = edition.game
    shapes: list[Shape] = []
    top = map_height + GAP
    y = top
    for track in game.tracks:
        group, used = _track(track, edition, palette, MARGIN, y, width - 2 * MARGIN)
        shapes.append(group)
        drawing.ids[track.id] = group.id
        y += used + 3
    row = _Flow(MARGIN, y, width - MARGIN)
    for location in (loc for loc in game.locations if loc.type == "box" and loc.id not in drawing.ids):
        w, h = 46.0, 26.0
        x, by = row.take(w, h)
        name = edition.text(f"location.{location.id}.name", location.name)
        box = [Rect(x, by, w, h, hex_ink(TYPE_FILL["box"]), BLACK, 0.5, 2)]
        box.extend(place(fit(name, "sans-bold", 8, 5, w - 4, h - 4), "sans-bold", x + 2, by + 2, w - 4, h - 4))
        shapes.append(Group(f"box-{location.id}", box, "box", name))
        drawing.ids[location.id] = f"box-{location.id}"
    for table_id in game.map.tables:
        found = small_table(edition, table_id)
        if found is None:
            continue
        title, rows = found
        w, h = 80.0, 7.0 + 5.0 * len(rows)
        x, ty = row.take(w, h)
        shapes.append(Group(f"table-{table_id}", _table(title, rows, x, ty, w), "table", title))
    legend = _legend(edition, palette, said)
    if legend:
        w, h = 70.0, 8.0 + 6.0 * len(legend)
        x, ly = row.take(w, h)
        items: list[Shape] = [Rect(x, ly, w, h, WHITE, BLACK, 0.3, 1.5)]
        items.extend(place(fit(said["legend"], "sans-bold", 8, 5, w - 4, 5), "sans-bold", x + 2, ly + 1.5, w - 4, 5,
                           "left"))
        for index, (label, swatch, line) in enumerate(legend):
            sy = ly + 8 + index * 6
            if line:
                items.append(Polyline(((x + 3, sy + 2.5), (x + 13, sy + 2.5)), stroke=swatch, stroke_width=0.8))
            else:
                items.append(Rect(x + 3, sy, 10, 5, swatch, BLACK, 0.2))
            items.extend(place(fit(label, "sans", 7, 4.5, w - 20, 5), "sans", x + 16, sy, w - 20, 5, "left"))
        shapes.append(Group("legend", items, "legend"))
    if game.map.compass != "none":
        size = 34.0
        x, cy = row.take(size, size)
        shapes.append(Group("compass", _rose(x + size / 2, cy + size / 2, size / 2 - 4, game.map.compass, said),
                            "compass"))
    return shapes, row.bottom() - top + GAP + MARGIN


class _Flow:
    """Left-to-right placement of blocks in rows, like words in a paragraph."""

    def __init__(self, left: float, top: float, right: float):
        self.left, self.right = left, right
        self.x, self.y, self.row_height = left, top, 0.0

    def take(self, w: float, h: float) -> tuple[float, float]:
        if self.x > self.left and self.x + w > self.right:
            self.x, self.y, self.row_height = self.left, self.y + self.row_height + 4, 0.0
        spot = (self.x, self.y)
        self.x += w + 4
        self.row_height = max(self.row_height, h)
        return spot

    def bottom(self) -> float:
        return self.y + self.row_height


def _track(track, edition: Edition, palette: Palette, x: float, y: float, width: float) -> tuple[Group, float]:
    name = edition.text(f"track.{track.id}.name", track.name)
    label_width, cell = 34.0, 12.0
    per_row = max(1, int((width - label_width) // cell))
    values = list(range(track.min, track.max + 1))
    rows = math.ceil(len(values) / per_row)
    fill = palette.ink(track.color, hex_ink("#f6f1e3")) or hex_ink("#f6f1e3")
    shapes: list[Shape] = list(place(fit(name, "sans-bold", 9, 5, label_width - 2, cell), "sans-bold", x, y,
                                     label_width - 2, cell, "left"))
    for index, value in enumerate(values):
        cx = x + label_width + (index % per_row) * cell
        cy = y + (index // per_row) * cell
        key = str(value)
        label = edition.text(f"track.{track.id}.labels.{key}", track.labels[key]) if key in track.labels else key
        note = edition.text(f"track.{track.id}.notes.{key}", track.notes[key]) if key in track.notes else ""
        space: list[Shape] = [Rect(cx, cy, cell, cell, fill, BLACK, 0.35)]
        space.extend(place(fit(label, "sans-bold", 9, 4, cell - 1.5, cell * 0.5), "sans-bold", cx + 0.75, cy + 1,
                           cell - 1.5, cell * 0.5, fill=readable_on(fill)))
        if note:
            space.extend(place(fit(note, "sans", 5, 3, cell - 1, cell * 0.4), "sans", cx + 0.5, cy + cell * 0.55,
                               cell - 1, cell * 0.4, fill=readable_on(fill)))
        shapes.append(Group(f"track-{track.id}-{key}", space, "track-space", note or None))
    return Group(f"track-{track.id}", shapes, "track", name), rows * cell


def _table(title: str, rows, x: float, y: float, w: float) -> list[Shape]:
    shapes: list[Shape] = [Rect(x, y, w, 7 + 5 * len(rows), WHITE, BLACK, 0.35, 1)]
    shapes.extend(place(fit(title, "sans-bold", 8, 5, w - 4, 6), "sans-bold", x + 2, y + 0.5, w - 4, 6))
    for index, (key, result) in enumerate(rows):
        ry = y + 7 + index * 5
        shapes.append(Polyline(((x, ry), (x + w, ry)), stroke=hex_ink("#888888"), stroke_width=0.2))
        shapes.extend(place(fit(key, "sans-bold", 7, 4, 14, 5), "sans-bold", x + 1, ry, 14, 5))
        shapes.extend(place(fit(result, "sans", 7, 4, w - 18, 5), "sans", x + 16, ry, w - 18, 5, "left"))
    return shapes


def _legend(edition: Edition, palette: Palette, said) -> list[tuple[str, Ink, bool]]:
    game = edition.game
    entries = []
    terrains = sorted({loc.terrain for loc in game.locations if loc.terrain in TERRAIN} |
                      {h.terrain for h in (game.map.hexes if game.map else []) if h.terrain in TERRAIN})
    entries.extend((said.get(f"terrain.{terrain}", terrain), hex_ink(TERRAIN[terrain]), False) for terrain in terrains)
    if any(loc.type not in UNCONNECTED_TYPES for loc in game.locations):
        entries.append((said["adjacent"], SEA_LINK, True))
    for force in game.forces:
        if any(h.start == force.id for h in game.map.hexes):
            color = palette.ink(force.color, hex_ink("#cccccc")) or hex_ink("#cccccc")
            entries.append((f"{edition.name('force', force.id)} ({said['start']})", color.lighter(0.35), False))
    if any(h.hidden for h in game.map.hexes):
        entries.append((said["hidden"], hex_ink("#cfcfcf"), False))
    return entries


def _rose(cx: float, cy: float, radius: float, kind: str, said) -> list[Shape]:
    shapes: list[Shape] = [Ellipse(cx, cy, radius, radius, WHITE, BLACK, 0.4)]
    if kind == "wind-rose":
        for number in range(1, 7):
            angle = math.radians(-90 + 60 * (number - 1))
            tip = (cx + radius * 0.8 * math.cos(angle), cy + radius * 0.8 * math.sin(angle))
            shapes.append(Polyline(((cx, cy), tip), stroke=BLACK, stroke_width=0.5))
            lx, ly = cx + (radius + 2.5) * math.cos(angle), cy + (radius + 2.5) * math.sin(angle)
            shapes.extend(place(fit(str(number), "sans-bold", 8, 5, 5, 4), "sans-bold", lx - 2.5, ly - 2, 5, 4))
        shapes.extend(place(fit(said["wind"], "sans", 6, 4, radius, 4), "sans", cx - radius / 2, cy + 1, radius, 4))
    else:
        shapes.append(Polyline(((cx, cy - radius * 0.85), (cx - radius * 0.2, cy), (cx + radius * 0.2, cy)), True,
                               BLACK))
        shapes.extend(place(fit("N", "sans-bold", 9, 5, 6, 5), "sans-bold", cx - 3, cy - radius - 1, 6, 5))
    return shapes
