"""UNK002: a field a type declares is given on each of its cards and counters, or recorded as unknown.

A card type's `fields`, the effect its own layout prints (`{text}`; the general card shows what it has), a counter's factors as its kind's
`value_format` (front) and `back_format` (back) name them: left out, the sheet would print a blank where a
value belongs, which reads as "none". `no_values: true` says on purpose that a side prints none.
"""

from __future__ import annotations

from typing import Iterator

from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.cards import Card
from generator.model.pieces import Piece, PieceKind, PieceSide

HINT = "give it, or `{unknown: why}` when the source does not: a proof prints its mark, a release refuses it"


def check_declared_fields(game: Game) -> Iterator[Diagnostic]:
    yield from _cards(game)
    for piece in game.pieces:
        kind = game.get("piece_kind", piece.kind)
        if isinstance(kind, PieceKind):
            yield from _piece(piece, kind)


def _cards(game: Game) -> Iterator[Diagnostic]:
    from generator.render.sheets.cards import layout_name
    from generator.render.sheets.coverage import printed_fields
    from generator.render.sheets.layouts import LayoutLibrary

    layouts = LayoutLibrary("cards", game.folder)
    for card in game.cards:
        deck = game.get("deck", card.deck)
        type_id = card.card_type or (deck.card_type if deck else None)
        card_type = game.get("card_type", type_id) if isinstance(type_id, str) else None
        missing = [f"the field '{name}'" for name in (card_type.fields if card_type else ())
                   if name not in card.fields]
        named = layout_name(card_type, game.folder)
        if card.text is None and deck is not None and card.copies and named != "card":
            layout = layouts.get(named, card)       # a card type's own layout: its designer drew an effect
            if layout is not None and layout.front is not None and "text" in printed_fields(layout.front):
                missing.append(f"its effect (`text`, which layout '{named}' prints)")
        if missing:
            owner = f"card type '{card_type.id}'" if card_type else "layout"
            yield _missing(f"card '{card.id}'", missing, owner, where(card))


def _piece(piece: Piece, kind: PieceKind) -> Iterator[Diagnostic]:
    from generator.render.sheets.faces import field_names

    formats = [field_names(f) for f in (kind.value_format, kind.back_format) if f]
    for name, side, own in (("front", piece.front, kind.value_format),
                            ("back", piece.back, kind.back_format or kind.value_format)):
        if side is None or not own or (name == "back" and not kind.back_format and not side.values):
            continue
        given = set(side.values)
        if side.no_values and not given:
            continue                                  # this side prints no factors, on purpose
        if any(names <= given for names in formats):  # a reduced-only leader may print its back's factors
            continue
        missing = [f"the value '{field}'" for field in sorted(field_names(own) - given)]
        span = where(piece, name, "values") if "values" in side.model_fields_set else \
            where(piece, name) if name in piece.model_fields_set else where(piece)
        yield _missing(f"the {name} of counter '{piece.id}'", missing, f"piece kind '{kind.id}'", span)


def _missing(what: str, missing: list[str], owner: str, span) -> Diagnostic:
    return make("UNK002", f"{what} lacks {', '.join(missing)} that {owner} declares", span, HINT)
