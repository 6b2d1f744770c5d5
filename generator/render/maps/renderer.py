"""The map renderer: map.svg (one element per location, hex, track and box), map.pdf at full size,
and map-tiles.pdf for printing at home."""

from __future__ import annotations

from generator.render.context import Artifact, Rendered, RenderRequest
from generator.render.draw.placeholder import has_marks
from generator.render.draw.svg_export import face_svg  # here, not in render_map: imported (0.4 s) before the fork
from generator.render.maps.drawing import draw_map
from generator.render.maps.tiles import tiled_pdf
from generator.render.paper.imposition import Placement
from generator.render.paper.pdf_canvas import SheetWriter
from generator.render.paper.proof_sheet import proof_pages
from generator.render.proofing import printed_numbers, proof_entries, proof_slug, reconstruction_entries
from generator.render.typography import number
from generator.render.wording import section

TILE_OVERLAP = 15.0


def render_map(request: RenderRequest) -> Rendered:
    edition, profile = request.edition, request.profile
    game = edition.game
    rendered = Rendered()
    if game.map is None or not (game.locations or game.map.grid):
        return rendered
    drawing = draw_map(edition)
    rendered.diagnostics.extend(drawing.problems)
    if drawing.problems:
        rendered.failed = True          # never a map with a hole in it
        return rendered
    face = drawing.face
    said = edition.words
    title = f"{edition.field(game.manifest, 'title')} — {said['map']}"
    author = game.manifest.author
    if "svg" in request.formats:
        rendered.artifacts.append(Artifact("map.svg", face_svg(face, title).encode("utf-8"), "map-svg"))
    if "pdf" in request.formats:
        printed = printed_numbers(face.texts())          # the map's own marks, and its seals
        slug = proof_slug(edition, printed, len(drawing.seals))
        entries = proof_entries(edition, printed) + reconstruction_entries(edition, drawing.seals)
        marked = any(has_marks(text) for text in face.texts()) or bool(drawing.seals)
        writer = SheetWriter(profile.model_copy(update={"cut_marks": False}), title, author, said["map"],
                             trim=(face.width, face.height), proof=slug)
        if profile.bleed:
            _background_bleed(writer, face, profile.bleed)
        writer.place(face, None, Placement(0, 0, 0.0, 0.0, face.width, face.height,
                                           (profile.bleed,) * 4 if profile.bleed else (0.0,) * 4))
        writer.finish_page([], str(request.stamp), None, "", marked=marked)
        # Where the map is on its page: a proof grows the page by PROOF_ROOM of slug (a press one by its
        # bleed or slug), so the map no longer starts at the page's corner. x, y from the page's foot, in mm.
        rendered.placements.append(
            {"output": "map.pdf", "page": 1, "x_mm": round(writer.offset, 3), "y_mm": round(writer.offset, 3),
             "w_mm": round(face.width, 3), "h_mm": round(face.height, 3)})
        proof_pages(writer, entries, section(said, "proof"))
        rendered.artifacts.append(Artifact("map.pdf", writer.getvalue(), "map-pdf", writer.pages))
        stamped = f"{title} · {request.stamp}" if request.stamp else title
        overlap = said["tiles"].format(overlap=number(said.language, TILE_OVERLAP))
        pdf, found, left, top, pages = tiled_pdf(face, profile, stamped, overlap, TILE_OVERLAP,
                                                 (slug, entries, section(said, "proof"), marked), author)
        rendered.artifacts.append(Artifact("map-tiles.pdf", pdf, "map-tiles-pdf", pages))
        # Page 1 is the assembly, then one page per tile; the proof sheet's pages that follow are no tiles.
        rendered.placements.extend(
            {"output": "map-tiles.pdf", "tile": tile.name, "page": index + 2, "map_x_mm": round(tile.x, 3),
             "map_y_mm": round(tile.y, 3), "w_mm": round(tile.w, 3), "h_mm": round(tile.h, 3),
             "x_mm": round(left, 3), "y_mm": round(top - tile.h, 3)}
            for index, tile in enumerate(found))
    return rendered


def _background_bleed(writer: SheetWriter, face, bleed: float) -> None:
    """The map's background (its first shape, from the top-left corner across the whole width) runs on into
    the bleed on every side it touches, so a cut a little off the trim shows sea or land, never paper. The
    furniture band under a map is paper white and needs none."""
    from generator.render.draw.primitives import Rect
    from generator.render.paper.pdf_faces import MM, set_fill

    first = face.shapes[0] if face.shapes else None
    if not (isinstance(first, Rect) and first.fill is not None and first.x <= 0 and first.y <= 0
            and first.w >= face.width):
        return
    reaches_foot = first.h >= face.height
    x0, x1 = writer.offset - bleed, writer.offset + face.width + bleed
    top = writer.offset + face.height + bleed
    foot = writer.offset + face.height - first.h - (bleed if reaches_foot else 0.0)
    set_fill(writer.canvas, first.fill)
    writer.canvas.rect(x0 * MM, foot * MM, (x1 - x0) * MM, (top - foot) * MM, stroke=0, fill=1)
