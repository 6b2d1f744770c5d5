"""What a face (a counter side, a card face) looks like, as plain shapes in millimetres.

A face is drawn once into these shapes and then written by two back-ends,
PDF (reportlab, `pdf_canvas.py`) and SVG (svgwrite, `svg_export.py`), so the
two outputs cannot differ. Coordinates start at the face's top-left corner,
y growing downwards, as in SVG; the PDF back-end flips them.

The shapes are named tuples rather than frozen dataclasses: a sheet makes
thousands of them, and a named tuple is made in a third of the time (and its
class in a ninth, which every build pays at start).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class Ink(NamedTuple):
    """A colour as the printer gets it: RGB (0–1) or, when the content gives CMYK, CMYK (0–1)."""

    rgb: tuple[float, float, float] | None = None
    cmyk: tuple[float, float, float, float] | None = None

    def as_rgb(self) -> tuple[float, float, float]:
        if self.rgb is not None:
            return self.rgb
        c, m, y, k = self.cmyk
        return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))

    def hex(self) -> str:
        return "#" + "".join(f"{round(channel * 255):02x}" for channel in self.as_rgb())

    def luminance(self) -> float:
        r, g, b = self.as_rgb()
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    def lighter(self, amount: float) -> Ink:
        """Mixed with white (a tint), as RGB."""
        return Ink(rgb=tuple(channel + (1 - channel) * amount for channel in self.as_rgb()))

    def darker(self, amount: float = 0.35) -> Ink:
        if self.cmyk is not None:
            c, m, y, k = self.cmyk
            return Ink(cmyk=(c, m, y, min(1.0, k + amount)))
        return Ink(rgb=tuple(channel * (1 - amount) for channel in self.rgb))


BLACK = Ink(rgb=(0.0, 0.0, 0.0))
WHITE = Ink(rgb=(1.0, 1.0, 1.0))
GREY = Ink(rgb=(0.55, 0.55, 0.55))


def readable_on(background: Ink | None) -> Ink:
    """Black or white, whichever reads better on the background."""
    return BLACK if background is None or background.luminance() > 0.45 else WHITE


class Rect(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


class Ellipse(NamedTuple):
    cx: float
    cy: float
    rx: float
    ry: float
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0


class Polyline(NamedTuple):
    points: tuple[tuple[float, float], ...]
    closed: bool = False
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0


class Outline(NamedTuple):
    """An outline of straight and curved segments, as a silhouette is drawn: each command is ("M", x, y),
    ("L", x, y), ("C", x1, y1, x2, y2, x, y) or ("Z",); filled by the non-zero rule."""

    commands: tuple[tuple, ...]
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0


class Region(NamedTuple):
    """A filled outline of one or more rings (islands, holes), painted even-odd: a map's area or sea."""
    rings: tuple[tuple[tuple[float, float], ...], ...]
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0


class Text(NamedTuple):
    """One line of text; `y` is its baseline, `anchor` is where `x` lies (start, middle, end)."""

    x: float
    y: float
    text: str
    font: str
    size: float           # points
    fill: Ink = BLACK
    anchor: str = "start"


class Image(NamedTuple):
    x: float
    y: float
    w: float
    h: float
    path: Path


class Group:
    """Shapes that make one thing of the content (an area, a hex, a track box): one SVG element with an id."""

    __slots__ = ("id", "shapes", "css_class", "title")

    def __init__(self, id: str | None, shapes: list, css_class: str | None = None, title: str | None = None):
        self.id, self.shapes, self.css_class, self.title = id, shapes, css_class, title


Shape = Rect | Ellipse | Polyline | Outline | Region | Text | Image | Group


class Face:
    """One drawn side of a piece: its trim size, how far its background may bleed, and its shapes."""

    __slots__ = ("width", "height", "shapes", "background", "round")

    def __init__(self, width: float, height: float, shapes: list[Shape] | None = None,
                 background: Ink | None = None, round: bool = False):
        self.width, self.height, self.shapes = width, height, [] if shapes is None else shapes
        self.background, self.round = background, round

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def texts(self) -> list[str]:
        return [shape.text for shape in flatten(self.shapes) if isinstance(shape, Text)]


def flatten(shapes) -> list:
    """Every shape, groups opened, in drawing order."""
    out = []
    for shape in shapes:
        if isinstance(shape, Group):
            out.extend(flatten(shape.shapes))
        else:
            out.append(shape)
    return out
