"""ID…: every id is unique within its kind in a game (kebab-case is checked when loading)."""

from __future__ import annotations

from collections.abc import Iterator

from generator.diagnostics import Diagnostic, make
from generator.model import Game, where

_KIND_WORDS = {"piece_kind": "piece kind", "card_type": "card type", "location": "map location", "setup": "setup step",
               "aid": "player aid"}


def kind_word(kind: str) -> str:
    return _KIND_WORDS.get(kind, kind)


def check_duplicate_ids(game: Game) -> Iterator[Diagnostic]:
    for kind, by_id in game.entities.items():
        for id_, shapes in by_id.items():
            first = shapes[0]
            for again in shapes[1:]:
                yield make("ID001", f"{kind_word(kind)} id '{id_}' is defined twice", where(again, "id"),
                           "Rename one of them; ids are unique within their kind.",
                           [("first defined here", where(first, "id"))])
