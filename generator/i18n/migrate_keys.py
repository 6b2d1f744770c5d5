"""Rename a game's translation entries from the keys Imprenta made before stable identities to today's.

Before, a text in a list item without an id (a table modifier, a row keyed by its roll or range, a footnote, a
route, a callout, a list's items) was keyed by the item's place or roll: `table.t.modifiers.0.when`,
`table.t.rows.13-14.result`. Today it is keyed by what names the item (its id, a footnote's mark, a route's
destination, a callout's box) or else by its own text (model/texts.py). Both walks visit the same texts in the
same order, so each old key pairs with the new key of the same text; every entry keeps its text, stamp and
review mark, only its key changes. Entries already under today's keys, and keys no text has, are left as they
are. Run once per game:

    python3 -m generator.i18n.migrate_keys content/<game> [content/<other> …]
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from generator.model.common import Shape, Unknown, is_assumed


def renames(game) -> dict[str, str]:
    """Old key → new key, for every text whose key changed."""
    from generator.model.texts import walk_texts

    new = list(walk_texts(game))
    old = list(_old_keys(game))
    if [text for _, text in old] != [text.text for text in new]:
        raise RuntimeError("the old and new walks disagree: this migration is for the content as it is now")
    return {before: after.key for (before, _), after in zip(old, new) if before != after.key}


def migrate(folder: Path) -> list[tuple[Path, int]]:
    """Rename the keys of every translation file of the game at `folder`; (file, keys renamed) per file."""
    from generator.i18n.files import entry_data, write_entries
    from generator.load import load_game
    from generator.model.translations import Entry

    game = load_game(folder).game
    if game is None:
        raise RuntimeError(f"{folder} does not load; fix its errors first (imprenta check)")
    moved = renames(game)
    done = []
    for language, translation in sorted(game.translations.items()):
        entries, count = {}, 0
        for key, entry in translation.content.entries.items():
            target = key
            for suffix in ("", *(f".{form}" for form in ("zero", "one", "two", "few", "many", "other"))):
                base = key[:len(key) - len(suffix)] if suffix and key.endswith(suffix) else key
                if (not suffix or key.endswith(suffix)) and base in moved:
                    target = moved[base] + suffix
                    break
            if target in translation.content.entries and target != key:
                target = key        # today's key is already translated: keep both, the old one shows as orphan
            count += target != key
            entries[target] = (entry_data(entry, None) if isinstance(entry, str) else
                               entry_data(entry.text, entry.source, isinstance(entry, Entry) and entry.review))
        if count:
            write_entries(game, language, entries)
        done.append((folder / "i18n" / f"{language}.yaml", count))
    return done


# The keys as Imprenta made them before stable identities: a list item by its id, code, roll or key, else its
# place; a table's rows by id, roll or key, else place.

def _old_keys(game) -> Iterator[tuple[str, str]]:
    from generator.model.texts import _fields, reason_key

    def walk(shape: Shape, prefix: str) -> Iterator[tuple[str, str]]:
        for name, key, translatable in _fields(type(shape)):
            value = getattr(shape, name)
            if value is not None:
                yield from value_keys(value, f"{prefix}.{key}", translatable)

    def value_keys(value: Any, key: str, translatable: bool) -> Iterator[tuple[str, str]]:
        if isinstance(value, Unknown) or is_assumed(value):
            if value.unknown.strip():
                yield reason_key(value.unknown), value.unknown
        elif isinstance(value, str):
            if translatable and value.strip():
                yield key, value
        elif isinstance(value, Shape):
            if value.i18n_kind and hasattr(value, "id"):
                yield from walk(value, f"{value.i18n_kind}.{value.id}")
            else:
                yield from walk(value, key)
        elif isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                yield from value_keys(item, f"{key}.{_old_item_key(item, index)}", translatable)
        elif isinstance(value, dict):
            for item_key, item in value.items():
                yield from value_keys(item, f"{key}.{item_key}", translatable)

    yield from walk(game.manifest, "game")
    roots = (game.factions, game.piece_kinds, game.pieces, game.mixes, game.forces, game.card_types,
             game.decks, game.cards, game.tables, game.locations, game.map_keys, game.tracks, game.documents,
             game.terms, game.icons, game.actions, game.setup, game.aids)
    for collection in roots:
        for shape in collection:
            yield from walk(shape, f"{shape.i18n_kind}.{shape.id}")
    for table in game.tables:
        if isinstance(table.rows, Unknown):
            continue
        columns = [column.id for column in table.columns.items] if table.columns else []
        for index, row in enumerate(table.rows):
            name = _old_item_key(row, index, ("id", "roll", "key"))
            if isinstance(row.key, str) and any(ch.isalpha() for ch in row.key):
                yield f"table.{table.id}.rows.{name}.key", row.key
            for place, cell in enumerate(row.results or ()):
                if not table.is_code(cell):
                    column = columns[place] if place < len(columns) else str(place)
                    yield f"table.{table.id}.rows.{name}.results.{column}", cell
    if game.map is not None:
        for name, key, translatable in _fields(type(game.map)):
            value = getattr(game.map, name)
            if name not in {"locations", "tracks", "keys"} and value is not None:
                yield from value_keys(value, f"map.{key}", translatable)


def _old_item_key(item: Any, index: int, names=("id", "code", "roll", "key")) -> str:
    for attribute in names:
        found = getattr(item, attribute, None)
        if found is not None and not isinstance(found, (Shape, dict, list)):
            return str(found)
    return str(index)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        return 2
    for folder in argv:
        for path, count in migrate(Path(folder)):
            print(f"{path}: {count} keys renamed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
