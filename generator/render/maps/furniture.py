"""The furniture around a map, flowed in a band below it: tracks, boxes, printed tables, the legend and
the wind rose or compass, all taken from the data."""

from __future__ import annotations

import math

from generator.derived.hex_grid import MAP_MARGIN
from generator.derived.outlines import outlines
from generator.render.draw.colors import Palette, hex_ink
from generator.render.draw.placeholder import SEAL_MIN_POINTS as MIN_POINTS
from generator.render.draw.primitives import BLACK, WHITE, Ellipse, Group, Ink, Polyline, Rect, Shape, readable_on
from generator.render.draw.text_fit import place
from generator.render.edition import Edition
from generator.render.maps import fit_map
from generator.render.maps.holdings import Extent, held_extents, marker_extent
from generator.render.maps.legend import legend_entries, legend_symbol
from generator.render.table_view import small_table

MARGIN = MAP_MARGIN
GAP = 6.0
TERRAIN = {"clear": "#efe8cf", "jungle": "#8fb57a", "forest": "#86ad73", "mountain": "#c2a47f",
           "impassable": "#7d6d5f", "hills": "#d8c49a", "marsh": "#a9c2a0", "sea": "#bcd6ea", "shore": "#e8d9a8",
           "coast": "#e8d9a8", "city": "#d9c7b0", "water": "#bcd6ea"}
TYPE_FILL = {"sea": "#bcd6ea", "box": "#f6f1e3", "hex": "#f2ecd8"}
SEA_LINK = Ink(rgb=(0.18, 0.38, 0.62))
LAND_LINK = Ink(rgb=(0.35, 0.28, 0.2))
FOOTPRINT = Ink(rgb=(0.45, 0.4, 0.33))
BOX = (46.0, 26.0)             # mm: an off-map box that holds nothing the data names
BOX_NAME = 8.0                 # mm: the band a box's name takes above what it holds
TRACK_SPACE = 12.0             # mm: the smallest track space
ROOM = 1.5                     # mm: the margin around a counter or card in its space

# furniture -------------------------------------------------------------------------------------------------------

def furniture(edition: Edition, palette: Palette, width: float, map_height: float, said, drawing):
    """Tracks, boxes, printed tables, legend and wind rose, flowed in a band under the map."""
    game = edition.game
    shapes: list[Shape] = []
    top = map_height + GAP
    y = top
    held = held_extents(game)
    marker = marker_extent(game)
    for track in game.tracks:
        group, used = _track(track, edition, palette, MARGIN, y, width - 2 * MARGIN, held.get(track.id, marker))
        shapes.append(group)
        drawing.ids[track.id] = group.id
        y += used + 3
    row = _Flow(MARGIN, y, width - MARGIN)
    for location in (loc for loc in game.locations if loc.type == "box" and loc.id not in drawing.ids):
        name = edition.field(location, "name")
        box = _box(name, held.get(location.id), marker, row)
        shapes.append(Group(f"box-{location.id}", box, "box", name))
        drawing.ids[location.id] = f"box-{location.id}"
    for table_id in game.map.tables:
        found = small_table(edition, table_id)
        if found is None:
            continue
        lines = len(found.rows) + (1 if found.head else 0)
        w, h = 80.0, 7.0 + 5.0 * lines
        x, ty = row.take(w, h)
        shapes.append(Group(f"table-{table_id}", _table(found, x, ty, w), "table", found.title))
    legend = _legend(edition, palette, said, drawing) + legend_entries(
        edition, palette, drawing.symbols, said, bool(drawing.links), drawing.borders, drawing.seals)
    if legend:
        w, h = 110.0, 8.0 + 6.0 * len(legend)
        x, ly = row.take(w, h)
        items: list[Shape] = [Rect(x, ly, w, h, WHITE, BLACK, 0.3, 1.5)]
        title = fit_map(said["legend"], "sans-bold", 8, MIN_POINTS, w - 4, 5)
        items.extend(place(title, "sans-bold", x + 2, ly + 1.5, w - 4, 5, "left"))
        for index, (label, swatch, kind) in enumerate(legend):
            sy = ly + 8 + index * 6
            if kind is True:
                items.append(Polyline(((x + 3, sy + 2.5), (x + 13, sy + 2.5)), stroke=swatch, stroke_width=0.8))
            elif kind:
                items.extend(legend_symbol(kind, x + 8, sy + 2.5, palette, game))
            else:
                items.append(Rect(x + 3, sy, 10, 5, swatch, BLACK, 0.2))
            items.extend(place(fit_map(label, "sans", 7, MIN_POINTS, w - 20, 5), "sans", x + 16, sy, w - 20, 5, "left"))
        shapes.append(Group("legend", items, "legend"))
    if game.map.compass != "none":
        size = 34.0
        x, cy = row.take(size, size)
        shapes.append(Group("compass", _rose(x + size / 2, cy + size / 2, size / 2 - 4, game.map.compass, said),
                            "compass"))
    return shapes, row.bottom() - top + GAP + MARGIN


def _box(name: str, holds: Extent | None, marker: Extent | None, row: _Flow) -> list[Shape]:
    """An off-map box: its name, and room under it for what the data says it holds, drawn as that counter's or
    card's outline; a box the data says nothing about is drawn large enough for one of the game's markers."""
    room = holds or marker or (0.0, 0.0)
    w, h = max(BOX[0], room[0] + 2 * ROOM), max(BOX[1], room[1] + 2 * ROOM + BOX_NAME)
    x, y = row.take(w, h)
    shapes: list[Shape] = [Rect(x, y, w, h, hex_ink(TYPE_FILL["box"]), BLACK, 0.5, 2)]
    if holds is None:
        return shapes + place(fit_map(name, "sans-bold", 8, 5, w - 4, h - 4), "sans-bold", x + 2, y + 2, w - 4, h - 4)
    shapes += place(fit_map(name, "sans-bold", 8, 5, w - 4, BOX_NAME - 1), "sans-bold", x + 2, y + 1, w - 4,
                    BOX_NAME - 1)
    left, top = x + (w - holds[0]) / 2, y + BOX_NAME + (h - BOX_NAME - holds[1]) / 2
    return shapes + [Rect(left, top, holds[0], holds[1], None, FOOTPRINT, 0.3, 2)]


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


def _track(track, edition: Edition, palette: Palette, x: float, y: float, width: float,
           holds: Extent | None) -> tuple[Group, float]:
    """A track's name, then a row (or rows) of spaces, each large enough for the counter that moves on it."""
    name = edition.field(track, "name")
    label_width = 34.0
    cell = max(TRACK_SPACE, max(holds) + ROOM) if holds else TRACK_SPACE
    per_row = max(1, int((width - label_width) // cell))
    values = list(range(track.min, track.max + 1))
    rows = math.ceil(len(values) / per_row)
    fill = palette.ink(track.color, hex_ink("#f6f1e3")) or hex_ink("#f6f1e3")
    footnotes: list[str] = []
    shapes: list[Shape] = list(place(fit_map(name, "sans-bold", 9, 5, label_width - 2, cell), "sans-bold", x, y,
                                     label_width - 2, cell, "left"))
    for index, value in enumerate(values):
        cx = x + label_width + (index % per_row) * cell
        cy = y + (index // per_row) * cell
        key = str(value)
        label = edition.field(track, "labels", key) if key in track.labels else key
        note = edition.field(track, "notes", key) if key in track.notes else ""
        space: list[Shape] = [Rect(cx, cy, cell, cell, fill, BLACK, 0.35)]
        space.extend(place(fit_map(label, "sans-bold", 9, 5, cell - 1.5, cell * 0.5), "sans-bold", cx + 0.75, cy + 1,
                           cell - 1.5, cell * 0.5, fill=readable_on(fill)))
        if note:
            fitted = fit_map(note, "sans", 6, MIN_POINTS, cell - 1, cell * 0.4)
            if not fitted.fits:         # a note too long for its space: a call there, the note under the track
                footnotes.append(f"{len(footnotes) + 1}. {key}: {note}")
                fitted = fit_map(f"({len(footnotes)})", "sans-bold", 6, MIN_POINTS, cell - 1, cell * 0.4)
            space.extend(place(fitted, "sans", cx + 0.5, cy + cell * 0.55, cell - 1, cell * 0.4,
                               fill=readable_on(fill)))
        shapes.append(Group(f"track-{track.id}-{key}", space, "track-space", note or None))
    used = rows * cell
    for line in footnotes:
        shapes.extend(place(fit_map(line, "sans", 7, MIN_POINTS, width - label_width, 4), "sans", x + label_width,
                            y + used + 1, width - label_width, 4, "left"))
        used += 4.5
    return Group(f"track-{track.id}", shapes, "track", name), used


def _table(table, x: float, y: float, w: float) -> list[Shape]:
    """A table from its small view: the title, its own header row if it has one, and a row of cells per row
    (the key in a narrow bold column, the values sharing the rest), as the rulebook prints it."""
    rows = ([table.head] if table.head else []) + table.rows
    shapes: list[Shape] = [Rect(x, y, w, 7 + 5 * len(rows), WHITE, BLACK, 0.35, 1)]
    shapes.extend(place(fit_map(table.title, "sans-bold", 8, 5, w - 4, 6), "sans-bold", x + 2, y + 0.5, w - 4, 6))
    key_width = 8.0 if table.kind == "list" else 14.0 if table.kind in ("die-roll", "matrix") else 30.0
    for index, cells in enumerate(rows):
        ry = y + 7 + index * 5
        shapes.append(Polyline(((x, ry), (x + w, ry)), stroke=hex_ink("#888888"), stroke_width=0.2))
        header = bool(table.head) and index == 0
        values = cells[1:] or [""]
        step = (w - key_width - 2) / len(values)
        shapes.extend(place(fit_map(cells[0], "sans-bold", 7, 5, key_width - 1, 5), "sans-bold", x + 1, ry,
                            key_width - 1, 5))
        for column, value in enumerate(values):
            left = x + key_width + column * step
            role = "sans-bold" if header else "sans"
            shapes.extend(place(fit_map(value, role, 7, 5, step - 1, 5), role, left, ry, step - 1, 5,
                                "left" if len(values) == 1 else "center"))
    return shapes


def _legend(edition: Edition, palette: Palette, said, drawing) -> list[tuple[str, Ink, bool]]:
    game = edition.game
    entries: list[tuple[str, Ink, bool]] = []
    outlined = bool(outlines(game).regions)      # terrain is drawn as symbols there (legend_entries)
    terrains = sorted({loc.terrain for loc in game.locations if loc.terrain in TERRAIN and not outlined} |
                      {h.terrain for h in (game.map.hexes if game.map else []) if h.terrain in TERRAIN})
    entries.extend((said.get(f"terrain.{terrain}", terrain), hex_ink(TERRAIN[terrain]), False) for terrain in terrains)
    if drawing.links and not outlined:        # only links the data states are drawn; none, no entry
        entries.append((said["adjacent"], SEA_LINK, True))
    for force in game.forces:
        if any(h.start == force.id for h in game.map.hexes):
            color = palette.ink(force.color, hex_ink("#cccccc")) or hex_ink("#cccccc")
            marked = f" {edition.color_mark(force.color)}" if edition.color_mark(force.color) else ""
            entries.append((f"{edition.name('force', force.id)} ({said['start']}){marked}", color.lighter(0.35), False))
    for kind in sorted(symbol for symbol in drawing.symbols if symbol.startswith("ship:")):
        entries.append((edition.name("piece_kind", kind.split(":", 1)[1]), BLACK, kind))
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
            shapes.extend(place(fit_map(str(number), "sans-bold", 8, 5, 5, 4), "sans-bold", lx - 2.5, ly - 2, 5, 4))
        shapes.extend(place(fit_map(said["wind"], "sans", 6, 5, radius, 4), "sans", cx - radius / 2, cy + 1, radius, 4))
    else:
        shapes.append(Polyline(((cx, cy - radius * 0.85), (cx - radius * 0.2, cy), (cx + radius * 0.2, cy)), True,
                               BLACK))
        shapes.extend(place(fit_map("N", "sans-bold", 9, 5, 6, 5), "sans-bold", cx - 3, cy - radius - 1, 6, 5))
    return shapes
