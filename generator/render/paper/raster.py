"""PNG images of single faces, cut from the rendered sheets, so they match the PDF pixel for pixel.

Digital play modules (Vassal, Tabletop Simulator) want one image per counter
side or card face; rendering each sheet once with PDFium and cropping is both
faster and more faithful than drawing every face again.
"""

from __future__ import annotations

import hashlib
import io
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

import pypdfium2 as pdfium

from generator.render.paper.imposition import Placement

KEPT = 6000           # encoded faces kept in the user's cache (the most recently used)


def face_images(pdf: bytes, wanted: dict[str, tuple[int, Placement]], dpi: int, page_offset: float,
                ) -> dict[str, bytes]:
    """face key → PNG bytes of the face's trim, from the page and placement where it first appears."""
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

    return kept_png(f"{_encoder()} {picture.mode} {picture.size} {dpi}", picture.tobytes(), encode)


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
            if write_atomically(paths[key], data):
                _let_go_oldest(paths[key].parent)
    return {key: found[key] for key in sources}


@cache
def _encoder() -> str:
    from PIL import __version__, features

    return f"Pillow {__version__} zlib {features.version('zlib')}"


def _folder(kind: str) -> Path:
    from generator.user_cache import cache_folder

    return cache_folder(kind)


_written = [0]


def _let_go_oldest(folder: Path) -> None:
    """Every few hundred faces written, the oldest beyond KEPT are removed."""
    _written[0] += 1
    if _written[0] % 200:
        return
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.stat().st_mtime, reverse=True)
        for entry in entries[KEPT:]:
            os.unlink(entry.path)
    except OSError:
        pass
