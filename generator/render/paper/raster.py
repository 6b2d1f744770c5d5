"""PNG images of single faces, rendered by PDFium from the PDF drawing the sheets use, so they show what the
PDF prints.

Counters are cut from their rendered sheets. A card face's picture, and every face of a play module (VASSAL,
Tabletop Simulator), is printed alone on a page of its own and kept in the user's cache under the digest of its
drawing (`cut_faces`): after an edit only the faces that draw differently are rasterised again.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

from generator.render.paper.imposition import Placement
from generator.render.paper.profiles import PrintProfile

BLEED_MM = 1.0        # a face printed alone bleeds this far, so that cut out it has its own colour up to its edge


def alone_profile(profile: PrintProfile, bleed: float) -> PrintProfile:
    """The profile with everything that belongs to a sheet of paper removed (marks, scale, backs, slug, die
    line, PDF/X), for faces printed alone, one a page, to be cut out as pictures."""
    return profile.model_copy(update={"paper": "a3", "landscape": False, "margin": 5.0, "bleed": bleed,
                                      "slug": 0.0, "crop_marks": False, "cut_marks": False, "backs": "none",
                                      "ruler": 0.0, "back_bleed": 0.0, "pdfx": "none", "die_line": None})


def face_images(pdf: bytes, wanted: dict[str, tuple[int, Placement]], dpi: int, page_offset: float,
                ) -> dict[str, bytes]:
    """face key → PNG bytes of the face's trim, from the page and placement where it first appears."""
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(pdf)
    scale = dpi / 72
    px_per_mm = dpi / 25.4
    by_page: dict[int, list[tuple[str, Placement]]] = {}
    for key, (page, placement) in wanted.items():
        by_page.setdefault(page, []).append((key, placement))
    images = {}
    try:
        for page_index, faces in sorted(by_page.items()):
            page = document[page_index]
            height_mm = page.get_height() / 72 * 25.4
            bitmap = page.render(scale=scale, may_draw_forms=False, rev_byteorder=True)   # RGB: no swap to copy
            picture = bitmap.to_pil()
            for key, placement in faces:
                left = (page_offset + placement.x) * px_per_mm
                top = (height_mm - page_offset - placement.y - placement.h) * px_per_mm
                box = (round(left), round(top), round(left + placement.w * px_per_mm),
                       round(top + placement.h * px_per_mm))
                images[key] = encoded(picture.crop(box), dpi)
            page.close()
    finally:
        document.close()
    return images


def encoded(picture, dpi: int) -> bytes:
    """The PNG of `picture`, kept in the user's cache under a digest of its very pixels (and the encoder's
    version): compressing is most of a card sheet's time, and after an edit all faces but the edited one are
    pixel for pixel what they were. The same pixels always encode to the same bytes, so a kept one is exact."""
    def encode() -> bytes:
        buffer = io.BytesIO()
        picture.save(buffer, "PNG", dpi=(dpi, dpi))
        return buffer.getvalue()

    return kept_png(f"{encoder_version()} {picture.mode} {picture.size} {dpi}", picture.tobytes(), encode)


def cut_faces(faces: dict, profile: PrintProfile, dpi: int) -> dict[str, bytes]:
    """Each face's picture at `dpi`: kept under the digest of its drawing, else printed alone on a page of a
    sheet of faces of its size (never beside another face, so its pixels do not depend on which faces were
    printed with it) and cut out at its trim."""
    if not faces:
        return {}
    from reportlab import Version as reportlab

    from generator.user_cache import shipped_key

    # what draws the page, rasterises it and encodes the picture: a new version of any makes a clean build differ
    how = (f"face {dpi} {pdfium_version()} reportlab {reportlab} {encoder_version()} {shipped_key()} "
           f"{profile.model_dump_json()}")
    sources = drawing_sources(faces)
    return kept_pngs(how, sources, lambda missing: _printed_alone({key: faces[key] for key in missing}, profile,
                                                                  dpi))


def _printed_alone(faces: dict, profile: PrintProfile, dpi: int) -> dict[str, bytes]:
    from generator.render.paper.pdf_canvas import SheetWriter

    by_size: dict[tuple, list[str]] = {}
    for key, face in faces.items():
        by_size.setdefault((face.width, face.height), []).append(key)
    cut = {}
    for (width, height), keys in by_size.items():
        writer = SheetWriter(profile, "faces", "", "faces", trim=(width, height))
        wanted = {}
        for page, key in enumerate(keys):
            placement = Placement(0, page, 0.0, 0.0, width, height, (profile.bleed,) * 4)
            writer.place(faces[key], None, placement)
            writer.finish_page([], "", None, "")
            wanted[key] = (page, placement)
        cut.update(face_images(writer.getvalue(), wanted, dpi, writer.offset))
    return {key: round_cut(png, dpi) if faces[key].round else png for key, png in cut.items()}


def drawing_sources(faces: dict) -> dict[str, bytes]:
    """key → the drawing_source of each face; faces that show the same picture read it once."""
    picture_digest = cache(_picture_digest)
    return {key: drawing_source(face, picture_digest) for key, face in faces.items()}


def drawing_source(face, picture_digest: Callable[[Path], str]) -> bytes:
    """A face's drawing as bytes (a picture it shows as its file's digest, `picture_digest`): the same bytes,
    the same pixels."""
    from generator.render.draw.primitives import Group, Image

    def shown(shapes) -> list:
        out: list = []
        for shape in shapes:
            if isinstance(shape, Group):
                out.append(("group", shape.id, shape.css_class, shape.title, shown(shape.shapes)))
            elif isinstance(shape, Image):
                out.append((*shape[:4], picture_digest(shape.path)))
            else:
                out.append(shape)
        return out

    return repr((face.width, face.height, face.background, face.round, shown(face.shapes))).encode()


def _picture_digest(path: Path) -> str:
    """A picture file's digest, read with open(), where a build's job records it, whether or not its face is
    printed again."""
    try:
        with open(path, "rb") as picture:
            return hashlib.sha256(picture.read()).hexdigest()
    except OSError:
        return "missing"


def round_cut(png: bytes, dpi: int) -> bytes:
    """A round counter's picture: transparent outside its circle (the ellipse inscribed in its cut)."""
    from PIL import Image, ImageDraw

    picture = Image.open(io.BytesIO(png)).convert("RGBA")
    scale = 4                                   # the edge drawn at 4× and shrunk: a smooth, anti-aliased rim
    mask = Image.new("L", (picture.width * scale, picture.height * scale), 0)
    ImageDraw.Draw(mask).ellipse((0, 0, mask.width - 1, mask.height - 1), fill=255)
    picture.putalpha(mask.resize(picture.size, Image.Resampling.LANCZOS))
    buffer = io.BytesIO()
    picture.save(buffer, "PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


@cache
def pdfium_version() -> str:
    import pypdfium2

    return str(pypdfium2.version.PDFIUM_INFO)


def kept_png(how: str, source: bytes, make: Callable[[], bytes]) -> bytes:
    """What `make` makes of `source` (`how` says how, with the versions of what makes it), kept in the user's
    cache under their digest; `make` must give the same bytes for the same source."""
    return kept_pngs(how, {"": source}, lambda missing: {"": make()})[""]


def kept_pngs(how: str, sources: dict[str, bytes], make: Callable[[list[str]], dict[str, bytes]],
              kind: str = "png") -> dict[str, bytes]:
    """Like kept_png for many at once: key → the PNG (or other file `kind`) made of its source, `make` called
    once with the keys whose file is not kept yet. A kept one is touched (recently used: kept when the oldest
    are let go)."""
    named = how.encode() + b"\0"
    folder = _folder(kind)
    paths = {key: folder / f"{hashlib.sha256(named + source).hexdigest()}.{kind}" for key, source in sources.items()}
    found: dict[str, bytes] = {}
    for key, path in paths.items():
        try:
            found[key] = path.read_bytes()
            os.utime(path)
        except OSError:
            pass
    missing = [key for key in sources if key not in found]
    if missing:
        from generator.user_cache import write_atomically

        for key, data in make(missing).items():
            found[key] = data
            write_atomically(paths[key], data)
    return {key: found[key] for key in sources}


@cache
def encoder_version() -> str:
    from PIL import __version__, features

    return f"Pillow {__version__} zlib {features.version('zlib')}"


def _folder(kind: str) -> Path:
    from generator.user_cache import cache_folder

    return cache_folder(kind)
