"""The seed games: each checks with no errors, and their bills of materials match the rulebooks."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from generator.diagnostics import Severity
from generator.pipeline import check, game_folders

CONTENT = Path(__file__).resolve().parent.parent / "content"
GAMES = game_folders(CONTENT)


@pytest.mark.parametrize("folder", GAMES, ids=lambda folder: folder.name)
def test_seed_game_checks_without_errors(folder):
    errors = [d for d in check(folder).diagnostics if d.severity is Severity.ERROR]
    assert errors == []


def test_mar_y_acero_inventory_counts_180_counters_and_52_cards_from_the_data(run_cli):
    code, out, _ = run_cli(["inventory", str(CONTENT / "mar-y-acero"), "--format", "json"])
    report = json.loads(out)
    assert code == 0
    assert report["counters"]["total"] == 180
    assert report["cards"]["total"] == 52
    assert sorted(report["cards"]["by_deck"].values()) == [1, 3, 3, 8, 8, 9, 20]
    mixes = report["mixes"]
    assert mixes["counters"] == 180
    assert sorted(v for k, v in mixes.items() if k in ("leaders", "spanish-units", "indigenous-units",
                                                       "other-markers")) == [5, 45, 50, 80]
    assert report["map"]["areas"] == 15


def test_mar_y_acero_english_is_complete(run_cli):
    code, out, _ = run_cli(["i18n", "status", str(CONTENT / "mar-y-acero")])
    assert code == 0 and "en: 100 % translated" in out and "unstamped" not in out


def test_editing_a_spanish_text_makes_its_english_stale_at_its_line(tmp_path, run_cli, monkeypatch):
    from generator.load import load_game
    from generator.model import where
    from generator.model.texts import iter_texts

    game_folder = tmp_path / "mar-y-acero"
    shutil.copytree(CONTENT / "mar-y-acero", game_folder)
    monkeypatch.chdir(tmp_path)
    game = load_game(Path("mar-y-acero")).game
    edited = next(t for t in iter_texts(game) if t.key.startswith("table.") and t.key.endswith(".title"))
    span = where(edited.owner, *edited.path)
    source = Path(span.file)
    lines = source.read_text(encoding="utf-8").splitlines(keepends=True)
    assert edited.text in lines[span.line - 1]
    lines[span.line - 1] = lines[span.line - 1].replace(edited.text, edited.text + " (revisado)", 1)
    source.write_text("".join(lines), encoding="utf-8")

    code, out, _ = run_cli(["i18n", "status", "mar-y-acero", "--lang", "en"])
    stale = [line for line in out.splitlines() if " stale " in line]
    assert code == 1 and len(stale) == 1
    place, key = stale[0].split(": stale ")
    file, line, _ = place.strip().rsplit(":", 2)
    assert key == edited.key and file == "mar-y-acero/i18n/en.yaml"
    assert (game_folder / "i18n" / "en.yaml").read_text(encoding="utf-8").splitlines()[int(line) - 1] == f"  {key}:"
