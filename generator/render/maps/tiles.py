"""Cutting a map too big for the printer into overlapping tiles: pure geometry, then the tiled PDF.

Neighbouring tiles share exactly `overlap` mm of the map (the last column and row stop at the map's
edge), so the overlap printed in the instructions is the one on paper: trim a tile on its left and top
edges and lay it over its neighbours, matching the alignment marks printed at the same map position on
both sides of every overlap. The first page shows how the tiles assemble.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.render.draw.fonts import registered
from generator.render.draw.primitives import BLACK, Face
from generator.render.paper.pdf_canvas import SheetWriter
from generator.render.paper.pdf_faces import MM, draw_face, set_fill, set_stroke
from generator.render.paper.profiles import PrintProfile


@dataclass(frozen=True, slots=True)
class Tile:
    name: str          # "A1": column letter, row number
    column: int
    row: int
    x: float           # map mm of the tile's top-left corner
    y: float
    w: float
    h: float


def tiles(map_width: float, map_height: float, printable_width: float, printable_height: float,
          overlap: float) -> list[Tile]:
    """The fewest tiles of the printable size that cover the map, neighbours sharing exactly `overlap` mm."""
    def spans(length: float, window: float) -> list[tuple[float, float]]:
        if length <= window:
            return [(0.0, length)]
        count = math.ceil((length - overlap) / (window - overlap))
        starts = [index * (window - overlap) for index in range(count)]
        return [(start, min(window, length - start)) for start in starts]

    return [Tile(f"{chr(ord('A') + column)}{row + 1}", column, row, x, y, w, h)
            for row, (y, h) in enumerate(spans(map_height, printable_height))
            for column, (x, w) in enumerate(spans(map_width, printable_width))]


def alignment_marks(found: list[Tile], overlap: float, spacing: float = 60.0) -> list[tuple[float, float]]:
    """Map positions (mm) of the alignment marks: along the middle of every overlap, `spacing` apart,
    so each mark prints on both tiles that share it."""
    marks: set[tuple[float, float]] = set()
    for tile in found:
        for other in found:
            if other.row == tile.row and other.column == tile.column + 1:        # a vertical overlap
                x = other.x + overlap / 2
                top, bottom = max(tile.y, other.y), min(tile.y + tile.h, other.y + other.h)
                marks.update((round(x, 3), round(y, 3)) for y in _along(top, bottom, spacing))
            if other.column == tile.column and other.row == tile.row + 1:        # a horizontal overlap
                y = other.y + overlap / 2
                left, right = max(tile.x, other.x), min(tile.x + tile.w, other.x + other.w)
                marks.update((round(x, 3), round(y, 3)) for x in _along(left, right, spacing))
    kept: list[tuple[float, float]] = []
    for mark in sorted(marks):             # where overlaps cross, one target serves both
        if all(abs(mark[0] - x) > 8 or abs(mark[1] - y) > 8 for x, y in kept):
            kept.append(mark)
    return kept


def _along(start: float, end: float, spacing: float) -> list[float]:
    """Evenly spaced points strictly inside [start, end], at least two, none within 8 mm of an end."""
    usable = end - start - 16
    if usable <= 0:
        return [(start + end) / 2]
    count = max(2, int(usable // spacing) + 1)
    return [start + 8 + usable * index / (count - 1) for index in range(count)]


def tiled_pdf(face: Face, profile: PrintProfile, title: str, caption: str, overlap: float = 12.0,
              proof: tuple = ("", (), {}, False), author: str = "") -> tuple[bytes, list[Tile], float, float, int]:
    """The tiled PDF (assembly page first, one page per tile, then the proof sheet's pages when
    `proof` = (slug, entries, words, marked) has entries), its tiles, where each tile's top-left corner sits
    on its page (x, y in mm from the page's bottom-left corner: the media's, so any bleed or slug around
    the trim is counted) and the page count. When the map carries a mark, every page of it gets the proof
    slug."""
    from generator.render.paper.proof_sheet import proof_pages

    # Nothing on a tile runs past its trim; a press profile's bleed only gives the page the white BleedBox PDF/X asks.
    sheet = profile.model_copy(update={"bleed": profile.page_bleed, "slug": 0.0,
                                       "crop_marks": False, "backs": "none"})
    slug, entries, said, marked = proof
    writer = SheetWriter(sheet, title, author, "map tiles", proof=slug)
    width, height = sheet.sheet_size()
    o = writer.offset                       # the media's corner to the trim's (a press PDF/X page's bleed)
    margin = max(profile.margin, 8.0)
    printable_w, printable_h = width - 2 * margin, height - 2 * margin - 6
    found = tiles(face.width, face.height, printable_w, printable_h, overlap)
    marks = alignment_marks(found, overlap)
    c = writer.canvas
    c.beginForm("map", 0, 0, face.width * MM, face.height * MM)
    draw_face(c, face)
    c.endForm()
    c.beginForm("marks", 0, 0, face.width * MM, face.height * MM)
    _alignment(c, marks, face.height)
    c.endForm()
    c.saveState()
    c.translate(o * MM, o * MM)             # the assembly is drawn in trim coordinates
    _assembly(c, face, found, width, height, margin, title, caption)
    c.restoreState()
    writer.finish_page([], "", None, "", marked=marked)
    slugged = bool(slug) and marked         # the slug sits in the top margin, at the left: the name goes right
    for tile in found:
        left, bottom = o + margin, o + height - margin - tile.h   # tile's printable rectangle (pdf y up, media)
        c.saveState()
        path = c.beginPath()
        path.rect(left * MM, bottom * MM, tile.w * MM, tile.h * MM)
        c.clipPath(path, stroke=0, fill=0)
        c.translate((left - tile.x) * MM, (bottom + tile.h + tile.y - face.height) * MM)
        c.doForm("map")
        c.doForm("marks")
        c.restoreState()
        _tile_marks(c, tile, left, bottom, name_right=slugged)
        c.setFont(registered("sans"), 7)
        set_fill(c, BLACK)
        c.drawString(left * MM, (o + margin / 2) * MM, f"{title} · {tile.name}")
        writer.finish_page([], "", None, "", marked=marked)
    proof_pages(writer, entries, said)       # after the tiles: pages 2 … len(found) + 1 are the tiles, no more
    return writer.getvalue(), found, o + margin, o + height - margin, writer.pages


def _alignment(c, marks: list[tuple[float, float]], height: float) -> None:
    """A target at each mark: a circle and a cross, in the map's coordinates (y down)."""
    c.setLineWidth(0.25)
    set_stroke(c, BLACK)
    for x, y in marks:
        px, py = x * MM, (height - y) * MM
        c.circle(px, py, 2.2 * MM, stroke=1, fill=0)
        c.line(px - 3.5 * MM, py, px + 3.5 * MM, py)
        c.line(px, py - 3.5 * MM, px, py + 3.5 * MM)


def _tile_marks(c, tile: Tile, left: float, bottom: float, name_right: bool = False) -> None:
    """Corner marks on the tile's edges, and its name at the top left (top right when the proof slug
    takes the top left), for trimming and matching."""
    set_stroke(c, BLACK)
    c.setLineWidth(0.3)
    right, top = left + tile.w, bottom + tile.h
    for x, y, sx, sy in ((left, bottom, -1, -1), (right, bottom, 1, -1), (left, top, -1, 1), (right, top, 1, 1)):
        c.line(x * MM, y * MM, (x + sx * 4) * MM, y * MM)
        c.line(x * MM, y * MM, x * MM, (y + sy * 4) * MM)
    c.setFont(registered("sans-bold"), 9)
    set_fill(c, BLACK)
    if name_right:
        c.drawRightString((right - 6) * MM, (top + 1.5) * MM, tile.name)
    else:
        c.drawString((left + 6) * MM, (top + 1.5) * MM, tile.name)    # clear of the corner mark


def _assembly(c, face: Face, found: list[Tile], width: float, height: float, margin: float, title: str,
              caption: str) -> None:
    """The first page: the map in miniature with every tile outlined and named."""
    scale = min((width - 2 * margin) / face.width, (height - 2 * margin - 30) / face.height)
    ox, oy = margin, height - margin - 20 - face.height * scale
    c.setFont(registered("sans-bold"), 12)
    set_fill(c, BLACK)
    c.drawString(margin * MM, (height - margin - 6) * MM, title)
    c.setFont(registered("sans"), 8)
    c.drawString(margin * MM, (height - margin - 12) * MM, caption)
    c.saveState()
    c.translate(ox * MM, oy * MM)
    c.scale(scale, scale)
    c.doForm("map")
    c.restoreState()
    set_stroke(c, BLACK)
    c.setLineWidth(0.6)
    c.setFont(registered("sans-bold"), 10)
    for tile in found:
        x = ox + tile.x * scale
        y = oy + (face.height - tile.y - tile.h) * scale
        c.rect(x * MM, y * MM, tile.w * scale * MM, tile.h * scale * MM, stroke=1, fill=0)
        c.drawString((x + 2) * MM, (y + tile.h * scale - 5) * MM, tile.name)
