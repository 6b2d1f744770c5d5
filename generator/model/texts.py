"""Every translatable text of a game, with its stable translation key and where it was written.

Keys are `<kind>.<id>.<field>` for the entity that owns the text; nested texts
add sub-keys made of ids, codes or rolls where the item has one, indices
otherwise (docs/content-format.md, "Translations").
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Iterator
from typing import Any, NamedTuple

from generator.model import Game
from generator.model.common import Shape, Unknown, is_assumed
from generator.model.tables import row_key
from generator.model.translations import fingerprint

REASON = "unknown."      # the keys of the reasons why facts are unknown, printed on a proof sheet

#: A reference token without words of its own ({value:piece:x/cost}, not {term:x|apilamiento}), as
#: derived.references reads them: a cell that holds only such tokens, digits and signs has no words.
_TOKEN = re.compile(r"\{[a-z][a-z.]*:[^{}|]*\}")


class SourceText(NamedTuple):
    key: str
    text: str
    owner: Shape | None     # the shape whose field holds the text (None: a word Imprenta prints)
    path: tuple             # the field path below the owner (for spans)
    span: Any = None        # where the text is written, when it has no owner
    plural: str | None = None   # the form for numbers other than one, for a text printed with a count
    translated: bool = True     # False: only tokens and numbers ("{value:piece:x/cost}"), checked, never translated


def iter_texts(game: Game) -> Iterator[SourceText]:
    """Every text, once; an unknown fact's reason once however many facts give it (at its first place)."""
    reasons = set()
    for text in _texts(game):
        if text.key.startswith(REASON):
            if text.key in reasons:
                continue
            reasons.add(text.key)
        yield text


def reason_key(reason: str) -> str:
    """The translation key of an unknown fact's reason: one per wording, shared by every fact that gives it."""
    return f"{REASON}{fingerprint(reason)}"


def _texts(game: Game) -> Iterator[SourceText]:
    yield from _walk(game.manifest, "game", ())
    roots = (game.factions, game.piece_kinds, game.pieces, game.mixes, game.forces, game.card_types,
             game.decks, game.cards, game.tables, game.locations, game.map_keys, game.tracks, game.documents,
             game.terms, game.icons, game.actions, game.setup, game.aids)
    for collection in roots:
        for shape in collection:
            yield from _walk(shape, f"{shape.i18n_kind}.{shape.id}", ())
    for table in game.tables:
        yield from _row_labels(table)
    if game.map is not None:   # the map's own texts (grid, hexes, terrain rules); its locations came above
        walked = {"locations", "tracks", "keys"}
        for name, key, translatable in _fields(type(game.map)):
            value = getattr(game.map, name)
            if name not in walked and value is not None:
                yield from _value(game.map, value, f"map.{key}", (key,), translatable)


def _row_labels(table) -> Iterator[SourceText]:
    """Row keys and cells that are words ("≤ N", "Mover un apilamiento", "3 ducados"), not numbers, ranges or
    the legend's result codes: they print as the row's label and values."""
    if isinstance(table.rows, Unknown):
        return
    columns = [column.id for column in table.columns.known] if table.columns else []
    for index, row in enumerate(table.rows):
        name = row_key(row, index)
        if isinstance(row.key, str) and any(ch.isalpha() for ch in row.key):
            yield SourceText(f"table.{table.id}.rows.{name}.key", row.key, table, ("rows", index, "key"))
        for place, cell in enumerate(row.results or ()):
            if not table.is_code(cell):
                column = columns[place] if place < len(columns) else str(place)
                yield SourceText(f"table.{table.id}.rows.{name}.results.{column}", cell, table,
                                 ("rows", index, "results", place), translated=not table.is_code(_TOKEN.sub("", cell)))


PRINTED_ATTRIBUTES = {"abbreviation"}   # free attributes the map prints beside a place: translated like a name


def _walk(shape: Shape, prefix: str, below: tuple) -> Iterator[SourceText]:
    owner = shape
    for name, key, translatable in _fields(type(shape)):
        value = getattr(shape, name)
        if value is None:
            continue
        yield from _value(owner, value, f"{prefix}.{key}", (key,), translatable)


@functools.cache
def _fields(model: type[Shape]) -> tuple[tuple[str, str, bool], ...]:
    """(attribute, key, translatable) of each field but the id; asked once per class, not per shape."""
    return tuple((name, info.alias or name, _is_text(info.annotation))
                 for name, info in model.model_fields.items() if name != "id")


def _value(owner: Shape, value: Any, key: str, path: tuple, translatable: bool) -> Iterator[SourceText]:
    if isinstance(value, Unknown) or is_assumed(value):
        if value.unknown.strip():
            yield SourceText(reason_key(value.unknown), value.unknown, owner, path + ("unknown",))
    elif isinstance(value, str):
        if translatable and value.strip():
            yield SourceText(key, value, owner, path)
    elif isinstance(value, Shape):
        if value.i18n_kind and hasattr(value, "id"):
            yield from _walk(value, f"{value.i18n_kind}.{value.id}", ())
        else:
            yield from _walk(value, key, ())
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _value(owner, item, f"{key}.{_item_key(item, index)}", path + (index,), translatable)
    elif isinstance(value, dict):
        for item_key, item in value.items():
            printed = key.endswith(".attributes") and item_key in PRINTED_ATTRIBUTES
            yield from _value(owner, item, f"{key}.{item_key}", path + (item_key,), translatable or printed)


def _item_key(item: Any, index: int) -> str:
    for attribute in ("id", "code", "roll", "key"):
        found = getattr(item, attribute, None)
        if found is not None and not isinstance(found, (Shape, dict, list)):
            return str(found)
    return str(index)


def _is_text(annotation: Any) -> bool:
    """Whether a field holds translatable text: its type is str-or-Unknown (Text, Prose)."""
    args = set(typing.get_args(annotation)) - {type(None)}
    if args == {str, Unknown}:
        return True
    return any(_is_text(arg) for arg in args if typing.get_args(arg))
