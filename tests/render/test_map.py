"""A publisher prints the map: every place is there with its id, neighbours are linked, tiles cover it all."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import resvg_py
from PIL import Image
from pypdf import PdfReader

from generator.derived.adjacency import neighbours
from generator.derived.inventory import inventory
from generator.derived.outlines import outlines
from generator.load import load_game
from generator.pipeline import BuildRequest, build

from .pdf_reading import drawn

ROOT = Path(__file__).resolve().parents[2]
SVG = "{http://www.w3.org/2000/svg}"
AREA_KINDS = ("area", "zone", "province", "sea")


def groups(svg_path: Path) -> dict[str, ET.Element]:
    root = ET.parse(svg_path).getroot()
    return {element.get("id"): element for element in root.iter(f"{SVG}g") if element.get("id")}


def render_independently(svg_path: Path) -> Image.Image:
    """resvg, not our code, draws the SVG: what a browser or a VASSAL module would show."""
    png = resvg_py.svg_to_bytes(svg_path=str(svg_path), font_dirs=[str(ROOT / "templates" / "fonts")],
                                skip_system_fonts=True, dpi=40)
    return Image.open(io.BytesIO(bytes(png)))


@pytest.fixture(scope="module")
def seed_maps(seed_builds):
    """game id → (its model, its source-language folder in the session's seed builds), for games with a map."""
    built = {}
    for folder in sorted((ROOT / "content").iterdir()):
        game = load_game(folder).game
        if game is None or game.map is None:
            continue
        target = seed_builds / folder.name / game.manifest.source_language
        if not target.is_dir():      # content with errors is test_seed_games' finding, not this test's
            continue
        built[game.id] = (game, target)
    assert "mar-y-acero" in built
    return built


def test_every_location_and_hex_is_one_element_with_the_id_rule(seed_maps):
    for game, folder in seed_maps.values():
        ids = groups(folder / "map.svg")
        counted = inventory(game)["map"]
        areas = [i for i in ids if i.split("-", 1)[0] in AREA_KINDS]
        assert len(areas) == counted["areas"], game.id
        assert len([i for i in ids if i.startswith("hex-")]) == counted["hexes"], game.id
        for location in game.locations:
            kind = "box" if location.type == "box" else location.type
            assert f"{kind}-{location.id}" in ids, (game.id, location.id)
        for track in game.tracks:
            assert f"track-{track.id}" in ids
            assert f"track-{track.id}-{track.max}" in ids


def test_the_drawn_links_are_the_adjacency_of_the_content(seed_maps):
    """Every declared pair is shown: by a shared border where the map has outlines, else by a line."""
    for game, folder in seed_maps.values():
        if game.map.grid is not None:
            continue
        drawn_links = {tuple(i[len("link-"):].split("--")) if "--" in i else None
                       for i in groups(folder / "map.svg") if i.startswith("link-")}
        expected = {tuple(sorted((a, b))) for a, others in neighbours(game).items() for b in others}
        found = {tuple(sorted(link)) for link in drawn_links if link}
        bordering = outlines(game).touching()
        assert found == expected - bordering, game.id
        assert not found & bordering, game.id


def test_the_svg_renders_in_an_independent_renderer(seed_maps):
    for game, folder in seed_maps.values():
        picture = render_independently(folder / "map.svg").convert("L")
        histogram = picture.histogram()
        dark = sum(histogram[:120])
        assert dark > picture.width * picture.height * 0.002, game.id   # lines and words, not a blank sheet
        assert len([v for v in range(256) if histogram[v]]) > 20          # colours, not a flat page


def test_the_tiles_cover_the_whole_map_with_overlap(seed_maps):
    for _, folder in seed_maps.values():
        manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
        tiles = [p for p in manifest["placements"] if p.get("output") == "map-tiles.pdf"]
        svg = ET.parse(folder / "map.svg").getroot()
        width, height = (float(v) for v in svg.get("viewBox").split()[2:])
        assert tiles
        step = 2.0
        y = 0.0
        while y <= height:
            x = 0.0
            while x <= width:
                assert any(t["map_x_mm"] - 1e-6 <= x <= t["map_x_mm"] + t["w_mm"] + 1e-6 and
                           t["map_y_mm"] - 1e-6 <= y <= t["map_y_mm"] + t["h_mm"] + 1e-6 for t in tiles), (x, y)
                x += step
            y += step
        for a in tiles:
            for b in tiles:
                if b["map_y_mm"] == a["map_y_mm"] and b["map_x_mm"] > a["map_x_mm"] and \
                        not any(a["map_x_mm"] < c["map_x_mm"] < b["map_x_mm"] for c in tiles):
                    assert a["map_x_mm"] + a["w_mm"] - b["map_x_mm"] >= 10
        reader = PdfReader(folder / "map-tiles.pdf")
        proof = max((f["pages"] for f in manifest["files"] if f["path"] == "map-tiles.pdf"), default=0) \
            - len(tiles) - 1                                     # a proof ends with its proof sheet
        assert len(reader.pages) == len(tiles) + 1 + proof      # the assembly diagram first
        sheet = reader.pages[-proof].extract_text() if proof else ""        # its marks' table, or its seals'
        assert proof == 0 or any(title in sheet for title in ("facts to be supplied", "datos por completar",
                                                               "Reconstructed by the editor", "Reconstruido por el editor"))
        for tile in tiles:                                       # the drawing itself is shifted as the record says
            placed = [(x, y) for name, x, y in drawn(reader, tile["page"] - 1).forms if name != "inline"]
            assert placed and abs(placed[0][0] - (tile["x_mm"] - tile["map_x_mm"])) < 0.01


def _first_rect(group: ET.Element) -> tuple[float, float]:
    rect = next(group.iter(f"{SVG}rect"))
    return float(rect.get("width")), float(rect.get("height"))


def test_track_spaces_and_boxes_hold_the_counter_or_card_the_set_up_puts_there(seed_maps):
    """A player puts the victory-point marker on its track and the deck on its space: each space the map draws
    is at least as large as the counter or card the set-up (or a box's `holds`) puts there, and a track nothing
    is placed on holds the game's markers. Last round Mar y Acero's 12 mm spaces took 19 mm markers, and Punic
    Island's deck spaces were smaller than a card."""
    checked = {"track": 0, "box": 0}
    for game, folder in seed_maps.values():
        ids = groups(folder / "map.svg")
        markers = [kind.extent for kind in game.piece_kinds if kind.symbol == "marker"] or \
            [kind.extent for kind in game.piece_kinds]
        held: dict[str, list[tuple[float, float]]] = {}
        for step in game.setup:
            for placement in step.place:
                field, id_ = placement.thing
                thing = (game.get("deck", id_).extent if field == "deck" else
                         game.get("piece_kind", game.get("piece", id_).kind).extent if field == "piece" else None)
                if thing is not None and isinstance(placement.at, str):
                    held.setdefault(placement.at.split(":")[0], []).append(thing)
        for location in game.locations:
            if location.holds:
                kind = game.get("piece_kind", location.holds)
                held.setdefault(location.id, []).append(kind.extent if kind else game.get("deck", location.holds).extent)
        for track in game.tracks:
            needed = max(max(extent) for extent in held.get(track.id, markers))
            for value in range(track.min, track.max + 1):
                assert min(_first_rect(ids[f"track-{track.id}-{value}"])) >= needed, (game.id, track.id, value)
                checked["track"] += 1
        for location in game.locations:
            if f"box-{location.id}" in ids and location.id in held:
                width, height = _first_rect(ids[f"box-{location.id}"])
                for extent in held[location.id]:
                    assert width >= extent[0] and height >= extent[1], (game.id, location.id, extent)
                    checked["box"] += 1
    assert checked["track"] >= 40 and checked["box"] >= 6, checked


def test_a_table_printed_on_the_map_follows_the_tables_data(write_game, tmp_path):
    files = {
        "map.yaml": """\
            map:
              kind: zones
              width: 200
              height: 120
              tables: [siege]
              locations:
                - {id: north, type: zone, name: Norte, adjacent: [south], shape: {rect: [10, 10, 80, 40]}}
                - {id: south, type: zone, name: Sur, adjacent: [north], shape: {rect: [10, 60, 80, 40]}}
            """,
        "tables.yaml": """\
            tables:
              - id: siege
                title: Asedio
                dice: 1d6
                rows:
                  - {roll: 1-3, result: Resiste}
                  - {roll: 4-6, result: Cae la ciudad}
            """,
    }
    write_game(files)
    first = build(Path("demo"), BuildRequest(only=("map",), out=tmp_path / "a")).folders[0]
    files["tables.yaml"] = files["tables.yaml"].replace("Cae la ciudad", "Se rinde")
    write_game(files)
    second = build(Path("demo"), BuildRequest(only=("map",), out=tmp_path / "b")).folders[0]

    def table_words(folder):
        table = groups(folder / "map.svg")["table-siege"]
        return [t.text for t in table.iter(f"{SVG}text")]

    assert "Cae la ciudad" in table_words(first) and "Se rinde" not in table_words(first)
    assert "Se rinde" in table_words(second) and "Cae la ciudad" not in table_words(second)
    assert "4–6" in table_words(second)        # a range prints with an en dash


ART_MAP = {"map.yaml": """\
    map:
      kind: zones
      width: 120
      height: 80
      art: art/board.png
      locations:
        - {id: north, type: zone, name: Norte, adjacent: [south], shape: {rect: [10, 10, 40, 20]}}
        - {id: south, type: zone, name: Sur, adjacent: [north], shape: {rect: [10, 50, 40, 20]}}
    """}


def test_an_artwork_underlay_lies_under_the_drawn_areas(write_game, tmp_path):
    folder = write_game(ART_MAP)
    (folder / "art").mkdir()
    Image.new("RGB", (240, 160), (30, 120, 60)).save(folder / "art" / "board.png")
    target = build(Path("demo"), BuildRequest(only=("map",), out=tmp_path / "out")).folders[0]
    root = ET.parse(target / "map.svg").getroot()
    images = list(root.iter(f"{SVG}image"))
    assert len(images) == 1
    assert list(root).index(images[0]) < list(root).index(next(e for e in root if e.get("id") == "zone-north"))
    page = PdfReader(target / "map.pdf").pages[0]
    assert any(x.get_object().get("/Subtype") == "/Image" for x in page["/Resources"]["/XObject"].values())


@pytest.mark.parametrize("picture", ["corrupt", "pixel bomb"])
def test_an_unusable_artwork_is_reported_at_its_line_and_no_map_with_a_hole_is_written(write_game, tmp_path, picture):
    folder = write_game(ART_MAP)
    (folder / "art").mkdir()
    if picture == "corrupt":
        (folder / "art" / "board.png").write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    else:   # 64 million pixels in a file of a few kilobytes
        Image.new("1", (8000, 8000)).save(folder / "art" / "board.png")
        assert (folder / "art" / "board.png").stat().st_size < 100_000
    result = build(Path("demo"), BuildRequest(only=("map",), out=tmp_path / "out"))
    problems = [d for d in result.diagnostics if d.code == "LAY004"]
    assert problems and problems[0].span.file.name == "map.yaml" and problems[0].span.line == 5
    assert not (tmp_path / "out" / "demo" / "es" / "map.svg").exists()


def test_a_schematic_map_is_laid_out_the_same_whatever_the_hash_seed():
    # Sets of place ids iterate in an order that changes with PYTHONHASHSEED; the layout must not follow it.
    script = ("from generator.render.maps.geometry import tidy_schematic\n"
              "ids = [f'place-{n}' for n in range(14)]\n"
              "edges = {(ids[n], ids[(n * 5 + 3) % 14]) for n in range(14)} | {(ids[0], ids[7])}\n"
              "print(sorted(tidy_schematic(ids, edges, 400.0, 300.0, 10.0, (30.0, 12.0)).items()))\n")
    layouts = {subprocess.run([sys.executable, "-c", script], env=dict(os.environ, PYTHONHASHSEED=str(seed)),
                              check=True, capture_output=True, text=True).stdout for seed in (1, 2, 3, 4)}
    assert len(layouts) == 1
