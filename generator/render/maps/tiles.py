"""Cutting a map too big for the printer into overlapping tiles: pure geometry, then the tiled PDF.

Tiles overlap by at least `overlap` mm so that each can be trimmed on two
edges and glued over its neighbour; the first page shows how they assemble.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from generator.render.draw.fonts import registered
from generator.render.draw.primitives import BLACK, Face
from generator.render.paper.pdf_canvas import MM, SheetWriter, _draw_face, _fill, _stroke
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
    """The fewest tiles of the printable size that cover the map with at least `overlap` mm shared."""
    def spans(length: float, window: float) -> list[float]:
        if length <= window:
            return [0.0]
        count = math.ceil((length - overlap) / (window - overlap))
        step = (length - window) / (count - 1)   # ≤ window − overlap, so overlaps are at least `overlap`
        return [index * step for index in range(count)]

    xs = spans(map_width, printable_width)
    ys = spans(map_height, printable_height)
    return [Tile(f"{chr(ord('A') + column)}{row + 1}", column, row, x, y,
                 min(printable_width, map_width), min(printable_height, map_height))
            for row, y in enumerate(ys) for column, x in enumerate(xs)]


def tiled_pdf(face: Face, profile: PrintProfile, title: str, caption: str, overlap: float = 12.0,
              proof: tuple = ("", (), {}, False)) -> tuple[bytes, list[Tile], float, float, int]:
    """The tiled PDF (assembly page first, then a proof sheet when `proof` = (slug, entries, words) has
    entries), its tiles, the printable origin (x, y of the map's tile corner) and its page count.
    When the map carries a mark, every page of it gets the proof slug."""
    from generator.render.paper.proof_sheet import proof_pages

    # Nothing on a tile runs past its trim; a press profile's bleed only gives the page the white BleedBox PDF/X asks.
    sheet = profile.model_copy(update={"bleed": profile.bleed if profile.pdfx != "none" else 0.0, "slug": 0.0,
                                       "crop_marks": False, "backs": "none"})
    slug, entries, said, marked = proof
    writer = SheetWriter(sheet, title, "", "map tiles", proof=slug)
    width, height = sheet.sheet_size()
    margin = max(profile.margin, 8.0)
    printable_w, printable_h = width - 2 * margin, height - 2 * margin - 6
    found = tiles(face.width, face.height, printable_w, printable_h, overlap)
    c = writer.canvas
    c.beginForm("map", 0, 0, face.width * MM, face.height * MM)
    _draw_face(c, face)
    c.endForm()
    _assembly(c, face, found, width, height, margin, title, caption)
    writer.finish_page([], "", None, "", marked=marked)
    for tile in found:
        left, bottom = margin, height - margin - tile.h   # tile's printable rectangle on the page (pdf y up)
        c.saveState()
        path = c.beginPath()
        path.rect(left * MM, bottom * MM, tile.w * MM, tile.h * MM)
        c.clipPath(path, stroke=0, fill=0)
        c.translate((left - tile.x) * MM, (bottom + tile.h + tile.y - face.height) * MM)
        c.doForm("map")
        c.restoreState()
        _tile_marks(c, tile, left, bottom)
        c.setFont(registered("sans"), 7)
        _fill(c, BLACK)
        c.drawString(left * MM, (margin / 2) * MM, f"{title} · {tile.name}")
        writer.finish_page([], "", None, "", marked=marked)
    proof_pages(writer, entries, said)
    return writer.getvalue(), found, margin, height - margin, writer.pages


def _tile_marks(c, tile: Tile, left: float, bottom: float) -> None:
    """Corner marks on the tile's edges, and its name at the top left, for trimming and matching."""
    _stroke(c, BLACK)
    c.setLineWidth(0.3)
    right, top = left + tile.w, bottom + tile.h
    for x, y, sx, sy in ((left, bottom, -1, -1), (right, bottom, 1, -1), (left, top, -1, 1), (right, top, 1, 1)):
        c.line(x * MM, y * MM, (x + sx * 4) * MM, y * MM)
        c.line(x * MM, y * MM, x * MM, (y + sy * 4) * MM)
    c.setFont(registered("sans-bold"), 9)
    _fill(c, BLACK)
    c.drawString(left * MM, (top + 1.5) * MM, tile.name)


def _assembly(c, face: Face, found: list[Tile], width: float, height: float, margin: float, title: str,
              caption: str) -> None:
    """The first page: the map in miniature with every tile outlined and named."""
    scale = min((width - 2 * margin) / face.width, (height - 2 * margin - 30) / face.height)
    ox, oy = margin, height - margin - 20 - face.height * scale
    c.setFont(registered("sans-bold"), 12)
    _fill(c, BLACK)
    c.drawString(margin * MM, (height - margin - 6) * MM, title)
    c.setFont(registered("sans"), 8)
    c.drawString(margin * MM, (height - margin - 12) * MM, caption)
    c.saveState()
    c.translate(ox * MM, oy * MM)
    c.scale(scale, scale)
    c.doForm("map")
    c.restoreState()
    _stroke(c, BLACK)
    c.setLineWidth(0.6)
    c.setFont(registered("sans-bold"), 10)
    for tile in found:
        x = ox + tile.x * scale
        y = oy + (face.height - tile.y - tile.h) * scale
        c.rect(x * MM, y * MM, tile.w * scale * MM, tile.h * scale * MM, stroke=1, fill=0)
        c.drawString((x + 2) * MM, (y + tile.h * scale - 5) * MM, tile.name)
