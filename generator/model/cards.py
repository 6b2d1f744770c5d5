"""Card types, decks and cards."""

from typing import ClassVar, Literal

from generator.model.common import AssumableId, AssumableInt, Color, Id, Prose, Scalar, Shape, Text
from generator.model.pieces import Size
from generator.shapes import Field


class CardType(Shape):
    i18n_kind: ClassVar[str | None] = "card_type"

    id: Id
    name: Text
    color: Color | None = Field(None, description="Border or band colour.")
    fields: list[str] = Field(default_factory=list, description="Names of the extra fields its cards carry.")
    layout: Id | None = Field(None, description="The card layout in templates/layouts/cards/ (default: the "
                                                "layout named like the card type, else 'card').")


class CardBack(Shape):
    title: Text | None = None
    color: Color | None = None
    image: str | None = Field(None, description="An image file inside the game folder.")


class Deck(Shape):
    i18n_kind: ClassVar[str | None] = "deck"

    id: Id
    name: Text
    card_type: Id | None = None
    faction: Id | None = None
    size: Literal["poker", "bridge", "mini", "tarot", "square"] | Size = "poker"
    orientation: Literal["portrait", "landscape"] = "portrait"
    total: int | None = Field(None, ge=0, description="The size the rulebook states; checked.")
    back: CardBack | None = None


class Card(Shape):
    i18n_kind: ClassVar[str | None] = "card"

    id: Id
    deck: Id
    card_type: AssumableId | None = Field(None, description="Overrides the deck's card type.")
    number: AssumableInt | None = Field(None, ge=0, description="The number printed on the card, if cards are "
                                                                "numbered.")
    title: Text
    text: Prose | None = None
    flavor: Prose | None = None
    fields: dict[str, Scalar] = Field(default_factory=dict)
    copies: AssumableInt = Field(1, ge=0, le=1000)
    image: str | None = Field(None, description="Illustration file inside the game folder.")
