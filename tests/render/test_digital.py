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

import pytest
from PIL import Image

from generator.load import load_game
from generator.pipeline import BuildRequest, build
from tests.vassal_reader import hex_centre, hex_name, read_module, read_piece

ROOT = Path(__file__).resolve().parents[2]
MM_PER_PX = 25.4 / 150


def _built(tmp_path_factory, game: str, only: tuple[str, ...]) -> Path:
    out = tmp_path_factory.mktemp(game)
    built = build(ROOT / "content" / game, BuildRequest(only=only, languages=("es",), out=out, jobs=2,
                                                        formats=frozenset({"svg"})))
    assert built.folders, [str(d) for d in built.diagnostics]
    return out / game / "es"


def _inventory(game: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "generator", "inventory", f"content/{game}", "--format", "json"],
                          cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def lepanto(tmp_path_factory):
    return _built(tmp_path_factory, "lepanto", ("vassal", "map"))


@pytest.fixture(scope="module")
def mar_y_acero(tmp_path_factory):
    return _built(tmp_path_factory, "mar-y-acero", ("vassal", "tts"))


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
    assert len(module.placed) == 180
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
            picture = Image.open(mar_y_acero / sheet["FaceURL"])
            assert picture.width <= 4096 and picture.height <= 4096
            assert picture.width % sheet["NumWidth"] == 0 and picture.height % sheet["NumHeight"] == 0
            assert (mar_y_acero / sheet["BackURL"]).is_file()
    tiles = [thing for thing in save["ObjectStates"] if thing["Name"] == "Custom_Tile"]
    assert len(tiles) == 180
    assert all((mar_y_acero / tile["CustomImage"]["ImageURL"]).is_file() for tile in tiles)
    assert [thing["Name"] for thing in save["ObjectStates"] if thing["Name"].startswith("Die_")] == ["Die_6"]


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
    assert len(module.placed) == counted["counters"]["total"]
    assert sorted(len(cards) for cards in module.decks.values()) == \
        sorted(n for n in counted["cards"]["by_deck"].values() if n)
    assert [f"{n}d{sides}" for n, sides in module.dice] == counted["dice"]


def test_the_module_and_the_save_of_an_edition_share_one_drawing(monkeypatch, tmp_path):
    """The TTS save finds the pictures the VASSAL module drew for the same inputs; other inputs draw again."""
    from generator.output.fingerprints import Inputs
    from generator.render.digital import images
    from generator.render.edition import Edition
    from generator.render.paper.profiles import load_profile

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = ROOT / "content" / "mar-y-acero"
    game = load_game(folder).game
    inputs = Inputs(game, "{}")         # what both are given as `inputs`: the whole game, in one language
    assert inputs.everything("es") == Inputs(game, "{}").everything("es") != inputs.everything("en")
    drawn = []
    real = images._drawn
    monkeypatch.setattr(images, "_drawn", lambda *args: drawn.append(args) or real(*args))
    edition, profile = Edition(game, "es"), load_profile("home", folder)[0]
    first = images.draw_pictures(edition, profile, with_map=False, inputs="one")
    again = images.draw_pictures(edition, profile, with_map=False, inputs="one")
    assert len(drawn) == 1 and first.faces and again.faces == first.faces
    images.draw_pictures(edition, profile, with_map=False, inputs="another")
    images.draw_pictures(edition, profile, with_map=False)              # no fingerprint: nothing kept
    assert len(drawn) == 3


@pytest.mark.parametrize("game", ["lepanto", "mar-y-acero"])
def test_every_element_attribute_and_trait_is_one_vassal_reads(game, lepanto, mar_y_acero):
    """Checked against the names VASSAL's own source declares (tests/data/vassal-names.json, extracted by
    tools/vassal_names.py from vassalengine/vassal): a class VASSAL lacks, an attribute its class and
    superclasses never name, or a trait type it does not decode would be silently ignored by VASSAL."""
    known = json.loads((ROOT / "tests" / "data" / "vassal-names.json").read_text())
    module = read_module((lepanto if game == "lepanto" else mar_y_acero) / f"{game}-es.vmod")
    unknown = {(element.tag, name) for element in module.root.iter() for name in (*element.attrib, "")
               if known["elements"].get(element.tag) is None or (name and name not in known["elements"][element.tag])}
    assert not unknown
    pieces = module.placed + module.palette + [card for cards in module.decks.values() for card in cards]
    assert pieces and {trait for piece in pieces for trait in piece.traits} <= set(known["traits"].values())
