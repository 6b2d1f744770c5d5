"""A build `--since` an earlier version: that version read through the same loader, and what the renderers
need to mark what changed (render/context.py's Comparison)."""

from __future__ import annotations

from pathlib import Path

from generator.diagnostics import Diagnostic, make
from generator.load import load_game
from generator.load.earlier import Since, earlier_folder
from generator.model import Game
from generator.render.context import Comparison
from generator.render.edition import Edition


def comparison(game: Game, since: Since, scratch: Path, languages) -> tuple[Comparison | None, list[Diagnostic]]:
    """The earlier version loaded (from its commit, written into `scratch`, or its folder), and the faces of
    each language compared. Its own findings are not the new edition's business: only one that keeps it
    from loading at all is reported."""
    from generator.render.sheets.reprint import face_changes

    folder, found = earlier_folder(since, scratch)
    if folder is None:
        return None, found
    loaded = load_game(folder)
    if loaded.game is None:
        first = next((d for d in loaded.diagnostics if d.severity.name == "ERROR"), None)
        return None, [make("EDN003", f"--since {since.asked}: the earlier version cannot be loaded"
                                     f"{f' ({first.message})' if first else ''}", None)]
    earlier = loaded.game
    faces = {language: face_changes(Edition(earlier, language), Edition(game, language)) for language in languages}
    return Comparison(since.label, earlier, faces), []
