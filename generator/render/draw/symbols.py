"""Unit-type symbols drawn into a box: the usual NATO-style frames and marks, and silhouettes.

Each frame keeps its customary 3:2 proportion whatever the box, so that
infantry looks like infantry on a ½" and on a 1" counter alike. Ships and
elephants are silhouettes from a licensed collection (`silhouettes.py`): a
galley, a galleass and a galliot must differ at a glance, which a
hand-drawn hull with a word under it did not.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from generator.render.draw.primitives import Ellipse, Ink, Polyline, Rect, Shape
from generator.render.draw.silhouettes import draw_silhouette

SYMBOLS: dict[str, Callable] = {}


def symbol(name: str):
    def register(function):
        SYMBOLS[name] = function
        return function
    return register


def draw_symbol(name: str, x: float, y: float, w: float, h: float, ink: Ink, fill: Ink | None) -> list[Shape]:
    """The shapes of a symbol centred in the box; nothing for markers, chits and `none`."""
    drawer = SYMBOLS.get(name)
    return drawer(x, y, w, h, ink, fill) if drawer else []


def _frame(x, y, w, h):
    """The 3:2 frame centred in the box."""
    fw = min(w, h * 1.5)
    fh = fw / 1.5
    return x + (w - fw) / 2, y + (h - fh) / 2, fw, fh


def _line_width(h: float) -> float:
    return max(0.2, h * 0.06)


@symbol("infantry")
def _infantry(x, y, w, h, ink, fill):
    fx, fy, fw, fh = _frame(x, y, w, h)
    width = _line_width(fh)
    return [Rect(fx, fy, fw, fh, fill, ink, width),
            Polyline(((fx, fy), (fx + fw, fy + fh)), stroke=ink, stroke_width=width),
            Polyline(((fx, fy + fh), (fx + fw, fy)), stroke=ink, stroke_width=width)]


@symbol("cavalry")
def _cavalry(x, y, w, h, ink, fill):
    fx, fy, fw, fh = _frame(x, y, w, h)
    width = _line_width(fh)
    return [Rect(fx, fy, fw, fh, fill, ink, width),
            Polyline(((fx, fy + fh), (fx + fw, fy)), stroke=ink, stroke_width=width)]


@symbol("artillery")
def _artillery(x, y, w, h, ink, fill):
    fx, fy, fw, fh = _frame(x, y, w, h)
    radius = fh * 0.16
    return [Rect(fx, fy, fw, fh, fill, ink, _line_width(fh)),
            Ellipse(fx + fw / 2, fy + fh / 2, radius, radius, ink)]


@symbol("leader")
def _leader(x, y, w, h, ink, fill):
    """A five-pointed star, the common mark of a leader counter."""
    size = min(w, h)
    cx, cy = x + w / 2, y + h / 2 + size * 0.04
    outer, inner = size * 0.5, size * 0.2
    points = []
    for index in range(10):
        radius = outer if index % 2 == 0 else inner
        angle = -math.pi / 2 + index * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return [Polyline(tuple(points), True, ink, fill, _line_width(size) / 2)]


# Silhouettes from game-icons.net (see templates/symbols/game-icons/LICENSE.md): symbol → icon.
SILHOUETTES = {"galley": "galley", "galleass": "trireme", "galliot": "drakkar", "naval": "caravel",
               "elephant": "elephant"}


def _silhouette(icon: str) -> Callable:
    def draw(x, y, w, h, ink, fill):
        return draw_silhouette(icon, x, y, w, h, ink)
    return draw


for _name, _icon in SILHOUETTES.items():
    SYMBOLS[_name] = _silhouette(_icon)
