"""The fonts Imprenta prints with: DejaVu, shipped in templates/fonts so every machine embeds the same.

Each font has a role name used by layouts (`sans`, `sans-bold`, `serif-italic`…).
They are registered with reportlab only when first used, since reading a
TrueType file costs about 20 ms (5 ms from the cache of font_cache.py) and most
builds use two or three. Measuring text (the checker's fitting pass, line
breaking) reads the much smaller metrics files next to the fonts instead:
advance widths, cap height and the characters each font covers, written from
the fonts by `write_metrics`.
"""

from __future__ import annotations

import json
import os
from functools import cache, lru_cache
from itertools import repeat
from pathlib import Path
from typing import NamedTuple

from generator.derived.unknowns import MARK_BASE, MARK_LIMIT
from generator.render.draw.placeholder import mark_widths
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


@cache
def registered(role: str) -> str:
    """The reportlab name of a font role, registering the font on first use."""
    from reportlab.pdfbase import pdfmetrics

    from generator.render.draw.font_cache import parsed_font

    name = f"Imprenta-{role}"
    pdfmetrics.registerFont(parsed_font(name, font_file(role)))
    return name


def font_file(role: str) -> Path:
    return FONT_DIR / FONTS[role][0]


class Metrics(NamedTuple):
    """What measuring text needs of a font, in thousandths of the font size (as reportlab measures)."""

    widths: dict[str, float]       # character → advance width, for every character the font covers
    default_width: float           # what reportlab advances for a character the font lacks
    cap_height: float


def metrics_file(role: str) -> Path:
    return FONT_DIR / "metrics" / (Path(FONTS[role][0]).stem + ".json")


@cache
def metrics(role: str) -> Metrics:
    """The font's metrics from its metrics file; from the font itself when the file is missing or was
    written for another version of the font (its recorded byte size differs).

    Either way the placeholder marks count as glyphs of every font (their advance is the mark's width),
    so text holding marks is measured, broken and fitted like any other; the file never holds them."""
    try:
        recorded = json.loads(metrics_file(role).read_text(encoding="utf-8"))
        if recorded["font_bytes"] == font_file(role).stat().st_size:
            scale = 1000 / recorded["units_per_em"]           # as reportlab scales, so widths are equal
            points = (point for start, count in recorded["ranges"] for point in range(start, start + count))
            widths = {chr(point): units * scale for point, units in zip(points, recorded["advances"])}
            widths.update(mark_widths())
            return Metrics(widths, recorded["default_width"], recorded["cap_height"])
    except (OSError, ValueError, KeyError):
        pass
    return measured_metrics(role)


def measured_metrics(role: str) -> Metrics:
    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(registered(role)).face
    widths = {chr(point): width for point, width in face.charWidths.items()}
    widths.update(mark_widths())
    return Metrics(widths, face.defaultWidth, face.capHeight)


def write_metrics() -> None:
    """Write every font's metrics file (run after replacing a font: `python3 -m generator.render.draw.fonts`)."""
    from reportlab.pdfbase import pdfmetrics

    for role in FONTS:
        measured = measured_metrics(role)
        units_per_em = pdfmetrics.getFont(registered(role)).face.unitsPerEm
        ranges: list[list[int]] = []
        points = sorted(point for point in map(ord, measured.widths) if not MARK_BASE <= point < MARK_BASE + MARK_LIMIT)
        for point in points:
            if ranges and ranges[-1][0] + ranges[-1][1] == point:
                ranges[-1][1] += 1
            else:
                ranges.append([point, 1])
        advances = [round(measured.widths[chr(point)] * units_per_em / 1000) for point in points]
        metrics_file(role).parent.mkdir(exist_ok=True)
        metrics_file(role).write_text(json.dumps({
            "font": FONTS[role][0], "font_bytes": font_file(role).stat().st_size, "units_per_em": units_per_em,
            "default_width": measured.default_width, "cap_height": measured.cap_height,
            "ranges": ranges, "advances": advances}, separators=(",", ":")) + "\n", encoding="utf-8")


def width_mm(text: str, role: str, size: float) -> float:
    known = metrics(role)
    return sum(map(known.widths.get, text, repeat(known.default_width))) * size / 1000 * PT


def cap_height_mm(role: str, size: float) -> float:
    """Height of capitals above the baseline, for centring a line in a box."""
    return metrics(role).cap_height / 1000 * size * PT


def missing_glyphs(text: str, role: str) -> list[str]:
    """Characters the font cannot draw; reportlab would print them as blanks without a word."""
    lost = set(text).difference(metrics(role).widths)
    return sorted(char for char in lost if not char.isspace()) if lost else []


@lru_cache(maxsize=1)
def printable() -> frozenset[str]:
    """Every character the shipped fonts can print between them: what a book can print, since fontconfig
    falls back from one shipped font to another and to no other (shipped_font_configuration)."""
    from generator.render.draw.font_cache import covered_characters

    return covered_characters(tuple(font_file(role) for role in FONTS))


def shipped_font_configuration():
    """A WeasyPrint font configuration that knows the shipped fonts and no font of the machine.

    Fontconfig reads the file FONTCONFIG_FILE names when the configuration is made: one that lists only
    FONT_DIR and includes none of the system's files, so neither a family a template asks for nor the
    fallback for a character the shipped fonts lack can reach a font installed on the machine (a PDF that
    differs between machines). Generic families map to the shipped ones. Fontconfig's cache of the folder
    goes to the user's cache folder when it can be written (none otherwise: a scan of eight fonts)."""
    import tempfile
    from xml.sax.saxutils import escape

    from weasyprint.text.fonts import FontConfiguration

    from generator.user_cache import cache_folder

    cache = cache_folder("fontconfig")
    try:
        cache.mkdir(parents=True, exist_ok=True)
        cached = f"<cachedir>{escape(str(cache))}</cachedir>" if os.access(cache, os.W_OK) else ""
    except OSError:
        cached = ""
    aliases = "".join(f"<alias binding=\"same\"><family>{generic}</family><prefer><family>{family}</family></prefer>"
                      f"</alias>" for generic, family in (("serif", "DejaVu Serif"), ("sans-serif", "DejaVu Sans"),
                                                          ("monospace", "DejaVu Sans")))
    with tempfile.TemporaryDirectory(prefix="imprenta-fonts-") as folder:
        conf = Path(folder, "fonts.conf")
        conf.write_text(f"<?xml version=\"1.0\"?>\n<fontconfig><dir>{escape(str(FONT_DIR.resolve()))}</dir>{cached}"
                        f"{aliases}</fontconfig>\n", encoding="utf-8")
        previous = os.environ.get("FONTCONFIG_FILE")
        os.environ["FONTCONFIG_FILE"] = str(conf)
        try:
            return FontConfiguration()      # fontconfig parses the file here, and never again
        finally:
            if previous is None:
                del os.environ["FONTCONFIG_FILE"]
            else:
                os.environ["FONTCONFIG_FILE"] = previous


def svg_font(role: str) -> tuple[str, str, str, str]:
    """SVG family list, weight, style and stretch: DejaVu Sans Condensed is the family "DejaVu Sans"
    stretched to condensed for renderers that read typographic names, and its own name for the others."""
    _, family, weight, style = FONTS[role]
    if family.endswith(" Condensed"):
        base = family.removesuffix(" Condensed")
        return f"'{family}', '{base}', sans-serif", weight, style, "condensed"
    return f"'{family}', serif" if "Serif" in family else f"'{family}', sans-serif", weight, style, "normal"


if __name__ == "__main__":
    write_metrics()
