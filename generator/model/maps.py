"""The map: locations (areas, zones, provinces, seas, boxes), hex grids, adjacency and tracks."""

import re
from typing import Annotated, Any, ClassVar, Literal

from generator.model.common import Color, Id, Length, Scalar, Shape, Text
from generator.shapes import BeforeValidator, Field, ShapeError

# An id format is text with {col} and {row}, each with at most a zero fill, a width of 1-3 digits and `d`;
# it never reaches str.format, whose full grammar (attribute access, 10**9 widths) content must not drive.
_ID_FIELD = re.compile(r"\{(col|row)(?::(0?)([1-9][0-9]{0,2})?d?)?\}")
_ID_PART = re.compile(r"\{\{|\}\}|" + _ID_FIELD.pattern)
_ID_FORMAT = re.compile(r"^(?:[^{}]|\{\{|\}\}|" + _ID_FIELD.pattern + r")*$")


def _check_id_format(value: Any) -> Any:
    if isinstance(value, str) and (len(value) > 40 or not _ID_FORMAT.match(value) or "{col" not in value
                                   or "{row" not in value):
        raise ShapeError("SEC006", "'{value}' is not an id format: write {{col}} and {{row}} with at most a "
                                   "width, as in \"{{col:02d}}{{row:02d}}\"", {"value": value[:40]})
    return value


def format_id(id_format: str, col: int, row: int) -> str:
    """A hex id from its grid's id format (checked when loaded), as str.format would write it."""
    def field(match: re.Match) -> str:
        if match.group(1) is None:
            return match.group()[0]           # {{ or }}
        number = col if match.group(1) == "col" else row
        fill, width = match.group(2) or "", match.group(3) or ""
        return f"{number:{fill}{width}d}"

    return _ID_PART.sub(field, id_format)

LocationType = Literal["area", "zone", "sea", "province", "box", "city", "port", "hex"]


class Route(Shape):
    to: Id
    cost: Scalar | None = None
    kind: str | None = Field(None, description="sea, land, special…")
    note: Text | None = None


class Geometry(Shape):
    polygon: list[tuple[float, float]] | None = None
    circle: tuple[float, float, float] | None = None
    rect: tuple[float, float, float, float] | None = None
    path: str | None = Field(None, description="SVG path data (M, L, C, Q, A, Z…) in map millimetres.")


class Geography(Shape):
    """Where a map's outlines come from when the land is real: a projection, a stored coastline, and the
    locations' anchors (latitude, longitude), the land shared among them and the sea among the seas."""

    land: str = Field(description="GeoJSON of the land in degrees, inside the game folder "
                                  "(tools/extract_coastline.py cuts it from Natural Earth).")
    projection: Literal["mercator", "equirectangular"] = "mercator"
    bounds: tuple[float, float, float, float] = Field(description="West, south, east, north edges of the map, "
                                                                  "in degrees of longitude and latitude.")
    reach_km: float = Field(150.0, gt=0, description="How far a location's land or sea reaches from its anchor.")
    port_km: float = Field(12.0, gt=0, description="How far from the sea a port's anchor may lie.")
    land_terrain: str | None = Field(None, description="Hex maps: the terrain of every hex that holds land (a naval "
                                                       "map's shore); the checker compares it with the land (MAP013).")


class ColorKey(Shape):
    i18n_kind: ClassVar[str | None] = "map_key"

    id: Id = Field(description="A palette colour that fills areas.")
    name: Text = Field(description="What the colour means, as the legend prints it.")


class Location(Shape):
    i18n_kind: ClassVar[str | None] = "location"

    id: Id
    type: LocationType = "area"
    name: Text
    number: int | None = None
    terrain: str | None = None
    vp: Scalar | None = None
    colors: list[Color] = Field(default_factory=list)
    owner: Id | None = Field(None, description="The faction whose home this is.")
    attributes: dict[str, Scalar] = Field(default_factory=dict)
    adjacent: list[Id] = Field(default_factory=list)
    adjacent_unknown: Text | None = Field(None, description="Why the neighbours listed are incomplete.")
    routes: list[Route] = Field(default_factory=list)
    shape: Geometry | None = None
    anchor: tuple[float, float] | None = Field(None, description="Latitude and longitude (map.geography).")
    covers: list[tuple[float, float]] = Field(default_factory=list, description="More points (latitude, longitude) "
                                              "this location's land or sea reaches: its shape on the game's map.")
    reach_km: float | None = Field(None, gt=0, description="How far this location reaches from its anchor; a "
                                                          "location `in` another is carved out of it this wide.")
    outline_exceptions: dict[str, str] = Field(
        default_factory=dict, description="Where the declared neighbours differ from what the outlines show, "
                                          "and why: the other location's id (or `port`) → the reason.")
    label: tuple[float, float] | None = None
    in_: Id | None = Field(None, alias="in", description="The location this one lies in.")


class AdjacencyRule(Shape):
    rule: Literal["consecutive"]
    wrap: bool = False


class Grid(Shape):
    orientation: Literal["flat", "pointy"] = "flat"
    size: Length = Field(description="Across flats, in mm.")
    columns: int = Field(ge=1, le=500)
    rows: int = Field(ge=1, le=500)
    first_column: int = 1
    first_row: int = 1
    id_format: Annotated[str, BeforeValidator(_check_id_format)] = "{col:02d}{row:02d}"
    reconstruction: Text | None = None


class Hex(Shape):
    id: Id
    terrain: str | None = None
    start: Id | None = Field(None, description="The force that starts here.")
    facing: int | None = Field(None, ge=1, le=6)
    hidden: bool = False
    note: Text | None = None


class TerrainRule(Shape):
    only: list[Id] = Field(default_factory=list, description="The piece kinds that may be in this terrain.")
    note: Text | None = None


class Map(Shape):
    i18n_kind: ClassVar[str | None] = "map"

    kind: Literal["areas", "zones", "provinces", "hexes", "mixed"] = "areas"
    width: Length | None = None
    height: Length | None = None
    art: str | None = None
    outlines: str | None = Field(None, description="An SVG inside the game folder whose elements' ids are location "
                                                   "ids: the outlines as the map's artist drew them.")
    geography: Geography | None = None
    keys: list[ColorKey] = Field(default_factory=list, description="The area colours the legend explains.")
    adjacency: AdjacencyRule | None = None
    grid: Grid | None = None
    locations: list[Location] = Field(default_factory=list)
    hexes: list[Hex] = Field(default_factory=list)
    tables: list[Id] = Field(default_factory=list, description="Tables the rulebook prints on the map.")
    terrain_rules: dict[str, TerrainRule] = Field(default_factory=dict, description="Terrain → which piece "
                                                                                    "kinds may be there.")
    compass: Literal["none", "compass", "wind-rose"] = Field("none", description="A compass or a numbered "
                                                                                   "wind rose (1-6) on the map.")


class Track(Shape):
    i18n_kind: ClassVar[str | None] = "track"

    id: Id
    name: Text
    min: int = 0
    max: int
    labels: dict[str, Text] = Field(default_factory=dict)
    notes: dict[str, Text] = Field(default_factory=dict)
    color: Color | None = None
