"""Names placed inside their regions: each at the largest size that fits at one of the region's most open
points (the pole of inaccessibility first), clear of every label and symbol already placed."""

from __future__ import annotations

import numpy
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from generator.render.draw.fonts import PT, cap_height_mm, width_mm
from generator.render.draw.primitives import Ink
from generator.render.draw.text_fit import place
from generator.render.maps import fit_map

LABEL_FONT = "sans-bold"
SMALLEST = 6.0           # points: a name smaller than this is not read on a map printed at home (100 dpi)


# labels --------------------------------------------------------------------------------------------------------

class Labels:
    """Labels placed one after another, each inside its region and clear of those already placed: the
    largest size that fits at one of the region's most open points (the pole of inaccessibility first)."""

    def __init__(self):
        self.taken: list[BaseGeometry] = []

    def block(self, area: BaseGeometry) -> None:
        self.taken.append(area)

    def place(self, name: str, extra: str, region: BaseGeometry, size: float, ink: Ink):
        inside = region.buffer(-0.3)
        shapely.prepare(inside)
        clear = shapely.STRtree([t for t in self.taken if t.intersects(region)])
        candidates = _open_points(region)
        xs, ys = numpy.array(candidates).T
        step = 1.0
        current = size
        while current >= SMALLEST:
            for wrapped in (False, True):
                half, total_h = _label_extent(name, extra, current, wrapped)
                top = ys - total_h / 2                 # every candidate's box at once, as _label_at draws it
                boxes = shapely.box(xs - half, top - 0.4 - 0.25 * current * PT, xs + half, top + total_h + 0.4)
                fits = shapely.contains(inside, boxes)
                fits[clear.query(boxes, predicate="intersects")[0]] = False
                if fits.any():
                    point = candidates[int(numpy.argmax(fits))]
                    shapes, outline = _label_at(name, extra, point[0], point[1], current, ink, wrapped)
                    self.taken.append(outline.buffer(0.8))
                    return shapes, point
            current -= step
        point = candidates[0]                         # nowhere fits: the name alone, as small as allowed
        shapes, outline = _label_at(name, "", point[0], point[1], SMALLEST, ink)
        self.taken.append(outline.buffer(0.5))
        return shapes, point


def _open_points(region: BaseGeometry, count: int = 40) -> list[tuple[float, float]]:
    """Points inside the region, most open first: the pole of inaccessibility of its largest part, then a
    grid of points ordered by their distance to the edge."""
    parts = sorted(polygons(region), key=lambda p: -p.area)
    if not parts:
        return [(0.0, 0.0)]
    pole = polylabel(parts[0], 0.5)
    x0, y0, x1, y1 = region.bounds
    spacing = max((x1 - x0), (y1 - y0)) / 24
    xs, ys = numpy.meshgrid(list(steps(x0 + spacing / 2, x1, spacing)), list(steps(y0 + spacing / 2, y1, spacing)),
                            indexing="ij")
    shapely.prepare(region)
    inside = shapely.contains_xy(region, xs.ravel(), ys.ravel())
    grid = numpy.column_stack((xs.ravel()[inside], ys.ravel()[inside]))
    depth = shapely.distance(region.boundary, shapely.points(grid))
    if len(depth) > count:        # only the deepest can be among the first `count` once rounded to 0.1 mm
        keep = depth >= numpy.partition(depth, len(depth) - count)[len(depth) - count] - 0.11
        grid, depth = grid[keep], depth[keep]
    inside = sorted(zip(grid.tolist(), depth.tolist()), key=lambda item: (-round(item[1], 1), item[0][0], item[0][1]))
    return [(pole.x, pole.y)] + [(x, y) for (x, y), _ in inside[:count]]


def polygons(geometry: BaseGeometry) -> list:
    return [part for part in getattr(geometry, "geoms", [geometry]) if part.geom_type == "Polygon"
            and not part.is_empty]


def _label_text(name: str, extra: str, size: float, wrapped: bool):
    """The name fitted at `size` points on one line or wrapped onto two, and its block's width and height;
    the extras' size, width and height (0 without extras)."""
    full = width_mm(name, LABEL_FONT, size)
    longest = max((width_mm(word, LABEL_FONT, size) for word in name.split()), default=full)
    fitted = fit_map(name, LABEL_FONT, size, size, max(longest, full * 0.62) if wrapped else full + 0.1, 100)
    block_w = max(width_mm(line, LABEL_FONT, fitted.size) for line in fitted.lines)
    block_h = (len(fitted.lines) - 1) * fitted.size * fitted.line_height * PT + cap_height_mm(LABEL_FONT, fitted.size)
    extra_size = max(SMALLEST, min(10.0, size * 0.6))
    extra_w = width_mm(extra, "sans", extra_size) if extra else 0.0
    extra_h = cap_height_mm("sans", extra_size) + 0.8 if extra else 0.0
    return fitted, block_w, block_h, extra_size, extra_w, extra_h


def _label_extent(name: str, extra: str, size: float, wrapped: bool) -> tuple[float, float]:
    """Half the width and the height of the label's texts (its box adds a margin above and below)."""
    _, block_w, block_h, _, extra_w, extra_h = _label_text(name, extra, size, wrapped)
    return max(block_w, extra_w) / 2 + 0.3, block_h + extra_h


def _label_at(name: str, extra: str, x: float, y: float, size: float, ink: Ink, wrapped: bool = False):
    """The name (and a smaller line of extras under it) centred on (x, y), at `size` points, on one line
    or wrapped onto two; the texts and the box they cover."""
    fitted, block_w, block_h, extra_size, extra_w, extra_h = _label_text(name, extra, size, wrapped)
    total_h = block_h + extra_h
    top = y - total_h / 2
    shapes = place(fitted, LABEL_FONT, x - block_w / 2, top, block_w, block_h, fill=ink)
    if extra:
        shapes += place(fit_map(extra, "sans", extra_size, extra_size, extra_w + 0.1, extra_h), "sans", x - extra_w / 2,
                        top + block_h + 0.8, extra_w, extra_h - 0.8, fill=ink)
    half, _ = _label_extent(name, extra, size, wrapped)
    outline = box(x - half, top - 0.4 - 0.25 * size * PT, x + half, top + total_h + 0.4)
    return shapes, outline


def steps(start: float, stop: float, step: float):
    """start, start + step, … while below stop (summed one step at a time, as every map drawn so far was)."""
    value = start
    while value < stop:
        yield value
        value += step
