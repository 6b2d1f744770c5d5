"""The pictures of a digital module: every counter side and card face cut from a sheet printed with the very
faces the print sheets use, and the board rendered from the drawing that makes map.svg and map.pdf.

One resolution for everything, so a counter covers as many board pixels as it covers millimetres of the
printed map: VASSAL and Tabletop Simulator place pieces in image pixels.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial

from generator.diagnostics import Diagnostic
from generator.render.edition import Edition
from generator.render.paper.profiles import PrintProfile
from generator.render.paper.raster import BLEED_MM, alone_profile, cut_faces, encoder_version, pdfium_version
from generator.user_cache import shipped_key

DPI = 150                    # a ½-inch counter is 75 px, VASSAL's customary size
MM_PER_INCH = 25.4


def px(mm: float) -> int:
    return round(mm * DPI / MM_PER_INCH)


@dataclass
class Pictures:
    faces: dict[str, bytes] = field(default_factory=dict)     # face key → PNG
    board: bytes | None = None                                # the map, PNG
    board_pdf: bytes | None = None                            # the map, the PDF its PNG is rendered from
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: bool = False


def digital_profile(profile: PrintProfile, bleed: float = 0.0) -> PrintProfile:
    """The user's profile with everything that belongs to paper removed (raster.alone_profile), and no press
    colour (a screen shows RGB: a module built beside press files is the one built beside home's); no bleed
    unless asked (the faces' sheet has one, so a face cut out has its own colour up to its edge)."""
    return alone_profile(profile, bleed).model_copy(update={"dpi": DPI, "color": "rgb"})


def draw_pictures(edition: Edition, profile: PrintProfile, places_of: Callable[[Edition], object],
                  with_map: bool = True,
                  reused: Callable[[str, Callable[[], tuple]], tuple] = lambda name, make: make()) -> Pictures:
    """The pictures of one edition (its counters' faces, its cards' faces, its board), its map's drawing
    (edition's `map_drawing`) and its board's places (`places_of`: board.board_places, which reads this
    module's drawing, hence given rather than imported).

    Each of the three is made through `reused` (the build job's RenderRequest.reused): drawn while the job
    records what it reads, and kept in the user's cache with that record; a later job whose game gives every
    input of the record its recorded digest (the TTS save after the VASSAL module, a rebuild after a card's
    edit for the counters and the board) takes it as it is, its record as if it had drawn it. Drawn again,
    each face's picture is still kept under a digest of its own drawing: after an edit only the faces that
    draw differently are printed and rasterized again."""
    from generator.render.sheets.cards import card_faces
    from generator.render.sheets.counters import counter_faces

    # Named by the game's id, not its folder: a copy of the game, whose recorded inputs are the same, reuses them.
    name = hashlib.sha256(f"{edition.game.id} {edition.language} {shipped_key()} {DPI} {pdfium_version()} "
                          f"{profile.model_dump_json()}".encode()).hexdigest()
    pictures = Pictures()
    with _one_drawer(name):
        for part, faces_of in (("counters", counter_faces), ("cards", card_faces)):
            stops, faces = reused(f"{name}-{part}", partial(_cut, faces_of, edition, profile))
            # The same faces the counter and card sheets print, drawn by the same code: their findings (an
            # overflow, a missing glyph, an illegible field) are the sheets' to report, once, not again by each
            # module. What stops the module is said here: a face that lost its picture or its layout.
            pictures.diagnostics += stops
            pictures.faces.update(faces)
        if pictures.diagnostics:
            pictures.failed = True      # never a module with a hole in it; an overflow stops it no more than a sheet
            pictures.faces = {}
            return pictures
        if with_map and edition.game.map is not None and (edition.game.locations or edition.game.map.grid):
            problems, pictures.board, drawing, pictures.board_pdf, places = reused(
                f"{name}-board", lambda: _draw_board(edition, profile, places_of))
            edition.__dict__["_map_drawing"] = drawing
            edition.__dict__["_board_places"] = places      # board.board_places: kept with the board it lies on
            if problems:
                pictures.diagnostics += problems
                pictures.failed = True
    return pictures


def _cut(faces_of: Callable, edition: Edition, profile: PrintProfile) -> tuple[list[Diagnostic], dict[str, bytes]]:
    from generator.render.sheets.printing import STOPPING

    drawn = faces_of(edition)
    stops = [d for d in drawn.diagnostics if d.code in STOPPING]
    return stops, {} if stops else cut_faces(drawn.faces, digital_profile(profile, BLEED_MM), DPI)


def map_drawing(edition: Edition):
    """The map as maps.drawing draws it, once per edition: a module's board picture and its places (board.py) are
    read from the same drawing (drawn twice, it was half of a VASSAL module's time)."""
    from generator.render.maps.drawing import draw_map

    if "_map_drawing" not in edition.__dict__:
        edition.__dict__["_map_drawing"] = draw_map(edition)
    return edition.__dict__["_map_drawing"]


def _draw_board(edition: Edition, profile: PrintProfile, places_of: Callable[[Edition], object]
                ) -> tuple[list[Diagnostic], bytes | None, object, bytes | None, object]:
    """The map's problems, else its picture; its drawing; the PDF the picture is rendered from (a module
    that wants the board at another size renders it from there, rather than resampling the picture); and the
    board's places (board.board_places: a third of a module's time, and a card's edit changes none of them)."""
    from generator.render.paper.imposition import Placement
    from generator.render.paper.pdf_canvas import SheetWriter

    drawing = map_drawing(edition)
    if drawing.problems:
        return drawing.problems, None, drawing, None, None
    face = drawing.face
    writer = SheetWriter(digital_profile(profile), "board", "", "board", trim=(face.width, face.height))
    writer.place(face, None, Placement(0, 0, 0.0, 0.0, face.width, face.height, (0.0,) * 4))
    writer.finish_page([], "", None, "")
    pdf = writer.getvalue()

    def rendered() -> dict[str, bytes]:
        buffer = io.BytesIO()
        board_render(pdf, DPI / 72).save(buffer, "PNG", dpi=(DPI, DPI), compress_level=1)
        return {"board.png": buffer.getvalue()}

    return [], rasters(pdf, rendered)["board.png"], drawing, pdf, places_of(edition)


def board_render(pdf: bytes, scale: float):
    """The board PDF's page rendered at `scale` pixels per point, as a PIL picture."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    try:
        page = document[0]
        # RGB as PDFium writes it (rev_byteorder): PIL takes the pixels as they are, with no BGR swap to copy
        picture = page.render(scale=scale, may_draw_forms=False, rev_byteorder=True).to_pil()
        page.close()
    finally:
        document.close()
    return picture


def rasters(pdf: bytes, make: Callable[[], dict[str, bytes]]) -> dict[str, bytes]:
    """PNGs rendered from `pdf`, kept in the user's cache under the PDF's digest: a rebuild whose inputs changed
    but whose sheet or board did not (an edited rules section) skips rendering and compressing them again."""
    return kept(f"{DPI} {pdfium_version()}", pdf, make)


def kept(how: str, source: bytes, make: Callable[[], dict[str, bytes]]) -> dict[str, bytes]:
    """What `make` makes from `source` (`how` names the making and its versions), kept in the user's cache under
    their digest, and under Imprenta's own files and the Pillow that encodes it."""
    name = hashlib.sha256(f"{shipped_key()} {encoder_version()} {how}".encode() + b"\0" + source).hexdigest()
    stored = _read_cached(name)
    if stored is not None:
        return stored
    made = make()
    _write_cached(name, made)
    return made


def _read_cached(name: str) -> dict[str, bytes] | None:
    from generator.user_cache import cache_folder

    try:
        with zipfile.ZipFile(cache_folder("digital", f"{name}.zip")) as archive:
            return {entry: archive.read(entry) for entry in archive.namelist()}
    except (OSError, zipfile.BadZipFile, KeyError):
        return None


def _write_cached(name: str, files: dict[str, bytes]) -> None:
    from generator.user_cache import cache_folder, write_atomically

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for entry, data in files.items():
            archive.writestr(zipfile.ZipInfo(entry), data)
    path = cache_folder("digital", f"{name}.zip")
    write_atomically(path, buffer.getvalue())       # let go with the oldest entries (user_cache's budget)


@contextmanager
def _one_drawer(name: str):
    """Held while an edition's pictures are drawn, so a second export of the same inputs running beside the
    first waits for its pictures instead of drawing them too. Without a writable cache, no waiting."""
    import fcntl

    from generator.user_cache import cache_folder

    path = cache_folder("digital", f"{name}.lock")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "wb")
    except OSError:
        yield
        return
    try:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield
    finally:
        handle.close()                  # closing releases the lock


def blank_face(text: str, width: int, height: int) -> bytes:
    """A plain face with `text` on it (what a cup's pieces show while in the cup), `width`×`height` px."""
    from PIL import Image, ImageDraw

    picture = Image.new("RGB", (width, height), (120, 120, 120))
    draw = ImageDraw.Draw(picture)
    draw.rectangle((0, 0, width - 1, height - 1), outline=(40, 40, 40), width=2)
    words = text.split()
    lines: list[str] = []
    for word in words:
        if lines and draw.textlength(f"{lines[-1]} {word}") < width - 8:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    top = (height - 12 * len(lines)) // 2
    for index, line in enumerate(lines):
        draw.text(((width - draw.textlength(line)) / 2, top + 12 * index), line, fill=(255, 255, 255))
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    return buffer.getvalue()
