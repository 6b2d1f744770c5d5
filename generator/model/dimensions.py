"""Lengths in content become millimetres here, once, and named sizes live here."""

from __future__ import annotations

import re

MM_PER = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72, "px": 25.4 / 96}

_LENGTH = re.compile(r"^\s*([0-9]*\.?[0-9]+)\s*(mm|cm|in|pt|px)?\s*$")

#: the largest length content may state (a 1.5 m map is already a poster)
MAX_LENGTH_MM = 2000.0
#: the smallest (a hundredth of a millimetre; less rounds to nothing, and would divide by it)
MIN_LENGTH_MM = 0.01

CARD_SIZES = {  # portrait width × height
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 63.0),
    "tarot": (70.0, 120.0),
    "square": (70.0, 70.0),
}

PAPER_SIZES = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "tabloid": (279.4, 431.8),
}


def parse_length(value: float | int | str) -> float:
    """A length in millimetres from a number (already mm) or a string with a unit."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            millimetres = float(value)
        except OverflowError:
            raise ValueError(f"{str(value)[:12]}… is outside 0-{MAX_LENGTH_MM:g} mm") from None
    else:
        match = _LENGTH.match(str(value))
        if not match:
            raise ValueError(f"'{value}' is not a length: write mm as a number, or \"0.5in\", \"12.7mm\"")
        millimetres = float(match.group(1)) * MM_PER[match.group(2) or "mm"]
    if not MIN_LENGTH_MM <= millimetres <= MAX_LENGTH_MM:    # also refuses nan and inf
        raise ValueError(f"{str(value)[:20]} is outside {MIN_LENGTH_MM:g}-{MAX_LENGTH_MM:g} mm")
    return round(millimetres, 4)
