"""Rule books as section trees, and the glossary, icons, actions, setup and player aids they refer to."""

from typing import ClassVar, Literal

from generator.model.common import Id, Prose, Scalar, Shape, Text
from generator.shapes import Field

Numbering = Literal["decimal", "upper-alpha", "lower-alpha", "upper-roman", "lower-roman"]


class Section(Shape):
    i18n_kind: ClassVar[str | None] = "section"

    id: Id
    title: Text
    body: Prose | None = None
    after: Prose | None = Field(None, description="Text that goes on after its sub-sections, at this section's "
                                                  "level (a rule's closing paragraph).")
    numbered: bool = True
    run_in: bool = Field(False, description="Printed as a bold lead-in at the start of its text (\"EMBARQUE:\"), "
                                            "not as a heading; still referable, and left out of the contents.")
    children_numbering: Numbering = "decimal"
    children_start: int = Field(1, ge=0, le=9999, description="The number its first numbered sub-section takes: "
                                "a block that goes on counting where the one before it stopped.")
    box: Literal["none", "example", "note", "designer", "play-note"] = "none"
    sequence: bool = Field(False, description="Its children form a sequence of play (printed on the aids).")
    sections: list["Section"] = Field(default_factory=list)


class RuleDocument(Shape):
    i18n_kind: ClassVar[str | None] = "document"

    id: Id
    title: Text
    short: Text | None = Field(None, description="How other documents name this one.")
    top_level_suffix: str = Field("", description="\".0\" for books that number 1.0, 2.0…")
    chapter: str | None = Field(None, pattern=r"^[0-9A-Za-z]{1,8}$",
                                description="This document's number as a chapter of a larger book: its top-level "
                                            "sections print as 9.1, 9.2… for `chapter: 9`.")
    first_number: int = Field(1, ge=0, le=9999, description="The number its first top-level section takes.")
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


class AidPart(Shape):
    section: Id | None = Field(None, description="A section printed whole: its text, lists, boxes and every "
                                                 "sub-section, as the rulebook has them.")
    table: Id | None = Field(None, description="A table, typeset as in the rulebook.")
    span: bool = Field(False, description="Printed across all the aid's columns (a wide table).")


class Aid(Shape):
    """A player aid sheet made of whole sections and tables of the rules (aids.pdf prints every aid)."""

    i18n_kind: ClassVar[str | None] = "aid"

    id: Id
    title: Text | None = Field(None, description="Its heading; the word for Player aid when left out.")
    orientation: Literal["portrait", "landscape"] = Field("portrait", description="How its pages are turned.")
    columns: int = Field(2, ge=1, le=3, description="How many columns its parts flow in.")
    pages: int | None = Field(None, ge=1, le=8, description="The most pages it may take: its type is set "
                                                         "smaller (down to 7 pt) until it fits.")
    parts: list[AidPart] = Field(description="What it prints, in order: `{section: id}` or `{table: id}`.")
