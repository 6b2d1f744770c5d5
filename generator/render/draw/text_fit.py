"""Fitting a text into a box: wrap at spaces, shrink step by step down to a minimum size, or say it overflows.

A longer translation must never spill silently: `fit` always answers whether
the text fits at or above the layout's minimum size, and the caller reports it
when it does not (reportlab itself would draw past the box without a word).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from generator.render.draw.fonts import PT, cap_height_mm, width_mm
from generator.render.draw.primitives import BLACK, Ink, Text

STEP = 0.25  # points


class Fitted(NamedTuple):
    lines: tuple[str, ...]
    size: float
    fits: bool
    line_height: float  # times the size


@lru_cache(maxsize=4096)
def fit(text: str, role: str, size: float, min_size: float, width: float, height: float,
        line_height: float = 1.15, wrap: bool = True) -> Fitted:
    """The largest size from `size` down to `min_size` at which `text` fits `width` × `height` mm."""
    lines = None
    for current in shrinking(size, min_size):
        lines = _wrap(text, role, current, width) if wrap else tuple(text.splitlines() or [""])
        if lines is not None and _fits(lines, role, current, width, height, line_height):
            return Fitted(lines, current, True, line_height)
    return Fitted(lines or tuple(text.splitlines() or [""]), min_size, False, line_height)


def shrinking(size: float, min_size: float):
    """The sizes to try, largest first, a step apart; the last is the minimum itself."""
    current = size
    while True:
        yield current
        if current <= min_size + 1e-9:
            return
        current = max(round(current - STEP, 2), min_size)


def _fits(lines, role, size, width, height, line_height) -> bool:
    needed = (len(lines) - 1) * size * line_height * PT + cap_height_mm(role, size)
    return needed <= height + 1e-6 and all(width_mm(line, role, size) <= width + 1e-6 for line in lines)


def _wrap(text: str, role: str, size: float, width: float) -> tuple[str, ...] | None:
    """Greedy wrap at spaces; None when a single word is wider than the box."""
    lines = []
    for paragraph in text.splitlines() or [""]:
        current = ""
        for word in paragraph.split():
            if width_mm(word, role, size) > width + 1e-6:
                return None
            attempt = f"{current} {word}" if current else word
            if width_mm(attempt, role, size) <= width + 1e-6:
                current = attempt
            else:
                lines.append(current)
                current = word
        lines.append(current)
    return tuple(lines)


def place(fitted: Fitted, role: str, x: float, y: float, width: float, height: float,
          align: str = "center", valign: str = "middle", fill: Ink | None = None) -> list[Text]:
    """Text shapes for fitted lines inside the box (x, y, width, height), y downwards."""
    step = fitted.size * fitted.line_height * PT
    block = (len(fitted.lines) - 1) * step + cap_height_mm(role, fitted.size)
    if valign == "top":
        top = y
    elif valign == "bottom":
        top = y + height - block
    else:
        top = y + (height - block) / 2
    anchor, left = {"left": ("start", x), "right": ("end", x + width)}.get(align, ("middle", x + width / 2))
    baseline = top + cap_height_mm(role, fitted.size)
    return [Text(left, baseline + index * step, line, role, fitted.size, fill or BLACK, anchor)
            for index, line in enumerate(fitted.lines) if line]
