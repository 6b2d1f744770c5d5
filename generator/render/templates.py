"""Where templates live: the shipped `templates/` folder, overridable per game in `<game>/templates/`."""

from __future__ import annotations

from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates"


def find(relative: str, game_folder: Path | None = None) -> Path | None:
    """The game's own copy of a template if it has one, else the shipped one, else None."""
    for base in ((game_folder / "templates") if game_folder else None, TEMPLATES):
        if base is not None and (base / relative).is_file():
            return base / relative
    return None
