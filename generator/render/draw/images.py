"""Whether an image named by the content can be printed: a real PNG or JPEG of a sane size.

Read from the file's header only, before any renderer decodes it: a corrupt
file would break the PDF writer, and a 20000×20000 picture squeezed into a few
kilobytes would exhaust memory.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

MAX_PIXELS = 40_000_000      # a 1 m × 0.6 m map at 200 dpi; more is a mistake or an attack
FORMATS = {"PNG", "JPEG"}


def image_problem(path: Path) -> str | None:
    """None when the image can be printed, else why not, in words for a diagnostic."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return "does not exist"
    return _problem(str(path), stamp)


@lru_cache(maxsize=1024)
def _problem(path: str, _stamp: int) -> str | None:
    from PIL import Image

    try:
        with Image.open(path) as picture:
            kind, (width, height) = picture.format, picture.size
            picture.verify()
    except Exception as error:  # noqa: BLE001 - Pillow raises many kinds for a broken file
        return f"cannot be read as an image ({type(error).__name__})"
    if kind not in FORMATS:
        return f"is a {kind} image; only PNG and JPEG are printed"
    if width * height > MAX_PIXELS:
        return f"is {width}×{height} pixels, more than the {MAX_PIXELS:,} allowed"
    return None
