"""The fonts Imprenta prints with: DejaVu, shipped in templates/fonts so every machine embeds the same.

Each font has a role name used by layouts (`sans`, `sans-bold`, `serif-italic`…).
They are registered with reportlab only when first used, since reading a
TrueType file costs a few milliseconds and most builds use two or three.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.render.templates import TEMPLATES

FONT_DIR = TEMPLATES / "fonts"

# role: (file, SVG family, SVG weight, SVG style)
FONTS = {
    "sans": ("DejaVuSansCondensed.ttf", "DejaVu Sans Condensed", "normal", "normal"),
    "sans-bold": ("DejaVuSansCondensed-Bold.ttf", "DejaVu Sans Condensed", "bold", "normal"),
    "sans-italic": ("DejaVuSansCondensed-Oblique.ttf", "DejaVu Sans Condensed", "normal", "italic"),
    "sans-bold-italic": ("DejaVuSansCondensed-BoldOblique.ttf", "DejaVu Sans Condensed", "bold", "italic"),
    "serif": ("DejaVuSerif.ttf", "DejaVu Serif", "normal", "normal"),
    "serif-bold": ("DejaVuSerif-Bold.ttf", "DejaVu Serif", "bold", "normal"),
    "serif-italic": ("DejaVuSerif-Italic.ttf", "DejaVu Serif", "normal", "italic"),
    "serif-bold-italic": ("DejaVuSerif-BoldItalic.ttf", "DejaVu Serif", "bold", "italic"),
}
PT = 25.4 / 72  # millimetres per point


@lru_cache(maxsize=None)
def registered(role: str) -> str:
    """The reportlab name of a font role, registering the font on first use."""
    name = f"Imprenta-{role}"
    pdfmetrics.registerFont(TTFont(name, str(font_file(role))))
    return name


def font_file(role: str) -> Path:
    return FONT_DIR / FONTS[role][0]


def width_mm(text: str, role: str, size: float) -> float:
    return pdfmetrics.stringWidth(text, registered(role), size) * PT


def cap_height_mm(role: str, size: float) -> float:
    """Height of capitals above the baseline, for centring a line in a box."""
    return pdfmetrics.getFont(registered(role)).face.capHeight / 1000 * size * PT


@lru_cache(maxsize=None)
def _covered(role: str) -> frozenset[int]:
    return frozenset(pdfmetrics.getFont(registered(role)).face.charToGlyph)


def missing_glyphs(text: str, role: str) -> list[str]:
    """Characters the font cannot draw; reportlab would print them as blanks without a word."""
    covered = _covered(role)
    return sorted({char for char in text if not char.isspace() and ord(char) not in covered})


def svg_font(role: str) -> tuple[str, str, str, str]:
    """SVG family list, weight, style and stretch: DejaVu Sans Condensed is the family "DejaVu Sans"
    stretched to condensed for renderers that read typographic names, and its own name for the others."""
    _, family, weight, style = FONTS[role]
    if family.endswith(" Condensed"):
        base = family.removesuffix(" Condensed")
        return f"'{family}', '{base}', sans-serif", weight, style, "condensed"
    return f"'{family}', serif" if "Serif" in family else f"'{family}', sans-serif", weight, style, "normal"
