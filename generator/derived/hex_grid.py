"""Where the hexes of a grid lie on the map, in millimetres (origin top-left, y down): the map renderer
draws them there, the VASSAL board puts its grid there, and the checker compares them with the land."""

from __future__ import annotations

import math

from generator.model.maps import Grid, format_id

MAP_MARGIN = 10.0        # mm of paper around what a map draws
SQRT3 = math.sqrt(3)


def hex_radius(grid: Grid) -> float:
    """Centre-to-corner distance of a hex whose flats are `grid.size` apart."""
    return grid.size / SQRT3


def hex_centres(grid: Grid, margin: float) -> dict[str, tuple[float, float]]:
    """Every hex of the grid by id; odd columns (flat) or odd rows (pointy) sit half a hex lower/righter."""
    radius = hex_radius(grid)
    centres = {}
    for col_index in range(grid.columns):
        for row_index in range(grid.rows):
            col, row = grid.first_column + col_index, grid.first_row + row_index
            if grid.orientation == "flat":
                x = margin + radius + col_index * 1.5 * radius
                y = margin + grid.size / 2 + row_index * grid.size + (grid.size / 2 if col_index % 2 else 0)
            else:
                x = margin + grid.size / 2 + col_index * grid.size + (grid.size / 2 if row_index % 2 else 0)
                y = margin + radius + row_index * 1.5 * radius
            centres[format_id(grid.id_format, col, row)] = (x, y)
    return centres


def hex_extent(grid: Grid, margin: float) -> tuple[float, float]:
    radius = hex_radius(grid)
    if grid.orientation == "flat":
        return (2 * margin + radius * (1.5 * grid.columns + 0.5), 2 * margin + grid.size * (grid.rows + 0.5))
    return (2 * margin + grid.size * (grid.columns + 0.5), 2 * margin + radius * (1.5 * grid.rows + 0.5))


def hex_corners(centre: tuple[float, float], grid: Grid) -> tuple[tuple[float, float], ...]:
    radius = hex_radius(grid)
    start = 0 if grid.orientation == "flat" else 30
    return tuple((centre[0] + radius * math.cos(math.radians(start + 60 * i)),
                  centre[1] + radius * math.sin(math.radians(start + 60 * i))) for i in range(6))
