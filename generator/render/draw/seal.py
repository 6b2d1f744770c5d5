"""The reconstruction seal: how a proof marks a fact the editor reconstructed (one definition).

Where the unknown's lozenge (draw/placeholder.py) says "to be supplied", the seal says "supplied by the
editor, to be confirmed": a round stamp — two concentric rings in proof magenta on its pale tint — with
the reconstruction's reference number inside, the number the proof sheet and the legend give it. Round
against pointed, it cannot be taken for the lozenge; it holds no letter, so it reads alike in every
language; its figures are never smaller than MIN_POINTS.
"""

from __future__ import annotations

from generator.render.draw.placeholder import PROOF_FILL, PROOF_INK
from generator.render.draw.primitives import Ellipse, Group, Text

MIN_POINTS = 5.0
RADIUS = 1.9                    # mm: room for two figures at MIN_POINTS inside the inner ring


def seal_radius(number: int, size: float = MIN_POINTS) -> float:
    """The outer radius (mm) of the seal for `number` with figures of `size` points."""
    figures = len(str(number)) if number else 1
    return max(RADIUS, size * 25.4 / 72 * (0.36 * figures + 0.55))


def seal_shapes(x: float, y: float, number: int, size: float = MIN_POINTS, element_id: str | None = None) -> Group:
    """The seal for reconstruction `number`, centred on (x, y)."""
    size = max(size, MIN_POINTS)
    radius = seal_radius(number, size)
    shapes = [Ellipse(x, y, radius, radius, PROOF_FILL, PROOF_INK, 0.3),
              Ellipse(x, y, radius - 0.45, radius - 0.45, None, PROOF_INK, 0.15)]
    if number:
        shapes.append(Text(x, y + 0.36 * size * 25.4 / 72, str(number), "sans-bold", size, PROOF_INK, "middle"))
    return Group(element_id, shapes, "reconstructed-mark", None)
