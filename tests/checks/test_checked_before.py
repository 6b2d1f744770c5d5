"""`imprenta check` run again: a game whose inputs did not change is answered with its last findings, the
others are checked anew, and an answer is never kept from a check its limits stopped."""

from __future__ import annotations

import time

import pytest

from generator import checked_before, checking
from generator.output.scheduling import Limits
from tests.load.test_broken_content import CASES

GAP = CASES["2d6 table skips 7"][0]["tables.yaml"]


@pytest.fixture
def checked_games(write_game, tmp_path, monkeypatch):
    """Two games, a cache folder of their own, and the folders each run of `check` loads again."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    write_game({"tables.yaml": GAP})
    other = tmp_path / "other"
    other.mkdir()
    (other / "game.yaml").write_text("game:\n  id: other\n  title: Other\n  source_language: es\n  languages: [es]\n")
    loaded: list[list[str]] = []
    real = checking._check_in_workers

    def recorded(folders, *args):
        loaded.append(sorted(folder.name for folder in folders))
        return real(folders, *args)

    monkeypatch.setattr(checking, "_check_in_workers", recorded)
    return tmp_path, loaded


def test_a_second_check_of_unchanged_games_loads_none_and_prints_the_same(checked_games, run_cli):
    _, loaded = checked_games
    first = run_cli(["check", "."])
    second = run_cli(["check", "."])
    assert first == second and first[0] == 1 and "TBL001" in first[1]
    assert loaded == [["demo", "other"]]


def test_an_edited_game_alone_is_checked_again_and_its_new_finding_shown(checked_games, run_cli):
    root, loaded = checked_games
    run_cli(["check", "."])
    (root / "other" / "tables.yaml").write_text(GAP)
    code, out, _ = run_cli(["check", "."])
    assert loaded == [["demo", "other"], ["other"]]
    assert "other/tables.yaml:6:7: error[TBL001" in out and "demo/tables.yaml:6:7: error[TBL001" in out
    (root / "other" / "tables.yaml").write_text(GAP.replace("2d6", "1d6"))   # the same size, another verdict
    assert run_cli(["check", "."])[1] != out and loaded[-1] == ["other"]


def test_other_options_or_another_imprenta_check_again(checked_games, run_cli, monkeypatch):
    _, loaded = checked_games
    run_cli(["check", "."])
    assert run_cli(["check", ".", "--ignore", "TBL"])[0] == 0
    monkeypatch.setattr(checked_before, "shipped_key", lambda: "a changed check")
    run_cli(["check", "."])
    assert loaded == [["demo", "other"]] * 3


def test_a_check_stopped_by_its_limits_is_not_remembered(checked_games, monkeypatch):
    root, _ = checked_games
    real = checking.check

    def runaway(folder, *args, **options):
        time.sleep(30)

    monkeypatch.setattr(checking, "check", runaway)
    stopped = checking.check_all([root / "demo"], limits=Limits(seconds=1), reuse=True)
    assert [d.code for d in stopped] == ["SEC005"]
    monkeypatch.setattr(checking, "check", real)
    assert "TBL001" in [d.code for d in checking.check_all([root / "demo"], reuse=True)]
