"""The VASSAL module and the Tabletop Simulator save, read back as VASSAL and TTS would read them, against the map
they were drawn with and the inventory counted from the same data."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import numpy
import pytest
from PIL import Image

from generator.load import load_game
from generator.pipeline import BuildRequest, build
from tests.vassal_reader import hex_centre, hex_name, read_module, read_piece

ROOT = Path(__file__).resolve().parents[2]
MM_PER_PX = 25.4 / 150


def _built(seed_builds: Path, game: str) -> Path:
    """The game's Spanish edition in the session's seed builds: its module, save and map from the same inputs."""
    folder = seed_builds / game / "es"
    assert (folder / f"{game}-es.vmod").is_file() and (folder / f"{game}-es-tts.json").is_file()
    return folder


def _inventory(game: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "generator", "inventory", f"content/{game}", "--format", "json"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def lepanto(seed_builds):
    return _built(seed_builds, "lepanto")


@pytest.fixture(scope="module")
def mar_y_acero(seed_builds):
    return _built(seed_builds, "mar-y-acero")


def _svg_hex_centre(svg: str, hex_id: str) -> tuple[float, float]:
    points = re.search(rf'id="hex-{hex_id}"><polygon[^>]* points="([^"]+)"', svg).group(1).split()
    xs, ys = zip(*(map(float, point.split(",")) for point in points))
    return (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2


def test_lepanto_module_is_a_vassal_zip_whose_hex_grid_lands_on_the_printed_hexes(lepanto):
    module = read_module(lepanto / "lepanto-es.vmod")
    assert module.root.tag == "VASSAL.build.GameModule"
    assert {"buildFile.xml", "moduledata", "images/board.png"} <= module.names
    grid = module.grid()
    assert grid.get("sideways") == "true"           # pointy hexes: VASSAL's flat-topped grid turned
    svg = (lepanto / "map.svg").read_text(encoding="utf-8")
    # raw indices (column, row) of VASSAL's turned grid: its columns are the map's rows
    for hex_id, raw in (("0101", (0, 0)), ("3460", (59, 33)), ("1730", (29, 16))):
        expected = _svg_hex_centre(svg, hex_id)
        x, y = hex_centre(grid, *raw)
        assert abs(x * MM_PER_PX - expected[0]) < 0.5 and abs(y * MM_PER_PX - expected[1]) < 0.5, hex_id
        assert hex_name(grid, (x, y)) == hex_id
    board = Image.open(io.BytesIO(zipfile.ZipFile(lepanto / "lepanto-es.vmod").read("images/board.png")))
    svg_width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))
    assert abs(board.width * MM_PER_PX - svg_width) < 0.5


def test_lepanto_ships_start_on_their_hexes_with_both_sides_as_layers(lepanto):
    module = read_module(lepanto / "lepanto-es.vmod")
    ships = [piece for piece in module.placed if piece.layers]
    assert len(ships) == 227
    for ship in ships:
        (images, levels), = ship.layers
        assert len(images) == 2 and images[0] != images[1]
        assert "Alfa" in levels[0] and "Omega" in levels[1]
    stacks = [stack for stack in module.root.iter("VASSAL.build.module.map.SetupStack")
              if stack.get("useGridLocation") == "true"]
    assert len(stacks) == 227 and all(re.fullmatch(r"\d{4}", stack.get("location")) for stack in stacks)
    grid = module.grid()
    for stack in stacks[:20]:
        assert hex_name(grid, (int(stack.get("x")), int(stack.get("y")))) == stack.get("location")
    # a ship faces the hex side its start hex gives: side 1 is up-right, and the bow is drawn up, so side f
    # is 2f - 1 steps of 30° clockwise on a pointy grid
    facings = {hex_.id: hex_.facing for hex_ in load_game(ROOT / "content" / "lepanto").game.map.hexes}
    for stack in stacks:
        piece = read_piece(stack.find("VASSAL.build.widget.PieceSlot").text)
        assert piece.facing == (12, 2 * facings[stack.get("location")] - 1)
    missing = {image for image in module.named_images() if f"images/{image}" not in module.names}
    assert missing == set()


def test_mar_y_acero_module_holds_its_decks_counters_and_die(mar_y_acero):
    module = read_module(mar_y_acero / "mar-y-acero-es.vmod")
    assert sum(len(cards) for cards in module.decks.values()) == 52
    for cards in module.decks.values():
        backs = {card.mask for card in cards}
        assert len(backs) == 1 and None not in backs          # one back per deck, shown face down
    piles = list(module.root.iter("VASSAL.build.module.map.DrawPile"))
    assert all(pile.get("faceDown") == "Always" and pile.get("shuffle") == "Always" for pile in piles)
    assert len(module.placed) + sum(len(cup) for cup in module.cups.values()) == 180
    assert {name: len(cup) for name, cup in module.cups.items()} == \
        {"Soldados": 26, "Colonos": 24, "Taínos": 33, "Caribes": 33, "Rebeldes": 14, "Bolsa negra de áreas": 20}
    assert all(piece.mask for cup in module.cups.values() for piece in cup)     # drawn blind
    assert module.dice == [(1, 6)]
    missing = {image for image in module.named_images() if f"images/{image}" not in module.names}
    assert missing == set()


def test_mar_y_acero_tts_save_holds_the_same_cards_on_sheets_tts_accepts(mar_y_acero):
    save = json.loads((mar_y_acero / "mar-y-acero-es-tts.json").read_text(encoding="utf-8"))
    decks = [thing for thing in save["ObjectStates"] if thing["Name"] == "DeckCustom"]
    assert sum(len(deck["ContainedObjects"]) for deck in decks) == 52
    for deck in decks:
        assert deck["DeckIDs"] == [card["CardID"] for card in deck["ContainedObjects"]]
        for number, sheet in deck["CustomDeck"].items():
            assert sheet["NumWidth"] <= 10 and sheet["NumHeight"] <= 7
            on_sheet = sorted(card_id % 100 for card_id in deck["DeckIDs"] if card_id // 100 == int(number))
            assert on_sheet == list(range(len(on_sheet)))      # deck × 100 + index, from 0
            assert len(on_sheet) < sheet["NumWidth"] * sheet["NumHeight"]   # the last slot: the hidden face
            picture = Image.open(_local(sheet["FaceURL"]))
            assert picture.width <= 4096 and picture.height <= 4096
            assert picture.width % sheet["NumWidth"] == 0 and picture.height % sheet["NumHeight"] == 0
            assert _local(sheet["BackURL"]).is_file()
    tiles = _counters(save)
    assert len(tiles) == 180
    bags = {bag["Nickname"]: len(bag["ContainedObjects"]) for bag in save["ObjectStates"] if bag["Name"] == "Bag"}
    assert bags == {"Soldados": 26, "Colonos": 24, "Taínos": 33, "Caribes": 33, "Rebeldes": 14,
                    "Bolsa negra de áreas": 20}
    assert [thing["Name"] for thing in save["ObjectStates"] if thing["Name"].startswith("Die_")] == ["Die_6"]


def _local(url: str) -> Path:
    from urllib.parse import unquote, urlparse

    assert url.startswith("file:///"), url
    return Path(unquote(urlparse(url).path))


def _counters(save: dict) -> list[dict]:
    """Every counter of a save: the tiles on the table and in the bags, not the board."""
    tiles = [thing for thing in save["ObjectStates"] if thing["Name"] == "Custom_Tile" and thing["Nickname"]
             and thing["GUID"] != _guid("board")]
    return tiles + [tile for bag in save["ObjectStates"] if bag["Name"] == "Bag" for tile in bag["ContainedObjects"]]


def _guid(key: str) -> str:
    import hashlib

    return hashlib.sha256(key.encode()).hexdigest()[:6]


def _urls(value) -> list[str]:
    if isinstance(value, dict):
        return [url for key, item in value.items() for url in
                ([item] if key.endswith("URL") and item else _urls(item))]
    if isinstance(value, list):
        return [url for item in value for url in _urls(item)]
    return []


def test_a_save_built_here_names_its_images_by_absolute_file_urls_it_finds(mar_y_acero):
    """The local workflow: build, then open the save in Tabletop Simulator on the same machine (README)."""
    save = json.loads((mar_y_acero / "mar-y-acero-es-tts.json").read_text(encoding="utf-8"))
    urls = _urls(save["ObjectStates"])
    assert len(urls) > 300
    assert all(_local(url).is_file() for url in urls)
    assert all(_local(url).parent == (mar_y_acero / "mar-y-acero-es-tts").resolve() for url in urls)


@pytest.fixture(scope="module")
def punic_island(tmp_path_factory):
    out = tmp_path_factory.mktemp("punic-island")
    built = build(ROOT / "content" / "punic-island",
                  BuildRequest(only=("vassal", "tts"), languages=("en",), out=out, jobs=2, formats=frozenset({"svg"}),
                               overrides=(("asset_url", "https://example.org/imprenta/"),)))
    assert built.folders, [str(d) for d in built.diagnostics]
    return out / "punic-island" / "en"


def test_asset_url_names_every_image_under_the_uploaded_folder(punic_island):
    save = json.loads((punic_island / "punic-island-en-tts.json").read_text(encoding="utf-8"))
    urls = _urls(save["ObjectStates"])
    prefix = "https://example.org/imprenta/punic-island/en/punic-island-en-tts/"
    assert urls and all(url.startswith(prefix) for url in urls)
    assert all((punic_island / "punic-island-en-tts" / url[len(prefix):]).is_file() for url in urls)


@pytest.mark.parametrize("game", ["lepanto", "punic-island"])
def test_tts_places_and_turns_every_counter_where_the_vassal_module_starts_it(game, lepanto, punic_island):
    folder, language = (lepanto, "es") if game == "lepanto" else (punic_island, "en")
    save_path = folder / f"{game}-{language}-tts.json"     # built with the module, from the same inputs
    assert save_path.is_file()
    save = json.loads(save_path.read_text(encoding="utf-8"))
    module = read_module(folder / f"{game}-{language}.vmod")
    board = Image.open(io.BytesIO(zipfile.ZipFile(folder / f"{game}-{language}.vmod").read("images/board.png")))
    width, height = board.width * MM_PER_PX, board.height * MM_PER_PX
    tiles: dict[str, list] = {}
    for tile in _counters(save):
        tiles.setdefault(tile["Nickname"], []).append(tile["Transform"])
    stacks = [stack for stack in module.root.iter("VASSAL.build.module.map.SetupStack")
              if stack.get("owningBoard") == module.root.find(".//VASSAL.build.module.Map").get("mapName")]
    assert stacks
    for stack in stacks:
        slots = [read_piece(slot.text) for slot in stack.iter("VASSAL.build.widget.PieceSlot")]
        x, y = int(stack.get("x")) * MM_PER_PX, int(stack.get("y")) * MM_PER_PX
        expected = ((x - width / 2) / 25.4, (height / 2 - y) / 25.4)
        for piece in slots:
            here = [t for t in tiles[piece.name] if abs(t["posX"] - expected[0]) < 0.03
                    and abs(t["posZ"] - expected[1]) < 0.03]
            assert here, (piece.name, expected)
            turned = piece.facing[1] * 360 / piece.facing[0] if piece.facing else 0
            assert any(t["rotY"] == turned for t in here)
    if game == "punic-island":      # the two Roman garrisons start on their back: the tile lies flipped
        assert sorted(t["rotZ"] for t in tiles["Garrison"]) == [0] * 7 + [180] * 2


def test_the_board_and_a_counter_keep_the_printed_map_s_proportions(punic_island):
    """The board is a tile scaled like the counters (inches): their ratio is the printed map's, read from the
    module's images, which are drawn at one resolution for both."""
    save = json.loads((punic_island / "punic-island-en-tts.json").read_text(encoding="utf-8"))
    board = next(thing for thing in save["ObjectStates"] if thing["GUID"] == _guid("board"))
    archive = zipfile.ZipFile(punic_island / "punic-island-en.vmod")
    printed = Image.open(io.BytesIO(archive.read("images/board.png")))
    garrison = next(tile for tile in _counters(save) if tile["Nickname"] == "Garrison")
    face = Image.open(io.BytesIO(archive.read("images/garrison-front.png")))
    ratio = board["Transform"]["scaleX"] / garrison["Transform"]["scaleX"]
    assert abs(ratio - printed.width / face.width) / ratio < 0.01
    assert abs(board["Transform"]["scaleZ"] / board["Transform"]["scaleX"] - printed.height / printed.width) < 0.001
    shown = Image.open(punic_island / "punic-island-en-tts" / "board.png")
    assert max(shown.size) <= 4096 and abs(shown.width / shown.height - printed.width / printed.height) < 0.01


def test_manifest_says_what_each_module_holds(mar_y_acero):
    files = json.loads((mar_y_acero / "manifest.json").read_text(encoding="utf-8"))["files"]
    held = {entry["kind"]: entry["holds"] for entry in files if "holds" in entry}
    assert held["vassal-module"] == held["tts-save"]
    assert held["vassal-module"]["counters"] == 180 and sum(held["vassal-module"]["cards"].values()) == 52


@pytest.mark.parametrize("game", ["lepanto", "mar-y-acero"])
def test_each_module_holds_what_the_inventory_counts(game, lepanto, mar_y_acero):
    folder = {"lepanto": lepanto, "mar-y-acero": mar_y_acero}[game]
    module = read_module(folder / f"{game}-es.vmod")
    counted = _inventory(game)
    assert len(module.placed) + sum(len(cup) for cup in module.cups.values()) == counted["counters"]["total"]
    assert sorted(len(cards) for cards in module.decks.values()) == \
        sorted(n for n in counted["cards"]["by_deck"].values() if n)
    assert [f"{n}d{sides}" for n, sides in module.dice] == counted["dice"]


@pytest.mark.parametrize("game", ["lepanto", "mar-y-acero"])
def test_every_element_attribute_and_trait_is_one_vassal_reads(game, lepanto, mar_y_acero):
    """Checked against the names VASSAL's own source declares (tests/data/vassal-names.json, extracted by
    tools/vassal_names.py from vassalengine/vassal): a class VASSAL lacks, an attribute its class and
    superclasses never name, or a trait type it does not decode would be silently ignored by VASSAL."""
    known = json.loads((ROOT / "tests" / "data" / "vassal-names.json").read_text())
    module = read_module((lepanto if game == "lepanto" else mar_y_acero) / f"{game}-es.vmod")
    sides = {entry for roster in module.root.iter("VASSAL.build.module.PlayerRoster") for entry in roster}
    assert all(entry.tag == "entry" and "entry" in known["elements"]["VASSAL.build.module.PlayerRoster"]
               for entry in sides)          # PlayerRoster.build reads its sides from <entry> children
    unknown = {(element.tag, name) for element in module.root.iter() if element not in sides
               for name in (*element.attrib, "")
               if known["elements"].get(element.tag) is None or (name and name not in known["elements"][element.tag])}
    assert not unknown
    pieces = module.placed + module.palette + [card for cards in module.decks.values() for card in cards]
    pieces += [piece for cup in module.cups.values() for piece in cup]
    assert pieces and {trait for piece in pieces for trait in piece.traits} <= set(known["traits"].values())


def test_the_module_names_its_language_and_a_version_from_the_edition(lepanto):
    """VASSAL's library tells the es and en modules apart by name, and a rebuild from other inputs by version."""
    import xml.etree.ElementTree as ET

    archive = zipfile.ZipFile(lepanto / "lepanto-es.vmod")
    data = ET.fromstring(archive.read("moduledata"))
    module = read_module(lepanto / "lepanto-es.vmod")
    assert data.findtext("name") == module.root.get("name") and data.findtext("name").endswith("(es)")
    manifest = json.loads((lepanto / "manifest.json").read_text(encoding="utf-8"))
    version = data.findtext("version")
    assert version == module.root.get("version") != "1.0"
    assert version == (manifest.get("version") or version) and version


def test_every_counter_picture_is_cut_from_its_own_drawing(punic_island):
    """No sliver of a neighbouring face on an edge: on the sheet a Carthaginian (blue) counter lies beside
    Roman (red) ones, and the review found Roman red on Hamilcar's right edge; no blue face has a red edge."""
    archive = zipfile.ZipFile(punic_island / "punic-island-en.vmod")
    faces = [name for name in archive.namelist() if name.startswith("images/") and name.endswith(".png")]
    blue = 0
    for name in faces:
        picture = Image.open(io.BytesIO(archive.read(name))).convert("RGB")
        w, h = picture.size

        def median(box, picture=picture):
            """The colour in the middle of the box's pixels ordered by R+G+B (column by column, a stable sort)."""
            colours = numpy.asarray(picture.crop(box), dtype=numpy.int64).transpose(1, 0, 2).reshape(-1, 3)
            middle = numpy.argsort(colours.sum(axis=1), kind="stable")[len(colours) // 2]
            return tuple(int(value) for value in colours[middle])

        red, _, bluish = median((2, 2, w - 2, h - 2))
        if bluish < red + 60 or h > 150:
            continue
        blue += 1
        for box in ((0, 0, w, 1), (0, h - 1, w, h), (0, 0, 1, h), (w - 1, 0, w, h)):
            r, _, b = median(box)
            assert b >= r, (name, box)
    assert blue > 10


def test_round_counters_are_transparent_outside_their_circle(every_module):
    module = next(path for path in every_module if path.name == "maquiavelli-en.vmod")
    archive = zipfile.ZipFile(module)
    garrisons = [name for name in archive.namelist() if name.endswith("-garrison-front.png")]
    assert garrisons
    for name in garrisons:
        picture = Image.open(io.BytesIO(archive.read(name)))
        assert picture.mode == "RGBA"
        w, h = picture.size
        assert picture.getpixel((0, 0))[3] == 0 and picture.getpixel((w - 1, h - 1))[3] == 0
        assert picture.getpixel((w // 2, h // 2))[3] == 255 and picture.getpixel((w // 2, 1))[3] > 0
