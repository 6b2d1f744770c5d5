"""Maps drawn from outlines: the seed games' regions read back from map.svg with shapely, the adjacency
checked against them, the three sources of outlines, and the tiles re-assembled into the map."""

from __future__ import annotations

import json
import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdfium2
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops, ImageStat
from shapely.geometry import Point

from generator.load import load_game
from generator.pipeline import BuildRequest, build, check
from generator.render.draw.fonts import PT, width_mm
from generator.render.draw.primitives import BLACK

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
REGION_KINDS = ("area", "zone", "province", "sea")
OUTLINED = ("mar-y-acero", "punic-island", "maquiavelli")
PX_PER_MM = 2.0


@pytest.fixture(scope="module")
def seed_maps(seed_builds):
    """game → its source-language folder in the session's seed builds."""
    built = {}
    for name in ("mar-y-acero", "punic-island", "maquiavelli", "lepanto"):
        game = load_game(ROOT / "content" / name).game
        built[name] = seed_builds / name / game.manifest.source_language
        assert (built[name] / "map.svg").is_file(), name
    return built


def _path_area(d: str):
    """An SVG path of closed rings (M … Z) as one even-odd area; every ring must be closed."""
    rings = [ring.strip() for ring in d.split("Z") if ring.strip()]
    assert d.rstrip().endswith("Z") and d.count("M") == len(rings)
    area = shapely.Polygon()
    for ring in rings:
        points = [tuple(map(float, pair.split(","))) for pair in re.findall(r"-?[\d.]+,-?[\d.]+", ring)]
        area = area.symmetric_difference(shapely.make_valid(shapely.Polygon(points)))
    return area


def _regions(svg: Path) -> dict[str, tuple]:
    """Each region group: its outline and its texts (x, y, size in mm, text)."""
    root = ET.parse(svg).getroot()
    found = {}
    for group in root.iter(f"{SVG}g"):
        kind = (group.get("id") or "").split("-", 1)[0]
        if kind not in REGION_KINDS:
            continue
        paths = [p for p in group if p.tag == f"{SVG}path"]
        assert paths, group.get("id")
        texts = [(float(t.get("x")), float(t.get("y")), float(t.get("font-size")), t.text or "",
                  t.get("font-weight") == "bold", t.get("text-anchor") or "start") for t in group.iter(f"{SVG}text")]
        found[group.get("id")] = (_path_area(paths[0].get("d")), texts)
    return found


def _text_box(x: float, y: float, size: float, text: str, bold: bool = True, anchor: str = "start"):
    """The ink box of a text from its anchor on the baseline, measured with the font's own metrics."""
    width = width_mm(text, "sans-bold" if bold else "sans", size / PT)
    left = x - {"start": 0.0, "middle": width / 2, "end": width}[anchor]
    return shapely.box(left, y - 0.72 * size, left + width, y + 0.02 * size)


@pytest.mark.parametrize("name", OUTLINED)
def test_every_region_is_closed_disjoint_and_holds_its_label(seed_maps, name):
    regions = _regions(seed_maps[name] / "map.svg")
    game = load_game(ROOT / "content" / name).game
    expected = {f"{loc.type}-{loc.id}" for loc in game.locations if loc.type in REGION_KINDS}
    assert set(regions) == expected
    ids = sorted(regions)
    for index, first in enumerate(ids):
        area, texts = regions[first]
        assert area.is_valid and area.area > 1.0, first
        assert texts, first
        for text in texts:
            assert area.buffer(0.05).contains(_text_box(*text)), (first, text)
        for second in ids[index + 1:]:
            assert area.intersection(regions[second][0]).area < 0.5, (first, second)
    labels = [(key, _text_box(*text)) for key, (_, texts) in regions.items() for text in texts]
    for index, (key, box) in enumerate(labels):
        for other, other_box in labels[index + 1:]:
            if other != key:
                assert not box.intersects(other_box), (key, other)


@pytest.mark.parametrize("name", OUTLINED)
def test_declared_adjacency_agrees_with_the_outlines_or_the_content_answers(name):
    findings = check(ROOT / "content" / name).diagnostics
    codes = [d.code for d in findings if d.code in ("MAP007", "MAP008", "MAP009", "MAP011", "MAP012")]
    assert codes == []
    ports = [d for d in findings if d.code == "MAP010"]
    if name == "maquiavelli":            # the rulebook lists Lucca as a port; its own example puts it inland
        assert len(ports) == 1 and "'lucca'" in ports[0].message and ports[0].span.file.name == "map.yaml"
        line = (ROOT / "content" / name / "map.yaml").read_text(encoding="utf-8").splitlines()[ports[0].span.line - 1]
        assert "port:" in line
    else:
        assert ports == []


def _rasters(folder: Path, placements: list[dict]):
    """The whole map (cut from its page where the manifest places it: a proof adds a slug round it) and
    each tile page (by page number: the proof sheet's pages after the tiles are not rendered), rasterised
    by pdfium at the same scale."""
    page = pypdfium2.PdfDocument(str(folder / "map.pdf"))[0]
    at = next(p for p in placements if p.get("output") == "map.pdf" and p["page"] == 1)
    top = page.get_size()[1] * 25.4 / 72 - at["y_mm"] - at["h_mm"]
    whole = _render(page).crop((round(at["x_mm"] * PX_PER_MM), round(top * PX_PER_MM),
                                round((at["x_mm"] + at["w_mm"]) * PX_PER_MM), round((top + at["h_mm"]) * PX_PER_MM)))
    tiles = pypdfium2.PdfDocument(str(folder / "map-tiles.pdf"))
    wanted = {p["page"] for p in placements if p.get("output") == "map-tiles.pdf"}
    return whole, {index + 1: (_render(tiles[index]), tiles[index].get_size()[1] * 25.4 / 72)
                   for index in range(len(tiles)) if index + 1 in wanted}


def _render(page) -> Image.Image:
    """A page at exactly PX_PER_MM. PdfPage.render stretches the page over a bitmap rounded up to whole
    pixels: a page of 1176.0002 px (a proof's map page, 2 × 8 mm of slug round a map of 571.9999 mm)
    is drawn 1177 px wide, and the map drifts a pixel by its right edge."""
    scale = PX_PER_MM * 25.4 / 72                 # pixels per point
    width, height = (math.ceil(side * scale) for side in page.get_size())
    bitmap = pypdfium2.PdfBitmap.new_native(width, height, format=pypdfium2.raw.FPDFBitmap_BGR)
    bitmap.fill_rect((255, 255, 255, 255), 0, 0, width, height)
    pypdfium2.raw.FPDF_RenderPageBitmapWithMatrix(bitmap, page, pypdfium2.raw.FS_MATRIX(scale, 0, 0, scale, 0, 0),
                                                  pypdfium2.raw.FS_RECTF(0, 0, width, height),
                                                  pypdfium2.raw.FPDF_ANNOT)
    return bitmap.to_pil().convert("RGB")


def _difference(first: Image.Image, second: Image.Image) -> float:
    """Mean grey difference at a quarter of the resolution: anti-aliasing of hairlines evens out, a
    misplaced tile (millimetres off) does not."""
    size = (first.width // 4, first.height // 4)
    small = [picture.resize(size, Image.BOX) for picture in (first, second)]
    return ImageStat.Stat(ImageChops.difference(*small).convert("L")).mean[0]


@pytest.mark.parametrize("name", ("mar-y-acero", "punic-island", "maquiavelli", "lepanto"))
def test_the_tiles_reassemble_into_the_map_with_the_overlap_they_print(seed_maps, name):
    folder = seed_maps[name]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    tiles = [p for p in manifest["placements"] if p.get("output") == "map-tiles.pdf"]
    whole, pages = _rasters(folder, manifest["placements"])
    px = PX_PER_MM

    def assemble(shift: float) -> Image.Image:
        canvas = Image.new("RGB", whole.size, "white")
        for tile in tiles:
            page, page_height = pages[tile["page"]]
            top = page_height - tile["y_mm"] - tile["h_mm"]          # y_mm is PDF's, from the page's foot
            crop = page.crop((round(tile["x_mm"] * px), round(top * px),
                              round((tile["x_mm"] + tile["w_mm"]) * px), round((top + tile["h_mm"]) * px)))
            canvas.paste(crop, (round((tile["map_x_mm"] + tile["column_shift"] * shift) * px),
                                round(tile["map_y_mm"] * px)))
        return canvas

    columns = sorted({t["map_x_mm"] for t in tiles})
    for tile in tiles:
        tile["column_shift"] = columns.index(tile["map_x_mm"])
    difference = _difference(assemble(0.0), whole)
    assert difference < 2.5, name       # the same map, give or take anti-aliasing and the alignment marks
    if len(columns) > 1:                # laid out 6 mm off per column, it is not
        assert _difference(assemble(6.0), whole) > difference * 2, name
    printed = re.search(r"\((\d+(?:[.,]\d+)?) mm", pypdfium2.PdfDocument(str(folder / "map-tiles.pdf"))[0]
                        .get_textpage().get_text_range())
    assert printed, name
    overlap = float(printed.group(1).replace(",", "."))
    for a in tiles:
        for b in tiles:
            if b["map_y_mm"] == a["map_y_mm"] and columns.index(b["map_x_mm"]) == columns.index(a["map_x_mm"]) + 1:
                assert abs(a["map_x_mm"] + a["w_mm"] - b["map_x_mm"] - overlap) < 0.01
            if b["map_x_mm"] == a["map_x_mm"] and b["map_y_mm"] > a["map_y_mm"] and \
                    not any(a["map_y_mm"] < c["map_y_mm"] < b["map_y_mm"] for c in tiles):
                assert abs(a["map_y_mm"] + a["h_mm"] - b["map_y_mm"] - overlap) < 0.01


ISLAND = {"type": "Feature", "properties": {"licence": "test"},
          "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [2, 0], [2, 1], [0, 1], [0, 0]]]}}


def _geographic(write_game, locations: list[str]):
    """A game on a 2° × 1° island (land from a GeoJSON in its folder); locations one per line from line 6."""
    folder = write_game({"map.yaml": "map:\n  kind: zones\n  width: 300\n"
                                     "  geography: {land: geo/land.json, projection: equirectangular, "
                                     "bounds: [-0.5, -0.5, 2.5, 1.5]}\n  locations:\n"
                                     + "".join(f"    - {line}\n" for line in locations)})
    (folder / "geo").mkdir()
    (folder / "geo" / "land.json").write_text(json.dumps(ISLAND), encoding="utf-8")
    return folder


def test_geography_divides_the_land_and_the_checker_compares_it_with_the_declarations(write_game):
    folder = _geographic(write_game, [
        "{id: west, type: zone, name: Oeste, anchor: [0.5, 0.3], adjacent: [east]}",
        "{id: middle, type: zone, name: Centro, anchor: [0.5, 1.1]}",
        "{id: east, type: zone, name: Este, anchor: [0.5, 1.95], adjacent: [west], attributes: {port: true}}",
        "{id: sea, type: sea, name: Mar, anchor: [1.3, 1.0]}"])
    found = {(d.code, d.span.line) for d in check(folder).diagnostics if d.code.startswith("MAP")}
    assert ("MAP007", 6) in found                    # west and east do not touch: middle lies between
    assert ("MAP008", 7) in found                    # middle touches both, undeclared
    assert not any(code == "MAP010" for code, _ in found)    # east is on the coast
    text = (Path(folder) / "map.yaml").read_text(encoding="utf-8")
    text = text.replace("adjacent: [east]}", 'adjacent: [east], outline_exceptions: {east: "a ford", middle: "a cliff"}}')
    (Path(folder) / "map.yaml").write_text(text, encoding="utf-8")
    found = {d.code for d in check(folder).diagnostics if d.code.startswith("MAP")}
    assert "MAP007" not in found and "MAP008" in found      # middle–east still touch, undeclared


def test_an_inland_port_and_a_sea_route_from_inland_are_reported_at_the_declaration(write_game):
    folder = _geographic(write_game, [
        '{id: inland, type: zone, name: Dentro, anchor: [0.5, 1.0], attributes: {port: true}, reach_km: 40, '
        'routes: [{to: sea, kind: sea}], adjacent_unknown: "prueba"}',
        "{id: sea, type: sea, name: Mar, anchor: [1.3, 1.0]}"])
    found = {(d.code, d.span.line) for d in check(folder).diagnostics if d.code.startswith("MAP")}
    assert ("MAP010", 6) in found and ("MAP009", 6) in found


def test_outlines_come_from_the_artists_svg_in_millimetres(write_game, tmp_path):
    folder = write_game({"map.yaml": """\
        map:
          kind: zones
          width: 200
          height: 100
          outlines: art/outlines.svg
          locations:
            - {id: north, type: zone, name: Norte, adjacent: [south]}
            - {id: south, type: zone, name: Sur, adjacent: [north]}
        """})
    (folder / "art").mkdir()
    (folder / "art" / "outlines.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="200mm" height="100mm" viewBox="0 0 2000 1000">'
        '<g transform="translate(100,100)"><path id="north" d="M0 0 H800 V400 H0 Z"/></g>'
        '<rect id="south" x="100" y="500" width="800" height="400"/><circle id="other" cx="5" cy="5" r="3"/>'
        '</svg>', encoding="utf-8")
    assert not [d for d in check(folder).diagnostics if d.code.startswith("MAP")]
    target = build(folder, BuildRequest(only=("map",), out=tmp_path / "out")).folders[0]
    regions = _regions(target / "map.svg")
    assert regions["zone-north"][0].equals_exact(shapely.box(10, 10, 90, 50).normalize(), 0.01) or \
        abs(regions["zone-north"][0].area - 3200) < 1
    assert regions["zone-north"][0].contains(Point(50, 30)) and regions["zone-south"][0].contains(Point(50, 70))


@pytest.mark.parametrize("source", ["outlines: ../outside.svg", "geography: {land: /etc/passwd, bounds: [0, 0, 1, 1]}",
                                    "outlines: art/broken.svg"])
def test_an_outline_source_outside_the_game_or_unreadable_is_a_finding_not_a_traceback(write_game, source):
    folder = write_game({"map.yaml": f"""\
        map:
          kind: zones
          width: 200
          height: 100
          {source}
          locations:
            - {{id: north, type: zone, name: Norte, anchor: [0.5, 0.5], adjacent_unknown: prueba}}
        """})
    (Path(folder) / "art").mkdir()
    (Path(folder) / "art" / "broken.svg").write_text("<svg><path id='north' d='M 0 0 L", encoding="utf-8")
    (Path(folder).parent / "outside.svg").write_text("<svg/>", encoding="utf-8")
    codes = {d.code for d in check(folder).diagnostics}
    assert codes & {"MAP011", "SCH011"}


def test_lepantos_coast_is_real_land_under_the_unmoved_grid_and_holds_exactly_the_shore_hexes(seed_maps):
    from generator.derived.hex_grid import MAP_MARGIN, hex_centres

    root = ET.parse(seed_maps["lepanto"] / "map.svg").getroot()
    land = next(_path_area(g.find(f"{SVG}path").get("d")) for g in root.iter(f"{SVG}g") if g.get("id") == "land")
    assert land.area > 5000 and land.centroid.y < 60          # the coast of Cape Scrofa, along the north edge
    game = load_game(ROOT / "content" / "lepanto").game
    centres = hex_centres(game.map.grid, MAP_MARGIN)
    shore = {h.id for h in game.map.hexes if h.terrain == "shore"}
    hexes = {g.get("id")[4:]: g.find(f"{SVG}polygon") for g in root.iter(f"{SVG}g")
             if g.get("id", "").startswith("hex-")}
    assert set(hexes) == set(centres)
    for hex_id, polygon in hexes.items():
        outline = shapely.Polygon([tuple(map(float, p.split(","))) for p in polygon.get("points").split()])
        assert outline.centroid.distance(Point(centres[hex_id])) < 0.01, hex_id
        assert (outline.intersection(land).area >= 0.5) == (hex_id in shore), hex_id
        if hex_id in shore and hex_id != "2804":             # the land shows through; 2804 holds a galliot
            assert polygon.get("fill") == "none", hex_id
    assert len(shore) > 70 and "2804" in shore


def test_a_hex_map_over_real_land_reports_every_hex_whose_terrain_disagrees_with_it(write_game):
    def hexes(coast: list[str]) -> str:
        return "".join(f'    - {{id: "{hex_id}", terrain: coast}}\n' for hex_id in coast) or "    []\n"

    def write(coast: list[str]):
        folder = write_game({"map.yaml": "map:\n  kind: hexes\n"
                                         "  geography: {land: geo/land.json, projection: equirectangular, "
                                         "bounds: [-0.5, -0.5, 2.5, 1.5], land_terrain: coast}\n"
                                         "  grid: {orientation: pointy, size: 16, columns: 8, rows: 6}\n"
                                         "  hexes:\n" + hexes(coast)})
        (Path(folder) / "geo").mkdir(exist_ok=True)
        (Path(folder) / "geo" / "land.json").write_text(json.dumps(ISLAND), encoding="utf-8")
        return [d for d in check(folder).diagnostics if d.code == "MAP013"]

    found = write([])
    on_land = sorted(re.match(r"hex (\d+) holds", d.message).group(1) for d in found)
    assert 6 <= len(on_land) < 48 and all(d.span.line == 3 for d in found)     # at `land_terrain`
    assert write(on_land) == []
    found = write(["0101"] + on_land)                  # the north-west corner is open sea
    assert [(d.span.line, "0101" in d.message and "no land" in d.message) for d in found] == [(6, True)]


def test_provinces_at_the_edge_of_the_play_stop_past_their_city_instead_of_running_to_the_frame(seed_maps):
    svg = seed_maps["maquiavelli"] / "map.svg"
    areas = {key: area.area for key, (area, _) in _regions(svg).items() if key.startswith("province-")}
    typical = sorted(areas.values())[len(areas) // 2]
    # Switzerland was 21 times; Hungary, at the edge, is 8 (Aquila and Otranto, one piece each now, take their
    # neighbours' land and lower the median)
    assert max(areas.values()) < 9 * typical, max(areas, key=areas.get)
    assert "tierra fuera del juego" in svg.read_text(encoding="utf-8")        # the land beyond, in the legend


def test_a_region_in_two_pieces_is_named_in_each(seed_maps):
    area, texts = _regions(seed_maps["maquiavelli"] / "map.svg")["province-aquila"]
    assert area.geom_type == "Polygon"                 # L'Aquila and the land it covers: one piece, one name
    assert [text[3] for text in texts].count("Aquila") == 1
    area, texts = _regions(seed_maps["maquiavelli"] / "map.svg")["province-palermo"]
    big = [piece for piece in area.geoms if piece.area >= 0.2 * max(p.area for p in area.geoms)]
    names = [_text_box(*text) for text in texts if text[3] == "Palermo"]
    assert len(names) == len(big) and all(any(piece.buffer(0.05).contains(name) for name in names) for piece in big)


@settings(max_examples=25, deadline=None)
@given(points=st.lists(st.tuples(st.floats(0, 300), st.floats(0, 300)), min_size=2, max_size=30),
       on=st.floats(0.2, 6), off=st.floats(0.2, 6))
def test_a_reconstructed_border_s_dashes_are_the_pieces_shapely_cuts_along_it(points, on, off):
    """A border drawn in dashes (the editor's reconstruction): each dash is exactly what shapely.ops.substring
    cuts from the line, point for point, so the map prints the same line however the dashes are found."""
    from shapely.geometry import LineString
    from shapely.ops import substring

    from generator.render.maps.regions import _dashed

    line = LineString(points)
    expected, start = [], 0.0
    while start < line.length:
        piece = substring(line, start, min(start + on, line.length))
        if piece.geom_type == "LineString" and piece.length > 0:
            expected.append(tuple((round(x, 3), round(y, 3)) for x, y in piece.coords))
        start += on + off
    assert [dash.points for dash in _dashed(line, BLACK, 0.45, on, off)] == expected
