"""The pictures of a digital module: every counter side and card face cut from a sheet printed with the very
faces the print sheets use, and the board rendered from the drawing that makes map.svg and map.pdf.

One resolution for everything, so a counter covers as many board pixels as it covers millimetres of the
printed map: VASSAL and Tabletop Simulator place pieces in image pixels.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from dataclasses import dataclass, field
from typing import Callable

from generator.diagnostics import Diagnostic
from generator.render.edition import Edition
from generator.render.paper.profiles import PrintProfile

DPI = 150                    # a ½-inch counter is 75 px, VASSAL's customary size
MM_PER_INCH = 25.4
CACHE_KEPT = 32              # rasters kept in the user's cache (the newest)


def px(mm: float) -> int:
    return round(mm * DPI / MM_PER_INCH)


@dataclass
class Pictures:
    faces: dict[str, bytes] = field(default_factory=dict)     # face key → PNG
    board: bytes | None = None                                # the map, PNG
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: bool = False


def digital_profile(profile: PrintProfile) -> PrintProfile:
    """The user's profile with everything that belongs to paper removed: no bleed, marks, scale or backs, and
    no press colour (a screen shows RGB: a module built beside press files is the one built beside home's)."""
    return profile.model_copy(update={"paper": "a3", "landscape": False, "margin": 5.0, "bleed": 0.0, "slug": 0.0,
                                      "crop_marks": False, "cut_marks": False, "backs": "none", "ruler": 0.0,
                                      "back_bleed": 0.0, "dpi": DPI, "color": "rgb", "pdfx": "none",
                                      "die_line": None})


def draw_pictures(edition: Edition, profile: PrintProfile, with_map: bool = True) -> Pictures:
    from generator.render.sheets.cards import card_faces
    from generator.render.sheets.counters import counter_faces
    from generator.render.sheets.printing import STOPPING

    pictures = Pictures()
    faces = {}
    for drawn in (counter_faces(edition), card_faces(edition)):
        # The same faces the counter and card sheets print, drawn by the same code: their findings (an overflow,
        # a missing glyph, an illegible or unprinted field) are the sheets' to report, once, not again by each
        # module. What stops the module is said here: a face that lost its picture or its layout.
        pictures.diagnostics.extend(d for d in drawn.diagnostics if d.code in STOPPING)
        faces.update(drawn.faces)
    if pictures.diagnostics:
        pictures.failed = True          # never a module with a hole in it; an overflow stops it no more than a sheet
        return pictures
    pictures.faces = _cut_faces(edition, faces, digital_profile(profile))
    if with_map and edition.game.map is not None and (edition.game.locations or edition.game.map.grid):
        _draw_board(edition, profile, pictures)
    return pictures


def _cut_faces(edition: Edition, faces: dict, profile: PrintProfile) -> dict[str, bytes]:
    """Each face once on a sheet printed like the counter and card sheets, then cut out at DPI."""
    if not faces:
        return {}
    from generator.render.paper.raster import face_images
    from generator.render.sheets.printing import SheetItem, SheetText, print_sheets

    items = [SheetItem(key, 1, key, None, face.width, face.height) for key, face in faces.items()]
    text = SheetText(edition.text("game.title", edition.game.manifest.title), "", "counters", edition.words)
    sheets = print_sheets(items, faces, profile, 1.0, "digital", text)
    return rasters(sheets.pdf, lambda: face_images(sheets.pdf, sheets.first_seen, DPI, sheets.page_offset))


def _draw_board(edition: Edition, profile: PrintProfile, pictures: Pictures) -> None:
    import pypdfium2 as pdfium

    from generator.render.maps.drawing import draw_map
    from generator.render.paper.imposition import Placement
    from generator.render.paper.pdf_canvas import SheetWriter

    drawing = draw_map(edition)
    if drawing.problems:
        pictures.diagnostics.extend(drawing.problems)
        pictures.failed = True
        return
    face = drawing.face
    writer = SheetWriter(digital_profile(profile), "board", "", "board", trim=(face.width, face.height))
    writer.place(face, None, Placement(0, 0, 0.0, 0.0, face.width, face.height, (0.0,) * 4))
    writer.finish_page([], "", None, "")
    pdf = writer.getvalue()

    def rendered() -> dict[str, bytes]:
        document = pdfium.PdfDocument(pdf)
        try:
            page = document[0]
            picture = page.render(scale=DPI / 72, may_draw_forms=False).to_pil()
            page.close()
        finally:
            document.close()
        buffer = io.BytesIO()
        picture.save(buffer, "PNG", dpi=(DPI, DPI), compress_level=1)
        return {"board.png": buffer.getvalue()}

    pictures.board = rasters(pdf, rendered)["board.png"]


def rasters(pdf: bytes, make: Callable[[], dict[str, bytes]]) -> dict[str, bytes]:
    """PNGs rendered from `pdf`, kept in the user's cache under the PDF's digest: the VASSAL module and the TTS
    save of one edition print the same sheet and the same board, so the second export of a build (and any
    rebuild whose faces did not change) skips rendering and compressing them again."""
    import pypdfium2

    from generator.user_cache import cache_folder, write_atomically

    digest = hashlib.sha256(pdf)
    digest.update(f"{DPI} {pypdfium2.version.PDFIUM_INFO}".encode())
    path = cache_folder("digital", f"{digest.hexdigest()}.zip")
    try:
        with zipfile.ZipFile(path) as archive:
            return {name: archive.read(name) for name in archive.namelist()}
    except (OSError, zipfile.BadZipFile, KeyError):
        pass
    made = make()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in made.items():
            archive.writestr(zipfile.ZipInfo(name), data)
    if write_atomically(path, buffer.getvalue()):
        _forget_oldest(path.parent)
    return made


def _forget_oldest(folder) -> None:
    from contextlib import suppress

    with suppress(OSError):
        kept = sorted(folder.glob("*.zip"), key=lambda entry: entry.stat().st_mtime, reverse=True)
        for entry in kept[CACHE_KEPT:]:
            entry.unlink(missing_ok=True)
