"""Whether a drawn face can be read: no text under the layout's smallest type, no text touching another thing.

Fitting a text into its box (text_fit.py) looks at capitals only; what prints
also has descenders, and a symbol or a band may sit right under the box. So
the ink each layout element left on the face is measured here, from the
shapes themselves, and a text whose ink comes nearer than CLEARANCE to
another element's ink (or crosses a band's edge) is reported, as is a text
printed under the layout's `min_text`.
"""

from __future__ import annotations

from math import inf
from typing import NamedTuple

from generator.render.draw.fonts import PT, cap_height_mm, width_mm
from generator.render.draw.primitives import Ellipse, Group, Image, Outline, Polyline, Rect, Text, flatten

DESCENT = 0.24      # DejaVu's descender, in ems
CLEARANCE = 0.15    # mm of clear paper between a text and anything else

Box = tuple[float, float, float, float]   # x0, y0, x1, y1 in mm, y downwards


class Inked(NamedTuple):
    element: object      # layouts.Element
    kind: str            # "text", "symbol", "band", "image", "icon", "table"
    box: Box


def ink_box(shapes) -> Box | None:
    """The smallest box holding every mark the shapes make (text: capitals to descenders)."""
    if any(type(shape) is Group for shape in shapes):
        shapes = flatten(shapes)
    x0 = y0 = inf
    x1 = y1 = -inf
    for shape in shapes:             # one pass, no list: every element of every face is measured
        box = _box(shape)
        if box is not None:
            left, top, right, bottom = box
            x0, y0 = min(x0, left), min(y0, top)
            x1, y1 = max(x1, right), max(y1, bottom)
    return None if x0 == inf else (x0, y0, x1, y1)


def _box(shape) -> Box | None:
    if type(shape) is Text:
        width = width_mm(shape.text, shape.font, shape.size)
        left = shape.x - (width / 2 if shape.anchor == "middle" else width if shape.anchor == "end" else 0)
        return left, shape.y - cap_height_mm(shape.font, shape.size), left + width, shape.y + DESCENT * shape.size * PT
    if isinstance(shape, (Rect, Image)):
        if shape.w <= 0 and shape.h <= 0:
            return None
        half = getattr(shape, "stroke_width", 0.0) / 2
        return shape.x - half, shape.y - half, shape.x + shape.w + half, shape.y + shape.h + half
    if isinstance(shape, Ellipse):
        half = shape.stroke_width / 2
        return (shape.cx - shape.rx - half, shape.cy - shape.ry - half,
                shape.cx + shape.rx + half, shape.cy + shape.ry + half)
    if isinstance(shape, (Polyline, Outline)):
        points = shape.points if isinstance(shape, Polyline) else \
            [(c[i], c[i + 1]) for c in shape.commands for i in range(1, len(c) - 1, 2)]
        if not points:
            return None
        half = shape.stroke_width / 2 if shape.stroke is not None else 0.0
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        return min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half
    return None


def collisions(inked: list[Inked]) -> list[tuple[Inked, Inked]]:
    """Pairs (a text, the thing it touches): another text, a symbol, an image, an icon or table, or the edge
    of a band it is not wholly inside."""
    found = []
    for index, text in enumerate(inked):
        if text.kind != "text":
            continue
        for position, other in enumerate(inked):
            if position == index or (other.kind == "text" and position < index):
                continue              # each pair of texts once
            if other.kind == "band":
                if _near(text.box, other.box, 0.0) and not _inside(text.box, other.box):
                    found.append((text, other))
            elif _near(text.box, other.box, CLEARANCE):
                found.append((text, other))
    return found


def _near(a: Box, b: Box, gap: float) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def _inside(a: Box, b: Box) -> bool:
    return a[0] >= b[0] - 1e-6 and a[1] >= b[1] - 1e-6 and a[2] <= b[2] + 1e-6 and a[3] <= b[3] + 1e-6


def too_small(shapes, floor: float) -> float | None:
    """The smallest type size among the shapes when it is under `floor` points."""
    if any(type(shape) is Group for shape in shapes):
        shapes = flatten(shapes)
    smallest = floor
    for shape in shapes:
        if type(shape) is Text and shape.size < smallest:
            smallest = shape.size
    return smallest if smallest < floor - 1e-6 else None
