"""Tables of four kinds (die-roll, lookup, matrix, list): dice, rows, headers, modifiers, legends, footnotes."""

import re
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Literal

from generator.model.common import AssumableInt, Id, Prose, Roll, Scalar, Shape, Text, Unknown
from generator.shapes import BeforeValidator, Field, ShapeError, WithJsonSchema

_DICE = re.compile(r"^(?:(\d*)d(\d+)|d66|none)$")


@dataclass(frozen=True)
class Dice:
    """A dice expression and the results it can make."""

    spec: str
    count: int = 0
    faces: int = 0

    @property
    def is_none(self) -> bool:
        return self.spec == "none"

    def outcomes(self, faces_range: tuple[int, int] | None = None) -> list[int]:
        """Every result the dice can make, in order."""
        if self.spec == "d66":
            return [tens * 10 + units for tens in range(1, 7) for units in range(1, 7)]
        if self.is_none:
            return []
        low, high = faces_range or (1, self.faces)
        return list(range(low * self.count, high * self.count + 1))


def parse_dice(value: Any) -> Any:
    if isinstance(value, Dice):
        return value
    if not isinstance(value, str):
        raise ShapeError("SCH007", "'{value}' is not a dice expression: write 1d6, 2d6, 1d10, d66 or none",
                                  {"value": value})
    text = value.strip().lower()
    match = _DICE.match(text)
    if not match:
        raise ShapeError("SCH007", "'{value}' is not a dice expression", {"value": value})
    if text in ("d66", "none"):
        return Dice(text)
    count = int(match.group(1) or 1)
    faces = int(match.group(2))
    if not (1 <= count <= 20 and 2 <= faces <= 100):
        raise ShapeError("SCH007", "'{value}' is outside 1-20 dice of 2-100 faces", {"value": value})
    return Dice(text if match.group(1) else f"1d{faces}", count, faces)


DiceSpec = Annotated[Any, BeforeValidator(parse_dice),
                     WithJsonSchema({"type": "string", "pattern": r"^(\d*d\d+|d66|none)$"})]


TableKind = Literal["die-roll", "lookup", "matrix", "list"]
_CODE_SPLIT = re.compile(r"[\s/+,]+")
NO_EFFECT = frozenset({"", "-", "—", "–", "x", "0"})


class Modifier(Shape):
    value: Unknown | AssumableInt = Field(ge=-1000, le=1000,
        description="Added to the roll (negative to subtract); `{unknown: why}` when the source does not give it.")
    per: Text | None = Field(None, description="A variable modifier: the value counts once for each of these "
                                               "(\"unidad que asedia\" prints \"+1 por cada unidad que asedia\").")
    up_to: int | None = Field(None, ge=1, le=99, description="The most times a `per` modifier counts, when the "
                                                             "rules cap it.")
    when: Text | None = Field(None, description="The condition under which it applies.")


class Column(Shape):
    id: Id = Field(description="Names the column in translation keys (`table.<id>.columns.items.<column>.label`).")
    label: Text = Field(description="The column's header: \"1:1\", \"+2\", \"Coste en PS\".")


def _some_columns(value: Any) -> Any:
    if value == []:
        raise ShapeError("SCH004", "a table's columns cannot be none: list them, or write {{unknown: why}} when the "
                                   "source does not give them", {})
    return value


class Columns(Shape):
    fact_labels: ClassVar[dict[str, str]] = {"items": "columns"}
    kind: Literal["odds", "differential", "value", "named"] = Field(
        "named", description="odds (1:2, 1:1, 2:1), differential (-1, 0, +1), value (a number read on a scale: a "
                             "range in hexes) or named (attributes of a lookup: cost, strength).")
    label: Text | None = Field(None, description="What the columns measure, printed across them: \"Proporción "
                                                 "F/B\", \"Hexes movidos\".")
    below: Text | None = Field(None, description="How values below the first column read.")
    above: Text | None = Field(None, description="How values above the last column read.")
    items: Annotated[list[Column], BeforeValidator(_some_columns)] | Unknown = Field(
        description="The columns, left to right, or "
                                         "{unknown: why} when the source does not give them (the header prints "
                                         "a proof mark across them).")

    @property
    def known(self) -> list[Column]:
        """The columns given; none while they are unknown."""
        return [] if isinstance(self.items, Unknown) else self.items


class Row(Shape):
    id: Id | None = Field(None, description="A stable name for the row in translation keys (else its text names it), "
                                            "so a reworded text is stale rather than new; for rows whose key is "
                                            "a phrase (`table.<id>.rows.<row id>.key`).")
    roll: Roll | None = Field(None, description="The roll (7) or range (5-6) of this row, for dice tables.")
    key: Scalar | None = Field(None, description="The key of this row, for tables without dice: a number, a range "
                                                 "or a label (\"Mover un apilamiento terrestre\").")
    result: Text | None = Field(None, description="The result or value, for a table with one result column, or "
                                                  "the item of a list.")
    results: list[Scalar | None] | None = Field(None, description="One value per column, for a table with "
                                                                  "`columns` (null: nothing happens).")


class LegendEntry(Shape):
    i18n_identity: ClassVar[tuple[str, ...]] = ("code",)    # names the entry in translation keys

    code: str = Field(description="A result code as the cells print it: E, R, 1/D.")
    text: Text = Field(description="What the code means.")


class Footnote(Shape):
    i18n_identity: ClassVar[tuple[str, ...]] = ("mark",)

    mark: str = Field(pattern=r"^\S{1,3}$", description="The mark a cell, key or header carries: *, †, a.")
    text: Text = Field(description="The footnote, printed under the table after its mark.")


class Table(Shape):
    i18n_kind: ClassVar[str | None] = "table"

    id: Id = Field(description="The table's id, for {table:id}, an aid's parts and a map's or layout's `tables`.")
    title: Text = Field(description="The table's caption.")
    kind: TableKind | None = Field(None, description="die-roll (a roll read on rows), lookup (a key read to "
                                   "values: costs, levels), matrix (rows × columns: odds or differential CRTs, "
                                   "gunnery by range) or list (items, numbered when their order matters). "
                                   "Left out, it follows from `dice` and `columns`.")
    dice: DiceSpec = Field("none", validate_default=True, description="NdM (1d6, 2d6, 1d10), d66, or none.")
    faces: Roll | None = Field(None, description="Face values when they are not 1-N: \"0-9\" for a d10 read 0-9.")
    domain: Roll | None = Field(None, description="For dice none: the key values the rows must cover.")
    key_label: Text | None = Field(None, description="The header of the first column (the roll or the key): "
                                                     "\"Acción\", \"PV españoles\". Die-roll tables print "
                                                     "their dice when it is left out.")
    result_label: Text | None = Field(None, description="The header of the value column of a table whose rows "
                                                        "give one `result`: \"Coste en PS\". Die-roll tables "
                                                        "print the word for Result when it is left out.")
    modifiers: list[Modifier] = Field(default_factory=list, description="What is added to the roll, and when.")
    modifiers_from: Id | None = Field(None, description="Another table whose modifiers apply to this one too, "
                                                        "written once there (a second attempt read like the first).")
    out_of_range: Literal["clamp", "rows", "none"] | None = Field(
        None, description="How a modified roll beyond the printed rows reads.")
    columns: Columns | None = Field(None, description="Several value columns: a matrix's columns, or a lookup's "
                                                      "named values.")
    rows: list[Row] | Unknown = Field(description="The rows, or {unknown: why} when the rulebook does not print them.")
    numbered: bool = Field(False, description="For a list: its order matters (priorities), so its items print "
                                              "numbered.")
    legend: list[LegendEntry] = Field(default_factory=list, description="What each result code means.")
    footnotes: list[Footnote] = Field(default_factory=list, description="Notes a cell, key or header points to "
                                                                         "with its mark.")
    replaces: Id | None = Field(None, description="The table this one supersedes in this game (a campaign's costs "
                                                  "over the series'): aids print only the table in force.")
    note: Prose | None = Field(None, description="Prose printed under the table.")

    @property
    def shape_kind(self) -> str:
        """The declared kind, or the one its dice and columns make."""
        if self.kind is not None:
            return self.kind
        if self.columns is not None and (not self.dice.is_none or self.columns.kind != "named"):
            return "matrix"
        return "lookup" if self.dice.is_none else "die-roll"

    def is_code(self, cell: Any) -> bool:
        """Whether a cell is only result codes of the legend (or "no effect"), which are never translated."""
        if not isinstance(cell, str):
            return True
        codes = {entry.code for entry in self.legend}
        return all(part in NO_EFFECT or part in codes or not any(ch.isalpha() for ch in part)
                   for part in _CODE_SPLIT.split(cell.strip()))
