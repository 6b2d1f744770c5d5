"""Where things are on a map: hex facings, shape centres, and a schematic layout when the content gives
no positions (hex centres and corners: derived.hex_grid). Pure geometry in the map's millimetres (origin
top-left, y down)."""

from __future__ import annotations

import math

from generator.model.maps import Grid, Location


def facing_angle(facing: int, grid: Grid) -> float:
    """Direction (radians, y down) of hex side `facing`, 1 being the top side (flat) or top-right (pointy)."""
    first = -90 if grid.orientation == "flat" else -60
    return math.radians(first + 60 * (facing - 1))


def shape_centre(location: Location) -> tuple[float, float] | None:
    shape = location.shape
    if shape is None:
        return None
    if shape.circle is not None:
        return shape.circle[0], shape.circle[1]
    if shape.rect is not None:
        x, y, w, h = shape.rect
        return x + w / 2, y + h / 2
    if shape.polygon:
        xs, ys = zip(*shape.polygon)
        return sum(xs) / len(xs), sum(ys) / len(ys)
    return None


def schematic_positions(ids: list[str], edges: set[tuple[str, str]], width: float, height: float,
                        margin: float, fixed: dict[str, tuple[float, float]] | None = None
                        ) -> dict[str, tuple[float, float]]:
    """A deterministic force-directed layout (Fruchterman–Reingold) for locations the content does not place.

    Neighbours pull together and everything pushes apart, so the drawing shows
    the adjacency clearly; the start is a circle in content order, so the same
    data always gives the same map.
    """
    fixed = dict(fixed or {})
    free = [i for i in ids if i not in fixed]
    if not free:
        return fixed
    area_w, area_h = width - 2 * margin, height - 2 * margin
    k = math.sqrt(area_w * area_h / max(1, len(ids))) * 0.8
    pos = {}
    for index, node in enumerate(free):
        angle = 2 * math.pi * index / len(free)
        pos[node] = [width / 2 + area_w * 0.35 * math.cos(angle), height / 2 + area_h * 0.35 * math.sin(angle)]
    for node, (x, y) in fixed.items():
        pos[node] = [x, y]
    temperature = max(area_w, area_h) / 10
    nodes = list(pos)
    for _ in range(200):
        moves = {node: [0.0, 0.0] for node in free}
        for i, a in enumerate(nodes):
            for b in nodes[i + 1:]:
                dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
                distance = max(math.hypot(dx, dy), 0.01)
                push = k * k / distance
                for node, sign in ((a, 1), (b, -1)):
                    if node in moves:
                        moves[node][0] += sign * dx / distance * push
                        moves[node][1] += sign * dy / distance * push
        for a, b in sorted(edges):      # a set's order changes from run to run, and with it the float sums
            if a not in pos or b not in pos:
                continue
            dx, dy = pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]
            distance = max(math.hypot(dx, dy), 0.01)
            pull = distance * distance / k
            for node, sign in ((a, -1), (b, 1)):
                if node in moves:
                    moves[node][0] += sign * dx / distance * pull
                    moves[node][1] += sign * dy / distance * pull
        for node in free:
            dx, dy = moves[node]
            length = max(math.hypot(dx, dy), 0.01)
            step = min(length, temperature)
            pos[node][0] = min(width - margin, max(margin, pos[node][0] + dx / length * step))
            pos[node][1] = min(height - margin, max(margin, pos[node][1] + dy / length * step))
        temperature *= 0.97
    return {node: (round(x, 3), round(y, 3)) for node, (x, y) in pos.items()}


def tidy_schematic(ids: list[str], edges: set[tuple[str, str]], width: float, height: float, margin: float,
                   node: tuple[float, float], fixed: dict[str, tuple[float, float]] | None = None
                   ) -> dict[str, tuple[float, float]]:
    """A schematic that stays legible: places with no known neighbour go in tidy rows along the foot of the
    map (in the order given), the rest are laid out by `schematic_positions` above them, then nudged apart
    until no two boxes overlap."""
    fixed = dict(fixed or {})
    touching = {a for pair in edges for a in pair}
    alone = [i for i in ids if i not in touching and i not in fixed]
    cell_w, cell_h = node[0] + 4, node[1] + 6
    if not touching and not fixed:          # no link known: a tidy grid over the whole sheet, not a row at its foot
        columns = max(1, min(len(ids), math.ceil(math.sqrt(len(ids) * 1.4)),
                             int((width - 2 * margin) // (cell_w * 1.6))))
        rows = math.ceil(len(ids) / columns)
        step_x = min(cell_w * 2.2, (width - 2 * margin) / columns)
        step_y = min(cell_h * 2.2, (height - 2 * margin - 12) / max(rows, 1))
        left = (width - step_x * columns) / 2
        top = 12 + (height - 12 - step_y * rows) / 2
        return {place: (round(left + step_x * (index % columns + 0.5), 3),
                        round(top + step_y * (index // columns + 0.5), 3))
                for index, place in enumerate(ids)}
    columns = max(1, int((width - 2 * margin) // cell_w))
    rows = math.ceil(len(alone) / columns)
    band = rows * cell_h
    positions = {}
    for index, place in enumerate(alone):
        row, column = divmod(index, columns)
        positions[place] = (margin + cell_w * (column + 0.5), height - margin - band + cell_h * (row + 0.5))
    rest = [i for i in ids if i not in positions]
    laid = schematic_positions(rest, edges, width, height - band, margin + node[0] / 2, fixed)
    positions.update(_apart(laid, set(fixed), node, width, height - band, margin))
    return positions


def _apart(positions: dict[str, tuple[float, float]], pinned: set[str], node: tuple[float, float], width: float,
           height: float, margin: float) -> dict[str, tuple[float, float]]:
    """Push overlapping boxes apart along the axis where they overlap least (pinned places do not move)."""
    pos = {key: list(value) for key, value in positions.items()}
    keys = sorted(pos)
    gap_w, gap_h = node[0] + 3, node[1] + 5
    for _ in range(150):
        moved = False
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                over_x, over_y = gap_w - abs(dx), gap_h - abs(dy)
                if over_x <= 0 or over_y <= 0:
                    continue
                moved = True
                if over_x / gap_w < over_y / gap_h:
                    shift, axis, sign = over_x / 2, 0, (1 if dx >= 0 else -1)
                else:
                    shift, axis, sign = over_y / 2, 1, (1 if dy >= 0 else -1)
                for key, direction in ((a, -sign), (b, sign)):
                    if key not in pinned:
                        pos[key][axis] += direction * shift * (1 if a in pinned or b in pinned else 1)
        for key in keys:
            if key not in pinned:
                pos[key][0] = min(width - margin - node[0] / 2, max(margin + node[0] / 2, pos[key][0]))
                pos[key][1] = min(height - margin - node[1] / 2, max(margin + node[1] / 2, pos[key][1]))
        if not moved:
            break
    return {key: (round(x, 3), round(y, 3)) for key, (x, y) in pos.items()}
