"""Content colours (hex, palette names, faction ids, CMYK) turned into inks."""

from __future__ import annotations

import re

from generator.model import Game
from generator.model.common import Cmyk
from generator.render.draw.primitives import Ink

_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


class Palette:
    """Resolves a colour as the content writes it; names go through the palette, then faction colours."""

    def __init__(self, game: Game):
        self._names = dict(game.manifest.palette)
        self._factions = {faction.id: faction.color for faction in game.factions if faction.color}
        self._resolved: dict[str, Ink | None] = {}   # every face asks for the same few colours

    def ink(self, color, default: Ink | None = None) -> Ink | None:
        if isinstance(color, str):
            if color not in self._resolved:
                self._resolved[color] = self._resolve(color)
            resolved = self._resolved[color]
        else:
            resolved = self._resolve(color)
        return default if resolved is None else resolved

    def _resolve(self, color) -> Ink | None:
        seen = set()
        while isinstance(color, str) and not color.startswith("#"):
            if color in seen:
                return None
            seen.add(color)
            color = self._names.get(color, self._factions.get(color))
        if color is None:
            return None
        if isinstance(color, Cmyk):
            return Ink(cmyk=tuple(max(0.0, min(100.0, part)) / 100 for part in color.cmyk))
        return hex_ink(color) if _HEX.match(color) else None     # a field's text that is not a colour


def hex_ink(color: str) -> Ink:
    """"#rrggbb" as an ink."""
    return Ink(rgb=tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5)))
