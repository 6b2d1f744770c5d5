"""What each output is made from, as one fingerprint, so an unchanged output is not built again.

A component's fingerprint covers the parts of the model it prints, the
translations of those parts, the images they name, the templates and fonts,
the print profile and options, and Imprenta's version. Editing one card
changes the fingerprint of the cards, not that of the counters or the map,
nor that of the rulebook unless the card's title, number or count changed
(the rulebook names cards; it does not print them).
"""

from __future__ import annotations

import hashlib
import json
import os
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from generator import __version__
from generator.load.game_files import digest as file_digest
from generator.load.game_files import files_under
from generator.render.templates import TEMPLATES
from generator.user_cache import cache_folder, write_atomically

if TYPE_CHECKING:
    from generator.model import Game

_EVERYTHING = ("factions", "piece_kinds", "pieces", "mixes", "forces", "card_types", "decks", "cards", "tables",
               "map", "tracks", "documents", "terms", "icons", "actions", "setup", "aids")
# Prose on cards and counters may name sections, units, areas… so cards read nearly everything but the map art.
READS = {
    "counters": ("factions", "piece_kinds", "pieces", "forces", "icons", "tables"),
    "cards": ("factions", "piece_kinds", "pieces", "forces", "card_types", "decks", "cards", "tables", "tracks",
              "documents", "terms", "icons", "actions"),
    "map": ("factions", "forces", "map", "tracks", "tables"),
}
# The VASSAL module and the TTS save are made from the same inputs: one fingerprint, which they use to share one
# drawing of their pictures (generator/render/digital/images.py).
_SAME_INPUTS = {"tts": "vassal"}
_STORE, _STORED_FROM = "file-digests.json", 64 * 1024   # user-cache file of the digests of files this large
_CARD_AS_NAMED = {"id", "deck", "copies", "number", "title"}   # what {card:…} and {count:deck:…} print
_I18N_KINDS = {"factions": "faction", "piece_kinds": "piece_kind", "pieces": "piece", "mixes": "mix",
               "forces": "force", "card_types": "card_type", "decks": "deck", "cards": "card", "tables": "table",
               "map": ("location", "map_key"), "tracks": "track", "documents": ("document", "section"), "terms": "term",
               "icons": "icon", "actions": "action", "setup": "setup", "aids": "aid"}


def fingerprint(game: Game, language: str, component: str, options: str) -> str:
    component = _SAME_INPUTS.get(component, component)
    digest = hashlib.sha256()
    digest.update(f"{__version__}\0{component}\0{language}\0{options}\0".encode())
    digest.update(f"SOURCE_DATE_EPOCH={os.environ.get('SOURCE_DATE_EPOCH') or '0'}\0".encode())
    digest.update(_templates_digest(str(game.folder)).encode())
    digest.update(game.manifest.model_dump_json().encode())
    collections = READS.get(component, _EVERYTHING)
    books = component not in READS     # the rulebook, living rules and aids name cards but never print them
    for name in collections:
        value = getattr(game, name)
        shapes = [value] if name == "map" and value is not None else list(value or ())
        digest.update(name.encode())
        for shape in shapes:
            if books and name == "cards":
                digest.update(shape.model_dump_json(include=_CARD_AS_NAMED).encode())
            else:
                digest.update(shape.model_dump_json(by_alias=True).encode())
    kinds = {"game"}
    for name in collections:
        kind = _I18N_KINDS[name]
        kinds.update(kind if isinstance(kind, tuple) else (kind,))
    translation = game.translations.get(language)
    if translation is not None:
        for key, entry in sorted(translation.content.entries.items()):
            kind = key.split(".", 1)[0]
            if kind in kinds and not (books and kind == "card" and not key.endswith(".title")):
                digest.update(key.encode() + b"\0" + json.dumps(entry if isinstance(entry, str) else
                                                                 entry.text).encode())
    for path in _images(game, collections):
        digest.update(_file_digest(str(path)).encode())
    return digest.hexdigest()


def _images(game: Game, collections) -> list[Path]:
    found = []
    if "cards" in collections:
        found += [game.folder / card.image for card in game.cards if card.image]
        found += [game.folder / deck.back.image for deck in game.decks if deck.back and deck.back.image]
    if "icons" in collections:
        found += [game.folder / icon.file for icon in game.icons if icon.file]
    if "map" in collections and game.map is not None:
        named = (game.map.art, game.map.outlines, game.map.geography.land if game.map.geography else None)
        found += [game.folder / name for name in named if name]
    return sorted(set(found))


def _templates_digest(game_folder: str) -> str:
    """Every shipped template, font and profile, and the game's own templates (names, sizes, contents)."""
    digest = hashlib.sha256()
    for base in (TEMPLATES, Path(game_folder) / "templates"):
        files, links = files_under(base)
        for path in files + links:
            digest.update(str(path.relative_to(base)).encode())
            digest.update(_file_digest(str(path)).encode())
    return digest.hexdigest()


def _file_digest(path: str) -> str:
    """A file's content digest, read again only when its size or times changed (`imprenta watch` edits); the
    change time and inode are in the key, so a copy that keeps size and modification time is read again."""
    try:
        status = os.lstat(path)
    except OSError:
        return "missing"
    return _digest_of(path, status.st_mtime_ns, status.st_size, status.st_ctime_ns, status.st_ino)


@lru_cache(maxsize=4096)
def _digest_of(path: str, mtime: int, size: int, ctime: int = 0, inode: int = 0) -> str:
    """The digest of a file, streamed (see game_files.digest); a large one (the fonts, images) is kept in the
    user's cache with the stat it was taken at, so that every build need not read the 4 MB of shipped fonts
    again. Small files are always read: what they cost is nothing next to a missed edit."""
    stored = _stored_digests().get(path) if size >= _STORED_FROM else None      # [mtime, size, digest, ctime, inode]
    if isinstance(stored, list) and len(stored) == 5 and stored[:2] == [mtime, size] and stored[3:] == [ctime, inode]:
        return stored[2]
    digest = file_digest(Path(path))
    if digest == "missing":
        return digest
    if size >= _STORED_FROM:
        _stored_digests()[path] = [mtime, size, digest, ctime, inode]
        write_atomically(cache_folder() / _STORE, json.dumps(_stored_digests()).encode())
    return digest


@cache
def _stored_digests() -> dict[str, list]:
    try:
        stored = json.loads((cache_folder() / _STORE).read_bytes())
        return stored if isinstance(stored, dict) else {}
    except (OSError, ValueError):
        return {}
