"""Unit-type symbols drawn into a box: the usual NATO-style frames and marks, and ship silhouettes.

Each symbol keeps the frame's customary 3:2 proportion whatever the box, so
that infantry looks like infantry on a ½" and on a 1" counter alike.
"""

from __future__ import annotations

import math
from typing import Callable

from generator.render.draw.primitives import Ellipse, Ink, Polyline, Rect, Shape

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


def _hull(x, y, w, h):
    fx, fy, fw, fh = _frame(x, y, w, h)
    deck = fy + fh * 0.55
    keel = fy + fh * 0.9
    return fx, fy, fw, fh, ((fx, deck), (fx + fw, deck), (fx + fw * 0.82, keel), (fx + fw * 0.12, keel))


@symbol("naval")
def _naval(x, y, w, h, ink, fill):
    """A sailing ship: hull, mast and sail."""
    fx, fy, fw, fh, hull = _hull(x, y, w, h)
    mast = fx + fw * 0.5
    return [Polyline(hull, True, ink),
            Polyline(((mast, fy + fh * 0.55), (mast, fy)), stroke=ink, stroke_width=_line_width(fh) / 2),
            Polyline(((mast + fw * 0.04, fy + fh * 0.06), (mast + fw * 0.3, fy + fh * 0.48),
                      (mast + fw * 0.04, fy + fh * 0.48)), True, ink)]


@symbol("galley")
def _galley(x, y, w, h, ink, fill):
    """A galley: a long low hull with a beak and a row of oars."""
    fx, fy, fw, fh, hull = _hull(x, y, w, h)
    beak = ((fx + fw, fy + fh * 0.55), (fx + fw * 1.0, fy + fh * 0.62), (fx + fw * 0.9, fy + fh * 0.62))
    oars = [Polyline(((fx + fw * (0.2 + 0.12 * i), fy + fh * 0.75), (fx + fw * (0.12 + 0.12 * i), fy + fh)),
                     stroke=ink, stroke_width=_line_width(fh) / 2) for i in range(6)]
    mast = fx + fw * 0.45
    return [Polyline(hull, True, ink), Polyline(beak, True, ink),
            Polyline(((mast, fy + fh * 0.55), (mast, fy + fh * 0.1)), stroke=ink, stroke_width=_line_width(fh) / 2),
            Polyline(((mast - fw * 0.2, fy + fh * 0.12), (mast + fw * 0.2, fy + fh * 0.12),
                      (mast, fy + fh * 0.45)), True, ink), *oars]
