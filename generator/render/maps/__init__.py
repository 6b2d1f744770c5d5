"""The map: geometry, drawing, the full-size PDF and SVG, and the tiles for small printers."""

from generator.render.draw.placeholder import NUMBER_SCALE, has_marks
from generator.render.draw.placeholder import SEAL_MIN_POINTS as MIN_POINTS
from generator.render.draw.text_fit import fit

MARKED_POINTS = MIN_POINTS / NUMBER_SCALE      # a text holding a proof mark: its figures at MIN_POINTS at least


def fit_map(text: str, role: str, size: float, min_size: float, width: float, height: float, **options):
    """`fit` for a map: never under MIN_POINTS, and a text holding a proof mark large enough that the mark's
    figures are (they print at NUMBER_SCALE of the text)."""
    floor = MARKED_POINTS if has_marks(text) else MIN_POINTS
    return fit(text, role, max(size, floor), max(min_size, floor), width, height, **options)
