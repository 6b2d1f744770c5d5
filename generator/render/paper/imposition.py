"""Imposition: pure geometry that lays pieces on sheets, their backs behind them, and the cut marks.

Nothing here draws. Coordinates are millimetres from the bottom-left corner of
the trimmed sheet (the TrimBox), as in the manifest; `x`, `y` of a placement is
the bottom-left corner of the piece's trim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class Area(NamedTuple):
    x: float
    y: float
    width: float
    height: float

    @property
    def top(self) -> float:
        return self.y + self.height


class Placement(NamedTuple):
    item: int                 # index in the list of items imposed
    page: int                 # 0-based sheet
    x: float
    y: float
    w: float
    h: float
    bleed: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.0)   # left, bottom, right, top

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


MARK_LENGTH = 4.0      # mm, a cut tick
MARK_GAP = 1.0         # mm between a tick and the bleed it marks


def run_gap(cut_marks: bool, bleed: float) -> float:
    """Room between two grids of different sizes: with cut marks, the lower ticks of the one and the upper
    ticks of the other each get their own band, so no tick can be read as the other grid's."""
    if not cut_marks:
        return 3.0
    return 2 * (bleed + MARK_GAP + MARK_LENGTH) + 1.0


def impose(sizes: Sequence[tuple[float, float]], area: Area, gutter: float, bleed: float,
           run_gap: float = 3.0) -> list[Placement]:
    """Place items in rows, every item of one size in one grid, a new sheet when one is full.

    Items of one size form a single run (in the order of their first
    appearance), so rows are full whatever order the data lists them in; each
    run is a grid; with no gutter its items touch (one cut separates two
    counters), and only the block's outer edges bleed. A new size starts a new
    grid `run_gap` (or the bleed twice) below the last one, on a common
    centre line.
    """
    placements: list[Placement] = []
    page, cursor = 0, area.top          # cursor: top of the next free row
    runs: dict[tuple[float, float], list[int]] = {}
    for index, size in enumerate(sizes):
        runs.setdefault(size, []).append(index)
    for (w, h), members in runs.items():
        if w > area.width + 1e-6 or h > area.height + 1e-6:
            raise ValueError(f"a {w:g}×{h:g} mm piece does not fit a {area.width:g}×{area.height:g} mm sheet area")
        columns = max(1, int((area.width + gutter + 1e-6) // (w + gutter)))
        left = area.x + (area.width - (columns * w + (columns - 1) * gutter)) / 2
        if placements and placements[-1].page == page:
            cursor -= max(run_gap, 2 * bleed, gutter)
        block_rows = []
        for start in range(0, len(members), columns):
            if cursor - h < area.y - 1e-6:
                page, cursor = page + 1, area.top
            block_rows.append((page, cursor - h, members[start:start + columns]))
            cursor -= h + gutter
        cursor += gutter
        placements.extend(_with_bleed(block_rows, left, w, h, gutter, bleed))
    return sorted(placements, key=lambda placement: placement.item)


def _with_bleed(rows, left, w, h, gutter, bleed) -> list[Placement]:
    """Placements of one run, each side bleeding unless another piece of the run touches it."""
    limit = min(bleed, gutter / 2) if gutter > 0 else bleed
    occupied = {}
    for page, bottom, items in rows:
        for column, item in enumerate(items):
            occupied[(page, round(bottom, 4), column)] = item
    result = []
    for page, bottom, items in rows:
        for column, item in enumerate(items):
            x = left + column * (w + gutter)
            touching = gutter == 0
            has_left = touching and column > 0
            has_right = touching and column < len(items) - 1
            has_above = touching and (page, round(bottom + h, 4), column) in occupied
            has_below = touching and (page, round(bottom - h, 4), column) in occupied
            sides = tuple(0.0 if neighbour else limit for neighbour in (has_left, has_below, has_right, has_above))
            result.append(Placement(item, page, x, bottom, w, h, sides))
    return result


def duplex_back(front: Placement, sheet_width: float, sheet_height: float, flip: str = "long",
                offset: tuple[float, float] = (0.0, 0.0), extra_bleed: float = 0.0,
                gutter: float = 0.0) -> Placement:
    """Where a back goes on the next page so that it lands behind its front once the sheet is turned.

    Long-edge flip turns a portrait sheet about its vertical axis, so x is
    mirrored; short-edge flip turns it about the horizontal axis, so y is. The
    offset is the user's printer correction, measured with `imprenta calibrate`.
    """
    dx, dy = offset
    if flip == "short":
        x, y = front.x + dx, sheet_height - front.y - front.h + dy
        left, bottom, right, top = front.bleed[0], front.bleed[3], front.bleed[2], front.bleed[1]
    else:
        x, y = sheet_width - front.x - front.w + dx, front.y + dy
        left, bottom, right, top = front.bleed[2], front.bleed[1], front.bleed[0], front.bleed[3]
    grow = _grown(extra_bleed, gutter)
    return Placement(front.item, front.page, x, y, front.w, front.h,
                     tuple(side + grow if side > 0 else 0.0 for side in (left, bottom, right, top)))


def fold_back(front: Placement, sheet_width: float, extra_bleed: float = 0.0, gutter: float = 0.0) -> Placement:
    """Where a back goes on the same page, mirrored across the fold line down the middle of the sheet."""
    left, bottom, right, top = front.bleed
    grow = _grown(extra_bleed, gutter)
    return Placement(front.item, front.page, sheet_width - front.x - front.w, front.y, front.w, front.h,
                     tuple(side + grow if side > 0 else 0.0 for side in (right, bottom, left, top)))


def _grown(extra_bleed: float, gutter: float) -> float:
    return min(extra_bleed, gutter / 2) if gutter > 0 else extra_bleed


def cut_positions(placements: Sequence[Placement]) -> tuple[list[float], list[float]]:
    """The distinct x and y of every trim edge on one sheet: where the guillotine goes."""
    xs = sorted({round(value, 3) for p in placements for value in (p.x, p.x + p.w)})
    ys = sorted({round(value, 3) for p in placements for value in (p.y, p.y + p.h)})
    return xs, ys


def bounds(placements: Sequence[Placement]) -> Area:
    x0 = min(p.x for p in placements)
    y0 = min(p.y for p in placements)
    x1 = max(p.x + p.w for p in placements)
    y1 = max(p.y + p.h for p in placements)
    return Area(x0, y0, x1 - x0, y1 - y0)
