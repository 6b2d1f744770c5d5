"""Counters: kinds, pieces with their two sides, declared mixes and the order of battle."""

from typing import ClassVar, Literal

from generator.model.common import AssumableInt, Color, Id, Length, Prose, Scalar, Shape, Text, Unknown
from generator.shapes import Field

# NATO frames (infantry, cavalry, artillery, leader) and silhouettes (templates/symbols/); marker, chit and
# none draw nothing.
UnitSymbol = Literal["infantry", "cavalry", "artillery", "leader", "naval", "galley", "galleass", "galliot",
                     "elephant", "marker", "chit", "none"]


class Size(Shape):
    width: Length = Field(description="Width: millimetres, or a length with its unit (\"0.75in\", \"19mm\").")
    height: Length = Field(description="Height: millimetres, or a length with its unit (\"0.5in\").")


class PieceKind(Shape):
    i18n_kind: ClassVar[str | None] = "piece_kind"

    id: Id = Field(description="The kind's id, named by pieces' `kind`, mixes and {count:kind:id}.")
    name: Text = Field(description="The kind's name, as printed (Líder, Galera).")
    symbol: UnitSymbol = Field("none", description="Unit-type symbol drawn on the counter.")
    size: Length | Size = Field(12.7, description="Counter size in mm, or with a unit: one length for a square "
                                                  "(\"0.5in\" = 12.7), or {width, height}.")
    shape: Literal["square", "rectangle", "round"] = Field("square", description="The counter's cut outline; "
                                                           "round counters get the 'round' layout.")
    value_format: str | None = Field(None, description="How front values print, e.g. \"{attack}-{defence}\".")
    back_format: str | None = Field(None, description="How back values print.")
    layout: Id | None = Field(None, description="The counter layout in templates/layouts/counters/ (default: "
                                                "'round' for round counters, 'marker' and 'chit' for those "
                                                "symbols, else 'unit').")

    @property
    def extent(self) -> tuple[float, float]:
        """The counter's width and height in millimetres."""
        return (self.size.width, self.size.height) if isinstance(self.size, Size) else (self.size, self.size)


class PieceSide(Shape):
    label: Text | None = Field(None, description="Name of the side (full strength, reduced, alpha…).")
    mark: Text | None = Field(None, description="A short mark of the side printed in its place (A, Ω, ●); "
                                                "layouts print it, or the label when there is none.")
    values: dict[str, Scalar] = Field(default_factory=dict, description="Printed values by name.")
    no_values: bool = Field(False, description="This side prints none of the values its kind's `value_format` "
                                               "names, on purpose (a leader who does not fight); without it, a "
                                               "missing value is an error (UNK002).")
    color: Color | None = Field(None, description="Background of this side (default: the faction's colour).")
    text: Text | None = Field(None, description="Words printed on this side.")


class Piece(Shape):
    i18n_kind: ClassVar[str | None] = "piece"

    id: Id = Field(description="The piece's id, for {unit:id}, set-up placements and {count:piece:id}.")
    name: Text = Field(description="The name printed on the counter (Cristóbal Colón).")
    kind: Id = Field(description="A piece_kinds id.")
    faction: Id | None = Field(None, description="A factions id.")
    copies: AssumableInt = Field(1, ge=0, le=10_000, description="How many of this counter the game has "
                                 "({unknown: why, assume: N} when the source does not say).")
    tags: list[Id] = Field(default_factory=list, description="Free labels used by mixes and {count:tag:…}.")
    force: Id | None = Field(None, description="The forces id (squadron, army) this piece belongs to.")
    symbol: UnitSymbol | None = Field(None, description="Overrides the kind's symbol (a horseman among foot).")
    front: PieceSide = Field(default_factory=PieceSide, description="What the front prints: label, values, "
                                                                    "colour, words.")
    back: PieceSide | Unknown | None = Field(None, description="Absent when the back is blank; {unknown: why} when "
                                             "the source does not give it (the back prints its proof mark).")
    facing: bool = Field(False, description="The counter has a facing band.")
    note: Prose | None = Field(None, description="A designer's note about the piece; translated, not printed on "
                                                 "the counter.")

    def side(self, name: str) -> PieceSide | None:
        """The front or back as it prints: a back the source does not give is a side whose one value is that
        unknown, so every layout prints its proof mark where values go (never a blank back, which says "none")."""
        if name == "front":
            return self.front
        if isinstance(self.back, Unknown):
            return PieceSide().model_copy(update={"values": {"unknown": self.back}})
        return self.back


class MixSelect(Shape):
    """Which pieces a mix holds: each list given narrows the choice (all lists must match), and a piece matches
    a list when it is any of its items. Every copy of a chosen piece counts."""

    kinds: list[Id] = Field(default_factory=list, description="Piece kinds (piece_kinds ids).")
    factions: list[Id] = Field(default_factory=list, description="Factions (factions ids).")
    tags: list[Id] = Field(default_factory=list, description="Tags of the pieces (a piece with any of them).")
    pieces: list[Id] = Field(default_factory=list, description="Pieces by id.")
    forces: list[Id] = Field(default_factory=list, description="Order-of-battle groups (forces ids).")


class Mix(Shape):
    i18n_kind: ClassVar[str | None] = "mix"

    id: Id = Field(description="The mix's id, for {count:mix:id} and other mixes' `parts`.")
    name: Text = Field(description="Its name, as printed (Marcadores, Taza de eventos).")
    kind: Literal["group", "bag", "cup", "sheet"] = Field("group", description="A cup or a bag is drawn from: "
                                                          "its pieces print its `mark`; a group or a sheet only "
                                                          "states a total.")
    total: int | None = Field(None, ge=0, description="The total the rulebook states; checked against the data.")
    mark: Text | None = Field(None, description="A short mark printed on every piece of this cup or bag, so "
                                                "mixed pieces can be sorted back.")
    parts: list[Id] | None = Field(None, description="Other mixes that make this one.")
    select: MixSelect | None = Field(None, description="The pieces that make this one.")


class Force(Shape):
    i18n_kind: ClassVar[str | None] = "force"

    id: Id = Field(description="The group's id, for {force:id}, pieces' `force` and hexes' `start`.")
    name: Text = Field(description="Its name, as printed (Ala izquierda cristiana).")
    faction: Id | None = Field(None, description="The faction it belongs to.")
    commander: Text | None = Field(None, description="Who commands it, as the rulebook names them; translated.")
    color: Color | None = Field(None, description="Colour of its start hexes on the map and of its counters' "
                                                  "band.")
    totals: dict[str, int] = Field(default_factory=dict,
                                   description="Stated number of pieces by piece-kind id; checked.")
