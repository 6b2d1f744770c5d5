"""What a face (a counter side, a card face) looks like, as plain shapes in millimetres.

A face is drawn once into these shapes and then written by two back-ends,
PDF (reportlab, `pdf_canvas.py`) and SVG (svgwrite, `svg_export.py`), so the
two outputs cannot differ. Coordinates start at the face's top-left corner,
y growing downwards, as in SVG; the PDF back-end flips them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Ink:
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


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


@dataclass(frozen=True, slots=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Polyline:
    points: tuple[tuple[float, float], ...]
    closed: bool = False
    fill: Ink | None = None
    stroke: Ink | None = None
    stroke_width: float = 0.0


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text; `y` is its baseline, `anchor` is where `x` lies (start, middle, end)."""

    x: float
    y: float
    text: str
    font: str
    size: float           # points
    fill: Ink = BLACK
    anchor: str = "start"


@dataclass(frozen=True, slots=True)
class Image:
    x: float
    y: float
    w: float
    h: float
    path: Path


@dataclass(slots=True)
class Group:
    """Shapes that make one thing of the content (an area, a hex, a track box): one SVG element with an id."""

    id: str | None
    shapes: list
    css_class: str | None = None
    title: str | None = None


Shape = Rect | Ellipse | Polyline | Text | Image | Group


@dataclass
class Face:
    """One drawn side of a piece: its trim size, how far its background may bleed, and its shapes."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    background: Ink | None = None
    round: bool = False

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
