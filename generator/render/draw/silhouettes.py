"""Silhouettes from a licensed icon collection, turned into outlines of the drawing model.

The icons are game-icons.net's (CC BY 3.0), vendored as SVG files under
`templates/symbols/game-icons/` with their licence; only Imprenta's own
templates are read, never a game's, since a path is parsed, not trusted. The
path data is read by svgelements (the SVG reader the maps use for an
artist's outlines) and each segment becomes a line or a cubic Bézier; elliptical arcs, which PDF
has no operator for, become short lines.
"""

from __future__ import annotations

import re
from functools import cache

from generator.render.draw.primitives import Ink, Outline
from generator.render.templates import TEMPLATES

FOLDER = TEMPLATES / "symbols" / "game-icons"
_PATH_DATA = re.compile(r'<path[^>]*\sd="([^"]+)"')
_ARC_STEPS = 12


@cache
def silhouette(name: str) -> tuple[tuple[tuple, ...], tuple[float, float, float, float]]:
    """The icon's commands in its own units, and the box its ink spans (x0, y0, x1, y1); kept in the cache
    folder under Imprenta's files and svgelements' version (reading them imports svgelements and numpy)."""
    from generator.user_cache import kept_json, package_key

    commands, box = kept_json("silhouettes", f"{package_key('svgelements')}|{name}",
                              lambda: _read_silhouette(name))
    return tuple(tuple(command) for command in commands), tuple(box)


def _read_silhouette(name: str) -> tuple[tuple[tuple, ...], tuple[float, float, float, float]]:
    from svgelements import Arc, Close, CubicBezier, Line, Move, Path, QuadraticBezier

    source = (FOLDER / f"{name}.svg").read_text(encoding="utf-8")
    commands: list[tuple] = []
    for data in _PATH_DATA.findall(source):
        for segment in Path(data):
            if isinstance(segment, Move):
                commands.append(("M", *_xy(segment.end)))
            elif isinstance(segment, Close):
                commands.append(("Z",))
            elif isinstance(segment, Line):
                commands.append(("L", *_xy(segment.end)))
            elif isinstance(segment, CubicBezier):
                commands.append(("C", *_xy(segment.control1), *_xy(segment.control2), *_xy(segment.end)))
            elif isinstance(segment, QuadraticBezier):     # the same curve as a cubic
                start, control, end = segment.start, segment.control, segment.end
                commands.append(("C", *_xy(start + (control - start) * (2 / 3)),
                                 *_xy(end + (control - end) * (2 / 3)), *_xy(end)))
            elif isinstance(segment, Arc):
                commands.extend(("L", *_xy(segment.point(step / _ARC_STEPS))) for step in range(1, _ARC_STEPS + 1))
    xs = [value for command in commands for value in command[1::2]]
    ys = [value for command in commands for value in command[2::2]]
    return tuple(commands), (min(xs), min(ys), max(xs), max(ys))


def _xy(point) -> tuple[float, float]:
    return point.x, point.y


def draw_silhouette(name: str, x: float, y: float, w: float, h: float, ink: Ink) -> list[Outline]:
    """The icon filled in `ink`, as large as fits the box keeping its proportions, centred."""
    commands, (x0, y0, x1, y1) = silhouette(name)
    scale = min(w / (x1 - x0), h / (y1 - y0))
    left = x + (w - (x1 - x0) * scale) / 2 - x0 * scale
    top = y + (h - (y1 - y0) * scale) / 2 - y0 * scale
    placed = tuple((command[0], *(value * scale + (left if index % 2 == 0 else top)
                                  for index, value in enumerate(command[1:])))
                   for command in commands)
    return [Outline(placed, ink)]
