"""The map: locations (areas, zones, provinces, seas, boxes), hex grids, adjacency and tracks."""

import re
from typing import Annotated, Any, ClassVar, Literal

from generator.model.common import Color, Id, Length, Reconstruction, Scalar, Shape, Text, Unknown, reconstructed_field
from generator.shapes import BeforeValidator, Field, ShapeError


def _check_anchor(value: Any) -> Any:
    if isinstance(value, (list, tuple)) and len(value) == 2 and all(isinstance(x, (int, float)) for x in value) \
            and not (-90 <= value[0] <= 90 and -180 <= value[1] <= 180):
        raise ShapeError("SCH004", "[{latitude}, {longitude}] is not a place on Earth: latitude goes from -90 to 90, "
                                   "longitude from -180 to 180", {"latitude": value[0], "longitude": value[1]})
    return value


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
    fact_labels: ClassVar[dict[str, str]] = {"to": "destination"}
    i18n_identity: ClassVar[tuple[str, ...]] = ("to",)    # an unknown destination: named by its texts instead

    to: Id | Unknown = Field(description="The location the route leads to; it counts as a neighbour. "
                                        "{unknown: why} when the source does not say where it leads: the map "
                                        "prints the route leaving its location towards a proof mark.")
    cost: Scalar | None = Field(None, description="What taking it costs, printed on the route's line (2, \"2 PM\").")
    kind: str | None = Field(None, description="sea, land, special…: land routes print as a brown line, others "
                                               "as a blue current.")
    note: Text | None = Field(None, description="Why the route exists or how it is used; translated, not printed "
                                                "on the map.")
    via: tuple[float, float] | None = Field(None, description="A point (latitude, longitude) the crossing is drawn "
                                                              "through on a geographic map: a strait.")

    @property
    def fact_subject(self) -> str:
        return f"{self.kind} route" if self.kind else "route"


class Geometry(Shape):
    """A location's outline drawn by hand, in millimetres from the map's top-left corner: give one of the four."""

    polygon: list[tuple[float, float]] | None = Field(None, description="Corners [[x, y], …], in order.")
    circle: tuple[float, float, float] | None = Field(None, description="Centre and radius [x, y, r] (a numbered "
                                                                       "circle prints its number inside).")
    rect: tuple[float, float, float, float] | None = Field(None, description="Top-left corner, width and height "
                                                                            "[x, y, w, h].")
    path: str | None = Field(None, description="SVG path data (M, L, C, Q, A, Z…) in map millimetres.")


class Geography(Shape):
    """Where a map's outlines come from when the land is real: a projection, a stored coastline, and the
    locations' anchors (latitude, longitude), the land shared among them and the sea among the seas."""

    land: str = Field(description="GeoJSON of the land in degrees, inside the game folder "
                                  "(tools/extract_coastline.py cuts it from Natural Earth).")
    projection: Literal["mercator", "equirectangular"] = Field("mercator", description="How degrees become map "
                                                               "millimetres: mercator keeps shapes, equirectangular "
                                                               "spaces latitude evenly.")
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

    id: Id = Field(description="The location's id, for {area:id}, `adjacent`, routes and set-up placements.")
    type: LocationType = Field("area", description="What it is: seas fill blue, boxes are off-map holding "
                                                   "boxes, cities and ports with an anchor print as symbols.")
    name: Text = Field(description="Its name, as the map prints it.")
    number: int | None = Field(None, description="A printed number; the `consecutive` adjacency rule joins "
                                                 "locations with consecutive numbers.")
    terrain: str | None = Field(None, description="A free word (jungle, mountain, shore…): known terrains tint "
                                                  "the area; terrain_rules and start checks read it.")
    vp: Scalar | None = Field(None, description="Victory points, printed under the name (\"2 VP\").")
    colors: list[Color] = Field(default_factory=list, description="Fill colour (palette names, faction ids or "
                                "#rrggbb); a second colour prints as stripes.")
    owner: Id | None = Field(None, description="The faction whose home this is.")
    holds: Id | None = Field(None, description="For a box: the deck (decks id) or piece kind (piece_kinds id) "
                                               "whose card or counter the box is drawn to hold, when the set-up "
                                               "places none there (the turn's event card).")
    attributes: dict[str, Scalar] = Field(default_factory=dict, description="Free values for the rules; the map "
                                          "reads `city` (fortified, unfortified, fortress), `walled`, `capital` "
                                          "and `abbreviation` (printed beside the place, translated as "
                                          "location.<id>.attributes.abbreviation).")
    adjacent: list[Id] = Field(default_factory=list, description="Its neighbours (location ids); each must list "
                                                                 "this one back (MAP001).")
    adjacent_unknown: Text | None = Field(None, description="Why the neighbours listed are incomplete.")
    routes: list[Route] = Field(default_factory=list, description="Special connections beyond its borders (sea "
                                                                  "lanes, passes), each a neighbour.")
    shape: Geometry | None = Field(None, description="Its outline drawn by hand in map millimetres; otherwise it "
                                                     "comes from `map.outlines` or `map.geography`.")
    anchor: Annotated[tuple[float, float], BeforeValidator(_check_anchor)] | None = Field(
        None, description="Latitude and longitude (map.geography).")
    covers: list[tuple[float, float]] = Field(default_factory=list, description="More points (latitude, longitude) "
                                              "this location's land or sea reaches: its shape on the game's map.")
    reach_km: float | None = Field(None, gt=0, description="How far this location reaches from its anchor; a "
                                                          "location `in` another is carved out of it this wide.")
    outline_exceptions: dict[str, str] = Field(
        default_factory=dict, description="Where the declared neighbours differ from what the outlines show, "
                                          "and why: the other location's id (or `port`) → the reason.")
    label: tuple[float, float] | None = Field(None, description="Where its name prints [x, y], in map mm "
                                                                "(default: inside its outline).")
    in_: Id | None = Field(None, alias="in", description="The location this one lies in.")
    reconstructed: dict[str, Reconstruction] = reconstructed_field()


class AdjacencyRule(Shape):
    rule: Literal["consecutive"] = Field(description="consecutive: locations numbered n and n+1 are neighbours.")
    wrap: bool = Field(False, description="The highest number also touches the lowest (a ring of areas).")


class Grid(Shape):
    orientation: Literal["flat", "pointy"] = Field("flat", description="flat: hexes with a flat top edge, in "
                                                                        "columns; pointy: a corner on top, in rows.")
    size: Length = Field(description="Across flats, in mm.")
    columns: int = Field(ge=1, le=500, description="How many columns of hexes.")
    rows: int = Field(ge=1, le=500, description="How many rows of hexes.")
    first_column: int = Field(1, ge=-9999, le=9999,
                              description="The number the first column prints (and its hexes' ids use).")
    first_row: int = Field(1, ge=-9999, le=9999,
                           description="The number the first row prints (and its hexes' ids use).")
    id_format: Annotated[str, BeforeValidator(_check_id_format)] = Field(
        "{col:02d}{row:02d}", description="How a hex id is made from its column and row: \"{col:02d}{row:02d}\" "
                                          "makes 0507.")
    reconstruction: Text | None = Field(None, description="Why this geometry is a reconstruction, when the source "
                                                           "map is not at hand: a record for reviewers, not printed.")


class Hex(Shape):
    id: Id = Field(description="The hex's id as the grid's id_format writes it (\"0507\"; quote it in YAML).")
    terrain: str | None = Field(None, description="A free word (shore, sea…): known terrains tint the hex; "
                                                  "terrain_rules read it.")
    start: Id | None = Field(None, description="The force that starts here.")
    piece_kind: Id | None = Field(None, description="The kind of piece that starts here (a galley, a galleass): "
                                                    "its silhouette prints in the hex.")
    facing: int | None = Field(None, ge=1, le=6, description="Which way a piece starting here faces: the hex side "
                                                             "1-6, drawn as an arrow.")
    hidden: bool = Field(False, description="A start hex kept secret (greyed, explained in the legend).")
    reconstructed: dict[str, Reconstruction] = reconstructed_field()
    note: Text | None = Field(None, description="A note about the hex; translated, not printed on the map.")


class TerrainRule(Shape):
    only: list[Id] = Field(default_factory=list, description="The piece kinds that may be in this terrain.")
    note: Text | None = Field(None, description="The rule in words; translated, not printed on the map.")


class Map(Shape):
    i18n_kind: ClassVar[str | None] = "map"

    kind: Literal["areas", "zones", "provinces", "hexes", "mixed"] = Field(
        "areas", description="How the map divides space; the inventory counts `hexes` maps' forces as squadrons.")
    width: Length | None = Field(None, description="Width in mm (default: the grid's, the outlines', or a "
                                                   "schematic's).")
    height: Length | None = Field(None, description="Height in mm (default, like width).")
    art: str | None = Field(None, description="An underlay picture (PNG or JPEG) inside the game folder, printed "
                                              "under the areas.")
    outlines: str | None = Field(None, description="An SVG inside the game folder whose elements' ids are location "
                                                   "ids: the outlines as the map's artist drew them.")
    geography: Geography | None = Field(None, description="Real land divided among the locations' anchors "
                                                          "(latitude, longitude).")
    keys: list[ColorKey] = Field(default_factory=list, description="The area colours the legend explains.")
    adjacency: AdjacencyRule | None = Field(None, description="A rule of neighbours applied on top of the "
                                                              "locations' own lists.")
    grid: Grid | None = Field(None, description="The hex grid of a hex map.")
    locations: list[Location] = Field(default_factory=list, description="Areas, zones, provinces, seas, boxes, "
                                                                        "cities and ports.")
    hexes: list[Hex] = Field(default_factory=list, description="Hexes with something on them (terrain, a start); "
                                                               "the others are plain.")
    tables: list[Id] = Field(default_factory=list, description="Tables the rulebook prints on the map.")
    terrain_rules: dict[str, TerrainRule] = Field(default_factory=dict, description="Terrain → which piece "
                                                                                    "kinds may be there.")
    compass: Literal["none", "compass", "wind-rose"] = Field("none", description="A compass or a numbered "
                                                                                   "wind rose (1-6) on the map.")
    reconstructed: dict[str, Reconstruction] = reconstructed_field()

    #: facts a map draws that no single field holds, which `reconstructed` may name
    drawn_facts: ClassVar[dict[str, str]] = {
        "borders": "the borders drawn between regions whose adjacency the source does not state",
    }


TRACK_LIMIT = 1000      # a track's numbers (either sign): every space is drawn, so 3000000000 would never end


class Track(Shape):
    i18n_kind: ClassVar[str | None] = "track"

    id: Id = Field(description="The track's id, for {track:id} and set-up placements (`at: track-id:3`).")
    name: Text = Field(description="Its name, as printed (Puntos de victoria).")
    min: int = Field(0, ge=-TRACK_LIMIT, le=TRACK_LIMIT, description="The number of its first space.")
    max: int = Field(ge=-TRACK_LIMIT, le=TRACK_LIMIT, description="The number of its last space.")
    labels: dict[str, Text] = Field(default_factory=dict, description="Words printed in a space instead of its "
                                                                      "number: {\"1\": \"1492\"}.")
    notes: dict[str, Text] = Field(default_factory=dict, description="A short note printed under a space: "
                                                                     "{\"10\": \"Fin\"}.")
    color: Color | None = Field(None, description="The fill of its spaces (default: pale parchment).")
