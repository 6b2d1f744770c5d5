"""SCH011: every file a content field names (art, images, icons) resolves inside the game folder."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Iterator

from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.common import Shape

_URL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DRIVE = re.compile(r"^[a-zA-Z]:[\\/]")   # C:\ or C:/, which would otherwise read as a URL scheme


def check_paths(game: Game) -> Iterator[Diagnostic]:
    for shape, field, value in _named_files(game):
        problem = outside_reason(game.folder, value)
        if problem:
            yield make("SCH011", f"'{value}' {problem}", where(shape, field))


def outside_reason(folder: Path, value: str) -> str | None:
    """Why a named file is refused, or None when it lies inside the game folder (symlinks resolved)."""
    if _URL.match(value) and not _DRIVE.match(value):
        return "is a URL; nothing is fetched while building, so name a file inside the game folder"
    path = PurePosixPath(value.replace("\\", "/"))
    if path.is_absolute() or _DRIVE.match(value):
        return "is an absolute path; name it relative to the game folder"
    root = folder.resolve()
    target = (root / path).resolve()
    if target != root and root not in target.parents:
        return "leaves the game folder" + (" through a symbolic link" if ".." not in path.parts else "")
    return None


def _named_files(game: Game) -> Iterator[tuple[Shape, str, str]]:
    if game.map and game.map.art:
        yield game.map, "art", game.map.art
    if game.map and game.map.outlines:
        yield game.map, "outlines", game.map.outlines
    if game.map and game.map.geography:
        yield game.map.geography, "land", game.map.geography.land
    for icon in game.icons:
        if icon.file:
            yield icon, "file", icon.file
    for card in game.cards:
        if card.image:
            yield card, "image", card.image
    for deck in game.decks:
        if deck.back and deck.back.image:
            yield deck.back, "image", deck.back.image
