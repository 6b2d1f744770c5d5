"""Where templates live: the shipped `templates/` folder, overridable per game in `<game>/templates/`.

Both are read through the game-file confinement: a game's override that is a symbolic link, or a name with
`..` in it, is refused rather than followed.
"""

from __future__ import annotations

from pathlib import Path

from generator.game_files import Refused, inside

TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates"
SHIPPED_ONLY = ("profiles/",)      # a game may add profiles, but `home` and `press` always mean the shipped ones


def find(relative: str, game_folder: Path | None = None) -> Path | None:
    """The game's own copy of a template if it has one, else the shipped one, else None.

    Raises Refused when the game's copy exists but may not be read (a link, a name that leaves the folder)."""
    shipped_first = relative.startswith(SHIPPED_ONLY)
    bases = [TEMPLATES] if shipped_first else []
    bases += [game_folder / "templates"] if game_folder else []
    bases += [] if shipped_first else [TEMPLATES]
    for base in bases:
        try:
            return inside(base, relative)
        except Refused as refusal:
            if refusal.code != "YML002":      # not there: look in the next place
                raise
    return None
