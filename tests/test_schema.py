"""`imprenta schema` describes the files well enough for an independent validator (jsonschema)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from generator.load import content_files, translation_files
from generator.load.yaml_nodes import load_file
from generator.pipeline import game_folders

CONTENT = Path(__file__).resolve().parent.parent / "content"
GAMES = game_folders(CONTENT)


def _schema(run_cli, kind):
    code, out, _ = run_cli(["schema", "--kind", kind])
    assert code == 0
    schema = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_there_are_seed_games_to_validate():
    assert {folder.name for folder in GAMES} >= {"mar-y-acero"}


@pytest.mark.parametrize("folder", GAMES, ids=lambda folder: folder.name)
def test_schema_accepts_every_content_and_translation_file_of_a_seed_game(folder, run_cli):
    content, translation = _schema(run_cli, "content"), _schema(run_cli, "translation")
    checked = 0
    for path in content_files(folder):
        document, problems = load_file(path)
        assert not problems
        errors = [f"{path}: {'/'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in content.iter_errors(document.data)]
        assert not errors, errors[:5]
        checked += 1
    for path in translation_files(folder):
        document, _ = load_file(path)
        assert not list(translation.iter_errors(document.data))
    assert checked >= 1


def test_schema_refuses_what_the_loader_refuses(run_cli):
    content = _schema(run_cli, "content")
    assert not content.is_valid({"pieces": [{"id": "a", "name": "A", "kind": "k", "copis": 2}]})
    assert not content.is_valid({"piece_kinds": [{"id": "Big_Kind", "name": "K"}]})
    assert not content.is_valid({"tables": [{"id": "t", "title": "T", "dice": "2d", "rows": []}]})
    assert content.is_valid({"tables": [{"id": "t", "title": "T", "dice": "2d6",
                                         "rows": [{"roll": "2-12", "result": "x"}]}]})
