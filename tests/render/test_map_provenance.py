"""Maps that print what the data states: every border and crossing drawn is a stated adjacency or carries the
reconstruction seal, every region is one piece on each land it reaches, no two overlap; the seed games' boxes,
values and fills the rules need; no text under 5 pt; the version stamp clear of every title. Read back from the
built map.svg (shapely) and map PDFs (pdftotext's word boxes), as a player or a publisher would check them."""

from __future__ import annotations

import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import shapely

from generator.derived.adjacency import neighbours
from generator.derived.unknowns import reconstructions
from generator.load import load_game
from generator.pipeline import BuildRequest, build, check
from tests.render.test_map_outlines import _path_area

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("mar-y-acero", "punic-island", "maquiavelli", "lepanto")
OUTLINED = ("mar-y-acero", "punic-island", "maquiavelli")
REGION_KINDS = ("area", "zone", "province", "sea")
PT_MM = 25.4 / 72


@pytest.fixture(scope="module")
def maps(seed_builds):
    """game → (its source-language folder in the session's seed builds, its model)."""
    built = {}
    for name in GAMES:
        game = load_game(ROOT / "content" / name).game
        built[name] = (seed_builds / name / game.manifest.source_language, game)
        assert (built[name][0] / "map.svg").is_file() and (built[name][0] / "map.pdf").is_file()
    return built


def _groups(svg: Path) -> dict[str, ET.Element]:
    return {group.get("id"): group for group in ET.parse(svg).getroot().iter(f"{SVG}g") if group.get("id")}


def _regions(groups) -> dict[str, object]:
    found = {}
    for key, group in groups.items():
        kind, _, location = key.partition("-")
        if kind in REGION_KINDS and group.get("class") == kind:
            found[location] = _path_area(next(p for p in group if p.tag == f"{SVG}path").get("d"))
    return found


def _seals(group) -> int:
    return sum(1 for element in group.iter(f"{SVG}g") if element.get("class") == "reconstructed-mark")


def _pair(key: str, prefix: str) -> tuple[str, str]:
    first, second = key[len(prefix):].split("--")
    return first, second


@pytest.mark.parametrize("name", OUTLINED)
def test_every_drawn_relation_is_stated_or_carries_the_reconstruction_seal(maps, name):
    folder, game = maps[name]
    groups = _groups(folder / "map.svg")
    regions = _regions(groups)
    stated = neighbours(game)
    inside = {tuple(sorted((loc.id, loc.in_))) for loc in game.locations if loc.in_}
    borders_rebuilt = any(entry.fact == "borders" for entry in reconstructions(game))
    touching = set()
    ids = sorted(regions)
    for index, first in enumerate(ids):
        for second in ids[index + 1:]:
            if regions[first].boundary.intersection(regions[second].buffer(0.05)).length >= 1.5:
                touching.add((first, second))
    drawn_borders = {_pair(key, "border-"): group.get("class").split()[1] for key, group in groups.items()
                     if key.startswith("border-")}
    assert touching <= set(drawn_borders)              # every shared edge is drawn as one of the border kinds
    unmarked = []
    for (first, second), kind in drawn_borders.items():
        group = groups[f"border-{first}--{second}"]
        if kind == "stated":
            assert second in stated[first], (first, second)
        elif kind == "reconstructed":
            assert borders_rebuilt and _seals(group) == 1, (first, second)
        elif kind == "inside":
            assert (first, second) in inside
        elif kind == "apart":             # a boundary the rules say is no adjacency: drawn as a hairline, keyed
            assert second not in stated[first]
        else:
            unmarked.append((first, second, kind))
    assert unmarked == []
    crossings = [_pair(key, "link-") for key in groups if key.startswith("link-")]
    assert all(second in stated[first] for first, second in crossings)
    legend = " ".join(text.text or "" for text in groups["legend"].iter(f"{SVG}text"))
    words = {"stated": "según las reglas", "reconstructed": "trazada por el editor", "apart": "solo límite"}
    for kind in set(drawn_borders.values()) - {"inside"}:
        assert words[kind] in legend, kind


@pytest.mark.parametrize("name", OUTLINED)
def test_regions_are_one_piece_on_each_land_and_never_overlap(maps, name):
    folder, game = maps[name]
    groups = _groups(folder / "map.svg")
    regions = _regions(groups)
    land = _path_area(next(p for p in groups["land"] if p.tag == f"{SVG}path").get("d"))
    sea = shapely.box(*land.envelope.bounds).difference(land) if False else None
    pieces = list(getattr(land, "geoms", [land]))
    types = {loc.id: loc.type for loc in game.locations}
    for key, region in regions.items():
        if types[key] == "sea":
            continue
        on = {}
        for part in getattr(region, "geoms", [region]):
            if part.area > 0.05:
                index = max(range(len(pieces)), key=lambda i: pieces[i].intersection(part).area)
                on[index] = on.get(index, 0) + 1
        assert max(on.values()) == 1, (key, on)
    ids = sorted(regions)
    for index, first in enumerate(ids):
        for second in ids[index + 1:]:
            assert regions[first].intersection(regions[second]).area < 0.5, (first, second)
    assert sea is None


def test_maquiavelli_tells_the_48_stated_adjacencies_from_the_editors_borders(maps):
    folder, game = maps["maquiavelli"]
    groups = _groups(folder / "map.svg")
    kinds = [group.get("class") for key, group in groups.items() if key.startswith("border-")]
    assert kinds.count("border reconstructed") > 100 and kinds.count("border stated") > 20
    for key, group in groups.items():
        if key.startswith("border-") and group.get("class") == "border stated":
            widths = {float(line.get("stroke-width")) for line in group.iter(f"{SVG}polyline")}
            assert widths == {0.7}
    for strait, _ in (("link-gulf-of-naples--ionian-sea", (38.22, 15.63)), ("link-pisa--tyrrhenian-east", None)):
        assert strait in groups
    regions = _regions(groups)
    line = _line(groups["link-gulf-of-naples--ionian-sea"])
    land = shapely.union_all([region for key, region in regions.items()
                              if game.get("location", key).type != "sea"])
    assert line.intersection(land).length < 3.0          # through the Strait of Messina, not over Calabria
    piombino = _line(groups["link-pisa--tyrrhenian-east"]).intersection(regions["piombino"]).length
    assert piombino < 1.0
    for province in ("aquila", "otranto"):
        texts = [t.text for t in groups[f"province-{province}"].iter(f"{SVG}text")]
        assert texts.count(game.get("location", province).name) == 1


def _line(group):
    points = []
    for polyline in group.iter(f"{SVG}polyline"):
        points.extend(tuple(map(float, pair.split(","))) for pair in polyline.get("points").split())
    return shapely.LineString(points)


def _lab(hex_colour: str) -> tuple[float, float, float]:
    rgb = [int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    x = (0.4124 * linear[0] + 0.3576 * linear[1] + 0.1805 * linear[2]) / 0.95047
    y = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    z = (0.0193 * linear[0] + 0.1192 * linear[1] + 0.9505 * linear[2]) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def _delta_e(first: str, second: str) -> float:
    return sum((a - b) ** 2 for a, b in zip(_lab(first), _lab(second))) ** 0.5


def _legend_swatches(group) -> dict[str, str]:
    """Legend label → the fill of the swatch on its row."""
    swatches = [(float(r.get("y")), r.get("fill")) for r in group if r.tag == f"{SVG}rect" and r.get("width") == "10.000"]
    found = {}
    for text in group.iter(f"{SVG}text"):
        y = float(text.get("y"))
        row = [fill for top, fill in swatches if top <= y <= top + 5]
        if row:
            found[text.text] = row[0]
    return found


def test_punic_island_is_playable_zones_values_and_sicily_apart_from_land_out_of_play(maps):
    folder, game = maps["punic-island"]
    groups = _groups(folder / "map.svg")
    regions = _regions(groups)
    counter = 0.5 * 25.4
    for location in game.locations:
        if location.type in ("area", "zone"):
            region = regions[location.id]
            assert region.buffer(-counter / 2).area > 0, location.id        # a counter can be placed in it
    for location in game.locations:
        if location.type == "city":
            marks = sum(1 for e in groups[f"city-{location.id}"].iter(f"{SVG}g") if e.get("class") == "unknown-mark")
            assert marks == 2, location.id                                   # VP and siege, each a mark
    sicily = next(p for p in groups["area-sicily"] if p.tag == f"{SVG}path").get("fill")
    out_of_play = _legend_swatches(groups["legend"])["tierra fuera del juego"]
    assert _delta_e(sicily, out_of_play) >= 10


def test_mar_y_acero_has_the_boxes_the_rules_use_dark_green_jungle_and_a_key_for_every_fill(maps):
    folder, game = maps["mar-y-acero"]
    groups = _groups(folder / "map.svg")
    assert {"box-grace-unused", "box-grace-used"} <= set(groups)
    assert {key for key in groups if key.startswith("vp-box-")} == {f"vp-box-area-{n}" for n in (1, 2, 7, 8, 9)}
    legend = _legend_swatches(groups["legend"])
    fills = set(legend.values())
    for location in game.locations:
        if location.type != "area":
            continue
        fill = next(p for p in groups[f"area-{location.id}"] if p.tag == f"{SVG}path").get("fill")
        if location.terrain == "jungle":
            assert _lab(fill)[0] < 50 and fill == legend["jungla"]           # dark green, as the rules say
        else:
            assert fill in fills, location.id
    assert any("a rayas" in label for label in legend)                       # the two-colour areas' key
    seals = [key for key, group in groups.items() if key.startswith("area-") and _seals(group) == 2]
    assert len(seals) == 15                                                  # shapes and colours: the editor's


def test_lepanto_start_hexes_show_each_ships_silhouette_and_the_reconstruction_seal(maps):
    folder, game = maps["lepanto"]
    svg = (folder / "map.svg").read_text(encoding="utf-8")
    groups = _groups(folder / "map.svg")
    starts = [hex_ for hex_ in game.map.hexes if hex_.start]
    assert starts and all(hex_.piece_kind for hex_ in starts)
    for hex_ in starts:
        assert _seals(groups[f"hex-{hex_.id}"]) == 1
    assert "reconstructed-grid" in svg
    legend = " ".join(text.text or "" for text in groups["legend"].iter(f"{SVG}text"))
    for kind in ("Galera", "Galeaza", "Galeota"):
        assert kind in legend


@pytest.mark.parametrize("name", GAMES)
def test_no_text_on_a_map_under_5_points_and_the_proof_sheet_lists_the_seals(maps, name):
    folder, game = maps[name]
    root = ET.parse(folder / "map.svg").getroot()
    sizes = [float(text.get("font-size")) / PT_MM for text in root.iter(f"{SVG}text")]
    assert min(sizes) >= 5 - 1e-3
    seals = {int(text.text) for group in root.iter(f"{SVG}g") if group.get("class") == "reconstructed-mark"
             for text in group.iter(f"{SVG}text")}
    assert seals == {entry.number for entry in reconstructions(game)}
    sheet = subprocess.run(["pdftotext", "-layout", str(folder / "map.pdf"), "-"], capture_output=True, text=True).stdout
    assert "Reconstruido por el editor" in sheet
    for entry in reconstructions(game):
        assert f"· {entry.fact}" in sheet


def _words(pdf: Path) -> list[tuple[int, float, float, float, float, str]]:
    html = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True, text=True).stdout
    found, page = [], 0
    for line in html.splitlines():
        if "<page " in line:
            page += 1
        match = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<', line)
        if match:
            found.append((page, *map(float, match.groups()[:4]), match.group(5)))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_the_version_stamp_overlaps_no_title_on_any_map_pdf(maps, name):
    folder, game = maps[name]
    title = set(game.manifest.title.split())
    for pdf in ("map.pdf", "map-tiles.pdf"):
        words = _words(folder / pdf)
        stamps = [w for w in words if re.fullmatch(r"[0-9a-f]{7,}", w[5])]
        titles = [w for w in words if w[5] in title]
        for page, x0, y0, x1, y1, _ in stamps:
            for other in titles:
                if other[0] == page and not (abs(other[2] - y0) < 0.5 and abs(other[4] - y1) < 0.5):
                    assert not shapely.box(x0, y0, x1, y1).intersects(shapely.box(*other[1:5])), (pdf, other)


def test_a_game_of_places_without_geography_gets_a_schematic_not_a_row_and_no_link_it_does_not_state(write_game):
    places = "\n".join(f"    - {{id: place-{n}, type: area, name: Lugar {n}, adjacent_unknown: no se sabe}}"
                       for n in range(1, 7))
    folder = write_game({"map.yaml": f"map:\n  kind: areas\n  locations:\n{places}\n"})
    out = folder.parent / "out"
    result = build(folder, BuildRequest(only=("map",), out=out))
    svg = result.folders[0] / "map.svg"
    groups = _groups(svg)
    centres = []
    for n in range(1, 7):
        rect = next(r for r in groups[f"area-place-{n}"] if r.tag == f"{SVG}rect")
        centres.append((float(rect.get("x")), float(rect.get("y"))))
    assert len({round(y) for _, y in centres}) >= 2                  # rows over the sheet, not one row at its foot
    assert not any(key.startswith("link-") for key in groups)
    legend = " ".join(text.text or "" for text in groups["legend"].iter(f"{SVG}text")) if "legend" in groups else ""
    assert "adyacente" not in legend.lower() and "adjacent" not in legend.lower()
    assert "esquema" in svg.read_text(encoding="utf-8") or "schematic" in svg.read_text(encoding="utf-8")


def test_a_reconstructed_key_naming_no_fact_is_an_error_at_its_line(write_game):
    folder = write_game({"map.yaml": "map:\n  kind: areas\n  reconstructed:\n    colours: {why: el editor}\n"
                                     "  locations:\n    - {id: a, name: A, adjacent: [b]}\n"
                                     "    - {id: b, name: B, adjacent: [a]}\n"})
    found = [d for d in check(folder).diagnostics if d.code == "MAP014"]
    assert len(found) == 1 and found[0].span.line == 4 and "colours" in found[0].message
