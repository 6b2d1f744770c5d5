"""Data no layout prints: a field a card type declares, a card's number, a counter side's values, label or words.

A number the designer typed and the printer never sees is the worst kind of
silent loss (Mar y Acero's "2.º viaje de Colón" lost its 7 soldiers this
way), so each is a LAY007 warning at the line of the data, said once per
layout and kind of data rather than once per piece.
"""

from __future__ import annotations

from generator.diagnostics import Diagnostic, make
from generator.model import where
from generator.model.cards import Card, CardType
from generator.model.pieces import Piece, PieceSide
from generator.render.sheets.faces import field_names
from generator.render.sheets.layouts import FaceLayout


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


def side_gaps(piece: Piece, side_name: str, side: PieceSide, face: FaceLayout, layout: str) -> list[Diagnostic]:
    printed = printed_fields(face)
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
