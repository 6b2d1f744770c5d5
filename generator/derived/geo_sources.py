"""Reading outlines in, from the three sources a map may give, as shapely geometry in map millimetres
(origin top-left, y down): shapes written in the content, the artist's SVG, and real land through a
projection. Every file is read from inside the game folder, within a size limit; a source that cannot
be read gives a reason, never an exception.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy
import shapely
from shapely.geometry import Point, box
from shapely.geometry import shape as geojson_shape
from shapely.geometry.base import BaseGeometry

from generator.game_files import Refused, read_bytes
from generator.model.maps import Geography, Geometry

EARTH_KM = 6371.0
MAX_SOURCE_BYTES = 8_000_000
CURVE_STEPS = 12            # points per curved segment of an SVG path


class SourceProblem(Exception):
    """A source that cannot give outlines, and why (becomes a MAP011 finding)."""


def confined(folder: Path, name: str) -> Path:
    """The file `name` inside the game folder, refused when it leaves it or is too large to read."""
    root = folder.resolve()
    target = (root / name).resolve()
    if root not in target.parents:
        raise SourceProblem(f"'{name}' is not a file inside the game folder")
    if not target.is_file():
        raise SourceProblem(f"'{name}' does not exist")
    if target.stat().st_size > MAX_SOURCE_BYTES:
        raise SourceProblem(f"'{name}' is larger than {MAX_SOURCE_BYTES // 1_000_000} MB")
    return target


class Projection:
    """Degrees to map millimetres: the map's bounds fitted, centred, into its width (and height, which
    follows from the bounds when the content gives none)."""

    def __init__(self, geography: Geography, width: float, height: float | None):
        west, south, east, north = geography.bounds
        if not (west < east and south < north and south > -85 and north < 85):
            raise SourceProblem("`bounds` must be west < east and south < north, within ±85° of latitude")
        self.mercator = geography.projection == "mercator"
        self.middle = math.radians((south + north) / 2)
        (x0, y0), (x1, y1) = self._raw(numpy.array([[west, south], [east, north]])).tolist()
        height = height or width * (y1 - y0) / (x1 - x0)
        self.scale = min(width / (x1 - x0), height / (y1 - y0))
        self.left = x0 - (width / self.scale - (x1 - x0)) / 2
        self.top = y1 + (height / self.scale - (y1 - y0)) / 2
        self.width, self.height = width, height

    def _raw(self, lonlat: numpy.ndarray) -> numpy.ndarray:
        lon, lat = numpy.radians(lonlat[:, 0]), numpy.radians(lonlat[:, 1])
        if self.mercator:
            return numpy.column_stack((lon, numpy.log(numpy.tan(math.pi / 4 + lat / 2))))
        return numpy.column_stack((lon * math.cos(self.middle), lat))

    def _to_map(self, lonlat: numpy.ndarray) -> numpy.ndarray:
        raw = self._raw(lonlat)
        return numpy.column_stack(((raw[:, 0] - self.left) * self.scale, (self.top - raw[:, 1]) * self.scale))

    def point(self, latitude: float, longitude: float) -> tuple[float, float]:
        x, y = self._to_map(numpy.array([[longitude, latitude]]))[0]
        return float(x), float(y)

    def geometry(self, geometry: BaseGeometry) -> BaseGeometry:
        return shapely.transform(geometry, self._to_map)

    def km_per_mm(self, latitude: float) -> float:
        return EARTH_KM * (math.cos(math.radians(latitude)) if self.mercator else 1.0) / self.scale


def land(folder: Path, geography: Geography, projection: Projection) -> BaseGeometry:
    """The stored land, projected and cut to the map's frame."""
    path = confined(folder, geography.land)
    try:
        data = json.loads(read_bytes(path).decode("utf-8"))
        geometry = geojson_shape(data.get("geometry", data) if isinstance(data, dict) else data)
    except RecursionError:
        raise SourceProblem(f"'{geography.land}' nests its arrays too deeply to be GeoJSON land") from None
    except (ValueError, TypeError, KeyError, AttributeError, shapely.errors.GEOSException, Refused) as error:
        raise SourceProblem(f"'{geography.land}' is not GeoJSON land: {error}") from None
    if geometry.geom_type not in ("Polygon", "MultiPolygon"):
        raise SourceProblem(f"'{geography.land}' holds a {geometry.geom_type}, not land polygons")
    frame = box(0, 0, projection.width, projection.height)
    return shapely.make_valid(projection.geometry(geometry)).intersection(frame)


def from_shape(shape: Geometry) -> BaseGeometry | None:
    """A shape written in the content (polygon, rect, circle or SVG path data), in map millimetres."""
    if shape.polygon and len(shape.polygon) >= 3:
        return shapely.make_valid(shapely.Polygon(shape.polygon))
    if shape.rect is not None:
        x, y, w, h = shape.rect
        return box(x, y, x + w, y + h)
    if shape.circle is not None:
        x, y, r = shape.circle
        return Point(x, y).buffer(r, quad_segs=16)
    if shape.path:
        import svgelements

        try:
            return _even_odd(svgelements.Path(shape.path))
        except (ValueError, IndexError, TypeError) as error:
            raise SourceProblem(f"the path data cannot be read: {error}") from None
    return None


def from_artwork(folder: Path, name: str, wanted: set[str]) -> dict[str, BaseGeometry]:
    """The outline of every element of the artist's SVG whose id is a location id (units become mm)."""
    import xml.etree.ElementTree as ElementTree

    import svgelements

    path = confined(folder, name)
    try:
        document = svgelements.SVG.parse(str(path), ppi=25.4)     # 25.4 px per inch: 1 px is 1 mm
    except (ElementTree.ParseError, ValueError, IndexError, TypeError) as error:
        raise SourceProblem(f"'{name}' cannot be read as SVG: {error}") from None
    found = {}
    for element in document.elements():
        if isinstance(element, svgelements.Shape) and element.id in wanted and element.id not in found:
            outline = _even_odd(svgelements.Path(element))
            if not outline.is_empty:
                found[element.id] = outline
    return found


def _even_odd(path) -> BaseGeometry:
    """The closed sub-paths of an svgelements path as one area, filled even-odd (a ring inside another
    is a hole; an island beside it is a second part)."""
    import svgelements

    area = shapely.Polygon()
    for subpath in path.as_subpaths():
        points = []
        for segment in subpath:
            if isinstance(segment, (svgelements.Move, svgelements.Line, svgelements.Close)):
                if segment.end is not None:
                    points.append((segment.end.x, segment.end.y))
            else:
                points.extend((p.x, p.y) for p in (segment.point(step / CURVE_STEPS)
                                                   for step in range(1, CURVE_STEPS + 1)))
        if len(points) >= 3:
            area = area.symmetric_difference(shapely.make_valid(shapely.Polygon(points)))
    return area
