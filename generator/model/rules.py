"""Rule books as section trees, and the glossary, icons, actions and setup they refer to."""

from typing import ClassVar, Literal

from generator.model.common import Id, Prose, Scalar, Shape, Text
from generator.shapes import Field

Numbering = Literal["decimal", "upper-alpha", "lower-alpha", "upper-roman", "lower-roman"]


class Section(Shape):
    i18n_kind: ClassVar[str | None] = "section"

    id: Id
    title: Text
    body: Prose | None = None
    numbered: bool = True
    children_numbering: Numbering = "decimal"
    box: Literal["none", "example", "note", "designer", "play-note"] = "none"
    sequence: bool = Field(False, description="Its children form a sequence of play (printed on the aids).")
    sections: list["Section"] = Field(default_factory=list)


class RuleDocument(Shape):
    i18n_kind: ClassVar[str | None] = "document"

    id: Id
    title: Text
    short: Text | None = Field(None, description="How other documents name this one.")
    top_level_suffix: str = Field("", description="\".0\" for books that number 1.0, 2.0…")
    sections: list[Section] = Field(default_factory=list)


class Term(Shape):
    i18n_kind: ClassVar[str | None] = "term"

    id: Id
    term: Text
    abbreviation: Text | None = None
    definition: Prose | None = None


class Icon(Shape):
    i18n_kind: ClassVar[str | None] = "icon"

    id: Id
    name: Text
    file: str | None = Field(None, description="An SVG or PNG inside the game folder.")


class Action(Shape):
    i18n_kind: ClassVar[str | None] = "action"

    id: Id
    name: Text
    notation: Text | None = None
    by: list[Id] = Field(default_factory=list, description="Piece kinds that may take it.")
    cost: Scalar | None = None
    text: Prose | None = None


class Placement(Shape):
    piece: Id | None = None
    kind: Id | None = None
    count: int = Field(1, ge=0)
    at: str = Field(description="A location id, or track-id:value.")


class SetupStep(Shape):
    i18n_kind: ClassVar[str | None] = "setup"

    id: Id
    text: Prose
    place: list[Placement] = Field(default_factory=list)
