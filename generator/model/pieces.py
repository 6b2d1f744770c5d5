"""Counters: kinds, pieces with their two sides, declared mixes and the order of battle."""

from typing import ClassVar, Literal

from generator.model.common import AssumableInt, Color, Id, Length, Prose, Scalar, Shape, Text
from generator.shapes import Field


# NATO frames (infantry, cavalry, artillery, leader) and silhouettes (templates/symbols/); marker, chit and
# none draw nothing.
UnitSymbol = Literal["infantry", "cavalry", "artillery", "leader", "naval", "galley", "galleass", "galliot",
                     "elephant", "marker", "chit", "none"]


class Size(Shape):
    width: Length
    height: Length


class PieceKind(Shape):
    i18n_kind: ClassVar[str | None] = "piece_kind"

    id: Id
    name: Text
    symbol: UnitSymbol = Field("none", description="Unit-type symbol drawn on the counter.")
    size: Length | Size = Field(12.7, description="Counter size: one length (square) or width and height.")
    shape: Literal["square", "rectangle", "round"] = "square"
    value_format: str | None = Field(None, description="How front values print, e.g. \"{attack}-{defence}\".")
    back_format: str | None = Field(None, description="How back values print.")
    layout: Id | None = Field(None, description="The counter layout in templates/layouts/counters/ (default: "
                                                "'round' for round counters, 'marker' and 'chit' for those "
                                                "symbols, else 'unit').")


class PieceSide(Shape):
    label: Text | None = Field(None, description="Name of the side (full strength, reduced, alpha…).")
    mark: Text | None = Field(None, description="A short mark of the side printed in its place (A, Ω, ●); "
                                                "layouts print it, or the label when there is none.")
    values: dict[str, Scalar] = Field(default_factory=dict, description="Printed values by name.")
    color: Color | None = None
    text: Text | None = Field(None, description="Words printed on this side.")


class Piece(Shape):
    i18n_kind: ClassVar[str | None] = "piece"

    id: Id
    name: Text
    kind: Id = Field(description="A piece_kinds id.")
    faction: Id | None = Field(None, description="A factions id.")
    copies: AssumableInt = Field(1, ge=0, le=10_000, description="How many of this counter the game has "
                                 "({unknown: why, assume: N} when the source does not say).")
    tags: list[Id] = Field(default_factory=list, description="Free labels used by mixes and {count:tag:…}.")
    force: Id | None = Field(None, description="The forces id (squadron, army) this piece belongs to.")
    symbol: UnitSymbol | None = Field(None, description="Overrides the kind's symbol (a horseman among foot).")
    front: PieceSide = Field(default_factory=PieceSide)
    back: PieceSide | None = Field(None, description="Absent when the back is blank.")
    facing: bool = Field(False, description="The counter has a facing band.")
    note: Prose | None = None


class MixSelect(Shape):
    kinds: list[Id] = Field(default_factory=list)
    factions: list[Id] = Field(default_factory=list)
    tags: list[Id] = Field(default_factory=list)
    pieces: list[Id] = Field(default_factory=list)
    forces: list[Id] = Field(default_factory=list)


class Mix(Shape):
    i18n_kind: ClassVar[str | None] = "mix"

    id: Id
    name: Text
    kind: Literal["group", "bag", "cup", "sheet"] = "group"
    total: int | None = Field(None, ge=0, description="The total the rulebook states; checked against the data.")
    mark: Text | None = Field(None, description="A short mark printed on every piece of this cup or bag, so "
                                                "mixed pieces can be sorted back.")
    parts: list[Id] | None = Field(None, description="Other mixes that make this one.")
    select: MixSelect | None = Field(None, description="The pieces that make this one.")


class Force(Shape):
    i18n_kind: ClassVar[str | None] = "force"

    id: Id
    name: Text
    faction: Id | None = None
    commander: Text | None = None
    color: Color | None = None
    totals: dict[str, int] = Field(default_factory=dict,
                                   description="Stated number of pieces by piece-kind id; checked.")
