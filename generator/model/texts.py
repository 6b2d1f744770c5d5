"""Every translatable text of a game, with its stable translation key and where it was written.

Keys are `<kind>.<id>.<field>` for the entity that owns the text; a text inside a list item adds the item's
identity: what the item declares (its `id`, a legend's `code`, a footnote's `mark`, a route's `to`, a
callout's box and side, a map or dict key), else the text itself, as its fingerprint (a modifier, a row
without an id, a track's labels). So no insertion, deletion, reordering or edit of another item moves a key
onto another text; a reworded text gets a new key, and its old translation is offered as a suggestion
(checks.translations). Every key is made here: a renderer asks the edition for a shape's field
(`Edition.field`), never spells one (docs/content-format.md, "Translations").
"""

from __future__ import annotations

import functools
import re
import typing
from collections import Counter
from collections.abc import Iterator
from typing import Any, NamedTuple

from generator.model import Game
from generator.model.common import Shape, Unknown, is_assumed
from generator.model.translations import fingerprint

REASON = "unknown."      # the keys of the reasons why facts are unknown, printed on a proof sheet
_BY_TEXT = "\x00"       # in a key being built: the item is named by the text's own fingerprint

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
    for text in game.every_text:
        if text.key.startswith(REASON):
            if text.key in reasons:
                continue
            reasons.add(text.key)
        yield text


def text_index(game: Game) -> dict[tuple[int, tuple], SourceText]:
    """(id of the owning shape, field path) → its text, for every text (each unknown reason at every place)."""
    return {(id(text.owner), text.path): text for text in game.every_text if text.owner is not None}


def reason_key(reason: str) -> str:
    """The translation key of an unknown fact's reason: one per wording, shared by every fact that gives it."""
    return f"{REASON}{fingerprint(reason)}"


def walk_texts(game: Game) -> Iterator[SourceText]:
    """Every text at every place, walked from the game (`Game.every_text` keeps the walk)."""
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
    texts = []
    for row in table.rows:
        name = _identity(row) or _BY_TEXT
        if isinstance(row.key, str) and any(ch.isalpha() for ch in row.key):
            texts.append([SourceText(f"table.{table.id}.rows.{name}.key", row.key, row, ("key",))])
        for place, cell in enumerate(row.results or ()):
            if not table.is_code(cell):
                column = columns[place] if place < len(columns) else str(place)
                texts.append([SourceText(f"table.{table.id}.rows.{name}.results.{column}", cell, row,
                                         ("results", place), translated=not table.is_code(_TOKEN.sub("", cell)))])
    yield from _named_by_text(texts)


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
        items: list[list] = []
        said: Counter[str] = Counter()
        for index, item in enumerate(value):
            name = _identity(item) if isinstance(item, Shape) else None
            if name is not None:
                said[name] += 1
                name = name if said[name] == 1 else f"{name}-{said[name]}"   # a duplicate, named in order
            items.append(list(_value(owner, item, f"{key}.{name or _BY_TEXT}", path + (index,), translatable)))
        yield from _named_by_text(items)
    elif isinstance(value, dict):
        for item_key, item in value.items():
            printed = key.endswith(".attributes") and item_key in PRINTED_ATTRIBUTES
            yield from _value(owner, item, f"{key}.{item_key}", path + (item_key,), translatable or printed)


def _identity(item: Shape) -> str | None:
    """What names a list item in keys, when it declares it (`i18n_identity`, else its id); None: its text."""
    names = getattr(type(item), "i18n_identity", ("id",))
    parts = [getattr(item, name, None) for name in names]
    if any(part is None or isinstance(part, (Shape, dict, list)) for part in parts):
        return None
    return "-".join(str(part).replace(":", "-") for part in parts)


def _named_by_text(items: list[list[SourceText]]) -> Iterator[SourceText]:
    """The texts of one list's items, each text of an item without a name of its own keyed by its fingerprint
    (the same text twice in one list: by its place among its equals, which only swaps equal texts)."""
    said: Counter[tuple[str, str]] = Counter()
    for texts in items:
        for text in texts:
            if _BY_TEXT in text.key:
                name = fingerprint(text.text)
                said[text.key, name] += 1
                if said[text.key, name] > 1:
                    name = f"{name}-{said[text.key, name]}"
                text = text._replace(key=text.key.replace(_BY_TEXT, name, 1))
            yield text


def _is_text(annotation: Any) -> bool:
    """Whether a field holds translatable text: its type is str-or-Unknown (Text, Prose)."""
    args = set(typing.get_args(annotation)) - {type(None)}
    if args == {str, Unknown}:
        return True
    return any(_is_text(arg) for arg in args if typing.get_args(arg))
