"""Card types, decks and cards."""

from typing import Annotated, ClassVar, Literal

from generator.model.common import AssumableId, AssumableInt, Color, Id, Prose, Scalar, Shape, Text, Unknown, within
from generator.model.dimensions import CARD_SIZES
from generator.model.pieces import Size
from generator.shapes import Field


class CardType(Shape):
    i18n_kind: ClassVar[str | None] = "card_type"

    id: Id = Field(description="The card type's id, named by decks' and cards' `card_type`.")
    name: Text = Field(description="Its name, as printed (Carta de evento).")
    color: Color | None = Field(None, description="Border or band colour.")
    fields: list[str] = Field(default_factory=list, description="Names of the extra fields its cards carry.")
    layout: Id | None = Field(None, description="The card layout in templates/layouts/cards/ (default: the "
                                                "layout named like the card type, else 'card').")


class CardBack(Shape):
    title: Text | None = Field(None, description="Words printed on the back (default: the deck's name).")
    color: Color | None = Field(None, description="The back's colour (default: the card type's, else the "
                                                  "faction's).")
    image: str | None = Field(None, description="An image file inside the game folder.")


class Deck(Shape):
    i18n_kind: ClassVar[str | None] = "deck"

    id: Id = Field(description="The deck's id, for {deck:id}, cards' `deck` and {count:deck:id}.")
    name: Text = Field(description="Its name, as printed (Eventos españoles).")
    card_type: Id | None = Field(None, description="The card type of its cards (a card may name another).")
    faction: Id | None = Field(None, description="The faction that owns it: its colour when the card type has "
                                                 "none, and {faction} on the cards.")
    size: Literal["poker", "bridge", "mini", "tarot", "square"] | Size = Field(
        "poker", description="Card size: poker 63×88 mm, bridge 57×89, mini 44×63, tarot 70×120, square 70×70, "
                             "or {width, height}.")
    orientation: Literal["portrait", "landscape"] = Field("portrait", description="landscape turns the size: "
                                                                                   "a poker card 88 wide, 63 high.")
    total: int | None = Field(None, ge=0, description="The size the rulebook states; checked.")
    back: CardBack | None = Field(None, description="The common back of its cards: title, colour, image "
                                                    "(default: the deck's name on its colour).")

    @property
    def extent(self) -> tuple[float, float]:
        """A card's width and height in millimetres, as it lies (a landscape deck's cards turned)."""
        width, height = (self.size.width, self.size.height) if isinstance(self.size, Size) else CARD_SIZES[self.size]
        return (height, width) if self.orientation == "landscape" else (width, height)


class Card(Shape):
    i18n_kind: ClassVar[str | None] = "card"

    id: Id = Field(description="The card's id, for {card:id}.")
    deck: Id = Field(description="The deck it belongs to (decks id).")
    card_type: AssumableId | None = Field(None, description="Overrides the deck's card type.")
    number: Annotated[int | Unknown, within(0, 1_000_000)] | None = Field(
        None, description="The number printed on the card, if cards are numbered, or {unknown: why} when the source "
                          "does not give it (the card prints a proof mark there; no number needs inventing).")
    title: Text = Field(description="The card's title, as printed, or {unknown: why}.")
    text: Prose | None = Field(None, description="What the card does: prose, with reference tokens.")
    flavor: Prose | None = Field(None, description="Historical or colour text, printed apart from the effect.")
    fields: dict[str, Scalar] = Field(default_factory=dict, description="Values of the card type's extra fields "
                                      "(number, true/false, code or unknown): {vrr: 3, overstack: true}.")
    copies: AssumableInt = Field(1, ge=0, le=1000, description="How many of this card the deck holds.")
    image: str | None = Field(None, description="Illustration file inside the game folder.")
