"""Card decks: fronts from each card type's layout, one back per deck, imposed on sheets like counters."""

from __future__ import annotations

from functools import partial

from generator.model.cards import Card, CardType, Deck
from generator.model.common import Unknown
from generator.render.context import Rendered, RenderRequest
from generator.render.draw.colors import Palette
from generator.render.draw.rich_text import fit_rich
from generator.render.edition import Edition
from generator.render.sheets.coverage import card_gaps
from generator.render.sheets.faces import FaceInputs, FaceSet, draw_face, face_findings
from generator.render.sheets.layouts import LayoutLibrary, card_layout_namer
from generator.render.sheets.layouts import card_layout_name as layout_name  # noqa: F401  (anatomy's)
from generator.render.sheets.printing import SheetItem, sheet_outputs
from generator.render.table_view import small_table


def render_cards(request: RenderRequest) -> Rendered:
    return sheet_outputs(request, "cards", card_faces(request.edition), request.profile.cards.gutter, svg=True,
                         own_pictures=True, keep_pages=True)


def card_faces(edition: Edition, draw=draw_face, layouts: LayoutLibrary | None = None) -> FaceSet:
    """Every card front and one back per deck (the checker uses this to find overflows, with a `draw` that
    keeps the faces it drew: checked_faces, and `layouts` shared by the check's editions)."""
    game = edition.game
    result = FaceSet()
    layouts = layouts or LayoutLibrary("cards", game.folder)
    palette = Palette(game)
    faces, items = result.faces, result.items
    helpers = FaceHelpers(edition)
    named_for = card_layout_namer(game.folder)
    for card in game.cards:
        deck = game.get("deck", card.deck)
        if deck is None or card.copies == 0:
            continue
        card_type = game.get("card_type", card.card_type or deck.card_type or "")
        named = named_for(card_type)
        layout = layouts.get(named, card)
        if layout is None or layout.front is None:
            continue
        width, height = card_size(deck)
        scale = width / layout.design_width
        drawn = draw(layout.front, helpers.front(card, deck, card_type), width, height, scale, palette,
                     floor=layout.min_text)
        faces[f"{card.id}-front"] = drawn.face
        result.report(face_findings(drawn, f"card '{card.id}'", edition.language, card))
        result.report(card_gaps(card, card_type, layout.front, named))
        back_key = f"{deck.id}-back"
        if back_key not in faces:
            back = draw(layout.back or layout.front, helpers.back(deck, card_type), width, height, scale,
                        palette, floor=layout.min_text)
            faces[back_key] = back.face
            result.report(face_findings(back, f"back of deck '{deck.id}'", edition.language, deck))
        for copy in range(1, card.copies + 1):
            items.append(SheetItem(card.id, copy, f"{card.id}-front", back_key, width, height))
    result.diagnostics.extend(layouts.diagnostics)
    return result


def card_size(deck: Deck) -> tuple[float, float]:
    return deck.extent


class FaceHelpers:
    """The words, colours and callbacks of one card face, in the edition's language."""

    def __init__(self, edition: Edition):
        self.edition = edition
        self.game = edition.game
        # {abbr:vrr}: a glossary term's abbreviation in the edition's language, so a layout prints no word
        # of its own that a translation could not reach
        self._abbreviations = {f"abbr:{term.id}": edition.field(term, "abbreviation")
                               if term.abbreviation else edition.field(term, "term")
                               for term in self.game.terms}

    def front(self, card: Card, deck: Deck, card_type: CardType | None) -> FaceInputs:
        e = self.edition
        fields = {
            "title": e.field(card, "title"),
            "text": e.field(card, "text"),
            "flavor": e.plain(e.field(card, "flavor")),
            "number": e.shown(card.number),
            "deck": e.name("deck", deck.id),
            "type": e.name("card_type", card_type.id) if card_type else "",
            "faction": e.name("faction", deck.faction) if deck.faction else "",
            "game": e.field(self.game.manifest, "title"),
        }
        for name, value in card.fields.items():
            fields[f"field:{name}"] = _shown(value, e, card, name)
        fields.update(self._abbreviations)
        faction = self.game.get("faction", deck.faction) if deck.faction else None
        deck_color = deck.back.color if deck.back and deck.back.color else None
        color = (card_type.color if card_type and card_type.color else None) or deck_color or \
            (faction.color if faction else None)
        image = self.game.folder / card.image if card.image else None
        return FaceInputs(fields, color, image, rich=self._rich, icon=e.icon, table=partial(small_table, e),
                          folder=self.game.folder)

    def back(self, deck: Deck, card_type: CardType | None) -> FaceInputs:
        e = self.edition
        back = deck.back
        title = e.field(back, "title") if back and back.title else e.name("deck", deck.id)
        fields = {"title": title, "deck": e.name("deck", deck.id), "game": e.field(self.game.manifest, "title")}
        faction = self.game.get("faction", deck.faction) if deck.faction else None
        color = (back.color if back and back.color else None) or (card_type.color if card_type else None) or \
            (faction.color if faction else None)
        fields["title"] = " ".join(filter(None, (title, e.color_mark(color))))
        image = self.game.folder / back.image if back and back.image else None
        return FaceInputs(fields, color, image, rich=self._rich, icon=e.icon, table=partial(small_table, e),
                          folder=self.game.folder)

    def _rich(self, element, text, box, size, min_size, ink):
        family = element.font.split("-")[0]
        return fit_rich(text, self.edition, family, size, min_size, box, ink, align=element.align,
                        valign=element.valign)


def _shown(value, edition: Edition, card, name: str) -> str:
    if isinstance(value, Unknown):
        return edition.mark(value)
    if value is True:
        return "yes"
    if value is False or value is None:
        return ""
    if isinstance(value, str):
        return edition.field(card, "fields", name)
    return str(value)
