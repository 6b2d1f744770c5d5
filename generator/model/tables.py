"""Die-roll and lookup tables: dice, rows, column headers, modifiers and legends."""

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


class Modifier(Shape):
    value: AssumableInt = Field(description="Added to the roll (negative to subtract).")
    when: Text = Field(description="The condition under which it applies.")


class Column(Shape):
    id: Id = Field(description="The column's id, a translation key part (\"1-1\", \"plus-2\").")
    label: Text = Field(description="Its header, as printed (\"1:1\", \"+2\").")


class Columns(Shape):
    kind: Literal["odds", "differential", "value", "named"] = Field(
        "named", description="odds (1:1, 2:1…) and differential (-1, 0, +1…) headers must run in order without "
                             "gaps and say how the extremes read; value and named are free.")
    below: Text | None = Field(None, description="How values below the first column read.")
    above: Text | None = Field(None, description="How values above the last column read.")
    items: list[Column] = Field(description="The columns, left to right.")


class Row(Shape):
    roll: Roll | None = Field(None, description="The roll (7) or range (5-6) of this row, for dice tables.")
    key: Scalar | None = Field(None, description="The key of this row, for tables without dice.")
    result: Text | None = Field(None, description="The result, for a simple table.")
    results: list[Scalar | None] | None = Field(None, description="One result per column, for a CRT.")


class LegendEntry(Shape):
    code: str = Field(description="A result code as the cells print it (S, M, -).")
    text: Text = Field(description="What it means, as the legend prints it (hundido).")


class Table(Shape):
    i18n_kind: ClassVar[str | None] = "table"

    id: Id = Field(description="The table's id, for {table:id} and a map's or layout's `tables`.")
    title: Text = Field(description="Its title, as printed (Tabla de combate naval).")
    dice: DiceSpec = Field("none", validate_default=True, description="NdM (1d6, 2d6, 1d10), d66, or none.")
    faces: Roll | None = Field(None, description="Face values when they are not 1-N: \"0-9\" for a d10 read 0-9.")
    domain: Roll | None = Field(None, description="For dice none: the key values the rows must cover.")
    modifiers: list[Modifier] = Field(default_factory=list, description="Die-roll modifiers, printed under the "
                                                                        "table: [{value: 1, when: \"…\"}].")
    out_of_range: Literal["clamp", "rows", "none"] | None = Field(
        None, description="How a modified roll beyond the printed rows reads.")
    columns: Columns | None = Field(None, description="Column headers of a combat results table; rows then give "
                                                      "`results`, one per column.")
    rows: list[Row] | Unknown = Field(description="The rows, or {unknown: why} when the rulebook does not print them.")
    legend: list[LegendEntry] = Field(default_factory=list, description="What the result codes of the cells mean.")
    note: Prose | None = Field(None, description="A note printed under the table: prose with reference tokens.")
