"""The placeholder mark: how every unknown fact is drawn on counters, cards and maps (one definition).

A mark is a lozenge — a box with pointed ends, a pale fill, a proof-magenta outline and two hatch
strokes in each point — with the fact's reference number in small bold figures: the look of a slot
"to be supplied" in a publisher's proof, which neither a die-roll value nor a printing fault has.
It has no letter or word in it, so it reads the same in every language.

In text a mark travels as one character (derived/unknowns.py); its advance is the one the fonts'
metrics give that character (`fonts.metrics`), so lines are broken and shrunk around it like any word,
and `expand` replaces it by its shapes just before a face is written (PDF and SVG alike).

The reconstruction seal marks a fact the editor reconstructed. Where the lozenge says "to be supplied", the
seal says "supplied by the editor, to be confirmed": a round stamp — two concentric rings in proof magenta on
its pale tint — with the reconstruction's reference number inside, the number the proof sheet and the legend
give it. Round against pointed, it cannot be taken for the lozenge; it holds no letter, so it reads alike in
every language; its figures are never smaller than SEAL_MIN_POINTS.
"""

from __future__ import annotations

from functools import cache

from generator.derived.unknowns import MARK, MARK_BASE, MARK_LIMIT, mark_number
from generator.render.draw.primitives import Ellipse, Group, Ink, Polyline, Text

PROOF_INK = Ink(rgb=(0.80, 0.05, 0.45))          # proof magenta (#cc0d73): printers' colour for what is not final
PROOF_FILL = Ink(rgb=(1.0, 0.949, 0.976))        # its pale tint (#fff2f9); the rulebook's stylesheet uses both
# On a press the proof inks are process magenta alone, solid and a 6 % tint: one plate, so the marks' small
# figures and the slug print sharp, and a print shop sees proof marks, not a colour to match in four inks.
# Keyed by 8-bit hex, so the rulebook's CSS colours (WeasyPrint writes #cc0d73 as 0.8 0.05098 0.45098) match.
PRESS_DEFINITIONS = {PROOF_INK.hex(): (0.0, 1.0, 0.0, 0.0), PROOF_FILL.hex(): (0.0, 0.06, 0.0, 0.0)}
NUMBER_SCALE = 0.55                               # figures inside the mark, relative to the text size
DIGIT_EM = 0.626 * NUMBER_SCALE                   # DejaVu Sans Condensed Bold figures are all this wide
POINT_EM = 0.18                                   # each pointed end


def advance_em(number: int) -> float:
    """The mark's width in ems of the text it sits in (its figures and its two pointed ends)."""
    return len(str(number)) * DIGIT_EM + 2 * POINT_EM if number else 2 * POINT_EM + 0.5


@cache
def mark_widths() -> dict[str, float]:
    """Advance of every mark character in thousandths of an em, as fonts.Metrics keeps widths (the same in every
    font: made once; callers copy it into their own table)."""
    return {chr(MARK_BASE + number): advance_em(number) * 1000 for number in range(MARK_LIMIT)}


def mark_shapes(x: float, baseline: float, number: int, size: float) -> list:
    """The mark for fact `number` with its left end at x, sitting on a line of text of `size` points."""
    mm = size * 25.4 / 72
    width = advance_em(number) * mm
    top, bottom = baseline - 0.80 * mm, baseline + 0.14 * mm
    middle, point = (top + bottom) / 2, POINT_EM * mm
    stroke = max(0.12, 0.06 * mm)
    outline = ((x, middle), (x + point, top), (x + width - point, top), (x + width, middle),
               (x + width - point, bottom), (x + point, bottom))
    shapes = [Polyline(outline, True, PROOF_FILL, PROOF_INK, stroke)]
    for end, direction in ((x, 1), (x + width, -1)):          # two short hatch strokes in each point
        for step in (0.45, 0.75):
            reach = point * step
            shapes.append(Polyline(((end + direction * reach, middle - (top - middle) * -step * 0.9),
                                    (end + direction * reach, middle + (top - middle) * -step * 0.9)),
                                   stroke=PROOF_INK, stroke_width=stroke * 0.8))
    if number:
        shapes.append(Text(x + width / 2, baseline - 0.08 * mm, str(number), "sans-bold", size * NUMBER_SCALE,
                           PROOF_INK, "middle"))
    return [Group(None, shapes, "unknown-mark")]


def has_marks(text: str) -> bool:
    return MARK.search(text) is not None


def expand(shapes, width_mm) -> list:
    """The shapes with every text that holds marks split into its words and the marks' drawings;
    `width_mm(text, font, size)` measures text (fonts.width_mm, passed in: fonts depends on this module)."""
    out = []
    for shape in shapes:
        if isinstance(shape, Text) and MARK.search(shape.text):
            out.extend(_expanded(shape, width_mm))
        elif isinstance(shape, Group):
            inner = expand(shape.shapes, width_mm)
            out.append(shape if inner == shape.shapes else Group(shape.id, inner, shape.css_class, shape.title))
        else:
            out.append(shape)
    return out


def _expanded(text: Text, width_mm) -> list:
    total = width_mm(text.text, text.font, text.size)
    x = text.x - (total / 2 if text.anchor == "middle" else total if text.anchor == "end" else 0.0)
    out, last = [], 0
    for found in MARK.finditer(text.text):
        before = text.text[last:found.start()]
        if before:
            out.append(text._replace(x=x, text=before, anchor="start"))
            x += width_mm(before, text.font, text.size)
        out.extend(mark_shapes(x, text.y, mark_number(found.group()), text.size))
        x += width_mm(found.group(), text.font, text.size)
        last = found.end()
    if text.text[last:]:
        out.append(text._replace(x=x, text=text.text[last:], anchor="start"))
    return out


# The reconstruction seal -----------------------------------------------------------------------------------

SEAL_MIN_POINTS = 5.0
SEAL_RADIUS = 1.9                   # mm: room for two figures at SEAL_MIN_POINTS inside the inner ring


def seal_radius(number: int, size: float = SEAL_MIN_POINTS) -> float:
    """The outer radius (mm) of the seal for `number` with figures of `size` points."""
    figures = len(str(number)) if number else 1
    return max(SEAL_RADIUS, size * 25.4 / 72 * (0.36 * figures + 0.55))


def seal_shapes(x: float, y: float, number: int, size: float = SEAL_MIN_POINTS, element_id: str | None = None) -> Group:
    """The seal for reconstruction `number`, centred on (x, y)."""
    size = max(size, SEAL_MIN_POINTS)
    radius = seal_radius(number, size)
    shapes = [Ellipse(x, y, radius, radius, PROOF_FILL, PROOF_INK, 0.3),
              Ellipse(x, y, radius - 0.45, radius - 0.45, None, PROOF_INK, 0.15)]
    if number:
        shapes.append(Text(x, y + 0.36 * size * 25.4 / 72, str(number), "sans-bold", size, PROOF_INK, "middle"))
    return Group(element_id, shapes, "reconstructed-mark", None)
