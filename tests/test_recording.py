"""What a render job reads is recorded exactly however cheaply it is recorded.

The recording hooks only the classes of the game's own shapes (a layout's elements, a print profile, a shape
made while drawing have no place in the game to be recorded under): reading the counters and cards of a seed
game must give the very record that hooking every shape gives, and name the fields a user edits.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.load import load_game
from generator.output.recording import recorded_edition, recording
from generator.output.records import Places, digest, finished
from generator.render.sheets.cards import card_faces
from generator.render.sheets.counters import counter_faces

ROOT = Path(__file__).resolve().parent.parent


def record_of(game, only_the_game: bool) -> list:
    places = Places(game)
    with recording(game.folder, places.shape_classes() if only_the_game else None) as recorder:
        edition = recorded_edition(game, game.manifest.source_language)
        counter_faces(edition)
        card_faces(edition)
    return finished(recorder, game, places)


@pytest.mark.parametrize("name", ["punic-island", "mar-y-acero"])
def test_hooking_only_the_games_shapes_records_what_hooking_every_shape_records(name):
    game = load_game(ROOT / "content" / name).game
    game.text_index  # noqa: B018 - made before recording, as a build does
    everything, cheaply = record_of(game, False), record_of(game, True)
    assert cheaply == everything
    fields = {(tuple(key[1][:1]), key[2]) for key, _ in cheaply if key[0] == "field"}
    assert (("pieces",), "name") in fields and (("cards",), "title") in fields


def test_a_digest_is_the_sha256_of_the_canonical_json():
    import hashlib
    import json

    for value in ["Unit 7", "é", None, 3, 2.5, True, [1, "a", {"b": [None, 1.0], "a": "x"}], {"k": (1, 2)}]:
        text = json.dumps(value, ensure_ascii=False, sort_keys=True, default=str)
        assert digest(value) == hashlib.sha256(text.encode()).hexdigest()[:20]
