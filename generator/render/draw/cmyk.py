"""RGB turned into the CMYK of one printing condition, once, with its ICC profile (littleCMS via Pillow).

Colours the content gives in CMYK are never touched: a designer's rich black or
spot-like mix is what was meant. Neutral greys (black text, keylines, grey
rules) go to black ink alone, because four inks in register blur thin type on
a press, and the proof's placeholder inks to process magenta alone (their
press definition, draw/placeholder.py); any other RGB colour goes through the
profile (sRGB in, relative colorimetric, the profile's own black generation
and 300 % ink limit).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from generator.render.draw.placeholder import PRESS_DEFINITIONS
from generator.render.draw.primitives import Ink

NEUTRAL = 1 / 255      # channels closer than one step of 8-bit RGB count as a grey


class CmykConversion:
    """Inks and pictures into one CMYK output profile; each distinct colour is converted once."""

    def __init__(self, icc: Path):
        self.icc = icc
        self._inks: dict[tuple, Ink] = {}

    def ink(self, ink: Ink) -> Ink:
        if ink.cmyk is not None:
            return ink
        converted = self._inks.get(ink.rgb)
        if converted is None:
            converted = self._inks[ink.rgb] = Ink(cmyk=_convert(ink.rgb, str(self.icc)))
        return converted

    def picture(self, picture):
        """A Pillow image in CMYK (alpha flattened onto white paper: ink has no transparency)."""
        from PIL import Image, ImageCms

        if picture.mode == "CMYK":
            return picture
        if picture.mode in ("RGBA", "LA", "PA") or (picture.mode == "P" and "transparency" in picture.info):
            rgba = picture.convert("RGBA")
            flat = Image.new("RGB", rgba.size, (255, 255, 255))
            flat.paste(rgba, mask=rgba.getchannel("A"))
            picture = flat
        elif picture.mode != "RGB":
            picture = picture.convert("RGB")
        return ImageCms.applyTransform(picture, _transform(str(self.icc)))


SOLID_K = 0.85          # a grey at least this dark is meant as black (CSS #1d1d1d, palettes' #1a1a1a): solid K


def neutral_black(rgb: tuple[float, float, float]) -> tuple[float, float, float, float] | None:
    """Black ink only for a grey, None for a colour; a near-black prints as solid black, not a screened tint
    (88 % K breaks body text into a dot pattern on the plate)."""
    if max(rgb) - min(rgb) > NEUTRAL:
        return None
    black = round(1.0 - sum(rgb) / 3, 4)
    return (0.0, 0.0, 0.0, 1.0 if black >= SOLID_K else black)


@lru_cache(maxsize=4096)
def _convert(rgb: tuple[float, float, float], icc: str) -> tuple[float, float, float, float]:
    grey = neutral_black(rgb)
    if grey is not None:
        return grey
    defined = PRESS_DEFINITIONS.get(Ink(rgb=rgb).hex())
    if defined is not None:
        return defined
    from PIL import Image, ImageCms

    pixel = Image.new("RGB", (1, 1), tuple(round(channel * 255) for channel in rgb))
    c, m, y, k = ImageCms.applyTransform(pixel, _transform(icc)).getpixel((0, 0))
    return tuple(round(part / 255, 4) for part in (c, m, y, k))


@lru_cache(maxsize=4)
def _transform(icc: str):
    from PIL import ImageCms

    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), ImageCms.getOpenProfile(icc), "RGB", "CMYK",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)


@lru_cache(maxsize=4)
def icc_bytes(icc: str) -> bytes:
    return Path(icc).read_bytes()
