"""Coverage both ways: data no layout prints (LAY007), and what a type declares that the data does not give (UNK002).

Data no layout prints: a field a card type declares, a card's number, a counter side's values, label or words.

A number the designer typed and the printer never sees is the worst kind of
silent loss (Mar y Acero's "2.º viaje de Colón" lost its 7 soldiers this
way), so each is a LAY007 warning at the line of the data, said once per
layout and kind of data rather than once per piece.

UNK002, the other way: a field a type declares is given on each of its cards and counters, or recorded as unknown.

A card type's `fields`, the effect its own layout prints (`{text}`; the general card shows what it has), a
counter's factors as its kind's `value_format` (front) and `back_format` (back) name them: left out, the sheet
would print a blank where a value belongs, which reads as "none". `no_values: true` says on purpose that a
side prints none.
The check phase runs it on every check and build (pipeline.check), since it needs the layouts.
"""

from __future__ import annotations

from collections.abc import Iterator

from generator.diagnostics import Diagnostic, make
from generator.model import Game, where
from generator.model.cards import Card, CardType
from generator.model.common import Unknown
from generator.model.pieces import Piece, PieceKind, PieceSide
from generator.render.sheets.faces import field_names
from generator.render.sheets.layouts import FaceLayout, LayoutLibrary, card_layout_namer


def printed_fields(face: FaceLayout) -> frozenset[str]:
    """The fields a face layout prints: named in a template, or making an element appear (`when`)."""
    names: set[str] = set()
    for element in face.elements:
        for template in (element.text, element.symbol, element.image, element.icon, element.table):
            if template:
                names |= field_names(template)
        if element.when:
            names.add(element.when)
    return frozenset(names)


def card_gaps(card: Card, card_type: CardType | None, face: FaceLayout, layout: str) -> list[Diagnostic]:
    printed = printed_fields(face)
    found = []
    if card_type is not None:
        for index, name in enumerate(card_type.fields):
            if f"field:{name}" not in printed:
                found.append(_unprinted(f"the field '{name}' of card type '{card_type.id}'", layout,
                                        where(card_type, "fields", index), f"{{field:{name}}}"))
    if card.number is not None and "number" not in printed:
        found.append(_unprinted(f"the numbers of '{card_type.id if card_type else card.deck}' cards", layout,
                                where(card, "number"), "{number}", f"card '{card.id}'"))
    return found


def side_gaps(piece: Piece, side_name: str, side: PieceSide, printed: frozenset[str], layout: str
              ) -> list[Diagnostic]:
    """What of one counter side its face layout, which prints the fields `printed`, leaves out."""
    found = []
    what = f"'{piece.kind}' counters ({side_name})"
    if side.values and "values" not in printed and not all(f"value:{name}" in printed for name in side.values):
        found.append(_unprinted(f"the values of {what}", layout, where(piece, side_name, "values"), "{values}",
                                f"counter '{piece.id}'"))
    if (side.label or side.mark) and not printed & {"label", "mark"}:
        found.append(_unprinted(f"the side label of {what}", layout, where(piece, side_name, "label" if side.label
                                                                             else "mark"), "{mark}",
                                f"counter '{piece.id}'"))
    if side.text and "text" not in printed:
        found.append(_unprinted(f"the words of {what}", layout, where(piece, side_name, "text"), "{text}",
                                f"counter '{piece.id}'"))
    return found


def _unprinted(what: str, layout: str, span, template: str, seen: str | None = None) -> Diagnostic:
    first = f" (first seen on {seen})" if seen else ""
    return make("LAY007", f"layout '{layout}' has no {template}, so the sheet lacks {what}{first}", span,
                f"Add an element with {template} to the layout, or remove the data.")


# What a type declares that the data does not give (UNK002) -----------------------------------------------------

HINT = "give it, or `{unknown: why}` when the source does not: a proof prints its mark, a release refuses it"


def declared_field_findings(game: Game) -> Iterator[Diagnostic]:
    yield from _cards(game)
    for piece in game.pieces:
        kind = game.get("piece_kind", piece.kind)
        if isinstance(kind, PieceKind):
            yield from _piece(piece, kind)


def _cards(game: Game) -> Iterator[Diagnostic]:
    layouts = LayoutLibrary("cards", game.folder)
    named_for = card_layout_namer(game.folder)
    for card in game.cards:
        deck = game.get("deck", card.deck)
        type_id = card.card_type or (deck.card_type if deck else None)
        card_type = game.get("card_type", type_id) if isinstance(type_id, str) else None
        missing = [f"the field '{name}'" for name in (card_type.fields if card_type else ())
                   if name not in card.fields]
        named = named_for(card_type)
        if card.text is None and deck is not None and card.copies and named != "card":
            layout = layouts.get(named, card)       # a card type's own layout: its designer drew an effect
            if layout is not None and layout.front is not None and "text" in printed_fields(layout.front):
                missing.append(f"its effect (`text`, which layout '{named}' prints)")
        if missing:
            owner = f"card type '{card_type.id}'" if card_type else "layout"
            yield _missing(f"card '{card.id}'", missing, owner, where(card))


def _piece(piece: Piece, kind: PieceKind) -> Iterator[Diagnostic]:
    formats = [field_names(f) for f in (kind.value_format, kind.back_format) if f]
    for name, side, own in (("front", piece.front, kind.value_format),
                            ("back", piece.back, kind.back_format or kind.value_format)):
        if side is None or isinstance(side, Unknown) or not own or \
                (name == "back" and not kind.back_format and not side.values):
            continue                                  # a back the source does not give is one fact, already
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
