"""Rule books as section trees, and the glossary, icons, actions, setup and player aids they refer to."""

import re
from typing import Annotated, Any, ClassVar, Literal, NamedTuple

from generator.model.common import Id, Prose, Scalar, Shape, Text, Unknown
from generator.shapes import BeforeValidator, Field, ShapeError, WithJsonSchema, model_validator

Numbering = Literal["decimal", "upper-alpha", "lower-alpha", "upper-roman", "lower-roman"]


Side = Literal["front", "back"]


class Callout(Shape):
    i18n_identity: ClassVar[tuple[str, ...]] = ("shows", "side")    # the box it points at names it in keys

    shows: str = Field(pattern=r"^[a-z][\w-]*(:[\w-]+)?$",
                       description="The layout box the number points at, named by what it prints: a field of its "
                                   "text (title, number, values, value:attack, field:impulses), or image, symbol, "
                                   "band, table, icon:<icon id>.")
    side: Side = Field("front", description="The face that box is on, when the figure shows both sides.")
    text: Text = Field(description="What the legend says of it (Factor de ataque).")


class Anatomy(Shape):
    piece: Id | None = Field(None, description="The counter (pieces id) whose layout the figure draws, with that "
                                               "counter's own words and values; or give `card`.")
    card: Id | None = Field(None, description="The card (cards id) whose layout the figure draws.")
    sides: list[Side] = Field(default_factory=lambda: ["front"], description="The faces shown side by side: "
                                                                             "[front], or [front, back].")
    numbering: Numbering = Field("decimal", description="How the callouts are numbered: 1, 2… or A, B… "
                                                        "(upper-alpha).")
    callouts: list[Callout] = Field(default_factory=list, description="The numbered boxes, in the legend's order.")

    @model_validator(mode="after")
    def _one_piece(self):
        if (self.piece is None) == (self.card is None):
            raise ValueError("an anatomy figure draws one piece or one card: give `piece` or `card`")
        if not self.callouts:
            raise ValueError("an anatomy figure needs at least one callout")
        return self


class Section(Shape):
    i18n_kind: ClassVar[str | None] = "section"

    id: Id = Field(description="The section's id, for {ref:id}; unique across all the game's documents.")
    title: Text = Field(description="Its heading, as printed (Combate naval).")
    body: Prose | None = Field(None, description="Its text, before any sub-sections: Markdown with reference "
                                                 "tokens; write it as a `|` block.")
    after: Prose | None = Field(None, description="Text that goes on after its sub-sections, at this section's "
                                                  "level (a rule's closing paragraph).")
    numbered: bool = Field(True, description="false: printed without a number (an introduction, a box); its "
                                             "numbered sub-sections count under the nearest numbered ancestor.")
    run_in: bool = Field(False, description="Printed as a bold lead-in at the start of its text (\"EMBARQUE:\"), "
                                            "not as a heading; still referable, and left out of the contents.")
    children_numbering: Numbering = Field("decimal", description="How its sub-sections are numbered: 4.1, 4.A "
                                                                 "(upper-alpha), 4.a, 4.I, 4.i.")
    children_start: int = Field(1, ge=0, le=9999, description="The number its first numbered sub-section takes: "
                                "a block that goes on counting where the one before it stopped.")
    box: Id = Field("none", description="none, or the kind of box the whole section is printed in: example, "
                                        "note, designer, play-note, or one of the game's `boxes`.")
    sequence: bool = Field(False, description="Its children form a sequence of play (printed on the aids).")
    anatomy: Anatomy | None = Field(None, description="A figure after its text: a counter or card drawn from the "
                                                      "layout that prints it, with numbered callouts and a legend.")
    setup: list[Id] = Field(default_factory=list, description="Set-up steps (setup ids) printed after its text: "
                                                              "each side's table of what goes where.")
    sections: list["Section"] = Field(default_factory=list, description="Its sub-sections, of the same shape.")


class RuleDocument(Shape):
    i18n_kind: ClassVar[str | None] = "document"

    id: Id = Field(description="The document's id; rules.pdf prints every document of the game, in order.")
    title: Text = Field(description="Its title, as the cover prints it (Libro de reglas).")
    short: Text | None = Field(None, description="How other documents name this one.")
    top_level_suffix: str = Field("", description="\".0\" for books that number 1.0, 2.0…")
    chapter: str | None = Field(None, pattern=r"^[0-9A-Za-z]{1,8}$",
                                description="This document's number as a chapter of a larger book: its top-level "
                                            "sections print as 9.1, 9.2… for `chapter: 9`.")
    first_number: int = Field(1, ge=0, le=9999, description="The number its first top-level section takes.")
    sections: list[Section] = Field(default_factory=list, description="Its top-level sections, in order.")


class Term(Shape):
    i18n_kind: ClassVar[str | None] = "term"

    id: Id = Field(description="The term's id, for {term:id} and {abbr:id} in layouts.")
    term: Text = Field(description="The term, as the glossary prints it (Puntos de victoria).")
    abbreviation: Text | None = Field(None, description="Its abbreviation (PV), printed by {abbr:id} on cards.")
    definition: Prose | None = Field(None, description="What it means, as the glossary prints it: prose with "
                                                       "reference tokens.")


class Icon(Shape):
    i18n_kind: ClassVar[str | None] = "icon"

    id: Id = Field(description="The icon's id, for {icon:id} and a layout's `icon:`.")
    name: Text = Field(description="What it stands for; printed in its place, in brackets, where its picture "
                                   "cannot be (the rulebook's text, a card without its file).")
    file: str | None = Field(None, description="An SVG or PNG inside the game folder.")


class Action(Shape):
    i18n_kind: ClassVar[str | None] = "action"

    id: Id = Field(description="The action's id, for {action:id}.")
    name: Text = Field(description="Its name, as printed (Mover, Asediar).")
    notation: Text | None = Field(None, description="How it is written on an order sheet (\"A Ven-Pad\").")
    by: list[Id] = Field(default_factory=list, description="Piece kinds that may take it.")
    cost: Scalar | None = Field(None, description="What it costs (3, \"1 PA\"), printed beside it on the aids.")
    text: Prose | None = Field(None, description="What it does: prose with reference tokens.")


_PLACE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*(?::[\w.+-]+)?$")


def _check_place(value: Any) -> Any:
    if isinstance(value, str) and not _PLACE.match(value):
        raise ShapeError("SCH005", "'{value}' is not a place: write a location id, a track id, track-id:value, "
                                   "a cup's mix id or hand", {"value": value[:40]})
    return value


Place = Annotated[str, BeforeValidator(_check_place), WithJsonSchema({"type": "string", "pattern": _PLACE.pattern})]
"""Where a placement puts its pieces: a location (or hex) id, a track id (beside the track), track-id:value, a
cup (a mix of kind cup) or `hand` (cards: the player's hand)."""

HAND = "hand"


class PlaceRef(NamedTuple):
    """What a placement's `at` names (Game.place): kind is "unknown", "hand", "location", "track" (with the
    space, or "" beside it), "mix" (a cup), "hex", or "" when it names nothing the game has."""

    kind: str
    id: str = ""
    space: str = ""


#: The fields that name what a placement places (it gives one), and the kind of thing each names.
PLACED = {"piece": "piece", "kind": "piece_kind", "mix": "mix", "deck": "deck"}


class Placement(Shape):
    piece: Id | None = Field(None, description="The piece placed (pieces id); or give `kind`, `mix` or `deck`.")
    kind: Id | None = Field(None, description="Any pieces of this kind (piece_kinds id), when which ones does "
                                              "not matter.")
    mix: Id | None = Field(None, description="The pieces a mix selects (mixes id): \"the remaining Roman units\".")
    deck: Id | None = Field(None, description="Cards of a deck (decks id): `count` of them dealt to the hand "
                                              "(`at: hand`), or the rest of the deck on its space.")
    face: Side | None = Field(None, description="The face shown, when it matters: a control marker on its "
                                                "Roman side (back).")
    count: int | Literal["rest"] | Unknown = Field(
        1, ge=0, le=100_000,
        description="How many: a number (checked against the copies that exist, CNT007), `rest` (every copy "
                    "no other placement takes), or {unknown: why} when the source does not say.")
    at: Place | Unknown = Field(description="Where: a location or hex id, a track id (beside it), "
                                            "track-id:value, a cup (mix id), hand; or {unknown: why}.")

    @model_validator(mode="after")
    def _one_thing(self):
        given = [name for name in PLACED if getattr(self, name) is not None]
        if len(given) != 1:
            raise ValueError("a placement places one thing: give one of `piece`, `kind`, `mix` or `deck`"
                             + (f" (not {' and '.join(given)})" if given else ""))
        if isinstance(self.count, int) and self.count < 0:
            raise ValueError("`count` is a whole number from 0, `rest`, or {unknown: why}")
        return self

    @property
    def thing(self) -> tuple[str, str]:
        """(field, id) of what it places: ("piece", "garrison"), ("deck", "roman-deck")."""
        field = next(name for name in PLACED if getattr(self, name) is not None)
        return field, getattr(self, field)

    @property
    def number(self) -> int | None:
        """How many it places when the count is a number; None for `rest` or an unknown count."""
        return self.count if isinstance(self.count, int) and not isinstance(self.count, bool) else None

    @property
    def fact_subject(self) -> str:
        """What an unknown count or place of it is about, for the checker and the proof sheet."""
        return self.placed

    @property
    def placed(self) -> str:
        """What it places, for messages: "piece 'garrison'", "deck 'roman-deck'"."""
        return "{} '{}'".format(*self.thing)


class SetupStep(Shape):
    i18n_kind: ClassVar[str | None] = "setup"

    id: Id = Field(description="The step's id, for a section's `setup:` list.")
    side: Id | None = Field(None, description="The faction (factions id) whose set-up this is: the rulebook "
                                              "prints its placements under that side's name.")
    text: Prose | None = Field(None, description="What the rulebook says before its placements: prose with "
                                                 "reference tokens.")
    place: list[Placement] = Field(default_factory=list, description="What goes where, in the order the table "
                                   "prints it; the checker counts them against the copies that exist.")


class AidPart(Shape):
    section: Id | None = Field(None, description="A section printed whole: its text, lists, boxes and every "
                                                 "sub-section, as the rulebook has them.")
    table: Id | None = Field(None, description="A table, typeset as in the rulebook.")
    span: bool = Field(False, description="Printed across all the aid's columns (a wide table).")


class Aid(Shape):
    """A player aid sheet made of whole sections and tables of the rules (aids.pdf prints every aid)."""

    i18n_kind: ClassVar[str | None] = "aid"

    id: Id = Field(description="The aid's id: its anchor in aids.pdf and its translation key (`aid.<id>.title`).")
    title: Text | None = Field(None, description="Its heading; the word for Player aid when left out.")
    orientation: Literal["portrait", "landscape"] = Field("portrait", description="How its pages are turned.")
    columns: int = Field(2, ge=1, le=3, description="How many columns its parts flow in.")
    pages: int | None = Field(None, ge=1, le=8, description="The most pages it may take: its type is set "
                                                         "smaller (down to 7 pt) until it fits.")
    parts: list[AidPart] = Field(description="What it prints, in order: `{section: id}` or `{table: id}`.")
