"""UNK001: every fact recorded as unknown is listed, so placeholders never pass silently."""

from __future__ import annotations

from typing import Iterator

from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.common import Shape, Unknown, fields_holding_shapes


def check_unknowns(game: Game) -> Iterator[Diagnostic]:
    roots = [game.manifest, *game.factions, *game.piece_kinds, *game.pieces, *game.mixes, *game.forces,
             *game.card_types, *game.decks, *game.cards, *game.tables, *game.tracks, *game.documents,
             *game.terms, *game.icons, *game.actions, *game.setup]
    if game.map:
        roots.append(game.map)
    for root in roots:
        yield from _walk(root, _name(root))
    for location in game.locations:
        if location.adjacent_unknown is not None:
            reason = location.adjacent_unknown if isinstance(location.adjacent_unknown, str) else ""
            yield make("UNK001", f"the neighbours of location '{location.id}' are incomplete: {reason}",
                       where(location, "adjacent_unknown"))


def _name(shape: Shape) -> str:
    kind = getattr(shape, "i18n_kind", None) or "item"
    return f"{kind.replace('_', ' ')} '{shape.id}'" if hasattr(shape, "id") else kind


def _walk(shape: Shape, owner: str) -> Iterator[Diagnostic]:
    for name, key in fields_holding_shapes(type(shape)):
        yield from _value(shape, getattr(shape, name), key, (key,), owner)


def _value(shape: Shape, value, field: str, path: tuple, owner: str) -> Iterator[Diagnostic]:
    if isinstance(value, Unknown):
        yield make("UNK001", f"{field} of {owner} is unknown: {value.unknown}", where(shape, *path))
    elif isinstance(value, Shape):
        if getattr(value, "i18n_kind", None) and hasattr(value, "id"):
            owner = _name(value)
        yield from _walk(value, owner)
    elif isinstance(value, (list, tuple)):
        for index, item in enumerate(value):
            yield from _value(shape, item, field, path + (index,), owner)
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _value(shape, item, f"{field} '{key}'", path + (key,), owner)
