"""A release prints nothing unmarked and nothing invented, and asks only about what it builds: unknown facts
(REL001) and unconfirmed reconstructions (REL002) that the asked outputs print, translations missing or stale
in the asked languages (REL003)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from generator.checks.unknowns import release_refusal
from generator.derived.unknowns import reconstructions
from generator.load import load_game
from generator.model.texts import fingerprint
from generator.pipeline import BuildRequest, build

ROOT = Path(__file__).resolve().parents[2]
RELEASE = (("release", True),)


def test_the_counters_of_maquiavelli_are_not_refused_for_its_map_and_the_whole_game_is():
    game = load_game(ROOT / "content" / "maquiavelli").game
    assert release_refusal(game, ("counters",), ("es",)) == []
    whole = release_refusal(game)
    assert {d.code for d in whole} >= {"REL001", "REL002"}
    assert "map.yaml" in str(whole[0].span.file) or any("map.yaml" in d.message for d in whole)


def test_every_reconstruction_of_the_seed_games_is_listed_by_a_release_check():
    for name in ("maquiavelli", "mar-y-acero", "lepanto", "punic-island"):
        game = load_game(ROOT / "content" / name).game
        entries = reconstructions(game)
        assert entries, f"{name} records no reconstruction"
        listed = [d for d in release_refusal(game, ("map",), ()) if d.code == "REL002"]
        assert [(d.span.file, d.span.line) for d in listed] == [(e.span.file, e.span.line) for e in entries]
        assert all(d.severity.name == "ERROR" and "confirmed: true" in d.hint for d in listed)


def test_a_publisher_confirms_a_reconstruction_and_the_release_prints_it(tmp_path):
    folder = tmp_path / "maquiavelli"
    shutil.copytree(ROOT / "content" / "maquiavelli", folder)
    path = folder / "map.yaml"
    text = path.read_text(encoding="utf-8")
    confirmed = re.sub(r"(\n  reconstructed:\n(?:    .*\n)+)", lambda found: re.sub(
        r"(\n      source: [^\n]*)", r"\1\n      confirmed: true", found.group(1)), text, count=1)
    assert confirmed.count("confirmed: true") == 2
    path.write_text(confirmed, encoding="utf-8")
    game = load_game(folder).game
    assert reconstructions(game) == ()                    # no seal on the map, nothing on the proof sheet
    assert not [d for d in release_refusal(game) if d.code == "REL002"]


def _english_game(write_game, translated: dict[str, str]):
    english = "".join(f"  {key}:\n    text: {text}\n    source: '{fingerprint(source)}'\n"
                      for key, (source, text) in translated.items())
    return write_game({"game.yaml": "game:\n  id: demo\n  title: Demo\n  source_language: es\n  languages: [es, en]\n",
                       "pieces.yaml": "piece_kinds:\n  - {id: k, name: Galera}\n"
                                      "pieces:\n  - {id: a, name: Real, kind: k}\n",
                       "i18n/en.yaml": "language: en\nentries:\n" + english})


def test_a_release_with_one_missing_english_entry_is_refused_naming_it(write_game, tmp_path):
    folder = _english_game(write_game, {"game.title": ("Demo", "Demo"), "piece_kind.k.name": ("Galera", "Galley")})
    built = build(folder, BuildRequest(only=("counters",), languages=("en",), out=tmp_path / "out",
                                       overrides=RELEASE))
    refused = [d for d in built.diagnostics if d.code == "REL003"]
    assert not built.folders and len(refused) == 1 and refused[0].severity.name == "ERROR"
    assert "'piece.a.name' missing (demo/pieces.yaml:4)" in refused[0].message
    assert not list((tmp_path / "out").rglob("*.pdf"))
    # the Spanish release of the same game asks nothing of the English file
    spanish = build(folder, BuildRequest(only=("counters",), languages=("es",), out=tmp_path / "es",
                                         overrides=RELEASE))
    assert spanish.folders, [str(d) for d in spanish.diagnostics]


def test_a_release_of_a_stale_english_entry_is_refused_naming_it(write_game, tmp_path):
    folder = _english_game(write_game, {"game.title": ("Demo", "Demo"), "piece_kind.k.name": ("Galera", "Galley"),
                                        "piece.a.name": ("Real vieja", "Royal")})
    refused = [d for d in build(folder, BuildRequest(only=("counters",), languages=("en",), out=tmp_path,
                                                     overrides=RELEASE)).diagnostics if d.code == "REL003"]
    assert len(refused) == 1 and "'piece.a.name' stale (demo/i18n/en.yaml:" in refused[0].message
