"""Whether an image named by the content can be printed: a real PNG or JPEG of a sane size, fully decoded.

The file is found through the game-file confinement (no link, nothing outside the game folder), its header
is read first (a 20000×20000 picture squeezed into a few kilobytes is refused before it is decoded), and
then every pixel is decoded once: a PNG with a broken zlib stream or a JPEG with a garbage body would
otherwise crash the PDF writer or be embedded as a damaged picture. `imprenta check` asks the same
question of every image the content names, at the place that names it.
"""

from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from generator.game_files import Refused, read_bytes, within

MAX_PIXELS = 40_000_000      # a 1 m × 0.6 m map at 200 dpi; more is a mistake or an attack
FORMATS = {"PNG", "JPEG"}


def image_problem(path: Path, root: Path | None = None) -> str | None:
    """None when the image can be printed, else why not, in words for a diagnostic. `root` is the game
    folder the image must lie in (its own folder when not given)."""
    try:
        confined = within(path.parent if root is None else root, path)
        status = confined.stat()
    except Refused as refusal:
        return refusal.reason
    except OSError:
        return "does not exist"
    return _problem(str(confined), status.st_mtime_ns, status.st_size, status.st_ctime_ns)


@lru_cache(maxsize=1024)
def _problem(path: str, *_stamp: int) -> str | None:
    from PIL import Image

    try:
        data = read_bytes(Path(path))
    except Refused as refusal:
        return refusal.reason
    try:
        with Image.open(io.BytesIO(data)) as picture:
            kind, (width, height) = picture.format, picture.size
            if kind not in FORMATS:
                return f"is a {kind} image; only PNG and JPEG are printed"
            if width * height > MAX_PIXELS:
                return f"is {width}×{height} pixels, more than the {MAX_PIXELS:,} allowed"
            picture.verify()
        with Image.open(io.BytesIO(data)) as picture:
            picture.load()                   # every pixel: verify() does not decode a JPEG's body
        if kind == "JPEG" and b"\xff\xd9" not in data[data.rfind(b"\xff\xda"):]:
            return "is a damaged JPEG (its picture data has no end marker)"    # libjpeg only warns
    except Exception as error:  # noqa: BLE001 - Pillow raises many kinds for a broken file
        return f"cannot be read as an image ({type(error).__name__})"
    return None
